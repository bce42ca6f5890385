// SPDX-License-Identifier: GPL-2.0
/*
 * kfx crypto backend "skcipher" (upstream's one type, as
 * crypto/bpf_crypto_skcipher.c): a ctx holds the fastest synchronous
 * implementation the kernel ranks highest.  A linear skcipher
 * (lskcipher, 6.8+) is called on the buffers themselves; otherwise the
 * skcipher runs on scatterlists in the per-CPU scratch.  Where the
 * accelerated x86 drivers are asynchronous wrappers around an internal
 * SIMD one (before 6.15), the ctx holds the internal driver too and calls
 * it whenever the FPU is usable, as the wrapper itself would.
 */
#include <crypto/internal/simd.h>
#include <crypto/skcipher.h>
#include <linux/log2.h>
#include <linux/slab.h>

#include "kfx_compat.h"
#include "../bpf/kfx.h"
#include "kfx_crypto.h"

/**
 * struct kfx_skcipher_ctx - a ctx of type "skcipher"
 * @base: the family's part
 * @tfm: the keyed synchronous skcipher
 * @simd: its internal SIMD twin, used when the FPU is, or NULL
 * @linear: the keyed linear skcipher, or NULL
 * @linear_max: the longest message @linear runs
 * @siv_len: the IV plus state size every call must pass exactly
 * @block_mask: block size - 1 when messages must be whole blocks, else 0
 */
struct kfx_skcipher_ctx {
	struct kfx_crypto_ctx base;
	struct crypto_sync_skcipher *tfm;
	struct crypto_sync_skcipher *simd;
	struct kfx_lskcipher *linear;
	u32 linear_max;
	u32 siv_len;
	u32 block_mask;
};

static struct kfx_skcipher_ctx *kfx_skcipher(struct kfx_crypto_ctx *ctx)
{
	return container_of(ctx, struct kfx_skcipher_ctx, base);
}

/*
 * Where the batching AES-NI skcipher overtakes the linear path.  In qemu
 * (make bench, instructions) its walk costs about 1,250 a call and the
 * linear ecb(aes) 129 a block over 6.12's aes-aesni cipher, 186 over
 * 7.3's AES library: they cross at 12 blocks on 6.12, 8 on 7.3.  In time
 * the AES-NI instructions weigh differently (a block alone waits on its
 * AESENC chain, four at a time overlap) and the kernel code around each
 * block may hide that chain or not: make bench-native's crypto model
 * (tests/bench/native/skcipher_time_model.c: AES-NI timed on the host
 * CPU, the rest from those counts at 1 to 3 instructions a cycle, no
 * overlap or full) puts the crossing at 9 to 19 blocks on 6.12 and 8 to
 * 12 on 7.3.
 * 16 keeps kfx at or above upstream (all linear), within 3%, at every
 * size from 16 to 1,504 bytes in every case there (the smallest that
 * does: 15 or 16, run to run); where batching wins sooner, kfx gives up
 * that gain, never more.
 */
#define KFX_SKCIPHER_LINEAR_BLOCKS	16

/*
 * The priority from which a driver batches with SIMD (aesni: 400, 500):
 * C drivers rank 100-200 and batch nothing the linear path does not; 7.3's
 * ecb-aes-lib (110) over the walk measured 0.82x the linear ecb at 256
 * bytes.
 */
#define KFX_SKCIPHER_SIMD_PRIORITY	300

/*
 * The algorithm's linear skcipher (6.8+: the ecb and cbc templates over a
 * cipher), called on the buffers themselves: no scatterlist, no walk, the
 * cheapest call there is (upstream uses nothing else).  It runs every
 * message, but those over KFX_SKCIPHER_LINEAR_BLOCKS blocks when a SIMD
 * driver that batches blocks exists (AES-NI).
 */
