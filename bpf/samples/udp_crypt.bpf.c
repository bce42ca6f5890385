// SPDX-License-Identifier: GPL-2.0
/*
 * udp_crypt: seal UDP payloads with AES-GCM on one end of a link and open
 * them on the other, with kfx's AEAD kfuncs.  The payload goes through a
 * per-CPU buffer (6.1's kfuncs take local dynptrs only; 6.4+ could
 * encrypt an skb dynptr in place).  Built twice: udp_crypt_6_1.bpf.c is
 * this file with 6.1's kptr tag.
 *
 * On the wire a payload P to port `port` becomes  GCM(P) || tag || nonce:
 * 28 bytes more, a random 96-bit nonce per packet.  The receiving program
 * drops (and counts) a packet that fails authentication.  The key is
 * installed by the SYSCALL program install_key, which keeps one reference
 * to the ctx per CPU in `keys` (a program takes its CPU's out with
 * bpf_kptr_xchg() and puts it back).
 */
#include "vmlinux.h"
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "udp_crypt.h"

#define TC_ACT_OK	0
#define TC_ACT_SHOT	2
#define ETH_P_IP	0x0800
#define IPPROTO_UDP	17
#define ETH_HLEN	14
#define EBADMSG		74
#define ENOKEY		126

/*
 * Clamp a length the code has already checked to [lo, lo + 511], in a way
 * the compiler cannot drop as redundant, so that the verifier sees the
 * bounds too (the checks alone get merged into range tricks on copies).
 */
#define bound(v, lo)							\
	do {								\
		(v) -= (lo);						\
		asm volatile("%[x] &= 511" : [x] "+r"(v));		\
		(v) += (lo);						\
	} while (0)

struct key_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, UC_MAX_CPUS);
	__type(key, __u32);
	__type(value, struct key_slot);
} keys SEC(".maps");

/* Per CPU: dynptrs over memory must point at maps, not the stack. */
struct scratch {
	char in[UC_MAX_PAYLOAD + UC_OVERHEAD];
	char out[UC_MAX_PAYLOAD + UC_OVERHEAD];
	__u32 nonce[3];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} bufs SEC(".maps");

struct kfx_crypto_params params;	/* gcm(aes), set by the loader */
const volatile __u32 nr_cpus = 1;
const volatile __u16 port = 4242;
struct uc_stats stats;
__u32 tamper_next;
int err;

SEC("syscall")
int install_key(void *ctx)
{
	struct kfx_crypto_ctx *c, *ref;
	struct key_slot *slot;

	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);
	if (!c)
		return 1;
	/* unrolled: a counter used as a map key confuses loop checks */
#pragma unroll
	for (__u32 i = 0; i < UC_MAX_CPUS; i++) {
		__u32 k = i;

		if (i >= nr_cpus)
			break;
		slot = bpf_map_lookup_elem(&keys, &k);
		ref = slot ? kfx_crypto_ctx_acquire(c) : NULL;
		if (!ref)
			continue;
		kfx_crypto_ctx_store(&slot->ctx, ref);
	}
	kfx_crypto_ctx_release(c);
	return 0;
}

/* Where the UDP payload starts, and its length; 0 for other packets. */
static __always_inline __u32 udp_payload(struct __sk_buff *skb, __u64 *len,
					 __u32 *ip_off)
{
	struct iphdr ip;
	struct udphdr udp;
	__u32 off = ETH_HLEN;

	if (skb->protocol != bpf_htons(ETH_P_IP) ||
	    bpf_skb_load_bytes(skb, off, &ip, sizeof(ip)) ||
	    ip.protocol != IPPROTO_UDP || ip.ihl < 5 ||
	    ip.frag_off & bpf_htons(0x3fff))
		return 0;
	off += ip.ihl * 4;
	if (bpf_skb_load_bytes(skb, off, &udp, sizeof(udp)) ||
	    udp.dest != bpf_htons(port))
		return 0;
	*ip_off = ETH_HLEN;
	*len = bpf_ntohs(udp.len) - sizeof(udp);
	return off + sizeof(udp);
}

/* Grow or shrink the IP and UDP lengths by @delta; UDP checksum off. */
static __always_inline int fix_lengths(struct __sk_buff *skb, __u32 ip_off,
				       __u32 udp_off, int delta)
{
	__be16 old, new, zero = 0;

	if (bpf_skb_load_bytes(skb, ip_off + 2, &old, 2))
		return -1;
	new = bpf_htons(bpf_ntohs(old) + delta);
	if (bpf_skb_store_bytes(skb, ip_off + 2, &new, 2, 0) ||
	    bpf_l3_csum_replace(skb, ip_off + 10, old, new, 2))
		return -1;
	if (bpf_skb_load_bytes(skb, udp_off + 4, &old, 2))
		return -1;
	new = bpf_htons(bpf_ntohs(old) + delta);
	if (bpf_skb_store_bytes(skb, udp_off + 4, &new, 2, 0) ||
	    bpf_skb_store_bytes(skb, udp_off + 6, &zero, 2, 0))
		return -1;
	return 0;
}

