// SPDX-License-Identifier: GPL-2.0
/*
 * kfx crypto family: upstream's bpf_crypto_*() kfuncs (6.10, nullable siv
 * 6.11) for every kernel, with the same checks and errnos.
 *
 * A ctx holds a synchronous skcipher; every call runs it with the request
 * on the stack, so nothing allocates or sleeps after creation.  The module
 * cannot call the kernel's dynptr accessors (not exported), so it decodes
 * struct bpf_dynptr_kern itself, and hands the data to the crypto API as a
 * scatterlist built from the virtual address: BPF stacks and ringbufs live
 * in vmalloc space, where a buffer's pages are not contiguous.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

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

#include "kfx_compat.h"
#include "../bpf/kfx.h"
#include "kfx_crypto.h"

/**
 * struct kfx_crypto_ctx - what a kfx_crypto_ctx __kptr points to
 * @tfm: the synchronous skcipher, keyed
 * @siv_len: the IV plus state size every call must pass
 * @usage: references: the creator's, each acquire's, each map's
 * @rcu: frees the ctx a grace period after the last reference went
 */
struct kfx_crypto_ctx {
	struct crypto_sync_skcipher *tfm;
	u32 siv_len;
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

/* Pages of vmalloc space one call may span (BPF stacks, ringbufs). */
#define KFX_CRYPTO_SG_MAX	4

/*
 * Describe @len bytes at @buf: one entry for directly mapped memory (its
 * pages are contiguous), one per page in vmalloc space.  Return 0 or
 * -EINVAL when the memory is neither or needs too many entries.
 */
static int kfx_crypto_sg(struct scatterlist *sg, void *buf, u32 len)
{
	unsigned int n = 0, part;
	struct page *page;

	sg_init_table(sg, KFX_CRYPTO_SG_MAX);
	if (!is_vmalloc_addr(buf)) {
		if (!virt_addr_valid(buf))
			return -EINVAL;
		sg_set_buf(sg, buf, len);
		sg_mark_end(sg);
		return 0;
	}
	while (len) {
		if (n == KFX_CRYPTO_SG_MAX)
			return -EINVAL;
		page = vmalloc_to_page(buf);
		if (!page)
			return -EINVAL;
		part = min_t(u32, len, PAGE_SIZE - offset_in_page(buf));
		sg_set_page(&sg[n++], page, part, offset_in_page(buf));
		buf += part;
		len -= part;
	}
	sg_mark_end(&sg[n - 1]);
	return 0;
}

static int kfx_crypto_run(struct kfx_crypto_ctx *ctx, void *src, void *dst,
			  u32 len, void *iv, bool decrypt)
{
	SYNC_SKCIPHER_REQUEST_ON_STACK(req, ctx->tfm);
	struct scatterlist sg_src[KFX_CRYPTO_SG_MAX], sg_dst[KFX_CRYPTO_SG_MAX];
	int err;

	if (kfx_crypto_sg(sg_src, src, len) || kfx_crypto_sg(sg_dst, dst, len))
		return -EINVAL;
	skcipher_request_set_sync_tfm(req, ctx->tfm);
	skcipher_request_set_callback(req, 0, NULL, NULL);
	skcipher_request_set_crypt(req, sg_src, sg_dst, len, iv);
	err = decrypt ? crypto_skcipher_decrypt(req) :
			crypto_skcipher_encrypt(req);
	skcipher_request_zero(req);
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

	if (!src_len || !dst_len || src_len > dst_len)
		return -EINVAL;
	if (siv_len != ctx->siv_len)
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
	return kfx_crypto_run(ctx, psrc, pdst, src_len, piv, decrypt);
}

static void kfx_crypto_free_rcu(struct rcu_head *head)
{
	struct kfx_crypto_ctx *ctx = container_of(head, struct kfx_crypto_ctx,
						  rcu);

	crypto_free_sync_skcipher(ctx->tfm);
	kfree(ctx);
	atomic_dec(&kfx_crypto_live_count);
	module_put(THIS_MODULE);
}

/* The key and the checks of a new ctx; 0 or the errno create reports. */
static int kfx_crypto_setup(struct kfx_crypto_ctx *ctx,
			    const struct kfx_crypto_params *params)
{
	int err;

	ctx->tfm = crypto_alloc_sync_skcipher(params->algo, 0, 0);
	if (IS_ERR(ctx->tfm)) {
		err = PTR_ERR(ctx->tfm);
		/* an algorithm with only asynchronous drivers */
		return err == -ENOENT ? -EOPNOTSUPP : err;
	}
	err = crypto_sync_skcipher_setkey(ctx->tfm, params->key,
					  params->key_len);
	if (!err && (crypto_sync_skcipher_get_flags(ctx->tfm) &
		     CRYPTO_TFM_NEED_KEY))
		err = -EINVAL;
	if (err) {
		crypto_free_sync_skcipher(ctx->tfm);
		return err;
	}
	ctx->siv_len = crypto_sync_skcipher_ivsize(ctx->tfm);
	return 0;
}

static bool kfx_crypto_params_valid(const struct kfx_crypto_params *params,
				    u32 params__sz)
{
	return params && params__sz == sizeof(*params) &&
	       !params->reserved[0] && !params->reserved[1];
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

	if (!kfx_crypto_params_valid(params, params__sz)) {
		*err = -EINVAL;
		return NULL;
	}
	if (strncmp(params->type, "skcipher", sizeof(params->type))) {
		*err = -ENOENT;
		return NULL;
	}
	if (!crypto_has_skcipher(params->algo, 0, CRYPTO_ALG_ASYNC) ||
	    params->authsize) {
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
	*err = kfx_crypto_setup(ctx, params);
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
	return kfx_crypto_crypt(ctx, (const struct bpf_dynptr_kern *)src,
				(const struct bpf_dynptr_kern *)dst,
				(const struct bpf_dynptr_kern *)siv__nullable,
				false);
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
	return kfx_crypto_crypt(ctx, (const struct bpf_dynptr_kern *)src,
				(const struct bpf_dynptr_kern *)dst,
				(const struct bpf_dynptr_kern *)siv__nullable,
				true);
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
	return kfx_crypto_crypt(ctx, (const struct bpf_dynptr_kern *)src,
				(const struct bpf_dynptr_kern *)dst, NULL,
				false);
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
	return kfx_crypto_crypt(ctx, (const struct bpf_dynptr_kern *)src,
				(const struct bpf_dynptr_kern *)dst, NULL,
				true);
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
