// SPDX-License-Identifier: GPL-2.0
/* hello: the smallest kfx user, a SYSCALL program asking kfx its version. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"

__u32 version;

SEC("syscall")
int hello(void *ctx)
{
	version = kfx_version();
	return 0;
}

char _license[] SEC("license") = "GPL";
