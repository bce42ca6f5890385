// SPDX-License-Identifier: GPL-2.0
/*
 * Type "sig" (issue 15): kfx_sig_verify() with ECDSA P-256 and P-384 public
 * keys, against RFC 6979's signatures (tests/vectors/ecdsa.vec, verified
 * on the host with OpenSSL by check-vectors.py), in both encodings, and
 * every errno of the contract for create and verify.
 *
 * kfx_sig_verify()'s message is the digest that was signed.  One SYSCALL
 * program per case creates its ctx, verifies and releases it; a create
 * failure returns 1000 + its errno (905: -EOPNOTSUPP), a verify that wrote
 * into its buffers 500.  Packet and tracing programs take a P-256 ctx a
 * setup program put in a map.
 *
 * Kernels: Debian's 6.1 has no ECDSA at all (sig_absent_without_ecdsa
 * says what kfx answers there); 6.12 verifies through the akcipher, where
 * kfx_sig_verify() is sleepable, and 6.13+ through crypto_sig, where
 * packet and tracing programs may call it too.  HAVE_ECDSA and
 * SIG_ALG_API (crypto_sig.h) are the vmlinux functions that tell them
 * apart; crypto_sig_6_1.bpf.c has 6.1's program-type cases.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_sig.h"

#define TC_ACT_OK	0
#define P256		"p1363(ecdsa-nist-p256)"
#define P384		"p1363(ecdsa-nist-p384)"
#define P256_DER	"x962(ecdsa-nist-p256)"
#define P384_DER	"x962(ecdsa-nist-p384)"

/* ---- valid signatures: 0 ---- */

SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p256_p1363_sha256_sample(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_SHA256_SAMPLE_SIG);
}

SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p256_p1363_sha256_test(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_TEST,
		      ECDSA_P256_SHA256_TEST_SIG);
}

/* DER, r and s both with a leading 00 (72 bytes). */
SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p256_x962_sha256_sample(void *ctx)
{
	return VERIFY(P256_DER, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_SHA256_SAMPLE_DER);
}

/* DER, s without a leading 00 (71 bytes). */
SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p256_x962_sha256_test(void *ctx)
{
	return VERIFY(P256_DER, ECDSA_P256_PUB, ECDSA_SHA256_TEST,
		      ECDSA_P256_SHA256_TEST_DER);
}

/* A 20-byte digest: a big-endian number, as if left-padded with zeros. */
SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p256_sha1_digest_shorter_than_the_curve(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA1_SAMPLE,
		      ECDSA_P256_SHA1_SAMPLE_SIG);
}

/*
 * A 64-byte SHA-512 digest with P-256: only its left-most 32 bytes count
 * (FIPS 186-4 6.4, as RFC 6979 signed it and OpenSSL verifies it).
 */
SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p256_sha512_digest_longer_than_the_curve(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA512_SAMPLE,
		      ECDSA_P256_SHA512_SAMPLE_SIG);
}

/* The same signature with only those 32 bytes given. */
SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p256_sha512_digest_cut_to_32_bytes(void *ctx)
{
	return check_sig(SIG_CTX(P256, ECDSA_P256_PUB), ECDSA_SHA512_SAMPLE, 32,
			 ECDSA_P256_SHA512_SAMPLE_SIG, 64);
}

SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p256_x962_sha512_digest_longer_than_the_curve(void *ctx)
{
	return VERIFY(P256_DER, ECDSA_P256_PUB, ECDSA_SHA512_SAMPLE,
		      ECDSA_P256_SHA512_SAMPLE_DER);
}

SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p384_p1363_sha384_sample(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA384_SAMPLE,
		      ECDSA_P384_SHA384_SAMPLE_SIG);
}

SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p384_p1363_sha384_test(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA384_TEST,
		      ECDSA_P384_SHA384_TEST_SIG);
}

SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p384_x962_sha384_sample(void *ctx)
{
	return VERIFY(P384_DER, ECDSA_P384_PUB, ECDSA_SHA384_SAMPLE,
		      ECDSA_P384_SHA384_SAMPLE_DER);
}

SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p384_x962_sha384_test(void *ctx)
{
	return VERIFY(P384_DER, ECDSA_P384_PUB, ECDSA_SHA384_TEST,
		      ECDSA_P384_SHA384_TEST_DER);
}

