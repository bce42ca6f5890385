// SPDX-License-Identifier: GPL-2.0
/*
 * The kfunc fuzzer, run by the test runner in the guest after the other
 * tests: a seeded loop that drives every kfx kfunc through small programs
 * (tests/progs/fuzz_str.bpf.c, fuzz_crypto*.bpf.c) with arguments from
 * the PRNG (fuzz_case.c), and judges every result against a model of the
 * documented contract (bpf/kfx.h, crypto-contract), never against kfx:
 *
 *   strings  the result is in the kfunc's documented set; equal to the
 *            reference model (tests/host/str_ref.c) wherever the bytes are
 *            known (BPF memory, NULL, user, vsyscall, non-canonical and
 *            unmapped addresses); the bounded twin equal to the model of
 *            its buffer (and so to the unbounded kfunc on the same bytes);
 *            equal to upstream's bpf_<op>() where the kernel has it (7.x),
 *            for every address, kernel text included.
 *   crypto   create's errno (every type); encrypt/decrypt's from the
 *            length rules, nothing written outside the output, -EBADMSG
 *            output zeroed, cbc/ctr's IV, decrypt(encrypt(x)) == x, a
 *            flipped byte refused; hash's and sig's (fuzz_hash_step.c);
 *            -EINVAL for a ctx of another type; the driver's name one of
 *            /proc/crypto's; crypto_live 0 once the programs are gone.
 *   kernel   no BUG, WARNING, Oops, KASAN/KFENCE/UBSAN or slub report in
 *            /dev/kmsg after any case (and check.sh scans the whole log).
 *
 * Crashes.  The fuzzing runs in a child process, which writes the seed,
 * case index and step to a shared page before each step.  When a kfunc
 * oopses, the kernel kills the child in the middle of its syscall; the
 * parent then prints "not ok fuzz/...: died ... in case SEED:INDEX step
 * N", the case itself as a case file, and how to replay it.  A console
 * line "# fuzz: seed=S index=I ..." every few seconds narrows it down
 * should the whole kernel die.
 *
 * Replaying and keeping a crash.
 *   kfx_test --module kfx.ko --fuzz-only --fuzz-replay SEED:INDEX  one case
 *   (... SEED:FIRST-LAST: a range), verbosely; from the host:
 *     KFX_PAYLOAD="/kfx_test --module /kfx.ko --fuzz-only \
 *         --fuzz-replay SEED:INDEX" tests/vm/run-guest.sh 7.3 test
 *   or KFX_FUZZ_REPLAY=SEED:INDEX / KFX_FUZZ_CASE=file (run-guest.sh
 *   passes them on).  Minimize by hand: save the printed case as
 *   tests/fuzz/regressions/<name>.case, delete steps and fields (omitted
 *   fields are 0) and shorten lengths while KFX_FUZZ_CASE=<file> still
 *   crashes (tests/fuzz/minimize.sh does the boots).  Every file there is
 *   built into the runner and replayed, judged by the same model, before
 *   the random cases of every run: "ok fuzz/regression/<name>".
 *
 * Cases depend on the kernel (what its verifier accepts, its symbols):
 * a SEED:INDEX is replayed on the kernel that printed it.
 *
 * This file: the shared progress page, running cases, the child and the
 * parent.  The parts: fuzz_report.c (failures, the kernel log check,
 * running a program), fuzz_case.c (PRNG, string cases), fuzz_algos.c,
 * fuzz_gen_crypto.c and fuzz_gen_hash.c (crypto cases), fuzz_case_file.c
 * and fuzz_case_write.c (case files), fuzz_known.c (--fuzz-skip's bugs),
 * fuzz_setup.c (loading), fuzz_str_step.c, fuzz_ctx_step.c, fuzz_crypt.c
 * and fuzz_hash_step.c (the steps and their models).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "fuzz_int.h"
#include "fuzz_run.h"
#include "fuzz_str.skel.h"
#include "fuzz_crypto.skel.h"
#include "fuzz_crypto_6_1.skel.h"
#include "fuzz_regressions.h"	/* generated: tests/fuzz/regressions/ */
#include "runner.h"


/* ---- the shared page: where the child is ---- */

struct fz_progress {
	uint64_t seed, index;
	int32_t step;
	int32_t phase;		/* PH_* */
	int32_t reg;		/* the regression case running */
	uint32_t algo_avail, img_pgoff;
	int32_t nullbuf, nullp, ready;
	uint64_t runs;
	int32_t passed, failed, skipped;	/* the child's ok/not ok/skip lines */
};

enum { PH_SETUP, PH_REGRESSION, PH_RANDOM, PH_REPLAY, PH_DONE };

static volatile struct fz_progress *prog_page;

