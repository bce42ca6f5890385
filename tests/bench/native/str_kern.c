// SPDX-License-Identifier: GPL-2.0
/*
 * The code the native bench times, compiled with the flags kbuild gives a
 * module on x86-64 (Makefile: no SSE, no red zone, no jump tables, ...):
 * kfx's string core (module/kfx_str_core.h) over the kernel's nofault
 * loads, and upstream's bpf_str*() byte loops as kernel/bpf/helpers.c
 * writes them (7.x): per byte one __get_kernel_nofault, the first byte of
 * each string checked, page faults disabled around the loop.  The loads
 * are the kernel's: one mov in an asm goto whose exception-table entry,
 * unused while nothing faults, costs nothing (there is none here: the
 * bench reads only mapped memory).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include "str_native.h"

#define XATTR_SIZE_MAX	65536

/* current->pagefault_disabled, as guard(pagefault)() moves it */
static volatile int pagefault_disabled;

static __always_inline void pf_disable(void)
{
	pagefault_disabled++;
	asm volatile("" ::: "memory");
}

static __always_inline void pf_enable(void)
{
	asm volatile("" ::: "memory");
	pagefault_disabled--;
}

/*
 * copy_from_kernel_nofault_allowed() and kfx's first-byte test alike: an
 * address range test.  Here every bench pointer passes it.
 */
static __always_inline bool nofault_allowed(const void *p)
{
	uintptr_t a = (uintptr_t)p;

	return a >= 4096 && (intptr_t)(a << 16) >> 16 == (intptr_t)a;
}

static __always_inline int kfx_mem_check(const char *p)
{
	return nofault_allowed(p) ? 0 : -ERANGE;
}

#define get_nofault(dst, src, insn, cons, label) \
	asm goto(insn " (%1), %0" : "=" cons(*(dst)) : "r"(src) : : label)

static __always_inline int kfx_mem_word(unsigned long addr, unsigned long *w)
{
	get_nofault(w, addr, "movq", "r", fault);
	return 0;
fault:
	return -EFAULT;
}

static __always_inline int kfx_mem_byte(const char *p, char *c)
{
	get_nofault(c, p, "movb", "q", fault);
	return 0;
fault:
	return -EFAULT;
}

#include "../../../module/kfx_str_core.h"

/* ---------- upstream: kernel/bpf/helpers.c's loops ---------- */

static __always_inline char up_tolower(char c)
{
	return kfx_tolower(c);	/* the kernel's _ctype table, as there */
}

static int __bpf_strcasecmp(const char *s1, const char *s2, bool ignore_case,
			    size_t len)
{
	char c1, c2;
	int i;

	if (!nofault_allowed(s1) || !nofault_allowed(s2))
		return -ERANGE;
	for (i = 0; i < len && i < XATTR_SIZE_MAX; i++) {
		get_nofault(&c1, s1, "movb", "q", err_out);
		get_nofault(&c2, s2, "movb", "q", err_out);
		if (ignore_case) {
			c1 = up_tolower(c1);
			c2 = up_tolower(c2);
		}
		if (c1 != c2)
			return (unsigned char)c1 < (unsigned char)c2 ? -1 : 1;
		if (c1 == '\0')
			return 0;
		s1++;
		s2++;
	}
	return i == XATTR_SIZE_MAX ? -E2BIG : 0;
err_out:
	return -EFAULT;
}

static int bpf_strnchr(const char *s, size_t count, char c)
{
	char sc;
	int i;

	if (!nofault_allowed(s))
		return -ERANGE;
	for (i = 0; i < count && i < XATTR_SIZE_MAX; i++) {
		get_nofault(&sc, s, "movb", "q", err_out);
		if (sc == c)
			return i;
		if (sc == '\0')
			return -ENOENT;
		s++;
	}
	return i == XATTR_SIZE_MAX ? -E2BIG : -ENOENT;
err_out:
	return -EFAULT;
}

static int bpf_strchrnul(const char *s, char c)
{
	char sc;
	int i;

	if (!nofault_allowed(s))
		return -ERANGE;
	for (i = 0; i < XATTR_SIZE_MAX; i++) {
		get_nofault(&sc, s, "movb", "q", err_out);
		if (sc == '\0' || sc == c)
			return i;
		s++;
	}
	return -E2BIG;
err_out:
	return -EFAULT;
}

static int bpf_strrchr(const char *s, int c)
{
	char sc;
	int i, last = -ENOENT;

	if (!nofault_allowed(s))
		return -ERANGE;
	for (i = 0; i < XATTR_SIZE_MAX; i++) {
		get_nofault(&sc, s, "movb", "q", err_out);
		if (sc == c)
			last = i;
		if (sc == '\0')
			return last;
		s++;
	}
	return -E2BIG;
err_out:
	return -EFAULT;
}

