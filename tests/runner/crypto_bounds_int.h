/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the boundary tables' driver (crypto_bounds.c), its tables
 * (crypto_bounds_table.c) and its data (crypto_bounds_data.c) share: the
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

#define MAX_LEN		65536	/* the contract's KFX_CRYPTO_MAX_LEN */
#define MAX_LCASES	512	/* calls per algorithm, at most */

enum len_rule { ANY_LENGTH, WHOLE_BLOCKS, ONE_BLOCK_OR_MORE };
enum siv_after { NO_SIV, CBC_LAST_BLOCK, CTR_ADVANCED, UNSPECIFIED, KEPT };
enum oracle { AF_ALG, MODEL_CHACHA20, MODEL_GCM, MODEL_CHACHAPOLY };

struct algo {
	const char *type, *name, *label;
	unsigned int key_len, ivsize, authsize, block;
	enum len_rule rule;
	enum siv_after siv_after;
	enum oracle oracle;
	/* filled in once per run */
	uint8_t key[64], iv[16];
	int tfm;	/* AF_ALG of the algorithm, or -errno */
	int ecb;	/* AF_ALG ecb(aes) with the key, for the GCM model */
};

extern struct algo algos[];
extern const unsigned int nr_algos;
#define NR_ALGOS	nr_algos

static inline bool is_decrypt(unsigned int op)
{
	op &= BOUNDS_OP_MASK;
	return op == BOUNDS_DECRYPT || op == BOUNDS_DECRYPT_NOIV;
}

/* One call, before it is placed in memory. */
struct lcase {
	unsigned int op;
	uint32_t src_len, dst_len, siv_len;
	bool bad_tag;	/* AEAD decrypt: one bit of the tag flipped */
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
/* The plaintext of @n bytes and the associated data of @ad bytes for @a. */
void bounds_plaintext(const struct algo *a, uint32_t n, uint8_t *p);
void bounds_assoc(const struct algo *a, uint32_t ad, uint8_t *p);
/* The position-dependent pattern that fills every window. */
uint8_t bounds_pattern(uint32_t pos, uint32_t salt);
/* Whether @a's expected bytes come from (or are checked by) AF_ALG. */
bool bounds_from_af_alg(const struct algo *a);
/* @a's ciphertext and tag of plaintext(@n) with assoc(@ad); NULL, @why. */
const uint8_t *bounds_sealed(const struct algo *a, uint32_t n, uint32_t ad,
			     char *why, size_t whylen);
/* Keys, IVs, AF_ALG tfms and the models' known answers, once per run. */
int bounds_setup_algos(char *why, size_t whylen);
#endif
