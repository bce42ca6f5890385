// SPDX-License-Identifier: GPL-2.0
/*
 * The crypto family, on every kernel: SYSCALL programs that create a ctx,
 * encrypt and decrypt known answers (tests/progs/crypto_vectors.h) over
 * local dynptrs, and release it; create's and encrypt's errnos; what the
 * verifier must refuse.  kfx serves encrypt/decrypt to SYSCALL programs
 * too, so one program holds the whole life of a ctx, on 6.1 as well.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_test.h"
#include "crypto_vectors.h"

struct kfx_crypto_params params;
char src[128], dst[128], back[128], iv[16];
int err;

/*
 * Encrypt the SP 800-38A plaintext, compare with @ct, decrypt it back
 * (@with_iv: from the IV @ivv, reset before each direction).  Return 0,
 * 1000 + errno-ish codes for failed calls, or 100 + the first bad byte.
 */
static __always_inline int kat(struct kfx_crypto_ctx *ctx, const char *ct,
			       const char *ivv, bool with_iv)
{
	kfx_dynptr_t s, d, b, v;
	int r;

	__builtin_memcpy(src, SP800_38A_PT, 64);
	bpf_dynptr_from_mem(src, 64, 0, &s);
	bpf_dynptr_from_mem(dst, 64, 0, &d);
	bpf_dynptr_from_mem(back, 64, 0, &b);
	bpf_dynptr_from_mem(iv, 16, 0, &v);
	if (with_iv) {
		__builtin_memcpy(iv, ivv, 16);
		r = kfx_crypto_encrypt(ctx, &s, &d, &v);
	} else {
		r = kfx_crypto_encrypt_noiv(ctx, &s, &d);
	}
	if (r)
		return 1000 - r;
	r = differ(dst, ct, 64);
	if (r)
		return 100 + r;
	if (with_iv) {
		__builtin_memcpy(iv, ivv, 16);
		r = kfx_crypto_decrypt(ctx, &d, &b, &v);
	} else {
		r = kfx_crypto_decrypt_noiv(ctx, &d, &b);
	}
	if (r)
		return 2000 - r;
	r = differ(back, SP800_38A_PT, 64);
	return r ? 200 + r : 0;
}

SEC("syscall")
__success __retval(0)
int ecb128_known_answer(void *ctx)
{
	struct kfx_crypto_ctx *c;
	int r;

	c = CREATE_CTX("skcipher", "ecb(aes)", SP800_38A_KEY128, 0);
	if (!c)
		return err;
	r = kat(c, SP800_38A_ECB128_CT, NULL, false);
	kfx_crypto_ctx_release(c);
	return r;
}

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} ring SEC(".maps");

/*
 * A ringbuf dynptr: the known answer encrypted into a ring buffer record
 * and decrypted out of it.  6.1's verifier passes only local dynptrs to
 * kfuncs (ringbuf ones from 6.2): there it must refuse the program.
 */
static __always_inline int ringbuf_round_trip(void)
{
	kfx_dynptr_t s, r, b;
	struct kfx_crypto_ctx *c;
	int e1, e2 = 0, e3 = 0;

	c = CREATE_CTX("skcipher", "ecb(aes)", SP800_38A_KEY128, 0);
	if (!c)
		return err;
	__builtin_memcpy(src, SP800_38A_PT, 64);
	bpf_dynptr_from_mem(src, 64, 0, &s);
	bpf_dynptr_from_mem(back, 64, 0, &b);
	e1 = bpf_ringbuf_reserve_dynptr(&ring, 64, 0, &r);
	if (!e1)
		e2 = kfx_crypto_encrypt_noiv(c, &s, &r);
	if (!e1 && !e2)
		e2 = bpf_dynptr_read(dst, 64, &r, 0, 0);
	if (!e1 && !e2)
		e3 = kfx_crypto_decrypt_noiv(c, &r, &b);
	bpf_ringbuf_discard_dynptr(&r, 0);
	kfx_crypto_ctx_release(c);
	if (e1 || e2 || e3)
		return 1000 + (e1 ? 1 : e2 ? 2 : 3);
	if (differ(dst, SP800_38A_ECB128_CT, 64))
		return 2;
	return differ(back, SP800_38A_PT, 64) ? 3 : 0;
}

SEC("syscall")
__success __retval(0) __needs_ksym("bpf_rcu_read_lock")
int ecb128_through_ringbuf(void *ctx)
{
	return ringbuf_round_trip();
}

