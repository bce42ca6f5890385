// SPDX-License-Identifier: GPL-2.0
/*
 * crypto_map.bpf.c for 6.1: a referenced kptr is tagged kptr_ref there
 * ("kptr" became the referenced tag in 6.3), only local dynptrs exist,
 * and the ctx must be taken out of the map with bpf_kptr_xchg() to be
 * used: a direct load is refused.  Every case is for kernels without
 * bpf_rcu_read_lock (6.2+): 6.1.
 */
#define KFX_KPTR_REF	/* kfx.h: __kfx_ctx_kptr is kptr_ref */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_map.h"

#define TC_ACT_OK	0

SEC("syscall")
__success __retval(0) __without_ksym("bpf_rcu_read_lock")
int setup_ecb128(void *ctx)
{
	return store_ecb128();
}

SEC("tc")
__success __retval(TC_ACT_OK) __setup("setup_ecb128")
__without_ksym("bpf_rcu_read_lock")
int tc_owned_from_map(struct __sk_buff *skb)
{
	struct kfx_crypto_ctx *c;
	struct ctx_slot *s;
	int r;

	c = take_ctx(&s);
	if (!c)
		return 2;
	r = kat(c);
	kfx_crypto_ctx_store(&s->ctx, c);
	return r;
}

SEC("tc")
__failure
__msg("arg#0 pointer type STRUCT kfx_crypto_ctx must point to scalar")
__without_ksym("bpf_rcu_read_lock")
int tc_loaded_from_map(struct __sk_buff *skb)
{
	struct kfx_crypto_ctx *c;
	struct ctx_slot *s = the_slot();

	if (!s)
		return 1;
	c = s->ctx;
	if (!c)
		return 2;
	return kat(c);
}

/*
 * No reader of a ctx without a reference through kfx's own functions
 * either: fentry's arguments are not referenced (crypto_map.bpf.c).
 */
SEC("fentry/kfx_crypto_ctx_release")
__failure __msg("R1 must be referenced") __without_ksym("bpf_rcu_read_lock")
int BPF_PROG(traced_release_acquires, struct kfx_crypto_ctx *dropped)
{
	struct kfx_crypto_ctx *c;

	if (!dropped)
		return 0;
	c = kfx_crypto_ctx_acquire(dropped);
	if (c)
		kfx_crypto_ctx_release(c);
	return 0;
}

char _license[] SEC("license") = "GPL";