static void kfx_skcipher_setup_linear(struct kfx_skcipher_ctx *c,
				      const struct kfx_crypto_params *p)
{
	struct crypto_tfm *best = crypto_skcipher_tfm(&c->tfm->base);
	unsigned int blocksize;

	c->linear = kfx_lskcipher_alloc(p->algo, c->siv_len, p->key,
					p->key_len, &blocksize);
	if (!c->linear)
		return;
	c->linear_max = U32_MAX;
	if (c->simd || best->__crt_alg->cra_priority >= KFX_SKCIPHER_SIMD_PRIORITY)
		c->linear_max = KFX_SKCIPHER_LINEAR_BLOCKS * blocksize;
}

static void kfx_skcipher_setup_simd(struct kfx_skcipher_ctx *c,
				    const struct kfx_crypto_params *p)
{
	struct crypto_sync_skcipher *tfm;
	struct crypto_skcipher *best;
	char name[CRYPTO_MAX_ALG_NAME];
	bool found;

	best = crypto_alloc_skcipher(p->algo, 0, 0);
	if (IS_ERR(best))
		return;
	found = kfx_crypto_simd_name(crypto_skcipher_tfm(best), name);
	crypto_free_skcipher(best);
	if (!found)
		return;
	tfm = crypto_alloc_sync_skcipher(name, CRYPTO_ALG_INTERNAL,
					 CRYPTO_ALG_INTERNAL);
	if (IS_ERR(tfm))
		return;
	if (crypto_sync_skcipher_ivsize(tfm) != c->siv_len ||
	    crypto_sync_skcipher_setkey(tfm, p->key, p->key_len)) {
		crypto_free_sync_skcipher(tfm);
		return;
	}
	c->simd = tfm;
}

static int kfx_skcipher_sg(struct crypto_sync_skcipher *tfm,
			   const struct kfx_crypto_req *r);

/*
 * Whether messages must be whole blocks (ecb, cbc; not ctr, xts, cts):
 * there the crypto API writes the whole blocks and then refuses the rest,
 * so kfx refuses such a message itself, before anything is written.
 * Asked once, by encrypting a block and a byte of zeros in kernel memory.
 */
