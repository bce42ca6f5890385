// SPDX-License-Identifier: GPL-2.0
/*
 * Driver of string_tracing.bpf.c: attach the fentry program, trigger it
 * through BPF_PROG_TEST_RUN (which calls bpf_fentry_test1() in this task)
 * and check what kfx said about this task's comm.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "runner.h"

int tracing_comm_driver(struct bpf_object *obj, struct bpf_program *prog,
			char *why, size_t whylen)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);
	struct bpf_map *bss = bpf_object__find_map_by_name(obj, ".bss");
	struct { int len, cmp, chr, ran; char want[16]; } g;
	char comm[16] = "";
	struct bpf_link *link;
	int key = 0, err;

	prctl(PR_GET_NAME, comm);
	if (!bss || bpf_map_lookup_elem(bpf_map__fd(bss), &key, &g)) {
		snprintf(why, whylen, "cannot read .bss");
		return -1;
	}
	memcpy(g.want, comm, sizeof(g.want));
	bpf_map_update_elem(bpf_map__fd(bss), &key, &g, 0);
	link = bpf_program__attach(prog);
	if (!link)
		return attach_failed(why, whylen);
	err = bpf_prog_test_run_opts(bpf_program__fd(prog), &run);
	bpf_link__destroy(link);
	if (err || bpf_map_lookup_elem(bpf_map__fd(bss), &key, &g)) {
		snprintf(why, whylen, "run: %s", strerror(-err));
		return -1;
	}
	if (!g.ran || g.len != (int)strlen(comm) || g.cmp != 0 ||
	    g.chr != (strchr(comm, '_') ? (int)(strchr(comm, '_') - comm) : -ENOENT)) {
		snprintf(why, whylen, "comm \"%s\": strlen %d, strcmp %d, strchr %d",
			 comm, g.len, g.cmp, g.chr);
		return -1;
	}
	printf("# task->comm \"%s\": kfx_strlen %d, kfx_strcmp 0, kfx_strchr('_') %d\n",
	       comm, g.len, g.chr);
	return 0;
}
