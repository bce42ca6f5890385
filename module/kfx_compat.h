/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kfx_compat.h - the one place where kfx adapts to the target kernel.
 *
 * Every KFX_HAVE_* comes from kfx_probes.h, generated at build time by
 * compiling the tiny tests in module/probes/ against the target kernel's
 * headers (see the Makefile), never from the kernel version: distributions
 * backport.
 */
#ifndef _KFX_COMPAT_H
#define _KFX_COMPAT_H

#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/cfi.h>
#include <linux/uaccess.h>
#include <crypto/skcipher.h>
#include <linux/skbuff.h>
#include <asm/page.h>
#include <asm/processor.h>
#ifdef CONFIG_X86_64
#include <asm/vsyscall.h>
#endif

#include "kfx_probes.h"

/*
 * __bpf_kfunc appeared in 6.3; before it a kfunc, global and referenced by
 * BTF_ID, only had to stay out of line.
 */
#ifndef KFX_HAVE_BPF_KFUNC
#define __bpf_kfunc noinline
#endif

/*
 * __bpf_kfunc_start_defs() (6.7) silences -Wmissing-prototypes; kfx's kfuncs
 * have prototypes in bpf/kfx.h, so nothing is needed where it is missing.
 */
#ifndef KFX_HAVE_BPF_KFUNC_START_DEFS
#define __bpf_kfunc_start_defs()
#define __bpf_kfunc_end_defs()
#endif

/*
 * BTF_KFUNCS_START (6.9) marks the set as a kfunc set; 6.9+ rejects a set
 * without that flag with -EINVAL.  Older kernels only know BTF_SET8_START.
 */
#ifndef KFX_HAVE_BTF_KFUNCS_START
#define BTF_KFUNCS_START(name)	BTF_SET8_START(name)
#define BTF_KFUNCS_END(name)	BTF_SET8_END(name)
#endif

/*
 * Whether the kernel has a kfunc hook for @type.  The SCHED_ACT hook
 * arrived in 6.4 together with skb dynptrs; the hook itself is private to
 * kernel/bpf/btf.c, so the skb dynptr type (the header-visible half of
 * that change) stands for it.  Registering a set for SCHED_ACT on 6.1
 * fails with -EINVAL.
 */
static inline bool kfx_kfunc_hook_exists(enum bpf_prog_type type)
{
#ifndef KFX_HAVE_DYNPTR_TYPE_SKB
	if (type == BPF_PROG_TYPE_SCHED_ACT)
		return false;
#endif
	return true;
}

/*
 * guard(pagefault)(): page faults disabled until the end of the scope, so
 * that a fault-safe load fails instead of sleeping.  The kernel's own
 * guard where its headers have it; else one made with <linux/cleanup.h>
 * (6.5, and backported to Debian's 6.1); else, on headers without
 * cleanup.h, the same scope from the compiler's cleanup attribute.
 */
#if defined(KFX_HAVE_GUARD_PAGEFAULT)
/* <linux/uaccess.h> defines it */
#elif defined(KFX_HAVE_CLEANUP_GUARD)
#include <linux/cleanup.h>
DEFINE_LOCK_GUARD_0(pagefault, pagefault_disable(), pagefault_enable())
#else
static inline int kfx_pagefault_scope_begin(void)
{
	pagefault_disable();
	return 0;
}

static inline void kfx_pagefault_scope_end(int *unused)
{
	pagefault_enable();
}

#define kfx_guard_pagefault()						\
	int __kfx_pagefault_scope __cleanup(kfx_pagefault_scope_end) =	\
		kfx_pagefault_scope_begin()
#define guard(name)	kfx_guard_##name
#endif

/*
 * The type a kfunc declares for a dynptr argument: struct bpf_dynptr from
 * 6.11, struct bpf_dynptr_kern before (the verifier recognises only its own
 * kernel's).  Either way the memory is a struct bpf_dynptr_kern.
 */
#ifdef KFX_HAVE_DYNPTR_KFUNC_ARG
#define KFX_DYNPTR struct bpf_dynptr
#else
#define KFX_DYNPTR struct bpf_dynptr_kern
#endif

/*
 * Lockdown in confidentiality mode takes bpf_probe_read_kernel() from
 * programs; kfx's unbounded string kfuncs, which read any kernel address
 * where the verifier passes arbitrary pointers (__ign, 6.2, which KF_RCU
 * came with), then refuse to read.  Programs never ask the LSMs (from NMI,
 * or as whatever task they interrupted): a kworker asks as the kernel, at
 * module init and then once a second until lockdown is on, which it then
 * stays (kfx_string.c); a call reads one flag.  A kfunc set's filter (6.5)
 * would decide at load time instead, but measured on 6.12 a filter
 * comparing the module's own BTF ids never refused: the ids it is handed
 * are, it seems, relocated against vmlinux (distilled base BTF), which
 * the module cannot know.  6.1's verifier passes these kfuncs only BPF
 * memory, which lockdown leaves readable.
 */
