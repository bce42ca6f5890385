// SPDX-License-Identifier: GPL-2.0
/*
 * String family, bounded: every _buf twin on buffers with no NUL inside
 * their size, each followed by a byte that changes the answer if it were
 * read (issue 30, item 7).  The contract (kfx_string_buf.c): a buffer
 * without a NUL holds a string of exactly its size; otherwise the results
 * are the unbounded kfunc's, which are upstream's bpf_str*() ones.
 *
 * Each case names the bytes: "a^n|x" is a buffer of size n holding n 'a'
 * (no NUL), followed by the byte 'x' outside its size.  Every expected
 * value is the contract's answer for the n-byte string; the comment after
 * it says what reading one byte past the size (the byte after |) would
 * give instead.  For the two-buffer twins both buffers are unterminated in
 * every case, and each buffer's overread changes some case's answer.
 *
 * Sizes 1, 2, 3, 7, 8, 9, 15, 16, 17 (around the core's 8-byte words) in
 * .bss, and four placements across a page boundary of an mmapable array's
 * value (vmalloc'ed, page aligned): a buffer ending at a page's end (the
 * next byte on the next page), one starting on a page's last byte, and
 * two crossing it.  Programs unterm_<twin>; ends_at_guard_page puts every
 * twin's buffer at the very end of a mapping, before its guard page
 * (a twin reading past it oopses: not a program for mutation runs).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "kfx_check.h"

#define PAGE	4096
#define W	32	/* room for the largest size (17), its next byte, more */

/* .bss (writable, as 6.1 wants) */
char b1[W], b2[W];

/* Three pages: b1 crosses at 4096, b2 at 8192; the third ends the map. */
struct pages {
	char data[3 * PAGE];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(map_flags, BPF_F_MMAPABLE);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct pages);
} pages SEC(".maps");

/* One page: b2 at its end. */
struct page1 {
	char data[PAGE];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(map_flags, BPF_F_MMAPABLE);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct page1);
} page1 SEC(".maps");

/*
 * b[0..n-1) = c, b[n-1] = last, b[n] = next (outside the size), then NUL
 * up to W: no NUL inside the size (n >= 1, c, last, next not NUL).
 */
static __always_inline void fill(char *b, int n, char c, char last, char next)
{
	int i;

#pragma unroll
	for (i = 0; i < W; i++)
		b[i] = i < n - 1 ? c : i == n - 1 ? last : i == n ? next : 0;
}

/*
 * A program returns 0, or for its first failing case: placement k (1-9
 * the sizes in .bss, 10-13 across pages) * 10000 + the CK's source line.
 */
#define CK(e)	do { if (!(e)) return __LINE__; } while (0)
#define RUN(f, p1, p2, n, k) \
	do { int _l = f(p1, p2, n); if (_l) return (k) * 10000 + _l; } while (0)

/*
 * Each twin's cases for size n, buffers p1 and p2 (W bytes each).
 * (Every "one more byte" answer is what that overread would return.)
 */
static __always_inline int strlen_cases(char *p1, char *p2, int n)
{
	fill(p1, n, 'a', 'a', 'a');
	CK(kfx_strlen_buf(p1, n) == n);			/* a^n|a: n+1 */
	return 0;
}

static __always_inline int strnlen_cases(char *p1, char *p2, int n)
{
	fill(p1, n, 'a', 'a', 'a');
	CK(kfx_strnlen_buf(p1, n, n + 1) == n);		/* a^n|a: n+1 */
	CK(kfx_strnlen_buf(p1, n, 100) == n);		/* a^n|a: n+1 */
	CK(kfx_strnlen_buf(p1, n, n) == n);		/* count n: n too */
	return 0;
}

static __always_inline int strchr_cases(char *p1, char *p2, int n)
{
	fill(p1, n, 'a', 'a', 'x');
	CK(kfx_strchr_buf(p1, n, 'x') == -ENOENT);	/* a^n|x: n */
	CK(kfx_strchr_buf(p1, n, 0) == n);		/* the end: n+1 */
	CK(kfx_strchr_buf(p1, n, 'a') == 0);
	return 0;
}

