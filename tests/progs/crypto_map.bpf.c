// SPDX-License-Identifier: GPL-2.0
/*
 * The crypto family the way upstream's is used: a SYSCALL program creates
 * the ctx and stores it in a map as a kptr; packet programs (SCHED_CLS,
 * XDP) find it there and encrypt.  "kptr" means a referenced kptr from 6.3
 * on (6.1 spells it kptr_ref: crypto_map_6_1.bpf.c); skb and xdp dynptrs
 * came in 6.4, so every case here needs bpf_dynptr_from_skb.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_map.h"

#define TC_ACT_OK	0

extern int bpf_dynptr_from_skb(struct __sk_buff *skb, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;
extern int bpf_dynptr_from_xdp(struct xdp_md *xdp, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;

/*
 * An ecb(aes) ctx with the SP 800-38A AES-128 key, put in the map (alone,
 * a test that the map's destructor frees it).
 */
SEC("syscall")
__success __retval(0) __needs_ksym("bpf_dynptr_from_skb")
int setup_ecb128(void *ctx)
{
	return store_ecb128();
}

/* Take the ctx out of the map, use it, put it back: works everywhere. */
SEC("tc")
__success __retval(TC_ACT_OK) __setup("setup_ecb128")
__needs_ksym("bpf_dynptr_from_skb")
int tc_owned_from_map(struct __sk_buff *skb)
{
	struct kfx_crypto_ctx *c;
	struct ctx_slot *s;
	int r;

	c = take_ctx(&s);
	if (!c)
		return 2;
	r = kat(c);
	kfx_crypto_ctx_store(&s->ctx, c);
	return r;
}

/*
 * Upstream's way, the kptr loaded under RCU and used (or acquired), is
 * refused for a module's type: the verifier trusts such loads only for the
 * kernel's own list of RCU-protected types (bpf_crypto_ctx is on it,
 * kfx_crypto_ctx cannot be).  Take the ctx out with bpf_kptr_xchg(), or
 * give each CPU its own reference (kfx.h says how).
 */
SEC("tc")
__failure __msg("R1 must be a rcu pointer") __needs_ksym("bpf_dynptr_from_skb")
int tc_acquire_from_map(struct __sk_buff *skb)
{
	struct kfx_crypto_ctx *c;
	struct ctx_slot *s = the_slot();
	int r;

	if (!s)
		return 1;
	c = s->ctx;
	if (!c)
		return 2;
	c = kfx_crypto_ctx_acquire(c);
	if (!c)
		return 3;
	r = kat(c);
	kfx_crypto_ctx_release(c);
	return r;
}

SEC("tc")
__failure __msg("R1 must be a rcu pointer") __needs_ksym("bpf_dynptr_from_skb")
int tc_rcu_from_map(struct __sk_buff *skb)
{
	struct kfx_crypto_ctx *c;
	struct ctx_slot *s = the_slot();

	if (!s)
		return 1;
	c = s->ctx;
	if (!c)
		return 2;
	return kat(c);
}

/*
 * Nor does a tracing program reach a ctx without a reference through
 * kfx's own functions: fentry's arguments are not trusted, so the ctx a
 * release is dropping cannot be acquired (or used) there.  With the
 * map's kptrs (above), that leaves no reader of a ctx that holds no
 * reference: the RCU grace period kfx_crypto_ctx_release() waits for
 * protects none today (the ctx-free-now mutant is equivalent).
 */
SEC("fentry/kfx_crypto_ctx_release")
__failure __msg("R1 must be a rcu pointer") __needs_ksym("bpf_rcu_read_lock")
int BPF_PROG(traced_release_acquires, struct kfx_crypto_ctx *dropped)
{
	struct kfx_crypto_ctx *c;

	if (!dropped)
		return 0;
	c = kfx_crypto_ctx_acquire(dropped);
	if (c)
		kfx_crypto_ctx_release(c);
	return 0;
}

/*
 * The test packet (64 bytes) through an skb dynptr: the same ciphertext
 * as its copy through a local one.
 */
SEC("tc")
__success __retval(TC_ACT_OK) __setup("setup_ecb128")
__needs_ksym("bpf_dynptr_from_skb")
int tc_skb_dynptr_src(struct __sk_buff *skb)
{
	kfx_dynptr_t p, s, d;
	struct kfx_crypto_ctx *c;
	struct ctx_slot *sl;
	int r;

	c = take_ctx(&sl);
	if (!c)
		return 2;
	bpf_dynptr_from_skb(skb, 0, &p);
	r = bpf_skb_load_bytes(skb, 0, pkt, 64);
	bpf_dynptr_from_mem(dst, 64, 0, &d);
	bpf_dynptr_from_mem(src, 64, 0, &s);
	if (!r)
		r = kfx_crypto_encrypt_noiv(c, &p, &d);
	if (!r) {
		__builtin_memcpy(src, dst, 64);
		bpf_dynptr_from_mem(pkt, 64, 0, &p);
		r = kfx_crypto_encrypt_noiv(c, &p, &d);
	}
	kfx_crypto_ctx_store(&sl->ctx, c);
	if (r)
		return 1000 - r;
	r = differ(src, dst, 64);
	return r ? 100 + r : 0;
}

/* The same through an xdp dynptr, in place (dst = the packet). */
SEC("xdp")
__success __retval(2) __setup("setup_ecb128")
__needs_ksym("bpf_dynptr_from_skb")
int xdp_dynptr_in_place(struct xdp_md *xdp)
{
	struct kfx_crypto_ctx *c;
	kfx_dynptr_t p, d;
	struct ctx_slot *sl;
	int r;

	c = take_ctx(&sl);
	if (!c)
		return 11;
	bpf_dynptr_from_xdp(xdp, 0, &p);
	bpf_dynptr_from_mem(dst, 64, 0, &d);
	r = kfx_crypto_encrypt_noiv(c, &p, &d);
	if (!r)
		r = kfx_crypto_encrypt_noiv(c, &p, &p);
	kfx_crypto_ctx_store(&sl->ctx, c);
	if (r)
		return 12;
	r = bpf_xdp_load_bytes(xdp, 0, pkt, 64);
	if (r || differ(pkt, dst, 64))
		return 13;
	return XDP_PASS;
}

/*
 * Data beyond the linear part is out of reach, as upstream has it: a
 * 6000-byte multi-buffer xdp packet (first buffer, then fragments), one
 * dynptr over all of it, encrypted in place: -EINVAL, and the packet is
 * left as it was.
 */
SEC("xdp.frags")
__success __retval(2) __setup("setup_ecb128") __pkt_size(6000)
__needs_ksym("bpf_dynptr_from_skb")
int xdp_beyond_linear_part(struct xdp_md *xdp)
{
	struct kfx_crypto_ctx *c;
	struct ctx_slot *sl;
	kfx_dynptr_t p;
	int r;

	c = take_ctx(&sl);
	if (!c)
		return 11;
	bpf_dynptr_from_xdp(xdp, 0, &p);
	r = kfx_crypto_encrypt_noiv(c, &p, &p);
	kfx_crypto_ctx_store(&sl->ctx, c);
	if (r != -EINVAL)
		return 1000 - r;
	if (bpf_xdp_load_bytes(xdp, 0, pkt, 64))
		return 13;
	for (int i = 14; i < 64; i++)	/* the runner's packet: zeros there */
		if (pkt[i])
			return 14;
	return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
