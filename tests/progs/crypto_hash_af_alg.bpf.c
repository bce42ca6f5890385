// SPDX-License-Identifier: GPL-2.0
/*
 * kfx_crypto_hash() against the kernel's own user-space interface: the
 * driver (tests/runner/crypto_hash_af_alg.c) puts random data and keys in
 * `job`, runs this program, and compares the digest with the one an
 * AF_ALG "hash" socket gives in the same guest.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_hash_af_alg.h"

struct hash_job job;

SEC("syscall")
__success __driver("crypto_hash_af_alg")
int hash_af_alg_same_digest(void *ctx)
{
	__u32 len = job.len & (HASH_JOB_MAX - 1);
	__u32 olen = job.out_len & (HASH_OUT_MAX - 1);
	kfx_dynptr_t d, o;
	struct kfx_crypto_ctx *c;

	job.digestsize = -1;
	c = kfx_crypto_ctx_create(&job.params, sizeof(job.params), &job.err);
	if (!c)
		return 0;
	job.digestsize = kfx_crypto_ctx_digestsize(c);
	bpf_dynptr_from_mem(job.in, len, 0, &d);
	bpf_dynptr_from_mem(job.out, olen, 0, &o);
	job.err = kfx_crypto_hash(c, &d, &o);
	kfx_crypto_ctx_release(c);
	return 0;
}

char _license[] SEC("license") = "GPL";
