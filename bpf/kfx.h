/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kfx.h - every kfx kfunc, declared once.
 *
 * This header is shared by the kfx module (built with __KERNEL__) and by
 * BPF programs (built with clang -target bpf after vmlinux.h and
 * bpf_helpers.h), the way the kernel's bpf_testmod shares its kfunc header.
 * In the kernel the declarations are plain prototypes; in BPF programs they
 * are weak __ksym externs resolved against the kfx module's BTF at load time.
 *
 * Naming: every kfunc and every BTF type kfx defines starts with kfx_, so that
 * libbpf, which looks in vmlinux BTF before module BTF, never binds a kfx
 * extern to an in-kernel kfunc of the same name.
 */
#ifndef _KFX_H
#define _KFX_H

/*
 * kfx's version is dkms.conf's PACKAGE_VERSION (tools/kfx-version.sh reads
 * it); these say the same, which make check's lint checks.
 */
#define KFX_VERSION_MAJOR	0
#define KFX_VERSION_MINOR	1
#define KFX_VERSION_PATCH	0
/*
 * The value kfx_version() returns, (major << 16) | (minor << 8) | patch.
 * A plain literal so that tests can state it; the module checks it against
 * the three parts at build time.
 */
#define KFX_VERSION	0x000100

/*
 * User space (loaders, the test runner) only gets the constants above and
 * the types below; the kfunc declarations are for the module and BPF.
 */
#if defined(__KERNEL__)
#include <linux/types.h>
/* In the module the declarations are the kfuncs' plain prototypes. */
#define KFX_KSYM
#define KFX_DECLARE_KFUNCS
#elif defined(__bpf__)
/*
 * In BPF every kfx kfunc is a weak __ksym extern (__ksym and __weak come
 * from bpf_helpers.h, included before this header), as sched_ext's
 * compat.bpf.h declares its optional kfuncs: libbpf then loads a program
 * whose kfx_ calls sit in a branch the verifier drops (the compat layer
 * below, or bpf_ksym_exists(kfx_X) tests) on a kernel without kfx.
 * A call to kfx_X that is reached when kfx is not loaded still fails, now
 * in the verifier instead of in libbpf ("extern (func ksym) 'kfx_X': not
 * found in kernel or module BTFs"): libbpf 1.2+ poisons the call and
 * rewrites the log to "<invalid kfunc call>" / "kfunc 'kfx_X' is
 * referenced but wasn't resolved"; libbpf 1.1 (bookworm) leaves a call to
 * BTF id 0, which the verifier refuses with "invalid kernel function call
 * not eliminated in verifier pass".
 */
#define KFX_KSYM	__ksym __weak
#define KFX_DECLARE_KFUNCS
#endif

/*
 * Crypto family: the parameters of kfx_crypto_ctx_create(), the layout of
 * upstream's struct bpf_crypto_params (6.10), shared with user space.
 */
#ifndef __KERNEL__
#ifndef __bpf__
#include <linux/types.h>
#endif
#endif

/**
 * struct kfx_crypto_params - what kfx_crypto_ctx_create() builds a ctx from
 * @type: "skcipher" (upstream's one type), "aead" (kfx only), "hash" or
 *	  "sig" (upstream's proposed types, not in any released kernel)
 * @reserved: must be zero
 * @algo: the crypto API's name of the algorithm, e.g. "cbc(aes)",
 *	  "sha256", "hmac(sha256)", "p1363(ecdsa-nist-p256)"
 * @key: the key, @key_len bytes of it ("sig": the public key)
 * @key_len: 1 to 256; "hash" takes 0 for an algorithm without a key
 * @authsize: the tag size for "aead" (required), 0 for the other types
 */
struct kfx_crypto_params {
	char type[14];
	__u8 reserved[2];
	char algo[128];
	__u8 key[256];
	__u32 key_len;
	__u32 authsize;
};

/* The dynptr arguments: the module's own type comes from kfx_compat.h. */
#ifndef KFX_DYNPTR
#define KFX_DYNPTR struct bpf_dynptr
#endif

#ifdef __bpf__
/*
 * kfx_dynptr_t: the type a BPF program gives a dynptr it puts on the stack
 * ("kfx_dynptr_t d; bpf_dynptr_from_mem(buf, n, 0, &d);").  It is struct
 * bpf_dynptr, 8-byte aligned: the verifier takes a stack dynptr only in
 * two whole 8-byte slots ("cannot pass in dynptr at an offset").  The
 * kernel's uapi header aligns struct bpf_dynptr, but vmlinux.h dumped from
 * 6.1's BTF declares it as two `long: 64` padding bit-fields, which give it
 * alignment 1, so clang may place a plain struct bpf_dynptr at any stack
 * offset and the program loads or not by luck of the layout.  (A BPF
 * program has no __aligned(): hence the typedef and the attribute here.)
 */
