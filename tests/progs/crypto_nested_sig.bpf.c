// SPDX-License-Identifier: GPL-2.0
/*
 * Signature verification must not nest: tracing programs attached to the
 * functions a verification calls, each verifying again, once ran a 6.1
 * and a 7.3 kernel off the end of the task stack (issue 30).  An fentry
 * program on kfx_ecdsa_verify() (which kfx_sig_verify() calls while it
 * holds this CPU's crypto scratch) verifies with a ctx of its own and
 * must get -EBUSY; the call it interrupted must still verify.
 *
 * The driver ("tracing_nested", tests/runner/crypto_tracing.c) attaches
 * the fentry program, then runs setup_nested again: its verification is
 * the outer call.  6.2+, as crypto_nested.bpf.c: 6.1's verifier refuses
 * this program's map kptrs in an fentry program (kptr_ref).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_test.h"
#include "crypto_vectors.h"

#define EBUSY		16

#define __nested_kernel	__needs_ksym("bpf_rcu_read_lock")

struct kfx_crypto_params params;
int err;
char md[] = ECDSA_SHA256_SAMPLE;		/* RFC 6979 A.2.5 */
char sig[] = ECDSA_P256_SHA256_SAMPLE_SIG;

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

static __always_inline int verify_sample(struct kfx_crypto_ctx *c)
{
	kfx_dynptr_t m, s;

	bpf_dynptr_from_mem(md, sizeof(md) - 1, 0, &m);
	bpf_dynptr_from_mem(sig, sizeof(sig) - 1, 0, &s);
	return kfx_sig_verify(c, &m, &s);
}

/*
 * Put a second reference to a P-256 ctx with RFC 6979's key in the map
 * (once), then verify RFC 6979's signature of "sample" with the first:
 * 0 when it verifies, 1000 - e when it said e, 1 no ctx.
 */
SEC("syscall")
__success __retval(0) __nested_kernel
int setup_nested(void *ctx)
{
	struct kfx_crypto_ctx *c, *ref;
	struct nested_slot *sl;
	__u32 zero = 0;
	int r;

	c = CREATE_CTX("sig", "p1363(ecdsa-nist-p256)", ECDSA_P256_PUB, 0);
	sl = bpf_map_lookup_elem(&nested_ctxs, &zero);
	if (!c || !sl) {
		if (c)
			kfx_crypto_ctx_release(c);
		return 1;
	}
	ref = kfx_crypto_ctx_acquire(c);
	if (ref)
		kfx_crypto_ctx_store(&sl->ctx, ref);
	r = verify_sample(c);
	kfx_crypto_ctx_release(c);
	return r ? 1000 - r : 0;
}

/* result.result: 0 for -EBUSY, 2 no ctx in the map, 1000 - e another result e. */
SEC("fentry/kfx_ecdsa_verify")
__success __setup("setup_nested") __driver("tracing_nested") __nested_kernel
int BPF_PROG(nested_verify_is_turned_away)
{
	struct kfx_crypto_ctx *c;
	struct nested_slot *sl;
	__u32 zero = 0;
	int r;

	result.ran = 1;
	sl = bpf_map_lookup_elem(&nested_ctxs, &zero);
	c = sl ? bpf_kptr_xchg(&sl->ctx, NULL) : NULL;
	if (!c) {
		result.result = 2;
		return 0;
	}
	r = verify_sample(c);
	kfx_crypto_ctx_store(&sl->ctx, c);
	result.result = r == -EBUSY ? 0 : 1000 - r;
	return 0;
}

char _license[] SEC("license") = "GPL";
