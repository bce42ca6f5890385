// SPDX-License-Identifier: GPL-2.0
/*
 * The kfunc fuzzer, crypto family, for 6.1 (the body: fuzz_crypto.h):
 * kptr_ref, dynptrs from map memory only, a siv always (or _noiv).
 */
#define KFX_KPTR_REF	/* kfx.h: __kfx_ctx_kptr is kptr_ref */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "fuzz_crypto.h"

SEC("syscall")
__success __without_ksym("bpf_rcu_read_lock")
int fuzz_crypto_6_1(void *ctx)
{
	return do_step();
}

/* 6.1's verifier takes NULL for memory of size 0: create(NULL, 0). */
SEC("syscall")
__success __without_ksym("bpf_rcu_read_lock")
int fuzz_crypto_6_1_nullp(void *ctx)
{
	struct kfx_crypto_ctx *c;

	cres.version = kfx_version();
	err = 0;
	c = kfx_crypto_ctx_create(NULL, 0, &err);
	cres.ran = 1;
	if (c) {
		kfx_crypto_ctx_release(c);
		cres.r = 0;
		return 0;
	}
	cres.r = err;
	return 0;
}

char _license[] SEC("license") = "GPL";
