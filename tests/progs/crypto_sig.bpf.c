// SPDX-License-Identifier: GPL-2.0
/*
 * Type "sig" (issue 15): kfx_sig_verify() with ECDSA P-192, P-256, P-384
 * and P-521 public keys, against RFC 6979's signatures
 * (tests/vectors/ecdsa.vec, verified on the host with OpenSSL by
 * check-vectors.py), and every errno of the contract for create and
 * verify.  The only algorithms are "p1363(ecdsa-nist-pN)": r then s, each
 * the curve's size; "x962(...)" (DER) is refused like any other name.
 *
 * kfx_sig_verify()'s message is the digest that was signed: a longer one
 * counts by its leftmost bits, as many as the order has (the curve's
 * bytes, but 521 bits for P-521), a shorter one as a number.  The keys and
 * digests where verifiers go wrong are crypto_sig_edge.bpf.c's.
 * One SYSCALL program per case creates its ctx, verifies and releases it;
 * a create failure returns 1000 + its errno (905: -EOPNOTSUPP), a verify
 * that wrote into its buffers 500.  Packet and tracing programs take a
 * P-256 ctx a setup program put in a map.
 *
 * Kernels: "sig" works, with the same answers, on every kernel: kfx's own
 * ECDSA over the kernel's elliptic-curve library, P-521 where the library
 * has it (6.12+).  kfx_sig_verify() does not sleep anywhere: SYSCALL, tc,
 * action (6.4+), xdp, fentry and LSM programs all call it.  ECC_P521_API
 * (crypto_sig.h) tells the kernels with P-521 apart; the map users here
 * are for 6.2+ (bpf_rcu_read_lock), crypto_sig_6_1.bpf.c has 6.1's
 * (kptr_ref).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_sig.h"

#define TC_ACT_OK	0
#define P192		"p1363(ecdsa-nist-p192)"
#define P256		"p1363(ecdsa-nist-p256)"
#define P384		"p1363(ecdsa-nist-p384)"
#define P521		"p1363(ecdsa-nist-p521)"

/* ---- valid signatures: 0 ---- */

/* P-192 with SHA-256: a 32-byte digest, its left-most 24 bytes count. */
SEC("syscall")
__success __retval(0)
int p192_sha256_digest_longer_than_the_curve(void *ctx)
{
	return VERIFY(P192, ECDSA_P192_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P192_SHA256_SAMPLE_SIG);
}

/* P-192 with SHA-1: a 20-byte digest for a 24-byte curve. */
SEC("syscall")
__success __retval(0)
int p192_sha1_digest_shorter_than_the_curve(void *ctx)
{
	return VERIFY(P192, ECDSA_P192_PUB, ECDSA_SHA1_SAMPLE,
		      ECDSA_P192_SHA1_SAMPLE_SIG);
}

SEC("syscall")
__success __retval(0)
int p256_p1363_sha256_sample(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_SHA256_SAMPLE_SIG);
}

SEC("syscall")
__success __retval(0)
int p256_p1363_sha256_test(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_TEST,
		      ECDSA_P256_SHA256_TEST_SIG);
}

/* A 20-byte digest: a big-endian number, as if left-padded with zeros. */
SEC("syscall")
__success __retval(0)
int p256_sha1_digest_shorter_than_the_curve(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA1_SAMPLE,
		      ECDSA_P256_SHA1_SAMPLE_SIG);
}

/* The same digest given left-padded to 32 bytes: the same number. */
SEC("syscall")
__success __retval(0)
int p256_sha1_digest_left_padded_to_32_bytes(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB,
		      "\0\0\0\0\0\0\0\0\0\0\0\0" ECDSA_SHA1_SAMPLE,
		      ECDSA_P256_SHA1_SAMPLE_SIG);
}

/*
 * A 64-byte SHA-512 digest with P-256: only its left-most 32 bytes count
 * (FIPS 186-4 6.4, as RFC 6979 signed it and OpenSSL verifies it).
 */
SEC("syscall")
__success __retval(0)
int p256_sha512_digest_longer_than_the_curve(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA512_SAMPLE,
		      ECDSA_P256_SHA512_SAMPLE_SIG);
}

