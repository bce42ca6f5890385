// SPDX-License-Identifier: GPL-2.0
/*
 * str_anchor: is the model honest?  The running kernel's own bpf_str*()
 * kfuncs (str_anchor.bpf.c, timed by BPF_PROG_TEST_RUN) against the same
 * upstream loops as str_native times them (str_kern.c, here built by the
 * host's gcc with the module flags), on the same inputs, and kfx's core
 * beside them.  Each round times the kernel's kfunc, the empty loop (the
 * difference is the kfunc's time), the model of upstream and kfx's core,
 * back to back; the figures are medians of the per-round ratios.  A kernel
 * without bpf_str*() (before 6.17) is said so, and nothing is timed.
 * Usage: str_anchor (as root)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/utsname.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "str_native.h"
#include "str_anchor.skel.h"

#define ROUNDS	11
#define CALLS	64	/* as str_anchor.bpf.c */
#define RUN_NS	200000.0

static const int lens[] = { 8, 64, 512, 4095 };

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return v[n / 2];
}

/* ns per run of @fd, @repeat runs */
static double run_prog(int fd, int repeat)
{
	char pkt[64] = { 0 };
	LIBBPF_OPTS(bpf_test_run_opts, o, .data_in = pkt,
		    .data_size_in = sizeof(pkt), .repeat = repeat);

	if (bpf_prog_test_run_opts(fd, &o)) {
		perror("str_anchor: BPF_PROG_TEST_RUN");
		exit(1);
	}
	return o.duration;
}

static volatile int sink;

/* ns per call of @fn on @x, @calls calls */
static double run_model(nb_fn fn, const struct nb_args *x, long calls)
{
	double t0 = now_ns();
	long j;

	for (j = 0; j < calls; j++)
		sink += fn(x);
	return (now_ns() - t0) / calls;
}

static struct bpf_program *prog_of(struct str_anchor *skel, int op)
{
	char name[32];

	snprintf(name, sizeof(name), "t_%s", op_names[op]);
	return bpf_object__find_program_by_name(skel->obj, name);
}

/* One case: the kernel, the model and kfx on the same strings. */
static int anchor_case(struct str_anchor *skel, int op, int len)
{
	static char a[8192], b[8192];
	int fd = bpf_program__fd(prog_of(skel, op));
	int efd = bpf_program__fd(skel->progs.t_empty);
	int oa = op >= NB_STRCMP ? 3 : 0, ob = oa, r, repeat, real_res;
	double model[ROUNDS], kfx[ROUNDS], kern_ns[ROUNDS], t;
	struct nb_args x = { a + oa, b + ob };

	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	fill(op, SH_TEXT, a + oa, b + ob, len);
	set_args(op, len, &x);
	memcpy(skel->bss->area_a, a, sizeof(a));
	memcpy(skel->bss->area_b, b, sizeof(b));
	skel->bss->oa = oa;
	skel->bss->ob = ob;
	skel->bss->n = x.n;
	skel->bss->c = x.c;
	run_prog(fd, 1);
	real_res = skel->bss->result;
	if (real_res != nb_fns[NB_UPSTREAM][op](&x) || real_res != nb_fns[NB_KFX][op](&x)) {
		fprintf(stderr, "str_anchor: %s %d differs: kernel %d, model %d, kfx %d\n",
			op_names[op], len, real_res, nb_fns[NB_UPSTREAM][op](&x),
			nb_fns[NB_KFX][op](&x));
		return -1;
	}
	t = run_prog(fd, 16);
	repeat = RUN_NS / (t > 1 ? t : 1) + 1;
	for (r = 0; r < ROUNDS; r++) {
		double k = (run_prog(fd, repeat) - run_prog(efd, repeat)) / CALLS;

		kern_ns[r] = k;
		model[r] = run_model(nb_fns[NB_UPSTREAM][op], &x, (long)repeat * CALLS);
		kfx[r] = run_model(nb_fns[NB_KFX][op], &x, (long)repeat * CALLS);
		/* per-round ratios: model / kernel, kernel / kfx */
		model[r] /= k;
		kfx[r] = k / kfx[r];
	}
	t = median(kern_ns, ROUNDS);
	printf("| %s | %d | %.1f | %.2f | %.2f |\n", op_names[op], len, t,
	       median(model, ROUNDS), median(kfx, ROUNDS));
	printf("csv-anchor,%s,%d,%.2f,%.3f,%.3f\n", op_names[op], len, t,
	       median(model, ROUNDS), median(kfx, ROUNDS));
	return 0;
}

int main(void)
{
	struct str_anchor *skel;
	struct utsname u;
	int op, i, errors = 0;

	uname(&u);
	libbpf_set_print(NULL);
	skel = str_anchor__open_and_load();
	if (!skel) {
		printf("anchor: not made: this kernel (%s) did not load the bpf_str*() "
		       "programs (%s); the model stands unanchored\n", u.release,
		       errno == ESRCH || errno == ENOENT ? "no bpf_str* kfuncs, before 6.17" :
		       strerror(errno));
		return 0;
	}
	printf("anchor: kernel %s's bpf_str*() via BPF_PROG_TEST_RUN (XDP, %d calls per run, "
	       "the empty loop subtracted), median of %d rounds\n\n", u.release, CALLS, ROUNDS);
	printf("| op | length | kernel ns/call | model / kernel (time) | kernel / kfx (time) |\n");
	printf("|---|---:|---:|---:|---:|\n");
	for (op = 0; op < NB_OPS; op++) {
		if (!prog_of(skel, op) || (getenv("NB_ONLY") && !strstr(getenv("NB_ONLY"), op_names[op])))
			continue;
		for (i = 0; i < (int)(sizeof(lens) / sizeof(lens[0])); i++)
			errors += anchor_case(skel, op, lens[i]) != 0;
	}
	str_anchor__destroy(skel);
	printf("\nanchor: %d result differences\n", errors);
	return errors ? 1 : 0;
}
