// SPDX-License-Identifier: GPL-2.0
/*
 * kfxctl selftest: one SYSCALL program per kfunc, st_<kfunc>, each
 * calling it on a small known case and returning 0 when the answer is
 * right (another value says which check failed).  kfxctl loads them all
 * at once and, when the kernel refuses that, each on its own, so that a
 * kfunc this kfx or kernel lacks fails alone.  Strings live in
 * writable globals: 6.1 refuses read-only memory for a bare char pointer.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"

#define E2BIG		7
#define ENOENT		2
#define EINVAL		22
#define EKEYREJECTED	129

char hello[16] = "Hello, kfx";	/* length 10 */
char kfx[8] = "kfx";
char lower_kfx[8] = "KFX";
char vowels[8] = "eoH";
char buf[128];

/* "Hello, kfx": strlen 10, 'l' first at 2 and last at 3, "kfx" at 7. */
#define CASE(name, expr, want)						\
	SEC("syscall") int st_##name(void *ctx)				\
	{								\
		return (expr) == (want) ? 0 : 1;			\
	}

CASE(kfx_version, kfx_version(), KFX_VERSION)
CASE(kfx_strlen, kfx_strlen(hello), 10)
CASE(kfx_strnlen, kfx_strnlen(hello, 4), 4)
CASE(kfx_strchr, kfx_strchr(hello, 'l'), 2)
CASE(kfx_strnchr, kfx_strnchr(hello, 2, 'l'), -ENOENT)
CASE(kfx_strchrnul, kfx_strchrnul(hello, 'z'), 10)
CASE(kfx_strrchr, kfx_strrchr(hello, 'l'), 3)
CASE(kfx_strcmp, kfx_strcmp(kfx, hello) > 0, 1)
CASE(kfx_strcasecmp, kfx_strcasecmp(kfx, lower_kfx), 0)
CASE(kfx_strncasecmp, kfx_strncasecmp(kfx, lower_kfx, 3), 0)
CASE(kfx_strspn, kfx_strspn(hello, vowels), 2)
CASE(kfx_strcspn, kfx_strcspn(hello, kfx), 7)
CASE(kfx_strstr, kfx_strstr(hello, kfx), 7)
CASE(kfx_strcasestr, kfx_strcasestr(hello, lower_kfx), 7)
CASE(kfx_strnstr, kfx_strnstr(hello, kfx, 9), -ENOENT)
CASE(kfx_strncasestr, kfx_strncasestr(hello, lower_kfx, 10), 7)

#define H	hello, sizeof(hello)
#define K	kfx, sizeof(kfx)
#define L	lower_kfx, sizeof(lower_kfx)
CASE(kfx_strlen_buf, kfx_strlen_buf(H), 10)
CASE(kfx_strnlen_buf, kfx_strnlen_buf(H, 4), 4)
CASE(kfx_strchr_buf, kfx_strchr_buf(H, 'l'), 2)
CASE(kfx_strnchr_buf, kfx_strnchr_buf(H, 2, 'l'), -ENOENT)
CASE(kfx_strchrnul_buf, kfx_strchrnul_buf(H, 'z'), 10)
CASE(kfx_strrchr_buf, kfx_strrchr_buf(H, 'l'), 3)
CASE(kfx_strcmp_buf, kfx_strcmp_buf(K, H) > 0, 1)
CASE(kfx_strcasecmp_buf, kfx_strcasecmp_buf(K, L), 0)
CASE(kfx_strncasecmp_buf, kfx_strncasecmp_buf(K, L, 3), 0)
CASE(kfx_strspn_buf, kfx_strspn_buf(H, vowels, sizeof(vowels)), 2)
CASE(kfx_strcspn_buf, kfx_strcspn_buf(H, K), 7)
CASE(kfx_strstr_buf, kfx_strstr_buf(H, K), 7)
CASE(kfx_strcasestr_buf, kfx_strcasestr_buf(H, L), 7)
CASE(kfx_strnstr_buf, kfx_strnstr_buf(H, K, 9), -ENOENT)
CASE(kfx_strncasestr_buf, kfx_strncasestr_buf(H, L, 10), 7)

/*
 * Crypto: ecb(aes) with the all-zero AES-128 key turns the zero block into
 * 66e94bd4ef8a2c3b884cfa59ca342b2e (FIPS-197's cipher on zeros).
 */
