// SPDX-License-Identifier: GPL-2.0
/*
 * The pages the string compares read (__kfx_strncasecmp: strcmp,
 * strcasecmp, strncasecmp and their _buf twins), at page granularity: the
 * core may read no page that upstream's byte loop would not, because some
 * kernel pages oops on any read (x86's vsyscall page).  Two strings end
 * near page boundaries, at every offset, equal or differing only in case
 * for a while, with a NUL, a difference or an unmapped page (a hole) at a
 * random place; each page each side reads is recorded.  A bounded twin's
 * word reads must also start inside its buffer.  Results must match the
 * byte loop's.  From an attack review of the misaligned word compare: the
 * random differential (str_diff.c) could not see a read of s2's next page
 * while s1 faults.
 * The scans (strnlen, strnchr, strchrnul, strrchr) and the searches
 * (strnstr, strncasestr) get the same treatment (scan_case()): one string,
 * or a haystack and a needle, ending near page boundaries; their bounded
 * twins' word reads may start up to a word before the buffer (the aligned
 * word holding its first byte) but never at or past its end (KASAN checks
 * a word read's first byte).
 * The searches' two-way path (long partial matches: periodic haystacks,
 * needles cut from them, thousands of chars, crossing pages, running on
 * into a hole or a page upstream's loop never reaches) gets the same
 * check (tw_case()), and so a pattern grown page by page.
 * Usage: str_pages [ITERATIONS]
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

#define NPAGES	48
#define PAGE	4096UL

static char *arena;
static bool hole[NPAGES];
static bool read_core[NPAGES], read_ref[NPAGES];
static bool bounded;
static uintptr_t buf_lo[2], buf_hi[2];
static long outside_reads;

static int page_of(uintptr_t a)
{
	uintptr_t d = a - (uintptr_t)arena;

	if (d >= NPAGES * PAGE) {
		fprintf(stderr, "str_pages: read outside the arena: %#lx\n", (unsigned long)a);
		abort();
	}
	return d / PAGE;
}

static inline int kfx_mem_check(const char *p)
{
	return (uintptr_t)p < 0x10000 ? -ERANGE : 0;
}

static inline int kfx_mem_word(unsigned long a, unsigned long *w)
{
	int p = page_of(a);

	if ((a & (PAGE - 1)) > PAGE - sizeof(*w))	/* a word spans two pages */
		abort();
	read_core[p] = true;
	if (bounded && !(a >= buf_lo[0] && a < buf_hi[0]) &&
	    !(a >= buf_lo[1] && a < buf_hi[1]))
		outside_reads++;
	if (hole[p])
		return -EFAULT;
	memcpy(w, (void *)a, sizeof(*w));
	return 0;
}

static inline int kfx_mem_byte(const char *c, char *o)
{
	int p = page_of((uintptr_t)c);

	read_core[p] = true;
	if (hole[p])
		return -EFAULT;
	*o = *c;
	return 0;
}

#include "../../module/kfx_str_core.h"

static unsigned char lower(unsigned char u)
{
	if ((u >= 'A' && u <= 'Z') || (u >= 0xc0 && u <= 0xde && u != 0xd7))
		return u + 32;
	return u;
}

/* The other case of @c, or @c. */
static char other_case(char c)
{
	unsigned char u = c;

	if (lower(u) != u)
		return lower(u);
	if ((u >= 'a' && u <= 'z') || (u >= 0xe0 && u <= 0xfe && u != 0xf7))
		return u - 32;
	return c;
}

/* Upstream's loop; bytes from @e1/@e2 on (when set) read as NUL. */
static int ref(const char *a, uintptr_t e1, const char *b, uintptr_t e2,
	       bool fold, size_t len)
{
	unsigned char x, y;
	size_t i;
	int p;

	if (!e1 && ((uintptr_t)a < 0x10000 || (uintptr_t)b < 0x10000))
		return -ERANGE;
	for (i = 0; i < len && i < 65536; i++) {
		if (e1 && (uintptr_t)(a + i) >= e1) {
			x = 0;
		} else {
			p = page_of((uintptr_t)(a + i));
			read_ref[p] = true;
			if (hole[p])
				return -EFAULT;
			x = a[i];
		}
		if (e2 && (uintptr_t)(b + i) >= e2) {
			y = 0;
		} else {
			p = page_of((uintptr_t)(b + i));
			read_ref[p] = true;
			if (hole[p])
				return -EFAULT;
			y = b[i];
		}
		if (fold) {
			x = lower(x);
			y = lower(y);
		}
		if (x != y)
			return x < y ? -1 : 1;
		if (!x)
			return 0;
	}
	return i == 65536 ? -E2BIG : 0;
}