/* A 32-byte digest for a 48-byte curve; r's DER INTEGER has no 00. */
SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p384_sha256_digest_shorter_than_the_curve(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P384_SHA256_SAMPLE_SIG);
}

SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p384_x962_sha256_digest_shorter_than_the_curve(void *ctx)
{
	return VERIFY(P384_DER, ECDSA_P384_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P384_SHA256_SAMPLE_DER);
}

/* SHA-512 with P-384: the digest's left-most 48 bytes. */
SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p384_sha512_digest_longer_than_the_curve(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA512_SAMPLE,
		      ECDSA_P384_SHA512_SAMPLE_SIG);
}

/*
 * The whole path a program takes: SHA-256 of "sample" with a "hash" ctx,
 * that digest verified.  0, or 1 the hash ctx, 2 the hash, else verify's.
 */
SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
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
__success __retval(0) __needs_ksym(HAVE_ECDSA)
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
__success __retval(-EKEYREJECTED) __needs_ksym(HAVE_ECDSA)
int p256_s_bit_flipped(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_BAD_S_FLIP);
}

/* The "sample" signature given the digest of "test". */
SEC("syscall")
__success __retval(-EKEYREJECTED) __needs_ksym(HAVE_ECDSA)
int p256_digest_of_another_message(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_TEST,
		      ECDSA_P256_SHA256_SAMPLE_SIG);
}

/* r and s must be in [1, n - 1]. */
SEC("syscall")
__success __retval(-EBADMSG) __needs_ksym(HAVE_ECDSA)
int p256_r_zero(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_BAD_R_ZERO);
}

SEC("syscall")
__success __retval(-EBADMSG) __needs_ksym(HAVE_ECDSA)
int p256_s_equals_the_order(void *ctx)
{
	return VERIFY(P256, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_BAD_S_N);
}

SEC("syscall")
__success __retval(-EBADMSG) __needs_ksym(HAVE_ECDSA)
int p256_x962_r_zero(void *ctx)
{
	return VERIFY(P256_DER, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_BAD_R_ZERO_DER);
}

/* Malformed DER: -EBADMSG (the kernel's ASN.1 decoder). */
SEC("syscall")
__success __retval(-EBADMSG) __needs_ksym(HAVE_ECDSA)
int p256_x962_set_not_sequence(void *ctx)
{
	return VERIFY(P256_DER, ECDSA_P256_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_BAD_DER_TAG);
}

/* The DER signature without its last byte: its lengths overrun the data. */
SEC("syscall")
__success __retval(-EBADMSG) __needs_ksym(HAVE_ECDSA)
int p256_x962_truncated(void *ctx)
{
	return check_sig(SIG_CTX(P256_DER, ECDSA_P256_PUB), ECDSA_SHA256_SAMPLE,
			 32, ECDSA_P256_SHA256_SAMPLE_DER,
			 ECDSA_P256_SHA256_SAMPLE_DER_LEN - 1);
}

SEC("syscall")
__success __retval(-EKEYREJECTED) __needs_ksym(HAVE_ECDSA)
int p384_s_bit_flipped(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA384_SAMPLE,
		      ECDSA_P384_BAD_S_FLIP);
}

SEC("syscall")
__success __retval(-EKEYREJECTED) __needs_ksym(HAVE_ECDSA)
int p384_digest_of_another_message(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA384_TEST,
		      ECDSA_P384_SHA384_SAMPLE_SIG);
}

SEC("syscall")
__success __retval(-EBADMSG) __needs_ksym(HAVE_ECDSA)
int p384_r_zero(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA384_SAMPLE,
		      ECDSA_P384_BAD_R_ZERO);
}

SEC("syscall")
__success __retval(-EBADMSG) __needs_ksym(HAVE_ECDSA)
int p384_s_equals_the_order(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA384_SAMPLE,
		      ECDSA_P384_BAD_S_N);
}

/* P1363 is exactly 2 * the curve's bytes: 64 for P-256, 96 for P-384. */
SEC("syscall")
__success __retval(-EINVAL) __needs_ksym(HAVE_ECDSA)
int p256_p1363_one_byte_short(void *ctx)
{
	return check_sig(SIG_CTX(P256, ECDSA_P256_PUB), ECDSA_SHA256_SAMPLE, 32,
			 ECDSA_P256_SHA256_SAMPLE_SIG, 63);
}

