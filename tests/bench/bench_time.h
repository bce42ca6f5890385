/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How the benchmarks time (crypto_bench.c, hash_bench.c): ROUNDS samples
 * of about SAMPLE_NS of guest time each, interleaved across variants, and
 * the median of them; an XDP program's time is BPF_PROG_TEST_RUN's
 * duration over a 64-byte packet, a user-space operation's the monotonic
 * clock around a batch.
 */
#ifndef _KFX_BENCH_TIME_H
#define _KFX_BENCH_TIME_H

#include <time.h>
#include <bpf/bpf.h>

#define ROUNDS		7
#define SAMPLE_NS	1000000ULL	/* 1 ms of guest time per sample */

/* ns per run of the XDP program @fd over @repeat runs; 0 on error. */
static inline unsigned int bench_xdp_ns(int fd, unsigned long long repeat)
{
	static char pkt[64];
	LIBBPF_OPTS(bpf_test_run_opts, run, .data_in = pkt,
		    .data_size_in = sizeof(pkt), .repeat = repeat);

	if (bpf_prog_test_run_opts(fd, &run) || run.retval != 2 /* XDP_PASS */)
		return 0;
	return run.duration;
}

/* Runs per sample so that one lasts about SAMPLE_NS. */
static inline unsigned long long bench_calibrate(unsigned int ns)
{
	unsigned long long r = SAMPLE_NS / (ns ? ns : 1);

	return r < 16 ? 16 : r > 100000 ? 100000 : r;
}

static inline unsigned long long bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* qsort()'s order of unsigned ints, for the medians. */
static inline int bench_cmp_u32(const void *x, const void *y)
{
	unsigned int a = *(const unsigned int *)x, b = *(const unsigned int *)y;

	return a < b ? -1 : a > b;
}

#endif