#ifdef KF_RCU
#define KFX_LOCKDOWN_CHECKS	1

extern bool kfx_lockdown_seen;
void kfx_lockdown_start(void);
void kfx_lockdown_stop(void);

static inline bool kfx_read_locked_down(void)
{
	return READ_ONCE(kfx_lockdown_seen);
}
#else
static inline void kfx_lockdown_start(void)
{
}

static inline void kfx_lockdown_stop(void)
{
}

static inline bool kfx_read_locked_down(void)
{
	return false;
}
#endif

/*
 * KF_RCU (6.2) lets a kfunc take a pointer loaded from a map under RCU,
 * and refuses the untrusted ones (a tracing program's fentry arguments).
 * 6.1 has no such trust level, and passes any plain BTF pointer of the
 * type without a flag: an fexit program on kfx_hash_teardown() would hand the
 * ctx being freed to kfx_crypto_hash().  There the ctx kfuncs demand
 * KF_TRUSTED_ARGS, a referenced pointer: what create, acquire and
 * bpf_kptr_xchg() give (tests/progs/crypto_map_6_1.bpf.c), and all a
 * 6.1 program can have (a kptr loaded from a map is untrusted there).
 */
#ifndef KF_RCU
#define KF_RCU KF_TRUSTED_ARGS
#endif

/*
 * skb and xdp dynptrs (6.4).  Where the headers lack them, types that
 * match no dynptr's 3-bit type field.
 */
#ifdef KFX_HAVE_DYNPTR_TYPE_SKB
#define KFX_DYNPTR_TYPE_SKB	BPF_DYNPTR_TYPE_SKB
#define KFX_DYNPTR_TYPE_XDP	BPF_DYNPTR_TYPE_XDP
#else
#define KFX_DYNPTR_TYPE_SKB	0x100
#define KFX_DYNPTR_TYPE_XDP	0x101
#endif

/*
 * KFX_NOSEAL(fn): keep objtool from sealing @fn's ENDBR under IBT, for a
 * function the kernel calls through a pointer (a kptr destructor).
 * CFI_NOSEAL() came with 6.8's <linux/cfi.h>; before it, IBT_NOSEAL()
 * from <asm/ibt.h> is the same reference, and a kernel built without
 * X86_KERNEL_IBT (Debian's 6.1) seals nothing.
 */
#if defined(KFX_HAVE_CFI_NOSEAL)
#define KFX_NOSEAL(fn)		CFI_NOSEAL(fn)
#elif defined(CONFIG_X86_KERNEL_IBT)
#include <asm/ibt.h>
#define KFX_NOSEAL(fn)		asm(IBT_NOSEAL(__stringify(fn)))
#else
#define KFX_NOSEAL(fn)
#endif

/*
 * The linear skcipher API (6.7, with state 6.8): kfx_lskcipher_alloc()
 * gives a keyed one for @algo with exactly @ivsize bytes of IV and no
 * state, and its block size, or NULL (always, where the API is missing).
 */
#ifdef KFX_HAVE_LSKCIPHER
#define kfx_lskcipher crypto_lskcipher

static inline struct kfx_lskcipher *
kfx_lskcipher_alloc(const char *algo, unsigned int ivsize, const u8 *key,
		    unsigned int key_len, unsigned int *blocksize)
{
	struct crypto_lskcipher *tfm;

	/* NOLOAD: ctr, xts and chacha20 have no linear form to load */
	tfm = crypto_alloc_lskcipher(algo, 0, CRYPTO_NOLOAD);
	if (IS_ERR(tfm))
		return NULL;
	if (crypto_lskcipher_statesize(tfm) ||
	    crypto_lskcipher_ivsize(tfm) != ivsize ||
	    crypto_lskcipher_setkey(tfm, key, key_len)) {
		crypto_free_lskcipher(tfm);
		return NULL;
	}
	*blocksize = crypto_lskcipher_blocksize(tfm);
	return tfm;
}

static inline void kfx_lskcipher_free(struct kfx_lskcipher *tfm)
{
	if (tfm)
		crypto_free_lskcipher(tfm);
}

static inline int kfx_lskcipher_crypt(struct kfx_lskcipher *tfm,
				      const void *src, void *dst, u32 len,
				      u8 *iv, bool decrypt)
{
	return decrypt ? crypto_lskcipher_decrypt(tfm, src, dst, len, iv) :
			 crypto_lskcipher_encrypt(tfm, src, dst, len, iv);
}
#else
struct kfx_lskcipher;

static inline struct kfx_lskcipher *
kfx_lskcipher_alloc(const char *algo, unsigned int ivsize, const u8 *key,
		    unsigned int key_len, unsigned int *blocksize)
{
	return NULL;
}

