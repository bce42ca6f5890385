// SPDX-License-Identifier: GPL-2.0
/*
 * A packet program hashing packet memory where the kernel itself would
 * not use the FPU gets the answer: TC at lo's egress runs in the sending
 * task with bottom halves off (__dev_queue_xmit()'s rcu_read_lock_bh()),
 * which kfx fences on x86 (kfx_crypto_fpu_fence_needed()).  Where no
 * clean fence exists and no generic driver was kept (x86 7.x: no
 * switch_fpu_return() for kfx, sha256 has no generic twin) the call's
 * packet memory is what tells kfx_hash_tfm() it is a packet program,
 * which never runs inside the kernel's FPU register sections, and the
 * best driver runs: the digest, never -EBUSY.  BPF_PROG_TEST_RUN reaches
 * none of this (its programs run with bottom halves on).
 *
 * The driver ("crypto_egress", tests/runner/crypto_egress.c) attaches the
 * program at lo's egress and sends one UDP datagram to port 7778 from its
 * own task; its 64 payload bytes are (i * 13 + 5) & 0xff and their
 * sha256 (Python's hashlib) is want[] below.  skb dynptrs: 6.4+,
 * bpf_dynptr_adjust(): 6.5+.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_test.h"

extern int bpf_dynptr_from_skb(struct __sk_buff *skb, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;
extern int bpf_dynptr_adjust(const struct bpf_dynptr *p, __u32 start,
			     __u32 end) __ksym __weak;

#define TC_ACT_OK	0
#define EGRESS_PORT	7778
#define PAYLOAD_OFF	(14 + 20 + 8)	/* lo's Ethernet, IPv4, UDP headers */
#define PAYLOAD_LEN	64

struct kfx_crypto_params params;
int err;

/* sha256 of the payload, bytes (i * 13 + 5) & 0xff for i < 64 (hashlib) */
static const char want[32] = {
	0x44, 0xae, 0xe5, 0xfa, 0x25, 0x8a, 0x25, 0xab, 0x9e, 0xee, 0xba, 0xa6,
	0x30, 0xea, 0x0e, 0xa9, 0x2b, 0x01, 0x7e, 0xfb, 0x95, 0xfb, 0xce, 0x6f,
	0x91, 0xc9, 0xc1, 0x81, 0xe4, 0xd8, 0xeb, 0xe2,
};

/* What the driver reads: the last marked packet's outcome. */
struct {
	int seen;	/* marked packets */
	int result;	/* kfx_crypto_hash()'s answer (0 expected) */
	int right;	/* the digest is want[] */
	int pad;
} egress SEC(".data.egress") = { .seen = 0 };

char out[32];

struct egress_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct egress_slot);
} egress_ctx SEC(".maps");

/* A sha256 ctx in the map: 0, else 1. */
SEC("syscall")
__success __retval(0) __needs_ksym("bpf_dynptr_adjust")
int setup_egress(void *ctx)
{
	struct egress_slot *s;
	__u32 zero = 0;

	s = bpf_map_lookup_elem(&egress_ctx, &zero);
	if (!s)
		return 1;
	return KEEP_CTX(&s->ctx, CREATE_CTX("hash", "sha256", "", 0));
}

/* IPv4 UDP to EGRESS_PORT with PAYLOAD_LEN bytes, behind lo's header. */
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
	       h.ip.protocol == 17 && h.udp.dest == bpf_htons(EGRESS_PORT) &&
	       h.udp.len == bpf_htons(8 + PAYLOAD_LEN);
}

/* sha256 of the payload, read in place from the skb: the digest. */
SEC("tc")
__success __setup("setup_egress") __driver("crypto_egress")
__needs_ksym("bpf_dynptr_adjust")
int hash_at_egress(struct __sk_buff *skb)
{
	struct kfx_crypto_ctx *c;
	kfx_dynptr_t pkt, md;
	struct egress_slot *s;
	__u32 zero = 0;
	int r;

	if (!marked(skb))
		return TC_ACT_OK;
	s = bpf_map_lookup_elem(&egress_ctx, &zero);
	c = s ? bpf_kptr_xchg(&s->ctx, NULL) : NULL;
	if (!c)
		return TC_ACT_OK;
	__builtin_memset(out, 0, sizeof(out));
	bpf_dynptr_from_skb(skb, 0, &pkt);
	r = bpf_dynptr_adjust(&pkt, PAYLOAD_OFF, PAYLOAD_OFF + PAYLOAD_LEN);
	bpf_dynptr_from_mem(out, sizeof(out), 0, &md);
	if (!r)
		r = kfx_crypto_hash(c, &pkt, &md);
	kfx_crypto_ctx_store(&s->ctx, c);
	egress.result = r;
	egress.right = !r && !differ(out, want, 32);
	__sync_fetch_and_add(&egress.seen, 1);
	return TC_ACT_OK;
}

char _license[] SEC("license") = "GPL";
