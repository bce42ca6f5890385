// SPDX-License-Identifier: GPL-2.0
/*
 * crypto_sig.bpf.c's map users for 6.1, where a referenced kptr is
 * tagged kptr_ref ("kptr" became the referenced tag in 6.3).  Debian's
 * 6.1 has no ECDSA of its own; kfx verifies with its own over the
 * kernel's ecc.ko, and kfx_sig_verify() does not sleep: tc, xdp, fentry
 * and LSM programs verify with a P-256 ctx a SYSCALL program put in a map
 * (taken out with bpf_kptr_xchg(): 6.1's ctx kfuncs take referenced
 * pointers only, KF_TRUSTED_ARGS).  SCHED_ACT has no kfunc hook on 6.1.
 * Every case is for kernels without bpf_rcu_read_lock (6.2+): 6.1.
 */
#define KFX_KPTR_REF	/* kfx.h: __kfx_ctx_kptr is kptr_ref */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_sig.h"

#define TC_ACT_OK	0

SEC("syscall")
__success __retval(0) __without_ksym("bpf_rcu_read_lock")
int setup_p256(void *ctx)
{
	return store_p256();
}

/* verify_with_map_ctx()'s codes (crypto_sig.h), 0 when right. */
SEC("tc")
__success __retval(TC_ACT_OK) __setup("setup_p256")
__without_ksym("bpf_rcu_read_lock")
int tc_sig_verify_6_1(struct __sk_buff *skb)
{
	return verify_with_map_ctx();
}

SEC("xdp")
__success __retval(2) __setup("setup_p256")
__without_ksym("bpf_rcu_read_lock")
int xdp_sig_verify_6_1(struct xdp_md *xdp)
{
	return verify_with_map_ctx() ?: XDP_PASS;
}

/* result.result: verify_with_map_ctx()'s code, 0 expected. */
SEC("fentry/bpf_fentry_test1")
__success __setup("setup_p256") __driver("tracing_result")
__without_ksym("bpf_rcu_read_lock")
int BPF_PROG(fentry_sig_verify_6_1, int a)
{
	result.result = verify_with_map_ctx();
	result.ran = 1;
	return 0;
}

SEC("lsm/file_open")
__success __without_ksym("bpf_rcu_read_lock")
int BPF_PROG(lsm_sig_verify_6_1, struct file *file)
{
	verify_with_map_ctx();
	return 0;
}

/*
 * A tracing program's argument is no referenced pointer: refused where
 * the ctx kfuncs are KF_TRUSTED_ARGS (the ctx being released here may be
 * freed next).
 */
SEC("fentry/kfx_crypto_ctx_release")
__failure __msg("R1 must be referenced") __without_ksym("bpf_rcu_read_lock")
int BPF_PROG(fentry_sig_verify_with_an_argument_ctx_6_1,
	     struct kfx_crypto_ctx *c)
{
	kfx_dynptr_t m, g;

	if (!c)
		return 0;
	bpf_dynptr_from_mem(msg, 32, 0, &m);
	bpf_dynptr_from_mem(sig, 64, 0, &g);
	result.result = kfx_sig_verify(c, &m, &g);
	return 0;
}

char _license[] SEC("license") = "GPL";