/* The same signature with only those 32 bytes given. */
SEC("syscall")
__success __retval(0)
int p256_sha512_digest_cut_to_32_bytes(void *ctx)
{
	return check_sig(SIG_CTX(P256, ECDSA_P256_PUB), ECDSA_SHA512_SAMPLE, 32,
			 ECDSA_P256_SHA512_SAMPLE_SIG, 64);
}

/*
 * And with every byte past those 32 inverted: still valid; with byte 31
 * inverted instead: -EKEYREJECTED.  0 when both are so, 1 + e when the
 * first gave -e, 2 when the second was not -EKEYREJECTED.
 */
SEC("syscall")
__success __retval(0)
int p256_sha512_digest_bytes_past_the_curve_ignored(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, ECDSA_P256_PUB);
	kfx_dynptr_t m1, g1, m2, g2;
	int past, last;

	if (!c)
		return 1000 + err;
	__builtin_memcpy(msg, ECDSA_SHA512_SAMPLE, 64);
	__builtin_memcpy(sig, ECDSA_P256_SHA512_SAMPLE_SIG, 64);
	for (int i = 32; i < 64; i++)
		msg[i] ^= 0xff;
	bpf_dynptr_from_mem(msg, 64, 0, &m1);
	bpf_dynptr_from_mem(sig, 64, 0, &g1);
	past = kfx_sig_verify(c, &m1, &g1);
	__builtin_memcpy(msg, ECDSA_SHA512_SAMPLE, 64);
	msg[31] ^= 0xff;
	bpf_dynptr_from_mem(msg, 64, 0, &m2);
	bpf_dynptr_from_mem(sig, 64, 0, &g2);
	last = kfx_sig_verify(c, &m2, &g2);
	kfx_crypto_ctx_release(c);
	if (past)
		return 1 - past;
	return last == -EKEYREJECTED ? 0 : 2;
}

SEC("syscall")
__success __retval(0)
int p384_p1363_sha384_sample(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA384_SAMPLE,
		      ECDSA_P384_SHA384_SAMPLE_SIG);
}

SEC("syscall")
__success __retval(0)
int p384_p1363_sha384_test(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA384_TEST,
		      ECDSA_P384_SHA384_TEST_SIG);
}

/* A 32-byte digest for a 48-byte curve. */
SEC("syscall")
__success __retval(0)
int p384_sha256_digest_shorter_than_the_curve(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P384_SHA256_SAMPLE_SIG);
}

/* SHA-512 with P-384: the digest's left-most 48 bytes. */
SEC("syscall")
__success __retval(0)
int p384_sha512_digest_longer_than_the_curve(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA512_SAMPLE,
		      ECDSA_P384_SHA512_SAMPLE_SIG);
}

/* P-521 (133-byte key, 132-byte signature), where the library has it. */
SEC("syscall")
__success __retval(0) __needs_ksym(ECC_P521_API)
int p521_p1363_sha512_sample(void *ctx)
{
	return VERIFY(P521, ECDSA_P521_PUB, ECDSA_SHA512_SAMPLE,
		      ECDSA_P521_SHA512_SAMPLE_SIG);
}

/* Where the library has no P-521 (6.1): refused at create. */
SEC("syscall")
__success __retval(-EOPNOTSUPP) __without_ksym(ECC_P521_API)
int p521_refused_without_the_librarys_p521(void *ctx)
{
	return create_refused(SIG_CTX(P521, ECDSA_P521_PUB));
}

/*
 * The whole path a program takes: SHA-256 of "sample" with a "hash" ctx,
 * that digest verified.  0, or 1 the hash ctx, 2 the hash, else verify's.
 */