/* One byte as upstream's loops read it; from @end on (when set) a NUL. */
static int ref_byte(const char *p, uintptr_t end, unsigned char *c)
{
	int pg;

	if (end && (uintptr_t)p >= end) {
		*c = 0;
		return 0;
	}
	pg = page_of((uintptr_t)p);
	read_ref[pg] = true;
	if (hole[pg])
		return -EFAULT;
	*c = *p;
	return 0;
}

enum { SC_STRNLEN, SC_STRNCHR, SC_STRCHRNUL, SC_STRRCHR, SC_STRNSTR,
	SC_STRNCASESTR, SC_OPS };

/* helpers.c's bpf_strnlen, bpf_strnchr, bpf_strchrnul, bpf_strrchr */
static int ref_scan(int op, const char *s, uintptr_t end, size_t n, char c)
{
	int i, last = -ENOENT;
	unsigned char b;

	if (!end && (uintptr_t)s < 0x10000)
		return -ERANGE;
	if (op == SC_STRCHRNUL || op == SC_STRRCHR)
		n = 65536;
	for (i = 0; (size_t)i < n && i < 65536; i++) {
		if (ref_byte(s + i, end, &b))
			return -EFAULT;
		switch (op) {
		case SC_STRNLEN:
			if (!b)
				return i;
			break;
		case SC_STRNCHR:
			if (b == (unsigned char)c)
				return i;
			if (!b)
				return -ENOENT;
			break;
		case SC_STRCHRNUL:
			if (!b || b == (unsigned char)c)
				return i;
			break;
		default:
			if (b == (unsigned char)c)
				last = i;
			if (!b)
				return last;
		}
	}
	if (i == 65536)
		return -E2BIG;
	return op == SC_STRNLEN ? i : -ENOENT;
}

/* helpers.c's __bpf_strnstr */
static int ref_strnstr(const char *s1, uintptr_t e1, const char *s2,
		       uintptr_t e2, size_t len, bool fold)
{
	unsigned char c1, c2;
	long i, j;

	if (!e1 && ((uintptr_t)s1 < 0x10000 || (uintptr_t)s2 < 0x10000))
		return -ERANGE;
	for (i = 0; i < 65536; i++) {
		for (j = 0; (size_t)(i + j) <= len && j < 65536; j++) {
			if (ref_byte(s2 + j, e2, &c2))
				return -EFAULT;
			if (!c2)
				return i;
			if ((size_t)(i + j) == len)
				return -ENOENT;
			if (ref_byte(s1 + i + j, e1, &c1))
				return -EFAULT;
			if (fold) {
				c1 = lower(c1);
				c2 = lower(c2);
			}
			if (!c1)
				return -ENOENT;
			if (c1 != c2)
				break;
		}
		if (j == 65536)
			return -E2BIG;
		if ((size_t)(i + j) == len)
			return -ENOENT;
	}
	return -E2BIG;
}

static int core_scan(int op, const char *s1, uintptr_t e1, const char *s2,
		     uintptr_t e2, size_t n, char c)
{
	switch (op) {
	case SC_STRNLEN: return __kfx_strnlen(s1, e1, n);
	case SC_STRNCHR: return __kfx_strnchr(s1, e1, n, c);
	case SC_STRCHRNUL: return __kfx_strchrnul(s1, e1, c);
	case SC_STRRCHR: return __kfx_strrchr(s1, e1, (unsigned char)c);
	default: return __kfx_strnstr(s1, e1, s2, e2, n, op == SC_STRNCASESTR);
	}
}

static int ref_any(int op, const char *s1, uintptr_t e1, const char *s2,
		   uintptr_t e2, size_t n, char c)
{
	if (op < SC_STRNSTR)
		return ref_scan(op, s1, e1, n, c);
	return ref_strnstr(s1, e1, s2, e2, n, op == SC_STRNCASESTR);
}

static uint64_t rng = 88172645463325252ULL;

static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static const char alphabet[] = "aAzZ\xc9\xe9\xd7\xf7\xdf\xff\x80\x01";

