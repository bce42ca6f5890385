// SPDX-License-Identifier: GPL-2.0
/*
 * kfx crypto backend "aead" (kfx only): a synchronous AEAD, run on
 * scatterlists in the per-CPU scratch.  The siv is the IV followed by the
 * associated data; encryption appends the tag to the ciphertext, and
 * decryption takes ciphertext then tag and zeroes its output when the tag
 * is wrong.  As for skciphers, an internal SIMD driver behind an
 * asynchronous wrapper is called directly when the FPU is usable.
 */
#include <crypto/aead.h>
#include <crypto/internal/simd.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/vmalloc.h>
#include <linux/string.h>

#include "kfx_compat.h"
#include "../bpf/kfx.h"
#include "kfx_crypto.h"

/**
 * struct kfx_aead_ctx - a ctx of type "aead"
 * @base: the family's part
 * @tfm: the keyed synchronous AEAD
 * @simd: its internal SIMD twin, used when the FPU is, or NULL
 * @iv_len: the IV size: the siv is at least this long
 * @authsize: the tag size
 * @block_mask: block size - 1 (authenc over cbc: whole blocks), or 0
 */
struct kfx_aead_ctx {
	struct kfx_crypto_ctx base;
	struct crypto_aead *tfm;
	struct crypto_aead *simd;
	u32 iv_len;
	u32 authsize;
	u32 block_mask;
};

static struct kfx_aead_ctx *kfx_aead(struct kfx_crypto_ctx *ctx)
{
	return container_of(ctx, struct kfx_aead_ctx, base);
}

/* Whether @tfm's request fits the scratch. */
static bool kfx_aead_req_fits(struct crypto_aead *tfm)
{
	return sizeof(struct aead_request) + crypto_aead_reqsize(tfm) <=
	       KFX_CRYPTO_REQ_MAX;
}

static void kfx_aead_setup_simd(struct kfx_aead_ctx *c,
				const struct kfx_crypto_params *p)
{
	struct crypto_aead *tfm, *best;
	char name[CRYPTO_MAX_ALG_NAME];
	bool found;

	best = crypto_alloc_aead(p->algo, 0, 0);
	if (IS_ERR(best))
		return;
	found = kfx_crypto_simd_name(crypto_aead_tfm(best), name);
	crypto_free_aead(best);
	if (!found)
		return;
	tfm = crypto_alloc_aead(name, CRYPTO_ALG_INTERNAL,
				CRYPTO_ALG_INTERNAL | CRYPTO_ALG_ASYNC);
	if (IS_ERR(tfm))
		return;
	if (!kfx_aead_req_fits(tfm) ||
	    crypto_aead_ivsize(tfm) != c->iv_len ||
	    crypto_aead_setauthsize(tfm, p->authsize) ||
	    crypto_aead_setkey(tfm, p->key, p->key_len)) {
		crypto_free_aead(tfm);
		return;
	}
	c->simd = tfm;
}

static void kfx_aead_teardown(struct kfx_crypto_ctx *ctx)
{
	struct kfx_aead_ctx *c = kfx_aead(ctx);

	if (c->simd)
		crypto_free_aead(c->simd);
	if (c->tfm)
		crypto_free_aead(c->tfm);
}

static int kfx_aead_setup(struct kfx_crypto_ctx *ctx,
			  const struct kfx_crypto_params *p)
{
	struct kfx_aead_ctx *c = kfx_aead(ctx);
	struct crypto_aead *tfm;
	int err;

	tfm = crypto_alloc_aead(p->algo, 0, CRYPTO_ALG_ASYNC);
	if (IS_ERR(tfm))
		return kfx_crypto_alloc_err(PTR_ERR(tfm));
	c->tfm = tfm;
	if (!kfx_aead_req_fits(tfm))
		return -EOPNOTSUPP;
	c->iv_len = crypto_aead_ivsize(tfm);
	c->authsize = p->authsize;
	if (!is_power_of_2(crypto_aead_blocksize(tfm)))
		return -EOPNOTSUPP;
	c->block_mask = crypto_aead_blocksize(tfm) - 1;
	err = crypto_aead_setauthsize(tfm, p->authsize);
	if (err)
		return err;
	err = crypto_aead_setkey(tfm, p->key, p->key_len);
	if (err)
		return err;
	if (crypto_aead_get_flags(tfm) & CRYPTO_TFM_NEED_KEY)
		return -EINVAL;
	kfx_aead_setup_simd(c, p);
	return 0;
}

static bool kfx_aead_has_algo(const struct kfx_crypto_params *p)
{
	/* crypto_has_aead() came in 6.5: the generic lookup serves all */
	return crypto_has_alg(p->algo, CRYPTO_ALG_TYPE_AEAD,
			      CRYPTO_ALG_TYPE_MASK | CRYPTO_ALG_ASYNC);
}

