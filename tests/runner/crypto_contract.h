/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The crypto kfuncs' contract for encrypt and decrypt, once, as the tests
 * read it: the rules of kfx_crypto_encrypt()'s and kfx_crypto_decrypt()'s
 * kernel-doc (module/kfx_crypto.c) and upstream's bpf_crypto_encrypt()
 * (kernel/bpf/crypto.c), and each algorithm's own (crypto_contract.c).
 * Both the boundary tables (crypto_bounds_table.c's bounds_model()) and
 * the fuzzer (fuzz_crypt.c) judge every call by crypt_refusals() and
 * crypt_out_len(): never by what kfx returned.
 */
#ifndef _KFX_CRYPTO_CONTRACT_H
#define _KFX_CRYPTO_CONTRACT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The longest src, and AEAD associated data (KFX_CRYPTO_MAX_LEN). */
#define CRYPT_MAX_LEN	65536

/*
 * An algorithm's rules beyond its type's.  @ivsize: skcipher, what the
 * siv must be exactly (its IV plus state); aead, the IV the siv starts
 * with.  @block: the unit of a mode of whole blocks (ecb, cbc), else 1.
 * @min_len: the shortest message (xts: a block), else 0.
 * @ad_16_or_20: the associated data is 16 or 20 bytes, as the crypto
 * API's rfc4106 takes it.
 */
struct crypt_rules {
	const char *type, *name;
	uint32_t ivsize, block, min_len;
	bool ad_16_or_20;
};

enum crypt_algo {
	CRYPT_ECB_AES, CRYPT_CBC_AES, CRYPT_CTR_AES, CRYPT_XTS_AES,
	CRYPT_CHACHA20, CRYPT_GCM_AES, CRYPT_RFC4106_GCM_AES,
	CRYPT_RFC7539, NR_CRYPT_ALGOS,
};

extern const struct crypt_rules crypt_rules[NR_CRYPT_ALGOS];

/* One encrypt or decrypt on a ctx, as its dynptrs and its ctx say. */
struct crypt_call {
	bool aead, decrypt;
	uint32_t authsize;	/* aead: the ctx's tag */
	uint32_t src_len, dst_len, siv_len;	/* siv_len 0: NULL, noiv */
	bool unreachable;	/* a byte past a packet's linear part */
};

/* Why the contract refuses a call with -EINVAL, one bit a rule. */
enum crypt_refusal {
	REFUSE_EMPTY_SRC = 1u << 0,
	REFUSE_EMPTY_DST = 1u << 1,
	REFUSE_SRC_MAX = 1u << 2,
	REFUSE_AD_MAX = 1u << 3,
	REFUSE_UNREACHABLE = 1u << 4,
	REFUSE_SHORT_DST = 1u << 5,
	REFUSE_SIV_LEN = 1u << 6,
	REFUSE_ALGO_LEN = 1u << 7,
	REFUSE_ALGO_AD = 1u << 8,
	REFUSE_NO_TAG = 1u << 9,
	NR_REFUSALS = 10,
};

/*
 * The rules @c breaks (0: none, the call succeeds, or for an AEAD decrypt
 * fails authentication: -EBADMSG).  @r NULL: an algorithm the model does
 * not know, judged by its type's rules only.
 */
uint32_t crypt_refusals(const struct crypt_rules *r, const struct crypt_call *c);
/* The bytes a call the contract takes writes to dst. */
uint32_t crypt_out_len(const struct crypt_call *c);
/* @why as words, "none" for 0. */
void crypt_refusals_str(uint32_t why, char *buf, size_t n);
#endif
