/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the boundary tables' driver (crypto_bounds.c) and its tables
 * (crypto_bounds_table.c) share: the algorithms with the rules the
 * contract gives them, one call before it is placed in memory, and the
 * contract's model of a call.
 */
#ifndef _KFX_CRYPTO_BOUNDS_INT_H
#define _KFX_CRYPTO_BOUNDS_INT_H
#include <stdbool.h>
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
#endif
