/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The string core (module/kfx_str_core.h) in user space, over a memory
 * model: addresses below KFX_HOST_LOW are not "kernel" (-ERANGE), and one
 * configurable range [kfx_host_hole_lo, kfx_host_hole_hi) is unmapped
 * (-EFAULT), at word granularity as a page is in the kernel.
 */
#ifndef _KFX_STR_HOST_H
#define _KFX_STR_HOST_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define KFX_HOST_LOW	0x10000UL

#ifndef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#endif
#ifndef likely
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#endif
#ifndef noinline
#define noinline	__attribute__((__noinline__))
#endif

extern uintptr_t kfx_host_hole_lo, kfx_host_hole_hi;

static inline bool kfx_host_mapped(uintptr_t a)
{
	return a < kfx_host_hole_lo || a >= kfx_host_hole_hi;
}

/*
 * Trap pages: the page after a string's end, which the core may read only
 * if the byte-at-a-time reference read it too (the kernel has pages whose
 * mere read oopses: x86's vsyscall page).  Reads of them are counted.
 */
#define KFX_HOST_TRAPS	2
extern uintptr_t kfx_host_trap_lo[KFX_HOST_TRAPS];
extern unsigned long kfx_host_trap_core, kfx_host_trap_ref;
/* Every read the core makes, a byte or a word (str_adv.c's linearity). */
extern unsigned long kfx_host_reads;

static inline bool kfx_host_in_trap(uintptr_t a)
{
	int i;

	for (i = 0; i < KFX_HOST_TRAPS; i++)
		if (a >= kfx_host_trap_lo[i] && a - kfx_host_trap_lo[i] < 4096)
			return true;
	return false;
}

static inline int kfx_mem_check(const char *p)
{
	return (uintptr_t)p < KFX_HOST_LOW ? -ERANGE : 0;
}

/* Whole aligned words reach past the string's ends, as in the kernel. */
__attribute__((no_sanitize("address")))
static inline int kfx_mem_word(unsigned long addr, unsigned long *w)
{
	kfx_host_reads++;
	kfx_host_trap_core += kfx_host_in_trap(addr);
	if ((addr & 4095) > 4096 - sizeof(*w))	/* the core never spans pages */
		__builtin_trap();
	if (!kfx_host_mapped(addr))
		return -EFAULT;
	__builtin_memcpy(w, (const void *)addr, sizeof(*w));
	return 0;
}

static inline int kfx_mem_byte(const char *p, char *c)
{
	kfx_host_reads++;
	kfx_host_trap_core += kfx_host_in_trap((uintptr_t)p);
	if (!kfx_host_mapped((uintptr_t)p))
		return -EFAULT;
	*c = *p;
	return 0;
}

#include "../../module/kfx_str_core.h"

/* The plain reference model (str_ref.c): upstream's byte loops. */
int ref_strcmp(const char *s1, const char *s2);
int ref_strcasecmp(const char *s1, const char *s2);
int ref_strncasecmp(const char *s1, const char *s2, size_t len);
int ref_strnchr(const char *s, size_t count, char c);
int ref_strchr(const char *s, char c);
int ref_strchrnul(const char *s, char c);
int ref_strrchr(const char *s, int c);
int ref_strnlen(const char *s, size_t count);
int ref_strlen(const char *s);
int ref_strspn(const char *s, const char *accept);
int ref_strcspn(const char *s, const char *reject);
int ref_strstr(const char *s1, const char *s2);
int ref_strcasestr(const char *s1, const char *s2);
int ref_strnstr(const char *s1, const char *s2, size_t len);
int ref_strncasestr(const char *s1, const char *s2, size_t len);

#endif
