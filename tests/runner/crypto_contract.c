// SPDX-License-Identifier: GPL-2.0
/*
 * The contract of the crypto kfuncs' encrypt and decrypt (crypto_contract.h
 * says who reads it).  Each rule is a line of the kernel-doc of
 * kfx_crypto_encrypt() and kfx_crypto_decrypt() (module/kfx_crypto.c) or
 * of the algorithm's own, as the crypto API states it; none is read off
 * what kfx does.
 */
#include <stdio.h>
#include <string.h>

#include "crypto_contract.h"

#define RULES(t, n, iv, ...) { .type = t, .name = n, .ivsize = iv, __VA_ARGS__ }

const struct crypt_rules crypt_rules[NR_CRYPT_ALGOS] = {
	/* "a mode of whole blocks (ecb, cbc) given a partial one" */
	[CRYPT_ECB_AES] = RULES("skcipher", "ecb(aes)", 0, .block = 16),
	[CRYPT_CBC_AES] = RULES("skcipher", "cbc(aes)", 16, .block = 16),
	[CRYPT_CTR_AES] = RULES("skcipher", "ctr(aes)", 16, .block = 1),
	/* xts: "at least a block", the algorithm's own check */
	[CRYPT_XTS_AES] = RULES("skcipher", "xts(aes)", 16, .block = 1,
				.min_len = 16),
	[CRYPT_CHACHA20] = RULES("skcipher", "chacha20", 16, .block = 1),
	[CRYPT_GCM_AES] = RULES("aead", "gcm(aes)", 12, .block = 1),
	[CRYPT_RFC4106_GCM_AES] = RULES("aead", "rfc4106(gcm(aes))", 8,
					.block = 1, .ad_16_or_20 = true),
	[CRYPT_RFC7539] = RULES("aead", "rfc7539(chacha20,poly1305)", 12,
				.block = 1),
};

/* What every call must be: "@src or @dst is empty", "longer than 65536". */
static uint32_t common_refusals(const struct crypt_call *c)
{
	uint32_t why = 0;

	if (!c->src_len)
		why |= REFUSE_EMPTY_SRC;
	if (!c->dst_len)
		why |= REFUSE_EMPTY_DST;
	if (c->src_len > CRYPT_MAX_LEN)
		why |= REFUSE_SRC_MAX;
	/* "the data cannot be reached (outside an skb's linear part ...)" */
	if (c->unreachable)
		why |= REFUSE_UNREACHABLE;
	return why;
}

/*
 * skcipher: "@dst: at least @src's length", "the siv length is not the
 * ctx's", then the algorithm's rule for the length.
 */
static uint32_t skcipher_refusals(const struct crypt_rules *r,
				  const struct crypt_call *c)
{
	uint32_t why = 0;

	if (c->src_len > c->dst_len)
		why |= REFUSE_SHORT_DST;
	if (!r)
		return why;
	if (c->siv_len != r->ivsize)
		why |= REFUSE_SIV_LEN;
	if (c->src_len % r->block || c->src_len < r->min_len)
		why |= REFUSE_ALGO_LEN;
	return why;
}

/*
 * aead: the siv is "the IV, then the associated data, up to 65536 bytes"
 * ("shorter than its IV" is refused); encryption writes the ciphertext
 * and tag, decryption takes at least the tag ("the tag alone is a
 * message") and writes the rest: dst must hold what is written.
 * Compared in 64 bits, never subtracted before a check.
 */
static uint32_t aead_refusals(const struct crypt_rules *r,
			      const struct crypt_call *c)
{
	uint64_t src = c->src_len, dst = c->dst_len, tag = c->authsize;
	uint32_t why = 0, ad;

	if (r && c->siv_len < r->ivsize)
		why |= REFUSE_SIV_LEN;
	if (r && c->siv_len >= r->ivsize) {
		ad = c->siv_len - r->ivsize;
		if (ad > CRYPT_MAX_LEN)
			why |= REFUSE_AD_MAX;
		if (r->ad_16_or_20 && ad != 16 && ad != 20)
			why |= REFUSE_ALGO_AD;
	}
	if (!c->decrypt && dst < src + tag)
		why |= REFUSE_SHORT_DST;
	if (c->decrypt && src < tag)
		why |= REFUSE_NO_TAG;
	if (c->decrypt && src >= tag && dst < src - tag)
		why |= REFUSE_SHORT_DST;
	return why;
}

uint32_t crypt_refusals(const struct crypt_rules *r, const struct crypt_call *c)
{
	return common_refusals(c) | (c->aead ? aead_refusals(r, c) :
					       skcipher_refusals(r, c));
}

uint32_t crypt_out_len(const struct crypt_call *c)
{
	if (!c->aead)
		return c->src_len;
	if (!c->decrypt)
		return c->src_len + c->authsize;
	return c->src_len >= c->authsize ? c->src_len - c->authsize : 0;
}

void crypt_refusals_str(uint32_t why, char *buf, size_t n)
{
	static const char *const names[NR_REFUSALS] = {
		"src empty", "dst empty", "src > 65536", "AD > 65536",
		"out of reach", "dst short", "siv length",
		"length for the algorithm", "AD length for the algorithm",
		"src shorter than the tag",
	};

	buf[0] = 0;
	for (int i = 0; i < NR_REFUSALS; i++)
		if (why & (1u << i))
			snprintf(buf + strlen(buf), n - strlen(buf), "%s%s",
				 buf[0] ? ", " : "", names[i]);
	if (!buf[0])
		snprintf(buf, n, "none");
}
