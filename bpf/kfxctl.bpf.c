// SPDX-License-Identifier: GPL-2.0
/*
 * kfxctl selftest: one SYSCALL program per kfunc, st_<kfunc>, each
 * calling it on a small known case and returning 0 when the answer is
 * right (another value says which check failed).  kfxctl loads each on its
 * own, so a kfunc this kfx or kernel lacks fails alone.  Strings live in
 * writable globals: 6.1 refuses read-only memory for a bare char pointer.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"

#define E2BIG		7
#define ENOENT		2

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

static __always_inline int same(const char *a, const char *b)
{
	for (int i = 0; i < 16; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* create, then @op on the ctx; release it.  0 when all went right. */
#define CRYPTO_CASE(name, op)						\
	SEC("syscall") int st_##name(void *ctx)				\
	{								\
		kfx_dynptr_t s, d, b, v;				\
		struct kfx_crypto_ctx *c;				\
		int r;							\
									\
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

char _license[] SEC("license") = "GPL";
