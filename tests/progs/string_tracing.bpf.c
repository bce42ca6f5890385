// SPDX-License-Identifier: GPL-2.0
/*
 * String family, unbounded, on kernel pointers: a tracing program passes
 * a BTF-typed kernel object's string (the current task's comm) straight to
 * kfx kfuncs.  6.2+ only (__ign); on 6.1 a program copies the string into
 * BPF memory first (bpf_probe_read_kernel_str) and passes that.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "kfx_check.h"

/* All in .bss, in this order: the driver reads and writes it whole. */
struct {
	int len, cmp, chr, ran;
	char want[16];
} out;

SEC("fentry/bpf_fentry_test1")
__success __needs_ksym("bpf_rcu_read_lock") __driver("tracing_comm")
int BPF_PROG(task_comm, int a)
{
	struct task_struct *t = bpf_get_current_task_btf();

	out.len = kfx_strlen(t->comm);
	out.cmp = kfx_strcmp(t->comm, out.want);
	out.chr = kfx_strchr(t->comm, '_');
	out.ran = 1;
	return 0;
}

/* 6.1: a BTF-typed kernel pointer is not BPF memory, and is refused. */
SEC("fentry/bpf_fentry_test1")
__failure __msg("kfx_strlen args#0 pointer type INT char is not supported")
__without_ksym("bpf_rcu_read_lock")
int BPF_PROG(task_comm_on_6_1, int a)
{
	struct task_struct *t = bpf_get_current_task_btf();

	return kfx_strlen(t->comm);
}

char _license[] SEC("license") = "GPL";
