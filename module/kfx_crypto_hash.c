// SPDX-License-Identifier: GPL-2.0
/*
 * kfx crypto backend "hash": a synchronous shash (a digest such as sha256,
 * a MAC such as hmac(sha256) or cmac(aes), a checksum such as crc32c),
 * keyed at create when it takes a key, and kfx_crypto_hash() over every
 * kind of dynptr, packets included, where upstream's proposal
 * (bpf_crypto_hash(), not in any released kernel) takes linear data only.
 *
 * The descriptor a digest runs in is per call, in this CPU's scratch, not
 * in the ctx: a ctx is shared by every CPU that holds a reference.
 *
 * Tracing and LSM programs hash too, and they run where the kernel itself
 * never uses the FPU (kfx_crypto_fpu_fence_needed()).  There the FPU is
 * fenced off for the call when that is clean (kfx_crypto_fpu_verdict()),
 * else the algorithm's generic C drivers do the work: a ctx whose best
 * driver is not one of them keeps a second tfm of them.
 */
#include <crypto/hash.h>
#include <linux/string.h>

#include "kfx_compat.h"
#include "../bpf/kfx.h"
#include "kfx_crypto.h"

/**
 * struct kfx_hash_ctx - a ctx of type "hash"
 * @base: the family's part
 * @tfm: the keyed (or keyless) shash, the kernel's best driver
 * @generic: the same algorithm over generic C drivers, keyed alike, for
 *	     where @tfm may not use SIMD; NULL when there is none
 * @any_context: @tfm is itself a generic driver: usable everywhere
 * @digest_len: the digest size: kfx_crypto_hash() writes this many bytes
 */
struct kfx_hash_ctx {
	struct kfx_crypto_ctx base;
	struct crypto_shash *tfm;
	struct crypto_shash *generic;
	bool any_context;
	u32 digest_len;
};

static struct kfx_hash_ctx *kfx_hash(struct kfx_crypto_ctx *ctx)
{
	return container_of(ctx, struct kfx_hash_ctx, base);
}

static bool kfx_is_hash(const struct kfx_crypto_ctx *ctx)
{
	return ctx->type == &kfx_crypto_hash_type;
}

static void kfx_hash_teardown(struct kfx_crypto_ctx *ctx)
{
	struct kfx_hash_ctx *c = kfx_hash(ctx);

	if (c->tfm)
		crypto_free_shash(c->tfm);
	if (c->generic)
		crypto_free_shash(c->generic);
}

/*
 * The key, if any.  Every refusal is the caller's key: one of a length
 * the algorithm does not take, or any key for a hash that has none (which
 * would otherwise be silently ignored).  A MAC left without its key keeps
 * CRYPTO_TFM_NEED_KEY.  All are -EINVAL.
 */
static int kfx_hash_setkey(struct crypto_shash *tfm,
			   const struct kfx_crypto_params *p)
{
	if (p->key_len && crypto_shash_setkey(tfm, p->key, p->key_len))
		return -EINVAL;
	if (crypto_shash_get_flags(tfm) & CRYPTO_TFM_NEED_KEY)
		return -EINVAL;
	return 0;
}

static bool kfx_hash_desc_fits(struct crypto_shash *tfm)
{
	return sizeof(struct shash_desc) + crypto_shash_descsize(tfm) <=
	       KFX_CRYPTO_REQ_MAX;
}

/*
 * @algo with "-generic" after each algorithm name that is not a template
 * ("hmac(sha256)" -> "hmac(sha256-generic)"): the driver names of the
 * kernel's C implementations, which templates take as well.  False when
 * it does not fit.
 */
static bool kfx_hash_generic_name(const char *algo, char *name)
{
	static const char suffix[] = "-generic";
	size_t n = 0;
	const char *a;

	for (a = algo; *a; a++) {
		if (n + sizeof(suffix) + 1 > CRYPTO_MAX_ALG_NAME)
			return false;
		if ((*a == ')' || *a == ',') && a > algo && a[-1] != ')') {
			memcpy(name + n, suffix, sizeof(suffix) - 1);
			n += sizeof(suffix) - 1;
		}
		name[n++] = *a;
	}
	if (a > algo && a[-1] != ')') {
		if (n + sizeof(suffix) > CRYPTO_MAX_ALG_NAME)
			return false;
		memcpy(name + n, suffix, sizeof(suffix) - 1);
		n += sizeof(suffix) - 1;
	}
	name[n] = '\0';
	return true;
}

static bool kfx_hash_is_generic(struct crypto_shash *tfm)
{
	const char *drv = crypto_tfm_alg_driver_name(crypto_shash_tfm(tfm));
	size_t len = strlen(drv);

	return len >= 8 && !strcmp(drv + len - 8, "-generic");
}

