// SPDX-License-Identifier: GPL-2.0
/*
 * The core family: kfx_version() is callable from every program type kfx
 * serves, and refused where it is not registered.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"

#define TC_ACT_OK	0
#define TC_ACT_SHOT	2

SEC("syscall")
__success __retval(KFX_VERSION)
int syscall_version(void *ctx)
{
	return kfx_version();
}

SEC("tc")
__success __retval(TC_ACT_OK)
int tc_version(struct __sk_buff *skb)
{
	return kfx_version() == KFX_VERSION ? TC_ACT_OK : TC_ACT_SHOT;
}

SEC("xdp")
__success __retval(2) /* XDP_PASS */
int xdp_version(struct xdp_md *xdp)
{
	return kfx_version() == KFX_VERSION ? XDP_PASS : XDP_DROP;
}

__u32 seen_version;

/*
 * TRACING and LSM programs are not test-run here: the verifier's verdict is
 * the test.  fentry programs must return 0 (6.12+ checks it).
 */
SEC("fentry/bpf_fentry_test1")
__success
int BPF_PROG(fentry_version, int a)
{
	seen_version = kfx_version();
	return 0;
}

SEC("lsm/file_open")
__success
int BPF_PROG(lsm_version, struct file *file)
{
	return kfx_version() == KFX_VERSION ? 0 : -1;
}

/* The SCHED_ACT kfunc hook came in 6.4 with bpf_dynptr_from_skb. */
SEC("action")
__success __retval(TC_ACT_OK) __needs_ksym("bpf_dynptr_from_skb")
int act_version(struct __sk_buff *skb)
{
	return kfx_version() == KFX_VERSION ? TC_ACT_OK : TC_ACT_SHOT;
}

SEC("action")
__failure __msg("calling kernel function kfx_version is not allowed")
__without_ksym("bpf_dynptr_from_skb")
int act_version_before_6_4(struct __sk_buff *skb)
{
	return kfx_version() == KFX_VERSION ? TC_ACT_OK : TC_ACT_SHOT;
}

/* kfx serves no socket filters: the verifier must say so. */
SEC("socket")
__failure __msg("calling kernel function kfx_version is not allowed")
int socket_version(struct __sk_buff *skb)
{
	return kfx_version();
}

char _license[] SEC("license") = "GPL";
