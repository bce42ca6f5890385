// SPDX-License-Identifier: GPL-2.0
/*
 * crypto_hash.bpf.c's map users for 6.1, where a referenced kptr is
 * tagged kptr_ref ("kptr" became the referenced tag in 6.3): tc, fentry
 * and LSM programs hash with a ctx a SYSCALL program put in a map, and
 * use kfx_crypto_ctx_acquire(), _digestsize() and _release() there too.
 * Every case is for kernels without bpf_rcu_read_lock (6.2+): 6.1.
 */
#define KFX_KPTR_REF	/* kfx.h: __kfx_ctx_kptr is kptr_ref */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_hash.h"

SEC("syscall")
__success __retval(0) __without_ksym("bpf_rcu_read_lock")
int setup_sha256(void *ctx)
{
	return store_sha256();
}

/*
 * SCHED_CLS with a local dynptr, on every kernel: the same as the tracing
 * programs below; hash_with_map_ctx()'s codes (crypto_hash.h), 0 when right.
 */
SEC("tc")
__success __retval(0) __setup("setup_sha256")
__without_ksym("bpf_rcu_read_lock")
int tc_hash_with_a_ctx_from_a_map(struct __sk_buff *skb)
{
	return hash_with_map_ctx();
}

/* result.result: hash_with_map_ctx()'s code (crypto_hash.h), 0 expected. */
SEC("fentry/bpf_fentry_test1")
__success __setup("setup_sha256") __driver("tracing_result")
__without_ksym("bpf_rcu_read_lock")
int BPF_PROG(fentry_hash_with_a_ctx_from_a_map, int a)
{
	result.result = hash_with_map_ctx();
	result.ran = 1;
	return 0;
}

SEC("lsm/file_open")
__success __without_ksym("bpf_rcu_read_lock")
int BPF_PROG(lsm_hash_with_a_ctx_from_a_map, struct file *file)
{
	hash_with_map_ctx();
	return 0;
}

char _license[] SEC("license") = "GPL";