SEC("syscall")
__success __retval(0)
int p256_hash_then_verify(void *ctx)
{
	struct kfx_crypto_ctx *h = CREATE_CTX("hash", "sha256", "", 0);
	kfx_dynptr_t m, d, g;
	int r;

	if (!h)
		return 1;
	__builtin_memcpy(msg, ECDSA_MSG_SAMPLE, 6);
	bpf_dynptr_from_mem(msg, 6, 0, &m);
	bpf_dynptr_from_mem(out, 32, 0, &d);
	r = kfx_crypto_hash(h, &m, &d);
	kfx_crypto_ctx_release(h);
	if (r)
		return 2;
	__builtin_memcpy(sig, ECDSA_P256_SHA256_SAMPLE_SIG, 64);
	bpf_dynptr_from_mem(sig, 64, 0, &g);
	h = SIG_CTX(P256, ECDSA_P256_PUB);
	if (!h)
		return 1000 + err;
	r = kfx_sig_verify(h, &d, &g);	/* the digest as written: out */
	kfx_crypto_ctx_release(h);
	return r;
}

/* One ctx, several verifications, a refused one in between. */
SEC("syscall")
__success __retval(0)
int p256_one_ctx_three_verifications(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, ECDSA_P256_PUB);
	kfx_dynptr_t m1, g1, m2, g2, m3, g3;
	int r1, r2, r3;

	if (!c)
		return 1000 + err;
	r1 = verify_with(c, &m1, &g1, ECDSA_SHA256_SAMPLE, 32,
			 ECDSA_P256_SHA256_SAMPLE_SIG, 64);
	r2 = verify_with(c, &m2, &g2, ECDSA_SHA256_SAMPLE, 32,
			 ECDSA_P256_BAD_S_FLIP, 64);
	r3 = verify_with(c, &m3, &g3, ECDSA_SHA256_TEST, 32,
			 ECDSA_P256_SHA256_TEST_SIG, 64);
	kfx_crypto_ctx_release(c);
	if (r1)
		return 1;
	if (r2 != -EKEYREJECTED)
		return 2;
	return r3 ? 3 : 0;
}

/* ---- invalid signatures: -EKEYREJECTED, -EBADMSG, -EINVAL ---- */

/* Well-formed, 0 < s < n, but not the signature: the kernel's -EKEYREJECTED. */
SEC("syscall")
__success __retval(-EKEYREJECTED)
int p192_s_bit_flipped(void *ctx)
{
	return VERIFY(P192, ECDSA_P192_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P192_BAD_S_FLIP);
}

SEC("syscall")
__success __retval(-EKEYREJECTED)
int p256_s_bit_flipped(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_BAD_S_FLIP);
}

/* The "sample" signature given the digest of "test". */
SEC("syscall")
__success __retval(-EKEYREJECTED)
int p256_digest_of_another_message(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_TEST,
		      ECDSA_P256_SHA256_SAMPLE_SIG);
}

/* r and s must be in [1, n - 1]. */
SEC("syscall")
__success __retval(-EBADMSG)
int p256_r_zero(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_BAD_R_ZERO);
}

SEC("syscall")
__success __retval(-EBADMSG)
int p256_s_equals_the_order(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_BAD_S_N);
}

SEC("syscall")
__success __retval(-EBADMSG)
int p256_r_equals_the_order(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_BAD_R_N);
}

SEC("syscall")
__success __retval(-EBADMSG)
int p256_s_zero(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_BAD_S_ZERO);
}

/* Valid, with R.x = n + 3 >= n: r is R.x mod n (SEC 1 4.1.4 step 7). */
SEC("syscall")
__success __retval(0)
int p256_r_is_x_mod_n(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_XN_PUB, ECDSA_P256_XN_DIGEST,
		      ECDSA_P256_XN_SIG);
}

SEC("syscall")
__success __retval(-EKEYREJECTED)
int p384_s_bit_flipped(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA384_SAMPLE,
		      ECDSA_P384_BAD_S_FLIP);
}

SEC("syscall")
__success __retval(-EKEYREJECTED)
int p384_digest_of_another_message(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA384_TEST,
		      ECDSA_P384_SHA384_SAMPLE_SIG);
}

SEC("syscall")
__success __retval(-EBADMSG)
int p384_r_zero(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA384_SAMPLE,
		      ECDSA_P384_BAD_R_ZERO);
}

SEC("syscall")
__success __retval(-EBADMSG)
int p384_s_equals_the_order(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA384_SAMPLE,
		      ECDSA_P384_BAD_S_N);
}

