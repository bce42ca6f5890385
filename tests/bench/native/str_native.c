// SPDX-License-Identifier: GPL-2.0
/*
 * str_native: kfx's string core against upstream's bpf_str*() loops, timed
 * in nanoseconds on this machine's CPU (str_kern.c holds both, compiled
 * with a kernel module's flags by the compiler named on the command line).
 * For every op, length and alignment the three implementations (upstream,
 * kfx_X, kfx_X_buf) take turns, ROUNDS batches each, a batch lasting about
 * BATCH_NS; the figures are ns per call, median with min and max.  Every
 * call's result is compared across the three first: a difference is an
 * error, never a figure.  Output: "csv," lines (every case), a table per
 * op (hot inputs, one length and alignment each), a table of cold inputs
 * (copies spread over COLD_BYTES, visited in random order) and of mixed
 * lengths ("csv-set," lines), then one line per target of the string
 * issue, "holds" or "MISSED", each judged with TOLERANCE, and the
 * searches' worst cases, timed call by call ("csv-worst," lines).
 * Usage: str_native COMPILER-LABEL [quick]
 * NB_ONLY=op[,op...] in the environment times those ops only (iterating);
 * NB_AA=1 times kfx against itself (the noise floor).
 * NB_WORST_ONLY=1 times the worst cases only, NB_NO_WORST=1 all but them.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include "str_native.h"

#define ROUNDS		21
#define BATCH_NS	20000.0
#define TOLERANCE	0.03
#define AREA		(3 * 65536)
#define COLD_BYTES	(1L << 30)	/* past this machine's 260 MiB L3 */
#define MIX_K		256
#define MIX_HALF	4160		/* a mix slot's half: 4095 + offset + NUL */

static const int lens_all[] = {
	1, 2, 3, 4, 5, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384,
	512, 768, 1024, 1536, 2048, 3072, 4095,
};
static const int lens_quick[] = { 1, 8, 64, 512, 4095 };

static char area_a[AREA] __attribute__((aligned(4096)));
static char area_b[AREA] __attribute__((aligned(4096)));

struct figure { double min, med, max; };

static volatile int sink;
/*
 * The implementations timed: nb_fns, or with NB_AA=1 in the environment
 * kfx in upstream's place (an A/A run: the ratios then show this
 * machine's noise, what a target's tolerance must be read against).
 */
static nb_fn fns[NB_IMPLS][NB_OPS];
static long cursor;	/* where the last batch stopped in a set of inputs */

/* @n calls of @fn over the @k inputs @xs in turn */
static void run_batch(nb_fn fn, const struct nb_args *xs, long k, long n)
{
	long j, c = cursor;

	if (k == 1) {
		for (j = 0; j < n; j++)
			sink += fn(xs);
		return;
	}
	for (j = 0; j < n; j++) {
		sink += fn(&xs[c]);
		if (++c == k)
			c = 0;
	}
	cursor = c;
}

/*
 * ns per call of each implementation over the @k inputs @xs (one, hot;
 * or a set: cold, or of mixed lengths): interleaved batches.  The
 * machine's speed drifts (a shared, virtual CPU): each round's three
 * batches run back to back, so the ratios are taken per round, @ratio[0]
 * upstream / kfx and @ratio[1] kfx / kfx_buf, their median the figure.
 */
static int time_case(int op, const struct nb_args *xs, long k,
		     struct figure *f, double *ratio)
{
	double t[NB_IMPLS][ROUNDS], rr[2][ROUNDS], t0;
	int r, i, j, res[NB_IMPLS];
	long n, m;

	for (m = 0; m < k && m < 256; m++) {
		for (i = 0; i < NB_IMPLS; i++)
			res[i] = fns[i][op](&xs[m]);
		if (res[NB_KFX] != res[NB_UPSTREAM] || res[NB_KFX_BUF] != res[NB_UPSTREAM]) {
			fprintf(stderr, "str_native: %s differs: upstream %d, kfx %d, kfx_buf %d\n",
				op_names[op], res[0], res[1], res[2]);
			return -1;
		}
	}
	/* the batch: BATCH_NS of the slowest, upstream's */
	t0 = now_ns();
	for (n = 0; n < 8 || now_ns() - t0 < BATCH_NS / 4; n += 8)
		run_batch(fns[NB_UPSTREAM][op], xs, k, 8);
	n = n * BATCH_NS / (now_ns() - t0) + 1;
	for (r = 0; r < ROUNDS; r++) {
		for (j = 0; j < NB_IMPLS; j++) {
			i = (j + r) % NB_IMPLS;	/* each goes first in turn */
			t0 = now_ns();
			run_batch(fns[i][op], xs, k, n);
			t[i][r] = (now_ns() - t0) / n;
		}
	}
	for (r = 0; r < ROUNDS; r++) {
		rr[0][r] = t[NB_UPSTREAM][r] / t[NB_KFX][r];
		rr[1][r] = t[NB_KFX][r] / t[NB_KFX_BUF][r];
	}
	for (i = 0; i < 2; i++) {
		qsort(rr[i], ROUNDS, sizeof(double), cmp_double);
		ratio[i] = rr[i][ROUNDS / 2];
	}
	for (i = 0; i < NB_IMPLS; i++) {
		qsort(t[i], ROUNDS, sizeof(double), cmp_double);
		f[i].min = t[i][0];
		f[i].med = t[i][ROUNDS / 2];
		f[i].max = t[i][ROUNDS - 1];
	}
	return 0;
}

