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
#define __ksym
#define KFX_DECLARE_KFUNCS
#elif defined(__bpf__)
/* __ksym comes from bpf_helpers.h, included before this header. */
#define KFX_DECLARE_KFUNCS
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
__ksym __u32 kfx_version(void);

/*
 * String family, unbounded (upstream bpf_str*(), 6.17 to 7.0, renamed).
 *
 * Every one returns an int: an index, length or comparison result >= 0 (or
 * -1 for "less" from the comparisons), or a negative errno:
 *   -ENOENT  not found (chr, nchr, rchr, str, nstr and case variants)
 *   -E2BIG   65536 characters (XATTR_SIZE_MAX) of any input, the
 *            accept/reject set and the needle included, were read
 *            without reaching its end
 *   -ERANGE  a string pointer is not a kernel address (NULL, user space);
 *            only the first byte of each string is checked
 *   -EFAULT  a read faulted: an unmapped or invalid kernel address, or a
 *            string running into an unmapped page
 * Reads never oops, warn or sleep (page faults are disabled); they are
 * callable from every program type kfx serves.
 *
 * What a program may pass: on 6.2+ the __ign suffix makes the verifier
 * accept any pointer, BPF memory or a kernel pointer read from a BTF-typed
 * object (task->comm, a dentry's name), or a scalar address.  6.1 has no
 * __ign: there the verifier treats these arguments as at least one byte of
 * *writable* BPF memory (stack, .data/.bss, map values, ringbuf samples;
 * a .rodata string is refused with "write into map forbidden"), or NULL
 * (which gives -ERANGE); scalars and BTF-typed kernel pointers are refused.
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
__ksym int kfx_strcmp(const char *s1__ign, const char *s2__ign);

/**
 * kfx_strcasecmp() - Compare two strings, ignoring case
 * @s1__ign: One string
 * @s2__ign: Another string
 *
 * Return: as kfx_strcmp() after the kernel's tolower() (ASCII and ISO-8859-1)
 *         on both.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strcasecmp(const char *s1__ign, const char *s2__ign);

/**
 * kfx_strncasecmp() - Compare at most @len characters, ignoring case
 * @s1__ign: One string
 * @s2__ign: Another string
 * @len: The maximum number of characters to compare
 *
 * Return: as kfx_strcasecmp(), %0 when @len characters are equal.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strncasecmp(const char *s1__ign, const char *s2__ign, size_t len);

/**
 * kfx_strchr() - Find the first occurrence of a character
 * @s__ign: The string
 * @c: The character to search for
 *
 * Return: index of the first @c; the terminating NUL can be searched for;
 *         %-ENOENT if absent.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strchr(const char *s__ign, char c);

/**
 * kfx_strnchr() - Find a character within the first @count characters
 * @s__ign: The string
 * @count: The number of characters to search
 * @c: The character to search for
 *
 * Return: index of the first @c within @count characters; %-ENOENT if absent.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strnchr(const char *s__ign, size_t count, char c);

/**
 * kfx_strchrnul() - Find a character, or the end of the string
 * @s__ign: The string
 * @c: The character to search for
 *
 * Return: index of the first @c, or of the terminating NUL.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strchrnul(const char *s__ign, char c);

/**
 * kfx_strrchr() - Find the last occurrence of a character
 * @s__ign: The string
 * @c: The character to search for
 *
 * Return: index of the last @c (an int compared with each unsigned char);
 *         searching for 0 gives the length; %-ENOENT if absent.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strrchr(const char *s__ign, int c);

/**
 * kfx_strlen() - Length of a string
 * @s__ign: The string
 *
 * Return: the length of @s__ign.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strlen(const char *s__ign);

/**
 * kfx_strnlen() - Length of a string, at most @count
 * @s__ign: The string
 * @count: The maximum length
 *
 * Return: min(length of @s__ign, @count).
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strnlen(const char *s__ign, size_t count);

/**
 * kfx_strspn() - Length of the prefix made of characters in @accept__ign
 * @s__ign: The string
 * @accept__ign: The characters to accept
 *
 * Return: that length.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strspn(const char *s__ign, const char *accept__ign);

/**
 * kfx_strcspn() - Length of the prefix free of characters in @reject__ign
 * @s__ign: The string
 * @reject__ign: The characters to reject
 *
 * Return: that length.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strcspn(const char *s__ign, const char *reject__ign);

/**
 * kfx_strstr() - Find the first occurrence of a substring
 * @s1__ign: The string to search
 * @s2__ign: The string to find
 *
 * Return: index of the first occurrence of @s2__ign; %0 for an empty @s2__ign;
 *         %-ENOENT if absent.
 * Errors: -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strstr(const char *s1__ign, const char *s2__ign);

/**
 * kfx_strcasestr() - Find a substring, ignoring case
 * @s1__ign: The string to search
 * @s2__ign: The string to find
 *
 * Return: as kfx_strstr(), comparing after tolower().
 * Errors: -ENOENT, -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strcasestr(const char *s1__ign, const char *s2__ign);

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
__ksym int kfx_strnstr(const char *s1__ign, const char *s2__ign, size_t len);

/**
 * kfx_strncasestr() - Find a substring within @len characters, ignoring case
 * @s1__ign: The string to search
 * @s2__ign: The string to find
 * @len: The number of characters of @s1__ign to search
 *
 * Return: as kfx_strnstr(), comparing after tolower().
 * Errors: -ENOENT, -EFAULT, -E2BIG, -ERANGE (see above).
 */
__ksym int kfx_strncasestr(const char *s1__ign, const char *s2__ign, size_t len);

#endif /* KFX_DECLARE_KFUNCS */

#endif /* _KFX_H */