typedef struct bpf_dynptr kfx_dynptr_t __attribute__((aligned(8)));

/* Never instantiated: it does not compile unless the above holds. */
struct kfx_dynptr_check {
	char aligned_to_8[__alignof__(kfx_dynptr_t) == 8 ? 1 : -1];
	char two_slots[sizeof(kfx_dynptr_t) == 16 ? 1 : -1];
};
#endif

#ifdef KFX_DECLARE_KFUNCS

/*
 * The kfuncs.  Each one's kernel-doc (arguments, result, every errno) is
 * at its definition in module/, the one reference; docs/kfuncs.md's table
 * of kfuncs and errnos is generated from it (tools/kfx-doc.py).
 *
 * The program types that get each kfunc, and its flags, are in the kfunc
 * table, module/kfx_kfuncs.h; this header declares them in its order.
 *
 * Core family (module/kfx_core.c).
 */
KFX_KSYM __u32 kfx_version(void);

/*
 * String family, unbounded (module/kfx_string.c): upstream bpf_str*(),
 * 6.17 to 7.0, renamed; read fault-safely, any pointer on 6.2+ (docs/kfuncs.md:
 * What a BPF program can pass).
 */
KFX_KSYM int kfx_strcmp(const char *s1__ign, const char *s2__ign);
KFX_KSYM int kfx_strcasecmp(const char *s1__ign, const char *s2__ign);
KFX_KSYM int kfx_strncasecmp(const char *s1__ign, const char *s2__ign, size_t len);
KFX_KSYM int kfx_strchr(const char *s__ign, char c);
KFX_KSYM int kfx_strnchr(const char *s__ign, size_t count, char c);
KFX_KSYM int kfx_strchrnul(const char *s__ign, char c);
KFX_KSYM int kfx_strrchr(const char *s__ign, int c);
KFX_KSYM int kfx_strlen(const char *s__ign);
KFX_KSYM int kfx_strnlen(const char *s__ign, size_t count);
KFX_KSYM int kfx_strspn(const char *s__ign, const char *accept__ign);
KFX_KSYM int kfx_strcspn(const char *s__ign, const char *reject__ign);
KFX_KSYM int kfx_strstr(const char *s1__ign, const char *s2__ign);
KFX_KSYM int kfx_strcasestr(const char *s1__ign, const char *s2__ign);
KFX_KSYM int kfx_strnstr(const char *s1__ign, const char *s2__ign, size_t len);
KFX_KSYM int kfx_strncasestr(const char *s1__ign, const char *s2__ign, size_t len);

/*
 * String family, bounded (module/kfx_string_buf.c): the unbounded
 * kfunc's name + "_buf", each string a BPF-owned buffer and its
 * verifier-proven size (__sz).
 */
KFX_KSYM int kfx_strcmp_buf(const char *s1, __u32 s1__sz, const char *s2,
			    __u32 s2__sz);
KFX_KSYM int kfx_strcasecmp_buf(const char *s1, __u32 s1__sz, const char *s2,
				__u32 s2__sz);
KFX_KSYM int kfx_strncasecmp_buf(const char *s1, __u32 s1__sz, const char *s2,
				 __u32 s2__sz, size_t len);
KFX_KSYM int kfx_strchr_buf(const char *s, __u32 s__sz, char c);
KFX_KSYM int kfx_strnchr_buf(const char *s, __u32 s__sz, size_t count, char c);
KFX_KSYM int kfx_strchrnul_buf(const char *s, __u32 s__sz, char c);
KFX_KSYM int kfx_strrchr_buf(const char *s, __u32 s__sz, int c);
KFX_KSYM int kfx_strlen_buf(const char *s, __u32 s__sz);
KFX_KSYM int kfx_strnlen_buf(const char *s, __u32 s__sz, size_t count);
KFX_KSYM int kfx_strspn_buf(const char *s, __u32 s__sz, const char *accept,
			    __u32 accept__sz);
KFX_KSYM int kfx_strcspn_buf(const char *s, __u32 s__sz, const char *reject,
			     __u32 reject__sz);
KFX_KSYM int kfx_strstr_buf(const char *s1, __u32 s1__sz, const char *s2,
			    __u32 s2__sz);
KFX_KSYM int kfx_strcasestr_buf(const char *s1, __u32 s1__sz, const char *s2,
				__u32 s2__sz);
KFX_KSYM int kfx_strnstr_buf(const char *s1, __u32 s1__sz, const char *s2,
			     __u32 s2__sz, size_t len);