struct kfx_crypto_params params = {
	.type = "skcipher", .algo = "ecb(aes)", .key_len = 16,
};
char zero[16], out[16], back[16];
static const char zero_ct[16] = "\x66\xe9\x4b\xd4\xef\x8a\x2c\x3b"
				"\x88\x4c\xfa\x59\xca\x34\x2b\x2e";
int err;

static __always_inline int same_n(const char *a, const char *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

#define same(a, b)	same_n(a, b, 16)

/*
 * create, then @op on the ctx; release it.  0 when all went right.  out
 * and back start as neither answer: the programs share them, and one that
 * writes nothing must not pass on what an earlier one wrote.
 */
#define CRYPTO_CASE(name, op)						\
	SEC("syscall") int st_##name(void *ctx)				\
	{								\
		kfx_dynptr_t s, d, b, v;				\
		struct kfx_crypto_ctx *c;				\
		int r;							\
									\
		__builtin_memset(out, 0xa5, sizeof(out));		\
		__builtin_memset(back, 0xa5, sizeof(back));		\
		c = kfx_crypto_ctx_create(&params, sizeof(params), &err); \
		if (!c)							\
			return 100;					\
		bpf_dynptr_from_mem(zero, 16, 0, &s);			\
		bpf_dynptr_from_mem(out, 16, 0, &d);			\
		bpf_dynptr_from_mem(back, 16, 0, &b);			\
		bpf_dynptr_from_mem(buf, 0, 0, &v);			\
		r = (op);						\
		kfx_crypto_ctx_release(c);				\
		return r;						\
	}

static __always_inline int acquired(struct kfx_crypto_ctx *c)
{
	struct kfx_crypto_ctx *a = kfx_crypto_ctx_acquire(c);

	if (!a)
		return 1;
	kfx_crypto_ctx_release(a);
	return 0;
}

CRYPTO_CASE(kfx_crypto_ctx_create, 0)
CRYPTO_CASE(kfx_crypto_ctx_release, 0)
CRYPTO_CASE(kfx_crypto_ctx_acquire, acquired(c))
CRYPTO_CASE(kfx_crypto_encrypt, kfx_crypto_encrypt(c, &s, &d, &v) ? 1 :
	    !same(out, zero_ct) ? 2 : 0)
CRYPTO_CASE(kfx_crypto_decrypt, kfx_crypto_encrypt(c, &s, &d, &v) ? 1 :
	    kfx_crypto_decrypt(c, &d, &b, &v) ? 2 : !same(back, zero) ? 3 : 0)
CRYPTO_CASE(kfx_crypto_encrypt_noiv, kfx_crypto_encrypt_noiv(c, &s, &d) ? 1 :
	    !same(out, zero_ct) ? 2 : 0)
CRYPTO_CASE(kfx_crypto_decrypt_noiv, kfx_crypto_encrypt_noiv(c, &s, &d) ? 1 :
	    kfx_crypto_decrypt_noiv(c, &d, &b) ? 2 :
	    !same(back, zero) ? 3 : 0)
CRYPTO_CASE(kfx_crypto_ctx_driver,
	    kfx_crypto_ctx_driver(c, buf, sizeof(buf)) > 0 ? 0 : 1)

/*
 * Hashes: SHA-256 of "abc" is ba7816bf...f20015ad (FIPS 180-2's example),
 * its digest 32 bytes; a cipher's ctx has no digest size (-EINVAL).
 */
struct kfx_crypto_params hash_params = { .type = "hash", .algo = "sha256" };
char abc[4] = "abc", digest[32];
/* not static: clang would put it in a map of its own, .rodata.cst32 */
const char abc_sha256[32] = "\xba\x78\x16\xbf\x8f\x01\xcf\xea"
			    "\x41\x41\x40\xde\x5d\xae\x22\x23"
			    "\xb0\x03\x61\xa3\x96\x17\x7a\x9c"
			    "\xb4\x10\xff\x61\xf2\x00\x15\xad";

SEC("syscall") int st_kfx_crypto_hash(void *ctx)
{
	kfx_dynptr_t d, o;
	struct kfx_crypto_ctx *c;
	int r;

	__builtin_memset(digest, 0xa5, sizeof(digest));
	c = kfx_crypto_ctx_create(&hash_params, sizeof(hash_params), &err);
	if (!c)
		return 100;
	bpf_dynptr_from_mem(abc, 3, 0, &d);
	bpf_dynptr_from_mem(digest, sizeof(digest), 0, &o);
	r = kfx_crypto_hash(c, &d, &o) ? 1 :
	    !same_n(digest, abc_sha256, 32) ? 2 : 0;
	kfx_crypto_ctx_release(c);
	return r;
}

SEC("syscall") int st_kfx_crypto_ctx_digestsize(void *ctx)
{
	struct kfx_crypto_ctx *c;
	int r;

	c = kfx_crypto_ctx_create(&hash_params, sizeof(hash_params), &err);
	if (!c)
		return 100;
	r = kfx_crypto_ctx_digestsize(c) == 32 ? 0 : 1;
	kfx_crypto_ctx_release(c);
	if (r)
		return r;
	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);
	if (!c)
		return 101;
	r = kfx_crypto_ctx_digestsize(c) == -EINVAL ? 0 : 2;
	kfx_crypto_ctx_release(c);
	return r;
}

