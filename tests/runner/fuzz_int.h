/* SPDX-License-Identifier: GPL-2.0 */
/* The kfunc fuzzer's parts (tests/runner/fuzz*.c): what they share. */
#ifndef _KFX_FUZZ_INT_H
#define _KFX_FUZZ_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <linux/types.h>

#include "kfx.h"
#include "../progs/fuzz.h"
#include "crypto_contract.h"

/* ---- options (kfx_test.c fills them from argv) ---- */

struct fuzz_opts {
	double seconds;		/* of random cases (after the regressions) */
	bool have_seed;
	uint64_t seed;
	const char *replay;	/* "SEED:INDEX" or "SEED:FIRST-LAST" */
	const char *case_file;	/* one case file, run verbosely */
	const char *family;	/* "all", "str" or "crypto" */
	const char *skip;	/* known bugs not to run: "d1,d2,d3,d4" */
	bool no_regressions;
};

/* The fuzz phase of the runner: its ok/not ok lines; the failures. */
int fuzz_run(const struct fuzz_opts *o, int *passed, int *failed, int *skipped);

/* ---- cases ---- */

#define FZ_MAX_STEPS	16

enum fz_step_type {
	ST_STR, ST_CREATE, ST_ACQUIRE, ST_RELEASE, ST_CRYPT, ST_DRIVER,
	ST_NULLP, ST_HASH, ST_SIG, ST_NTYPES
};

enum fz_prog { PR_SYSCALL, PR_TC, PR_XDP, PR_XDP_FRAGS, PR_N };

/* What a scalar address is, for the model. */
enum fz_addr_cls {
	AC_ERANGE,	/* not a kernel address: -ERANGE before any read */
	AC_UNMAPPED,	/* a kernel address nothing maps: -EFAULT */
	AC_UNKNOWN,	/* kernel text, rodata, ...: only upstream can say */
	AC_N
};

struct fz_bytes {
	uint32_t len;
	uint8_t *p;
};

struct fz_step {
	int type;
	/* ST_STR: the program's step, the string each argument points to */
	struct fz_str_step s;
	struct fz_bytes data[2];
	char sym[2][64];	/* FZ_P_ADDR from a symbol: "name" + addr */
	/* ST_CREATE */
	uint8_t ptype[14];
	uint8_t algo[128];
	uint8_t reserved[2];
	uint32_t key_len, authsize;
	uint64_t key_fill;
	uint32_t pub;		/* sig: FZ_PUB_* (0: the key is key_fill's bytes) */
	/* ST_CRYPT, ST_DRIVER, ST_ACQUIRE, ST_RELEASE: the program's step */
	struct fz_crypt_step c;
	int prog;
	uint64_t fill[3];	/* images of areas A, B, V: seeds */
};

struct fz_case {
	int n;
	struct fz_step st[FZ_MAX_STEPS];
};

/* What the kernel and its programs allow, and the address pool. */
struct fz_sym {
	uint64_t addr;
	char name[64];
	int cls;
};

struct fz_env {
	bool ign;		/* 6.2+: scalar addresses */
	bool upstream;		/* bpf_str*() (7.x) */
	bool nullbuf;		/* fuzz_str_nullbuf loaded */
	bool full;		/* 6.12+ crypto: stack, ringbuf, adjust, NULL siv, packets */
	bool nullp;		/* fuzz_crypto_nullp loaded */
	bool want_str, want_crypto;
	uint32_t algo_avail;	/* bit per fz_algos[] entry */
	struct fz_sym *syms;
	int nsyms;
	uint32_t img_pgoff;	/* page offset of img.a in the crypto .bss */
};

/* The ctx types: FZ_T_NONE for a type string create refuses. */
enum fz_type { FZ_T_NONE, FZ_T_SKCIPHER, FZ_T_AEAD, FZ_T_HASH, FZ_T_SIG };

/* How a hash takes its key (the contract's create rules). */
enum fz_keying {
	FZ_KEY_NONE,	/* key_len must be 0 */
	FZ_KEY_ANY,	/* hmac: 1 to 256 bytes */
	FZ_KEY_SET,	/* one of keys[] only (cmac(aes)) */
	FZ_KEY_SEED,	/* 0, or one of keys[] (crc32c, xxhash64) */
};

/* Which hashes the runner computes itself (crypto_model_hash.c). */
enum fz_hmodel { FZ_HM_NONE, FZ_HM_SHA256, FZ_HM_HMAC_SHA256, FZ_HM_CRC32C };

/*
 * ST_CREATE's pub: the key is the runner's public key of curve
 * (pub & FZ_PUB_CURVE) - 1, 0x04 || X || Y, with (pub & FZ_PUB_MUT) a
 * mutation of it; 0: key_fill's bytes.
 */
#define FZ_PUB_CURVE	0x0f
#define FZ_PUB_MUT	0xf0
#define FZ_PUB_COMPRESSED	0x10	/* first byte 0x02 */
#define FZ_PUB_OFF_CURVE	0x20	/* y's last bit flipped */
#define FZ_PUB_X_ONES		0x30	/* x = 2^bits - 1, not below p */

