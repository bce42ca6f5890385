// SPDX-License-Identifier: GPL-2.0
/*
 * kfx crypto family: upstream's bpf_crypto_*() kfuncs (6.10, nullable siv
 * 6.11) for every kernel, with the same checks and errnos.
 *
 * A ctx holds the fastest synchronous implementation the kernel ranks
 * highest: a linear skcipher (lskcipher, 6.8+) called on the buffers
 * themselves, or an skcipher or AEAD run with the request on the stack;
 * nothing allocates or sleeps after creation.  Where the accelerated x86
 * drivers are asynchronous wrappers around an internal SIMD one (before
 * 6.15), the ctx holds the internal driver too and calls it whenever the
 * FPU is usable, as the wrapper itself would.
 *
 * The module cannot call the kernel's dynptr accessors (not exported), so
 * it decodes struct bpf_dynptr_kern itself, and hands the data to the
 * skcipher and AEAD API as a scatterlist built from the virtual address:
 * BPF stacks and ringbufs live in vmalloc space, where a buffer's pages are
 * not contiguous.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/aead.h>
#include <crypto/internal/simd.h>
#include <crypto/skcipher.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/filter.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/scatterlist.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <net/xdp.h>
#include <asm/simd.h>

#include "kfx_compat.h"
#include "../bpf/kfx.h"
#include "kfx_crypto.h"

/**
 * struct kfx_crypto_ctx - what a kfx_crypto_ctx __kptr points to
 * @skcipher: the keyed synchronous skcipher (type "skcipher"), or NULL
 * @skcipher_simd: its internal SIMD twin, used when the FPU is, or NULL
 * @lskcipher: the keyed linear skcipher, or NULL
 * @linear_max: the longest message @lskcipher runs
 * @noiv_max: the longest message a NULL siv sends straight to @lskcipher:
 *	      @linear_max when the ctx takes no IV or state, else 0
 * @aead: the keyed synchronous AEAD (type "aead"), or NULL
 * @aead_simd: its internal SIMD twin, used when the FPU is, or NULL
 * @siv_len: the IV plus state size every call must pass (an AEAD's siv is
 *	     its IV followed by the associated data: at least this long)
 * @authsize: the AEAD's tag size
 * @usage: references: the creator's, each acquire's, each map's
 * @rcu: frees the ctx a grace period after the last reference went
 */
struct kfx_crypto_ctx {
	struct crypto_sync_skcipher *skcipher;
	struct crypto_sync_skcipher *skcipher_simd;
	struct crypto_lskcipher *lskcipher;
	u32 linear_max;
	u32 noiv_max;
	struct crypto_aead *aead;
	struct crypto_aead *aead_simd;
	u32 siv_len;
	u32 authsize;
	refcount_t usage;
	struct rcu_head rcu;
};

static atomic_t kfx_crypto_live_count = ATOMIC_INIT(0);

static int kfx_crypto_live_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&kfx_crypto_live_count));
}

static const struct kernel_param_ops kfx_crypto_live_ops = {
	.get = kfx_crypto_live_get,
};

module_param_cb(crypto_live, &kfx_crypto_live_ops, NULL, 0444);
MODULE_PARM_DESC(crypto_live, "crypto ctxs not yet freed (read-only)");

/*
 * The size word of struct bpf_dynptr_kern (kernel/bpf/helpers.c, private,
 * the same from 6.1 to 7.3): bits 0-23 the size, 28-30 the type, 31 the
 * read-only flag.
 */
#define KFX_DYNPTR_SIZE_MASK	0xffffff
#define KFX_DYNPTR_TYPE_SHIFT	28
#define KFX_DYNPTR_TYPE_MASK	0x7
#define KFX_DYNPTR_RDONLY	BIT(31)

static u32 kfx_dynptr_size(const struct bpf_dynptr_kern *p)
{
	return p->size & KFX_DYNPTR_SIZE_MASK;
}

/*
 * The address of @len bytes at the start of dynptr @p, or NULL: not
 * initialised, read-only when @write, or not reachable as plain memory
 * (skb and xdp data beyond their linear part, as upstream refuses too).
 */
