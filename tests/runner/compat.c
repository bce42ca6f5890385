// SPDX-License-Identifier: GPL-2.0
/*
 * Driver of compat.bpf.c: with an fentry program counting the calls that
 * reach kfx_strlen, run kfx_compat_strlen() once.  Where vmlinux has
 * bpf_strlen, upstream's kfunc must have run (no call reached kfx);
 * elsewhere kfx's (one call).  Either way the length is right.
 *
 * Driver of compat_nokfx.bpf.c and test_compat_without_kfx(): its
 * kfx_compat_*() results against the C library's on the same strings,
 * with kfx loaded (the program loop) and, where vmlinux has bpf_strlen,
 * before kfx is loaded: the program must load and run on bpf_X alone.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "compat.skel.h"
#include "compat_nokfx.skel.h"
#include "runner.h"
#include "scenario.h"

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
	if (skel && compat__attach(skel)) {
		err = attach_failed(why, whylen);
		goto out;
	}
	if (!skel) {
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

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static int index_of(const char *s, const char *p)
{
	return p ? (int)(p - s) : -ENOENT;
}

/* Load and run compat_nokfx; 0 when every result is the C library's. */
static int compat_nokfx_check(char *why, size_t whylen)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);
	static const char *const what[] = {
		"strlen", "strnlen", "strchr", "strrchr", "strcmp", "strspn",
		"strcspn", "strstr", "strcasecmp",
	};
	struct compat_nokfx *skel = compat_nokfx__open_and_load();
	const char *hay, *other;
	int want[9], err = -1;
	size_t i;

	if (!skel) {
		snprintf(why, whylen, "loading: %s", strerror(errno));
		return -1;
	}
	if (bpf_prog_test_run_opts(bpf_program__fd(skel->progs.compat_nokfx), &run)) {
		snprintf(why, whylen, "running: %s", strerror(errno));
		goto out;
	}
	hay = skel->data->hay;
	other = skel->data->other;
	want[0] = strlen(hay);
	want[1] = strnlen(hay, 6);
	want[2] = index_of(hay, strchr(hay, 'L'));
	want[3] = index_of(hay, strrchr(hay, 'a'));
	want[4] = sign(strcmp(hay, other));
	want[5] = strspn(hay, skel->data->accept);
	want[6] = strcspn(hay, skel->data->reject);
	want[7] = index_of(hay, strstr(hay, skel->data->needle));
	want[8] = sign(strcasecmp(hay, other));
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		if (skel->data->res[i] != want[i]) {
			snprintf(why, whylen, "kfx_compat_%s() returned %d, the C library %d",
				 what[i], skel->data->res[i], want[i]);
			goto out;
		}
	}
	err = 0;
out:
	compat_nokfx__destroy(skel);
	return err;
}

int compat_nokfx_driver(struct bpf_object *obj, struct bpf_program *prog,
			char *why, size_t whylen)
{
	(void)obj;
	(void)prog;
	return compat_nokfx_check(why, whylen);
}

/*
 * kfx is not loaded: on kernels with upstream's string kfuncs a program
 * written with kfx_compat_*() loads and runs on them alone.
 */
void test_compat_without_kfx(void)
{
	const char *name = "compat/kfx-compat-runs-bpf-kfuncs-without-kfx";
	char why[256];

	if (!vmlinux_has_func("bpf_strlen")) {
		SKIP(name, "kernel lacks bpf_strlen: kfx_compat_*() needs kfx here");
		return;
	}
	if (compat_nokfx_check(why, sizeof(why)))
		FAIL(name, "%s", why);
	else
		PASS(name);
}
