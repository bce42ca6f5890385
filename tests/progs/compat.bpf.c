// SPDX-License-Identifier: GPL-2.0
/*
 * The compat layer of bpf/kfx.h: kfx_compat_strlen() must run upstream's
 * bpf_strlen() where the kernel has it (7.x in the matrix) and kfx_strlen()
 * elsewhere (6.1, 6.12).  The driver (tests/runner/compat.c) counts the
 * calls that reach kfx_strlen with an fentry program and checks both the
 * count and the result.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"

char str[16] = "compat layer";
int len = -1, kfx_calls;

/* Attached by the driver; as a test of its own, it only has to load. */
SEC("fentry/kfx_strlen")
__success
int BPF_PROG(count_kfx_strlen)
{
	__sync_fetch_and_add(&kfx_calls, 1);
	return 0;
}

SEC("syscall")
__success __driver("compat")
int compat_strlen(void *ctx)
{
	len = kfx_compat_strlen(str);
	return 0;
}

char _license[] SEC("license") = "GPL";
