/* SPDX-License-Identifier: GPL-2.0 */
/*
 * crypto_hash.bpf.c and crypto_hash_6_1.bpf.c: type "hash".  The buffers,
 * hashing into a guarded out (hash_into(), hash_kat()), and a sha256 ctx
 * kept in a map as a referenced kptr (__kfx_ctx_kptr: __kptr from 6.3,
 * kptr_ref on 6.1 with KFX_KPTR_REF) for the programs that cannot create
 * one: packet and tracing programs.
 */
#ifndef _CRYPTO_HASH_H
#define _CRYPTO_HASH_H

#include "crypto_test.h"
#include "crypto_vectors.h"

#ifndef EBUSY
#define EBUSY		16
#endif

/*
 * out is filled with GUARD before each call: kfx must leave what lies past
 * the digest alone, and zero the whole out dynptr (no further) on error.
 */
#define GUARD		((char)0xa5)
#define OUT_SZ		80	/* the largest digest, 64, and 16 to spare */

struct kfx_crypto_params params;
char data[256], data2[256], out[OUT_SZ];
int err;

/*
 * What a tracing program found, for the runner's "tracing_result" driver.
 * Initialised (result -1 until a program says otherwise) so that the
 * section holds bytes: libbpf maps ".data.*" PROGBITS sections.
 */
struct {
	int ran;
	int result;
} result SEC(".data.result") = { .ran = 0, .result = -1 };

struct hash_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct hash_slot);
} hash_ctxs SEC(".maps");

/* 1 if out[@from..OUT_SZ) still holds the guard, else 0. */
static __always_inline int untouched(int from)
{
	for (int i = from; i < OUT_SZ; i++)
		if (out[i] != GUARD)
			return 0;
	return 1;
}

/* 1 if out[0..@n) is all zeros, else 0. */
static __always_inline int zeroed(int n)
{
	for (int i = 0; i < n; i++)
		if (out[i])
			return 0;
	return 1;
}

/*
 * Hash @n bytes at @buf (writable BPF memory) with @c into the first
 * @outlen bytes of out, which is all GUARD before, through the dynptrs
 * @d and @o: kfx_crypto_hash()'s result.
 *
 * 6.1's verifier refuses to initialise a stack dynptr twice ("Dynptr has
 * to be an uninitialized dynptr"; 6.3 allows it), and clang may give the
 * locals of two inlined calls the same stack slot: a program hashing
 * more than once passes dynptrs of its own, one pair per call.
 */
static __always_inline int hash_with(struct kfx_crypto_ctx *c,
				     kfx_dynptr_t *d, kfx_dynptr_t *o,
				     char *buf, int n, int outlen)
{
	__builtin_memset(out, GUARD, OUT_SZ);
	bpf_dynptr_from_mem(buf, n, 0, d);
	bpf_dynptr_from_mem(out, outlen, 0, o);
	return kfx_crypto_hash(c, d, o);
}

/* hash_with() for a program that hashes once. */
static __always_inline int hash_into(struct kfx_crypto_ctx *c, char *buf,
				     int n, int outlen)
{
	kfx_dynptr_t d, o;

	return hash_with(c, &d, &o, buf, n, outlen);
}

/*
 * The known-answer check: hash @n bytes of @msg with @c into an out of
 * exactly @dlen bytes and release @c.  Returns
 *   0            the digest is @md, the ctx says its size is @dlen, and
 *                nothing of out past the digest was written
 *   < 0          @c is NULL: create's errno
 *   1000 + e     kfx_crypto_hash() returned -e
 *   100 + i      byte i - 1 of the digest is wrong
 *   2000 + s     kfx_crypto_ctx_digestsize() said s, not @dlen
 *   300          out was written past the digest
 */
static __always_inline int hash_kat(struct kfx_crypto_ctx *c, const char *msg,
				    int n, const char *md, int dlen)
{
	int r, ds;

	if (!c)
		return err;
	__builtin_memcpy(data, msg, n);
	ds = kfx_crypto_ctx_digestsize(c);
	r = hash_into(c, data, n, dlen);
	kfx_crypto_ctx_release(c);
	if (ds != dlen)
		return 2000 + ds;
	if (r)
		return 1000 - r;
	r = differ(out, md, dlen);
	if (r)
		return 100 + r;
	return untouched(dlen) ? 0 : 300;
}

/* A "hash" ctx for @algo keyed with @key (a literal, "" for none). */
#define HASH_CTX(algo, key)	CREATE_CTX("hash", algo, key, 0)

/* The known answer @md of @algo keyed with @key for the message @msg. */
#define KAT(algo, key, msg, md)						\
	hash_kat(HASH_CTX(algo, key), msg, sizeof(msg) - 1, md,		\
		 sizeof(md) - 1)

static __always_inline struct hash_slot *hash_slot(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&hash_ctxs, &zero);
}

/* A sha256 ctx, put in the map (the __setup of map users). */
static __always_inline int store_sha256(void)
{
	struct hash_slot *s = hash_slot();
	struct kfx_crypto_ctx *c;

	if (!s)
		return 1;
	c = HASH_CTX("sha256", "");
	if (!c)
		return err;
	kfx_crypto_ctx_store(&s->ctx, c);
	return 0;
}

/* The ctx, taken out of its slot (*@sl); NULL when there is none. */
static __always_inline struct kfx_crypto_ctx *take_hash_ctx(struct hash_slot **sl)
{
	*sl = hash_slot();
	return *sl ? bpf_kptr_xchg(&(*sl)->ctx, NULL) : NULL;
}

/*
 * What a packet or tracing program does with the map's sha256 ctx: take
 * it out, get a second reference with kfx_crypto_ctx_acquire() and put the
 * first one back, ask the digest size and hash "abc" with the second,
 * release it.  Returns 0 for the FIPS 180-2 digest, 1 no ctx in the map,
 * 2 acquire failed, 2000 + s digest size s, 1000 + e kfx_crypto_hash()
 * said -e, 100 + i byte i - 1 wrong.
 */
static __always_inline int hash_with_map_ctx(void)
{
	struct kfx_crypto_ctx *c, *c2;
	struct hash_slot *s;
	int r, ds;

	c = take_hash_ctx(&s);
	if (!c)
		return 1;
	c2 = kfx_crypto_ctx_acquire(c);
	kfx_crypto_ctx_store(&s->ctx, c);
	if (!c2)
		return 2;
	ds = kfx_crypto_ctx_digestsize(c2);
	__builtin_memcpy(data, FIPS180_MSG_ABC, 3);
	r = hash_into(c2, data, 3, 32);
	kfx_crypto_ctx_release(c2);
	if (ds != 32)
		return 2000 + ds;
	if (r)
		return 1000 - r;
	r = differ(out, FIPS180_SHA256_ABC, 32);
	return r ? 100 + r : 0;
}

#endif /* _CRYPTO_HASH_H */