SEC("syscall")
__success __retval(-EINVAL) __needs_ksym(HAVE_ECDSA)
int p256_p1363_one_byte_long(void *ctx)
{
	return check_sig(SIG_CTX(P256, ECDSA_P256_PUB), ECDSA_SHA256_SAMPLE, 32,
			 ECDSA_P256_SHA256_SAMPLE_SIG "\x00", 65);
}

SEC("syscall")
__success __retval(-EINVAL) __needs_ksym(HAVE_ECDSA)
int p384_p1363_given_a_p256_signature(void *ctx)
{
	return VERIFY(P384, ECDSA_P384_PUB, ECDSA_SHA256_SAMPLE,
		      ECDSA_P256_SHA256_SAMPLE_SIG);
}

SEC("syscall")
__success __retval(-EINVAL) __needs_ksym(HAVE_ECDSA)
int verify_empty_message(void *ctx)
{
	return check_sig(SIG_CTX(P256, ECDSA_P256_PUB), ECDSA_SHA256_SAMPLE, 0,
			 ECDSA_P256_SHA256_SAMPLE_SIG, 64);
}

SEC("syscall")
__success __retval(-EINVAL) __needs_ksym(HAVE_ECDSA)
int verify_empty_signature(void *ctx)
{
	return check_sig(SIG_CTX(P256, ECDSA_P256_PUB), ECDSA_SHA256_SAMPLE, 32,
			 ECDSA_P256_SHA256_SAMPLE_SIG, 0);
}

/* A message dynptr bpf_dynptr_from_mem() refused (a null one): unreachable. */
SEC("syscall")
__success __retval(-EINVAL) __needs_ksym(HAVE_ECDSA)
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
__success __retval(-EINVAL) __needs_ksym(HAVE_ECDSA)
int p256_key_first_byte_05(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, ECDSA_P256_PUB_BAD_PREFIX);

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

SEC("syscall")
__success __retval(-EINVAL) __needs_ksym(HAVE_ECDSA)
int p256_key_one_byte_short(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, ECDSA_P256_PUB_SHORT);

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/* A P-384 key (97 bytes) for a P-256 ctx. */
SEC("syscall")
__success __retval(-EINVAL) __needs_ksym(HAVE_ECDSA)
int p256_key_of_p384_size(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, ECDSA_P384_PUB);

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/*
 * A point off the curve: refused, by -EINVAL or, where the kernel's full
 * public-key check says so, -EKEYREJECTED (contract: negative, no ctx).
 * 0, or 1 a ctx was made, 2 no errno.
 */
SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int p256_key_not_on_the_curve(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, ECDSA_P256_PUB_OFF_CURVE);

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err == -EINVAL || err == -EKEYREJECTED ? 0 : 2;
}