/*
 * ECDSA: RFC 6979 A.2.5's P-256 key and its signature of "sample" with
 * SHA-256 (the deterministic k), as r || s; kfx_sig_verify() takes the
 * digest, SHA-256("sample").  The same digest with its last bit flipped
 * must not verify (-EKEYREJECTED).  Checked on the host with OpenSSL.
 */
struct kfx_crypto_params sig_params = {
	.type = "sig", .algo = "p1363(ecdsa-nist-p256)", .key_len = 65,
	.key = "\x04"	/* uncompressed point: X, then Y */
	       "\x60\xfe\xd4\xba\x25\x5a\x9d\x31\xc9\x61\xeb\x74\xc6\x35\x6d\x68"
	       "\xc0\x49\xb8\x92\x3b\x61\xfa\x6c\xe6\x69\x62\x2e\x60\xf2\x9f\xb6"
	       "\x79\x03\xfe\x10\x08\xb8\xbc\x99\xa4\x1a\xe9\xe9\x56\x28\xbc\x64"
	       "\xf2\xf1\xb2\x0c\x2d\x7e\x9f\x51\x77\xa3\xc2\x94\xd4\x46\x22\x99",
};
char sample_sha256[32] = "\xaf\x2b\xdb\xe1\xaa\x9b\x6e\xc1\xe2\xad\xe1\xd6\x94\xf4\x1f\xc7"
			 "\x1a\x83\x1d\x02\x68\xe9\x89\x15\x62\x11\x3d\x8a\x62\xad\xd1\xbf";
char sample_sig[64] = "\xef\xd4\x8b\x2a\xac\xb6\xa8\xfd\x11\x40\xdd\x9c\xd4\x5e\x81\xd6"
		      "\x9d\x2c\x87\x7b\x56\xaa\xf9\x91\xc3\x4d\x0e\xa8\x4e\xaf\x37\x16"
		      "\xf7\xcb\x1c\x94\x2d\x65\x7c\x41\xd4\x36\xc7\xa1\xb6\xe2\x9f\x65"
		      "\xf3\xe9\x00\xdb\xb9\xaf\xf4\x06\x4d\xc4\xab\x2f\x84\x3a\xcd\xa8";

SEC("syscall") int st_kfx_sig_verify(void *ctx)
{
	kfx_dynptr_t m, s;
	struct kfx_crypto_ctx *c;
	int r;

	c = kfx_crypto_ctx_create(&sig_params, sizeof(sig_params), &err);
	if (!c)
		return 100;
	bpf_dynptr_from_mem(sample_sha256, sizeof(sample_sha256), 0, &m);
	bpf_dynptr_from_mem(sample_sig, sizeof(sample_sig), 0, &s);
	r = kfx_sig_verify(c, &m, &s) ? 1 : 0;
	if (!r) {
		sample_sha256[31] ^= 1;
		r = kfx_sig_verify(c, &m, &s) == -EKEYREJECTED ? 0 : 2;
		sample_sha256[31] ^= 1;
	}
	kfx_crypto_ctx_release(c);
	return r;
}

char _license[] SEC("license") = "GPL";
