// SPDX-License-Identifier: GPL-2.0
/*
 * The kfunc fuzzer, crypto family, 6.12+ (the body: fuzz_crypto.h; the
 * driver: tests/runner/fuzz.c).  The SYSCALL program runs every step; the
 * tc and xdp ones run CRYPT steps with the packet as one of the areas.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#define FZ_FULL
#include "fuzz_crypto.h"

SEC("syscall")
__success __needs_ksym("bpf_dynptr_adjust")
int fuzz_crypto(void *ctx)
{
	return do_step();
}

SEC("tc")
__success __needs_ksym("bpf_dynptr_adjust")
int fuzz_crypto_tc(struct __sk_buff *skb)
{
	DYNPTR pkt;

	cres.version = kfx_version();
	cres.pkt_lin = skb->data_end - skb->data;
	if (bpf_dynptr_from_skb(skb, 0, &pkt))
		return 1;
	return do_crypt(&pkt);
}

SEC("xdp")
__success __needs_ksym("bpf_dynptr_adjust")
int fuzz_crypto_xdp(struct xdp_md *xdp)
{
	DYNPTR pkt;

	cres.version = kfx_version();
	cres.pkt_lin = xdp->data_end - xdp->data;
	if (bpf_dynptr_from_xdp(xdp, 0, &pkt))
		return 1;
	do_crypt(&pkt);
	return XDP_PASS;
}

/* Multi-buffer packets: past the first buffer, data is out of reach. */
SEC("xdp.frags")
__success __needs_ksym("bpf_dynptr_adjust")
int fuzz_crypto_xdp_frags(struct xdp_md *xdp)
{
	DYNPTR pkt;

	cres.version = kfx_version();
	cres.pkt_lin = xdp->data_end - xdp->data;
	if (bpf_dynptr_from_xdp(xdp, 0, &pkt))
		return 1;
	do_crypt(&pkt);
	return XDP_PASS;
}

/* Where the verifier takes NULL for memory of size 0: create(NULL, 0). */
SEC("syscall")
__success __without_ksym("bpf_strlen")
int fuzz_crypto_nullp(void *ctx)
{
	struct kfx_crypto_ctx *c;

	cres.version = kfx_version();
	err = 0;
	c = kfx_crypto_ctx_create(NULL, 0, &err);
	cres.ran = 1;
	if (c) {
		kfx_crypto_ctx_release(c);
		cres.r = 0;
		return 0;
	}
	cres.r = err;
	return 0;
}

char _license[] SEC("license") = "GPL";