static void *kfx_dynptr_data(const struct bpf_dynptr_kern *p, u32 len,
			     bool write)
{
	u32 type = p->size >> KFX_DYNPTR_TYPE_SHIFT & KFX_DYNPTR_TYPE_MASK;

	if (!p->data || (write && (p->size & KFX_DYNPTR_RDONLY)))
		return NULL;
	switch (type) {
	case BPF_DYNPTR_TYPE_LOCAL:
	case BPF_DYNPTR_TYPE_RINGBUF:
		return p->data + p->offset;
#ifdef KFX_HAVE_DYNPTR_TYPE_SKB
	case BPF_DYNPTR_TYPE_SKB: {
		struct sk_buff *skb = p->data;

		if ((u64)p->offset + len > skb_headlen(skb))
			return NULL;
		return skb->data + p->offset;
	}
	case BPF_DYNPTR_TYPE_XDP: {
		struct xdp_buff *xdp = p->data;

		if ((u64)p->offset + len > xdp->data_end - xdp->data)
			return NULL;
		return xdp->data + p->offset;
	}
#endif
	default:
		return NULL;
	}
}

/* Pages of vmalloc space one buffer may span (BPF stacks, ringbufs). */
#define KFX_CRYPTO_SG_MAX	4

/*
 * Add @len bytes at @buf to @sg from entry *@n on: one entry for directly
 * mapped memory (its pages are contiguous), one per page in vmalloc space.
 * Return 0 or -EINVAL when the memory is neither or needs more than
 * KFX_CRYPTO_SG_MAX entries.
 */
static int kfx_crypto_sg_add(struct scatterlist *sg, unsigned int *n,
			     void *buf, u32 len)
{
	unsigned int first = *n, part;
	struct page *page;

	if (!is_vmalloc_addr(buf)) {
		if (!virt_addr_valid(buf))
			return -EINVAL;
		sg_set_buf(&sg[(*n)++], buf, len);
		return 0;
	}
	while (len) {
		if (*n - first == KFX_CRYPTO_SG_MAX)
			return -EINVAL;
		page = vmalloc_to_page(buf);
		if (!page)
			return -EINVAL;
		part = min_t(u32, len, PAGE_SIZE - offset_in_page(buf));
		sg_set_page(&sg[(*n)++], page, part, offset_in_page(buf));
		buf += part;
		len -= part;
	}
	return 0;
}

/* A table for the optional @ad and then @buf, ended. */
static int kfx_crypto_sg(struct scatterlist *sg, void *ad, u32 adlen,
			 void *buf, u32 len)
{
	unsigned int n = 0;

	sg_init_table(sg, 2 * KFX_CRYPTO_SG_MAX);
	if ((adlen && kfx_crypto_sg_add(sg, &n, ad, adlen)) ||
	    kfx_crypto_sg_add(sg, &n, buf, len))
		return -EINVAL;
	sg_mark_end(&sg[n - 1]);
	return 0;
}

/* The internal SIMD driver only runs where the FPU may be used. */
static struct crypto_aead *kfx_crypto_aead_tfm(struct kfx_crypto_ctx *ctx)
{
	return ctx->aead_simd && crypto_simd_usable() ?
	       ctx->aead_simd : ctx->aead;
}

#ifdef KFX_HAVE_LSKCIPHER
/*
 * Where the batching AES-NI skcipher overtakes the linear path, measured
 * in qemu (make bench, instructions): its walk costs about 1,400 a call;
 * the linear ecb(aes) costs 129 a block over 6.12's aes-aesni cipher and
 * 184 over 7.3's aes-lib.  They cross at 9-10 blocks on 6.12, 6 on 7.3;
 * 10 keeps kfx at or above upstream (all linear) at 16, 64, 256 and
 * 1,500 bytes on both.
 * Real AES-NI batches cheaper, so the crossing is lower on hardware.
 */
#define KFX_CRYPTO_LINEAR_BLOCKS	10

/*
 * The priority from which a driver batches with SIMD (aesni: 400, 500):
 * C drivers rank 100-200 and batch nothing the linear path does not; 7.3's
 * ecb-aes-lib (110) over the walk measured 0.82x the linear ecb at 256
 * bytes.
 */
