// SPDX-License-Identifier: GPL-2.0
/*
 * Type "aead", beyond upstream: known answers for gcm(aes) (the GCM
 * specification's test case 2, which NIST SP 800-38D's test vectors
 * include) and rfc7539(chacha20,poly1305) (RFC 8439 section 2.8.2), the
 * associated data carried after the IV in the siv, and a tampered message
 * refused with -EBADMSG and nothing usable written.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_test.h"
#include "crypto_vectors.h"

struct kfx_crypto_params params;
char src[160], dst[160], back[160], siv[32];
int err;

/*
 * Seal @n bytes of @pt with the siv @sv (IV then AD, @svlen bytes): the
 * output must be @ct then @tag (16 bytes); open it again; then flip one
 * bit of the tag and expect -EBADMSG with the output zeroed.
 */
static __always_inline int seal_open(struct kfx_crypto_ctx *c, const char *pt,
				     int n, const char *sv, int svlen,
				     const char *ct, const char *tag)
{
	kfx_dynptr_t s, d, b, v;
	int r;

	__builtin_memcpy(src, pt, n);
	__builtin_memcpy(siv, sv, svlen);
	bpf_dynptr_from_mem(src, n, 0, &s);
	bpf_dynptr_from_mem(dst, n + 16, 0, &d);
	bpf_dynptr_from_mem(back, n, 0, &b);
	bpf_dynptr_from_mem(siv, svlen, 0, &v);
	r = kfx_crypto_encrypt(c, &s, &d, &v);
	if (r)
		return 1000 - r;
	r = differ(dst, ct, n);
	if (r)
		return 100 + r;
	if (differ(dst + n, tag, 16))
		return 300;
	r = kfx_crypto_decrypt(c, &d, &b, &v);
	if (r)
		return 2000 - r;
	r = differ(back, pt, n);
	if (r)
		return 200 + r;
	dst[n + 15] ^= 1;
	r = kfx_crypto_decrypt(c, &d, &b, &v);
	if (r != -EBADMSG)
		return 3000 - r;
	for (int i = 0; i < n; i++)
		if (back[i])
			return 400;
	return 0;
}

SEC("syscall")
__success __retval(0)
int gcm_known_answer(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("aead", "gcm(aes)", GCM_TC2_KEY, 16);
	int r;

	if (!c)
		return err;
	r = seal_open(c, GCM_TC2_PT, 16, GCM_TC2_IV, 12, GCM_TC2_CT,
		      GCM_TC2_TAG);
	kfx_crypto_ctx_release(c);
	return r;
}

/* Test case 4: 60 bytes, 20 bytes of associated data after the 12-byte IV. */
SEC("syscall")
__success __retval(0)
int gcm_known_answer_with_associated_data(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("aead", "gcm(aes)", GCM_TC4_KEY, 16);
	int r;

	if (!c)
		return err;
	r = seal_open(c, GCM_TC4_PT, GCM_TC4_PT_LEN, GCM_TC4_IV_AAD,
		      GCM_TC4_IV_AAD_LEN, GCM_TC4_CT, GCM_TC4_TAG);
	kfx_crypto_ctx_release(c);
	return r;
}

/* 114 bytes, with 12 bytes of associated data after the 12-byte nonce. */
SEC("syscall")
__success __retval(0)
int chacha20poly1305_known_answer(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("aead",
					      "rfc7539(chacha20,poly1305)",
					      RFC8439_AEAD_KEY, 16);
	int r;

	if (!c)
		return err;
	r = seal_open(c, RFC8439_PT, 114, RFC8439_AEAD_NONCE_AAD, 24,
		      RFC8439_AEAD_CT, RFC8439_AEAD_TAG);
	kfx_crypto_ctx_release(c);
	return r;
}

/*
 * rfc4106(gcm(aes)), as ESP uses it: a 20-byte key (AES-128 key, then a
 * 4-byte salt), an 8-byte IV, and associated data that must be 16 or 20
 * bytes and end with a copy of the IV.  No published vector fits those
 * rules as-is: a sealed message must open again, and not once tampered.
 */
SEC("syscall")
__success __retval(0)
int rfc4106_round_trip(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("aead", "rfc4106(gcm(aes))",
					      SP800_38A_KEY128 "salt", 16);
	kfx_dynptr_t s, d, b, v;
	int r;

	if (!c)
		return err;
	__builtin_memcpy(src, SP800_38A_PT, 64);
	/* IV, then AD: SPI and sequence number, then the IV again */
	__builtin_memcpy(siv, "\x01\x02\x03\x04\x05\x06\x07\x08"
			      "SPI.SEQ.\x01\x02\x03\x04\x05\x06\x07\x08", 24);
	bpf_dynptr_from_mem(src, 64, 0, &s);
	bpf_dynptr_from_mem(dst, 80, 0, &d);
	bpf_dynptr_from_mem(back, 64, 0, &b);
	bpf_dynptr_from_mem(siv, 24, 0, &v);
	r = kfx_crypto_encrypt(c, &s, &d, &v);
	if (!r && !differ(dst, SP800_38A_PT, 16))
		r = 100;	/* not encrypted */
	if (!r)
		r = kfx_crypto_decrypt(c, &d, &b, &v);
	if (!r && differ(back, SP800_38A_PT, 64))
		r = 200;
	if (!r) {
		siv[9] ^= 1;	/* the associated data is authenticated too */
		r = kfx_crypto_decrypt(c, &d, &b, &v) == -EBADMSG ? 0 : 300;
	}
	kfx_crypto_ctx_release(c);
	return r;
}

/* An AEAD needs its tag size; a skcipher must not have one. */
SEC("syscall")
__success __retval(-EOPNOTSUPP)
int aead_without_authsize(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("aead", "gcm(aes)", GCM_TC2_KEY, 0);

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

SEC("syscall")
__success __retval(-EINVAL)
int aead_authsize_gcm_refuses(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("aead", "gcm(aes)", GCM_TC2_KEY, 3);

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/* Encrypting needs room for the tag; a siv shorter than the IV is refused. */
SEC("syscall")
__success __retval(0)
int aead_short_buffers(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("aead", "gcm(aes)", GCM_TC2_KEY, 16);
	kfx_dynptr_t s, d, v, d2, v2;
	int r1, r2;

	if (!c)
		return err;
	bpf_dynptr_from_mem(src, 16, 0, &s);
	bpf_dynptr_from_mem(dst, 31, 0, &d);
	bpf_dynptr_from_mem(siv, 12, 0, &v);
	r1 = kfx_crypto_encrypt(c, &s, &d, &v);
	bpf_dynptr_from_mem(dst, 32, 0, &d2);
	bpf_dynptr_from_mem(siv, 11, 0, &v2);
	r2 = kfx_crypto_encrypt(c, &s, &d2, &v2);
	kfx_crypto_ctx_release(c);
	if (r1 != -EINVAL)
		return 1;
	return r2 == -EINVAL ? 0 : 2;
}

char _license[] SEC("license") = "GPL";