SEC("syscall")
__failure __msg("points to unsupported dynamic pointer type")
__without_ksym("bpf_rcu_read_lock")
int ecb128_through_ringbuf_6_1(void *ctx)
{
	return ringbuf_round_trip();
}

SEC("syscall")
__success __retval(0)
int ecb256_known_answer(void *ctx)
{
	struct kfx_crypto_ctx *c;
	int r;

	c = CREATE_CTX("skcipher", "ecb(aes)", SP800_38A_KEY256, 0);
	if (!c)
		return err;
	r = kat(c, SP800_38A_ECB256_CT, NULL, false);
	kfx_crypto_ctx_release(c);
	return r;
}

SEC("syscall")
__success __retval(0)
int cbc128_known_answer(void *ctx)
{
	struct kfx_crypto_ctx *c;
	int r;

	c = CREATE_CTX("skcipher", "cbc(aes)", SP800_38A_KEY128, 0);
	if (!c)
		return err;
	r = kat(c, SP800_38A_CBC128_CT, SP800_38A_CBC_IV, true);
	kfx_crypto_ctx_release(c);
	return r;
}

SEC("syscall")
__success __retval(0)
int ctr128_known_answer(void *ctx)
{
	struct kfx_crypto_ctx *c;
	int r;

	c = CREATE_CTX("skcipher", "ctr(aes)", SP800_38A_KEY128, 0);
	if (!c)
		return err;
	r = kat(c, SP800_38A_CTR128_CT, SP800_38A_CTR_IV, true);
	kfx_crypto_ctx_release(c);
	return r;
}

/*
 * @n bytes of @pt (n < 128) encrypted with IV @ivv must give @ct, and
 * decrypt back; codes as kat().
 */
static __always_inline int kat_n(struct kfx_crypto_ctx *ctx, const char *pt,
				 const char *ct, int n, const char *ivv)
{
	kfx_dynptr_t s, d, b, v;
	int r;

	__builtin_memcpy(src, pt, n);
	bpf_dynptr_from_mem(src, n, 0, &s);
	bpf_dynptr_from_mem(dst, n, 0, &d);
	bpf_dynptr_from_mem(back, n, 0, &b);
	bpf_dynptr_from_mem(iv, 16, 0, &v);
	__builtin_memcpy(iv, ivv, 16);
	r = kfx_crypto_encrypt(ctx, &s, &d, &v);
	if (r)
		return 1000 - r;
	r = differ(dst, ct, n);
	if (r)
		return 100 + r;
	__builtin_memcpy(iv, ivv, 16);
	r = kfx_crypto_decrypt(ctx, &d, &b, &v);
	if (r)
		return 2000 - r;
	r = differ(back, pt, n);
	return r ? 200 + r : 0;
}

SEC("syscall")
__success __retval(0)
int xts128_known_answer(void *ctx)
{
	struct kfx_crypto_ctx *c;
	int r;

	c = CREATE_CTX("skcipher", "xts(aes)", IEEE1619_V1_KEY, 0);
	if (!c)
		return err;
	r = kat_n(c, IEEE1619_V1_PT, IEEE1619_V1_CT, 32,
		  "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0");
	kfx_crypto_ctx_release(c);
	return r;
}

/* A stream cipher: 114 bytes, not a multiple of any block. */
SEC("syscall")
__success __retval(0)
int chacha20_known_answer(void *ctx)
{
	struct kfx_crypto_ctx *c;
	int r;

	c = CREATE_CTX("skcipher", "chacha20", RFC8439_KEY, 0);
	if (!c)
		return err;
	r = kat_n(c, RFC8439_PT, RFC8439_CT, 114, RFC8439_IV);
	kfx_crypto_ctx_release(c);
	return r;
}

/*
 * A NULL siv where the cipher has none: accepted by 6.11+ verifiers (the
 * matrix's kernels with upstream's crypto kfuncs, 6.10+, are all 6.11+).
 */
SEC("syscall")
__success __retval(0) __needs_ksym("bpf_crypto_ctx_create")
int ecb_null_siv(void *ctx)
{
	struct kfx_crypto_ctx *c;
	kfx_dynptr_t s, d;
	int r;

	c = CREATE_CTX("skcipher", "ecb(aes)", SP800_38A_KEY128, 0);
	if (!c)
		return err;
	__builtin_memcpy(src, SP800_38A_PT, 64);
	bpf_dynptr_from_mem(src, 64, 0, &s);
	bpf_dynptr_from_mem(dst, 64, 0, &d);
	r = kfx_crypto_encrypt(c, &s, &d, NULL);
	kfx_crypto_ctx_release(c);
	if (r)
		return 1000 - r;
	r = differ(dst, SP800_38A_ECB128_CT, 64);
	return r ? 100 + r : 0;
}

