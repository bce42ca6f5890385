// SPDX-License-Identifier: GPL-2.0
/*
 * The searches' worst cases (strstr, strcasestr, strnstr, strncasestr and
 * their bounded twins): inputs on which a byte-by-byte search is
 * quadratic, against the reference model (str_ref.c, upstream's loop),
 * with every read the core makes counted (str_host.h's kfx_host_reads).
 * Two assertions: the results agree (found index or errno), and no case
 * costs the core more than ADV_C reads per haystack and needle char, plus
 * ADV_K: the two-way path's linear bound (module/kfx_str_core.h).  A core
 * without it (KFX_TW_WORK forced to infinity) fails the second one on the
 * first "a" * k "b" needle of a few hundred chars.
 *
 * Families: "a" haystacks with "a" * k "b" needles and "a" * k ones;
 * periodic needles ("ab" * k then "c", "a" or "b"; "aab" * k "aac");
 * needles whose critical factorization is long ("a" * k "b" "a" * k,
 * "b" "a" * k, "a" * k "b" "a" * (k - 1) "c"); runs of "a" a page longer
 * each time (a pattern grown page by page); random needles cut from
 * random two-letter haystacks; every one also in mixed case (which the
 * case-sensitive searches must then miss), for k near the switch to
 * two-way, with @len before, at and after the first match's end, and with
 * the haystack or the needle running into an unmapped hole.
 * Usage: str_adv [big]   (big: also the 64 KiB cases against the model)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "str_host.h"

uintptr_t kfx_host_hole_lo = UINTPTR_MAX, kfx_host_hole_hi = UINTPTR_MAX;

#define ADV_C	8	/* reads per char of haystack and needle */
#define ADV_K	4096	/* plus the byte loop's allowance (KFX_TW_WORK) */
#define ROOM	(2 * 65536 + 8192)

static char hay[ROOM] __attribute__((aligned(4096)));
static char ndl[ROOM] __attribute__((aligned(4096)));
static char hsrc[ROOM], nsrc[ROOM];
static long cases, diffs, over, linear_cases;
static double worst;
static const char *worst_what;
static bool ref_off;

static uint64_t rng = 0x2545f4914f6cdd1dULL;

static unsigned long rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static int core_op(int op, const char *h, unsigned long e1, const char *n,
		   unsigned long e2, size_t len)
{
	switch (op) {
	case 0: return __kfx_strnstr(h, e1, n, e2, KFX_STR_MAX, false);
	case 1: return __kfx_strnstr(h, e1, n, e2, KFX_STR_MAX, true);
	case 2: return __kfx_strnstr(h, e1, n, e2, len, false);
	default: return __kfx_strnstr(h, e1, n, e2, len, true);
	}
}

static int ref_op(int op, const char *h, const char *n, size_t len)
{
	switch (op) {
	case 0: return ref_strstr(h, n);
	case 1: return ref_strcasestr(h, n);
	case 2: return ref_strnstr(h, n, len);
	default: return ref_strncasestr(h, n, len);
	}
}

static const char *const op_name[] = { "strstr", "strcasestr", "strnstr", "strncasestr" };

/*
 * Place @h chars of hsrc and @n of nsrc, each ending @hskew / @nskew
 * bytes before a page boundary, NUL-terminated unless the hole option
 * (1: the haystack, 2: the needle) makes it run into an unmapped page.
 */
static void place(long h, long n, int hole, unsigned int skew,
		  char **hp, char **np)
{
	char *he = hay + ROOM - 4096, *ne = ndl + ROOM - 4096;
	char *hs = he - h - (hole == 1 ? 0 : 1 + skew % 8);
	char *ns = ne - n - (hole == 2 ? 0 : 1 + skew / 8 % 8);

	memcpy(hs, hsrc, h);
	memcpy(ns, nsrc, n);
	if (hole != 1)
		hs[h] = '\0';
	if (hole != 2)
		ns[n] = '\0';
	kfx_host_hole_lo = kfx_host_hole_hi = UINTPTR_MAX;
	if (hole) {
		kfx_host_hole_lo = (uintptr_t)(hole == 1 ? he : ne);
		kfx_host_hole_hi = kfx_host_hole_lo + 4096;
	}
	*hp = hs;
	*np = ns;
}

