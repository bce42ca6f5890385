// SPDX-License-Identifier: GPL-2.0
/*
 * string_bench: time bpf_X, kfx_X, kfx_X_buf and an open-coded BPF loop
 * side by side in one boot.  For each op and string length, each
 * implementation runs ROUNDS samples, the implementations taking turns,
 * each sample BPF_PROG_TEST_RUN with a repeat calibrated so that it lasts
 * about SAMPLE_NS; the table shows the median ns per call, net of the same
 * program without the call (also timed, column "nocall"), with the min-max
 * spread, "csv," lines for the host, then one line per speed target of the
 * string issue.  Under TCG only the ratios mean anything.
 * Usage: string_bench [kfx.ko [all|op,op... [quick]]]  (loads the module if
 * given; times the listed ops only; quick: lengths 1, 64 and 4095)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "bench_target.h"
#include "string_bench.h"
#include "string_bench.skel.h"

#define ROUNDS		7
#define SAMPLE_NS	200000ULL	/* 200 us of guest time per sample */

static const char *const ops[B_COUNT] = {
	"strlen", "strnlen", "strchr", "strnchr", "strchrnul", "strrchr",
	"strcmp", "strcasecmp", "strncasecmp", "strspn", "strcspn",
	"strstr", "strcasestr", "strnstr", "strncasestr",
};
static const char *const impls[IMPL_COUNT] = {
	"bpf_", "kfx_", "kfx_*_buf", "loop", "no call"
};
static const int lens[] = { 1, 8, 64, 512, 2048, 4095 };
static const char *kernel;
static bool quick;

/* The ops a user can open-code in a verifiable loop (or bpf_strncmp). */
static bool has_loop(int op)
{
	return op == B_STRLEN || op == B_STRNLEN || op == B_STRCHR ||
	       op == B_STRNCHR || op == B_STRSTR || op == B_STRNSTR ||
	       op == B_STRCMP || op == B_STRSPN;
}

/*
 * a: @len 'a's.  b: the other operand, chosen so that the whole of a is
 * read: a's copy differing in its last byte (compare), the set "a" (strspn)
 * or "b" (strcspn), the near miss "ab" (substring search).
 */
static void fill(struct string_bench *k, int op, int len)
{
	/* b_ro is read-only once loaded: fill() runs before the load */
	memset(k->bss->a, 'a', len);
	k->bss->a[len] = '\0';
	memcpy(k->bss->b, k->bss->a, len + 1);
	switch (op) {
	case B_STRSTR: case B_STRCASESTR: case B_STRNSTR: case B_STRNCASESTR:
		strcpy(k->bss->b, "ab");
		break;
	case B_STRSPN:
		strcpy(k->bss->b, "a");
		break;
	case B_STRCSPN:
		strcpy(k->bss->b, "b");
		break;
	default:
		k->bss->b[len - 1] = 'b';
	}
	memcpy((char *)k->rodata->b_ro, k->bss->b, BENCH_MAX + 8);
}

static int cmp_u32(const void *x, const void *y)
{
	return *(const unsigned int *)x - *(const unsigned int *)y;
}

/*
 * Median, min and max ns per call of each implementation for one op and
 * length; the implementations take turns round by round.
 */
