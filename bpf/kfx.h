/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kfx.h - every kfx kfunc, declared once.
 *
 * This header is shared by the kfx module (built with __KERNEL__) and by
 * BPF programs (built with clang -target bpf after vmlinux.h and
 * bpf_helpers.h), the way the kernel's bpf_testmod shares its kfunc header.
 * In the kernel the declarations are plain prototypes; in BPF programs they
 * are __ksym externs resolved against the kfx module's BTF at load time.
 *
 * Naming: every kfunc and every BTF type kfx defines starts with kfx_, so that
 * libbpf, which looks in vmlinux BTF before module BTF, never binds a kfx
 * extern to an in-kernel kfunc of the same name.
 */
#ifndef _KFX_H
#define _KFX_H

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
 * @type: "skcipher" (upstream's one type) or "aead" (kfx only)
 * @reserved: must be zero
 * @algo: the crypto API's name of the algorithm, e.g. "cbc(aes)"
 * @key: the key, @key_len bytes of it
 * @key_len: 1 to 256
 * @authsize: the tag size for "aead" (required), 0 for "skcipher"
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
 * Core family: available to SYSCALL, SCHED_CLS, XDP, TRACING and LSM
 * programs, and SCHED_ACT where the kernel has that kfunc hook (6.4+).
 */

/**
 * kfx_version() - version of the loaded kfx module
 *
 * Return: KFX_VERSION of the module, (major << 16) | (minor << 8) | patch.
 * It never fails.
 */
KFX_KSYM __u32 kfx_version(void);

/*
 * String family, unbounded (upstream bpf_str*(), 6.17 to 7.0, renamed).
 *
 * Every one returns an int: an index, length or comparison result >= 0 (or
 * -1 for "less" from the comparisons), or a negative errno:
 *   -ENOENT  not found (chr, nchr, rchr, str, nstr and case variants)
 *   -E2BIG   65536 characters (XATTR_SIZE_MAX) of any input, the
 *            accept/reject set and the needle included, were read
 *            without reaching its end
 *   -ERANGE  a string pointer is not a kernel address (NULL, user space,
 *            the x86-64 vsyscall page, non-canonical); only the first
 *            byte of each string is checked, as upstream does
 *   -EFAULT  a read faulted: an unmapped or invalid kernel address, or a
 *            string running into an unmapped page
 *   -EPERM   kernel lockdown (confidentiality) forbids reading kernel
 *            memory (6.2+; README: Lockdown)
 * Reads fault safely with page faults disabled and never sleep; they are
 * callable from every program type kfx serves.  (A string that starts on
 * a mapped page of the x86 fixmap just below the vsyscall page and runs
 * into it would oops as upstream's own kfuncs do: only the first byte is
 * checked.)
 *
 * What a program may pass: on 6.2+ the __ign suffix makes the verifier
 * accept any pointer, BPF memory or a kernel pointer read from a BTF-typed
 * object (task->comm, a dentry's name), or a scalar address.  6.1 has no
 * __ign: there the verifier treats these arguments as at least one byte of
 * *writable* BPF memory (stack, .data/.bss, map values, ringbuf samples;
 * a .rodata string is refused with "write into map forbidden"), or NULL
 * (which gives -ERANGE); scalars are refused ("R1 type=scalar expected=fp")
 * and so are BTF-typed kernel pointers ("args#0 pointer type INT char is
 * not supported"): copy such a string into BPF memory first with
 * bpf_probe_read_kernel_str(), then call kfx.
 */
/**
 * kfx_strcmp() - Compare two strings
 * @s1__ign: One string
 * @s2__ign: Another string
 *
 * Return: %0 if equal, %-1 if @s1__ign sorts first, %1 otherwise (bytes
 *         compare unsigned, as upstream).
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strcmp(const char *s1__ign, const char *s2__ign);

/**
 * kfx_strcasecmp() - Compare two strings, ignoring case
 * @s1__ign: One string
 * @s2__ign: Another string
 *
 * Return: as kfx_strcmp() after the kernel's tolower() (ASCII and ISO-8859-1)
 *         on both.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strcasecmp(const char *s1__ign, const char *s2__ign);

/**
 * kfx_strncasecmp() - Compare at most @len characters, ignoring case
 * @s1__ign: One string
 * @s2__ign: Another string
 * @len: The maximum number of characters to compare
 *
 * Return: as kfx_strcasecmp(), %0 when @len characters are equal.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strncasecmp(const char *s1__ign, const char *s2__ign, size_t len);

/**
 * kfx_strchr() - Find the first occurrence of a character
 * @s__ign: The string
 * @c: The character to search for
 *
 * Return: index of the first @c; the terminating NUL can be searched for;
 *         %-ENOENT if absent.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strchr(const char *s__ign, char c);

/**
 * kfx_strnchr() - Find a character within the first @count characters
 * @s__ign: The string
 * @count: The number of characters to search
 * @c: The character to search for
 *
 * Return: index of the first @c within @count characters; %-ENOENT if absent.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strnchr(const char *s__ign, size_t count, char c);

/**
 * kfx_strchrnul() - Find a character, or the end of the string
 * @s__ign: The string
 * @c: The character to search for
 *
 * Return: index of the first @c, or of the terminating NUL.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strchrnul(const char *s__ign, char c);

/**
 * kfx_strrchr() - Find the last occurrence of a character
 * @s__ign: The string
 * @c: The character to search for
 *
 * Return: index of the last @c (an int compared with each unsigned char);
 *         searching for 0 gives the length; %-ENOENT if absent.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strrchr(const char *s__ign, int c);

/**
 * kfx_strlen() - Length of a string
 * @s__ign: The string
 *
 * Return: the length of @s__ign.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strlen(const char *s__ign);

/**
 * kfx_strnlen() - Length of a string, at most @count
 * @s__ign: The string
 * @count: The maximum length
 *
 * Return: min(length of @s__ign, @count).
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strnlen(const char *s__ign, size_t count);

/**
 * kfx_strspn() - Length of the prefix made of characters in @accept__ign
 * @s__ign: The string
 * @accept__ign: The characters to accept
 *
 * Return: that length.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strspn(const char *s__ign, const char *accept__ign);

/**
 * kfx_strcspn() - Length of the prefix free of characters in @reject__ign
 * @s__ign: The string
 * @reject__ign: The characters to reject
 *
 * Return: that length.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strcspn(const char *s__ign, const char *reject__ign);

/**
 * kfx_strstr() - Find the first occurrence of a substring
 * @s1__ign: The string to search
 * @s2__ign: The string to find
 *
 * Return: index of the first occurrence of @s2__ign; %0 for an empty @s2__ign;
 *         %-ENOENT if absent.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strstr(const char *s1__ign, const char *s2__ign);

/**
 * kfx_strcasestr() - Find a substring, ignoring case
 * @s1__ign: The string to search
 * @s2__ign: The string to find
 *
 * Return: as kfx_strstr(), comparing after tolower().
 * Errors: -ENOENT, -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strcasestr(const char *s1__ign, const char *s2__ign);

/**
 * kfx_strnstr() - Find a substring within the first @len characters
 * @s1__ign: The string to search
 * @s2__ign: The string to find
 * @len: The number of characters of @s1__ign to search
 *
 * Return: index of the first occurrence lying entirely within @len characters
 *         of @s1__ign; %0 for an empty @s2__ign even for @len 0; %-ENOENT if
 *         absent.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strnstr(const char *s1__ign, const char *s2__ign, size_t len);

/**
 * kfx_strncasestr() - Find a substring within @len characters, ignoring case
 * @s1__ign: The string to search
 * @s2__ign: The string to find
 * @len: The number of characters of @s1__ign to search
 *
 * Return: as kfx_strnstr(), comparing after tolower().
 * Errors: -ENOENT, -EFAULT, -E2BIG, -ERANGE (see above).
 */
KFX_KSYM int kfx_strncasestr(const char *s1__ign, const char *s2__ign, size_t len);

/*
 * String family, bounded.  Naming: the unbounded kfunc's name + "_buf".
 * Each string argument is a BPF-owned buffer followed by its size (a
 * "__sz" argument the verifier proves: passing a size larger than the
 * buffer is rejected at load time).  A buffer without a NUL holds a string
 * that ends at the buffer's end; otherwise the results and errnos are
 * exactly the unbounded kfunc's for the same string (-ENOENT, -E2BIG),
 * and -EFAULT/-ERANGE cannot occur.  A size of 0 is the empty string,
 * whatever the pointer (verifiers before 7.0 let it be NULL).  As for all
 * kfunc memory arguments on 6.1, the buffers must be writable BPF memory
 * there.
 */
/**
 * kfx_strcmp_buf() - kfx_strcmp() on BPF-owned buffers (sizes proven)
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 *
 * Return: what kfx_strcmp() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strcmp_buf(const char *s1, __u32 s1__sz, const char *s2,
			    __u32 s2__sz);

/**
 * kfx_strcasecmp_buf() - kfx_strcasecmp() on BPF-owned buffers (sizes proven)
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 *
 * Return: what kfx_strcasecmp() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strcasecmp_buf(const char *s1, __u32 s1__sz, const char *s2,
				__u32 s2__sz);

/**
 * kfx_strncasecmp_buf() - kfx_strncasecmp() on BPF-owned buffers (sizes proven)
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 * @len: As for the unbounded kfunc
 *
 * Return: what kfx_strncasecmp() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strncasecmp_buf(const char *s1, __u32 s1__sz, const char *s2,
				 __u32 s2__sz, size_t len);

/**
 * kfx_strchr_buf() - kfx_strchr() on BPF-owned buffers (sizes proven)
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @c: The character to search for
 *
 * Return: what kfx_strchr() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strchr_buf(const char *s, __u32 s__sz, char c);

/**
 * kfx_strnchr_buf() - kfx_strnchr() on BPF-owned buffers (sizes proven)
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @count: As for the unbounded kfunc
 * @c: The character to search for
 *
 * Return: what kfx_strnchr() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strnchr_buf(const char *s, __u32 s__sz, size_t count, char c);

/**
 * kfx_strchrnul_buf() - kfx_strchrnul() on BPF-owned buffers (sizes proven)
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @c: The character to search for
 *
 * Return: what kfx_strchrnul() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strchrnul_buf(const char *s, __u32 s__sz, char c);

/**
 * kfx_strrchr_buf() - kfx_strrchr() on BPF-owned buffers (sizes proven)
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @c: The character to search for
 *
 * Return: what kfx_strrchr() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strrchr_buf(const char *s, __u32 s__sz, int c);

/**
 * kfx_strlen_buf() - kfx_strlen() on BPF-owned buffers (sizes proven)
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 *
 * Return: what kfx_strlen() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strlen_buf(const char *s, __u32 s__sz);

/**
 * kfx_strnlen_buf() - kfx_strnlen() on BPF-owned buffers (sizes proven)
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @count: As for the unbounded kfunc
 *
 * Return: what kfx_strnlen() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strnlen_buf(const char *s, __u32 s__sz, size_t count);

/**
 * kfx_strspn_buf() - kfx_strspn() on BPF-owned buffers (sizes proven)
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @accept: A BPF-owned buffer holding a string
 * @accept__sz: Size of the @accept buffer, proven by the verifier
 *
 * Return: what kfx_strspn() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strspn_buf(const char *s, __u32 s__sz, const char *accept,
			    __u32 accept__sz);

/**
 * kfx_strcspn_buf() - kfx_strcspn() on BPF-owned buffers (sizes proven)
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @reject: A BPF-owned buffer holding a string
 * @reject__sz: Size of the @reject buffer, proven by the verifier
 *
 * Return: what kfx_strcspn() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strcspn_buf(const char *s, __u32 s__sz, const char *reject,
			     __u32 reject__sz);

/**
 * kfx_strstr_buf() - kfx_strstr() on BPF-owned buffers (sizes proven)
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 *
 * Return: what kfx_strstr() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strstr_buf(const char *s1, __u32 s1__sz, const char *s2,
			    __u32 s2__sz);

/**
 * kfx_strcasestr_buf() - kfx_strcasestr() on BPF-owned buffers (sizes proven)
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 *
 * Return: what kfx_strcasestr() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strcasestr_buf(const char *s1, __u32 s1__sz, const char *s2,
				__u32 s2__sz);

/**
 * kfx_strnstr_buf() - kfx_strnstr() on BPF-owned buffers (sizes proven)
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 * @len: As for the unbounded kfunc
 *
 * Return: what kfx_strnstr() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strnstr_buf(const char *s1, __u32 s1__sz, const char *s2,
			     __u32 s2__sz, size_t len);

/**
 * kfx_strncasestr_buf() - kfx_strncasestr() on BPF-owned buffers (sizes proven)
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 * @len: As for the unbounded kfunc
 *
 * Return: what kfx_strncasestr() returns for the same strings; -EFAULT and -ERANGE
 * cannot happen.
 */
KFX_KSYM int kfx_strncasestr_buf(const char *s1, __u32 s1__sz, const char *s2,
				 __u32 s2__sz, size_t len);

/*
 * Crypto family (upstream bpf_crypto_*(), 6.10; nullable siv 6.11).
 * A ctx is created by a SYSCALL program (sleepable), kept in a map as a
 * struct kfx_crypto_ctx __kfx_ctx_kptr (below; released with the map),
 * and used by SCHED_CLS, XDP, SCHED_ACT (6.4+) and SYSCALL programs.
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

/**
 * kfx_crypto_ctx_create() - build a crypto ctx (SYSCALL programs)
 * @params: the algorithm and key, struct kfx_crypto_params
 * @params__sz: sizeof(struct kfx_crypto_params), exactly
 * @err: where the errno goes when NULL is returned
 *
 * Return: a referenced ctx, to be stored as a kptr or released, or NULL
 * with *@err set:
 * * %-EINVAL     - NULL @params, @params__sz not the struct's size,
 *                  non-zero @reserved, @algo without its NUL, key_len 0
 *                  or over 256, a key or an authsize the algorithm refused
 * * %-ENOENT     - @type is neither "skcipher" nor "aead"
 * * %-EOPNOTSUPP - the kernel has no synchronous implementation of @algo
 *                  (or one whose request does not fit kfx's per-CPU scratch),
 *                  an @authsize for "skcipher", or none for "aead"
 * * %-ENOMEM, or what the crypto API said
 */
KFX_KSYM struct kfx_crypto_ctx *
kfx_crypto_ctx_create(const struct kfx_crypto_params *params, __u32 params__sz,
		      int *err);

/**
 * kfx_crypto_ctx_acquire() - take another reference to a ctx
 * @ctx: a ctx, e.g. read from a map under RCU
 *
 * Return: @ctx, or NULL if it is being freed.
 */
KFX_KSYM struct kfx_crypto_ctx *
kfx_crypto_ctx_acquire(struct kfx_crypto_ctx *ctx);

/**
 * kfx_crypto_ctx_release() - drop a reference; the last one frees the ctx
 * after an RCU grace period
 * @ctx: a referenced ctx
 */
KFX_KSYM void kfx_crypto_ctx_release(struct kfx_crypto_ctx *ctx);

/**
 * kfx_crypto_encrypt() - encrypt @src into @dst
 * @ctx: the ctx
 * @src: the plaintext
 * @dst: where the ciphertext goes, at least as long as @src
 * @siv__nullable: the IV and state, exactly the ctx's IV plus state size,
 *                 updated as the crypto API updates an IV; NULL when that
 *                 size is 0 (6.11+ verifiers; on 6.1 the verifier refuses
 *                 NULL, use kfx_crypto_encrypt_noiv())
 *
 * Dynptrs of every kind the kernel has: local memory and ringbuf, and skb
 * and xdp (6.4+) as far as their linear data reaches.  6.1's verifier
 * passes only local dynptrs to kfuncs ("points to unsupported dynamic
 * pointer type" for a ringbuf one).
 *
 * For an "aead" ctx the siv is the IV followed by the associated data
 * (any length up to 65536, 0 included); @dst gets the ciphertext and then
 * the tag, so it must be authsize bytes longer than @src.
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
 * * what the crypto API said (%-ENOMEM: it could not allocate, atomically,
 *   for an unaligned buffer)
 */
KFX_KSYM int kfx_crypto_encrypt(struct kfx_crypto_ctx *ctx, const KFX_DYNPTR *src,
				const KFX_DYNPTR *dst,
				const KFX_DYNPTR *siv__nullable);

/**
 * kfx_crypto_decrypt() - decrypt @src into @dst
 * @ctx: the ctx
 * @src: the ciphertext
 * @dst: where the plaintext goes, at least as long as @src
 * @siv__nullable: as for kfx_crypto_encrypt()
 *
 * For an "aead" ctx @src is the ciphertext and then the tag (the tag
 * alone is a message: nothing is written), and @dst gets the plaintext:
 * it must hold @src's length less the tag, and is never empty.
 *
 * Return: as kfx_crypto_encrypt(), and for "aead" %-EBADMSG when the
 * message fails authentication; @dst is then zeroed.
 */
KFX_KSYM int kfx_crypto_decrypt(struct kfx_crypto_ctx *ctx, const KFX_DYNPTR *src,
				const KFX_DYNPTR *dst,
				const KFX_DYNPTR *siv__nullable);

/**
 * kfx_crypto_encrypt_noiv() - kfx_crypto_encrypt() with no IV or state
 * @ctx: a ctx whose IV plus state size is 0 (ecb)
 * @src: the plaintext
 * @dst: where the ciphertext goes
 *
 * The same source works on every kernel, 6.1 included, whose verifier
 * cannot take a NULL siv, without a 0-sized dynptr.
 *
 * Return: as kfx_crypto_encrypt() with a NULL siv.
 */
KFX_KSYM int kfx_crypto_encrypt_noiv(struct kfx_crypto_ctx *ctx,
				     const KFX_DYNPTR *src,
				     const KFX_DYNPTR *dst);

/**
 * kfx_crypto_decrypt_noiv() - kfx_crypto_decrypt() with no IV or state
 * @ctx: a ctx whose IV plus state size is 0 (ecb)
 * @src: the ciphertext
 * @dst: where the plaintext goes
 *
 * Return: as kfx_crypto_decrypt() with a NULL siv.
 */
KFX_KSYM int kfx_crypto_decrypt_noiv(struct kfx_crypto_ctx *ctx,
				     const KFX_DYNPTR *src,
				     const KFX_DYNPTR *dst);

/**
 * kfx_crypto_ctx_driver() - which implementation a ctx runs (kfx only)
 * @ctx: the ctx
 * @buf: where the crypto driver's name goes, NUL-terminated
 * @buf__sz: the size of @buf (CRYPTO_MAX_ALG_NAME, 128, always suffices)
 *
 * The name /proc/crypto gives the driver that runs when the FPU is
 * usable: "__ecb-aes-aesni" (the internal AES-NI driver kfx calls directly
 * on kernels that wrap it asynchronously, before 6.15), "ecb-aes-aesni",
 * "ecb(aes-generic)", "ecb-aes-lib", "chacha20-simd", ...  kfx picks the
 * one the crypto API ranks highest among those usable synchronously, so
 * the accelerated x86 drivers when their modules are loaded (udev loads
 * them at boot on CPUs with AES-NI; `modprobe aesni_intel` otherwise)
 * before the ctx is created.
 *
 * Return: the name's length, or %-E2BIG when @buf is too small (it then
 * holds as much as fits, terminated).
 */
KFX_KSYM int kfx_crypto_ctx_driver(struct kfx_crypto_ctx *ctx, char *buf,
				   __u32 buf__sz);

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