/* 6.1's verifier has no nullable kfunc arguments: use _noiv there. */
SEC("syscall")
__failure __msg("arg#3") __without_ksym("bpf_crypto_ctx_create")
int ecb_null_siv_refused_before_6_11(void *ctx)
{
	struct kfx_crypto_ctx *c;
	kfx_dynptr_t s, d;
	int r;

	c = CREATE_CTX("skcipher", "ecb(aes)", SP800_38A_KEY128, 0);
	if (!c)
		return err;
	bpf_dynptr_from_mem(src, 64, 0, &s);
	bpf_dynptr_from_mem(dst, 64, 0, &d);
	r = kfx_crypto_encrypt(c, &s, &d, NULL);
	kfx_crypto_ctx_release(c);
	return r;
}

/* ---- create: bad parameters give an errno and no ctx ---- */

/* The errno create gave, or 1 if it gave a ctx. */
static __always_inline int create_fails(__u32 sz)
{
	struct kfx_crypto_ctx *c;

	c = kfx_crypto_ctx_create(&params, sz, &err);
	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

static __always_inline void good_params(void)
{
	__builtin_memcpy(params.type, "skcipher", 9);
	__builtin_memcpy(params.algo, "ecb(aes)", 9);
	params.key_len = 16;
}

SEC("syscall")
__success __retval(0)
int create_good_params(void *ctx)
{
	good_params();
	return create_fails(sizeof(params)) == 1 ? 0 : err;
}

SEC("syscall")
__success __retval(-EINVAL)
int create_params_sz_short(void *ctx)
{
	good_params();
	return create_fails(sizeof(params) - 1);
}

SEC("syscall")
__success __retval(-EINVAL)
int create_reserved_nonzero(void *ctx)
{
	good_params();
	params.reserved[1] = 1;
	return create_fails(sizeof(params));
}

SEC("syscall")
__success __retval(-EINVAL)
int create_key_len_0(void *ctx)
{
	good_params();
	params.key_len = 0;
	return create_fails(sizeof(params));
}

SEC("syscall")
__success __retval(-EINVAL)
int create_key_len_257(void *ctx)
{
	good_params();
	params.key_len = 257;
	return create_fails(sizeof(params));
}

SEC("syscall")
__success __retval(-EINVAL)
int create_key_len_aes_refuses(void *ctx)
{
	good_params();
	params.key_len = 17;
	return create_fails(sizeof(params));
}

SEC("syscall")
__success __retval(-ENOENT)
int create_unknown_type(void *ctx)
{
	good_params();
	__builtin_memcpy(params.type, "kfx-none", 9);
	return create_fails(sizeof(params));
}

SEC("syscall")
__success __retval(-EOPNOTSUPP)
int create_unknown_algo(void *ctx)
{
	good_params();
	__builtin_memcpy(params.algo, "ecb(kfx-none)", 14);
	return create_fails(sizeof(params));
}

SEC("syscall")
__success __retval(-EOPNOTSUPP)
int create_authsize_on_skcipher(void *ctx)
{
	good_params();
	params.authsize = 16;
	return create_fails(sizeof(params));
}

/* ---- encrypt: bad dynptrs give -EINVAL and leave dst alone ---- */

#define NOIV	(-1)	/* no siv: kfx_crypto_encrypt_noiv() */

/*
 * Encrypt @slen bytes into @dlen with a @vlen siv, or with _noiv (as a
 * NULL siv: kfx sends such a call straight to the linear cipher where it
 * can, and what that skips must still be checked); -EINVAL expected.
 */
static __always_inline int crypt_fails(const char *algo, int slen, int dlen,
				       int vlen)
{
	struct kfx_crypto_ctx *c;
	kfx_dynptr_t s, d, v;
	int r;

	__builtin_memcpy(params.type, "skcipher", 9);
	__builtin_memcpy(params.algo, algo, 9);
	params.key_len = 16;
	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);
	if (!c)
		return 1000 - err;
	bpf_dynptr_from_mem(src, slen, 0, &s);
	bpf_dynptr_from_mem(dst, dlen, 0, &d);
	dst[0] = 0x5a;
	if (vlen == NOIV) {
		r = kfx_crypto_encrypt_noiv(c, &s, &d);
	} else {
		bpf_dynptr_from_mem(iv, vlen, 0, &v);
		r = kfx_crypto_encrypt(c, &s, &d, &v);
	}
	kfx_crypto_ctx_release(c);
	if (dst[0] != 0x5a)
		return 2000;	/* dst changed */
	return r;
}