/* A result line, counted for the runner's summary. */
static void __attribute__((format(printf, 2, 3))) line(int kind, const char *fmt, ...)
{
	va_list ap;

	printf("%s ", kind > 0 ? "ok" : kind < 0 ? "not ok" : "skip");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	if (kind > 0)
		prog_page->passed++;
	else if (kind < 0)
		prog_page->failed++;
	else
		prog_page->skipped++;
}

/* ---- cases ---- */

static void run_case(struct fz_run *R, const struct fz_case *c)
{
	fz_cur_case = c;
	for (int i = 0; i < c->n && !R->stop; i++) {
		const struct fz_step *st = &c->st[i];
		double t = fz_now();

		fz_cur_step = i;
		prog_page->step = i;
		switch (st->type) {
		case ST_STR:
			fz_step_str(R, st);
			break;
		case ST_CREATE:
			fz_step_create(R, st);
			break;
		case ST_CRYPT:
			fz_step_crypt(R, st);
			break;
		case ST_HASH:
			fz_step_hash(R, st);
			break;
		case ST_SIG:
			fz_step_sig(R, st);
			break;
		default:
			fz_step_other(R, st);
			break;
		}
		if (R->ring && (st->type == ST_CRYPT || st->type >= ST_HASH))
			ring_buffer__consume(R->ring);
		R->t_step[st->type] += fz_now() - t;
		R->n_step[st->type]++;
	}
	R->cases++;
	prog_page->runs = R->cases;
	fz_kmsg_check(R);
	fz_cur_case = NULL;
}

/* ---- the child ---- */

static int parse_range(const char *s, uint64_t *seed, uint64_t *lo, uint64_t *hi)
{
	char *end;

	*seed = strtoull(s, &end, 0);
	if (*end != ':')
		return -1;
	*lo = strtoull(end + 1, &end, 0);
	*hi = *lo;
	if (*end == '-')
		*hi = strtoull(end + 1, &end, 0);
	return *end || *hi < *lo ? -1 : 0;
}

static void verdict(struct fz_run *R, const char *name, int before)
{
	if (R->failures == before)
		line(1, "%s", name);
	else
		line(-1, "%s: %d failure(s):%s", name, R->failures - before, fz_tags(R));
}

/* Load the fuzz programs; tell the parent and the log what the kernel has. */
static int child_setup(struct fz_run *R, const struct fz_env *env)
{
	int err;

	R->env = *env;
	R->kmsg = -1;
	err = fz_setup(R);
	if (err) {
		line(-1, "fuzz/setup: the fuzz programs do not load (%d)", err);
		return err;
	}
	prog_page->algo_avail = R->env.algo_avail;
	prog_page->img_pgoff = R->env.img_pgoff;
	prog_page->nullbuf = R->p_nullbuf != NULL;
	prog_page->nullp = R->p_nullp != NULL;
	prog_page->ready = 1;
	printf("# fuzz: kernel has%s%s%s%s%s; %d symbols in the address pool\n",
	       R->env.ign ? " scalar-pointers" : " no-scalar-pointers",
	       R->env.upstream ? " upstream-strings" : "",
	       R->p_nullbuf ? " NULL-buffers" : "",
	       R->env.full ? " full-dynptrs" : " local-dynptrs",
	       R->p_nullp ? " NULL-params" : "", R->env.nsyms);
	return 0;
}

/* --fuzz-case FILE: that one case, verbosely. */
static int replay_case_file(struct fz_run *R, const char *path)
{
	static char text[1 << 20];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(text, 1, sizeof(text) - 1, f) : 0;
	struct fz_case c;
	char why[256];

	if (f)
		fclose(f);
	text[n] = 0;
	if (!f || fz_case_parse(text, &c, why, sizeof(why))) {
		line(-1, "fuzz/case: %s: %s", path, f ? why : strerror(errno));
		return 1;
	}
	R->where = path;
	fz_case_dump(&c, "# case: ");
	if (fz_case_needs(&c, &R->env)) {
		line(0, "fuzz/case: needs %s", fz_case_needs(&c, &R->env));
		return 0;
	}
	run_case(R, &c);
	fz_case_free(&c);
	verdict(R, "fuzz/case", 0);
	return R->failures ? 1 : 0;
}

/* --fuzz-replay SEED:INDEX[-LAST]: those random cases, verbosely. */
static int replay_range(struct fz_run *R, const char *range)
{
	uint64_t s, lo, hi;
	struct fz_case c;
	char name[256];

	if (parse_range(range, &s, &lo, &hi)) {
		line(-1, "fuzz/replay: \"%s\" is not SEED:INDEX[-LAST]", range);
		return 1;
	}
	prog_page->seed = s;
	for (uint64_t i = lo; i <= hi && !R->stop; i++) {
		snprintf(name, sizeof(name), "%llu:%llu", (unsigned long long)s,
			 (unsigned long long)i);
		R->where = name;
		prog_page->index = i;
		fz_gen(&R->env, s, i, &c);
		printf("# case %s:\n", name);
		fz_case_dump(&c, "#   ");
		run_case(R, &c);
		fz_case_free(&c);
	}
	verdict(R, "fuzz/replay", 0);
	return R->failures ? 1 : 0;
}

