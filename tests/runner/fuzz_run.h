/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fuzzer's run state (struct fz_run: the child's programs, memory and
 * verdicts) and what fuzz.c gives the steps in fuzz_str_step.c and
 * fuzz_crypt.c: reporting a failure, running a program, memory.
 */
#ifndef _KFX_FUZZ_RUN_H
#define _KFX_FUZZ_RUN_H

#include "fuzz_int.h"

#define NOT_RUN		0x7eadbeef

struct fz_run {
	struct fz_env env;
	struct fuzz_str *str;
	struct fuzz_crypto *cr;
	struct fuzz_crypto_6_1 *cr61;
	struct bpf_program *p_str, *p_nullbuf, *p_crypto, *p_nullp;
	struct bpf_program *p_pkt[PR_N];
	struct fz_str_step *sstep;
	struct fz_str_res *sres;
	struct kfx_crypto_params *params;
	struct fz_crypt_step *cstep;
	struct fz_crypt_res *cres;
	char *drv;
	struct fz_img *img;
	struct ring_buffer *ring;	/* consumed: discarded records free no space */
	double t_step[ST_NTYPES];	/* time spent per step type */
	uint64_t n_step[ST_NTYPES];
	char *vm;			/* fz_vmem, mapped */
	uint32_t vm_dirty_lo, vm_dirty_hi;
	int kmem_fd;
	uint8_t km[FZ_KMEM + 8];
	int kmsg;
	/* the slots as the steps left them (and how their ctx was made) */
	struct {
		bool full;
		int algo;
		bool lax, aead;
		uint32_t auth;
		enum fz_type type;
		uint32_t key_len;
		uint64_t key_fill;
	} slot[FZ_SLOTS];
	/* the areas as they were before the step */
	uint8_t *before[3];
	uint8_t *pkt_out;
	char **drivers;			/* /proc/crypto's driver names */
	int ndrivers;
	/* verdicts */
	int failures, reports;
	const char *tag[32];
	int tag_n[32], ntags;
	uint64_t steps, cases, skips, enomem;
	bool verbose;
	bool stop;			/* a splat: no further cases */
	const char *where;		/* "SEED:INDEX" or a regression's name */
};

/* Reporting (fuzz_report.c). */
extern const struct fz_case *fz_cur_case;	/* the case running, for fz_fail() */
extern int fz_cur_step;
extern double fz_t0;				/* when the fuzz phase started */
/* CLOCK_MONOTONIC in seconds. */
double fz_now(void);
/* Print case @c as a case file, each line after @prefix. */
void fz_case_dump(const struct fz_case *c, const char *prefix);
/* " tag xN, ..." of the failures since fz_tags_reset(). */
const char *fz_tags(struct fz_run *R);
void fz_tags_reset(struct fz_run *R);
/* New kernel log lines since the last look; a splat fails the case. */
void fz_kmsg_check(struct fz_run *R);
/* A failure of the current case, tagged @tag (counted; the first reported). */
void __attribute__((format(printf, 3, 4)))
fz_fail(struct fz_run *R, const char *tag, const char *fmt, ...);
/* Run SYSCALL program @p once; its return value or -errno. */
int fz_run_syscall(struct bpf_program *p);
/* Run @p once on packet @pkt; what it left in @out (*@out_len bytes). */
int fz_run_pkt(struct bpf_program *p, const void *pkt, uint32_t len,
	       void *out, uint32_t *out_len);
/* calloc() or exit: the fuzzer cannot go on without its memory. */
void *fz_xcalloc(size_t n);
/* The address pool: kernel symbols of /proc/kallsyms (fuzz_str_step.c). */
void fz_read_syms(struct fz_env *env);
/* One ST_STR step (fuzz_str_step.c): run it and judge it by the model. */
void fz_step_str(struct fz_run *R, const struct fz_step *st);
/* ST_CREATE and the other crypto steps (fuzz_ctx_step.c), judged. */
void fz_step_create(struct fz_run *R, const struct fz_step *st);
void fz_step_other(struct fz_run *R, const struct fz_step *st);
/* Whether /proc/crypto lists driver @name (a prefix of one: @prefix). */
bool fz_driver_known(struct fz_run *R, const char *name, size_t len, bool prefix);
/* What the kernel can do, from its BTF and @o (fuzz_setup.c). */
void fz_env_caps(struct fz_env *env, const struct fuzz_opts *o);
/* Load the programs, map their memory, probe the algorithms; 0 or -errno. */
int fz_setup(struct fz_run *R);
/* Whether @c hits a known bug --fuzz-skip names (fuzz_known.c). */
bool fz_skipped(const struct fz_run *R, const struct fuzz_opts *o,
		const struct fz_case *c);
/* One ST_CRYPT step (fuzz_crypt.c): run it and judge it by the model. */
void fz_step_crypt(struct fz_run *R, const struct fz_step *st);

/* A data step's areas after its run, and before it (fz_data_run). */
struct fz_data {
	const uint8_t *a_after, *b_after, *v_after;
	const uint8_t *a_before, *b_before, *v_before;
	uint32_t ext_a, ext_b, ext_v;
	uint32_t lin;		/* a packet's linear bytes (0: no packet) */
	int r;			/* what the kfunc returned */
};

/*
 * Run data step @st (crypt, hash, sig): its areas filled from their
 * seeds, @patch (if any) writing into the images then, the program run.
 * 0 with @d filled; 1 when the slot was empty (judged); -1 on a harness
 * failure (reported).
 */
int fz_data_run(struct fz_run *R, const struct fz_step *st,
		void (*patch)(struct fz_run *R, const struct fz_step *st),
		struct fz_data *d);
/* Bytes of an area outside [lo, hi) unchanged (all of them if lo == hi). */
void fz_area_check(struct fz_run *R, const char *what, const uint8_t *before,
		   const uint8_t *after, uint32_t ext, uint32_t lo, uint32_t hi,
		   const char *why);
/*
 * Whether @st's slot holds a ctx of another type than its kfunc takes
 * (@kt: FZ_T_SKCIPHER for encrypt/decrypt, either cipher type): then
 * judged as the contract's "ctx is not a ... ctx" -EINVAL (fuzz_hash_step.c).
 */
bool fz_wrong_type(struct fz_run *R, const struct fz_step *st,
		   const struct fz_data *d, enum fz_type kt);
/* ST_HASH and ST_SIG (fuzz_hash_step.c): run and judge by the model. */
void fz_step_hash(struct fz_run *R, const struct fz_step *st);
void fz_step_sig(struct fz_run *R, const struct fz_step *st);
/* The runner's public key of curve @curve (fuzz_hash_step.c); its length. */
uint32_t fz_sig_pub(struct fz_run *R, int curve, uint8_t *pub);
#endif
