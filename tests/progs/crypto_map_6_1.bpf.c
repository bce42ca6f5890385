// SPDX-License-Identifier: GPL-2.0
/*
 * crypto_map.bpf.c for 6.1: a referenced kptr is tagged kptr_ref there
 * ("kptr" became the referenced tag in 6.3), only local dynptrs exist, and
 * and the ctx must be taken out of the map with bpf_kptr_xchg() to be
 * used: a direct load is refused.  Every case is for kernels without
 * bpf_rcu_read_lock (6.2+): 6.1.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_vectors.h"

#define TC_ACT_OK	0
#define __kptr_ref_6_1	__attribute__((btf_type_tag("kptr_ref")))

struct ctx_slot {
	struct kfx_crypto_ctx __kptr_ref_6_1 *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ctx_slot);
} ctxs SEC(".maps");

struct kfx_crypto_params params;
char src[64], dst[64];
int err;

static __always_inline int differ(const char *a, const char *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return i + 1;
	return 0;
}

static __always_inline struct ctx_slot *the_slot(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&ctxs, &zero);
}

SEC("syscall")
__success __retval(0) __without_ksym("bpf_rcu_read_lock")
int setup_ecb128(void *ctx)
{
	struct kfx_crypto_ctx *c, *old;
	struct ctx_slot *s = the_slot();

	if (!s)
		return 1;
	__builtin_memcpy(params.type, "skcipher", 9);
	__builtin_memcpy(params.algo, "ecb(aes)", 9);
	__builtin_memcpy(params.key, SP800_38A_KEY128, 16);
	params.key_len = 16;
	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);
	if (!c)
		return err;
	old = bpf_kptr_xchg(&s->ctx, c);
	if (old)
		kfx_crypto_ctx_release(old);
	return 0;
}

static __always_inline int kat(struct kfx_crypto_ctx *c)
{
	struct bpf_dynptr s, d;
	int r;

	__builtin_memcpy(src, SP800_38A_PT, 64);
	bpf_dynptr_from_mem(src, 64, 0, &s);
	bpf_dynptr_from_mem(dst, 64, 0, &d);
	r = kfx_crypto_encrypt_noiv(c, &s, &d);
	if (r)
		return 1000 - r;
	r = differ(dst, SP800_38A_ECB128_CT, 64);
	return r ? 100 + r : 0;
}

SEC("tc")
__success __retval(TC_ACT_OK) __setup("setup_ecb128")
__without_ksym("bpf_rcu_read_lock")
int tc_owned_from_map(struct __sk_buff *skb)
{
	struct kfx_crypto_ctx *c;
	struct ctx_slot *s = the_slot();
	int r;

	if (!s)
		return 1;
	c = bpf_kptr_xchg(&s->ctx, NULL);
	if (!c)
		return 2;
	r = kat(c);
	c = bpf_kptr_xchg(&s->ctx, c);
	if (c)
		kfx_crypto_ctx_release(c);
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

char _license[] SEC("license") = "GPL";
