// SPDX-License-Identifier: GPL-2.0
/*
 * Driver of compat.bpf.c: with an fentry program counting the calls that
 * reach kfx_strlen, run kfx_compat_strlen() once.  Where vmlinux has
 * bpf_strlen, upstream's kfunc must have run (no call reached kfx);
 * elsewhere kfx's (one call).  Either way the length is right.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "compat.skel.h"
#include "runner.h"

int compat_driver(struct bpf_object *obj, struct bpf_program *prog,
		  char *why, size_t whylen)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);
	struct btf *vmlinux = btf__load_vmlinux_btf();
	bool upstream = vmlinux &&
		btf__find_by_name_kind(vmlinux, "bpf_strlen", BTF_KIND_FUNC) > 0;
	struct compat *skel;
	int err = -1;

	/* its own copy of the object: the fentry program must load too */
	(void)obj;
	(void)prog;
	btf__free(vmlinux);
	skel = compat__open_and_load();
	if (!skel || compat__attach(skel)) {
		snprintf(why, whylen, "loading and attaching: %s", strerror(errno));
		goto out;
	}
	if (bpf_prog_test_run_opts(bpf_program__fd(skel->progs.compat_strlen), &run)) {
		snprintf(why, whylen, "running: %s", strerror(errno));
		goto out;
	}
	printf("# kernel %s bpf_strlen: kfx_compat_strlen() reached kfx_strlen %d time(s), returned %d\n",
	       upstream ? "has" : "lacks", skel->bss->kfx_calls, skel->data->len);
	if (skel->data->len != (int)strlen(skel->data->str))
		snprintf(why, whylen, "length %d, expected %zu", skel->data->len,
			 strlen(skel->data->str));
	else if (skel->bss->kfx_calls != (upstream ? 0 : 1))
		snprintf(why, whylen, "%s ran, expected %s",
			 skel->bss->kfx_calls ? "kfx_strlen" : "bpf_strlen",
			 upstream ? "bpf_strlen" : "kfx_strlen");
	else
		err = 0;
out:
	compat__destroy(skel);
	return err;
}