static __always_inline int strnchr_cases(char *p1, char *p2, int n)
{
	fill(p1, n, 'a', 'a', 'x');
	CK(kfx_strnchr_buf(p1, n, n + 1, 'x') == -ENOENT);	/* a^n|x: n */
	CK(kfx_strnchr_buf(p1, n, 100, 'x') == -ENOENT);	/* a^n|x: n */
	return 0;
}

static __always_inline int strchrnul_cases(char *p1, char *p2, int n)
{
	fill(p1, n, 'a', 'a', 'a');
	CK(kfx_strchrnul_buf(p1, n, 'x') == n);		/* a^n|a: n+1 */
	CK(kfx_strchrnul_buf(p1, n, 0) == n);		/* a^n|a: n+1 */
	return 0;
}

static __always_inline int strrchr_cases(char *p1, char *p2, int n)
{
	fill(p1, n, 'a', 'a', 'a');
	CK(kfx_strrchr_buf(p1, n, 'a') == n - 1);	/* a^n|a: n */
	CK(kfx_strrchr_buf(p1, n, 0) == n);		/* a^n|a: n+1 */
	fill(p1, n, 'a', 'a', 'x');
	CK(kfx_strrchr_buf(p1, n, 'x') == -ENOENT);	/* a^n|x: n */
	return 0;
}

/* s1 = a^n|x, s2 = a^n|y: equal; s1 read on: 1 (x > NUL), s2: -1 */
static __always_inline int strcmp_cases(char *p1, char *p2, int n)
{
	fill(p1, n, 'a', 'a', 'x');
	fill(p2, n, 'a', 'a', 'y');
	CK(kfx_strcmp_buf(p1, n, p2, n) == 0);
	CK(kfx_strcmp_buf(p2, n, p1, n) == 0);
	return 0;
}

/* s1 = A^n|x, s2 = a^n|Y: equal ignoring case; one more: 1 or -1 */
static __always_inline int strcasecmp_cases(char *p1, char *p2, int n)
{
	fill(p1, n, 'A', 'A', 'x');
	fill(p2, n, 'a', 'a', 'Y');
	CK(kfx_strcasecmp_buf(p1, n, p2, n) == 0);
	CK(kfx_strcasecmp_buf(p2, n, p1, n) == 0);
	return 0;
}

/* as strcasecmp, len n + 1 and more: the ends compared too */
static __always_inline int strncasecmp_cases(char *p1, char *p2, int n)
{
	fill(p1, n, 'A', 'A', 'x');
	fill(p2, n, 'a', 'a', 'Y');
	CK(kfx_strncasecmp_buf(p1, n, p2, n, n + 1) == 0);
	CK(kfx_strncasecmp_buf(p2, n, p1, n, n + 1) == 0);
	CK(kfx_strncasecmp_buf(p1, n, p2, n, 100) == 0);
	return 0;
}

static __always_inline int strspn_cases(char *p1, char *p2, int n)
{
	/* s = a^n|a, accept = a^n|b: n; s read on: n+1 */
	fill(p1, n, 'a', 'a', 'a');
	fill(p2, n, 'a', 'a', 'b');
	CK(kfx_strspn_buf(p1, n, p2, n) == n);
	/* s = b^n|c, accept = a^n|b: 0; accept read on (b in it): n */
	fill(p1, n, 'b', 'b', 'c');
	CK(kfx_strspn_buf(p1, n, p2, n) == 0);
	return 0;
}

/* s = c^n|c, reject = b^n|c: n; s read on: n+1; reject read on: 0 */
static __always_inline int strcspn_cases(char *p1, char *p2, int n)
{
	fill(p1, n, 'c', 'c', 'c');
	fill(p2, n, 'b', 'b', 'c');
	CK(kfx_strcspn_buf(p1, n, p2, n) == n);
	return 0;
}

