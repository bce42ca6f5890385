// SPDX-License-Identifier: GPL-2.0
/*
 * Driver "tracing_result", for the fentry programs of crypto_hash.bpf.c,
 * crypto_sig.bpf.c and their 6.1 twins, which call kfx crypto kfuncs from
 * a TRACING program (sleepable or not) and must be seen to work there, not
 * only to load: attach the program (to bpf_fentry_test1), trigger it with
 * BPF_PROG_TEST_RUN (which calls bpf_fentry_test1() in this task), and read
 * what it found from its object's ".data.result" section, a struct
 * { int ran; int result; }: result 0 when every answer was the expected
 * one (the program's comment says what other values mean).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "runner.h"

/*
 * A failed attach (errno set): a skip where the kernel cannot (arm64;
 * every x86-64 kernel kfx serves has BPF trampolines), else -1.
 */
int attach_failed(char *why, size_t whylen)
{
	if (errno == KFX_ENOTSUPP && !strcmp(KFX_RUNNER_ARCH, "arm64")) {
		snprintf(why, whylen, "this kernel cannot attach fentry here (ENOTSUPP: no BPF trampoline)");
		return 1;
	}
	snprintf(why, whylen, "attach: %s", strerror(errno));
	return -1;
}

int tracing_result_driver(struct bpf_object *obj, struct bpf_program *prog,
			  char *why, size_t whylen)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);
	struct bpf_map *m = bpf_object__find_map_by_name(obj, ".data.result");
	struct { int ran, result; } res;
	struct bpf_link *link;
	int key = 0, err;

	if (!m || bpf_map__value_size(m) != sizeof(res)) {
		snprintf(why, whylen, "no 8-byte .data.result section in the object");
		return -1;
	}
	link = bpf_program__attach(prog);
	if (!link)
		return attach_failed(why, whylen);
	err = bpf_prog_test_run_opts(bpf_program__fd(prog), &run);
	bpf_link__destroy(link);
	if (err) {
		snprintf(why, whylen, "BPF_PROG_TEST_RUN: %s", strerror(-err));
		return -1;
	}
	if (bpf_map_lookup_elem(bpf_map__fd(m), &key, &res)) {
		snprintf(why, whylen, "cannot read .data.result: %s", strerror(errno));
		return -1;
	}
	if (!res.ran) {
		snprintf(why, whylen, "the program did not run on bpf_fentry_test1()");
		return -1;
	}
	if (res.result) {
		snprintf(why, whylen, "the program found %d (0 expected)", res.result);
		return -1;
	}
	return 0;
}

/*
 * Driver "tracing_nested", for crypto_nested.bpf.c: attach @prog (an
 * fentry program on a function kfx calls while it holds its per-CPU
 * scratch), run the object's setup program again, whose kfx call is the
 * one the program interrupts (it must still return 0), and read what the
 * program found as "tracing_result" does.
 */
int tracing_nested_driver(struct bpf_object *obj, struct bpf_program *prog,
			  char *why, size_t whylen)
{
	struct bpf_map *m = bpf_object__find_map_by_name(obj, ".data.result");
	struct bpf_program *outer = bpf_object__find_program_by_name(obj, "setup_nested");
	LIBBPF_OPTS(bpf_test_run_opts, run);
	struct { int ran, result; } res;
	struct bpf_link *link;
	int key = 0, err;

	if (!m || !outer || bpf_map__value_size(m) != sizeof(res)) {
		snprintf(why, whylen, "no setup_nested program or 8-byte .data.result");
		return -1;
	}
	link = bpf_program__attach(prog);
	if (!link)
		return attach_failed(why, whylen);
	err = bpf_prog_test_run_opts(bpf_program__fd(outer), &run);
	bpf_link__destroy(link);
	if (err || run.retval) {
		snprintf(why, whylen, "the outer call: %s, returned %u",
			 strerror(err ? -err : 0), run.retval);
		return -1;
	}
	if (bpf_map_lookup_elem(bpf_map__fd(m), &key, &res)) {
		snprintf(why, whylen, "cannot read .data.result: %s", strerror(errno));
		return -1;
	}
	if (!res.ran || res.result) {
		snprintf(why, whylen, "the nested program %s, found %d (0 expected)",
			 res.ran ? "ran" : "did not run", res.result);
		return -1;
	}
	return 0;
}