/*
 * This CPU's ctx, taken out of its slot; put it back with
 * kfx_crypto_ctx_store().
 */
static __always_inline struct kfx_crypto_ctx *take_key(struct key_slot **slot)
{
	__u32 cpu = bpf_get_smp_processor_id();

	*slot = bpf_map_lookup_elem(&keys, &cpu);
	return *slot ? bpf_kptr_xchg(&(*slot)->ctx, NULL) : NULL;
}


/*
 * Seal (encrypt and tag) or open @in_len bytes of @b->in into @out_len
 * bytes of @b->out with this CPU's key and @b->nonce: kfx's result, or
 * -ENOKEY when the slot is empty.  A function of its own (not inlined):
 * its dynptrs live in its frame, where the compiler cannot give their
 * stack slots to the caller's packet headers ("potential write to
 * dynptr", 6.4+).
 */
static __attribute__((noinline)) int gcm(struct scratch *b, __u64 in_len,
					 __u64 out_len, bool open)
{
	kfx_dynptr_t s, d, v;
	struct kfx_crypto_ctx *c;
	struct key_slot *slot;
	int r;

	c = take_key(&slot);
	if (!c)
		return -ENOKEY;
	bpf_dynptr_from_mem(b->in, in_len, 0, &s);
	bpf_dynptr_from_mem(b->out, out_len, 0, &d);
	bpf_dynptr_from_mem(b->nonce, sizeof(b->nonce), 0, &v);
	r = open ? kfx_crypto_decrypt(c, &s, &d, &v) :
		   kfx_crypto_encrypt(c, &s, &d, &v);
	kfx_crypto_ctx_store(&slot->ctx, c);
	return r;
}

SEC("tc")
int seal(struct __sk_buff *skb)
{
	__u32 ip_off, off, zero = 0;
	__u64 n;	/* 64-bit: checks and uses on the same register */
	struct scratch *b;

	off = udp_payload(skb, &n, &ip_off);
	if (!off || !n || n > UC_MAX_PAYLOAD)
		return TC_ACT_OK;
	bound(n, 1);
	b = bpf_map_lookup_elem(&bufs, &zero);
	if (!b || bpf_skb_load_bytes(skb, off, b->in, n))
		return TC_ACT_SHOT;
	b->nonce[0] = bpf_get_prandom_u32();
	b->nonce[1] = bpf_get_prandom_u32();
	b->nonce[2] = bpf_get_prandom_u32();
	if (gcm(b, n, n + UC_TAG, false))
		return TC_ACT_SHOT;
	if (tamper_next) {		/* the demo's forged packet */
		tamper_next = 0;
		b->out[0] ^= 1;
	}
	if (bpf_skb_change_tail(skb, skb->len + UC_OVERHEAD, 0) ||
	    bpf_skb_store_bytes(skb, off, b->out, n + UC_TAG, 0) ||
	    bpf_skb_store_bytes(skb, off + n + UC_TAG, b->nonce,
				sizeof(b->nonce), 0) ||
	    fix_lengths(skb, ip_off, off - 8, UC_OVERHEAD))
		return TC_ACT_SHOT;
	__sync_fetch_and_add(&stats.sealed, 1);
	return TC_ACT_OK;
}

SEC("tc")
int unseal(struct __sk_buff *skb)
{
	__u32 ip_off, off, zero = 0;
	__u64 n, ct, pt;
	struct scratch *b;
	int r;

	off = udp_payload(skb, &n, &ip_off);
	if (!off)
		return TC_ACT_OK;
	if (n <= UC_OVERHEAD || n > UC_MAX_PAYLOAD + UC_OVERHEAD)
		goto drop;
	ct = n - UC_NONCE;	/* ciphertext and tag: UC_TAG + 1 or more */
	bound(ct, UC_TAG + 1);
	pt = ct - UC_TAG;
	b = bpf_map_lookup_elem(&bufs, &zero);
	if (!b || bpf_skb_load_bytes(skb, off, b->in, ct) ||
	    bpf_skb_load_bytes(skb, off + ct, b->nonce, sizeof(b->nonce)))
		goto drop;
	r = gcm(b, ct, pt, true);
	if (r == -EBADMSG) {
		__sync_fetch_and_add(&stats.forged, 1);
		return TC_ACT_SHOT;
	}
	if (r || bpf_skb_store_bytes(skb, off, b->out, pt, 0) ||
	    bpf_skb_change_tail(skb, skb->len - UC_OVERHEAD, 0) ||
	    fix_lengths(skb, ip_off, off - 8, -UC_OVERHEAD))
		goto drop;
	__sync_fetch_and_add(&stats.opened, 1);
	return TC_ACT_OK;
drop:
	__sync_fetch_and_add(&stats.malformed, 1);
	return TC_ACT_SHOT;
}

char _license[] SEC("license") = "GPL";