KFX_KSYM int kfx_strncasestr_buf(const char *s1, __u32 s1__sz, const char *s2,
				 __u32 s2__sz, size_t len);

/*
 * Crypto family (upstream bpf_crypto_*(), 6.10; nullable siv 6.11).
 * A ctx is created by a SYSCALL program (sleepable) and kept in a map as a
 * struct kfx_crypto_ctx __kfx_ctx_kptr (below; released with the map).
 * SYSCALL, SCHED_CLS, XDP and SCHED_ACT (6.4+) programs encrypt and
 * decrypt with it; acquire, release, digestsize, hash and verify serve
 * TRACING and LSM programs too (module/kfx_kfuncs.h: who gets which).
 *
 * Unlike upstream's bpf_crypto_ctx, a ctx loaded from a map under RCU is
 * not usable ("R1 must be a rcu pointer"; 6.1: "must point to scalar"):
 * the verifier trusts such loads only for the kernel's own RCU-protected
 * types.  Take the ctx out with bpf_kptr_xchg(), use it, put it back; to
 * share one key between CPUs, let the SYSCALL program store one reference
 * per CPU (kfx_crypto_ctx_acquire() on the ctx it created) in an array
 * indexed by bpf_get_smp_processor_id().
 */
#ifdef __bpf__
/*
 * Opaque to programs.  A definition, not a declaration: libbpf matches a
 * kfunc's prototype with the kernel's, and a forward declaration does not
 * match the module's struct.
 */
struct kfx_crypto_ctx {
	int opaque;
};

/*
 * The tag of a map field holding a ctx: __kptr from 6.3 on, kptr_ref on
 * 6.1 (6.3 renamed it).  A tag is fixed at compile time, so a program for
 * both builds twice, the second object with -DKFX_KPTR_REF, and its loader
 * keeps the one that loads (bpf/samples/udp_crypt.c does).
 */
#ifdef KFX_KPTR_REF
#define __kfx_ctx_kptr	__attribute__((btf_type_tag("kptr_ref")))
#else
#define __kfx_ctx_kptr	__attribute__((btf_type_tag("kptr")))
#endif

/*
 * Store the referenced ctx @c (or NULL, to empty it) in @field, a map
 * value's __kfx_ctx_kptr field, and release the ctx it held: putting a
 * ctx in a map and putting one back after use are both this.
 */
#define kfx_crypto_ctx_store(field, c)					\
	do {								\
		struct kfx_crypto_ctx *__old = bpf_kptr_xchg((field), (c)); \
									\
		if (__old)						\
			kfx_crypto_ctx_release(__old);			\
	} while (0)
#else
struct kfx_crypto_ctx;
#endif

/* Crypto kfuncs: kernel-doc in module/kfx_crypto.c. */
KFX_KSYM struct kfx_crypto_ctx *
kfx_crypto_ctx_create(const struct kfx_crypto_params *params, __u32 params__sz,
		      int *err);
KFX_KSYM struct kfx_crypto_ctx *
kfx_crypto_ctx_acquire(struct kfx_crypto_ctx *ctx);
KFX_KSYM void kfx_crypto_ctx_release(struct kfx_crypto_ctx *ctx);
KFX_KSYM int kfx_crypto_encrypt(struct kfx_crypto_ctx *ctx, const KFX_DYNPTR *src,
				const KFX_DYNPTR *dst,
				const KFX_DYNPTR *siv__nullable);
KFX_KSYM int kfx_crypto_decrypt(struct kfx_crypto_ctx *ctx, const KFX_DYNPTR *src,
				const KFX_DYNPTR *dst,
				const KFX_DYNPTR *siv__nullable);
KFX_KSYM int kfx_crypto_encrypt_noiv(struct kfx_crypto_ctx *ctx,
				     const KFX_DYNPTR *src,
				     const KFX_DYNPTR *dst);
KFX_KSYM int kfx_crypto_decrypt_noiv(struct kfx_crypto_ctx *ctx,
				     const KFX_DYNPTR *src,
				     const KFX_DYNPTR *dst);
KFX_KSYM int kfx_crypto_ctx_driver(struct kfx_crypto_ctx *ctx, char *buf,
				   __u32 buf__sz);

/* Hashes and MACs, type "hash": kernel-doc in module/kfx_crypto_hash.c. */
KFX_KSYM int kfx_crypto_ctx_digestsize(struct kfx_crypto_ctx *ctx);
KFX_KSYM int kfx_crypto_hash(struct kfx_crypto_ctx *ctx, const KFX_DYNPTR *data,
			     const KFX_DYNPTR *out);

/* Signature verification, type "sig": kernel-doc in module/kfx_crypto_sig.c. */
KFX_KSYM int kfx_sig_verify(struct kfx_crypto_ctx *ctx, const KFX_DYNPTR *message,
			    const KFX_DYNPTR *signature);

