// SPDX-License-Identifier: GPL-2.0
/*
 * The crypto kfuncs' boundary tables on packets (6.4+ dynptrs; their
 * slices need bpf_dynptr_adjust, 6.5+): the cases of
 * tests/runner/crypto_bounds.c on an skb (linear, and on kernels whose
 * BPF_PROG_TEST_RUN builds one, with paged data) and an xdp buffer (one
 * buffer, and with fragments).  The ctx comes from a map, put there by
 * bounds_setup; the window copies never touch paged data (writing there
 * would linearise the skb).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_bounds.h"

#define TC_ACT_OK	0

extern int bpf_dynptr_from_skb(struct __sk_buff *skb, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;
extern int bpf_dynptr_from_xdp(struct xdp_md *xdp, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;

struct bounds_bss bss;

struct ctx_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ctx_slot);
} ctxs SEC(".maps");

/* The driver's ctx for the next batches, from bss.params (errno: bss.err). */
SEC("syscall")
__success __needs_ksym("bpf_dynptr_adjust")
int bounds_setup(void *ctx)
{
	__u32 zero = 0;
	struct ctx_slot *s = bpf_map_lookup_elem(&ctxs, &zero);
	struct kfx_crypto_ctx *c;

	if (!s)
		return 1;
	c = kfx_crypto_ctx_create(&bss.params, sizeof(bss.params), &bss.err);
	if (c)
		kfx_crypto_ctx_store(&s->ctx, c);
	return 0;
}

static __noinline int pkt_case(struct kfx_crypto_ctx *ctx, kfx_dynptr_t *p,
			       __u32 i)
{
	bounds_adjusted_case(&bss, ctx, p, i);
	return 0;
}

/* The batch on the packet dynptr @p with the map's ctx. */
static __always_inline int pkt_batch(kfx_dynptr_t *p)
{
	__u32 zero = 0;
	struct ctx_slot *s = bpf_map_lookup_elem(&ctxs, &zero);
	struct kfx_crypto_ctx *c;

	if (!s)
		return 1;
	c = bpf_kptr_xchg(&s->ctx, NULL);
	if (!c)
		return 1;
	for (__u32 i = 0; i < BOUNDS_BATCH; i++) {
		if (i >= bss.n)
			break;
		pkt_case(c, p, i);
	}
	kfx_crypto_ctx_store(&s->ctx, c);
	return 0;
}

static __always_inline int skb_batch(struct __sk_buff *skb)
{
	kfx_dynptr_t p;

	bss.linear = skb->data_end - skb->data;
	bpf_dynptr_from_skb(skb, 0, &p);
	return pkt_batch(&p) ? 2 : TC_ACT_OK;
}

static __always_inline int xdp_batch(struct xdp_md *xdp)
{
	kfx_dynptr_t p;

	bss.linear = xdp->data_end - xdp->data;
	bpf_dynptr_from_xdp(xdp, 0, &p);
	return pkt_batch(&p) ? XDP_DROP : XDP_PASS;
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