/* ST_SIG's sigform: the signature written at [voff, voff + vlen) of V. */
enum fz_sigform {
	FZ_SF_FILL,	/* V's fill bytes: a random signature */
	FZ_SF_VALID,	/* of the digest the contract takes from the message */
	FZ_SF_FLIP,	/* valid, a bit of s flipped */
	FZ_SF_LOW_S,	/* (r, n - s): valid too */
	FZ_SF_R0, FZ_SF_S0, FZ_SF_RN, FZ_SF_SN, FZ_SF_RMAX,
	FZ_SF_RIGHTMOST,	/* signed over the message's right-most bytes */
	FZ_NSF
};

/* The algorithms the model knows (fuzz_algos.c). */
struct fz_algo {
	const char *type, *name;
	bool aead;
	int keys[4];
	/* a cipher's rules in the contract (crypto_contract.c), else NULL */
	const struct crypt_rules *rules;
	int auths[8];
	bool iv_out;		/* cbc/ctr: the siv after is checked */
	enum fz_type t;
	int digest;		/* hash: the digest's size */
	enum fz_keying keying;	/* hash */
	enum fz_hmodel model;	/* hash */
	int curve;		/* sig: EC_P192 .. (crypto_model_ec.h) */
};

extern const struct fz_algo fz_algos[];
extern const int fz_nalgos;
/* Names the crypto API may or may not have: outcomes not modelled. */
extern const char *const fz_exotic[];
extern const int fz_nexotic;
/* The same for the hash and sig types, and names they must refuse. */
extern const char *const fz_hash_exotic[], *const fz_sig_exotic[];
extern const int fz_nhash_exotic, fz_nsig_exotic;
extern const char *const fz_hash_refused[], *const fz_sig_refused[];
extern const int fz_nhash_refused, fz_nsig_refused;
extern const char *const fz_str_ops[FZ_NSTROPS];
/* The case file's names (fuzz_case_file.c): kinds, programs, steps. */
extern const char *const fz_ptr_kinds[FZ_NPTR];
extern const char *const fz_mem_kinds[FZ_NMEM];
extern const char *const fz_prog_names[PR_N];
extern const char *const fz_step_names[ST_NTYPES];

int fz_algo_find(const uint8_t *type, const uint8_t *algo);
/* The ctx type a create's type string names (FZ_T_NONE: none). */
enum fz_type fz_type_of(const uint8_t *type);
bool fz_key_ok(const struct fz_algo *a, uint32_t key_len);
bool fz_auth_ok(const struct fz_algo *a, uint32_t authsize);

/* A cipher's IV and block in the contract; 0 for a hash or a signature. */
static inline uint32_t fz_ivsize(const struct fz_algo *a)
{
	return a->rules ? a->rules->ivsize : 0;
}

static inline uint32_t fz_block(const struct fz_algo *a)
{
	return a->rules ? a->rules->block : 0;
}

void fz_gen(const struct fz_env *env, uint64_t seed, uint64_t index,
	    struct fz_case *c);
void fz_case_free(struct fz_case *c);
/* Whether string op @op takes two strings (fuzz_case.c). */
bool fz_two_strings(int op);
/* The case as a case file (fuzz_case_write.c; the format: fuzz_case_file.c). */
void fz_case_write(const struct fz_case *c, FILE *f);
/* Parse a case file's text; 0, or -1 with *@why. */
int fz_case_parse(const char *text, struct fz_case *c, char *why, size_t n);
/* What the case needs of the kernel; NULL when @env has it all. */
const char *fz_case_needs(const struct fz_case *c, const struct fz_env *env);

/* ---- PRNG ---- */

struct fz_rng {
	uint64_t s[4];
};

void fz_rng_seed(struct fz_rng *r, uint64_t seed, uint64_t index);
uint64_t fz_rand(struct fz_rng *r);
/* Uniform in [0, n) (0 for n == 0). */
uint32_t fz_below(struct fz_rng *r, uint32_t n);
/* @n bytes of the stream seeded by @fill (0: zeros). */
void fz_fill(uint8_t *p, uint32_t n, uint64_t fill);

/* A crypto case, drawn from @r (fuzz_gen_crypto.c). */
void fz_gen_crypto(struct fz_rng *r, const struct fz_env *env,
		   struct fz_case *c);
/* The hash and sig parts of one (fuzz_gen_hash.c). */
void fz_gen_params_hs(struct fz_rng *r, const struct fz_env *env,
		      struct fz_step *st, enum fz_type t);
void fz_gen_hash(struct fz_rng *r, const struct fz_env *env,
		 const struct fz_step *cr, struct fz_step *st, int slot);
void fz_gen_sig(struct fz_rng *r, const struct fz_env *env,
		const struct fz_step *cr, struct fz_step *st, int slot);
/* What the generator assumes of a ctx made by @cr (NULL: not modelled). */
const struct fz_algo *fz_ctx_algo(const struct fz_step *cr);
/* An area's kind for @ext bytes (@role 0 src, 1 dst, 2 siv) and its limits. */
uint32_t fz_mem_kind(struct fz_rng *r, const struct fz_env *env, uint32_t ext,
		     int role);
uint32_t fz_kind_lim(uint32_t k, int role);
uint32_t fz_kind_max_ext(uint32_t k, int role);
uint32_t fz_crypt_off(struct fz_rng *r, uint32_t kind, int role, uint32_t len,
		      uint32_t pgoff);
/* A packet area's program: tc, xdp or xdp.frags by its size. */
void fz_pick_prog(struct fz_rng *r, struct fz_step *st);

#endif /* _KFX_FUZZ_INT_H */