/* A signature is exactly 2 * the curve's bytes: 64 for P-256, 96 for P-384. */
SEC("syscall")
__success __retval(-EINVAL)
int p256_p1363_one_byte_short(void *ctx)
{
	return check_sig(SIG_CTX(P256, ECDSA_P256_PUB), ECDSA_SHA256_SAMPLE, 32,
			 ECDSA_P256_SHA256_SAMPLE_SIG, 63);
}

SEC("syscall")
__success __retval(-EINVAL)
int p256_p1363_one_byte_long(void *ctx)
{
	return check_sig(SIG_CTX(P256, ECDSA_P256_PUB), ECDSA_SHA256_SAMPLE, 32,
			 ECDSA_P256_SHA256_SAMPLE_SIG "\x00", 65);
}

SEC("syscall")
__success __retval(-EINVAL)
int p384_p1363_given_a_p256_signature(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_SHA256_SAMPLE_SIG);
}

SEC("syscall")
__success __retval(-EINVAL)
int p192_p1363_given_a_p256_signature(void *ctx)
{
	return VERIFY(P192, ECDSA_P192_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_SHA256_SAMPLE_SIG);
}

SEC("syscall")
__success __retval(-EINVAL)
int verify_empty_message(void *ctx)
{
	return check_sig(SIG_CTX(P256, ECDSA_P256_PUB), ECDSA_SHA256_SAMPLE, 0,
			 ECDSA_P256_SHA256_SAMPLE_SIG, 64);
}

SEC("syscall")
__success __retval(-EINVAL)
int verify_empty_signature(void *ctx)
{
	return check_sig(SIG_CTX(P256, ECDSA_P256_PUB), ECDSA_SHA256_SAMPLE, 32,
			 ECDSA_P256_SHA256_SAMPLE_SIG, 0);
}

/* A message dynptr bpf_dynptr_from_mem() refused (a null one): unreachable. */
SEC("syscall")
__success __retval(-EINVAL)
int verify_null_message_dynptr(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, ECDSA_P256_PUB);
	kfx_dynptr_t m, g;
	int r;

	if (!c)
		return 1000 + err;
	__builtin_memcpy(sig, ECDSA_P256_SHA256_SAMPLE_SIG, 64);
	if (bpf_dynptr_from_mem(msg, 32, 1, &m) != -EINVAL) {
		kfx_crypto_ctx_release(c);
		return 3;
	}
	bpf_dynptr_from_mem(sig, 64, 0, &g);
	r = kfx_sig_verify(c, &m, &g);
	kfx_crypto_ctx_release(c);
	return r;
}

/* ---- create, type "sig": what it refuses ---- */

/* Only the uncompressed form, 04 || X || Y. */
SEC("syscall")
__success __retval(-EINVAL)
int p256_key_first_byte_05(void *ctx)
{
	return create_refused(SIG_CTX(P256, ECDSA_P256_PUB_BAD_PREFIX));
}

SEC("syscall")
__success __retval(-EINVAL)
int p256_key_one_byte_short(void *ctx)
{
	return create_refused(SIG_CTX(P256, ECDSA_P256_PUB_SHORT));
}

/* A P-384 key (97 bytes) for a P-256 ctx, and the other way round. */
SEC("syscall")
__success __retval(-EINVAL)
int p256_key_of_p384_size(void *ctx)
{
	return create_refused(SIG_CTX(P256, ECDSA_P384_PUB));
}

SEC("syscall")
__success __retval(-EINVAL)
int p384_key_of_p256_size(void *ctx)
{
	return create_refused(SIG_CTX(P384, ECDSA_P256_PUB));
}

/* A point off the curve (Uy + 1). */
SEC("syscall")
__success __retval(-EINVAL)
int p256_key_not_on_the_curve(void *ctx)
{
	return create_refused(SIG_CTX(P256, ECDSA_P256_PUB_OFF_CURVE));
}

SEC("syscall")
__success __retval(-EINVAL)
int sig_without_a_key(void *ctx)
{
	return create_refused(SIG_CTX(P256, ""));
}

