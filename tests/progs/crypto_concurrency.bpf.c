// SPDX-License-Identifier: GPL-2.0
/*
 * Two vCPUs encrypt with a shared key while a SYSCALL program keeps
 * replacing the ctxs under them (tests/runner/crypto_concurrency.c runs
 * them on threads pinned to each CPU for a bounded time).  Each CPU has its
 * own slot, the pattern kfx.h recommends: take the ctx out, use it, put it
 * back (releasing whatever the swapper put there meanwhile).  Every output
 * must be the known answer; the module's live count must come back to 0.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_vectors.h"

#define NCPU	8

struct ctx_slot {
	struct kfx_crypto_ctx __kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, NCPU);
	__type(key, __u32);
	__type(value, struct ctx_slot);
} per_cpu_ctx SEC(".maps");

/* Each CPU's own buffers (dynptrs from memory take maps, not the stack). */
struct bufs {
	char pt[64], ct[64];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bufs);
} per_cpu_bufs SEC(".maps");

struct kfx_crypto_params params;
int err;

/* In a section of their own: the driver reads them as one map value. */
struct {
	__u64 runs, wrong, empty, swaps, failed_swaps;
} counts SEC(".data.counts");

/*
 * A fresh ecb(aes) ctx with the SP 800-38A key in the slot of @cpu, the
 * old one released.  A global function: the loop below then keeps its
 * counter out of the map key's stack slot.
 */
__noinline int swap_one(__u32 cpu)
{
	struct kfx_crypto_ctx *c;
	struct ctx_slot *s = bpf_map_lookup_elem(&per_cpu_ctx, &cpu);

	if (!s)
		return 1;
	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);
	if (!c) {
		__sync_fetch_and_add(&counts.failed_swaps, 1);
		return 2;
	}
	kfx_crypto_ctx_store(&s->ctx, c);
	return 0;
}

SEC("syscall")
__success __retval(0) __needs_ksym("bpf_dynptr_from_skb")
int swap_ctxs(void *ctx)
{
	int r = 0;

	__builtin_memcpy(params.type, "skcipher", 9);
	__builtin_memcpy(params.algo, "ecb(aes)", 9);
	__builtin_memcpy(params.key, SP800_38A_KEY128, 16);
	params.key_len = 16;
	for (__u32 i = 0; i < NCPU && !r; i++)
		r = swap_one(i);
	if (!r)
		__sync_fetch_and_add(&counts.swaps, 1);
	return r;
}

SEC("tc")
__success __setup("swap_ctxs") __driver("crypto_concurrency")
__needs_ksym("bpf_dynptr_from_skb")
int encrypt_on_this_cpu(struct __sk_buff *skb)
{
	kfx_dynptr_t s, d;
	__u32 cpu = bpf_get_smp_processor_id(), zero = 0;
	struct kfx_crypto_ctx *c;
	struct ctx_slot *sl;
	struct bufs *b;
	int r, bad = 0;

	sl = bpf_map_lookup_elem(&per_cpu_ctx, &cpu);
	b = bpf_map_lookup_elem(&per_cpu_bufs, &zero);
	if (!sl || !b)
		return 1;
	c = bpf_kptr_xchg(&sl->ctx, NULL);
	if (!c) {
		__sync_fetch_and_add(&counts.empty, 1);
		return 0;
	}
	__builtin_memcpy(b->pt, SP800_38A_PT, 64);
	bpf_dynptr_from_mem(b->pt, sizeof(b->pt), 0, &s);
	bpf_dynptr_from_mem(b->ct, sizeof(b->ct), 0, &d);
	r = kfx_crypto_encrypt_noiv(c, &s, &d);
	for (int i = 0; i < 64; i++)
		if (b->ct[i] != SP800_38A_ECB128_CT[i])
			bad = 1;
	kfx_crypto_ctx_store(&sl->ctx, c);
	if (r || bad)
		__sync_fetch_and_add(&counts.wrong, 1);
	__sync_fetch_and_add(&counts.runs, 1);
	return 0;
}

char _license[] SEC("license") = "GPL";
