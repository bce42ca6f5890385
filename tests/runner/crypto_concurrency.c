// SPDX-License-Identifier: GPL-2.0
/*
 * Driver of crypto_concurrency.bpf.c: one thread per CPU runs the encrypt
 * program through BPF_PROG_TEST_RUN while another keeps running the swap
 * program, for SECONDS; then every encryption must have been right.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "runner.h"

#define SECONDS	3
#define WORKERS	2

struct worker {
	int prog_fd, cpu, err;
	bool swapper;
	volatile bool *stop;
};

static void *work(void *arg)
{
	static char pkt[64] = { [12] = 0x08 };
	struct worker *w = arg;
	/* SYSCALL test runs take no repeat */
	LIBBPF_OPTS(bpf_test_run_opts, run, .repeat = w->swapper ? 0 : 50);
	cpu_set_t set;

	if (!w->swapper) {
		run.data_in = pkt;
		run.data_size_in = sizeof(pkt);
	}
	CPU_ZERO(&set);
	CPU_SET(w->cpu, &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	while (!*w->stop && !w->err)
		w->err = bpf_prog_test_run_opts(w->prog_fd, &run) ? -errno :
			 (int)run.retval;
	return NULL;
}

int crypto_concurrency_driver(struct bpf_object *obj, struct bpf_program *prog,
			      char *why, size_t whylen)
{
	struct bpf_program *swap = bpf_object__find_program_by_name(obj, "swap_ctxs");
	struct bpf_map *cnt = bpf_object__find_map_by_name(obj, ".data.counts");
	struct worker w[WORKERS + 1] = { 0 };
	pthread_t t[WORKERS + 1];
	volatile bool stop = false;
	struct { unsigned long long runs, wrong, empty, swaps, failed; } n;
	int key = 0, i;

	if (!swap || !cnt || bpf_map__value_size(cnt) != sizeof(n)) {
		snprintf(why, whylen, "no swap_ctxs program or .data.counts");
		return -1;
	}
	for (i = 0; i <= WORKERS; i++) {
		w[i].swapper = i == WORKERS;
		w[i].prog_fd = bpf_program__fd(w[i].swapper ? swap : prog);
		w[i].cpu = i % WORKERS;
		w[i].stop = &stop;
		pthread_create(&t[i], NULL, work, &w[i]);
	}
	sleep(SECONDS);
	stop = true;
	for (i = 0; i <= WORKERS; i++)
		pthread_join(t[i], NULL);
	if (bpf_map_lookup_elem(bpf_map__fd(cnt), &key, &n)) {
		snprintf(why, whylen, "cannot read .data.counts");
		return -1;
	}
	for (i = 0; i <= WORKERS; i++) {
		if (w[i].err) {
			snprintf(why, whylen, "%s thread: %d",
				 w[i].swapper ? "swap" : "encrypt", w[i].err);
			return -1;
		}
	}
	printf("# %d s, %d CPUs: %llu encryptions (%llu found the slot empty), %llu swaps of every ctx\n",
	       SECONDS, WORKERS, n.runs, n.empty, n.swaps);
	if (n.wrong || n.failed || !n.runs || !n.swaps) {
		snprintf(why, whylen, "%llu wrong, %llu failed swaps, %llu runs, %llu swaps",
			 n.wrong, n.failed, n.runs, n.swaps);
		return -1;
	}
	return 0;
}
