/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the boundary tables' driver (crypto_bounds.c), its tables
 * (crypto_bounds_table.c, _hash.c, _sig.c) and its data
 * (crypto_bounds_data.c) share: the
 * algorithms with the rules the contract gives them, one call before it
 * is placed in memory, the contract's model of a call, and the inputs and
 * expected outputs.
 */
#ifndef _KFX_CRYPTO_BOUNDS_INT_H
#define _KFX_CRYPTO_BOUNDS_INT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "crypto_bounds.h"
#include "crypto_contract.h"

#define MAX_LEN		CRYPT_MAX_LEN	/* the contract's KFX_CRYPTO_MAX_LEN */
#define MAX_LCASES	512	/* calls per algorithm, at most */

enum siv_after { NO_SIV, CBC_LAST_BLOCK, CTR_ADVANCED, UNSPECIFIED, KEPT };
enum oracle {
	AF_ALG, MODEL_CHACHA20, MODEL_GCM, MODEL_CHACHAPOLY,
	MODEL_SHA256, MODEL_HMAC_SHA256, MODEL_CRC32C, MODEL_ECDSA,
};
/* Which kfuncs a table calls: its programs, its generator, its model. */
enum family { FAM_CIPHER, FAM_HASH, FAM_SIG, NR_FAMILIES };

/*
 * @rules: a cipher's rules in the contract (crypto_contract.c), NULL for
 * a hash or a signature; @block: the size the table's lengths straddle.
 */
struct algo {
	const char *type, *name, *label;
	const struct crypt_rules *rules;
	unsigned int key_len, authsize, block;
	enum siv_after siv_after;
	enum oracle oracle;
	enum family family;
	unsigned int digest;	/* hash: the digest's size */
	int curve;		/* sig: EC_P192, EC_P256, EC_P384 */
	bool optional;		/* hash: left out where the kernel lacks it */
	/* filled in once per run */
	uint8_t key[128], iv[16];
	uint8_t priv[48];	/* sig: the private key of key[] */
	int tfm;	/* AF_ALG of the algorithm, or -errno */
	int ecb;	/* AF_ALG ecb(aes) with the key, for the GCM model */
};

extern struct algo algos[];
extern const unsigned int nr_algos;
#define NR_ALGOS	nr_algos

/* A cipher's IV (skcipher: IV plus state), as the contract has it. */
static inline uint32_t algo_ivsize(const struct algo *a)
{
	return a->rules ? a->rules->ivsize : 0;
}

static inline bool is_decrypt(unsigned int op)
{
	op &= BOUNDS_OP_MASK;
	return op == BOUNDS_DECRYPT || op == BOUNDS_DECRYPT_NOIV;
}

/* struct lcase.op of the hash and sig tables (the driver's only) */
#define BOUNDS_HASH	16
#define BOUNDS_SIG	32

/*
 * One call, before it is placed in memory.  Hash: src is the data, dst
 * out; sig: src is the message, siv the signature.
 */
struct lcase {
	unsigned int op;
	uint32_t src_len, dst_len, siv_len;
	bool bad_tag;	/* AEAD decrypt: one bit of the tag flipped */
	unsigned int variant;	/* sig: which signature (crypto_bounds_sig.c) */
};

/*
 * The contract's verdict on a call: the errno, or 0 with *@out the bytes
 * written (crypto_bounds_table.c says which rule each comes from).
 */
int bounds_model(const struct algo *a, const struct lcase *c, bool reach,
		 uint32_t *out);
/* The boundary table of @a, in @v (MAX_LCASES at most); its length. */
int bounds_gen_skcipher(const struct algo *a, struct lcase *v);
int bounds_gen_aead(const struct algo *a, struct lcase *v);

/* The data of the tables (crypto_bounds_data.c). */
/*
 * The plaintext of @n bytes and the associated data of @ad bytes for @a,
 * made once per run (NULL: out of memory).
 */
const uint8_t *bounds_plaintext(const struct algo *a, uint32_t n);
const uint8_t *bounds_assoc(const struct algo *a, uint32_t ad);
/*
 * The position-dependent pattern that fills every window (inline: up to
 * 64 KiB of it for each case).
 */
static inline uint8_t bounds_pattern(uint32_t pos, uint32_t salt)
{
	return (pos * 167 + salt * 29 + (pos >> 8) * 13 + 0x5b) & 0xff;
}
/* Whether @a's expected bytes come from (or are checked by) AF_ALG. */
bool bounds_from_af_alg(const struct algo *a);
/* @a's ciphertext and tag of plaintext(@n) with assoc(@ad); NULL, @why. */
const uint8_t *bounds_sealed(const struct algo *a, uint32_t n, uint32_t ad,
			     char *why, size_t whylen);
/* Keys, IVs, AF_ALG tfms and the models' known answers, once per run. */
int bounds_setup_algos(char *why, size_t whylen);
#endif