#define KFX_CRYPTO_SIMD_PRIORITY	300

static int kfx_crypto_lskcipher(struct kfx_crypto_ctx *ctx, void *src,
				void *dst, u32 len, void *iv, bool decrypt)
{
	return decrypt ?
	       crypto_lskcipher_decrypt(ctx->lskcipher, src, dst, len, iv) :
	       crypto_lskcipher_encrypt(ctx->lskcipher, src, dst, len, iv);
}

/*
 * The algorithm's linear skcipher (6.8+: the ecb and cbc templates over a
 * cipher), called on the buffers themselves: no scatterlist, no walk, the
 * cheapest call there is (upstream uses nothing else).  It runs every
 * message, but those over KFX_CRYPTO_LINEAR_BLOCKS blocks when a SIMD
 * driver that batches blocks exists (AES-NI).
 * CRYPTO_NOLOAD: an algorithm that has no linear form (ctr, xts, chacha20)
 * must not send every create to modprobe.
 */
static void kfx_crypto_setup_lskcipher(struct kfx_crypto_ctx *ctx,
				       const struct kfx_crypto_params *params)
{
	struct crypto_tfm *best = crypto_skcipher_tfm(&ctx->skcipher->base);
	struct crypto_lskcipher *tfm;

	tfm = crypto_alloc_lskcipher(params->algo, 0, CRYPTO_NOLOAD);
	if (IS_ERR(tfm))
		return;
	if (crypto_lskcipher_statesize(tfm) ||
	    crypto_lskcipher_ivsize(tfm) != ctx->siv_len ||
	    crypto_lskcipher_setkey(tfm, params->key, params->key_len)) {
		crypto_free_lskcipher(tfm);
		return;
	}
	ctx->lskcipher = tfm;
	ctx->linear_max = U32_MAX;
	if (ctx->skcipher_simd ||
	    best->__crt_alg->cra_priority >= KFX_CRYPTO_SIMD_PRIORITY)
		ctx->linear_max = KFX_CRYPTO_LINEAR_BLOCKS *
				  crypto_lskcipher_blocksize(tfm);
	if (!ctx->siv_len)
		ctx->noiv_max = ctx->linear_max;
}
#else
/* Linear skciphers came in 6.7 (with state in 6.8). */
static int kfx_crypto_lskcipher(struct kfx_crypto_ctx *ctx, void *src,
				void *dst, u32 len, void *iv, bool decrypt)
{
	return -EOPNOTSUPP;
}

static void kfx_crypto_setup_lskcipher(struct kfx_crypto_ctx *ctx,
				       const struct kfx_crypto_params *params)
{
}
#endif

static int kfx_crypto_skcipher(struct crypto_sync_skcipher *tfm, void *src,
			       void *dst, u32 len, void *iv, bool decrypt)
{
	SYNC_SKCIPHER_REQUEST_ON_STACK(req, tfm);
	struct scatterlist sg_src[2 * KFX_CRYPTO_SG_MAX];
	struct scatterlist sg_dst[2 * KFX_CRYPTO_SG_MAX];
	int err;

	if (kfx_crypto_sg(sg_src, NULL, 0, src, len) ||
	    kfx_crypto_sg(sg_dst, NULL, 0, dst, len))
		return -EINVAL;
	skcipher_request_set_sync_tfm(req, tfm);
	skcipher_request_set_callback(req, 0, NULL, NULL);
	skcipher_request_set_crypt(req, sg_src, sg_dst, len, iv);
	err = decrypt ? crypto_skcipher_decrypt(req) :
			crypto_skcipher_encrypt(req);
	skcipher_request_zero(req);
	return err;
}

/*
 * The linear skcipher for what it runs best, else the internal SIMD driver
 * where the FPU may be used, else the best synchronous skcipher.
 */