static inline void kfx_lskcipher_free(struct kfx_lskcipher *tfm)
{
}

static inline int kfx_lskcipher_crypt(struct kfx_lskcipher *tfm,
				      const void *src, void *dst, u32 len,
				      u8 *iv, bool decrypt)
{
	return -EOPNOTSUPP;
}
#endif

/*
 * Whether the CPU may read @skb's fragments: device memory TCP (6.12)
 * gives skbs whose fragments are the device's, which readers refuse.
 */
static inline bool kfx_skb_frags_readable(const struct sk_buff *skb)
{
#ifdef KFX_HAVE_SKB_FRAGS_READABLE
	return skb_frags_readable(skb);
#else
	return true;
#endif
}

/*
 * ECDSA verification ("sig", kfx_ecdsa.c): kfx's own, on every kernel,
 * over the elliptic-curve library ECDH and ECDSA are made of (crypto/ecc.c,
 * a module on Debian's 6.1, which has no ECDSA at all: kfx.ko then depends
 * on ecc.ko).  Every kernel with an ECDSA of its own has the library too
 * (CRYPTO_ECDSA selects CRYPTO_ECC), so the kernel's verifier (6.13+),
 * whose answers differ by kernel, is never needed.  P-192, P-256 and
 * P-384 everywhere; P-521 where the library has it (ecc_p521 probe).
 */
#if defined(KFX_HAVE_ECC_SHAMIR) && IS_ENABLED(CONFIG_CRYPTO_ECC)
#define KFX_ECDSA		1
#ifdef KFX_HAVE_ECC_P521
#define KFX_ECDSA_P521		1
#endif
#endif

/*
 * Whether a fault-safe read may start at @p: 0, or upstream's errno for
 * that address.  Upstream's string kfuncs ask
 * copy_from_kernel_nofault_allowed(), which modules cannot call.
 *
 * On x86-64 its test is "above the user range and its guard page, not the
 * vsyscall page, and canonical" (arch/x86/mm/maccess.c): -ERANGE otherwise.
 * The vsyscall page lies above the user range but is mapped for user
 * space: a read of it with faults disabled oopses under SMAP instead of
 * faulting cleanly, so it is refused first, also where the inline test is
 * missing and copy_from_kernel_nofault() decides (kernels before the
 * vsyscall fix let it read the page).
 *
 * arm64 keeps the generic test (mm/maccess.c: every address allowed), so
 * upstream reads a user address, which faults under PAN: -EFAULT at the
 * first read, as upstream's selftests expect there, and nothing when the
 * call reads nothing (a count of 0).  kfx gives the same answers without
 * reading the user half at all (kfx_nofault_user_half(), below, makes
 * each load there fail as PAN would), also on CPUs without PAN, where such
 * a read would return user memory.
 */
#if defined(CONFIG_X86_64)
static inline int kfx_nofault_read_check(const void *p)
{
	unsigned long a = (unsigned long)p;
#ifndef KFX_HAVE_X86_CANONICAL
	char c;
#endif

	if (is_vsyscall_vaddr(a))
		return -ERANGE;
#ifdef KFX_HAVE_X86_CANONICAL
	if (a >= TASK_SIZE_MAX + PAGE_SIZE &&
	    __is_canonical_address(a, boot_cpu_data.x86_virt_bits))
		return 0;
	return -ERANGE;
#else
	return copy_from_kernel_nofault(&c, p, 1) == -ERANGE ? -ERANGE : 0;
#endif
}
#elif defined(CONFIG_ARM64)
static inline int kfx_nofault_read_check(const void *p)
{
	return 0;
}
#else
#error "kfx: kfx_nofault_read_check() knows x86-64 and arm64 only"
#endif

/*
 * Whether a fault-safe load at @addr must fail as a user address: arm64's
 * user half, which kfx never reads.  x86-64 refuses user addresses before
 * any load, in kfx_nofault_read_check().
 *
 * The hardware picks the half by bit 55, not bit 63: clear, TTBR0 (user);
 * set, TTBR1 (kernel).  Linux sets TCR_EL1.TBI0, so a user translation
 * ignores the top byte: 0x80 or 0xff over a user address still reads user
 * memory (without PAN, it returns it).  With bit 55 set and TBI1 off, a
 * top byte other than 0xff faults; with TBI1 on (KASAN_SW_TAGS, whose
 * kernel pointers carry a tag there) it is ignored.  Upstream untags the
 * same way (__untagged_addr(): sign_extend64(addr, 55)).
 */
static __always_inline bool kfx_nofault_user_half(unsigned long addr)
{
	return IS_ENABLED(CONFIG_ARM64) && !(addr & BIT_ULL(55));
}

#endif /* _KFX_COMPAT_H */
