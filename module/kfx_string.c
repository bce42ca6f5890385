// SPDX-License-Identifier: GPL-2.0
/*
 * kfx string family, unbounded: read-only string kfuncs that take any
 * pointer a program holds and read it fault-safely, with upstream's exact
 * results and errnos (bpf_str*(), 6.17 to 7.0).  The algorithms live in
 * kfx_str_core.h, shared with the host tests; this file supplies the
 * kernel's memory access: word and byte loads that return -EFAULT instead
 * of oopsing, with page faults disabled so that nothing sleeps.
 *
 * The kernel-doc below is the reference for each kfunc (bpf/kfx.h only
 * declares them; docs/kfuncs.md's reference table is generated from it by
 * tools/kfx-doc.py).  What a program may pass: on 6.2+ the __ign suffix
 * makes the verifier accept any pointer, BPF memory, a BTF-typed kernel
 * pointer (task->comm) or a scalar address.  6.1 has no __ign: there the
 * verifier wants at least one byte of writable BPF memory ("write into map
 * forbidden" for .rodata), or NULL (-ERANGE); it refuses scalars and
 * BTF-typed kernel pointers (docs/kfuncs.md: What a BPF program can pass).  A
 * string that starts on a mapped page of the x86 fixmap just below the
 * vsyscall page and runs into it would oops as upstream's kfuncs do: only
 * the first byte is checked.
 */
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/security.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include "kfx_compat.h"
#include "../bpf/kfx.h"

#ifdef KFX_LOCKDOWN_CHECKS
bool kfx_lockdown_seen;
module_param_named(lockdown, kfx_lockdown_seen, bool, 0444);
MODULE_PARM_DESC(lockdown, "Y once lockdown refuses kernel reads (read-only)");

static void kfx_lockdown_poll(struct work_struct *work);
static DECLARE_DELAYED_WORK(kfx_lockdown_work, kfx_lockdown_poll);

/*
 * Whether lockdown forbids reading kernel memory, asked in a kworker: as
 * the kernel's own subject, in process context (kfx_compat.h).  Asked
 * again each second until it does; it is never lifted.
 */
static void kfx_lockdown_poll(struct work_struct *work)
{
	if (security_locked_down(LOCKDOWN_BPF_READ_KERNEL) < 0) {
		WRITE_ONCE(kfx_lockdown_seen, true);
		return;
	}
	queue_delayed_work(system_power_efficient_wq, &kfx_lockdown_work, HZ);
}

/* Known before any program can call: the first answer is waited for. */
void kfx_lockdown_start(void)
{
	queue_delayed_work(system_power_efficient_wq, &kfx_lockdown_work, 0);
	flush_delayed_work(&kfx_lockdown_work);
}

void kfx_lockdown_stop(void)
{
	cancel_delayed_work_sync(&kfx_lockdown_work);
}
#endif

/*
 * Upstream's test of each string's first byte (x86-64: -ERANGE for
 * addresses outside the kernel's; arm64: none, its user half faults on
 * reading), and -EPERM under lockdown (confidentiality) where it must not
 * read (kfx_compat.h).
 */
static inline int kfx_mem_check(const char *p)
{
	if (kfx_read_locked_down())
		return -EPERM;
	return kfx_nofault_read_check(p);
}

static __always_inline int kfx_mem_word(unsigned long addr, unsigned long *w)
{
	if (kfx_nofault_user_half(addr))
		return -EFAULT;
	__get_kernel_nofault(w, (unsigned long *)addr, unsigned long, fault);
	return 0;
fault:
	return -EFAULT;
}

static __always_inline int kfx_mem_byte(const char *p, char *c)
{
	if (kfx_nofault_user_half((unsigned long)p))
		return -EFAULT;
	__get_kernel_nofault(c, p, char, fault);
	return 0;
fault:
	return -EFAULT;
}

#include "kfx_str_core.h"

__bpf_kfunc_start_defs();