static int kfx_crypto_cipher(struct kfx_crypto_ctx *ctx, void *src, void *dst,
			     u32 len, void *iv, bool decrypt)
{
	if (ctx->lskcipher && len <= ctx->linear_max)
		return kfx_crypto_lskcipher(ctx, src, dst, len, iv, decrypt);
	if (ctx->skcipher_simd && crypto_simd_usable())
		return kfx_crypto_skcipher(ctx->skcipher_simd, src, dst, len,
					   iv, decrypt);
	return kfx_crypto_skcipher(ctx->skcipher, src, dst, len, iv, decrypt);
}

/*
 * The largest AEAD request kept on the stack; create refuses an
 * implementation that needs more (-EOPNOTSUPP).
 */
#define KFX_AEAD_REQ_MAX	768

/*
 * AEAD: encrypt @src_len bytes into @dst, tag appended; decrypt @src_len
 * bytes of ciphertext and tag into @dst.  @siv is the IV, then @adlen
 * bytes of associated data.  A message that fails authentication leaves
 * @dst zeroed.
 */
static int kfx_crypto_aead(struct kfx_crypto_ctx *ctx, void *src, u32 src_len,
			   void *dst, u32 dst_len, u8 *siv, u32 adlen,
			   bool decrypt)
{
	u8 buf[sizeof(struct aead_request) + KFX_AEAD_REQ_MAX]
		__aligned(__alignof__(struct aead_request));
	struct aead_request *req = (struct aead_request *)buf;
	struct crypto_aead *tfm = kfx_crypto_aead_tfm(ctx);
	struct scatterlist sg_src[2 * KFX_CRYPTO_SG_MAX];
	struct scatterlist sg_dst[2 * KFX_CRYPTO_SG_MAX];
	u32 out_len;
	int err;

	if (decrypt) {
		if (src_len < ctx->authsize ||
		    dst_len < src_len - ctx->authsize)
			return -EINVAL;
		out_len = src_len - ctx->authsize;
	} else {
		if (dst_len - src_len < ctx->authsize)
			return -EINVAL;
		out_len = src_len + ctx->authsize;
	}
	if (kfx_crypto_sg(sg_src, siv + ctx->siv_len, adlen, src, src_len) ||
	    kfx_crypto_sg(sg_dst, siv + ctx->siv_len, adlen, dst, out_len))
		return -EINVAL;
	aead_request_set_tfm(req, tfm);
	aead_request_set_callback(req, 0, NULL, NULL);
	aead_request_set_ad(req, adlen);
	aead_request_set_crypt(req, sg_src, sg_dst, src_len, siv);
	err = decrypt ? crypto_aead_decrypt(req) : crypto_aead_encrypt(req);
	memzero_explicit(buf, sizeof(struct aead_request) +
			 crypto_aead_reqsize(tfm));
	if (err == -EBADMSG)
		memzero_explicit(dst, out_len);
	return err;
}

/* Upstream's checks, in upstream's order, then the cipher. */
static int kfx_crypto_crypt(struct kfx_crypto_ctx *ctx,
			    const struct bpf_dynptr_kern *src,
			    const struct bpf_dynptr_kern *dst,
			    const struct bpf_dynptr_kern *siv, bool decrypt)
{
	u32 src_len = kfx_dynptr_size(src), dst_len = kfx_dynptr_size(dst);
	u32 siv_len = siv ? kfx_dynptr_size(siv) : 0;
	void *psrc, *pdst, *piv = NULL;

	if (!src_len || !dst_len)
		return -EINVAL;
	if (ctx->aead ? siv_len < ctx->siv_len :
	    src_len > dst_len || siv_len != ctx->siv_len)
		return -EINVAL;
	psrc = kfx_dynptr_data(src, src_len, false);
	if (!psrc)
		return -EINVAL;
	pdst = kfx_dynptr_data(dst, dst_len, true);
	if (!pdst)
		return -EINVAL;
	if (siv_len) {
		piv = kfx_dynptr_data(siv, siv_len, true);
		if (!piv)
			return -EINVAL;
	}
	if (ctx->aead)
		return kfx_crypto_aead(ctx, psrc, src_len, pdst, dst_len, piv,
				       siv_len - ctx->siv_len, decrypt);
	return kfx_crypto_cipher(ctx, psrc, pdst, src_len, piv, decrypt);
}