SEC("syscall")
__success __retval(-EINVAL) __needs_ksym(HAVE_ECDSA)
int sig_without_a_key(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, "");

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/* Not kernel-dependent: refused before any algorithm is looked up. */
SEC("syscall")
__success __retval(-EOPNOTSUPP)
int sig_with_authsize(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("sig", P256, ECDSA_P256_PUB, 64);

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/* The kernel's bare akcipher/sig name is not one of kfx's. */
SEC("syscall")
__success __retval(-EOPNOTSUPP)
int sig_bare_ecdsa_name(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX("ecdsa-nist-p256", ECDSA_P256_PUB);

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

SEC("syscall")
__success __retval(-EOPNOTSUPP)
int sig_rsa(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX("rsa", ECDSA_P256_PUB);

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/*
 * Debian's 6.1 has no ECDSA (CONFIG_CRYPTO_ECDSA is not set): no "sig"
 * ctx there, -EOPNOTSUPP as for an algorithm the kernel lacks.
 */
SEC("syscall")
__success __retval(-EOPNOTSUPP) __without_ksym(HAVE_ECDSA)
int sig_absent_without_ecdsa(void *ctx)
{
	struct kfx_crypto_ctx *c = SIG_CTX(P256, ECDSA_P256_PUB);

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/* ---- a ctx of one type given to another type's kfunc: -EINVAL ---- */

/* A sig ctx hashes nothing: -EINVAL, and out zeroed. */
SEC("syscall")
__success __retval(-EINVAL) __needs_ksym(HAVE_ECDSA)
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
__success __retval(-EINVAL) __needs_ksym(HAVE_ECDSA)
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

/* Every kernel: a hash ctx verifies nothing. */
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

/* ---- program types ---- */

/* The P-256 ctx of the map users below. */
SEC("syscall")
__success __retval(0) __needs_ksym(HAVE_ECDSA)
int setup_p256(void *ctx)
{
	return store_p256();
}

/*
 * 6.13+: packet and tracing programs verify, not sleeping.
 * verify_with_map_ctx()'s codes (crypto_sig.h), 0 when right.
 */
SEC("tc")
__success __retval(TC_ACT_OK) __setup("setup_p256") __needs_ksym(SIG_ALG_API)
int tc_sig_verify(struct __sk_buff *skb)
{
	return verify_with_map_ctx();
}

SEC("action")
__success __retval(TC_ACT_OK) __setup("setup_p256") __needs_ksym(SIG_ALG_API)
int act_sig_verify(struct __sk_buff *skb)
{
	return verify_with_map_ctx();
}

SEC("xdp")
__success __retval(2) __setup("setup_p256") __needs_ksym(SIG_ALG_API)
int xdp_sig_verify(struct xdp_md *xdp)
{
	return verify_with_map_ctx() ?: XDP_PASS;
}

SEC("fentry/bpf_fentry_test1")
__success __setup("setup_p256") __driver("tracing_result")
__needs_ksym(SIG_ALG_API)
int BPF_PROG(fentry_sig_verify, int a)
{
	result.result = verify_with_map_ctx();
	result.ran = 1;
	return 0;
}

/*
 * Before 6.13 kfx_sig_verify() is KF_SLEEPABLE (the akcipher allocates
 * with GFP_KERNEL): the verifier refuses it in a program that is not.
 * (6.1 words it differently: crypto_sig_6_1.bpf.c.)
 */
SEC("tc")
__failure __msg("program must be sleepable to call sleepable kfunc kfx_sig_verify")
__without_ksym(SIG_ALG_API) __needs_ksym("bpf_rcu_read_lock")
int tc_sig_verify_before_6_13(struct __sk_buff *skb)
{
	return verify_with_map_ctx();
}

/* SCHED_ACT has a kfunc hook from 6.4 (bpf_dynptr_from_skb came with it). */
SEC("action")
__failure __msg("program must be sleepable to call sleepable kfunc kfx_sig_verify")
__without_ksym(SIG_ALG_API) __needs_ksym("bpf_dynptr_from_skb")
int act_sig_verify_before_6_13(struct __sk_buff *skb)
{
	return verify_with_map_ctx();
}

SEC("xdp")
__failure __msg("program must be sleepable to call sleepable kfunc kfx_sig_verify")
__without_ksym(SIG_ALG_API) __needs_ksym("bpf_rcu_read_lock")
int xdp_sig_verify_before_6_13(struct xdp_md *xdp)
{
	return verify_with_map_ctx() ?: XDP_PASS;
}

SEC("fentry/bpf_fentry_test1")
__failure __msg("program must be sleepable to call sleepable kfunc kfx_sig_verify")
__without_ksym(SIG_ALG_API) __needs_ksym("bpf_rcu_read_lock")
int BPF_PROG(fentry_sig_verify_before_6_13, int a)
{
	result.result = verify_with_map_ctx();
	return 0;
}

/*
 * A sleepable tracing program may call it on every kernel with ECDSA
 * (bpf_fentry_test1 allows error injection, so fentry.s may attach).
 */
SEC("fentry.s/bpf_fentry_test1")
__success __setup("setup_p256") __driver("tracing_result")
__needs_ksym(HAVE_ECDSA)
int BPF_PROG(fentry_sleepable_sig_verify, int a)
{
	result.result = verify_with_map_ctx();
	result.ran = 1;
	return 0;
}

/* LSM programs share the TRACING hook; file_open may sleep.  Verdict only. */
SEC("lsm.s/file_open")
__success __needs_ksym("bpf_rcu_read_lock")
int BPF_PROG(lsm_sleepable_sig_verify, struct file *file)
{
	verify_with_map_ctx();
	return 0;
}

char _license[] SEC("license") = "GPL";
