// SPDX-License-Identifier: GPL-2.0
/*
 * string_bench: time bpf_X, kfx_X and kfx_X_buf side by side in one boot.
 * For each op and string length, each implementation runs REPEAT calls per
 * BPF_PROG_TEST_RUN, ROUNDS rounds with the implementations taking turns;
 * the table shows the median ns per call (program overhead included, the
 * same for all three) and the min-max spread.  Under TCG only the ratios mean
 * anything.  Usage: string_bench [kfx.ko]  (loads the module if given)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "string_bench.h"
#include "string_bench.skel.h"

#define REPEAT	200
#define ROUNDS	7

static const char *const ops[B_COUNT] = {
	"strlen", "strnlen", "strchr", "strrchr", "strcmp", "strcasecmp",
	"strspn", "strstr",
};
static const char *const impls[IMPL_COUNT] = { "bpf_", "kfx_", "kfx_*_buf" };
static const int lens[] = { 1, 8, 64, 512, 4095 };

static int cmp_u32(const void *x, const void *y)
{
	return *(const unsigned int *)x - *(const unsigned int *)y;
}

/*
 * Median, min and max ns per call of each implementation for one op and
 * length; the implementations take turns round by round.
 */
static int measure(int op, int len, unsigned int out[IMPL_COUNT][3])
{
	static char pkt[64];
	LIBBPF_OPTS(bpf_test_run_opts, run, .repeat = REPEAT, .data_in = pkt,
		    .data_size_in = sizeof(pkt));
	struct string_bench *s[IMPL_COUNT] = { 0 };
	unsigned int t[IMPL_COUNT][ROUNDS];
	int impl, r, err = 0;

	for (impl = 0; impl < IMPL_COUNT && !err; impl++) {
		struct string_bench *k = string_bench__open();

		s[impl] = k;
		if (!k) {
			err = -1;
			break;
		}
		k->rodata->op = op;
		k->rodata->impl = impl;
		if (string_bench__load(k)) {
			err = -1;
			break;
		}
		/* a: len 'a'; b: the same with the last one different. */
		memset(k->bss->a, 'a', len);
		k->bss->a[len] = '\0';
		memset(k->bss->b, 'a', len);
		k->bss->b[len] = '\0';
		if (op == B_STRSTR)
			memcpy(k->bss->b, "ab", 3);	/* a near miss everywhere */
		else if (op == B_STRSPN)
			memcpy(k->bss->b, "a", 2);
		else
			k->bss->b[len - 1] = 'b';
	}
	for (r = 0; r < ROUNDS && !err; r++) {
		for (impl = 0; impl < IMPL_COUNT && !err; impl++) {
			err = bpf_prog_test_run_opts(bpf_program__fd(s[impl]->progs.bench),
						     &run);
			t[impl][r] = run.duration;
		}
	}
	for (impl = 0; impl < IMPL_COUNT; impl++) {
		string_bench__destroy(s[impl]);
		if (err)
			continue;
		qsort(t[impl], ROUNDS, sizeof(t[impl][0]), cmp_u32);
		out[impl][0] = t[impl][ROUNDS / 2];
		out[impl][1] = t[impl][0];
		out[impl][2] = t[impl][ROUNDS - 1];
	}
	return err;
}

int main(int argc, char **argv)
{
	unsigned int m[IMPL_COUNT][3];
	int op, impl, l;

	if (argc > 1) {
		int fd = open(argv[1], O_RDONLY);

		if (fd < 0 || syscall(SYS_finit_module, fd, "", 0)) {
			perror("loading kfx");
			return 1;
		}
		close(fd);
	}
	printf("string_bench: ns per call, median of %d runs x %d calls (min-max)\n",
	       ROUNDS, REPEAT);
	printf("%-10s %5s  %-22s %-22s %-22s %s\n", "op", "len", impls[0], impls[1],
	       impls[2], "bpf/kfx bpf/buf");
	for (op = 0; op < B_COUNT; op++) {
		for (l = 0; l < (int)(sizeof(lens) / sizeof(lens[0])); l++) {
			char cell[IMPL_COUNT][32];

			if (measure(op, lens[l], m)) {
				printf("%-10s %5d  measurement failed\n", ops[op], lens[l]);
				continue;
			}
			for (impl = 0; impl < IMPL_COUNT; impl++)
				snprintf(cell[impl], sizeof(cell[impl]), "%u (%u-%u)",
					 m[impl][0], m[impl][1], m[impl][2]);
			printf("%-10s %5d  %-22s %-22s %-22s %5.2fx %5.2fx\n", ops[op],
			       lens[l], cell[0], cell[1], cell[2],
			       m[1][0] ? (double)m[0][0] / m[1][0] : 0,
			       m[2][0] ? (double)m[0][0] / m[2][0] : 0);
		}
	}
	return 0;
}