static int kfx_skcipher_probe_blocks(struct kfx_skcipher_ctx *c)
{
	unsigned int bs = crypto_sync_skcipher_blocksize(c->tfm);
	struct kfx_crypto_req r = { };
	u8 *buf;

	if (bs <= 1)
		return 0;
	if (!is_power_of_2(bs))
		return -EOPNOTSUPP;
	buf = kzalloc(bs + 1 + c->siv_len, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	r.src = buf;
	r.dst = buf;
	r.src_len = bs + 1;
	r.dst_len = bs + 1;
	r.siv = c->siv_len ? buf + bs + 1 : NULL;
	r.siv_len = c->siv_len;
	if (kfx_skcipher_sg(c->tfm, &r) == -EINVAL)
		c->block_mask = bs - 1;
	kfree_sensitive(buf);
	return 0;
}

static void kfx_skcipher_teardown(struct kfx_crypto_ctx *ctx)
{
	struct kfx_skcipher_ctx *c = kfx_skcipher(ctx);

	kfx_lskcipher_free(c->linear);
	if (c->simd)
		crypto_free_sync_skcipher(c->simd);
	if (c->tfm)
		crypto_free_sync_skcipher(c->tfm);
}

static int kfx_skcipher_setup(struct kfx_crypto_ctx *ctx,
			      const struct kfx_crypto_params *p)
{
	struct kfx_skcipher_ctx *c = kfx_skcipher(ctx);
	struct crypto_sync_skcipher *tfm;
	int err;

	tfm = crypto_alloc_sync_skcipher(p->algo, 0, 0);
	if (IS_ERR(tfm))
		return kfx_crypto_alloc_err(PTR_ERR(tfm));
	c->tfm = tfm;
	if (sizeof(struct skcipher_request) +
	    crypto_skcipher_reqsize(&tfm->base) > KFX_CRYPTO_REQ_MAX)
		return -EOPNOTSUPP;
	c->siv_len = crypto_sync_skcipher_ivsize(tfm);
	err = crypto_sync_skcipher_setkey(tfm, p->key, p->key_len);
	if (err)
		return err;
	if (crypto_sync_skcipher_get_flags(tfm) & CRYPTO_TFM_NEED_KEY)
		return -EINVAL;
	err = kfx_skcipher_probe_blocks(c);
	if (err)
		return err;
	kfx_skcipher_setup_simd(c, p);
	kfx_skcipher_setup_linear(c, p);
	return 0;
}

static bool kfx_skcipher_has_algo(const struct kfx_crypto_params *p)
{
	return crypto_has_skcipher(p->algo, 0, CRYPTO_ALG_ASYNC);
}

/* The skcipher on scatterlists in this CPU's scratch. */
static int kfx_skcipher_sg(struct crypto_sync_skcipher *tfm,
			   const struct kfx_crypto_req *r)
{
	struct kfx_crypto_scratch *s = kfx_crypto_scratch_get();
	struct skcipher_request *req;
	int err;

	if (!s)
		return -EBUSY;
	req = (struct skcipher_request *)s->req;
	err = kfx_crypto_sg(s, s->src, NULL, 0, r->src, r->src_len);
	if (!err)
		err = kfx_crypto_sg(s, s->dst, NULL, 0, r->dst, r->src_len);
	if (!err) {
		skcipher_request_set_sync_tfm(req, tfm);
		skcipher_request_set_callback(req, 0, NULL, NULL);
		skcipher_request_set_crypt(req, s->src, s->dst, r->src_len,
					   r->siv);
		err = r->decrypt ? crypto_skcipher_decrypt(req) :
				   crypto_skcipher_encrypt(req);
		skcipher_request_zero(req);
	}
	kfx_crypto_scratch_put(s);
	return err;
}

/**
 * kfx_crypto_skcipher_crypt() - Encrypt or decrypt for an "skcipher" ctx
 * @ctx: The ctx
 * @r: The request, checked as struct kfx_crypto_req says
 *
 * Every length check of the type, here: @r->src_len bytes are written,
 * so @r->dst_len must hold them; the siv is exactly the ctx's IV plus
 * state (NULL when that is 0); a mode of whole blocks gets whole blocks.
 * The algorithm checks the rest of its rules before it writes (xts: at
 * least a block).
 * Then the linear skcipher for what it runs best, else the internal SIMD
 * driver where the FPU may be used, else the best synchronous skcipher.
 *
 * Return: 0, -EINVAL, or the crypto API's error.
 */
int kfx_crypto_skcipher_crypt(struct kfx_crypto_ctx *ctx,
			      const struct kfx_crypto_req *r)
{
	struct kfx_skcipher_ctx *c = kfx_skcipher(ctx);

	if (r->src_len > r->dst_len || r->siv_len != c->siv_len ||
	    r->src_len & c->block_mask)
		return -EINVAL;
	if (c->linear && r->src_len <= c->linear_max)
		return kfx_lskcipher_crypt(c->linear, r->src, r->dst,
					   r->src_len, r->siv, r->decrypt);
	if (c->simd && crypto_simd_usable())
		return kfx_skcipher_sg(c->simd, r);
	return kfx_skcipher_sg(c->tfm, r);
}

static const char *kfx_skcipher_driver(struct kfx_crypto_ctx *ctx)
{
	struct kfx_skcipher_ctx *c = kfx_skcipher(ctx);
	struct crypto_skcipher *tfm = &(c->simd ?: c->tfm)->base;

	return crypto_tfm_alg_driver_name(crypto_skcipher_tfm(tfm));
}

const struct kfx_crypto_type kfx_crypto_skcipher_type = {
	.name = "skcipher",
	.ctx_size = KFX_CRYPTO_CTX_SIZE(struct kfx_skcipher_ctx),
	.has_algo = kfx_skcipher_has_algo,
	.setup = kfx_skcipher_setup,
	.teardown = kfx_skcipher_teardown,
	.crypt = kfx_crypto_skcipher_crypt,
	.driver = kfx_skcipher_driver,
};