/* Nothing read yet, by either side; unbounded strings. */
static void reads_reset(void)
{
	memset(read_core, 0, sizeof(read_core));
	memset(read_ref, 0, sizeof(read_ref));
	bounded = false;
}

/* Whether the core read a page the byte loop did not. */
static int read_a_page_the_loop_did_not(void)
{
	for (int p = 0; p < NPAGES; p++)
		if (read_core[p] && !read_ref[p])
			return 1;
	return 0;
}

/* One case; 0 when the core read no page the reference did not. */
static int one_case(long it)
{
	bool longrun = rnd() % 64 == 0, fold;
	long len = longrun ? 65530 + rnd() % 12 : 17 + rnd() % 80;
	long d1 = longrun ? len - 8 + (long)(rnd() % 16) : (long)(rnd() % (len + 9));
	long d2 = longrun ? len - 8 + (long)(rnd() % 16) : (long)(rnd() % (len + 9));
	char *pb1 = arena + (longrun ? 18 : 21) * PAGE;
	char *pb2 = arena + (longrun ? 42 : 45) * PAGE;
	char fill = alphabet[rnd() % 12], *s1, *s2, *t;
	int mode = rnd() % 4, holes, op, rc, rr, bad = 0;
	size_t n;
	long k;

	if (rnd() % 4 == 0)
		d2 = d1 + (long)(rnd() % 17) - 8;
	d1 = d1 < 1 ? 1 : d1;
	d2 = d2 < 1 ? 1 : d2;
	s1 = pb1 - d1;	/* d1, d2: bytes from each string to a page boundary */
	s2 = pb2 - d2;
	memset(arena, fill, NPAGES * PAGE);
	memset(hole, 0, sizeof(hole));
	/* mode 0: equal; 1, 3: a third in the other case; 2: random */
	for (k = 0; k < len + 16; k++) {
		char c = mode == 2 ? alphabet[rnd() % 12] : fill;

		s1[k] = c;
		s2[k] = mode >= 1 && rnd() % 3 == 0 ? other_case(c) : c;
	}
	s1[len + 16] = '\0';
	s2[len + 16] = '\0';
	switch (rnd() % 4) {
	case 0: s1[rnd() % (len + 1)] = '\0'; break;
	case 1: s2[rnd() % (len + 1)] = '\0'; break;
	case 2: k = rnd() % (len + 1); s1[k] = s2[k] = '\0'; break;
	}
	if (rnd() % 3 == 0)
		s2[rnd() % (len + 1)] ^= 1 + rnd() % 255;
	holes = rnd() % 5;	/* the page after s1's boundary, s2's, both */
	hole[page_of((uintptr_t)pb1)] = holes == 1 || holes == 3;
	hole[page_of((uintptr_t)pb2)] = holes == 2 || holes == 3;
	op = rnd() % 3;		/* strcmp, strcasecmp, strncasecmp */
	switch (rnd() % 5) {
	case 0: n = rnd() % 100; break;
	case 1: n = 65534 + rnd() % 4; break;
	case 2: n = (size_t)-1 - rnd() % 3; break;
	default: n = 65536;
	}
	if (op < 2)
		n = 65536;
	fold = op > 0;
	if (rnd() % 2 && !longrun) {
		t = s1;
		s1 = s2;
		s2 = t;
	}

	reads_reset();
	rc = __kfx_strncasecmp(s1, 0, s2, 0, fold, n);
	rr = ref(s1, 0, s2, 0, fold, n);
	bad = read_a_page_the_loop_did_not();
	if (rc != rr || bad) {
		printf("not ok: case %ld (op %d n %zu len %ld d1 %ld d2 %ld offsets %lu/%lu holes %d): core %d, byte loop %d%s\n",
		       it, op, n, len, d1, d2, (unsigned long)s1 % 8,
		       (unsigned long)s2 % 8, holes, rc, rr,
		       bad ? ", and it read a page the byte loop did not" : "");
		return -1;
	}
	if (holes)
		return 0;
	/* the bounded twins: buffers of random sizes, words inside them */
	buf_lo[0] = (uintptr_t)s1;
	buf_hi[0] = buf_lo[0] + 1 + rnd() % (len + 20);
	buf_lo[1] = (uintptr_t)s2;
	buf_hi[1] = rnd() % 3 ? buf_lo[1] + 1 + rnd() % (len + 20) :
		    buf_lo[1] + (buf_hi[0] - buf_lo[0]);
	bounded = true;
	outside_reads = 0;
	rc = __kfx_strncasecmp(s1, buf_hi[0], s2, buf_hi[1], fold, n);
	rr = ref(s1, buf_hi[0], s2, buf_hi[1], fold, n);
	if (rc != rr || outside_reads) {
		printf("not ok: bounded case %ld (op %d n %zu buffers %lu/%lu offsets %lu/%lu): core %d, byte loop %d, %ld word reads outside the buffers\n",
		       it, op, n, (unsigned long)(buf_hi[0] - buf_lo[0]),
		       (unsigned long)(buf_hi[1] - buf_lo[1]),
		       (unsigned long)s1 % 8, (unsigned long)s2 % 8, rc, rr,
		       outside_reads);
		return -1;
	}
	return 0;
}

