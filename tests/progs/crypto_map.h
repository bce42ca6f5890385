/* SPDX-License-Identifier: GPL-2.0 */
/*
 * crypto_map.bpf.c and crypto_map_6_1.bpf.c: one ctx kept in a map, which
 * kfx.h tags as a referenced kptr (__kfx_ctx_kptr: __kptr from 6.3,
 * kptr_ref on 6.1 with KFX_KPTR_REF), put there by store_ecb128(), taken
 * out with take_ctx() and put back with kfx_crypto_ctx_store(), checked by
 * kat().
 */
#ifndef _CRYPTO_MAP_H
#define _CRYPTO_MAP_H

#include "crypto_test.h"
#include "crypto_vectors.h"

struct ctx_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ctx_slot);
} ctxs SEC(".maps");

struct kfx_crypto_params params;
char src[64], dst[64], pkt[64];
int err;

static __always_inline struct ctx_slot *the_slot(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&ctxs, &zero);
}

/* The ctx, taken out of its slot (*@sl); NULL when there is none. */
static __always_inline struct kfx_crypto_ctx *take_ctx(struct ctx_slot **sl)
{
	*sl = the_slot();
	return *sl ? bpf_kptr_xchg(&(*sl)->ctx, NULL) : NULL;
}

/* An ecb(aes) ctx with the SP 800-38A AES-128 key, put in the map. */
static __always_inline int store_ecb128(void)
{
	struct kfx_crypto_ctx *c;
	struct ctx_slot *s = the_slot();

	if (!s)
		return 1;
	c = CREATE_CTX("skcipher", "ecb(aes)", SP800_38A_KEY128, 0);
	if (!c)
		return err;
	kfx_crypto_ctx_store(&s->ctx, c);
	return 0;
}

/* Encrypt the SP 800-38A plaintext with @c; 0 if it gives the vector. */
static __always_inline int kat(struct kfx_crypto_ctx *c)
{
	kfx_dynptr_t s, d;
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

#endif /* _CRYPTO_MAP_H */
