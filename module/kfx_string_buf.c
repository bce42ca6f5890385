// SPDX-License-Identifier: GPL-2.0
/*
 * kfx string family, bounded: the twin of every unbounded string kfunc
 * for BPF-owned buffers whose sizes (the __sz arguments) the verifier
 * proves.  No fault handling is needed, so the shared core runs with plain
 * word loads; a buffer without a NUL holds a string that ends at the
 * buffer's end, and otherwise the results are the unbounded ones.
 * A size of 0 is the empty string, whatever the pointer (verifiers
 * before 7.0 let it be NULL).  As for all kfunc memory arguments on 6.1,
 * the buffers must be writable BPF memory there.  The kernel-doc below is
 * each kfunc's reference (bpf/kfx.h only declares them).
 */
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/errno.h>
#include <linux/kernel.h>

#include "kfx_compat.h"
#include "../bpf/kfx.h"

/* Bounded strings are never checked: the verifier proved the memory. */
static inline int kfx_mem_check(const char *p)
{
	return 0;
}

/*
 * An aligned word around a proven buffer stays within the buffer's pages;
 * the core masks the bytes outside the buffer.  Those bytes are not the
 * buffer's, so the load is the kernel's word-at-a-time one, which KASAN
 * checks for the word's first byte only (as strscpy() reads).
 */
static __always_inline int kfx_mem_word(unsigned long addr, unsigned long *w)
{
	*w = read_word_at_a_time((const void *)addr);
	return 0;
}

static __always_inline int kfx_mem_byte(const char *p, char *c)
{
	*c = *p;
	return 0;
}

#include "kfx_str_core.h"

/*
 * The core's end of bounded buffer @*s of @size bytes.  An end of 0 means
 * "unbounded" to the core, and older verifiers (6.1, 6.12) pass NULL with
 * size 0: an empty buffer is the empty string, so it becomes this one,
 * whose end is its start and from which nothing is read.
 */
static __always_inline unsigned long kfx_buf_end(const char **s, u32 size)
{
	static const char empty[1];

	if (unlikely(!size))
		*s = empty;
	return (unsigned long)*s + size;
}

__bpf_kfunc_start_defs();