/*
 * The generic twin, keyed as @c->tfm is.  Not having one is no error: the
 * ctx then hashes only where SIMD is allowed.  A key the twin refuses
 * where @c->tfm took it would be; it cannot happen (same algorithm).
 */
static int kfx_hash_setup_generic(struct kfx_hash_ctx *c,
				  const struct kfx_crypto_params *p)
{
	char name[CRYPTO_MAX_ALG_NAME];
	struct crypto_shash *tfm;

	c->any_context = kfx_hash_is_generic(c->tfm);
	if (c->any_context || !kfx_hash_generic_name(p->algo, name))
		return 0;
	tfm = crypto_alloc_shash(name, 0, 0);
	if (IS_ERR(tfm))
		return 0;
	if (!kfx_hash_desc_fits(tfm) ||
	    crypto_shash_digestsize(tfm) != c->digest_len) {
		crypto_free_shash(tfm);
		return 0;
	}
	c->generic = tfm;
	return kfx_hash_setkey(tfm, p);
}

static int kfx_hash_setup(struct kfx_crypto_ctx *ctx,
			  const struct kfx_crypto_params *p)
{
	struct kfx_hash_ctx *c = kfx_hash(ctx);
	struct crypto_shash *tfm;
	int err;

	tfm = crypto_alloc_shash(p->algo, 0, 0);
	if (IS_ERR(tfm))
		return kfx_crypto_alloc_err(PTR_ERR(tfm));
	c->tfm = tfm;
	if (!kfx_hash_desc_fits(tfm))
		return -EOPNOTSUPP;
	c->digest_len = crypto_shash_digestsize(tfm);
	err = kfx_hash_setkey(tfm, p);
	if (err)
		return err;
	return kfx_hash_setup_generic(c, p);
}

/* Shashes are synchronous by nature. */
static bool kfx_hash_has_algo(const struct kfx_crypto_params *p)
{
	return crypto_has_shash(p->algo, 0, 0);
}

static const char *kfx_hash_driver(struct kfx_crypto_ctx *ctx)
{
	return crypto_tfm_alg_driver_name(crypto_shash_tfm(kfx_hash(ctx)->tfm));
}

const struct kfx_crypto_type kfx_crypto_hash_type = {
	.name = "hash",
	.key_optional = true,
	.ctx_size = KFX_CRYPTO_CTX_SIZE(struct kfx_hash_ctx),
	.has_algo = kfx_hash_has_algo,
	.setup = kfx_hash_setup,
	.teardown = kfx_hash_teardown,
	.driver = kfx_hash_driver,
};

static int kfx_hash_update(void *desc, const u8 *data, u32 len)
{
	return crypto_shash_update(desc, data, len);
}

/*
 * The tfm for this call, and whether to fence the FPU around it (see
 * kfx_crypto_fpu_verdict()); NULL when the call must be -EBUSY: no clean
 * fence, no generic driver, and not a packet program (@packet: data or
 * out is packet memory, which only packet programs can reach).  In this CPU's
 * scratch (preemption off); @fence_needed was read before it.
 */
static struct crypto_shash *kfx_hash_tfm(struct kfx_hash_ctx *c, bool packet,
					 bool fence_needed, bool *fence)
{
	*fence = false;
	if (!fence_needed || c->any_context)
		return c->tfm;
	switch (kfx_crypto_fpu_verdict()) {
	case KFX_FPU_TAKEN:
		return c->tfm;
	case KFX_FPU_FENCE:
		kfx_crypto_fpu_fence();
		*fence = true;
		return c->tfm;
	default:
		if (c->generic)
			return c->generic;
		/* packet programs never run in those sections */
		return packet ? c->tfm : NULL;
	}
}

/* Digest @len bytes of @data into @out in this CPU's scratch. */
static int kfx_hash_digest(struct kfx_hash_ctx *c,
			   const struct bpf_dynptr_kern *data, u32 len, u8 *out,
			   bool packet)
{
	bool fence_needed = kfx_crypto_fpu_fence_needed();
	struct kfx_crypto_scratch *s = kfx_crypto_scratch_get();
	struct shash_desc *desc;
	bool fence;
	int err;

	if (!s)
		return -EBUSY;
	desc = (struct shash_desc *)s->req;
	desc->tfm = kfx_hash_tfm(c, packet, fence_needed, &fence);
	if (!desc->tfm) {
		kfx_crypto_scratch_put(s);
		return -EBUSY;
	}
	err = crypto_shash_init(desc);
	if (!err)
		err = kfx_dynptr_for_each(data, len, kfx_hash_update, desc);
	if (!err)
		err = crypto_shash_final(desc, out);
	/* a MAC's state holds its key */
	shash_desc_zero(desc);
	if (fence)
		kfx_crypto_fpu_unfence();
	kfx_crypto_scratch_put(s);
	return err;
}

