// SPDX-License-Identifier: GPL-2.0
/*
 * kfx crypto family: upstream's bpf_crypto_*() kfuncs (6.10, nullable siv
 * 6.11) for every kernel, with the same checks and errnos.
 *
 * This file is the family's lifecycle (create, acquire, release, the map
 * destructor), the rules every call shares and the memory a scatterlist
 * request or a hash descriptor runs in; kfx_crypto_dynptr.c reads the
 * dynptrs.  The algorithms are backends behind struct kfx_crypto_type:
 * kfx_crypto_skcipher.c ("skcipher"), kfx_crypto_aead.c ("aead"),
 * kfx_crypto_hash.c ("hash") and kfx_crypto_sig.c ("sig"), each owning
 * every check of its lengths.  kfx allocates nothing and nothing sleeps
 * after creation (the crypto API may allocate atomically for an unaligned
 * buffer: -ENOMEM).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bottom_half.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/filter.h>
#include <linux/indirect_call_wrapper.h>
#include <linux/irq_work.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "kfx_compat.h"
#include "../bpf/kfx.h"
#include "kfx_crypto.h"

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
 * What every backend may rely on: @src readable and @dst writable, both
 * non-empty, @src at most KFX_CRYPTO_MAX_LEN, @siv writable when given.
 * Upstream's errno for each is -EINVAL.
 */
static int kfx_crypto_req_init(struct kfx_crypto_req *req,
			       const struct bpf_dynptr_kern *src,
			       const struct bpf_dynptr_kern *dst,
			       const struct bpf_dynptr_kern *siv, bool decrypt)
{
	req->src_len = kfx_dynptr_size(src);
	req->dst_len = kfx_dynptr_size(dst);
	req->siv_len = siv ? kfx_dynptr_size(siv) : 0;
	req->decrypt = decrypt;
	if (!req->src_len || !req->dst_len ||
	    req->src_len > KFX_CRYPTO_MAX_LEN)
		return -EINVAL;
	req->src = kfx_dynptr_data(src, req->src_len, false);
	req->dst = kfx_dynptr_data(dst, req->dst_len, true);
	if (!req->src || !req->dst)
		return -EINVAL;
	req->siv = NULL;
	if (req->siv_len) {
		req->siv = kfx_dynptr_data(siv, req->siv_len, true);
		if (!req->siv)
			return -EINVAL;
	}
	return 0;
}

/* What the four encrypt and decrypt kfuncs do with their dynptrs. */
static int kfx_crypto_dynptr_crypt(struct kfx_crypto_ctx *ctx,
				   const KFX_DYNPTR *src, const KFX_DYNPTR *dst,
				   const KFX_DYNPTR *siv, bool decrypt)
{
	struct kfx_crypto_req req;
	int err;

	err = kfx_crypto_req_init(&req, (const struct bpf_dynptr_kern *)src,
				  (const struct bpf_dynptr_kern *)dst,
				  (const struct bpf_dynptr_kern *)siv, decrypt);
	if (err)
		return err;
	if (!ctx->type->crypt)
		return -EINVAL;
	/* Two backends: direct calls, no retpoline on the hot path. */
	return INDIRECT_CALL_2(ctx->type->crypt, kfx_crypto_skcipher_crypt,
			       kfx_crypto_aead_crypt, ctx, &req);
}

/* ---------- scatterlists, for the backends ---------- */

/*
 * Two per CPU: one for task context, one for softirq context, which on
 * !PREEMPT_RT can interrupt a task holding the first.  See
 * kfx_crypto_scratch_get().
 */
#define KFX_CRYPTO_SCRATCH_SLOTS	2
static DEFINE_PER_CPU(struct kfx_crypto_scratch *,
		      kfx_crypto_scratch[KFX_CRYPTO_SCRATCH_SLOTS]);