static __always_inline int strstr_cases(char *p1, char *p2, int n)
{
	/* haystack a^n|b, needle ab|x: not found; haystack read on: n-1 */
	fill(p1, n, 'a', 'a', 'b');
	fill(p2, 2, 'a', 'b', 'x');
	CK(kfx_strstr_buf(p1, n, p2, 2) == -ENOENT);
	/* haystack a^n|c, needle a^n|b: 0; needle read on: not found */
	fill(p1, n, 'a', 'a', 'c');
	fill(p2, n, 'a', 'a', 'b');
	CK(kfx_strstr_buf(p1, n, p2, n) == 0);
	return 0;
}

static __always_inline int strcasestr_cases(char *p1, char *p2, int n)
{
	/* haystack A^n|B, needle ab|x: not found; haystack read on: n-1 */
	fill(p1, n, 'A', 'A', 'B');
	fill(p2, 2, 'a', 'b', 'x');
	CK(kfx_strcasestr_buf(p1, n, p2, 2) == -ENOENT);
	/* haystack A^n|c, needle a^n|B: 0; needle read on: not found */
	fill(p1, n, 'A', 'A', 'c');
	fill(p2, n, 'a', 'a', 'B');
	CK(kfx_strcasestr_buf(p1, n, p2, n) == 0);
	return 0;
}

/* as strstr, len n + 1 (the haystack's overread byte within len) */
static __always_inline int strnstr_cases(char *p1, char *p2, int n)
{
	fill(p1, n, 'a', 'a', 'b');
	fill(p2, 2, 'a', 'b', 'x');
	CK(kfx_strnstr_buf(p1, n, p2, 2, n + 1) == -ENOENT);	/* n-1 */
	CK(kfx_strnstr_buf(p1, n, p2, 2, 100) == -ENOENT);	/* n-1 */
	fill(p1, n, 'a', 'a', 'c');
	fill(p2, n, 'a', 'a', 'b');
	CK(kfx_strnstr_buf(p1, n, p2, n, n + 1) == 0);	/* -ENOENT */
	CK(kfx_strnstr_buf(p1, n, p2, n, n) == 0);	/* -ENOENT */
	return 0;
}

static __always_inline int strncasestr_cases(char *p1, char *p2, int n)
{
	fill(p1, n, 'A', 'A', 'B');
	fill(p2, 2, 'a', 'b', 'x');
	CK(kfx_strncasestr_buf(p1, n, p2, 2, n + 1) == -ENOENT);	/* n-1 */
	CK(kfx_strncasestr_buf(p1, n, p2, 2, 100) == -ENOENT);	/* n-1 */
	fill(p1, n, 'A', 'A', 'c');
	fill(p2, n, 'a', 'a', 'B');
	CK(kfx_strncasestr_buf(p1, n, p2, n, n + 1) == 0);	/* -ENOENT */
	CK(kfx_strncasestr_buf(p1, n, p2, n, n) == 0);	/* -ENOENT */
	return 0;
}

/*
 * unterm_<twin>: its cases at every size in .bss, then across pages: b1
 * around offset 4096 of the map value, b2 around 8192, each at
 * [page-9, page) (ends at the page's end), [page-1, page) (one byte, the
 * next on the next page), [page-8, page+8) and [page-3, page+14).
 */
