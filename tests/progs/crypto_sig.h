/* SPDX-License-Identifier: GPL-2.0 */
/*
 * crypto_sig.bpf.c and crypto_sig_6_1.bpf.c: type "sig".  The buffers,
 * verify() (which also checks that kfx_sig_verify() wrote nothing), and a
 * P-256 ctx kept in a map as a referenced kptr (__kfx_ctx_kptr: __kptr
 * from 6.3, kptr_ref on 6.1 with KFX_KPTR_REF) for the programs that
 * cannot create one: packet and tracing programs, which take it out with
 * bpf_kptr_xchg() (a referenced pointer: what 6.1's KF_TRUSTED_ARGS and
 * later kernels' KF_RCU both take) and put it back.
 */
#ifndef _CRYPTO_SIG_H
#define _CRYPTO_SIG_H

#include "crypto_test.h"
#include "crypto_vectors.h"

#ifndef EKEYREJECTED
#define EKEYREJECTED	129
#endif

/*
 * kfx verifies with its own ECDSA over the kernel's elliptic-curve library
 * on every kernel: P-192, P-256 and P-384, and P-521 where the library has
 * it.  ecc_digits_from_bytes() came with the library's P-521 (Debian's
 * 6.12 and later, where the library is built in: vmlinux BTF has it;
 * 6.1's ecc.ko has neither).
 */
#define ECC_P521_API	"ecc_digits_from_bytes"

struct kfx_crypto_params params;
/* msg: up to the 256-byte digests of crypto_sig_edge.bpf.c; sig: P-521's 132 */
char msg[256], sig[160], out[80];
int err;

/* What a tracing program found, for the runner's "tracing_result" driver. */
struct {
	int ran;
	int result;
} result SEC(".data.result") = { .ran = 0, .result = -1 };

struct sig_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct sig_slot);
} sig_ctxs SEC(".maps");

/*
 * kfx_sig_verify() with @c over copies of the digest @md (@mlen bytes)
 * and the signature @s (@slen bytes), through the dynptrs @m and @g: its
 * result, or 500 when it changed either buffer (it must write nothing).
 *
 * 6.1's verifier refuses to initialise a stack dynptr twice, and clang
 * may give the locals of two inlined calls the same stack slot: a program
 * verifying more than once passes a pair of dynptrs of its own per call.
 */
static __always_inline int verify_with(struct kfx_crypto_ctx *c,
				       kfx_dynptr_t *m, kfx_dynptr_t *g,
				       const char *md, int mlen,
				       const char *s, int slen)
{
	int r;

	__builtin_memcpy(msg, md, mlen);
	__builtin_memcpy(sig, s, slen);
	bpf_dynptr_from_mem(msg, mlen, 0, m);
	bpf_dynptr_from_mem(sig, slen, 0, g);
	r = kfx_sig_verify(c, m, g);
	if (differ(msg, md, mlen) || differ(sig, s, slen))
		return 500;
	return r;
}

/* verify_with() for a program that verifies once. */
static __always_inline int verify(struct kfx_crypto_ctx *c, const char *md,
				  int mlen, const char *s, int slen)
{
	kfx_dynptr_t m, g;

	return verify_with(c, &m, &g, md, mlen, s, slen);
}

/* create's errno when it made no ctx (1 when it made one). */
static __always_inline int create_refused(struct kfx_crypto_ctx *c)
{
	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/* A "sig" ctx for @algo with the public key @key (a literal). */
#define SIG_CTX(algo, key)	CREATE_CTX("sig", algo, key, 0)

/*
 * Verify the signature @s of the digest @md with a fresh ctx @c and
 * release it: kfx_sig_verify()'s result; 1000 + e when create failed with
 * e (a negative errno: 905 is -EOPNOTSUPP), 500 when verify wrote.
 */
static __always_inline int check_sig(struct kfx_crypto_ctx *c, const char *md,
				     int mlen, const char *s, int slen)
{
	int r;

	if (!c)
		return 1000 + err;
	r = verify(c, md, mlen, s, slen);
	kfx_crypto_ctx_release(c);
	return r;
}

/* kfx_sig_verify()'s answer for digest @md and signature @s under @algo, @key. */
#define VERIFY(algo, key, md, s)					\
	check_sig(SIG_CTX(algo, key), md, sizeof(md) - 1, s, sizeof(s) - 1)

static __always_inline struct sig_slot *sig_slot(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&sig_ctxs, &zero);
}

/* A p1363(ecdsa-nist-p256) ctx with RFC 6979's key, put in the map. */
static __always_inline int store_p256(void)
{
	struct sig_slot *s = sig_slot();
	struct kfx_crypto_ctx *c;

	if (!s)
		return 1;
	c = SIG_CTX("p1363(ecdsa-nist-p256)", ECDSA_P256_PUB);
	if (!c)
		return err;
	kfx_crypto_ctx_store(&s->ctx, c);
	return 0;
}

/*
 * What a packet or tracing program does with the map's P-256 ctx: take
 * it out, verify RFC 6979's "sample" signature (0) and the same with one
 * bit of s flipped (-EKEYREJECTED), put it back.  Returns 0 when both
 * answers are right, 1 no ctx in the map, 1000 + e the good signature
 * gave -e, 2000 + e the bad one gave -e.
 */
static __always_inline int verify_with_map_ctx(void)
{
	kfx_dynptr_t m1, g1, m2, g2;
	struct kfx_crypto_ctx *c;
	struct sig_slot *sl;
	int good, bad;

	sl = sig_slot();
	if (!sl)
		return 1;
	c = bpf_kptr_xchg(&sl->ctx, NULL);
	if (!c)
		return 1;
	good = verify_with(c, &m1, &g1, ECDSA_SHA256_SAMPLE, 32,
			   ECDSA_P256_SHA256_SAMPLE_SIG, 64);
	bad = verify_with(c, &m2, &g2, ECDSA_SHA256_SAMPLE, 32,
			  ECDSA_P256_BAD_S_FLIP, 64);
	kfx_crypto_ctx_store(&sl->ctx, c);
	if (good)
		return 1000 - good;
	return bad == -EKEYREJECTED ? 0 : 2000 - bad;
}

#endif /* _CRYPTO_SIG_H */