/**
 * kfx_strcmp_buf() - kfx_strcmp() on BPF-owned buffers
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strcmp() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strcmp_buf(const char *s1, __u32 s1__sz, const char *s2,
			       __u32 s2__sz)
{
	unsigned long s1_end = kfx_buf_end(&s1, s1__sz);
	unsigned long s2_end = kfx_buf_end(&s2, s2__sz);

	return __kfx_strncasecmp(s1, s1_end, s2, s2_end, false, KFX_STR_MAX);
}

/**
 * kfx_strcasecmp_buf() - kfx_strcasecmp() on BPF-owned buffers
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strcasecmp() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strcasecmp_buf(const char *s1, __u32 s1__sz, const char *s2,
				   __u32 s2__sz)
{
	unsigned long s1_end = kfx_buf_end(&s1, s1__sz);
	unsigned long s2_end = kfx_buf_end(&s2, s2__sz);

	return __kfx_strncasecmp(s1, s1_end, s2, s2_end, true, KFX_STR_MAX);
}

/**
 * kfx_strncasecmp_buf() - kfx_strncasecmp() on BPF-owned buffers
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 * @len: As for the unbounded kfunc
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strncasecmp() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strncasecmp_buf(const char *s1, __u32 s1__sz,
				    const char *s2, __u32 s2__sz, size_t len)
{
	unsigned long s1_end = kfx_buf_end(&s1, s1__sz);
	unsigned long s2_end = kfx_buf_end(&s2, s2__sz);

	return __kfx_strncasecmp(s1, s1_end, s2, s2_end, true, len);
}

/**
 * kfx_strchr_buf() - kfx_strchr() on BPF-owned buffers
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @c: The character to search for
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strchr() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-ENOENT - not found
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strchr_buf(const char *s, __u32 s__sz, char c)
{
	unsigned long s_end = kfx_buf_end(&s, s__sz);

	return __kfx_strchr(s, s_end, c);
}

/**
 * kfx_strnchr_buf() - kfx_strnchr() on BPF-owned buffers
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @count: As for the unbounded kfunc
 * @c: The character to search for
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strnchr() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-ENOENT - not found
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strnchr_buf(const char *s, __u32 s__sz, size_t count,
				char c)
{
	unsigned long s_end = kfx_buf_end(&s, s__sz);

	return __kfx_strnchr(s, s_end, count, c);
}

/**
 * kfx_strchrnul_buf() - kfx_strchrnul() on BPF-owned buffers
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @c: The character to search for
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strchrnul() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strchrnul_buf(const char *s, __u32 s__sz, char c)
{
	unsigned long s_end = kfx_buf_end(&s, s__sz);

	return __kfx_strchrnul(s, s_end, c);
}

/**
 * kfx_strrchr_buf() - kfx_strrchr() on BPF-owned buffers
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @c: The character to search for
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strrchr() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-ENOENT - not found
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strrchr_buf(const char *s, __u32 s__sz, int c)
{
	unsigned long s_end = kfx_buf_end(&s, s__sz);

	return __kfx_strrchr(s, s_end, c);
}

/**
 * kfx_strlen_buf() - kfx_strlen() on BPF-owned buffers
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strlen() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strlen_buf(const char *s, __u32 s__sz)
{
	unsigned long s_end = kfx_buf_end(&s, s__sz);

	return __kfx_strlen(s, s_end);
}

/**
 * kfx_strnlen_buf() - kfx_strnlen() on BPF-owned buffers
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @count: As for the unbounded kfunc
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strnlen() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strnlen_buf(const char *s, __u32 s__sz, size_t count)
{
	unsigned long s_end = kfx_buf_end(&s, s__sz);

	return __kfx_strnlen(s, s_end, count);
}

/**
 * kfx_strspn_buf() - kfx_strspn() on BPF-owned buffers
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @accept: A BPF-owned buffer holding a string
 * @accept__sz: Size of the @accept buffer, proven by the verifier
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strspn() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strspn_buf(const char *s, __u32 s__sz, const char *accept,
			       __u32 accept__sz)
{
	unsigned long s_end = kfx_buf_end(&s, s__sz);
	unsigned long accept_end = kfx_buf_end(&accept, accept__sz);

	return __kfx_span(s, s_end, accept, accept_end, true);
}

/**
 * kfx_strcspn_buf() - kfx_strcspn() on BPF-owned buffers
 * @s: A BPF-owned buffer holding a string
 * @s__sz: Size of the @s buffer, proven by the verifier
 * @reject: A BPF-owned buffer holding a string
 * @reject__sz: Size of the @reject buffer, proven by the verifier
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strcspn() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strcspn_buf(const char *s, __u32 s__sz, const char *reject,
				__u32 reject__sz)
{
	unsigned long s_end = kfx_buf_end(&s, s__sz);
	unsigned long reject_end = kfx_buf_end(&reject, reject__sz);

	return __kfx_span(s, s_end, reject, reject_end, false);
}

/**
 * kfx_strstr_buf() - kfx_strstr() on BPF-owned buffers
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strstr() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-ENOENT - not found
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strstr_buf(const char *s1, __u32 s1__sz, const char *s2,
			       __u32 s2__sz)
{
	unsigned long s1_end = kfx_buf_end(&s1, s1__sz);
	unsigned long s2_end = kfx_buf_end(&s2, s2__sz);

	return __kfx_strnstr(s1, s1_end, s2, s2_end, KFX_STR_MAX, false);
}

/**
 * kfx_strcasestr_buf() - kfx_strcasestr() on BPF-owned buffers
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strcasestr() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-ENOENT - not found
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strcasestr_buf(const char *s1, __u32 s1__sz, const char *s2,
				   __u32 s2__sz)
{
	unsigned long s1_end = kfx_buf_end(&s1, s1__sz);
	unsigned long s2_end = kfx_buf_end(&s2, s2__sz);

	return __kfx_strnstr(s1, s1_end, s2, s2_end, KFX_STR_MAX, true);
}

/**
 * kfx_strnstr_buf() - kfx_strnstr() on BPF-owned buffers
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 * @len: As for the unbounded kfunc
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strnstr() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-ENOENT - not found
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strnstr_buf(const char *s1, __u32 s1__sz, const char *s2,
				__u32 s2__sz, size_t len)
{
	unsigned long s1_end = kfx_buf_end(&s1, s1__sz);
	unsigned long s2_end = kfx_buf_end(&s2, s2__sz);

	return __kfx_strnstr(s1, s1_end, s2, s2_end, len, false);
}

/**
 * kfx_strncasestr_buf() - kfx_strncasestr() on BPF-owned buffers
 * @s1: A BPF-owned buffer holding a string
 * @s1__sz: Size of the @s1 buffer, proven by the verifier
 * @s2: A BPF-owned buffer holding a string
 * @s2__sz: Size of the @s2 buffer, proven by the verifier
 * @len: As for the unbounded kfunc
 *
 * A buffer without a NUL holds a string that ends at the buffer's end.
 *
 * Return: what kfx_strncasestr() returns for the same strings, never %-EFAULT,
 * %-ERANGE or %-EPERM:
 * * %-ENOENT - not found
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of a string were read
 *              without its end (a buffer that large without a NUL)
 */
__bpf_kfunc int kfx_strncasestr_buf(const char *s1, __u32 s1__sz,
				    const char *s2, __u32 s2__sz, size_t len)
{
	unsigned long s1_end = kfx_buf_end(&s1, s1__sz);
	unsigned long s2_end = kfx_buf_end(&s2, s2__sz);

	return __kfx_strnstr(s1, s1_end, s2, s2_end, len, true);
}

__bpf_kfunc_end_defs();
