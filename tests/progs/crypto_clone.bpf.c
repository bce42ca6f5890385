// SPDX-License-Identifier: GPL-2.0
/*
 * A clone's data is not a program's to write: a TC program that encrypts
 * into an skb whose data is shared with a clone (a packet socket on the
 * interface holds one) must get -EINVAL and change nothing, as the
 * kernel-doc of kfx_crypto_encrypt() says ("@dst in a clone's shared
 * data: bpf_skb_pull_data() first").  Only real traffic makes clones:
 * BPF_PROG_TEST_RUN's skb never is one.
 *
 * The driver ("crypto_clone", tests/runner/crypto_clone.c) attaches the
 * program at lo's ingress and sends it a UDP packet to port 7777 twice:
 * without a packet socket (the write must happen: SP 800-38A's ECB-AES128
 * ciphertext over the packet's first 16 bytes), then with one on lo (it
 * must not).  skb dynptrs: 6.4+.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_test.h"
#include "crypto_vectors.h"

extern int bpf_dynptr_from_skb(struct __sk_buff *skb, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;

#define TC_ACT_OK	0
#define TC_ACT_SHOT	2
#define CLONE_PORT	7777

struct kfx_crypto_params params;
int err;
char pt[] = SP800_38A_PT;			/* F.1.1: its first block */
static const char ct[] = SP800_38A_ECB128_CT;	/* and the block's ciphertext */

/* What the driver reads: the last marked packet's outcome. */
struct {
	int seen;	/* marked packets */
	int result;	/* kfx_crypto_encrypt_noiv()'s answer */
	int unchanged;	/* the packet's first 16 bytes as they were */
	int written;	/* they are the ciphertext */
} clone SEC(".data.clone") = { .seen = 0 };

struct clone_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct clone_slot);
} clone_ctx SEC(".maps");

/* An ecb(aes) ctx with SP 800-38A's AES-128 key in the map: 0, else 1. */
SEC("syscall")
__success __retval(0) __needs_ksym("bpf_dynptr_from_skb")
int setup_clone(void *ctx)
{
	struct clone_slot *s;
	__u32 zero = 0;

	s = bpf_map_lookup_elem(&clone_ctx, &zero);
	if (!s)
		return 1;
	return KEEP_CTX(&s->ctx, CREATE_CTX("skcipher", "ecb(aes)", SP800_38A_KEY128, 0));
}

/* IPv4 UDP to CLONE_PORT behind lo's (zero) Ethernet header. */
static __always_inline bool marked(struct __sk_buff *skb)
{
	struct {
		struct ethhdr eth;
		struct iphdr ip;
		struct udphdr udp;
	} __attribute__((packed)) h;

	if (bpf_skb_load_bytes(skb, 0, &h, sizeof(h)))
		return false;
	return h.eth.h_proto == bpf_htons(0x0800) && h.ip.ihl == 5 &&
	       h.ip.protocol == 17 && h.udp.dest == bpf_htons(CLONE_PORT);
}

/* Encrypt a block over the packet's start, see what changed, drop it. */
SEC("tc")
__success __setup("setup_clone") __driver("crypto_clone")
__needs_ksym("bpf_dynptr_from_skb")
int encrypt_into_packet(struct __sk_buff *skb)
{
	char before[16], after[16];
	struct kfx_crypto_ctx *c;
	kfx_dynptr_t src, pkt;
	struct clone_slot *s;
	__u32 zero = 0;
	int r;

	if (!marked(skb))
		return TC_ACT_OK;
	s = bpf_map_lookup_elem(&clone_ctx, &zero);
	c = s ? bpf_kptr_xchg(&s->ctx, NULL) : NULL;
	if (!c)
		return TC_ACT_SHOT;
	bpf_skb_load_bytes(skb, 0, before, sizeof(before));
	bpf_dynptr_from_mem(pt, 16, 0, &src);
	bpf_dynptr_from_skb(skb, 0, &pkt);
	r = kfx_crypto_encrypt_noiv(c, &src, &pkt);
	kfx_crypto_ctx_store(&s->ctx, c);
	bpf_skb_load_bytes(skb, 0, after, sizeof(after));
	clone.result = r;
	clone.unchanged = !differ(before, after, 16);
	clone.written = !differ(after, ct, 16);
	__sync_fetch_and_add(&clone.seen, 1);
	return TC_ACT_SHOT;
}

char _license[] SEC("license") = "GPL";