/*
 * This CPU's scratch for the context we are in, or NULL where it may not
 * be used: in hard interrupt and NMI context (where tracing programs may
 * run), with interrupts off, and while a kfx crypto call that holds it
 * runs below us (a tracing program attached inside it: @busy turns it
 * away, which also bounds nesting to one level).
 *
 * Preemption, not bottom halves, is what is disabled while it is held:
 * local_bh_disable() from a tracing program is wrong on PREEMPT_RT (from a
 * non-preemptible context it does not take the per-CPU softirq lock and
 * corrupts the task's softirq count; from a preemptible one it takes that
 * sleeping lock inside whatever spinlock_t the traced code holds) and, on
 * any kernel, its local_bh_enable() runs softirqs inside the traced code.
 * A softirq that interrupts a task-context holder (!PREEMPT_RT) takes the
 * other slot; on PREEMPT_RT softirqs run in threads and cannot interrupt
 * a non-preemptible holder at all.
 */
struct kfx_crypto_scratch *kfx_crypto_scratch_get(void)
{
	struct kfx_crypto_scratch *s;

	if (unlikely(kfx_crypto_in_irq()))
		return NULL;
	preempt_disable();
	s = this_cpu_read(kfx_crypto_scratch[kfx_crypto_slot()]);
	if (unlikely(s->busy)) {
		preempt_enable();
		return NULL;
	}
	s->busy = true;
	return s;
}

void kfx_crypto_scratch_put(struct kfx_crypto_scratch *s)
{
	s->busy = false;
	preempt_enable();
}

/*
 * Add @len bytes at @buf to @sg from entry *@n on: one entry for directly
 * mapped memory (its pages are contiguous), one per page in vmalloc space
 * (BPF stacks, ringbufs, global data, large map values).  -EINVAL when
 * the memory is neither.
 */
static int kfx_crypto_sg_add(struct scatterlist *sg, unsigned int *n,
			     void *buf, u32 len)
{
	struct page *page;
	u32 part;

	if (!is_vmalloc_addr(buf)) {
		if (!virt_addr_valid(buf) || !virt_addr_valid(buf + len - 1))
			return -EINVAL;
		sg_set_buf(&sg[(*n)++], buf, len);
		return 0;
	}
	while (len) {
		/* KFX_CRYPTO_SG_ENTRIES covers the longest message */
		if (WARN_ON_ONCE(*n == KFX_CRYPTO_SG_ENTRIES))
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

/**
 * kfx_crypto_sg() - a scatterlist for associated data and a buffer
 * @s: this CPU's scratch
 * @sg: @s->src or @s->dst
 * @ad: the associated data, or NULL
 * @ad_len: its length, 0 to KFX_CRYPTO_MAX_LEN
 * @buf: the data
 * @len: its length, 0 to KFX_CRYPTO_MAX_LEN plus a tag
 *
 * An empty table (a tag-only message's output) holds one empty entry.
 *
 * Return: 0, or -EINVAL when the memory cannot be mapped.
 */
int kfx_crypto_sg(struct kfx_crypto_scratch *s, struct scatterlist *sg,
		  void *ad, u32 ad_len, void *buf, u32 len)
{
	unsigned int n = 0;

	sg_init_table(sg, KFX_CRYPTO_SG_ENTRIES);
	if (ad_len && kfx_crypto_sg_add(sg, &n, ad, ad_len))
		return -EINVAL;
	if (len && kfx_crypto_sg_add(sg, &n, buf, len))
		return -EINVAL;
	if (!n)
		sg_set_buf(&sg[n++], &s->empty, 0);
	sg_mark_end(&sg[n - 1]);
	return 0;
}

/* An algorithm with only asynchronous drivers is one kfx cannot offer. */
int kfx_crypto_alloc_err(int err)
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
bool kfx_crypto_simd_name(struct crypto_tfm *best, char *name)
{
	if (!(best->__crt_alg->cra_flags & CRYPTO_ALG_ASYNC))
		return false;
	return snprintf(name, CRYPTO_MAX_ALG_NAME, "__%s",
			crypto_tfm_alg_driver_name(best)) < CRYPTO_MAX_ALG_NAME;
}

/* ---------- lifecycle ---------- */

static const struct kfx_crypto_type *const kfx_crypto_types[] = {
	&kfx_crypto_skcipher_type,
	&kfx_crypto_aead_type,
	&kfx_crypto_hash_type,
	&kfx_crypto_sig_type,
};

/* The backend @params names, or NULL (create says -ENOENT). */
static const struct kfx_crypto_type *
kfx_crypto_type_of(const struct kfx_crypto_params *params)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kfx_crypto_types); i++)
		if (!strncmp(params->type, kfx_crypto_types[i]->name,
			     sizeof(params->type)))
			return kfx_crypto_types[i];
	return NULL;
}

