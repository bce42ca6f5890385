/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kfx_crypto.h - the crypto family's insides, shared by its lifecycle
 * (kfx_crypto.c), its dynptr access (kfx_crypto_dynptr.c) and its
 * backends (kfx_crypto_skcipher.c, kfx_crypto_aead.c, kfx_crypto_hash.c,
 * kfx_crypto_sig.c), the way upstream's kernel/bpf/crypto.c calls
 * crypto/bpf_crypto_skcipher.c through struct bpf_crypto_type.
 */
#ifndef _KFX_CRYPTO_H
#define _KFX_CRYPTO_H

#include <linux/build_bug.h>
#include <linux/crypto.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/irq_work.h>
#include <linux/refcount.h>
#include <linux/rcupdate.h>
#include <linux/scatterlist.h>
#include <linux/sched.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <asm/page.h>
/* no include guard in some kernels' asm/simd.h: included here only */
#include <asm/simd.h>

struct bpf_dynptr_kern;
struct crypto_tfm;
struct kfx_crypto_params;

/*
 * The longest message (and AEAD associated data) kfx takes, so that a
 * scatterlist for it always fits the per-CPU scratch below.  Upstream has
 * no limit; a packet program never sees more (64 KiB is the largest GSO
 * packet).
 */
#define KFX_CRYPTO_MAX_LEN	65536

/* Table entries for KFX_CRYPTO_MAX_LEN + a tag at any page offset, twice. */
#define KFX_CRYPTO_SG_ENTRIES	(2 * (KFX_CRYPTO_MAX_LEN / PAGE_SIZE + 2))

/*
 * The largest skcipher or AEAD request kept in the scratch (create checks).
 * arm64 aligns each nested request to CRYPTO_MINALIGN (128 bytes, the DMA
 * alignment): Debian's arm64 6.1 needs more than 1024 bytes for
 * rfc4106(gcm(aes)) over its generic parts.
 */
#define KFX_CRYPTO_REQ_MAX	2048

/**
 * struct kfx_crypto_ctx - what a kfx_crypto_ctx __kptr points to
 * @type: the backend that made it and runs it
 * @usage: references: the creator's, each acquire's, each map's
 * @rcu: frees the ctx a grace period after the last reference went
 * @free_work: queues that from NMI context
 *
 * Each backend embeds this first in its own ctx (container_of()), which
 * kfx_crypto.c allocates zeroed and frees whole: KFX_CRYPTO_CTX_SIZE().
 */
struct kfx_crypto_ctx {
	const struct kfx_crypto_type *type;
	refcount_t usage;
	struct rcu_head rcu;
	struct irq_work free_work;
};

/**
 * struct kfx_crypto_req - one encrypt or decrypt, as its dynptrs say
 * @src: the input, @src_len bytes, never 0 nor over KFX_CRYPTO_MAX_LEN
 * @dst: the output buffer, @dst_len bytes, never 0, writable
 * @siv: the IV and state (AEAD: IV then associated data), or NULL
 * @src_len: bytes at @src
 * @dst_len: bytes of room at @dst
 * @siv_len: bytes at @siv (0 when NULL)
 * @decrypt: decrypt rather than encrypt
 *
 * kfx_crypto.c checks what every backend needs; the backend checks the
 * lengths against each other and against its algorithm, all in one place.
 */
struct kfx_crypto_req {
	void *src;
	void *dst;
	u8 *siv;
	u32 src_len;
	u32 dst_len;
	u32 siv_len;
	bool decrypt;
};

/*
 * The size of backend ctx @type, whose struct kfx_crypto_ctx @base must
 * come first: kfx_crypto.c allocates and frees the whole through it.
 */
#define KFX_CRYPTO_CTX_SIZE(type) \
	(sizeof(type) + BUILD_BUG_ON_ZERO(offsetof(type, base)))

/**
 * struct kfx_crypto_type - a backend (the "type" of create's params)
 * @name: the type's name, e.g. "skcipher"
 * @key_optional: create takes a key_len of 0 ("hash": sha256 has no key)
 * @tagged: create wants a non-zero authsize (AEAD), where every other
 *	    type wants none, as upstream asks of a type with setauthsize
 * @ctx_size: the backend's ctx, KFX_CRYPTO_CTX_SIZE()
 * @has_algo: whether the kernel has a synchronous @params->algo of this
 *	      type
 * @setup: keys the new, zeroed ctx for @params: 0 or an errno, then
 *	   @teardown frees what it made
 * @teardown: frees the tfms (the ctx itself is kfx_crypto.c's to free)
 * @crypt: checks @req's lengths, then encrypts or decrypts: 0 or an errno;
 *	   NULL for the types that do neither (encrypt says -EINVAL)
 * @driver: the name of the implementation, kfx_crypto_ctx_driver()'s
 */
