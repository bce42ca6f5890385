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
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_vectors.h"

#define TC_ACT_OK	0

extern int bpf_dynptr_from_skb(struct __sk_buff *skb, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;
extern int bpf_dynptr_from_xdp(struct xdp_md *xdp, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;

struct ctx_slot {
	struct kfx_crypto_ctx __kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ctx_slot);
} ctxs SEC(".maps");

struct kfx_crypto_params params;
char src[64], dst[64], pkt[64];
int err;

/* 0 if the @n bytes match, else 1 + the index of the first that differs */
static __always_inline int differ(const char *a, const char *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return i + 1;
	return 0;
}

static __always_inline struct ctx_slot *the_slot(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&ctxs, &zero);
}

/*
 * An ecb(aes) ctx with the SP 800-38A AES-128 key, put in the map (alone,
 * a test that the map's destructor frees it).
 */
SEC("syscall")
__success __retval(0) __needs_ksym("bpf_dynptr_from_skb")
int setup_ecb128(void *ctx)
{
	struct kfx_crypto_ctx *c, *old;
	struct ctx_slot *s = the_slot();

	if (!s)
		return 1;
	__builtin_memcpy(params.type, "skcipher", 9);
	__builtin_memcpy(params.algo, "ecb(aes)", 9);
	__builtin_memcpy(params.key, SP800_38A_KEY128, 16);
	params.key_len = 16;
	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);
	if (!c)
		return err;
	old = bpf_kptr_xchg(&s->ctx, c);
	if (old)
		kfx_crypto_ctx_release(old);
	return 0;
}

/* Encrypt the SP 800-38A plaintext with @c; 0 if it gives the vector. */
static __always_inline int kat(struct kfx_crypto_ctx *c)
{
	struct bpf_dynptr s, d;
	int r;

	__builtin_memcpy(src, SP800_38A_PT, 64);
	bpf_dynptr_from_mem(src, 64, 0, &s);
	bpf_dynptr_from_mem(dst, 64, 0, &d);
	r = kfx_crypto_encrypt_noiv(c, &s, &d);
	if (r)
		return 1000 - r;
	r = differ(dst, SP800_38A_ECB128_CT, 64);
	return r ? 100 + r : 0;
}

/* Take the ctx out of the map, use it, put it back: works everywhere. */
SEC("tc")
__success __retval(TC_ACT_OK) __setup("setup_ecb128")
__needs_ksym("bpf_dynptr_from_skb")
int tc_owned_from_map(struct __sk_buff *skb)
{
	struct kfx_crypto_ctx *c;
	struct ctx_slot *s = the_slot();
	int r;

	if (!s)
		return 1;
	c = bpf_kptr_xchg(&s->ctx, NULL);
	if (!c)
		return 2;
	r = kat(c);
	c = bpf_kptr_xchg(&s->ctx, c);
	if (c)
		kfx_crypto_ctx_release(c);
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
 * The test packet (64 bytes) through an skb dynptr: the same ciphertext
 * as its copy through a local one.
 */
SEC("tc")
__success __retval(TC_ACT_OK) __setup("setup_ecb128")
__needs_ksym("bpf_dynptr_from_skb")
int tc_skb_dynptr_src(struct __sk_buff *skb)
{
	struct bpf_dynptr p, s, d;
	struct kfx_crypto_ctx *c;
	struct ctx_slot *sl = the_slot();
	int r;

	if (!sl)
		return 1;
	c = bpf_kptr_xchg(&sl->ctx, NULL);
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
	c = bpf_kptr_xchg(&sl->ctx, c);
	if (c)
		kfx_crypto_ctx_release(c);
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
	struct ctx_slot *sl = the_slot();
	struct bpf_dynptr p, d;
	int r;

	if (!sl)
		return 10;
	c = bpf_kptr_xchg(&sl->ctx, NULL);
	if (!c)
		return 11;
	bpf_dynptr_from_xdp(xdp, 0, &p);
	bpf_dynptr_from_mem(dst, 64, 0, &d);
	r = kfx_crypto_encrypt_noiv(c, &p, &d);
	if (!r)
		r = kfx_crypto_encrypt_noiv(c, &p, &p);
	c = bpf_kptr_xchg(&sl->ctx, c);
	if (c)
		kfx_crypto_ctx_release(c);
	if (r)
		return 12;
	r = bpf_xdp_load_bytes(xdp, 0, pkt, 64);
	if (r || differ(pkt, dst, 64))
		return 13;
	return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
