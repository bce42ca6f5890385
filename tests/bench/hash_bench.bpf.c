// SPDX-License-Identifier: GPL-2.0
/*
 * Hash timing: one kfx_crypto_hash() per run of an XDP program, the ctx
 * taken out of its map with bpf_kptr_xchg() and put back (as kfx.h tells
 * users to), against an open-coded BPF hash, FNV-1a over the same bytes
 * in a bounded loop.  `call` = 0 times the same program without the hash
 * (bench_kfx: still the kptr exchange and the dynptrs; bench_loop: an
 * empty program), which the loader (hash_bench.c) subtracts.  `len` is
 * fixed at load time, so the verifier walks the loop exactly len times.
 * hash_bench_6_1.bpf.c is this file for 6.1's kptr tag.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "hash_bench.h"

struct ctx_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ctx_slot);
} kfx_ctx SEC(".maps");

struct kfx_crypto_params params;	/* "hash" and the algorithm */
__u8 src[HB_MAX], digest[HB_DIGEST];
__u64 fnv;
int err, result, digest_size;
char driver[128];

const volatile __u32 len = 16;
const volatile int call;

SEC("syscall")
int setup(void *ctx)
{
	struct kfx_crypto_ctx *c;
	struct ctx_slot *s;
	__u32 zero = 0;

	s = bpf_map_lookup_elem(&kfx_ctx, &zero);
	if (!s)
		return 1;
	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);
	if (!c)
		return 2;
	digest_size = kfx_crypto_ctx_digestsize(c);
	kfx_crypto_ctx_driver(c, driver, sizeof(driver));
	kfx_crypto_ctx_store(&s->ctx, c);
	return 0;
}

SEC("xdp")
int bench_kfx(struct xdp_md *x)
{
	__u32 zero = 0, n = len < HB_MAX ? len : HB_MAX;
	kfx_dynptr_t d, o;
	struct kfx_crypto_ctx *c;
	struct ctx_slot *slot;

	slot = bpf_map_lookup_elem(&kfx_ctx, &zero);
	if (!slot)
		return XDP_ABORTED;
	c = bpf_kptr_xchg(&slot->ctx, NULL);
	if (!c)
		return XDP_ABORTED;
	bpf_dynptr_from_mem(src, n, 0, &d);
	bpf_dynptr_from_mem(digest, sizeof(digest), 0, &o);
	result = call ? kfx_crypto_hash(c, &d, &o) : 0;
	kfx_crypto_ctx_store(&slot->ctx, c);
	return XDP_PASS;
}

/* What a program without kfx would write: a byte at a time. */
SEC("xdp")
int bench_loop(struct xdp_md *x)
{
	__u32 n = len < HB_MAX ? len : HB_MAX;
	__u64 h = HB_FNV_OFFSET;

	for (__u32 i = 0; call && i < n; i++) {
		h ^= src[i];
		h *= HB_FNV_PRIME;
	}
	fnv = h;
	return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