SEC("syscall")
__success __retval(-EINVAL)
int encrypt_empty_src(void *ctx)
{
	return crypt_fails("cbc(aes)", 0, 16, 16);
}

SEC("syscall")
__success __retval(-EINVAL)
int encrypt_dst_shorter(void *ctx)
{
	return crypt_fails("cbc(aes)", 32, 16, 16);
}

SEC("syscall")
__success __retval(-EINVAL)
int encrypt_siv_short(void *ctx)
{
	return crypt_fails("cbc(aes)", 16, 16, 15);
}

SEC("syscall")
__success __retval(-EINVAL)
int encrypt_siv_for_ecb(void *ctx)
{
	return crypt_fails("ecb(aes)", 16, 16, 16);
}

SEC("syscall")
__success __retval(-EINVAL)
int encrypt_partial_block(void *ctx)
{
	return crypt_fails("cbc(aes)", 15, 16, 16);
}

SEC("syscall")
__success __retval(-EINVAL)
int encrypt_noiv_empty_src(void *ctx)
{
	return crypt_fails("ecb(aes)", 0, 16, NOIV);
}

SEC("syscall")
__success __retval(-EINVAL)
int encrypt_noiv_dst_shorter(void *ctx)
{
	return crypt_fails("ecb(aes)", 32, 16, NOIV);
}

SEC("syscall")
__success __retval(-EINVAL)
int encrypt_noiv_for_cbc(void *ctx)
{
	return crypt_fails("cbc(aes)", 16, 16, NOIV);
}

SEC("syscall")
__success __retval(-EINVAL)
int encrypt_noiv_partial_block(void *ctx)
{
	return crypt_fails("ecb(aes)", 15, 16, NOIV);
}

/* ---- what the verifier refuses ---- */

SEC("syscall")
__failure __msg("Unreleased reference")
int ctx_not_released(void *ctx)
{
	good_params();
	kfx_crypto_ctx_create(&params, sizeof(params), &err);
	return 0;
}

/*
 * A possibly-NULL ctx: refused.  6.1 checks kfunc pointers by type, not by
 * trust, and words it so.
 */
#define MAYBE_NULL_BODY							\
	struct kfx_crypto_ctx *c;					\
	kfx_dynptr_t s, d;						\
	int r;								\
									\
	good_params();							\
	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);	\
	bpf_dynptr_from_mem(src, 16, 0, &s);				\
	bpf_dynptr_from_mem(dst, 16, 0, &d);				\
	r = kfx_crypto_encrypt_noiv(c, &s, &d);				\
	if (c)								\
		kfx_crypto_ctx_release(c);				\
	return r

SEC("syscall")
__failure __msg("Possibly NULL pointer passed to trusted")
__needs_ksym("bpf_crypto_ctx_create")
int ctx_maybe_null_to_encrypt(void *ctx)
{
	MAYBE_NULL_BODY;
}

SEC("syscall")
__failure
__msg("arg#0 pointer type STRUCT kfx_crypto_ctx must point to scalar, or struct with scalar")
__without_ksym("bpf_crypto_ctx_create")
int ctx_maybe_null_to_encrypt_6_1(void *ctx)
{
	MAYBE_NULL_BODY;
}

/* A released ctx is a dead register: refused. */
#define AFTER_RELEASE_BODY						\
	struct kfx_crypto_ctx *c;					\
	kfx_dynptr_t s, d;						\
									\
	good_params();							\
	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);	\
	if (!c)								\
		return err;						\
	kfx_crypto_ctx_release(c);					\
	bpf_dynptr_from_mem(src, 16, 0, &s);				\
	bpf_dynptr_from_mem(dst, 16, 0, &d);				\
	return kfx_crypto_encrypt_noiv(c, &s, &d)

/*
 * 6.1 to 7.2 say "... pointer type STRUCT kfx_crypto_ctx must point to
 * scalar, or struct with scalar", 7.3 "R1 is scalar expected STRUCT
 * kfx_crypto_ctx".
 */
SEC("syscall")
__failure __msg("STRUCT kfx_crypto_ctx")
int ctx_used_after_release(void *ctx)
{
	AFTER_RELEASE_BODY;
}

char _license[] SEC("license") = "GPL";
