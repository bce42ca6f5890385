// SPDX-License-Identifier: GPL-2.0
/*
 * crypto_sig.bpf.c's program-type cases for 6.1, where a referenced kptr
 * is tagged kptr_ref ("kptr" became the referenced tag in 6.3).  Debian's
 * 6.1 has no ECDSA, so no "sig" ctx can be made and nothing here runs: the
 * verifier's verdict is the test.  kfx_sig_verify() is KF_SLEEPABLE on
 * 6.1: refused in packet and non-sleepable tracing programs (6.1's wording
 * of it), accepted in sleepable tracing and LSM programs.  Every case is
 * for kernels without bpf_rcu_read_lock (6.2+): 6.1.
 */
#define KFX_KPTR_REF	/* kfx.h: __kfx_ctx_kptr is kptr_ref */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_sig.h"

SEC("tc")
__failure __msg("kernel function kfx_sig_verify is sleepable but the program is not")
__without_ksym("bpf_rcu_read_lock")
int tc_sig_verify_6_1(struct __sk_buff *skb)
{
	return verify_with_map_ctx();
}

SEC("xdp")
__failure __msg("kernel function kfx_sig_verify is sleepable but the program is not")
__without_ksym("bpf_rcu_read_lock")
int xdp_sig_verify_6_1(struct xdp_md *xdp)
{
	return verify_with_map_ctx() ?: XDP_PASS;
}

SEC("fentry/bpf_fentry_test1")
__failure __msg("kernel function kfx_sig_verify is sleepable but the program is not")
__without_ksym("bpf_rcu_read_lock")
int BPF_PROG(fentry_sig_verify_6_1, int a)
{
	result.result = verify_with_map_ctx();
	return 0;
}

SEC("fentry.s/bpf_fentry_test1")
__success __without_ksym("bpf_rcu_read_lock")
int BPF_PROG(fentry_sleepable_sig_verify_6_1, int a)
{
	result.result = verify_with_map_ctx();
	result.ran = 1;
	return 0;
}

SEC("lsm.s/file_open")
__success __without_ksym("bpf_rcu_read_lock")
int BPF_PROG(lsm_sleepable_sig_verify_6_1, struct file *file)
{
	verify_with_map_ctx();
	return 0;
}

char _license[] SEC("license") = "GPL";
