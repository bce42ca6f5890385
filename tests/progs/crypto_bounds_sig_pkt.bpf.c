// SPDX-License-Identifier: GPL-2.0
/*
 * kfx_sig_verify()'s boundary tables on packets (crypto_bounds_pkt.h).
 * The message and signature lie in the linear part: the contract does
 * not say whether paged data is reachable for them.
 * crypto_bounds_sig.bpf.c says how a case is made.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"

#define BOUNDS_CALL(ctx, op, s, d, v)	kfx_sig_verify(ctx, s, v)
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
int bounds_sig_skb(struct __sk_buff *skb)
{
	return skb_batch(skb);
}

SEC("tc")
__success __setup("bounds_setup") __driver("crypto_bounds")
__needs_ksym("bpf_dynptr_adjust")
int bounds_sig_skb_paged(struct __sk_buff *skb)
{
	return skb_batch(skb);
}

SEC("xdp")
__success __setup("bounds_setup") __driver("crypto_bounds")
__needs_ksym("bpf_dynptr_adjust")
int bounds_sig_xdp(struct xdp_md *xdp)
{
	return xdp_batch(xdp);
}

SEC("xdp.frags")
__success __setup("bounds_setup") __driver("crypto_bounds")
__needs_ksym("bpf_dynptr_adjust")
int bounds_sig_xdp_frags(struct xdp_md *xdp)
{
	return xdp_batch(xdp);
}

/*
 * Read-only memory: the skb a tc test run frees, seen from tp_btf (6.13+
 * gives tracing programs skb dynptrs, read-only; bpf_get_kmem_cache came
 * in the same release).  The driver triggers it once per case.
 */
SEC("tp_btf/kfree_skb")
__success __setup("bounds_setup") __driver("crypto_bounds")
__needs_ksym("bpf_get_kmem_cache")
int BPF_PROG(bounds_sig_skb_rdonly, struct sk_buff *skb, void *location)
{
	return rdonly_batch(skb);
}

char _license[] SEC("license") = "GPL";