/* One op on the placed strings, unbounded and as bounded twins. */
static void one(int op, char *hs, long h, char *ns, long n, size_t len,
		int hole, const char *what)
{
	unsigned long e1 = (unsigned long)hs + h + 1, e2 = (unsigned long)ns + n + 1;
	unsigned long reads;
	int rc, rr = 0, twin;
	double ratio;

	if (!ref_off)
		rr = ref_op(op, hs, ns, len);
	for (twin = 0; twin < (hole ? 1 : 3); twin++) {
		/* twin 1: buffers holding the NUL; 2: ending without one */
		unsigned long b1 = twin ? e1 - (twin == 2) : 0;
		unsigned long b2 = twin ? e2 - (twin == 2) : 0;

		reads = kfx_host_reads;
		rc = core_op(op, hs, b1, ns, b2, len);
		reads = kfx_host_reads - reads;
		cases++;
		if (!ref_off && rc != rr) {
			if (diffs++ < 20)
				printf("not ok: %s %s (h %ld n %ld len %zu hole %d twin %d): core %d, reference %d\n",
				       op_name[op], what, h, n, len, hole, twin, rc, rr);
		}
		/* a haystack past the limit: its last windows go by bytes */
		if (h >= KFX_STR_MAX && len >= KFX_STR_MAX)
			continue;
		linear_cases++;
		ratio = (double)reads / (h + n + 1);
		if (ratio > worst) {
			worst = ratio;
			worst_what = what;
		}
		if (reads > ADV_C * (unsigned long)(h + n + 1) + ADV_K && over++ < 20)
			printf("not ok: %s %s (h %ld n %ld len %zu twin %d): %lu reads, more than %d per char + %d\n",
			       op_name[op], what, h, n, len, twin, reads, ADV_C, ADV_K);
	}
}

static void swap_case(char *s, long n)
{
	long i;

	for (i = 0; i < n; i++)
		if (rnd() % 3 == 0)
			s[i] = s[i] == '\xe9' ? '\xc9' : s[i] ^ 0x20;
}

/*
 * hsrc[0, h) against nsrc[0, n) by every op, plus the same in mixed case;
 * @len: the limits around the first match's end, and more.
 */
static void all(long h, long n, const char *what)
{
	size_t lens[8] = { KFX_STR_MAX, (size_t)-1, 0, 1, h, h + 1 };
	int op, hole, mixed, nl = 6, f, l;
	char *hs, *ns;

	for (mixed = 0; mixed < 2; mixed++) {
		if (mixed) {
			swap_case(hsrc, h);
			swap_case(nsrc, n);
		}
		place(h, n, 0, rnd(), &hs, &ns);
		f = ref_off ? -1 : ref_strcasestr(hs, ns);
		nl = 6;
		if (f >= 0) {
			lens[nl++] = f + n - 1;
			lens[nl++] = f + n;
		}
		for (op = 0; op < 4; op++) {
			for (l = 0; l < (op < 2 ? 1 : nl); l++) {
				place(h, n, 0, rnd(), &hs, &ns);
				one(op, hs, h, ns, n, lens[l], 0, what);
			}
			for (hole = 1; hole <= 2 && !mixed; hole++) {
				place(h, n, hole, rnd(), &hs, &ns);
				one(op, hs, h, ns, n, op < 2 ? KFX_STR_MAX : h, hole, what);
			}
		}
	}
	kfx_host_hole_lo = kfx_host_hole_hi = UINTPTR_MAX;
}

static void fill(char *d, long n, const char *unit, long off)
{
	long u = strlen(unit), i;

	for (i = 0; i < n; i++)
		d[i] = unit[(i + off) % u];
}

