// SPDX-License-Identifier: GPL-2.0
/*
 * A tracing program attached inside a kfx crypto call must be turned away,
 * not handed the per-CPU scratch the call is using: an fentry program on
 * kfx_dynptr_for_each() (which kfx_crypto_hash() calls while it holds the
 * scratch) hashes with a ctx of its own and must get -EBUSY, out zeroed;
 * the call it interrupted must still give the right digest.
 *
 * The driver ("tracing_nested", tests/runner/crypto_tracing.c) attaches
 * the fentry program, then runs setup_nested again: its hash is the
 * outer call.  Map kptrs (__kptr): 6.2+ here, as the other tracing tests.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_test.h"

#define EBUSY		16

struct kfx_crypto_params params;
char abc[3] = "abc";
unsigned char outer_out[32], inner_out[32];
int err;

struct {
	int ran;
	int result;
} result SEC(".data.result") = { .ran = 0, .result = -1 };

struct nested_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct nested_slot);
} nested_ctxs SEC(".maps");

/* FIPS 180-2 B.1: SHA-256("abc") */
static const unsigned char abc_sha256[32] = {
	0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde,
	0x5d, 0xae, 0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c,
	0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
};

/*
 * Put a second reference to a new sha256 ctx in the map (once), then hash
 * "abc" with the first: 0 when the digest is FIPS 180-2's, 1000 + e when
 * the hash said -e, 100 + i when byte i differs, 1 no ctx.
 */
SEC("syscall")
__success __retval(0) __needs_ksym("bpf_rcu_read_lock")
int setup_nested(void *ctx)
{
	struct kfx_crypto_ctx *c, *ref;
	struct nested_slot *sl;
	kfx_dynptr_t d, o;
	__u32 zero = 0;
	int r;

	__builtin_memcpy(params.type, "hash", 5);
	__builtin_memcpy(params.algo, "sha256", 7);
	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);
	sl = bpf_map_lookup_elem(&nested_ctxs, &zero);
	if (!c || !sl) {
		if (c)
			kfx_crypto_ctx_release(c);
		return 1;
	}
	ref = kfx_crypto_ctx_acquire(c);
	if (ref)
		kfx_crypto_ctx_store(&sl->ctx, ref);
	bpf_dynptr_from_mem(abc, 3, 0, &d);
	bpf_dynptr_from_mem(outer_out, 32, 0, &o);
	r = kfx_crypto_hash(c, &d, &o);
	kfx_crypto_ctx_release(c);
	if (r)
		return 1000 - r;
	for (int i = 0; i < 32; i++)
		if (outer_out[i] != abc_sha256[i])
			return 100 + i;
	return 0;
}

/*
 * result.result: 0 for -EBUSY with inner_out zeroed, 2 no ctx in the
 * map, 3 inner_out not zeroed, 1000 + e another errno (-e; 1000: 0).
 */
SEC("fentry/kfx_dynptr_for_each")
__success __setup("setup_nested") __driver("tracing_nested")
__needs_ksym("bpf_rcu_read_lock")
int BPF_PROG(nested_hash_is_turned_away, void *p)
{
	struct kfx_crypto_ctx *c;
	struct nested_slot *sl;
	kfx_dynptr_t d, o;
	__u32 zero = 0;
	int r;

	result.ran = 1;
	sl = bpf_map_lookup_elem(&nested_ctxs, &zero);
	c = sl ? bpf_kptr_xchg(&sl->ctx, NULL) : NULL;
	if (!c) {
		result.result = 2;
		return 0;
	}
	__builtin_memset(inner_out, 0xa5, sizeof(inner_out));
	bpf_dynptr_from_mem(abc, 3, 0, &d);
	bpf_dynptr_from_mem(inner_out, 32, 0, &o);
	r = kfx_crypto_hash(c, &d, &o);
	kfx_crypto_ctx_store(&sl->ctx, c);
	if (r != -EBUSY) {
		result.result = 1000 - r;
		return 0;
	}
	for (int i = 0; i < 32; i++)
		if (inner_out[i]) {
			result.result = 3;
			return 0;
		}
	result.result = 0;
	return 0;
}

char _license[] SEC("license") = "GPL";