struct kfx_crypto_type {
	const char *name;
	bool key_optional;
	bool tagged;
	size_t ctx_size;
	bool (*has_algo)(const struct kfx_crypto_params *params);
	int (*setup)(struct kfx_crypto_ctx *ctx,
		     const struct kfx_crypto_params *params);
	void (*teardown)(struct kfx_crypto_ctx *ctx);
	int (*crypt)(struct kfx_crypto_ctx *ctx,
		     const struct kfx_crypto_req *req);
	const char *(*driver)(struct kfx_crypto_ctx *ctx);
};

extern const struct kfx_crypto_type kfx_crypto_skcipher_type;
extern const struct kfx_crypto_type kfx_crypto_aead_type;
extern const struct kfx_crypto_type kfx_crypto_hash_type;
extern const struct kfx_crypto_type kfx_crypto_sig_type;

int kfx_crypto_skcipher_crypt(struct kfx_crypto_ctx *ctx,
			      const struct kfx_crypto_req *req);
int kfx_crypto_aead_crypt(struct kfx_crypto_ctx *ctx,
			  const struct kfx_crypto_req *req);

/**
 * struct kfx_crypto_scratch - per-CPU room for a scatterlist request
 * @src: the source table
 * @dst: the destination table
 * @empty: what an empty table points at (a tag-only message's output)
 * @busy: taken: a tracing program that runs inside a kfx crypto call on
 *	  this CPU (attached to a function the cipher calls) must not reuse it
 * @req: the skcipher or AEAD request and its driver's context, or the
 *	 hash descriptor
 *
 * Kept off the stack, which under XDP and TC is the softirq stack beneath
 * the program's own, and in directly mapped memory: drivers such as the
 * gcm template point scatterlists at their request context, which a
 * vmalloc'ed stack cannot back.
 */
struct kfx_crypto_scratch {
	struct scatterlist src[KFX_CRYPTO_SG_ENTRIES];
	struct scatterlist dst[KFX_CRYPTO_SG_ENTRIES];
	u8 empty;
	bool busy;
	u8 req[KFX_CRYPTO_REQ_MAX] __aligned(CRYPTO_MINALIGN);
};

/*
 * Where no crypto kfunc runs (-EBUSY): hard interrupt and NMI context,
 * where a tracing program may be, and interrupts off.
 */
static inline bool kfx_crypto_in_irq(void)
{
	return in_hardirq() || in_nmi() || irqs_disabled();
}

/**
 * enum kfx_fpu_verdict - what a call where the FPU must be kept off may do
 * @KFX_FPU_TAKEN: the FPU is in use already (a kernel FPU section below
 *	us): every driver sees so and runs its C code
 * @KFX_FPU_FENCE: the task's registers are marked live (or it has none):
 *	kfx_crypto_fpu_fence() keeps the drivers off cleanly
 * @KFX_FPU_UNSAFE: neither: a fence would leave the kernel's FPU state
 *	inconsistent inside its own register sections (the registers
 *	loaded, not yet marked live), so only generic drivers may run
 */
enum kfx_fpu_verdict {
	KFX_FPU_TAKEN,
	KFX_FPU_FENCE,
	KFX_FPU_UNSAFE,
};

#ifdef CONFIG_X86
/*
 * Whether x86 code that may use the FPU (kernel_fpu_begin(), reached
 * through a SIMD crypto driver or lib/crypto) must be kept from it here:
 * in task context with bottom halves off (on PREEMPT_RT, with preemption
 * off), which is what the kernel's own fpregs_lock() sections look like.
 * There the task's registers may be loaded but not yet marked so, and
 * kernel_fpu_begin() would skip saving them and the task would return to
 * user space with the driver's.  A tracing program can run in such a
 * section (tp_btf/x86_fpu_regs_activated, fentry on what it calls) and
 * nothing tells it apart from, say, a TC program on the transmit path.
 * Softirqs and task context with bottom halves on are outside them all.
 * Called before kfx_crypto_scratch_get() (which disables preemption).
 */
static inline bool kfx_crypto_fpu_fence_needed(void)
{
	if (in_serving_softirq())
		return false;
	if (softirq_count())
		return true;
	return IS_ENABLED(CONFIG_PREEMPT_RT) && !preemptible();
}

/*
 * Where kfx_crypto_fpu_fence_needed(), in the scratch (preemption off).
 * A fence needs switch_fpu_return() to put the task's FPU state back
 * (kfx_crypto_fpu_unfence()); where kfx may not call it (7.x exports it
 * to KVM only: KFX_HAVE_X86_FPU_RETURN unset) there is no clean fence.
 */
