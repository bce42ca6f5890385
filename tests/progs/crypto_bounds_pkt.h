/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The boundary tables' packet kinds (6.4+ dynptrs; their slices need
 * bpf_dynptr_adjust, 6.5+), shared by crypto_bounds_pkt.bpf.c (ciphers),
 * crypto_bounds_hash.bpf.c and crypto_bounds_sig.bpf.c, which differ only
 * in BOUNDS_CALL: an skb (linear, and where BPF_PROG_TEST_RUN builds one,
 * with paged data) and an xdp buffer (one buffer, and with fragments).
 * The ctx comes from a map, put there by the includer's bounds_setup
 * (BOUNDS_SETUP_BODY); the window copies never touch paged data (writing
 * there would linearise the skb).  The includer defines
 * `struct bounds_bss bss`.
 */
#ifndef _CRYPTO_BOUNDS_PKT_H
#define _CRYPTO_BOUNDS_PKT_H

#include "crypto_bounds.h"

#define TC_ACT_OK	0

extern int bpf_dynptr_from_skb(struct __sk_buff *skb, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;
extern int bpf_dynptr_from_xdp(struct xdp_md *xdp, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;

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
static __always_inline int pkt_setup(void)
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

/*
 * The read-only kind: a tp_btf program on kfree_skb sees the skb the
 * driver's test run of a trivial tc program frees, and makes a dynptr of
 * it, read-only in a tracing program (6.13+).  It runs the batch once,
 * on that packet only: bss.armed holds its length until then.
 */
static __always_inline int rdonly_batch(struct sk_buff *skb)
{
	kfx_dynptr_t p;

	if (!bss.armed || skb->len != bss.armed)
		return 0;
	bss.armed = 0;
	bss.linear = skb->len - skb->data_len;
	if (bpf_dynptr_from_skb((struct __sk_buff *)skb, 0, &p))
		return 0;
	return pkt_batch(&p);
}

#endif /* _CRYPTO_BOUNDS_PKT_H */