static bool kfx_crypto_params_valid(const struct kfx_crypto_params *params,
				    u32 params__sz)
{
	return params && params__sz == sizeof(*params) &&
	       !params->reserved[0] && !params->reserved[1] &&
	       strnlen(params->algo, sizeof(params->algo)) < sizeof(params->algo);
}

/*
 * The rules of create every type shares, as upstream's bpf_crypto_ctx_create()
 * has them: an authsize exactly for the types with tags (else
 * -EOPNOTSUPP, as an algorithm the kernel lacks), then a key within
 * params->key, and one unless the type may go without (-EINVAL).  The
 * algorithm's own rules for its key and tag are the backend's @setup.
 */
static int kfx_crypto_params_fit(const struct kfx_crypto_type *type,
				 const struct kfx_crypto_params *params)
{
	if (!!params->authsize != type->tagged || !type->has_algo(params))
		return -EOPNOTSUPP;
	if (params->key_len > sizeof(params->key) ||
	    (!params->key_len && !type->key_optional))
		return -EINVAL;
	return 0;
}

/* A backend's ctx with its tfms, then the ctx. */
static void kfx_crypto_ctx_free(struct kfx_crypto_ctx *ctx)
{
	ctx->type->teardown(ctx);
	kfree(ctx);
}

/* A new ctx of @type keyed for @params, or NULL with *@err set. */
static struct kfx_crypto_ctx *
kfx_crypto_ctx_new(const struct kfx_crypto_type *type,
		   const struct kfx_crypto_params *params, int *err)
{
	struct kfx_crypto_ctx *ctx = kzalloc(type->ctx_size, GFP_KERNEL);

	if (!ctx) {
		*err = -ENOMEM;
		return NULL;
	}
	ctx->type = type;
	*err = type->setup(ctx, params);
	if (*err) {
		kfx_crypto_ctx_free(ctx);
		return NULL;
	}
	return ctx;
}

static void kfx_crypto_free_rcu(struct rcu_head *head);

/* The last release came in NMI context (a map update by a tracing program). */
static void kfx_crypto_free_irq_work(struct irq_work *work)
{
	struct kfx_crypto_ctx *ctx = container_of(work, struct kfx_crypto_ctx,
						  free_work);

	call_rcu(&ctx->rcu, kfx_crypto_free_rcu);
}