/*
 * The bytes @r writes to its dst: the ciphertext and tag, or the
 * plaintext; or -EINVAL when the message cannot be one or @r's dst cannot
 * hold them.  Compared in 64 bits, never subtracted before a check: a
 * tag-only message (src_len == authsize, 0 bytes out) is a message.
 */
static s64 kfx_aead_out_len(const struct kfx_aead_ctx *c,
			    const struct kfx_crypto_req *r)
{
	u64 out, text;

	if (r->decrypt) {
		if (r->src_len < c->authsize)
			return -EINVAL;
		out = (u64)r->src_len - c->authsize;
		text = out;
	} else {
		out = (u64)r->src_len + c->authsize;
		text = r->src_len;
	}
	/* a mode of whole blocks would write them, then refuse */
	if (out > r->dst_len || text & c->block_mask)
		return -EINVAL;
	return out;
}

/*
 * x86's GCM glue before 6.11 copies associated data that does not sit in
 * one scatterlist entry into a GFP_ATOMIC buffer (a warning when that
 * fails); the template next to it hashes it where it is.
 */
static bool kfx_aead_ad_in_one_entry(const u8 *ad, u32 ad_len)
{
	return !is_vmalloc_addr(ad) || offset_in_page(ad) + ad_len <= PAGE_SIZE;
}

/* Run @tfm on @r in this CPU's scratch: @out bytes to @r->dst. */
static int kfx_aead_sg(struct crypto_aead *tfm, const struct kfx_crypto_req *r,
		       u8 *ad, u32 ad_len, u32 out)
{
	struct kfx_crypto_scratch *s = kfx_crypto_scratch_get();
	struct aead_request *req;
	int err;

	if (!s)
		return -EBUSY;
	req = (struct aead_request *)s->req;
	err = kfx_crypto_sg(s, s->src, ad, ad_len, r->src, r->src_len);
	if (!err)
		err = kfx_crypto_sg(s, s->dst, ad, ad_len, r->dst, out);
	if (!err) {
		aead_request_set_tfm(req, tfm);
		aead_request_set_callback(req, 0, NULL, NULL);
		aead_request_set_ad(req, ad_len);
		aead_request_set_crypt(req, s->src, s->dst, r->src_len, r->siv);
		err = r->decrypt ? crypto_aead_decrypt(req) :
				   crypto_aead_encrypt(req);
		memzero_explicit(req, sizeof(*req) + crypto_aead_reqsize(tfm));
	}
	kfx_crypto_scratch_put(s);
	if (err == -EBADMSG)
		memzero_explicit(r->dst, out);
	return err;
}

/**
 * kfx_crypto_aead_crypt() - Encrypt or decrypt for an "aead" ctx
 * @ctx: The ctx
 * @r: The request, checked as struct kfx_crypto_req says
 *
 * Every length check of the type, here: the siv holds at least the IV,
 * then up to KFX_CRYPTO_MAX_LEN bytes of associated data; encryption
 * writes src_len + authsize bytes, decryption takes at least the tag and
 * writes src_len - authsize; the dst must hold what is written.
 *
 * Return: 0, -EINVAL, -EBADMSG (a wrong tag: the output is zeroed), or
 * the crypto API's error.
 */
int kfx_crypto_aead_crypt(struct kfx_crypto_ctx *ctx,
			  const struct kfx_crypto_req *r)
{
	struct kfx_aead_ctx *c = kfx_aead(ctx);
	struct crypto_aead *tfm = c->tfm;
	u32 ad_len;
	s64 out;

	if (r->siv_len < c->iv_len)
		return -EINVAL;
	ad_len = r->siv_len - c->iv_len;
	if (ad_len > KFX_CRYPTO_MAX_LEN)
		return -EINVAL;
	out = kfx_aead_out_len(c, r);
	if (out < 0)
		return out;
	if (c->simd && crypto_simd_usable() &&
	    kfx_aead_ad_in_one_entry(r->siv + c->iv_len, ad_len))
		tfm = c->simd;
	return kfx_aead_sg(tfm, r, r->siv + c->iv_len, ad_len, out);
}

static const char *kfx_aead_driver(struct kfx_crypto_ctx *ctx)
{
	struct kfx_aead_ctx *c = kfx_aead(ctx);

	return crypto_tfm_alg_driver_name(crypto_aead_tfm(c->simd ?: c->tfm));
}

const struct kfx_crypto_type kfx_crypto_aead_type = {
	.name = "aead",
	.tagged = true,
	.ctx_size = KFX_CRYPTO_CTX_SIZE(struct kfx_aead_ctx),
	.has_algo = kfx_aead_has_algo,
	.setup = kfx_aead_setup,
	.teardown = kfx_aead_teardown,
	.crypt = kfx_crypto_aead_crypt,
	.driver = kfx_aead_driver,
};