/*
 * A scan or a search: the haystack ends d1 bytes before a page boundary
 * (its first byte anywhere in a word), the needle d2 bytes before another,
 * each maybe followed by a hole; chars from a small alphabet so that the
 * char or the needle's first char recurs, a NUL or none before the hole.
 */
static int scan_case(long it)
{
	bool longrun = rnd() % 64 == 0;
	long len = longrun ? 65530 + rnd() % 12 : 1 + rnd() % 96;
	long d1 = longrun ? len - 8 + (long)(rnd() % 16) : 1 + (long)(rnd() % (len + 9));
	long d2 = 1 + rnd() % 24, nlen = rnd() % 6, k;
	char *pb1 = arena + (longrun ? 18 : 21) * PAGE, *pb2 = arena + 45 * PAGE;
	char *s1 = pb1 - d1, *s2 = pb2 - d2, c = alphabet[rnd() % 12];
	int op = rnd() % SC_OPS, holes = rnd() % 4, rc, rr, bad = 0;
	size_t n;

	memset(arena, alphabet[rnd() % 12], NPAGES * PAGE);
	memset(hole, 0, sizeof(hole));
	for (k = 0; k < len + 16; k++)
		s1[k] = rnd() % 4 ? alphabet[rnd() % 4] : alphabet[rnd() % 12];
	s1[len + 16] = '\0';
	if (rnd() % 2)
		s1[rnd() % (len + 1)] = '\0';
	for (k = 0; k < nlen; k++)	/* a needle from the haystack, or not */
		s2[k] = rnd() % 3 ? s1[(k + rnd() % 4) % (len + 1)] : alphabet[rnd() % 12];
	s2[nlen] = '\0';
	if (rnd() % 8 == 0)
		s2[nlen] = alphabet[rnd() % 12];	/* runs on to the page after */
	if (rnd() % 8 == 0)
		c = 0;
	hole[page_of((uintptr_t)pb1)] = holes & 1;
	hole[page_of((uintptr_t)pb2)] = holes & 2;
	switch (rnd() % 5) {
	case 0: n = rnd() % 100; break;
	case 1: n = 65534 + rnd() % 4; break;
	case 2: n = (size_t)-1 - rnd() % 3; break;
	default: n = 65536;
	}

	reads_reset();
	rc = core_scan(op, s1, 0, s2, 0, n, c);
	rr = ref_any(op, s1, 0, s2, 0, n, c);
	bad = read_a_page_the_loop_did_not();
	if (rc != rr || bad) {
		printf("not ok: scan case %ld (op %d n %zu len %ld d1 %ld d2 %ld nlen %ld c %#x offset %lu holes %d): core %d, byte loop %d%s\n",
		       it, op, n, len, d1, d2, nlen, (unsigned char)c,
		       (unsigned long)s1 % 8, holes, rc, rr,
		       bad ? ", and it read a page the byte loop did not" : "");
		return -1;
	}
	if (holes)
		return 0;
	/* bounded twins: word reads from the word of the first byte, below the end */
	buf_hi[0] = (uintptr_t)s1 + 1 + rnd() % (len + 20);
	buf_lo[0] = (uintptr_t)s1 & ~7UL;
	buf_hi[1] = (uintptr_t)s2 + 1 + rnd() % (nlen + 4);
	buf_lo[1] = (uintptr_t)s2 & ~7UL;
	bounded = true;
	outside_reads = 0;
	rc = core_scan(op, s1, buf_hi[0], s2, buf_hi[1], n, c);
	rr = ref_any(op, s1, buf_hi[0], s2, buf_hi[1], n, c);
	if (rc != rr || outside_reads) {
		printf("not ok: bounded scan case %ld (op %d n %zu buffers %lu/%lu offset %lu): core %d, byte loop %d, %ld word reads outside the buffers\n",
		       it, op, n, (unsigned long)(buf_hi[0] - (uintptr_t)s1),
		       (unsigned long)(buf_hi[1] - (uintptr_t)s2),
		       (unsigned long)s1 % 8, rc, rr, outside_reads);
		return -1;
	}
	return 0;
}