/*
 * A NULL siv on a ctx without IV or state, for a message the linear
 * skcipher runs: upstream's checks come down to the lengths and the data,
 * and nothing else stands between the program and the cipher.  Passing
 * NULL (6.11+) saves a program the dynptr it would build; branches only a
 * siv needs must not eat that saving (it is 4% of a 16-byte ecb(aes) call
 * upstream).  Every other case takes the full path, errnos included.
 */
static int kfx_crypto_crypt_noiv(struct kfx_crypto_ctx *ctx,
				 const struct bpf_dynptr_kern *src,
				 const struct bpf_dynptr_kern *dst,
				 bool decrypt)
{
	u32 src_len = kfx_dynptr_size(src), dst_len = kfx_dynptr_size(dst);
	void *psrc, *pdst;

	if (!src_len || src_len > ctx->noiv_max || src_len > dst_len)
		return kfx_crypto_crypt(ctx, src, dst, NULL, decrypt);
	psrc = kfx_dynptr_data(src, src_len, false);
	pdst = kfx_dynptr_data(dst, dst_len, true);
	if (!psrc || !pdst)
		return -EINVAL;
	return kfx_crypto_lskcipher(ctx, psrc, pdst, src_len, NULL, decrypt);
}

/* What the four encrypt and decrypt kfuncs do with their dynptrs. */
static int kfx_crypto_kfunc(struct kfx_crypto_ctx *ctx, const KFX_DYNPTR *src,
			    const KFX_DYNPTR *dst, const KFX_DYNPTR *siv,
			    bool decrypt)
{
	const struct bpf_dynptr_kern *s = (const struct bpf_dynptr_kern *)src;
	const struct bpf_dynptr_kern *d = (const struct bpf_dynptr_kern *)dst;

	if (!siv)
		return kfx_crypto_crypt_noiv(ctx, s, d, decrypt);
	return kfx_crypto_crypt(ctx, s, d,
				(const struct bpf_dynptr_kern *)siv, decrypt);
}

static void kfx_crypto_free_tfm(struct kfx_crypto_ctx *ctx)
{
	if (ctx->aead_simd)
		crypto_free_aead(ctx->aead_simd);
	if (ctx->aead)
		crypto_free_aead(ctx->aead);
#ifdef KFX_HAVE_LSKCIPHER
	if (ctx->lskcipher)
		crypto_free_lskcipher(ctx->lskcipher);
#endif
	if (ctx->skcipher_simd)
		crypto_free_sync_skcipher(ctx->skcipher_simd);
	if (ctx->skcipher)
		crypto_free_sync_skcipher(ctx->skcipher);
}

static void kfx_crypto_free_rcu(struct rcu_head *head)
{
	struct kfx_crypto_ctx *ctx = container_of(head, struct kfx_crypto_ctx,
						  rcu);

	kfx_crypto_free_tfm(ctx);
	kfree(ctx);
	atomic_dec(&kfx_crypto_live_count);
	module_put(THIS_MODULE);
}

/* An algorithm with only asynchronous drivers is one kfx cannot offer. */
static int kfx_crypto_alloc_err(int err)
{
	return err == -ENOENT ? -EOPNOTSUPP : err;
}

/*
 * The internal SIMD driver behind the best implementation of @best's
 * algorithm when that is an asynchronous wrapper: x86 before 6.15 registers
 * each aesni (and AVX GCM) driver as internal "__<driver>", wrapped in an
 * async "<driver>" that defers to cryptd when the FPU is busy.  kfx calls
 * the internal one itself when crypto_simd_usable(), as the wrapper does.
 * Writes its name to @name; false when there is none to look for.
 */
static bool kfx_crypto_simd_name(struct crypto_tfm *best, char *name)
{
	if (!(best->__crt_alg->cra_flags & CRYPTO_ALG_ASYNC))
		return false;
	return snprintf(name, CRYPTO_MAX_ALG_NAME, "__%s",
			crypto_tfm_alg_driver_name(best)) < CRYPTO_MAX_ALG_NAME;
}