#ifdef __bpf__
/*
 * Compat layer: kfx_compat_<name>() calls the kernel's own bpf_<name>()
 * where the running kernel has it and kfx_<name>() elsewhere, decided when
 * the program is loaded (a weak __ksym is 0 where the kernel lacks it, and
 * the verifier drops the branch not taken).  A program written once thus
 * runs upstream's kfunc on new kernels and kfx's on the ones it fills in.
 * Both give the same results and errnos; on kernels without upstream's
 * kfuncs the arguments follow kfx's rules (on 6.1: BPF-owned memory).
 * Crypto has no shim: upstream's ctx is another type (struct
 * bpf_crypto_ctx), so a program picks one family for its map's kptr.
 * Define KFX_NO_COMPAT to leave the layer out.
 */
#ifndef KFX_NO_COMPAT
#ifndef bpf_ksym_exists		/* libbpf < 1.2 */
#define bpf_ksym_exists(sym)	(!!(sym))
#endif

#define KFX_COMPAT_EXTERN(name, args)					\
	extern int bpf_##name args __ksym __weak
#define KFX_COMPAT(name, params, ...)					\
	static __always_inline int kfx_compat_##name params		\
	{								\
		return bpf_ksym_exists(bpf_##name) ?			\
		       bpf_##name(__VA_ARGS__) : kfx_##name(__VA_ARGS__); \
	}

/* 6.17: bpf_strlen ... bpf_strstr */
KFX_COMPAT_EXTERN(strlen, (const char *s__ign));
KFX_COMPAT_EXTERN(strnlen, (const char *s__ign, size_t count));
KFX_COMPAT_EXTERN(strchr, (const char *s__ign, char c));
KFX_COMPAT_EXTERN(strnchr, (const char *s__ign, size_t count, char c));
KFX_COMPAT_EXTERN(strchrnul, (const char *s__ign, char c));
KFX_COMPAT_EXTERN(strrchr, (const char *s__ign, int c));
KFX_COMPAT_EXTERN(strcmp, (const char *s1__ign, const char *s2__ign));
KFX_COMPAT_EXTERN(strspn, (const char *s__ign, const char *accept__ign));
KFX_COMPAT_EXTERN(strcspn, (const char *s__ign, const char *reject__ign));
KFX_COMPAT_EXTERN(strstr, (const char *s1__ign, const char *s2__ign));
KFX_COMPAT_EXTERN(strnstr, (const char *s1__ign, const char *s2__ign,
			    size_t len));
/* 6.18: bpf_strcasecmp */
KFX_COMPAT_EXTERN(strcasecmp, (const char *s1__ign, const char *s2__ign));
/* 6.19: bpf_strcasestr, bpf_strncasestr */
KFX_COMPAT_EXTERN(strcasestr, (const char *s1__ign, const char *s2__ign));
KFX_COMPAT_EXTERN(strncasestr, (const char *s1__ign, const char *s2__ign,
				size_t len));
/* 7.0: bpf_strncasecmp */
KFX_COMPAT_EXTERN(strncasecmp, (const char *s1__ign, const char *s2__ign,
				size_t len));

KFX_COMPAT(strlen, (const char *s), s)
KFX_COMPAT(strnlen, (const char *s, size_t count), s, count)
KFX_COMPAT(strchr, (const char *s, char c), s, c)
KFX_COMPAT(strnchr, (const char *s, size_t count, char c), s, count, c)
KFX_COMPAT(strchrnul, (const char *s, char c), s, c)
KFX_COMPAT(strrchr, (const char *s, int c), s, c)
KFX_COMPAT(strcmp, (const char *s1, const char *s2), s1, s2)
KFX_COMPAT(strspn, (const char *s, const char *accept), s, accept)
KFX_COMPAT(strcspn, (const char *s, const char *reject), s, reject)
KFX_COMPAT(strstr, (const char *s1, const char *s2), s1, s2)
KFX_COMPAT(strnstr, (const char *s1, const char *s2, size_t len), s1, s2, len)
KFX_COMPAT(strcasecmp, (const char *s1, const char *s2), s1, s2)
KFX_COMPAT(strcasestr, (const char *s1, const char *s2), s1, s2)
KFX_COMPAT(strncasestr, (const char *s1, const char *s2, size_t len),
	   s1, s2, len)
KFX_COMPAT(strncasecmp, (const char *s1, const char *s2, size_t len),
	   s1, s2, len)
#endif /* KFX_NO_COMPAT */
#endif /* __bpf__ */

#endif /* KFX_DECLARE_KFUNCS */

#endif /* _KFX_H */