static void kfx_crypto_free_rcu(struct rcu_head *head)
{
	struct kfx_crypto_ctx *ctx = container_of(head, struct kfx_crypto_ctx,
						  rcu);

	kfx_crypto_ctx_free(ctx);
	atomic_dec(&kfx_crypto_live_count);
	module_put(THIS_MODULE);
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
 * Return: a referenced ctx, to be stored as a kptr or released, or NULL
 * with *@err set:
 * * %-EINVAL     - NULL @params, @params__sz not the struct's size,
 *                  non-zero @reserved, @algo without its NUL, key_len
 *                  over 256, or 0 for a type or algorithm that needs a key
 *                  (all but "hash" over an unkeyed hash), a key given to
 *                  a hash without one, a key or an authsize the algorithm
 *                  refused ("sig": a public key that is not an
 *                  uncompressed point of the curve)
 * * %-ENOENT     - @type is none of "skcipher", "aead", "hash", "sig"
 * * %-EOPNOTSUPP - the kernel has no synchronous implementation of @algo
 *                  (or one whose request or descriptor does not fit kfx's
 *                  per-CPU scratch), an @authsize for a type other than
 *                  "aead", or none for "aead"; "sig": @algo is not
 *                  "p1363(ecdsa-nist-pN)" for a curve kfx verifies on
 *                  this kernel (P-192, P-256, P-384; P-521 where the
 *                  kernel's elliptic-curve library has it, 6.12+)
 * * %-EBUSY      - called where it cannot sleep (a bpf_timer callback of a
 *                  sleepable program, which kernels before 7.x let call it)
 * * %-ENOMEM     - no memory for the ctx, or the crypto API's own error
 */
__bpf_kfunc struct kfx_crypto_ctx *
kfx_crypto_ctx_create(const struct kfx_crypto_params *params, u32 params__sz,
		      int *err)
{
	const struct kfx_crypto_type *type;
	struct kfx_crypto_ctx *ctx;

	/*
	 * The verifier lets only sleepable programs call it, but before
	 * 7.x's fix it counts a bpf_timer callback such a program armed
	 * as sleepable too: that runs in softirq context.
	 */
	if (in_interrupt() || irqs_disabled()) {
		*err = -EBUSY;
		return NULL;
	}
	if (!kfx_crypto_params_valid(params, params__sz)) {
		*err = -EINVAL;
		return NULL;
	}
	type = kfx_crypto_type_of(params);
	if (!type) {
		*err = -ENOENT;
		return NULL;
	}
	*err = kfx_crypto_params_fit(type, params);
	if (*err)
		return NULL;
	ctx = kfx_crypto_ctx_new(type, params, err);
	if (!ctx)
		return NULL;
	refcount_set(&ctx->usage, 1);
	init_irq_work(&ctx->free_work, kfx_crypto_free_irq_work);
	__module_get(THIS_MODULE);
	atomic_inc(&kfx_crypto_live_count);
	return ctx;
}

/**
 * kfx_crypto_ctx_acquire() - Take a reference to @ctx
 * @ctx: A ctx the program holds a reference to: no verifier kfx serves
 *	 passes any other (a ctx loaded from a map is untrusted, not an
 *	 RCU pointer, kfx.h), so the last reference cannot go meanwhile
 *
 * Return: @ctx, or NULL when its last reference is already gone (it is
 * being freed); no errno.
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
 * The last reference frees the ctx after an RCU grace period.  No BPF
 * program can reach a ctx it holds no reference to (see
 * kfx_crypto_ctx_acquire()), so no reader needs that grace period today;
 * it keeps a ctx valid for the RCU readers upstream's bpf_crypto_ctx has
 * (the verifier hands out RCU pointers to its kptrs), should a kernel do
 * the same for kfx's.  From NMI context, where call_rcu() may not be
 * called, an irq_work does it.
 */
__bpf_kfunc void kfx_crypto_ctx_release(struct kfx_crypto_ctx *ctx)
{
	if (!refcount_dec_and_test(&ctx->usage))
		return;
	if (in_nmi())
		irq_work_queue(&ctx->free_work);
	else
		call_rcu(&ctx->rcu, kfx_crypto_free_rcu);
}

/**
 * kfx_crypto_ctx_release_dtor() - The destructor of a ctx kptr in a map
 * @ctx: The ctx the map held, or NULL
 *
 * The kernel calls it through a pointer when it frees the map or the
 * element: a function of its own, kept out of objtool's IBT sealing (its
 * ENDBR must stay), as upstream's bpf_crypto_ctx_release_dtor() is.  6.1's
 * bpf_map_free_kptrs() calls it for empty slots too.
 */
__bpf_kfunc void kfx_crypto_ctx_release_dtor(void *ctx)
{
	if (ctx)
		kfx_crypto_ctx_release(ctx);
}

KFX_NOSEAL(kfx_crypto_ctx_release_dtor);

/**
 * kfx_crypto_encrypt() - Encrypt @src into @dst
 * @ctx: The ctx
 * @src: The plaintext, 1 to 65536 bytes
 * @dst: Room for the ciphertext: at least @src's length ("skcipher"), or
 *	 that plus the tag ("aead")
 * @siv__nullable: The IV plus state, the ctx's size ("aead": the IV, then
 *		   the associated data, up to 65536 bytes); NULL when that is 0
 *
 * Dynptrs of every kind the kernel has: local memory and ringbuf, and skb
 * and xdp (6.4+) as far as their linear data reaches.  6.1's verifier
 * passes only local dynptrs to kfuncs ("points to unsupported dynamic
 * pointer type" for a ringbuf one).  On 6.1 the verifier refuses a NULL
 * siv: use kfx_crypto_encrypt_noiv().
 *
 * Return: 0, or
 * * %-EINVAL - @dst is read-only, @src or @dst is empty, @src is longer
 *              than 65536 bytes (a kfx limit: upstream has none) or than
 *              @dst (aead: @dst has no room for the tag), the siv length
 *              is not the ctx's (aead: shorter than its IV), a mode of
 *              whole blocks (ecb, cbc) given a partial one, or the data
 *              cannot be reached (outside an skb's linear part or an xdp
 *              buffer's first fragment; @dst in a clone's shared data:
 *              bpf_skb_pull_data() first).  Nothing is written then.
 * * %-EBUSY  - called with interrupts off (no program kfx serves is)
 * * %-ENOMEM - the crypto API could not allocate, atomically, for an
 *              unaligned buffer; or another error of the crypto API
 */
__bpf_kfunc int kfx_crypto_encrypt(struct kfx_crypto_ctx *ctx,
				   const KFX_DYNPTR *src, const KFX_DYNPTR *dst,
				   const KFX_DYNPTR *siv__nullable)
{
	return kfx_crypto_dynptr_crypt(ctx, src, dst, siv__nullable, false);
}

/**
 * kfx_crypto_decrypt() - Decrypt @src into @dst
 * @ctx: The ctx
 * @src: The ciphertext ("aead": then the tag; the tag alone is a message)
 * @dst: Room for the plaintext: at least @src's length ("skcipher"), or
 *	 that less the tag ("aead"), and never empty
 * @siv__nullable: As for kfx_crypto_encrypt()
 *
 * Return: as kfx_crypto_encrypt(), and for "aead" %-EBADMSG:
 * * %-EINVAL  - as for kfx_crypto_encrypt() (aead: @dst not @src's length
 *               less the tag)
 * * %-EBUSY   - called with interrupts off
 * * %-ENOMEM  - as for kfx_crypto_encrypt()
 * * %-EBADMSG - "aead": the message fails authentication (the plaintext's
 *               bytes of @dst are then zeroed)
 */
__bpf_kfunc int kfx_crypto_decrypt(struct kfx_crypto_ctx *ctx,
				   const KFX_DYNPTR *src, const KFX_DYNPTR *dst,
				   const KFX_DYNPTR *siv__nullable)
{
	return kfx_crypto_dynptr_crypt(ctx, src, dst, siv__nullable, true);
}

/**
 * kfx_crypto_encrypt_noiv() - kfx_crypto_encrypt() without an IV
 * @ctx: A ctx whose IV plus state size is 0
 * @src: The plaintext
 * @dst: Room for the ciphertext
 *
 * The same source works on every kernel, 6.1 included, whose verifier
 * cannot take a NULL siv, without a 0-sized dynptr.
 *
 * Return: 0 or an error, as kfx_crypto_encrypt() with a NULL siv:
 * * %-EINVAL - as for kfx_crypto_encrypt(), and a ctx with an IV
 * * %-EBUSY  - called with interrupts off
 * * %-ENOMEM - as for kfx_crypto_encrypt()
 */
__bpf_kfunc int kfx_crypto_encrypt_noiv(struct kfx_crypto_ctx *ctx,
					const KFX_DYNPTR *src,
					const KFX_DYNPTR *dst)
{
	return kfx_crypto_dynptr_crypt(ctx, src, dst, NULL, false);
}

/**
 * kfx_crypto_decrypt_noiv() - kfx_crypto_decrypt() without an IV
 * @ctx: A ctx whose IV plus state size is 0
 * @src: The ciphertext
 * @dst: Room for the plaintext
 *
 * Return: 0 or an error, as kfx_crypto_decrypt() with a NULL siv:
 * * %-EINVAL  - as for kfx_crypto_decrypt(), and a ctx with an IV
 * * %-EBUSY   - called with interrupts off
 * * %-ENOMEM  - as for kfx_crypto_decrypt()
 * * %-EBADMSG - as for kfx_crypto_decrypt()
 */
__bpf_kfunc int kfx_crypto_decrypt_noiv(struct kfx_crypto_ctx *ctx,
					const KFX_DYNPTR *src,
					const KFX_DYNPTR *dst)
{
	return kfx_crypto_dynptr_crypt(ctx, src, dst, NULL, true);
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
 * kfx picks the one the crypto API ranks highest among those usable
 * synchronously, so the accelerated x86 drivers when their modules are
 * loaded (udev loads them at boot on CPUs with AES-NI; `modprobe
 * aesni_intel` otherwise) before the ctx is created.  CRYPTO_MAX_ALG_NAME
 * (128) bytes always suffice.
 *
 * Return: the name's length, or
 * * %-E2BIG - it does not fit (@buf then holds as much as fits,
 *             terminated, unless @buf__sz is 0)
 */
__bpf_kfunc int kfx_crypto_ctx_driver(struct kfx_crypto_ctx *ctx, char *buf,
				      u32 buf__sz)
{
	if (!buf__sz)
		return -E2BIG;
	return strscpy(buf, ctx->type->driver(ctx), buf__sz);
}

__bpf_kfunc_end_defs();

BTF_ID_LIST(kfx_crypto_dtor_ids)
BTF_ID(struct, kfx_crypto_ctx)
BTF_ID(func, kfx_crypto_ctx_release_dtor)

/* Lets a struct kfx_crypto_ctx __kptr live in a map: freed with the map. */
static int kfx_crypto_register_dtor(void)
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

static void kfx_crypto_scratch_free(void)
{
	int cpu, i;

	for_each_possible_cpu(cpu) {
		for (i = 0; i < KFX_CRYPTO_SCRATCH_SLOTS; i++) {
			kfree(per_cpu(kfx_crypto_scratch[i], cpu));
			per_cpu(kfx_crypto_scratch[i], cpu) = NULL;
		}
	}
}

/* Every possible CPU's scratch (kmalloc: directly mapped). */
static int kfx_crypto_scratch_alloc(void)
{
	struct kfx_crypto_scratch *s;
	int cpu, i;

	for_each_possible_cpu(cpu) {
		for (i = 0; i < KFX_CRYPTO_SCRATCH_SLOTS; i++) {
			s = kzalloc_node(sizeof(*s), GFP_KERNEL,
					 cpu_to_node(cpu));
			if (!s) {
				kfx_crypto_scratch_free();
				pr_err("no memory for the crypto scratch of CPU %d\n",
				       cpu);
				return -ENOMEM;
			}
			per_cpu(kfx_crypto_scratch[i], cpu) = s;
		}
	}
	return 0;
}

/* The scratch, then the destructor. */
int kfx_crypto_init(void)
{
	int err;

	err = kfx_crypto_scratch_alloc();
	if (err)
		return err;
	err = kfx_crypto_register_dtor();
	if (err) {
		kfx_crypto_scratch_free();
		pr_err("registering the crypto ctx destructor failed: %d\n",
		       err);
	}
	return err;
}

/* Wait for the frees call_rcu() queued: their code is in this module. */
void kfx_crypto_exit(void)
{
	rcu_barrier();
	kfx_crypto_scratch_free();
}