static bool two_strings(int op)
{
	return op >= NB_STRCMP;
}

static bool search(int op)
{
	return op >= NB_STRSTR;
}

/* Worst (lowest) kfx/upstream ratio per op and length, and twin ratio. */
#define MAXLENS	32
static double worst[NB_OPS][SH_SHAPES][MAXLENS];
static double worst_twin[NB_OPS][SH_SHAPES][MAXLENS];
static double med_up[NB_OPS][SH_SHAPES][MAXLENS];
static double med_kfx[NB_OPS][SH_SHAPES][MAXLENS];

/* NB_ONLY's list, or every op */
static bool wanted(int op)
{
	const char *only = getenv("NB_ONLY"), *p;
	size_t l = strlen(op_names[op]);

	for (p = only; p && (p = strstr(p, op_names[op])); p += l)
		if ((p == only || p[-1] == ',') && (!p[l] || p[l] == ','))
			return true;
	return !only;
}

/*
 * Cold: copies of one input filling COLD_BYTES, taken in a random order,
 * so that a call's strings are seldom in any cache.  Returns their count.
 */
static long cold_set(int op, int len, struct nb_args **xsp)
{
	static char *arena;
	int oa = two_strings(op) ? 3 : 0, ob = two_strings(op) && !search(op) ? 4 : 0;
	long half = (len + 64 + 63) & ~63L, slot = 2 * half, k = COLD_BYTES / slot, j, r, t;
	struct nb_args *xs = calloc(k, sizeof(*xs));
	long *perm = malloc(k * sizeof(*perm));

	if (!arena)
		arena = mmap(NULL, COLD_BYTES, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (arena == MAP_FAILED || !xs || !perm) {
		fprintf(stderr, "str_native: no memory for the cold set\n");
		exit(2);
	}
	memset(arena, 0, slot);
	fill(op, SH_TEXT, arena + oa, arena + half + ob, len);
	for (j = 1; j < k; j++)
		memcpy(arena + j * slot, arena, slot);
	for (j = 0; j < k; j++)
		perm[j] = j;
	for (j = k - 1; j > 0; j--) {
		r = ((long)nb_rand() << 16 ^ nb_rand()) % (j + 1);
		t = perm[j];
		perm[j] = perm[r];
		perm[r] = t;
	}
	for (j = 0; j < k; j++) {
		xs[j].a = arena + perm[j] * slot + oa;
		xs[j].b = arena + perm[j] * slot + half + ob;
		set_args(op, len, &xs[j]);
	}
	free(perm);
	*xsp = xs;
	return k;
}

/* Mixed: MIX_K inputs of lengths from @lo to @hi, at random offsets, hot. */
static long mix_set(int op, int lo, int hi, struct nb_args **xsp)
{
	static char arena[MIX_K * 2 * MIX_HALF] __attribute__((aligned(64)));
	static struct nb_args xs[MIX_K];
	long m;

	memset(arena, 0, sizeof(arena));
	for (m = 0; m < MIX_K; m++) {
		int len = lo + nb_rand() % (hi - lo + 1);
		char *a = arena + m * 2 * MIX_HALF + nb_rand() % 8;
		char *b = arena + m * 2 * MIX_HALF + MIX_HALF + nb_rand() % 8;

		fill(op, SH_TEXT, a, b, len);
		xs[m].a = a;
		xs[m].b = b;
		set_args(op, len, &xs[m]);
	}
	*xsp = xs;
	return MIX_K;
}

/* The cold and mixed table: a row per op, upstream time / kfx time. */
static int sets_table(const char *label)
{
	static const char *const names[] = {
		"cold 64", "cold 512", "cold 4095", "mix 1-64", "mix 1-4095",
	};
	static double fig[NB_OPS][5][4];
	int op, c, errors = 0;

	printf("\n%s: cold and mixed inputs, upstream time / kfx time (random text;"
	       " cold: copies over %ld MiB in random order; mix: %d strings of"
	       " random lengths and offsets)\n\n| op |", label, COLD_BYTES >> 20, MIX_K);
	for (c = 0; c < 5; c++)
		printf(" %s |", names[c]);
	printf("\n|---|---:|---:|---:|---:|---:|\n");
	for (op = 0; op < NB_OPS; op++) {
		if (!wanted(op))
			continue;
		printf("| %s |", op_names[op]);
		for (c = 0; c < 5; c++) {
			struct figure f[NB_IMPLS];
			struct nb_args *xs;
			double rt[2];
			long k;

			k = c < 3 ? cold_set(op, c == 0 ? 64 : c == 1 ? 512 : 4095, &xs) :
			    mix_set(op, 1, c == 3 ? 64 : 4095, &xs);
			cursor = 0;
			fig[op][c][0] = -1;
			if (time_case(op, xs, k, f, rt)) {
				errors++;
				printf(" - |");
			} else {
				printf(" %.2f |", rt[0]);
				fig[op][c][0] = f[NB_UPSTREAM].med;
				fig[op][c][1] = f[NB_KFX].med;
				fig[op][c][2] = rt[0];
				fig[op][c][3] = rt[1];
			}
			if (c < 3)
				free(xs);
		}
		printf("\n");
	}
	printf("\n");
	for (op = 0; op < NB_OPS; op++)
		for (c = 0; c < 5 && wanted(op); c++)
			if (fig[op][c][0] >= 0)
				printf("csv-set,%s,%s,%s,%.2f,%.2f,%.3f,%.3f\n", label,
				       op_names[op], names[c], fig[op][c][0],
				       fig[op][c][1], fig[op][c][2], fig[op][c][3]);
	return errors;
}

/*
 * The searches' worst cases (issue 32): a haystack of "a" against
 * "a" * k "b", and one of "ab" against "ab" * k "c", at 4, 16 and 64 KiB
 * (65535 chars, the longest string within the limit), the needle a
 * quarter or half the haystack: quadratic for upstream's loop.  Each
 * implementation is timed alone, WORST_REPS calls (fewer for one past
 * WORST_BUDGET_NS: upstream's take up to a second), min, median and max
 * in microseconds; the results must agree.  Returns the targets missed:
 * kfx at most 1 ms at 65535 chars.
 */
#define WORST_REPS	21
#define WORST_BUDGET_NS	3e9

static void worst_input(int fam, int h, int k, char *a, char *b)
{
	const char *u = fam ? "ab" : "a";
	int ul = strlen(u), i;

	for (i = 0; i < h; i++)
		a[i] = u[i % ul];
	a[h] = '\0';
	for (i = 0; i < k * ul; i++)
		b[i] = u[i % ul];
	b[k * ul] = fam ? 'c' : 'b';
	b[k * ul + 1] = '\0';
}

static void worst_time(nb_fn fn, const struct nb_args *x, struct figure *f)
{
	double t[WORST_REPS], t0, spent = 0;
	int r;

	for (r = 0; r < WORST_REPS && (r < 3 || spent < WORST_BUDGET_NS); r++) {
		t0 = now_ns();
		sink += fn(x);
		t[r] = now_ns() - t0;
		spent += t[r];
	}
	qsort(t, r, sizeof(double), cmp_double);
	f->min = t[0] / 1e3;
	f->med = t[r / 2] / 1e3;
	f->max = t[r - 1] / 1e3;
}

static int worst_table(const char *label, int *errors)
{
	static const int hs[] = { 4095, 16383, 65535 };
	static const char *const fams[] = { "a* / a^k b", "(ab)* / (ab)^k c" };
	int op, fam, hi, q, i, res[NB_IMPLS], missed = 0;
	double kfx64 = 0;

	printf("\n%s: worst cases, microseconds per call (min / median / max of up to %d calls, one implementation at a time)\n\n",
	       label, WORST_REPS);
	printf("| op | haystack / needle | chars | needle | upstream | kfx | kfx_buf | upstream / kfx |\n");
	printf("|---|---|---:|---:|---:|---:|---:|---:|\n");
	for (op = NB_STRSTR; op <= NB_STRNCASESTR; op++)
	for (fam = 0; fam < 2; fam++)
	for (hi = 0; hi < 3; hi++)
	for (q = 4; q >= 2; q -= 2) {
		int h = hs[hi], n = (h + 1) / q - 1;
		char *a = area_a + 64, *b = area_b + 64;
		struct nb_args x = { a, b };
		struct figure f[NB_IMPLS];

		if (!wanted(op))
			continue;
		worst_input(fam, h, fam ? n / 2 : n, a, b);
		x.a_end = (unsigned long)a + h + 1;
		x.b_end = (unsigned long)b + strlen(b) + 1;
		x.n = op == NB_STRNSTR || op == NB_STRNCASESTR ? h : 65536;
		for (i = 0; i < NB_IMPLS; i++)
			res[i] = fns[i][op](&x);
		if (res[NB_KFX] != res[NB_UPSTREAM] || res[NB_KFX_BUF] != res[NB_UPSTREAM]) {
			fprintf(stderr, "str_native: %s worst case differs: upstream %d, kfx %d, kfx_buf %d\n",
				op_names[op], res[0], res[1], res[2]);
			(*errors)++;
			continue;
		}
		for (i = 0; i < NB_IMPLS; i++)
			worst_time(fns[i][op], &x, &f[i]);
		printf("| %s | %s | %d | %d | %.0f / %.0f / %.0f | %.1f / %.1f / %.1f | %.1f / %.1f / %.1f | %.0fx |\n",
		       op_names[op], fams[fam], h, (int)strlen(b),
		       f[0].min, f[0].med, f[0].max, f[1].min, f[1].med, f[1].max,
		       f[2].min, f[2].med, f[2].max, f[0].med / f[1].med);
		printf("csv-worst,%s,%s,%s,%d,%d,%.2f,%.2f,%.2f\n", label, op_names[op],
		       fams[fam], h, (int)strlen(b), f[0].med, f[1].med, f[2].med);
		if (h == 65535)
			for (i = NB_KFX; i < NB_IMPLS; i++)
				if (f[i].med > kfx64)
					kfx64 = f[i].med;
	}
	if (kfx64 > 0) {
		printf("\ntarget %-40s %5.0f us  %s\n", "searches <= 1 ms at 65535 chars, worst case",
		       kfx64, kfx64 <= 1000 ? "holds" : (missed++, "MISSED"));
	}
	return missed;
}

static bool shape_applies(int op, enum shape sh)
{
	switch (sh) {
	case SH_TEXT: return true;
	case SH_MIXED_CASE: return op == NB_STRCASECMP || op == NB_STRNCASECMP;
	default: return search(op);
	}
}

int main(int argc, char **argv)
{
	const char *label = argc > 1 ? argv[1] : "cc";
	bool quick = argc > 2 && !strcmp(argv[2], "quick");
	const int *lens = quick ? lens_quick : lens_all;
	int nlens = quick ? 5 : sizeof(lens_all) / sizeof(lens_all[0]);
	int op, sh, li, al, errors = 0, missed = 0;

	for (op = 0; op < NB_IMPLS; op++)
		memcpy(fns[op], nb_fns[op], sizeof(fns[op]));
	if (getenv("NB_AA"))
		memcpy(fns[NB_UPSTREAM], nb_fns[NB_KFX], sizeof(fns[0]));
	if (getenv("NB_WORST_ONLY")) {
		missed = worst_table(label, &errors);
		printf("%s: %d targets missed, %d result differences\n", label, missed, errors);
		return errors ? 1 : 0;
	}
	printf("csv,compiler,op,shape,len,align_a,align_b,impl,min_ns,median_ns,max_ns,"
	       "up_over_kfx,kfx_over_buf\n");
	for (op = 0; op < NB_OPS; op++)
	for (sh = 0; sh < SH_SHAPES; sh++) {
		if (!shape_applies(op, sh) || !wanted(op))
			continue;
		for (li = 0; li < nlens; li++) {
			int len = lens[li];

			worst[op][sh][li] = worst_twin[op][sh][li] = 1e9;
			/* single strings at 8 offsets; pairs at 8 relative ones */
			for (al = 0; al < 8; al++) {
				int oa = two_strings(op) ? 3 : al;
				int ob = two_strings(op) && !search(op) ? (oa + al) % 8 : 0;
				char *a = area_a + 65536 + oa, *b = area_b + 65536 + ob;
				struct nb_args x = { a, b };
				struct figure f[NB_IMPLS];
				double ratio, twin, rt[2];
				int i;

				if (search(op) && al)	/* needles: one alignment */
					break;
				fill(op, sh, a, b, len);
				set_args(op, len, &x);
				if (time_case(op, &x, 1, f, rt)) {
					errors++;
					continue;
				}
				for (i = 0; i < NB_IMPLS; i++)
					printf("csv,%s,%s,%s,%d,%d,%d,%s,%.2f,%.2f,%.2f,%.3f,%.3f\n",
					       label, op_names[op], shape_names[sh], len,
					       oa, ob, i == 0 ? "upstream" : i == 1 ? "kfx" : "kfx_buf",
					       f[i].min, f[i].med, f[i].max, rt[0], rt[1]);
				ratio = rt[0];
				twin = rt[1];
				if (ratio < worst[op][sh][li]) {
					worst[op][sh][li] = ratio;
					med_up[op][sh][li] = f[NB_UPSTREAM].med;
					med_kfx[op][sh][li] = f[NB_KFX].med;
				}
				if (twin < worst_twin[op][sh][li])
					worst_twin[op][sh][li] = twin;
			}
		}
	}

	/* the table: the worst alignment's ratio, upstream / kfx */
	printf("\n%s: upstream time / kfx time, the worst of 8 alignments (median of %d)\n\n", label, ROUNDS);
	printf("| op | input |");
	for (li = 0; li < nlens; li++)
		printf(" %d |", lens[li]);
	printf("\n|---|---|");
	for (li = 0; li < nlens; li++)
		printf("---:|");
	printf("\n");
	for (op = 0; op < NB_OPS; op++)
	for (sh = 0; sh < SH_SHAPES; sh++) {
		if (!shape_applies(op, sh) || !wanted(op))
			continue;
		printf("| %s | %s |", op_names[op], shape_names[sh]);
		for (li = 0; li < nlens; li++)
			printf(" %.2f |", worst[op][sh][li]);
		printf("\n");
	}

	errors += sets_table(label);

	/* the targets of the string issue (issue 13) */
	printf("\n%s: targets (tolerance %.0f%%)\n", label, TOLERANCE * 100);
	for (op = 0; op < NB_OPS; op++) {
		double lo = 1e9, lo512 = 1e9, twin = 1e9;
		int at = 0, at512 = 0;

		if (!wanted(op))
			continue;

		for (li = 0; li < nlens; li++) {
			if (worst[op][SH_TEXT][li] < lo)
				lo = worst[op][SH_TEXT][li], at = lens[li];
			if (lens[li] >= 512 && worst[op][SH_TEXT][li] < lo512)
				lo512 = worst[op][SH_TEXT][li], at512 = lens[li];
			if (worst_twin[op][SH_TEXT][li] < twin)
				twin = worst_twin[op][SH_TEXT][li];
		}
		printf("target %-40s %5.2fx (worst at %d)  %s\n",
		       strcat(strcpy((char[64]){0}, op_names[op]), " >= 1.0x upstream, every length"),
		       lo, at, lo >= 1.0 - TOLERANCE ? "holds" : (missed++, "MISSED"));
		if (op <= NB_STRRCHR && op != NB_STRNCHR)
			printf("target %-40s %5.2fx (worst at %d)  %s\n",
			       strcat(strcpy((char[64]){0}, op_names[op]), " >= 4x upstream from 512 bytes"),
			       lo512, at512, lo512 >= 4.0 * (1 - TOLERANCE) ? "holds" : (missed++, "MISSED"));
		if (op == NB_STRCMP || op == NB_STRCASECMP)
			printf("target %-40s %5.2fx (worst at %d)  %s\n",
			       strcat(strcpy((char[64]){0}, op_names[op]), " >= 3x from 512 bytes, every alignment"),
			       lo512, at512, lo512 >= 3.0 * (1 - TOLERANCE) ? "holds" : (missed++, "MISSED"));
		if (op == NB_STRSTR || op == NB_STRCASESTR) {
			double c = worst[op][SH_CORPUS][nlens - 1];

			printf("target %-40s %5.2fx  %s\n",
			       strcat(strcpy((char[64]){0}, op_names[op]), " >= 2x at 4095 bytes, corpus"),
			       c, c >= 2.0 * (1 - TOLERANCE) ? "holds" : (missed++, "MISSED"));
		}
		printf("target %-40s %5.2fx  %s\n",
		       strcat(strcpy((char[64]){0}, op_names[op]), "_buf >= 0.97x its unbounded twin"),
		       twin, twin >= 0.97 ? "holds" : (missed++, "MISSED"));
	}
	if (!getenv("NB_NO_WORST"))
		missed += worst_table(label, &errors);
	printf("%s: %d targets missed, %d result differences\n", label, missed, errors);
	return errors ? 1 : 0;
}
