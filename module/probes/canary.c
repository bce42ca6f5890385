// SPDX-License-Identifier: GPL-2.0
/*
 * The canary: what every kernel kfx supports has.  If this does not
 * compile, the toolchain or the headers are broken (wrong compiler, a
 * half-installed linux-headers package), and every other probe failing
 * would read as "feature absent": the Makefile stops the build instead.
 */
#include <linux/module.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>

int kfx_probe(void)
{
	return register_btf_kfunc_id_set(BPF_PROG_TYPE_SYSCALL, NULL);
}