static void kfx_crypto_setup_skcipher_simd(struct kfx_crypto_ctx *ctx,
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
	if (crypto_sync_skcipher_ivsize(tfm) != ctx->siv_len ||
	    crypto_sync_skcipher_setkey(tfm, p->key, p->key_len)) {
		crypto_free_sync_skcipher(tfm);
		return;
	}
	ctx->skcipher_simd = tfm;
}

static void kfx_crypto_setup_aead_simd(struct kfx_crypto_ctx *ctx,
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
	if (crypto_aead_reqsize(tfm) > KFX_AEAD_REQ_MAX ||
	    crypto_aead_ivsize(tfm) != ctx->siv_len ||
	    crypto_aead_setauthsize(tfm, p->authsize) ||
	    crypto_aead_setkey(tfm, p->key, p->key_len)) {
		crypto_free_aead(tfm);
		return;
	}
	ctx->aead_simd = tfm;
}

static int kfx_crypto_setup_skcipher(struct kfx_crypto_ctx *ctx,
				     const struct kfx_crypto_params *params)
{
	int err;

	ctx->skcipher = crypto_alloc_sync_skcipher(params->algo, 0, 0);
	if (IS_ERR(ctx->skcipher)) {
		err = PTR_ERR(ctx->skcipher);
		ctx->skcipher = NULL;
		return kfx_crypto_alloc_err(err);
	}
	ctx->siv_len = crypto_sync_skcipher_ivsize(ctx->skcipher);
	err = crypto_sync_skcipher_setkey(ctx->skcipher, params->key,
					  params->key_len);
	if (err)
		return err;
	kfx_crypto_setup_skcipher_simd(ctx, params);
	kfx_crypto_setup_lskcipher(ctx, params);
	return 0;
}

static int kfx_crypto_setup_aead(struct kfx_crypto_ctx *ctx,
				 const struct kfx_crypto_params *params)
{
	int err;

	ctx->aead = crypto_alloc_aead(params->algo, 0, CRYPTO_ALG_ASYNC);
	if (IS_ERR(ctx->aead)) {
		err = PTR_ERR(ctx->aead);
		ctx->aead = NULL;
		return kfx_crypto_alloc_err(err);
	}
	if (crypto_aead_reqsize(ctx->aead) > KFX_AEAD_REQ_MAX)
		return -EOPNOTSUPP;
	ctx->siv_len = crypto_aead_ivsize(ctx->aead);
	ctx->authsize = params->authsize;
	err = crypto_aead_setauthsize(ctx->aead, params->authsize) ?:
	      crypto_aead_setkey(ctx->aead, params->key, params->key_len);
	if (err)
		return err;
	kfx_crypto_setup_aead_simd(ctx, params);
	return 0;
}

/* The keyed tfm of a new ctx; 0 or the errno create reports. */
static int kfx_crypto_setup(struct kfx_crypto_ctx *ctx,
			    const struct kfx_crypto_params *params, bool aead)
{
	u32 flags;
	int err;

	err = aead ? kfx_crypto_setup_aead(ctx, params) :
		     kfx_crypto_setup_skcipher(ctx, params);
	if (!err) {
		flags = aead ? crypto_aead_get_flags(ctx->aead) :
			       crypto_sync_skcipher_get_flags(ctx->skcipher);
		if (flags & CRYPTO_TFM_NEED_KEY)
			err = -EINVAL;
	}
	if (err)
		kfx_crypto_free_tfm(ctx);
	return err;
}

/* "skcipher" or "aead": 0 or 1; -ENOENT for another type. */
static int kfx_crypto_type(const struct kfx_crypto_params *params)
{
	if (!strncmp(params->type, "skcipher", sizeof(params->type)))
		return 0;
	if (!strncmp(params->type, "aead", sizeof(params->type)))
		return 1;
	return -ENOENT;
}

/* The type has the algorithm, and an authsize exactly when it has tags. */
static bool kfx_crypto_has_algo(const struct kfx_crypto_params *params,
				bool aead)
{
	/* crypto_has_aead() came in 6.5: the generic lookup serves all */
	if (aead)
		return params->authsize &&
		       crypto_has_alg(params->algo, CRYPTO_ALG_TYPE_AEAD,
				      CRYPTO_ALG_TYPE_MASK | CRYPTO_ALG_ASYNC);
	return !params->authsize &&
	       crypto_has_skcipher(params->algo, 0, CRYPTO_ALG_ASYNC);
}