/* The regression cases kept in the tree, a result each; -1 on a stop. */
static int run_regressions(struct fz_run *R)
{
	char why[256], name[256];
	const char *needs;
	struct fz_case c;
	int before;

	for (size_t i = 0; fz_regressions[i].name; i++) {
		snprintf(name, sizeof(name), "fuzz/regression/%s", fz_regressions[i].name);
		prog_page->reg = i;
		R->where = fz_regressions[i].name;
		if (fz_case_parse(fz_regressions[i].text, &c, why, sizeof(why))) {
			line(-1, "%s: %s", name, why);
			R->failures++;
			continue;
		}
		needs = fz_case_needs(&c, &R->env);
		if (needs) {
			line(0, "%s: needs %s", name, needs);
			fz_case_free(&c);
			continue;
		}
		before = R->failures;
		fz_tags_reset(R);
		run_case(R, &c);
		fz_case_free(&c);
		verdict(R, name, before);
		if (R->stop)
			return -1;
	}
	return 0;
}

/*
 * Where the fuzzer is, every 64 cases: a kfunc oopsing in a tc or xdp
 * program panics the kernel (the child cannot report);
 * KFX_FUZZ_REPLAY=SEED:I-J then finds the case in one boot.  And every
 * 5 s how far it got.
 */
static void random_progress(struct fz_run *R, uint64_t seed, uint64_t i,
			    int before, double t0, double *tprint)
{
	double t = fz_now();

	if (!(i % 64)) {
		printf("# fuzz: cases %llu:%llu-%llu next\n", (unsigned long long)seed,
		       (unsigned long long)i, (unsigned long long)i + 63);
		fflush(stdout);
	}
	if (t - *tprint >= 5) {
		printf("# fuzz: seed=%llu index=%llu runs=%llu steps=%llu failures=%d %.0fs\n",
		       (unsigned long long)seed, (unsigned long long)i,
		       (unsigned long long)R->cases, (unsigned long long)R->steps,
		       R->failures - before, t - t0);
		fflush(stdout);
		*tprint = t;
	}
}

/* What the random phase did, where its time went, and its result. */
static void random_report(struct fz_run *R, const struct fuzz_opts *o,
			  uint64_t seed, int before, double dur)
{
	if (o->skip)
		printf("# fuzz: %llu cases not run: known bugs %s\n",
		       (unsigned long long)R->skips, o->skip);
	if (R->enomem)
		printf("# fuzz: %llu encrypt/decrypt calls said -ENOMEM (documented)\n",
		       (unsigned long long)R->enomem);
	printf("# fuzz: time per step:");
	for (int i = 0; i < ST_NTYPES; i++)
		if (R->n_step[i])
			printf(" %s %llu x %.0f us", fz_step_names[i],
			       (unsigned long long)R->n_step[i],
			       1e6 * R->t_step[i] / R->n_step[i]);
	printf("\n");
	printf("# fuzz: %llu cases, %llu steps in %.1f s: %.0f cases/s, %.0f steps/s\n",
	       (unsigned long long)R->cases, (unsigned long long)R->steps, dur,
	       R->cases / dur, R->steps / dur);
	cases(R->cases);
	if (R->failures == before)
		line(1, "fuzz/random runs=%llu seed=%llu", (unsigned long long)R->cases,
		     (unsigned long long)seed);
	else
		line(-1, "fuzz/random: %d failure(s):%s runs=%llu seed=%llu",
		     R->failures - before, fz_tags(R), (unsigned long long)R->cases,
		     (unsigned long long)seed);
}

/* Random cases of @seed for the time given, then the report. */
static void run_random(struct fz_run *R, const struct fuzz_opts *o,
		       uint64_t seed)
{
	int before = R->failures;
	double t0, tprint, t;
	struct fz_case c;
	char name[256];

	prog_page->phase = PH_RANDOM;
	prog_page->seed = seed;
	fz_tags_reset(R);
	t0 = tprint = fz_now();
	for (uint64_t i = 0; !R->stop; i++) {
		t = fz_now();
		if (t - t0 >= o->seconds)
			break;
		random_progress(R, seed, i, before, t0, &tprint);
		snprintf(name, sizeof(name), "%llu:%llu", (unsigned long long)seed,
			 (unsigned long long)i);
		R->where = name;
		prog_page->index = i;
		fz_gen(&R->env, seed, i, &c);
		if (fz_skipped(R, o, &c)) {
			R->skips++;
		} else {
			run_case(R, &c);
			if (fz_now() - t > 0.5)
				printf("# fuzz: case %s took %.1f s\n", name, fz_now() - t);
		}
		fz_case_free(&c);
	}
	random_report(R, o, seed, before, fz_now() - t0);
}