/*
 * Every check of the type, here, before anything is written: the data is
 * not empty, @out is writable and holds the digest.  What goes wrong after
 * that leaves @out zeroed, as do the checks when @out can be written.
 */
static int kfx_hash_checked(struct kfx_crypto_ctx *ctx,
			    const struct bpf_dynptr_kern *data, u8 *out,
			    u32 out_len, bool packet)
{
	struct kfx_hash_ctx *c;
	u32 len;

	if (!kfx_is_hash(ctx) || !out)
		return -EINVAL;
	c = kfx_hash(ctx);
	len = kfx_dynptr_size(data);
	if (!len || out_len < c->digest_len)
		return -EINVAL;
	return kfx_hash_digest(c, data, len, out, packet);
}

__bpf_kfunc_start_defs();

/**
 * kfx_crypto_hash() - Digest @data into @out with a "hash" ctx
 * @ctx: A ctx of type "hash"
 * @data: The message: local memory, a ringbuf record, or packet data (an
 *	  skb's linear part, paged fragments and frag_list; an xdp buffer and
 *	  its fragments), read in place, never copied
 * @out: Room for the digest, kfx_crypto_ctx_digestsize() bytes or more:
 *	 local memory, a ringbuf record or an skb's or xdp buffer's linear part
 *
 * The digest goes to the first kfx_crypto_ctx_digestsize() bytes of @out;
 * the rest of @out is left as it was.  Upstream's proposed
 * bpf_crypto_hash() has the same arguments and errnos, on linear data.
 * Callable from SYSCALL, SCHED_CLS, SCHED_ACT (6.4+), XDP and TRACING
 * programs (fentry, fexit, tp_btf, LSM, ...); 6.1's verifier passes only
 * local dynptrs to kfuncs.
 *
 * On x86, where the kernel itself would not use the FPU (a task with
 * bottom halves off, or on PREEMPT_RT with preemption off: the kernel's
 * own FPU register sections look so, and tp_btf programs run there), the
 * call keeps the algorithm's drivers off the FPU and they run their C
 * code, the same digest, slower: by marking the FPU in use, touching no
 * register, where the task's registers are not marked live, else through
 * the algorithm's generic drivers ("sha256-generic", ...); with neither
 * (7.x's sha256 has no generic driver) it is -EBUSY, unless @data or @out
 * is packet memory (only packet programs, never inside those sections,
 * can pass it).  In softirqs (XDP, TC ingress) and tasks with bottom
 * halves on (SYSCALL, most fentry and LSM programs, tp_btf without
 * PREEMPT_RT) the drivers may use SIMD as the kernel's own callers do.
 *
 * Return: 0, or an errno, with every byte of @out zeroed when @out can be
 * written:
 * * %-EINVAL - @ctx is not of type "hash", @data is empty, @out is shorter
 *              than the digest or read-only, or either cannot be reached
 *              (@out outside a packet's linear part, an offset past the
 *              packet's end, unreadable device-memory fragments)
 * * %-EBUSY  - called in hard interrupt or NMI context, with interrupts
 *              off, from a program that runs inside another kfx crypto
 *              call on this CPU (a tracing program attached to a function
 *              the cipher calls), or on x86 where the FPU may not be
 *              used and cannot be fenced (above) and the algorithm has no
 *              generic driver
 * * %-ENOMEM - or another error of the crypto API
 */
__bpf_kfunc int kfx_crypto_hash(struct kfx_crypto_ctx *ctx,
				const KFX_DYNPTR *data, const KFX_DYNPTR *out)
{
	const struct bpf_dynptr_kern *o = (const struct bpf_dynptr_kern *)out;
	u32 out_len = kfx_dynptr_size(o);
	u8 *p = out_len ? kfx_dynptr_data(o, out_len, true) : NULL;
	int err;

	err = kfx_hash_checked(ctx, (const struct bpf_dynptr_kern *)data, p,
			       out_len,
			       kfx_dynptr_is_packet((const struct bpf_dynptr_kern *)data) ||
			       kfx_dynptr_is_packet(o));
	if (err && p)
		memset(p, 0, out_len);
	return err;
}

/**
 * kfx_crypto_ctx_digestsize() - The digest size of a "hash" ctx
 * @ctx: The ctx
 *
 * What kfx_crypto_hash() writes, so that a program can size its output:
 * 32 for sha256, 64 for sha512 and hmac(sha512), 4 for crc32c.
 *
 * Return: the size in bytes, or
 * * %-EINVAL - @ctx is not of type "hash"
 */
__bpf_kfunc int kfx_crypto_ctx_digestsize(struct kfx_crypto_ctx *ctx)
{
	return kfx_is_hash(ctx) ? kfx_hash(ctx)->digest_len : -EINVAL;
}

__bpf_kfunc_end_defs();
