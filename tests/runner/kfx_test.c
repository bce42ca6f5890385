// SPDX-License-Identifier: GPL-2.0
/*
 * kfx_test - the in-guest test runner.
 *
 *   kfx_test --module kfx.ko [--nobtf kfx-nobtf.ko] [--badbtf kfx-badbtf.ko]
 *            [--only NAME]
 *            [--fuzz-seconds N] [--fuzz-seed S] [--fuzz-family str|crypto]
 *            [--fuzz-replay SEED:INDEX[-LAST] | --fuzz-case FILE]
 *            [--fuzz-only] [--fuzz-no-regressions] [--fuzz-skip d1,d2,...]
 *
 * Runs the module-level tests (load/unload, BTF visible, refusal to load
 * without BTF, rmmod blocked by a live program), then every BPF program of
 * every test object embedded from tests/progs/, each checked against the
 * expectations declared next to it (tests/progs/kfx_test.h, read by
 * loader.c).  This file holds only the options, the order of the
 * scenarios (module.c, crypto_guest.c, compat.c, kfxctl_cli.c, samples.c,
 * samples_exec_hash.c, lockdown.c) and the counts.  --only NAME[,NAME...]
 * loads kfx and runs only the programs whose "object/program" holds a NAME
 * (to replay one case on a kernel by hand, through run-guest.sh's
 * KFX_PAYLOAD); a NAME of @live, @map, @lockdown or @rmmod runs that
 * scenario after them (tests/mutants/).
 *
 * Last, before lockdown, the kfunc fuzzer (tests/runner/fuzz.c): its
 * regression cases, then N seconds of random ones (--fuzz-seconds N,
 * which run-guest.sh sets from KFX_FUZZ_GUEST_SECONDS; that variable in
 * the runner's own environment otherwise; 0 for none; seed KFX_FUZZ_SEED
 * or the time).  KFX_FUZZ_SECONDS is another knob: libFuzzer's time on
 * the host (tests/host).  --fuzz-only runs only it
 * (kfx loaded); --fuzz-replay and --fuzz-case replay what it printed.
 *
 * Output, one line per test: "ok <name>", "not ok <name>: why" or
 * "skip <name>: why", and last "kfx-summary: passed=N failed=N skipped=N".
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "runner.h"
#include "scenario.h"
#include "crypto_accel.h"
#include "fuzz_int.h"		/* fuzz_run() */

static int passed, failed, skipped;

void result(int kind, const char *name, const char *fmt, ...)
{
	va_list ap;

	if (kind > 0) {
		passed++;
		printf("ok %s\n", name);
	} else {
		if (kind < 0)
			failed++;
		else
			skipped++;
		printf("%s %s: ", kind < 0 ? "not ok" : "skip", name);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	}
	fflush(stdout);
}



void cases(unsigned long n)
{
	printf("# cases: %lu\n", n);
}

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_DEBUG || quiet_libbpf)
		return 0;
	printf("# libbpf: ");
	return vprintf(fmt, ap);
}

/* The kfunc fuzzer; its lines count in the summary. */
static void test_fuzz(const struct fuzz_opts *o)
{
	fuzz_run(o, &passed, &failed, &skipped);
}

struct options {
	const char *ko, *nobtf, *badbtf;
	struct fuzz_opts fuzz;
	bool fuzz_only;
};

/* The options after the program's name; false on one it does not know. */
static bool parse_args(int argc, char **argv, struct options *o)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
		bool used = true;

		if (!strcmp(arg, "--module") && val)
			o->ko = val;
		else if (!strcmp(arg, "--nobtf") && val)
			o->nobtf = val;
		else if (!strcmp(arg, "--badbtf") && val)
			o->badbtf = val;
		else if (!strcmp(arg, "--only") && val)
			only = val;
		else if (!strcmp(arg, "--fuzz-seconds") && val)
			o->fuzz.seconds = atof(val);
		else if (!strcmp(arg, "--fuzz-seed") && val) {
			o->fuzz.have_seed = true;
			o->fuzz.seed = strtoull(val, NULL, 0);
		} else if (!strcmp(arg, "--fuzz-family") && val)
			o->fuzz.family = val;
		else if (!strcmp(arg, "--fuzz-replay") && val)
			o->fuzz.replay = val;
		else if (!strcmp(arg, "--fuzz-case") && val)
			o->fuzz.case_file = val;
		else if (!strcmp(arg, "--fuzz-skip") && val)
			o->fuzz.skip = val;
		else
			used = false;
		if (used) {
			i++;	/* the value */
			continue;
		}
		if (!strcmp(arg, "--tables-once"))
			tables_once = true;
		else if (!strcmp(arg, "--fuzz-only"))
			o->fuzz_only = true;
		else if (!strcmp(arg, "--fuzz-no-regressions"))
			o->fuzz.no_regressions = true;
		else
			return false;
	}
	return true;
}

