// SPDX-License-Identifier: GPL-2.0
/*
 * kfx against the kernel's own user-space interface: the driver
 * (tests/runner/crypto_af_alg.c) puts random keys, IVs and data in `job`,
 * runs this program, and compares its output with AF_ALG's in the same
 * guest.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_af_alg.h"

struct af_alg_job job;

SEC("syscall")
__success __driver("crypto_af_alg")
int af_alg_same_output(void *ctx)
{
	kfx_dynptr_t s, d, v;
	struct kfx_crypto_ctx *c;
	__u32 len = job.len & (AF_ALG_JOB_MAX - 1);

	c = kfx_crypto_ctx_create(&job.params, sizeof(job.params), &job.err);
	if (!c)
		return 0;
	bpf_dynptr_from_mem(job.in, len, 0, &s);
	bpf_dynptr_from_mem(job.out, len, 0, &d);
	bpf_dynptr_from_mem(job.iv, 16, 0, &v);
	if (job.iv_len)
		job.err = kfx_crypto_encrypt(c, &s, &d, &v);
	else
		job.err = kfx_crypto_encrypt_noiv(c, &s, &d);
	kfx_crypto_ctx_release(c);
	return 0;
}

char _license[] SEC("license") = "GPL";
