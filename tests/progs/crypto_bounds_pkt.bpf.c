// SPDX-License-Identifier: GPL-2.0
/*
 * The crypto kfuncs' boundary tables on packets (crypto_bounds_pkt.h):
 * the cases of tests/runner/crypto_bounds.c on an skb (linear, and on
 * kernels whose BPF_PROG_TEST_RUN builds one, with paged data) and an xdp
 * buffer (one buffer, and with fragments), with the ctx bounds_setup put
 * in a map.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_bounds.h"

struct bounds_bss bss;

#include "crypto_bounds_pkt.h"

SEC("syscall")
__success __needs_ksym("bpf_dynptr_adjust")
int bounds_setup(void *ctx)
{
	return pkt_setup();
}

SEC("tc")
__success __setup("bounds_setup") __driver("crypto_bounds")
__needs_ksym("bpf_dynptr_adjust")
int bounds_skb(struct __sk_buff *skb)
{
	return skb_batch(skb);
}

SEC("tc")
__success __setup("bounds_setup") __driver("crypto_bounds")
__needs_ksym("bpf_dynptr_adjust")
int bounds_skb_paged(struct __sk_buff *skb)
{
	return skb_batch(skb);
}

SEC("xdp")
__success __setup("bounds_setup") __driver("crypto_bounds")
__needs_ksym("bpf_dynptr_adjust")
int bounds_xdp(struct xdp_md *xdp)
{
	return xdp_batch(xdp);
}

SEC("xdp.frags")
__success __setup("bounds_setup") __driver("crypto_bounds")
__needs_ksym("bpf_dynptr_adjust")
int bounds_xdp_frags(struct xdp_md *xdp)
{
	return xdp_batch(xdp);
}

char _license[] SEC("license") = "GPL";