/* needle families, k units long, against a haystack of @h */
static void families(long h, long k)
{
	fill(hsrc, h, "a", 0);
	fill(nsrc, k, "a", 0);
	nsrc[k] = 'b';
	all(h, k + 1, "a* / a^k b");
	fill(hsrc, h, "a", 0);
	fill(nsrc, k, "a", 0);
	all(h, k, "a* / a^k");
	fill(hsrc, h, "a", 0);
	hsrc[h - 1] = 'b';
	fill(nsrc, k, "a", 0);
	nsrc[k] = 'b';
	all(h, k + 1, "a* b / a^k b");
	fill(hsrc, h, "ab", 0);
	fill(nsrc, 2 * k, "ab", 0);
	nsrc[2 * k] = "cab"[k % 3];
	all(h, 2 * k + 1, "(ab)* / (ab)^k c|a|b");
	fill(hsrc, h, "aab", 0);
	fill(nsrc, 3 * k, "aab", 0);
	memcpy(nsrc + 3 * k, "aac", 3);
	all(h, 3 * k + 3, "(aab)* / (aab)^k aac");
	fill(hsrc, h, "aab", 1);
	fill(nsrc, 3 * k, "aab", 0);
	all(h, 3 * k, "(aba)* / (aab)^k");
	fill(hsrc, h, "a", 0);
	fill(nsrc, 2 * k + 1, "a", 0);
	nsrc[k] = 'b';
	all(h, 2 * k + 1, "a* / a^k b a^k");
	fill(hsrc, h, "a", 0);
	fill(nsrc, k + 1, "a", 0);
	nsrc[0] = 'b';
	all(h, k + 1, "a* / b a^k");
	fill(hsrc, h, "ab", 0);
	fill(hsrc + h / 2, h - h / 2, "a", 0);
	fill(nsrc, 2 * k + 1, "a", 0);
	nsrc[k] = 'b';
	nsrc[2 * k] = 'c';
	all(h, 2 * k + 1, "(ab)* a* / a^k b a^(k-1) c");
}

/* A needle cut from a random two-letter haystack, a char or two changed. */
static void random_case(void)
{
	long h = 1 + rnd() % 3000, n = 1 + rnd() % (rnd() % 2 ? 40 : 700), i;
	long at = rnd() % h;
	const char *ab = rnd() % 2 ? "ab" : "aaab";

	for (i = 0; i < h; i++)
		hsrc[i] = ab[rnd() % strlen(ab)];
	for (i = 0; i < n; i++)
		nsrc[i] = at + i < h ? hsrc[at + i] : 'a';
	for (i = rnd() % 3; i > 0; i--)
		nsrc[rnd() % n] = "abc"[rnd() % 3];
	all(h, n, "random");
}

int main(int argc, char **argv)
{
	bool big = argc > 1 && !strcmp(argv[1], "big");
	long k, i;

	setvbuf(stdout, NULL, _IOLBF, 0);	/* failures as they come */
	/* every k through the switch to two-way, and around 2^j */
	for (k = 1; k <= 300; k += k < 64 ? 1 : 7)
		families(1200, k);
	for (k = 500; k <= 2100; k = k * 2 + 3)
		families(3000, k);
	for (i = 0; i < 1000; i++)
		random_case();
	/* past the limit: correct, if not linear */
	fill(hsrc, 65540, "a", 0);
	fill(nsrc, 64, "a", 0);
	nsrc[64] = 'b';
	all(65540, 65, "a^65540 / a^64 b");
	fill(hsrc, 65600, "a", 0);
	hsrc[65540] = 'b';
	all(65600, 65, "a^65540 b a^59 / a^64 b");	/* found past the limit */
	nsrc[64] = 'c';
	all(65600, 65, "a^65540 b a^59 / a^64 c");	/* -E2BIG */
	printf("adversarial: %ld cases against the reference, %ld differ\n",
	       cases, diffs);
	/* the sizes: 4, 16 and 64 KiB, reads only unless @big */
	ref_off = !big;
	for (k = 4096; k <= 65536; k *= 4) {
		families(k - 1, k / 4);
		families(k - 1, k / 2 - 1);
	}
	/* runs that stop each extension a page further: a pattern per page */
	for (k = 0, i = 1; i <= 5; i++) {
		fill(hsrc + k, 4096 * i + 100, "a", 0);
		k += 4096 * i + 100;
		hsrc[k++] = 'c';
	}
	fill(nsrc, 24000, "a", 0);
	nsrc[24000] = 'b';
	all(k, 24001, "(a^(4096 i + 100) c)* / a^24000 b");
	printf("adversarial: %ld cases (%ld below the limit) at most %.2f reads per char (%s), %ld over %d per char + %d\n",
	       cases, linear_cases, worst, worst_what, over, ADV_C, ADV_K);
	return diffs || over;
}