static int measure(int op, int len, unsigned int out[IMPL_COUNT][3],
		   bool upstream)
{
	static char pkt[64];
	LIBBPF_OPTS(bpf_test_run_opts, run, .data_in = pkt,
		    .data_size_in = sizeof(pkt));
	struct string_bench *s[IMPL_COUNT] = { 0 };
	unsigned int t[IMPL_COUNT][ROUNDS];
	unsigned long long repeat[IMPL_COUNT];
	int impl, r, err = 0;

	for (impl = 0; impl < IMPL_COUNT && !err; impl++) {
		struct string_bench *k;

		if ((impl == IMPL_BPF && !upstream) ||
		    (impl == IMPL_LOOP && !has_loop(op)))
			continue;
		k = string_bench__open();

		s[impl] = k;
		if (!k) {
			err = -1;
			break;
		}
		k->rodata->op = op;
		k->rodata->impl = impl;
		fill(k, op, len);
		if (string_bench__load(k)) {
			err = -1;
			break;
		}
		/* calibrate: runs per sample so that one lasts SAMPLE_NS */
		run.repeat = 16;
		err = bpf_prog_test_run_opts(bpf_program__fd(k->progs.bench), &run);
		repeat[impl] = SAMPLE_NS / (run.duration ? run.duration : 1);
		repeat[impl] = repeat[impl] < 16 ? 16 :
			       repeat[impl] > 100000 ? 100000 : repeat[impl];
	}
	for (r = 0; r < ROUNDS && !err; r++) {
		for (impl = 0; impl < IMPL_COUNT && !err; impl++) {
			if (!s[impl])
				continue;
			run.repeat = repeat[impl];
			err = bpf_prog_test_run_opts(bpf_program__fd(s[impl]->progs.bench),
						     &run);
			t[impl][r] = run.duration;
		}
	}
	for (impl = 0; impl < IMPL_COUNT; impl++) {
		string_bench__destroy(s[impl]);
		out[impl][0] = 0;
		if (err || !s[impl])
			continue;
		qsort(t[impl], ROUNDS, sizeof(t[impl][0]), cmp_u32);
		out[impl][0] = t[impl][ROUNDS / 2];
		out[impl][1] = t[impl][0];
		out[impl][2] = t[impl][ROUNDS - 1];
	}
	return err;
}

/* Whether this kernel has upstream's string kfuncs (6.17+, all of them 7.0+). */
static bool have_upstream(void)
{
	libbpf_print_fn_t old = libbpf_set_print(NULL);	/* a quiet probe */
	struct string_bench *k = string_bench__open();
	bool ok = false;

	if (k) {
		k->rodata->op = B_STRNCASECMP;	/* the newest of them */
		k->rodata->impl = IMPL_BPF;
		ok = !string_bench__load(k);
		string_bench__destroy(k);
	}
	libbpf_set_print(old);
	return ok;
}

/* Whether @op is in the comma-separated @list (NULL: every op). */
static bool wanted(const char *list, const char *op)
{
	size_t n = strlen(op);
	const char *p;

	for (p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, op, n) && (p[n] == ',' || !p[n]))
			return true;
	return !list;
}

/* ns of the call alone: the median minus the no-call program's median. */
static double net(unsigned int m[IMPL_COUNT][3], int impl, int which)
{
	return (double)m[impl][which] - m[IMPL_NONE][0];
}

static int targets_missed;

/* One line per target the string issue states, and whether it holds. */
static void check(const char *what, int op, int len, double ratio,
		  double want)
{
	bool ok = ratio >= want * BENCH_TOLERANCE;

	printf("target %-30s %-11s %5d  %6.2fx  (>= %.2fx less %.0f%%) %s\n",
	       what, ops[op], len, ratio, want, BENCH_TOLERANCE_PCT,
	       ok ? "holds" : "MISSED");
	targets_missed += !ok;
}

