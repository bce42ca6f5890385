// SPDX-License-Identifier: GPL-2.0
/*
 * The reference model: each kfunc as the upstream contract states it, one
 * byte at a time, with no cleverness.  The core is fuzzed against this.
 */
#include "str_host.h"

#define MAX KFX_STR_MAX

/* str_host.h's trap pages: none until a test sets them (str_diff.c) */
uintptr_t kfx_host_trap_lo[KFX_HOST_TRAPS] = { UINTPTR_MAX, UINTPTR_MAX };
unsigned long kfx_host_trap_core, kfx_host_trap_ref;
unsigned long kfx_host_reads;

static int rd(const char *p, char *c)
{
	kfx_host_trap_ref += kfx_host_in_trap((uintptr_t)p);
	if (!kfx_host_mapped((uintptr_t)p))
		return -1;
	*c = *p;
	return 0;
}

static bool bad(const char *p)
{
	return (uintptr_t)p < KFX_HOST_LOW;
}

static char lower(char c)
{
	unsigned char u = c;

	if ((u >= 'A' && u <= 'Z') || (u >= 0xc0 && u <= 0xde && u != 0xd7))
		return u + 32;
	return c;
}

/* Upstream kernels build with -funsigned-char: bytes compare unsigned. */
static int cmp(const char *a, const char *b, bool fold, size_t len)
{
	size_t i;
	unsigned char x, y;

	if (bad(a) || bad(b))
		return -ERANGE;
	for (i = 0; i < len && i < MAX; i++) {
		if (rd(a + i, (char *)&x) || rd(b + i, (char *)&y))
			return -EFAULT;
		if (fold) {
			x = lower(x);
			y = lower(y);
		}
		if (x != y)
			return x < y ? -1 : 1;
		if (!x)
			return 0;
	}
	return i == MAX ? -E2BIG : 0;
}

int ref_strcmp(const char *s1, const char *s2) { return cmp(s1, s2, false, MAX); }
int ref_strcasecmp(const char *s1, const char *s2) { return cmp(s1, s2, true, MAX); }
int ref_strncasecmp(const char *s1, const char *s2, size_t len) { return cmp(s1, s2, true, len); }

int ref_strnchr(const char *s, size_t count, char c)
{
	size_t i;
	char x;

	if (bad(s))
		return -ERANGE;
	for (i = 0; i < count && i < MAX; i++) {
		if (rd(s + i, &x))
			return -EFAULT;
		if (x == c)
			return i;
		if (!x)
			return -ENOENT;
	}
	return i == MAX ? -E2BIG : -ENOENT;
}

int ref_strchr(const char *s, char c) { return ref_strnchr(s, MAX, c); }

int ref_strchrnul(const char *s, char c)
{
	size_t i;
	char x;

	if (bad(s))
		return -ERANGE;
	for (i = 0; i < MAX; i++) {
		if (rd(s + i, &x))
			return -EFAULT;
		if (!x || x == c)
			return i;
	}
	return -E2BIG;
}

int ref_strrchr(const char *s, int c)
{
	int i, last = -ENOENT;
	unsigned char x;

	if (bad(s))
		return -ERANGE;
	for (i = 0; i < MAX; i++) {
		if (rd(s + i, (char *)&x))
			return -EFAULT;
		if (x == c)
			last = i;
		if (!x)
			return last;
	}
	return -E2BIG;
}

int ref_strnlen(const char *s, size_t count)
{
	size_t i;
	char x;

	if (bad(s))
		return -ERANGE;
	for (i = 0; i < count && i < MAX; i++) {
		if (rd(s + i, &x))
			return -EFAULT;
		if (!x)
			return i;
	}
	return i == MAX ? -E2BIG : (int)i;
}

int ref_strlen(const char *s) { return ref_strnlen(s, MAX); }

static int span(const char *s, const char *set, bool accept)
{
	int i, j;
	char x, y;

	if (bad(s) || bad(set))
		return -ERANGE;
	for (i = 0; i < MAX; i++) {
		if (rd(s + i, &x))
			return -EFAULT;
		if (!x)
			return i;
		for (j = 0; j < MAX; j++) {
			if (rd(set + j, &y))
				return -EFAULT;
			if (x == y || !y)
				break;
		}
		if (j == MAX)
			return -E2BIG;
		if (accept ? !y : y)
			return i;
	}
	return -E2BIG;
}

int ref_strspn(const char *s, const char *accept) { return span(s, accept, true); }
int ref_strcspn(const char *s, const char *reject) { return span(s, reject, false); }

static int nstr(const char *s1, const char *s2, size_t len, bool fold)
{
	size_t i, j;
	char x, y;

	if (bad(s1) || bad(s2))
		return -ERANGE;
	for (i = 0; i < MAX; i++) {
		for (j = 0; i + j <= len && j < MAX; j++) {
			if (rd(s2 + j, &y))
				return -EFAULT;
			if (!y)
				return i;
			if (i + j == len)
				break;
			if (rd(s1 + i + j, &x))
				return -EFAULT;
			if (fold) {
				x = lower(x);
				y = lower(y);
			}
			if (!x)
				return -ENOENT;
			if (x != y)
				break;
		}
		if (j == MAX)
			return -E2BIG;
		if (i + j == len)
			return -ENOENT;
	}
	return -E2BIG;
}

int ref_strstr(const char *s1, const char *s2) { return nstr(s1, s2, MAX, false); }
int ref_strcasestr(const char *s1, const char *s2) { return nstr(s1, s2, MAX, true); }
int ref_strnstr(const char *s1, const char *s2, size_t len) { return nstr(s1, s2, len, false); }
int ref_strncasestr(const char *s1, const char *s2, size_t len) { return nstr(s1, s2, len, true); }