/*
 * The fuzzer, in the forked child: a case file or a replay if asked,
 * else the regression cases, then random ones.  1 when any failed.
 */
static int child(const struct fuzz_opts *o, struct fz_env *env, uint64_t seed)
{
	static struct fz_run run;
	struct fz_run *R = &run;

	if (child_setup(R, env))
		return 1;
	if (o->case_file || o->replay) {
		R->verbose = true;
		prog_page->phase = PH_REPLAY;
		return o->case_file ? replay_case_file(R, o->case_file) :
				      replay_range(R, o->replay);
	}
	prog_page->phase = PH_REGRESSION;
	if (!o->no_regressions && run_regressions(R))
		return 1;
	run_random(R, o, seed);
	prog_page->phase = PH_DONE;
	ring_buffer__free(R->ring);
	fuzz_str__destroy(R->str);
	fuzz_crypto__destroy(R->cr);
	fuzz_crypto_6_1__destroy(R->cr61);
	return R->failures ? 1 : 0;
}

/* ---- the parent ---- */

static int crypto_live_now(void)
{
	FILE *f = fopen("/sys/module/kfx/parameters/crypto_live", "r");
	int live = -1;

	if (f) {
		if (fscanf(f, "%d", &live) != 1)
			live = -1;
		fclose(f);
	}
	return live;
}

int fuzz_run(const struct fuzz_opts *o, int *passed, int *failed, int *skipped)
{
	struct fz_env env = { 0 };
	uint64_t seed;
	pid_t pid;
	int st, live;

	fz_t0 = fz_now();
	seed = o->have_seed ? o->seed : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	printf("# fuzz seed=%llu (%s), %.0f s\n", (unsigned long long)seed,
	       o->have_seed ? "given" : "from the time", o->seconds);
	fflush(stdout);
	prog_page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (prog_page == MAP_FAILED) {
		printf("not ok fuzz/setup: mmap: %s\n", strerror(errno));
		(*failed)++;
		return 1;
	}
	fz_env_caps(&env, o);
	pid = fork();
	if (pid < 0) {
		line(-1, "fuzz/setup: fork: %s", strerror(errno));
		goto out;
	}
	if (!pid)
		_exit(child(o, &env, seed));
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (WIFSIGNALED(st)) {
		volatile struct fz_progress *pg = prog_page;
		char where[128];

		if (pg->phase == PH_REGRESSION)
			snprintf(where, sizeof(where), "regression %s", fz_regressions[pg->reg].name);
		else
			snprintf(where, sizeof(where), "case %llu:%llu",
				 (unsigned long long)pg->seed, (unsigned long long)pg->index);
		line(-1, "fuzz/%s: the fuzzer died (signal %d: a kernel oops?) in %s step %d after %llu cases, %.1f s",
		     pg->phase == PH_REGRESSION ? "regression" :
		     pg->phase == PH_REPLAY ? "replay" : "random",
		     WTERMSIG(st), where, pg->step, (unsigned long long)pg->runs,
		     fz_now() - fz_t0);
		if (pg->ready && pg->phase != PH_REGRESSION) {
			struct fz_case c;

			env.algo_avail = pg->algo_avail;
			env.img_pgoff = pg->img_pgoff;
			env.nullbuf = pg->nullbuf;
			env.nullp = pg->nullp;
			fz_gen(&env, pg->seed, pg->index, &c);
			printf("# the case (replay: KFX_FUZZ_REPLAY=%llu:%llu%s%s, or save it"
			       " as tests/fuzz/regressions/<name>.case):\n",
			       (unsigned long long)pg->seed, (unsigned long long)pg->index,
			       o->family ? " with --fuzz-family " : "",
			       o->family ? o->family : "");
			fz_case_dump(&c, "#   ");
			fz_case_free(&c);
		}
		goto out;
	}
	/* every ctx went with the programs' maps */
	live = crypto_live_now();
	for (int i = 0; i < 200 && live > 0; i++) {
		usleep(100 * 1000);
		live = crypto_live_now();
	}
	if (live)
		line(-1, "fuzz/crypto-live-back-to-zero: crypto_live is %d 20 s after the fuzzer",
		     live);
	else
		line(1, "fuzz/crypto-live-back-to-zero");
out:
	*passed += prog_page->passed;
	*failed += prog_page->failed;
	*skipped += prog_page->skipped;
	munmap((void *)prog_page, 4096);
	return 0;
}