static int bpf_strnlen(const char *s, size_t count)
{
	char c;
	int i;

	if (!nofault_allowed(s))
		return -ERANGE;
	for (i = 0; i < count && i < XATTR_SIZE_MAX; i++) {
		get_nofault(&c, s, "movb", "q", err_out);
		if (c == '\0')
			return i;
		s++;
	}
	return i == XATTR_SIZE_MAX ? -E2BIG : i;
err_out:
	return -EFAULT;
}

static int __bpf_strspn(const char *s, const char *set, bool accept)
{
	char cs, ca;
	int i, j;

	if (!nofault_allowed(s) || !nofault_allowed(set))
		return -ERANGE;
	for (i = 0; i < XATTR_SIZE_MAX; i++) {
		get_nofault(&cs, s, "movb", "q", err_out);
		if (cs == '\0')
			return i;
		for (j = 0; j < XATTR_SIZE_MAX; j++) {
			get_nofault(&ca, set + j, "movb", "q", err_out);
			if (cs == ca || ca == '\0')
				break;
		}
		if (j == XATTR_SIZE_MAX)
			return -E2BIG;
		if (accept ? ca == '\0' : cs == ca)
			return i;
		s++;
	}
	return -E2BIG;
err_out:
	return -EFAULT;
}

static int __bpf_strnstr(const char *s1, const char *s2, size_t len,
			 bool ignore_case)
{
	char c1, c2;
	int i, j;

	if (!nofault_allowed(s1) || !nofault_allowed(s2))
		return -ERANGE;
	for (i = 0; i < XATTR_SIZE_MAX; i++) {
		for (j = 0; i + j <= len && j < XATTR_SIZE_MAX; j++) {
			get_nofault(&c2, s2 + j, "movb", "q", err_out);
			if (c2 == '\0')
				return i;
			/* s2 not fully read and s1 at its end, or len hit */
			if (i + j == len)
				return -ENOENT;
			get_nofault(&c1, s1 + j, "movb", "q", err_out);
			if (ignore_case) {
				c1 = up_tolower(c1);
				c2 = up_tolower(c2);
			}
			if (c1 == '\0')
				return -ENOENT;
			if (c1 != c2)
				break;
		}
		if (j == XATTR_SIZE_MAX)
			return -E2BIG;
		if (i + j == len)
			return -ENOENT;
		s1++;
	}
	return -E2BIG;
err_out:
	return -EFAULT;
}

#define WRAP(name, expr)						\
static noinline int name(const struct nb_args *x)	\
{									\
	int r;								\
	pf_disable();							\
	r = (expr);							\
	pf_enable();							\
	return r;							\
}

/* upstream: each bpf_X as helpers.c defines it over the loops above */
WRAP(up_strlen, bpf_strnlen(x->a, XATTR_SIZE_MAX))
WRAP(up_strnlen, bpf_strnlen(x->a, x->n))
WRAP(up_strchr, bpf_strnchr(x->a, XATTR_SIZE_MAX, x->c))
WRAP(up_strnchr, bpf_strnchr(x->a, x->n, x->c))
WRAP(up_strchrnul, bpf_strchrnul(x->a, x->c))
WRAP(up_strrchr, bpf_strrchr(x->a, x->c))
WRAP(up_strcmp, __bpf_strcasecmp(x->a, x->b, false, XATTR_SIZE_MAX))
WRAP(up_strcasecmp, __bpf_strcasecmp(x->a, x->b, true, XATTR_SIZE_MAX))
WRAP(up_strncasecmp, __bpf_strcasecmp(x->a, x->b, true, x->n))
WRAP(up_strspn, __bpf_strspn(x->a, x->b, true))
WRAP(up_strcspn, __bpf_strspn(x->a, x->b, false))
WRAP(up_strstr, __bpf_strnstr(x->a, x->b, XATTR_SIZE_MAX, false))
WRAP(up_strcasestr, __bpf_strnstr(x->a, x->b, XATTR_SIZE_MAX, true))
WRAP(up_strnstr, __bpf_strnstr(x->a, x->b, x->n, false))
WRAP(up_strncasestr, __bpf_strnstr(x->a, x->b, x->n, true))

/* kfx: the kfuncs of module/kfx_string.c (their _buf twins: str_kern_buf.c) */
NB_KFX(kfx, 0, 0)

static const nb_fn fns_up[NB_OPS] = NB_TABLE(up);
static const nb_fn fns_kfx[NB_OPS] = NB_TABLE(kfx);

const nb_fn *const nb_fns[NB_IMPLS] = { fns_up, fns_kfx, nb_fns_buf };
