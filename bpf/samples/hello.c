// SPDX-License-Identifier: GPL-2.0
/* hello: load hello.bpf.o, run it once, print what kfx_version() said. */
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <bpf/libbpf.h>
#include <bpf/bpf.h>
#include "hello.skel.h"

int main(void)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);
	struct hello *skel;
	int err;

	skel = hello__open_and_load();
	if (!skel) {
		fprintf(stderr, "hello: loading hello.bpf.o failed: %s (is kfx loaded?)\n",
			strerror(errno));
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