#define UNTERM(twin)							\
SEC("syscall")								\
__success __retval(0)							\
int unterm_##twin(void *ctx)						\
{									\
	struct pages *v;						\
	__u32 key = 0;							\
									\
	RUN(twin##_cases, b1, b2, 1, 1);					\
	RUN(twin##_cases, b1, b2, 2, 2);					\
	RUN(twin##_cases, b1, b2, 3, 3);					\
	RUN(twin##_cases, b1, b2, 7, 4);					\
	RUN(twin##_cases, b1, b2, 8, 5);					\
	RUN(twin##_cases, b1, b2, 9, 6);					\
	RUN(twin##_cases, b1, b2, 15, 7);					\
	RUN(twin##_cases, b1, b2, 16, 8);					\
	RUN(twin##_cases, b1, b2, 17, 9);					\
	v = bpf_map_lookup_elem(&pages, &key);				\
	if (!v)								\
		return 1;						\
	RUN(twin##_cases, v->data + PAGE - 9, v->data + 2 * PAGE - 9, 9, 10); \
	RUN(twin##_cases, v->data + PAGE - 1, v->data + 2 * PAGE - 1, 1, 11); \
	RUN(twin##_cases, v->data + PAGE - 8, v->data + 2 * PAGE - 8, 16, 12); \
	RUN(twin##_cases, v->data + PAGE - 3, v->data + 2 * PAGE - 3, 17, 13); \
	return 0;							\
}

UNTERM(strlen)
UNTERM(strnlen)
UNTERM(strchr)
UNTERM(strnchr)
UNTERM(strchrnul)
UNTERM(strrchr)
UNTERM(strcmp)
UNTERM(strcasecmp)
UNTERM(strncasecmp)
UNTERM(strspn)
UNTERM(strcspn)
UNTERM(strstr)
UNTERM(strcasestr)
UNTERM(strnstr)
UNTERM(strncasestr)

/*
 * Every twin on buffers that end where the mapping does (the last bytes
 * of a vmalloc'ed map value, its guard page next): nothing past the size
 * may be read at all.  s1 = "ab" at the end of one map, s2 = "ab" at the
 * end of the other (sizes 2: no NUL inside).
 */
static __always_inline void put_ab(char *p)
{
	p[0] = 'a';
	p[1] = 'b';
}

SEC("syscall")
__success __retval(0)
int ends_at_guard_page(void *ctx)
{
	struct pages *v;
	struct page1 *u;
	__u32 key = 0;
	char *s1, *s2;

	v = bpf_map_lookup_elem(&pages, &key);
	u = bpf_map_lookup_elem(&page1, &key);
	if (!v || !u)
		return 1;
	s1 = v->data + 3 * PAGE - 2;
	s2 = u->data + PAGE - 2;
	put_ab(s1);
	put_ab(s2);
	CHECK(kfx_strlen_buf(s1, 2) == 2);
	CHECK(kfx_strnlen_buf(s1, 2, 100) == 2);
	CHECK(kfx_strchr_buf(s1, 2, 'x') == -ENOENT);
	CHECK(kfx_strchr_buf(s1, 2, 0) == 2);
	CHECK(kfx_strnchr_buf(s1, 2, 100, 'x') == -ENOENT);
	CHECK(kfx_strchrnul_buf(s1, 2, 'x') == 2);
	CHECK(kfx_strrchr_buf(s1, 2, 'a') == 0);
	CHECK(kfx_strrchr_buf(s1, 2, 0) == 2);
	CHECK(kfx_strcmp_buf(s1, 2, s2, 2) == 0);
	CHECK(kfx_strcasecmp_buf(s1, 2, s2, 2) == 0);
	CHECK(kfx_strncasecmp_buf(s1, 2, s2, 2, 100) == 0);
	CHECK(kfx_strspn_buf(s1, 2, s2, 2) == 2);
	CHECK(kfx_strcspn_buf(s1, 2, s2, 2) == 0);
	CHECK(kfx_strstr_buf(s1, 2, s2, 2) == 0);
	CHECK(kfx_strstr_buf(s1, 2, s2 + 1, 1) == 1);
	CHECK(kfx_strcasestr_buf(s1, 2, s2, 2) == 0);
	CHECK(kfx_strnstr_buf(s1, 2, s2, 2, 100) == 0);
	CHECK(kfx_strncasestr_buf(s1, 2, s2, 2, 100) == 0);
	/* the set/needle at the end, the other string longer */
	CHECK(kfx_strspn_buf(S("abab!"), 6, s2, 2) == 4);
	CHECK(kfx_strcspn_buf(S("xyb"), 4, s2, 2) == 2);
	CHECK(kfx_strstr_buf(S("xxab"), 5, s2, 2) == 2);
	CHECK(kfx_strnstr_buf(S("xxab"), 5, s2, 2, 4) == 2);
	CHECK(kfx_strnstr_buf(S("xxab"), 5, s2, 2, 3) == -ENOENT);
	return 0;
}

char _license[] SEC("license") = "GPL";