/*
 * A search long enough for two-way: a haystack of a short unit repeated
 * (now and then broken), ending d1 bytes before a page boundary, and a
 * needle cut from it (a char changed, or the unit run on), ending d2
 * before another, into a hole or into text that runs on with no NUL.
 */
static int tw_case(long it)
{
	static const char *const units[] = { "a", "ab", "aab", "abaab", "aA" };
	const char *u = units[rnd() % 5];
	long ul = strlen(u), h = 100 + rnd() % 5000, nl = 20 + rnd() % 3000;
	long d1 = 1 + rnd() % (h + 9), d2 = 1 + rnd() % (nl + 9), k, at;
	char *s1 = arena + 21 * PAGE - d1, *s2 = arena + 45 * PAGE - d2;
	int holes = rnd() % 4, rc, rr, bad = 0;
	bool fold = rnd() % 2;
	size_t n;

	memset(arena, u[0], NPAGES * PAGE);
	memset(hole, 0, sizeof(hole));
	/* text running on ends in the page after, if that is no hole */
	arena[22 * PAGE + rnd() % PAGE] = '\0';
	arena[46 * PAGE + rnd() % PAGE] = '\0';
	for (k = 0; k < h; k++)
		s1[k] = rnd() % 512 ? u[k % ul] : "abc"[rnd() % 3];
	s1[h] = '\0';
	if (rnd() % 4 == 0)
		s1[h] = u[h % ul];	/* runs on to the page after */
	at = rnd() % h;
	for (k = 0; k < nl; k++)
		s2[k] = u[(at + k) % ul];
	if (rnd() % 2)
		s2[rnd() % nl] = "abcA"[rnd() % 4];
	s2[nl] = rnd() % 4 ? '\0' : u[(at + nl) % ul];
	hole[page_of((uintptr_t)(arena + 21 * PAGE))] = holes & 1;
	hole[page_of((uintptr_t)(arena + 45 * PAGE))] = holes & 2;
	switch (rnd() % 3) {
	case 0: n = rnd() % (h + 2); break;
	case 1: n = (size_t)-1; break;
	default: n = 65536;
	}
	reads_reset();
	rc = __kfx_strnstr(s1, 0, s2, 0, n, fold);
	rr = ref_strnstr(s1, 0, s2, 0, n, fold);
	bad = read_a_page_the_loop_did_not();
	if (rc != rr || bad) {
		printf("not ok: two-way case %ld (unit %s h %ld nl %ld d1 %ld d2 %ld n %zu fold %d holes %d): core %d, byte loop %d%s\n",
		       it, u, h, nl, d1, d2, n, fold, holes, rc, rr,
		       bad ? ", and it read a page the byte loop did not" : "");
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	long iters = argc > 1 ? atol(argv[1]) : 200000, it, bad = 0;

	arena = aligned_alloc(PAGE, NPAGES * PAGE);
	if (!arena)
		return 2;
	for (it = 0; it < iters; it++)
		if (one_case(it) && ++bad >= 10)
			break;
	printf("pages: %ld compares, %ld read a page the byte loop did not or differed\n",
	       it, bad);
	for (it = 0; it < iters && bad < 10; it++)
		if (scan_case(it) && ++bad >= 10)
			break;
	printf("pages: %ld scans and searches, %ld read a page the byte loop did not or differed\n",
	       it, bad);
	for (it = 0; it < iters / 100 && bad < 10; it++)
		if (tw_case(it) && ++bad >= 10)
			break;
	printf("pages: %ld long searches (two-way), %ld read a page the byte loop did not or differed\n",
	       it, bad);
	return bad ? 1 : 0;
}