static inline enum kfx_fpu_verdict kfx_crypto_fpu_verdict(void)
{
	if (!may_use_simd())
		return KFX_FPU_TAKEN;
#ifdef KFX_HAVE_X86_FPU_RETURN
	if (!(current->flags & PF_KTHREAD) &&
	    !test_thread_flag(TIF_NEED_FPU_LOAD))
		return KFX_FPU_FENCE;
#endif
	return KFX_FPU_UNSAFE;
}

/*
 * Mark the FPU as in use on this CPU without touching a register, where
 * kfx_crypto_fpu_verdict() said KFX_FPU_FENCE: kernel_fpu_begin_mask(0)
 * loads no MXCSR nor x87 state and, the registers being marked live,
 * saves them to memory and marks them not loaded.  Every x86 SIMD crypto
 * driver and lib/crypto check crypto_simd_usable() or irq_fpu_usable()
 * first, see the FPU taken and run their C code: the same digest,
 * slower.
 */
static inline void kfx_crypto_fpu_fence(void)
{
	kernel_fpu_begin_mask(0);
}

/*
 * End the fence and leave the task's FPU state as it was: its registers,
 * untouched, live and marked so.  kernel_fpu_begin_mask() marked them not
 * loaded and this CPU's as no one's; switch_fpu_return() loads them back
 * from the copy it saved (the same bytes) and marks them live and this
 * CPU's.  Inside the kernel's own register sections that matters: at
 * tp_btf/x86_fpu_regs_activated the section marks the registers live
 * right after the program, and a CPU left as no one's owner then fails
 * fpregs_assert_state_consistent() on the way to user space (seen).
 * Only where kernel_fpu_begin_mask() saved them (not a kernel thread).
 */
static inline void kfx_crypto_fpu_unfence(void)
{
	kernel_fpu_end();
#ifdef KFX_HAVE_X86_FPU_RETURN
	if (test_thread_flag(TIF_NEED_FPU_LOAD))
		switch_fpu_return();
#endif
}
#else
/*
 * arm64 keeps its own FPSIMD sections apart: kernel_neon_begin() saves
 * the task's state itself and may_use_simd(), which every NEON driver
 * checks, covers the rest.
 */
static inline bool kfx_crypto_fpu_fence_needed(void)
{
	return false;
}

static inline enum kfx_fpu_verdict kfx_crypto_fpu_verdict(void)
{
	return KFX_FPU_TAKEN;
}

static inline void kfx_crypto_fpu_fence(void)
{
}

static inline void kfx_crypto_fpu_unfence(void)
{
}
#endif

/*
 * Which of this CPU's two scratch slots (and kfx_ecdsa.c's work areas)
 * the context we are in uses: a softirq can interrupt a task holding its
 * own on !PREEMPT_RT, never another softirq.
 */
static inline unsigned int kfx_crypto_slot(void)
{
	return in_serving_softirq() ? 1 : 0;
}

struct kfx_crypto_scratch *kfx_crypto_scratch_get(void);
void kfx_crypto_scratch_put(struct kfx_crypto_scratch *s);

/*
 * Dynptrs, decoded by kfx_crypto_dynptr.c: the size, the address of @len bytes
 * as plain memory (NULL when they are not), and every piece of a packet's
 * bytes in turn, paged and fragment data included.
 */
u32 kfx_dynptr_size(const struct bpf_dynptr_kern *p);
bool kfx_dynptr_is_packet(const struct bpf_dynptr_kern *p);
void *kfx_dynptr_data(const struct bpf_dynptr_kern *p, u32 len, bool write);
typedef int (*kfx_dynptr_piece_fn)(void *arg, const u8 *data, u32 len);
int kfx_dynptr_for_each(const struct bpf_dynptr_kern *p, u32 len,
			kfx_dynptr_piece_fn fn, void *arg);
int kfx_crypto_sg(struct kfx_crypto_scratch *s, struct scatterlist *sg,
		  void *ad, u32 ad_len, void *buf, u32 len);
int kfx_crypto_alloc_err(int err);
bool kfx_crypto_simd_name(struct crypto_tfm *best, char *name);

/*
 * ECDSA verification with a fixed public key (kfx_ecdsa.c): kfx's own over
 * the kernel's elliptic-curve library, on every kernel.
 */
struct kfx_ecdsa;
bool kfx_ecdsa_has_curve(unsigned int bits);
struct kfx_ecdsa *kfx_ecdsa_new(unsigned int bits, const u8 *key, u32 len,
				int *err);
void kfx_ecdsa_free(struct kfx_ecdsa *e);
int kfx_ecdsa_verify(const struct kfx_ecdsa *e, const u8 *digest,
		     u32 digest_len, const u8 *sig, u32 sig_len);
const char *kfx_ecdsa_driver(const struct kfx_ecdsa *e);

/* Module init and exit (kfx_main.c). */
int kfx_crypto_init(void);
void kfx_crypto_exit(void);

#endif /* _KFX_CRYPTO_H */