SEC("syscall")
__success __retval(-EOPNOTSUPP)
int sig_with_authsize(void *ctx)
{
	return create_refused(CREATE_CTX("sig", P256, ECDSA_P256_PUB, 64));
}

/* DER signatures are not taken, on any kernel: the name is refused. */
SEC("syscall")
__success __retval(-EOPNOTSUPP)
int sig_x962_refused(void *ctx)
{
	return create_refused(SIG_CTX("x962(ecdsa-nist-p256)", ECDSA_P256_PUB));
}

/* The kernel's bare akcipher/sig name is not one of kfx's. */
SEC("syscall")
__success __retval(-EOPNOTSUPP)
int sig_bare_ecdsa_name(void *ctx)
{
	return create_refused(SIG_CTX("ecdsa-nist-p256", ECDSA_P256_PUB));
}

/* Nor is a driver's name, though 6.13+ has one by it. */
SEC("syscall")
__success __retval(-EOPNOTSUPP)
int sig_driver_name_refused(void *ctx)
{
	return create_refused(SIG_CTX("p1363(ecdsa-nist-p256-generic)",
				      ECDSA_P256_PUB));
}

SEC("syscall")
__success __retval(-EOPNOTSUPP)
int sig_rsa(void *ctx)
{
	return create_refused(SIG_CTX("rsa", ECDSA_P256_PUB));
}

/* ---- which ECDSA verifies (kfx_ecdsa.c): kfx's, on every kernel ---- */

/* 0 when kfx_crypto_ctx_driver() names @want (@n bytes with its NUL). */
static __always_inline int p256_driver_is(const char *want, int n)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, ECDSA_P256_PUB);
	int len;

	if (!c)
		return 1000 + err;
	__builtin_memset(out, 0x5a, sizeof(out));
	len = kfx_crypto_ctx_driver(c, out, sizeof(out));
	kfx_crypto_ctx_release(c);
	if (len != n - 1)
		return 2000 + len;
	return differ(out, want, n);
}

SEC("syscall")
__success __retval(0)
int p256_driver_kfx_own(void *ctx)
{
	return p256_driver_is("kfx-ecdsa-nist-p256",
			      sizeof("kfx-ecdsa-nist-p256"));
}

/* ---- a ctx of one type given to another type's kfunc: -EINVAL ---- */

/* A sig ctx hashes nothing: -EINVAL, and out zeroed. */
SEC("syscall")
__success __retval(-EINVAL)
int hash_with_a_sig_ctx(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, ECDSA_P256_PUB);
	kfx_dynptr_t m, o;
	int r;

	if (!c)
		return 1000 + err;
	__builtin_memcpy(msg, ECDSA_MSG_SAMPLE, 6);
	__builtin_memset(out, 0xa5, 32);
	bpf_dynptr_from_mem(msg, 6, 0, &m);
	bpf_dynptr_from_mem(out, 32, 0, &o);
	r = kfx_crypto_hash(c, &m, &o);
	kfx_crypto_ctx_release(c);
	for (int i = 0; i < 32; i++)
		if (out[i])
			return 1;
	return r;
}

SEC("syscall")
__success __retval(-EINVAL)
int digestsize_of_a_sig_ctx(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, ECDSA_P256_PUB);
	int r;

	if (!c)
		return 1000 + err;
	r = kfx_crypto_ctx_digestsize(c);
	kfx_crypto_ctx_release(c);
	return r;
}

/* A sig ctx encrypts nothing either (kfx_crypto.h: no crypt, -EINVAL). */
SEC("syscall")
__success __retval(-EINVAL)
int encrypt_with_a_sig_ctx(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, ECDSA_P256_PUB);
	kfx_dynptr_t m, o;
	int r;

	if (!c)
		return 1000 + err;
	__builtin_memcpy(msg, ECDSA_SHA256_SAMPLE, 32);
	bpf_dynptr_from_mem(msg, 32, 0, &m);
	bpf_dynptr_from_mem(out, 32, 0, &o);
	r = kfx_crypto_encrypt_noiv(c, &m, &o);
	kfx_crypto_ctx_release(c);
	return r;
}