static bool kfx_crypto_params_valid(const struct kfx_crypto_params *params,
				    u32 params__sz)
{
	return params && params__sz == sizeof(*params) &&
	       !params->reserved[0] && !params->reserved[1] &&
	       strnlen(params->algo, sizeof(params->algo)) < sizeof(params->algo);
}

__bpf_kfunc_start_defs();

/**
 * kfx_crypto_ctx_create() - Build a crypto ctx from @params
 * @params: The type, algorithm and key
 * @params__sz: sizeof(struct kfx_crypto_params)
 * @err: Where the errno goes when NULL is returned
 *
 * Sleepable: SYSCALL programs only.  The ctx pins kfx and the cipher's
 * module until it is freed.
 *
 * Return: a referenced ctx, or NULL with *@err one of %-EINVAL (bad
 * @params, key length or key), %-ENOENT (unknown type), %-EOPNOTSUPP (no
 * synchronous @algo here, or an @authsize for a type without one),
 * %-ENOMEM, or the crypto API's own error.
 */
__bpf_kfunc struct kfx_crypto_ctx *
kfx_crypto_ctx_create(const struct kfx_crypto_params *params, u32 params__sz,
		      int *err)
{
	struct kfx_crypto_ctx *ctx;
	int aead;

	if (!kfx_crypto_params_valid(params, params__sz)) {
		*err = -EINVAL;
		return NULL;
	}
	aead = kfx_crypto_type(params);
	if (aead < 0) {
		*err = aead;
		return NULL;
	}
	if (!kfx_crypto_has_algo(params, aead)) {
		*err = -EOPNOTSUPP;
		return NULL;
	}
	if (!params->key_len || params->key_len > sizeof(params->key)) {
		*err = -EINVAL;
		return NULL;
	}
	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx) {
		*err = -ENOMEM;
		return NULL;
	}
	*err = kfx_crypto_setup(ctx, params, aead);
	if (*err) {
		kfree(ctx);
		return NULL;
	}
	__module_get(THIS_MODULE);
	atomic_inc(&kfx_crypto_live_count);
	refcount_set(&ctx->usage, 1);
	return ctx;
}

/**
 * kfx_crypto_ctx_acquire() - Take a reference to @ctx
 * @ctx: A ctx, e.g. loaded from a map under RCU
 *
 * Return: @ctx, or NULL when its last reference is already gone.
 */
__bpf_kfunc struct kfx_crypto_ctx *
kfx_crypto_ctx_acquire(struct kfx_crypto_ctx *ctx)
{
	return refcount_inc_not_zero(&ctx->usage) ? ctx : NULL;
}

/**
 * kfx_crypto_ctx_release() - Drop a reference to @ctx
 * @ctx: A referenced ctx
 *
 * The last reference frees the ctx after an RCU grace period, so that
 * programs that loaded it from a map may finish with it.  Also the
 * destructor of a ctx kptr left in a map; NULL is ignored.
 */
__bpf_kfunc void kfx_crypto_ctx_release(struct kfx_crypto_ctx *ctx)
{
	/* 6.1's bpf_map_free_kptrs() calls destructors on empty slots too. */
	if (!ctx)
		return;
	if (refcount_dec_and_test(&ctx->usage))
		call_rcu(&ctx->rcu, kfx_crypto_free_rcu);
}

/**
 * kfx_crypto_encrypt() - Encrypt @src into @dst
 * @ctx: The ctx
 * @src: The plaintext
 * @dst: Room for the ciphertext, at least as long as @src
 * @siv__nullable: The IV plus state, the ctx's size; NULL when that is 0
 *
 * Return: 0, %-EINVAL (read-only or short @dst, empty @src, wrong siv
 * length, data out of reach) or the crypto API's error.
 */
__bpf_kfunc int kfx_crypto_encrypt(struct kfx_crypto_ctx *ctx,
				   const KFX_DYNPTR *src, const KFX_DYNPTR *dst,
				   const KFX_DYNPTR *siv__nullable)
{
	return kfx_crypto_kfunc(ctx, src, dst, siv__nullable, false);
}