/**
 * kfx_strcmp() - Compare two strings
 * @s1__ign: One string
 * @s2__ign: Another string
 *
 * Return:
 * * -1/0/1   - %0 if equal, %-1 if @s1__ign sorts first, %1 otherwise (bytes
 *              compare unsigned, as upstream)
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strcmp(const char *s1__ign, const char *s2__ign)
{
	guard(pagefault)();
	return __kfx_strncasecmp(s1__ign, 0, s2__ign, 0, false, KFX_STR_MAX);
}

/**
 * kfx_strcasecmp() - Compare two strings, ignoring case
 * @s1__ign: One string
 * @s2__ign: Another string
 *
 * Return:
 * * -1/0/1   - as kfx_strcmp() after the kernel's tolower() (ASCII and
 *              ISO-8859-1) on both
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strcasecmp(const char *s1__ign, const char *s2__ign)
{
	guard(pagefault)();
	return __kfx_strncasecmp(s1__ign, 0, s2__ign, 0, true, KFX_STR_MAX);
}

/**
 * kfx_strncasecmp() - Compare at most @len characters, ignoring case
 * @s1__ign: One string
 * @s2__ign: Another string
 * @len: The maximum number of characters to compare
 *
 * Return:
 * * -1/0/1   - as kfx_strcasecmp(), %0 when @len characters are equal
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strncasecmp(const char *s1__ign, const char *s2__ign, size_t len)
{
	guard(pagefault)();
	return __kfx_strncasecmp(s1__ign, 0, s2__ign, 0, true, len);
}

/**
 * kfx_strchr() - Find the first occurrence of a character
 * @s__ign: The string
 * @c: The character to search for
 *
 * Return:
 * * >=0      - index of the first @c; the terminating NUL can be searched for
 * * %-ENOENT - not found
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strchr(const char *s__ign, char c)
{
	guard(pagefault)();
	return __kfx_strchr(s__ign, 0, c);
}

/**
 * kfx_strnchr() - Find a character within the first @count characters
 * @s__ign: The string
 * @count: The number of characters to search
 * @c: The character to search for
 *
 * Return:
 * * >=0      - index of the first @c within @count characters
 * * %-ENOENT - not found
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strnchr(const char *s__ign, size_t count, char c)
{
	guard(pagefault)();
	return __kfx_strnchr(s__ign, 0, count, c);
}

/**
 * kfx_strchrnul() - Find a character, or the end of the string
 * @s__ign: The string
 * @c: The character to search for
 *
 * Return:
 * * >=0      - index of the first @c, or of the terminating NUL
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strchrnul(const char *s__ign, char c)
{
	guard(pagefault)();
	return __kfx_strchrnul(s__ign, 0, c);
}

/**
 * kfx_strrchr() - Find the last occurrence of a character
 * @s__ign: The string
 * @c: The character to search for
 *
 * Return:
 * * >=0      - index of the last @c (an int compared with each unsigned char);
 *              searching for 0 gives the length
 * * %-ENOENT - not found
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strrchr(const char *s__ign, int c)
{
	guard(pagefault)();
	return __kfx_strrchr(s__ign, 0, c);
}

/**
 * kfx_strlen() - Length of a string
 * @s__ign: The string
 *
 * Return:
 * * >=0      - the length of @s__ign
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strlen(const char *s__ign)
{
	guard(pagefault)();
	return __kfx_strlen(s__ign, 0);
}

/**
 * kfx_strnlen() - Length of a string, at most @count
 * @s__ign: The string
 * @count: The maximum length
 *
 * Return:
 * * >=0      - min(length of @s__ign, @count)
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strnlen(const char *s__ign, size_t count)
{
	guard(pagefault)();
	return __kfx_strnlen(s__ign, 0, count);
}

/**
 * kfx_strspn() - Length of the prefix made of characters in @accept__ign
 * @s__ign: The string
 * @accept__ign: The characters to accept
 *
 * Return:
 * * >=0      - that length
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strspn(const char *s__ign, const char *accept__ign)
{
	guard(pagefault)();
	return __kfx_span(s__ign, 0, accept__ign, 0, true);
}

/**
 * kfx_strcspn() - Length of the prefix free of characters in @reject__ign
 * @s__ign: The string
 * @reject__ign: The characters to reject
 *
 * Return:
 * * >=0      - that length
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strcspn(const char *s__ign, const char *reject__ign)
{
	guard(pagefault)();
	return __kfx_span(s__ign, 0, reject__ign, 0, false);
}

/**
 * kfx_strstr() - Find the first occurrence of a substring
 * @s1__ign: The string to search
 * @s2__ign: The string to find
 *
 * Return:
 * * >=0      - index of the first occurrence of @s2__ign; %0 for an empty
 *              @s2__ign
 * * %-ENOENT - not found
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strstr(const char *s1__ign, const char *s2__ign)
{
	guard(pagefault)();
	return __kfx_strnstr(s1__ign, 0, s2__ign, 0, KFX_STR_MAX, false);
}

/**
 * kfx_strcasestr() - Find a substring, ignoring case
 * @s1__ign: The string to search
 * @s2__ign: The string to find
 *
 * Return:
 * * >=0      - as kfx_strstr(), comparing after tolower()
 * * %-ENOENT - not found
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strcasestr(const char *s1__ign, const char *s2__ign)
{
	guard(pagefault)();
	return __kfx_strnstr(s1__ign, 0, s2__ign, 0, KFX_STR_MAX, true);
}

/**
 * kfx_strnstr() - Find a substring within the first @len characters
 * @s1__ign: The string to search
 * @s2__ign: The string to find
 * @len: The number of characters of @s1__ign to search
 *
 * Return:
 * * >=0      - index of the first occurrence lying entirely within @len
 *              characters of @s1__ign; %0 for an empty @s2__ign even for @len
 *              0
 * * %-ENOENT - not found
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strnstr(const char *s1__ign, const char *s2__ign, size_t len)
{
	guard(pagefault)();
	return __kfx_strnstr(s1__ign, 0, s2__ign, 0, len, false);
}

/**
 * kfx_strncasestr() - Find a substring within @len characters, ignoring case
 * @s1__ign: The string to search
 * @s2__ign: The string to find
 * @len: The number of characters of @s1__ign to search
 *
 * Return:
 * * >=0      - as kfx_strnstr(), comparing after tolower()
 * * %-ENOENT - not found
 * * %-EFAULT - a read faulted (an unmapped or invalid kernel address, or a
 *              string running into an unmapped page)
 * * %-E2BIG  - 65536 characters (XATTR_SIZE_MAX) of an input, the set
 *              or the needle included, were read without its end
 * * %-ERANGE - x86-64: a string is not a kernel address (NULL, user
 *              space, the vsyscall page, non-canonical); only each first
 *              byte is checked, as upstream does (arm64, as upstream:
 *              %-EFAULT once such a string would be read)
 * * %-EPERM  - lockdown (confidentiality) forbids reading kernel memory
 *              (6.2+)
 */
__bpf_kfunc int kfx_strncasestr(const char *s1__ign, const char *s2__ign, size_t len)
{
	guard(pagefault)();
	return __kfx_strnstr(s1__ign, 0, s2__ign, 0, len, true);
}

__bpf_kfunc_end_defs();