SEC("syscall")
__success __retval(-EINVAL)
int verify_with_a_hash_ctx(void *ctx)
{
	return check_sig(CREATE_CTX("hash", "sha256", "", 0), ECDSA_SHA256_SAMPLE,
			 32, ECDSA_P256_SHA256_SAMPLE_SIG, 64);
}

SEC("syscall")
__success __retval(-EINVAL)
int verify_with_a_skcipher_ctx(void *ctx)
{
	return check_sig(CREATE_CTX("skcipher", "ecb(aes)",
				    "\x2b\x7e\x15\x16\x28\xae\xd2\xa6"
				    "\xab\xf7\x15\x88\x09\xcf\x4f\x3c", 0),
			 ECDSA_SHA256_SAMPLE, 32,
			 ECDSA_P256_SHA256_SAMPLE_SIG, 64);
}

/* ---- program types: every one kfx serves, none needs to sleep ---- */

/* The P-256 ctx of the map users below (6.3+ "kptr" tag: not 6.1). */
SEC("syscall")
__success __retval(0) __needs_ksym("bpf_rcu_read_lock")
int setup_p256(void *ctx)
{
	return store_p256();
}

/* verify_with_map_ctx()'s codes (crypto_sig.h), 0 when right. */
SEC("tc")
__success __retval(TC_ACT_OK) __setup("setup_p256")
__needs_ksym("bpf_rcu_read_lock")
int tc_sig_verify(struct __sk_buff *skb)
{
	return verify_with_map_ctx();
}

/* SCHED_ACT has a kfunc hook from 6.4 (bpf_dynptr_from_skb came with it). */
SEC("action")
__success __retval(TC_ACT_OK) __setup("setup_p256")
__needs_ksym("bpf_dynptr_from_skb")
int act_sig_verify(struct __sk_buff *skb)
{
	return verify_with_map_ctx();
}

SEC("xdp")
__success __retval(2) __setup("setup_p256") __needs_ksym("bpf_rcu_read_lock")
int xdp_sig_verify(struct xdp_md *xdp)
{
	return verify_with_map_ctx() ?: XDP_PASS;
}

/*
 * Run by the driver on bpf_fentry_test1(): result.result is
 * verify_with_map_ctx()'s code, 0 when both answers were right.
 */
SEC("fentry/bpf_fentry_test1")
__success __setup("setup_p256") __driver("tracing_result")
__needs_ksym("bpf_rcu_read_lock")
int BPF_PROG(fentry_sig_verify, int a)
{
	result.result = verify_with_map_ctx();
	result.ran = 1;
	return 0;
}

/*
 * A sleepable program may call it too (bpf_fentry_test1 allows error
 * injection, so fentry.s may attach).
 */
SEC("fentry.s/bpf_fentry_test1")
__success __setup("setup_p256") __driver("tracing_result")
__needs_ksym("bpf_rcu_read_lock")
int BPF_PROG(fentry_sleepable_sig_verify, int a)
{
	result.result = verify_with_map_ctx();
	result.ran = 1;
	return 0;
}

/* LSM programs share the TRACING hook: the verifier's verdict is the test. */
SEC("lsm/file_open")
__success __needs_ksym("bpf_rcu_read_lock")
int BPF_PROG(lsm_sig_verify, struct file *file)
{
	verify_with_map_ctx();
	return 0;
}

/*
 * A ctx that is neither referenced nor RCU-protected, such as a tracing
 * program's argument (here the ctx being released, perhaps freed next),
 * is refused: KF_RCU.  6.1 words it otherwise (crypto_sig_6_1.bpf.c).
 */
SEC("fentry/kfx_crypto_ctx_release")
__failure __msg("R1 must be a rcu pointer") __needs_ksym("bpf_rcu_read_lock")
int BPF_PROG(fentry_sig_verify_with_an_argument_ctx, struct kfx_crypto_ctx *c)
{
	kfx_dynptr_t m, g;

	if (!c)
		return 0;
	bpf_dynptr_from_mem(msg, 32, 0, &m);
	bpf_dynptr_from_mem(sig, 64, 0, &g);
	result.result = kfx_sig_verify(c, &m, &g);
	return 0;
}

char _license[] SEC("license") = "GPL";