/**
 * kfx_crypto_decrypt() - Decrypt @src into @dst
 * @ctx: The ctx
 * @src: The ciphertext
 * @dst: Room for the plaintext, at least as long as @src
 * @siv__nullable: The IV plus state, the ctx's size; NULL when that is 0
 *
 * Return: as kfx_crypto_encrypt().
 */
__bpf_kfunc int kfx_crypto_decrypt(struct kfx_crypto_ctx *ctx,
				   const KFX_DYNPTR *src, const KFX_DYNPTR *dst,
				   const KFX_DYNPTR *siv__nullable)
{
	return kfx_crypto_kfunc(ctx, src, dst, siv__nullable, true);
}

/**
 * kfx_crypto_encrypt_noiv() - kfx_crypto_encrypt() without an IV
 * @ctx: A ctx whose IV plus state size is 0
 * @src: The plaintext
 * @dst: Room for the ciphertext
 *
 * Return: as kfx_crypto_encrypt() with a NULL siv.
 */
__bpf_kfunc int kfx_crypto_encrypt_noiv(struct kfx_crypto_ctx *ctx,
					const KFX_DYNPTR *src,
					const KFX_DYNPTR *dst)
{
	return kfx_crypto_kfunc(ctx, src, dst, NULL, false);
}

/**
 * kfx_crypto_decrypt_noiv() - kfx_crypto_decrypt() without an IV
 * @ctx: A ctx whose IV plus state size is 0
 * @src: The ciphertext
 * @dst: Room for the plaintext
 *
 * Return: as kfx_crypto_decrypt() with a NULL siv.
 */
__bpf_kfunc int kfx_crypto_decrypt_noiv(struct kfx_crypto_ctx *ctx,
					const KFX_DYNPTR *src,
					const KFX_DYNPTR *dst)
{
	return kfx_crypto_kfunc(ctx, src, dst, NULL, true);
}

/**
 * kfx_crypto_ctx_driver() - Name the implementation behind @ctx
 * @ctx: The ctx
 * @buf: Where the crypto driver's name goes, NUL-terminated
 * @buf__sz: The size of @buf
 *
 * The driver that runs messages longer than a block when the FPU is
 * usable, e.g. "__ecb-aes-aesni" or "ecb(aes-generic)", as /proc/crypto
 * names it.
 *
 * Return: the name's length, or %-E2BIG when it does not fit (@buf then
 * holds as much as fits, terminated, unless @buf__sz is 0).
 */
__bpf_kfunc int kfx_crypto_ctx_driver(struct kfx_crypto_ctx *ctx, char *buf,
				      u32 buf__sz)
{
	struct crypto_tfm *tfm;

	if (ctx->aead)
		tfm = crypto_aead_tfm(ctx->aead_simd ?: ctx->aead);
	else if (ctx->skcipher_simd)
		tfm = crypto_skcipher_tfm(&ctx->skcipher_simd->base);
	else
		tfm = crypto_skcipher_tfm(&ctx->skcipher->base);
	if (!buf__sz)
		return -E2BIG;
	return strscpy(buf, crypto_tfm_alg_driver_name(tfm), buf__sz);
}

__bpf_kfunc_end_defs();

BTF_ID_LIST(kfx_crypto_dtor_ids)
BTF_ID(struct, kfx_crypto_ctx)
BTF_ID(func, kfx_crypto_ctx_release)

/* Lets a struct kfx_crypto_ctx __kptr live in a map: freed with the map. */
int kfx_crypto_register_dtor(void)
{
	const struct btf_id_dtor_kfunc dtors[] = {
		{
			.btf_id = kfx_crypto_dtor_ids[0],
			.kfunc_btf_id = kfx_crypto_dtor_ids[1],
		},
	};

	return register_btf_id_dtor_kfuncs(dtors, ARRAY_SIZE(dtors),
					   THIS_MODULE);
}

/* Wait for the frees call_rcu() queued: their code is in this module. */
void kfx_crypto_exit(void)
{
	rcu_barrier();
}
