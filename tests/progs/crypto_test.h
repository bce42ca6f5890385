/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the crypto test programs share: the errnos they state, a byte
 * compare, and the ctx creation from the includer's `params` and `err`.
 */
#ifndef _CRYPTO_TEST_H
#define _CRYPTO_TEST_H

#define ENOENT		2
#ifndef E2BIG
#define E2BIG		7
#endif
#define EINVAL		22
#define EBADMSG		74
#define EOPNOTSUPP	95

/* 0 if the @n bytes match, else 1 + the index of the first that differs */
static __always_inline int differ(const char *a, const char *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return i + 1;
	return 0;
}

/* A ctx of type @t for @a with key @k (a literal) and tag size @tag. */
#define CREATE_CTX(t, a, k, tag)					\
	({								\
		__builtin_memcpy(params.type, t, sizeof(t));		\
		__builtin_memcpy(params.algo, a, sizeof(a));		\
		__builtin_memcpy(params.key, k, sizeof(k) - 1);		\
		params.key_len = sizeof(k) - 1;				\
		params.authsize = tag;					\
		kfx_crypto_ctx_create(&params, sizeof(params), &err);	\
	})

#endif /* _CRYPTO_TEST_H */