static void usage(const char *argv0)
{
	fprintf(stderr, "usage: %s --module kfx.ko [--nobtf kfx-nobtf.ko] [--badbtf kfx-badbtf.ko] [--only NAME] [--tables-once]\n"
		"\t[--fuzz-seconds N] [--fuzz-seed S] [--fuzz-family str|crypto]\n"
		"\t[--fuzz-replay SEED:INDEX[-LAST] | --fuzz-case FILE] [--fuzz-only]\n"
		"\t[--fuzz-no-regressions] [--fuzz-skip d1,d2,d3,d4]\n",
		argv0);
}

/* rmmod kfx once nothing holds it: a result unless @quiet_pass. */
static void test_rmmod(bool quiet_pass)
{
	int err = mod_unload_settled();

	if (err)
		FAIL("module/rmmod", "%s", strerror(-err));
	else if (!quiet_pass)
		PASS("module/rmmod");
}

/* --fuzz-only: kfx loaded as in the full run, the fuzzer, kfx unloaded. */
static void run_fuzz_only(const struct options *o)
{
	int err;

	/* as in the full run: after the accelerated modules came */
	mark_expected_errors_done();
	kfx_accel_load(NULL);
	err = mod_load(o->ko);
	if (err) {
		FAIL("module/insmod", "%s", strerror(-err));
		return;
	}
	test_fuzz(&o->fuzz);
	test_rmmod(true);
}

/* The module's own tests while kfx is not loaded, then insmod: 0 or errno. */
static int run_before_insmod(const struct options *o)
{
	int err;

	crypto_generic_first();
	test_refuses_without_btf(o->nobtf);
	test_refuses_mismatched_btf(o->badbtf);
	mark_expected_errors_done();
	test_crypto_modules_load();
	test_kfxctl_without_module();
	test_load_unload(o->ko, 20);
	test_compat_without_kfx();
	err = mod_load(o->ko);
	if (err)
		FAIL("module/insmod", "%s", strerror(-err));
	else
		PASS("module/insmod");
	return err;
}

/* --only: the programs named, then the scenarios named (@live, ...). */
static void run_only(void)
{
	/* one case, by hand: KFX_PAYLOAD (run-guest.sh) */
	test_objects(NULL, "");
	crypto_bounds_report();
	/* scenarios, when named too (tests/mutants/mutants.list) */
	if (strstr(only, "@live"))
		test_crypto_live_zero();
	if (strstr(only, "@map"))
		test_crypto_map_frees_ctx();
	if (strstr(only, "@lockdown"))
		test_lockdown();
	if (strstr(only, "@rmmod"))
		test_rmmod(false);
}

/* Everything, kfx loaded: the order of the scenarios, lockdown last. */
static void run_all(const struct options *o)
{
	test_version_string();
	test_btf_has_every_kfunc();
	test_kfxctl();
	test_kfxctl_unprivileged();
	test_objects(NULL, "");
	test_crypto_accelerated();
	crypto_bounds_report();
	test_sample_udp_crypt();
	test_sample_name_filter();
	test_sample_exec_hash();
	test_sample_exec_hash_bad_algo();
	test_crypto_live_zero();
	test_crypto_map_frees_ctx();
	test_prog_pins_module();
	if (o->fuzz.seconds > 0 || o->fuzz.replay || o->fuzz.case_file)
		test_fuzz(&o->fuzz);
	test_lockdown();
	test_rmmod(false);
}

int main(int argc, char **argv)
{
	struct options o = { .fuzz = { .seconds = 20 } };

	if (getenv("KFX_FUZZ_GUEST_SECONDS"))
		o.fuzz.seconds = atof(getenv("KFX_FUZZ_GUEST_SECONDS"));
	if (getenv("KFX_FUZZ_SEED")) {
		o.fuzz.have_seed = true;
		o.fuzz.seed = strtoull(getenv("KFX_FUZZ_SEED"), NULL, 0);
	}
	if (!parse_args(argc, argv, &o)) {
		usage(argv[0]);
		return 2;
	}
	if (!o.ko) {
		fprintf(stderr, "%s: --module is required\n", argv[0]);
		return 2;
	}
	setenv("KFX_KO", o.ko, 1);
	setvbuf(stdout, NULL, _IOLBF, 0);
	libbpf_set_print(libbpf_print);
	if (o.fuzz_only) {
		run_fuzz_only(&o);
	} else if (!run_before_insmod(&o)) {
		if (only)
			run_only();
		else
			run_all(&o);
	}
	vmlinux_btf_report();
	printf("kfx-summary: passed=%d failed=%d skipped=%d\n", passed, failed, skipped);
	return failed ? 1 : 0;
}
