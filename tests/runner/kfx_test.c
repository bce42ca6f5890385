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

int main(int argc, char **argv)
{
	const char *ko = NULL, *nobtf = NULL, *badbtf = NULL;
	struct fuzz_opts fuzz = { .seconds = 20 };
	bool fuzz_only = false;
	size_t i;
	int err;

	if (getenv("KFX_FUZZ_GUEST_SECONDS"))
		fuzz.seconds = atof(getenv("KFX_FUZZ_GUEST_SECONDS"));
	if (getenv("KFX_FUZZ_SEED")) {
		fuzz.have_seed = true;
		fuzz.seed = strtoull(getenv("KFX_FUZZ_SEED"), NULL, 0);
	}
	for (i = 1; i < (size_t)argc; i++) {
		if (!strcmp(argv[i], "--module") && i + 1 < (size_t)argc)
			ko = argv[++i];
		else if (!strcmp(argv[i], "--nobtf") && i + 1 < (size_t)argc)
			nobtf = argv[++i];
		else if (!strcmp(argv[i], "--badbtf") && i + 1 < (size_t)argc)
			badbtf = argv[++i];
		else if (!strcmp(argv[i], "--only") && i + 1 < (size_t)argc)
			only = argv[++i];
		else if (!strcmp(argv[i], "--tables-once"))
			tables_once = true;
		else if (!strcmp(argv[i], "--fuzz-seconds") && i + 1 < (size_t)argc)
			fuzz.seconds = atof(argv[++i]);
		else if (!strcmp(argv[i], "--fuzz-seed") && i + 1 < (size_t)argc) {
			fuzz.have_seed = true;
			fuzz.seed = strtoull(argv[++i], NULL, 0);
		} else if (!strcmp(argv[i], "--fuzz-family") && i + 1 < (size_t)argc)
			fuzz.family = argv[++i];
		else if (!strcmp(argv[i], "--fuzz-replay") && i + 1 < (size_t)argc)
			fuzz.replay = argv[++i];
		else if (!strcmp(argv[i], "--fuzz-case") && i + 1 < (size_t)argc)
			fuzz.case_file = argv[++i];
		else if (!strcmp(argv[i], "--fuzz-skip") && i + 1 < (size_t)argc)
			fuzz.skip = argv[++i];
		else if (!strcmp(argv[i], "--fuzz-only"))
			fuzz_only = true;
		else if (!strcmp(argv[i], "--fuzz-no-regressions"))
			fuzz.no_regressions = true;
		else {
			fprintf(stderr, "usage: %s --module kfx.ko [--nobtf kfx-nobtf.ko] [--badbtf kfx-badbtf.ko] [--only NAME] [--tables-once]\n"
				"\t[--fuzz-seconds N] [--fuzz-seed S] [--fuzz-family str|crypto]\n"
				"\t[--fuzz-replay SEED:INDEX[-LAST] | --fuzz-case FILE] [--fuzz-only]\n"
				"\t[--fuzz-no-regressions] [--fuzz-skip d1,d2,d3,d4]\n",
				argv[0]);
			return 2;
		}
	}
	if (!ko) {
		fprintf(stderr, "%s: --module is required\n", argv[0]);
		return 2;
	}
	setenv("KFX_KO", ko, 1);
	setvbuf(stdout, NULL, _IOLBF, 0);
	libbpf_set_print(libbpf_print);

	if (fuzz_only) {
		/* as in the full run: after the accelerated modules came */
		mark_expected_errors_done();
		kfx_accel_load(NULL);
		err = mod_load(ko);
		if (err) {
			FAIL("module/insmod", "%s", strerror(-err));
			goto out;
		}
		test_fuzz(&fuzz);
		err = mod_unload_settled();
		if (err)
			FAIL("module/rmmod", "%s", strerror(-err));
		goto out;
	}
	crypto_generic_first();
	test_refuses_without_btf(nobtf);
	test_refuses_mismatched_btf(badbtf);
	mark_expected_errors_done();
	test_crypto_modules_load();
	test_kfxctl_without_module();
	test_load_unload(ko, 20);
	test_compat_without_kfx();
	err = mod_load(ko);
	if (err) {
		FAIL("module/insmod", "%s", strerror(-err));
		goto out;
	}
	PASS("module/insmod");
	if (only) {	/* one case, by hand: KFX_PAYLOAD (run-guest.sh) */
		test_objects(NULL, "");
		crypto_bounds_report();
		/* scenarios, when named too (tests/mutants/mutants.list) */
		if (strstr(only, "@live"))
			test_crypto_live_zero();
		if (strstr(only, "@map"))
			test_crypto_map_frees_ctx();
		if (strstr(only, "@lockdown"))
			test_lockdown();
		if (strstr(only, "@rmmod")) {
			err = mod_unload_settled();
			if (err)
				FAIL("module/rmmod", "%s", strerror(-err));
			else
				PASS("module/rmmod");
		}
		goto out;
	}
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
	if (fuzz.seconds > 0 || fuzz.replay || fuzz.case_file)
		test_fuzz(&fuzz);
	test_lockdown();
	err = mod_unload_settled();
	if (err)
		FAIL("module/rmmod", "%s", strerror(-err));
	else
		PASS("module/rmmod");
out:
	vmlinux_btf_report();
	printf("kfx-summary: passed=%d failed=%d skipped=%d\n", passed, failed, skipped);
	return failed ? 1 : 0;
}
