/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the crypto test programs share: the errnos they state, a byte
 * compare, the ctx creation from the includer's `params` and `err`, and
 * keeping a new ctx in a map.
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

/*
 * Keep @c, a ctx just created, in the map's kptr field @field (any ctx
 * there before is released): 0; 1 when there is none (creation failed).
 */
#define KEEP_CTX(field, c)						\
	({								\
		struct kfx_crypto_ctx *__c = (c);			\
		int __r = 1;						\
									\
		if (__c) {						\
			kfx_crypto_ctx_store(field, __c);		\
			__r = 0;					\
		}							\
		__r;							\
	})

#endif /* _CRYPTO_TEST_H */
