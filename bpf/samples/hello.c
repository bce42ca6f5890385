// SPDX-License-Identifier: GPL-2.0
/*
 * hello: load hello.bpf.o, run it once, print what kfx_version() said.
 *
 *   hello [--help]
 *
 * Exit status: 0 the program ran, 1 it did not load or run, 2 usage.
 */
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <bpf/libbpf.h>
#include <bpf/bpf.h>
#include "sample_cli.h"
#include "hello.skel.h"

static void usage(FILE *f)
{
	fprintf(f, "usage: hello [--help]\n"
		"Loads a SYSCALL program that calls kfx_version(), runs it once and\n"
		"prints the version it returned.  Needs root (CAP_BPF) and kfx loaded.\n"
		"\n"
		"  -h, --help  this text\n"
		"\n"
		"Exit status: 0 the program ran, 1 it did not load or run, 2 usage.\n");
}

int main(int argc, char **argv)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);
	struct hello *skel;
	int err;

	if (argc > 1) {
		if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
			usage(stdout);
			return 0;
		}
		fprintf(stderr, "hello: unknown %s %s\n",
			argv[1][0] == '-' ? "option" : "argument", argv[1]);
		usage(stderr);
		return 2;
	}
	skel = hello__open_and_load();
	if (!skel) {
		cli_load_failed("hello", "hello.bpf.o", errno);
		return 1;
	}
	err = bpf_prog_test_run_opts(bpf_program__fd(skel->progs.hello), &run);
	if (err) {
		fprintf(stderr, "hello: running the program failed: %s\n", strerror(-err));
		hello__destroy(skel);
		return 1;
	}
	printf("hello: a BPF program called kfx_version() = %u.%u.%u (0x%06x)\n",
	       skel->bss->version >> 16, (skel->bss->version >> 8) & 0xff,
	       skel->bss->version & 0xff, skel->bss->version);
	hello__destroy(skel);
	return 0;
}