static void report(int op, int len, unsigned int m[IMPL_COUNT][3],
		   bool upstream)
{
	double kfx = net(m, IMPL_KFX, 0), buf = net(m, IMPL_BUF, 0);
	char cell[IMPL_COUNT][40];
	int impl;

	for (impl = 0; impl < IMPL_NONE; impl++) {
		if (!m[impl][0]) {
			snprintf(cell[impl], sizeof(cell[impl]), "-");
			continue;
		}
		snprintf(cell[impl], sizeof(cell[impl]), "%.0f (%.0f-%.0f)",
			 net(m, impl, 0), net(m, impl, 1), net(m, impl, 2));
		printf("csv,string,%s,%s,%d,%s,%.0f,%.0f,%.0f\n", kernel,
		       ops[op], len, impls[impl], net(m, impl, 0),
		       net(m, impl, 1), net(m, impl, 2));
	}
	printf("%-11s %5d  %-20s %-20s %-20s %-20s %6u  ", ops[op], len,
	       cell[0], cell[1], cell[2], cell[3], m[IMPL_NONE][0]);
	if (upstream)
		printf("%6.2fx ", net(m, IMPL_BPF, 0) / kfx);
	else
		printf("%7s ", "-");
	printf("%6.2fx ", kfx / buf);
	if (m[IMPL_LOOP][0])
		printf("%6.2fx\n", net(m, IMPL_LOOP, 0) / kfx);
	else
		printf("%7s\n", "-");
}

int main(int argc, char **argv)
{
	static unsigned int m[B_COUNT][sizeof(lens) / sizeof(lens[0])][IMPL_COUNT][3];
	static bool ok[B_COUNT][sizeof(lens) / sizeof(lens[0])];
	int nlens = sizeof(lens) / sizeof(lens[0]);
	const char *list = NULL;
	struct utsname u;
	bool upstream;
	int op, l;

	uname(&u);
	kernel = u.release;
	if (argc > 2 && strcmp(argv[2], "all"))
		list = argv[2];
	quick = argc > 3 && !strcmp(argv[3], "quick");
	if (argc > 1) {
		int fd = open(argv[1], O_RDONLY);

		if (fd < 0 || (syscall(SYS_finit_module, fd, "", 0) &&
				errno != EEXIST)) {
			perror("loading kfx");
			return 1;
		}
		close(fd);
	}
	upstream = have_upstream();
	printf("string_bench: upstream's bpf_str*() kfuncs %s\n",
	       upstream ? "present: timed side by side" : "absent: kfx only");
	printf("string_bench: ns per call net of the no-call program, median of %d samples of ~%llu us each (min-max)%s\n",
	       ROUNDS, SAMPLE_NS / 1000, quick ? "; quick: lengths 1, 64, 4095" : "");
	printf("%-11s %5s  %-20s %-20s %-20s %-20s %6s  %7s %7s %7s\n", "op",
	       "len", impls[0], impls[1], impls[2], impls[3], "nocall",
	       "bpf/kfx", "kfx/buf", "loop/kfx");
	for (op = 0; op < B_COUNT; op++) {
		if (!wanted(list, ops[op]))
			continue;
		for (l = 0; l < nlens; l++) {
			if (quick && lens[l] != 1 && lens[l] != 64 &&
			    lens[l] != 4095)
				continue;
			if (measure(op, lens[l], m[op][l], upstream)) {
				printf("%-11s %5d  measurement failed\n",
				       ops[op], lens[l]);
				continue;
			}
			ok[op][l] = true;
			report(op, lens[l], m[op][l], upstream);
		}
	}
	for (op = 0; op < B_COUNT; op++) {
		for (l = 0; l < nlens; l++) {
			unsigned int (*x)[3] = m[op][l];

			if (!ok[op][l])
				continue;
			check("bounded >= unbounded", op, lens[l],
			      net(x, IMPL_KFX, 0) / net(x, IMPL_BUF, 0), 1.0);
			if (!upstream)
				continue;
			check("kfx >= upstream", op, lens[l],
			      net(x, IMPL_BPF, 0) / net(x, IMPL_KFX, 0), 1.0);
			if ((op == B_STRLEN || op == B_STRNLEN ||
			     op == B_STRCHR) && lens[l] >= 512)
				check("kfx >= 3 x upstream", op, lens[l],
				      net(x, IMPL_BPF, 0) /
				      net(x, IMPL_KFX, 0), 3.0);
		}
	}
	printf("string_bench: %d target%s missed\n", targets_missed,
	       targets_missed == 1 ? "" : "s");
	return 0;
}
