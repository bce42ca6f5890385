/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What crypto_hash_af_alg.bpf.c and its driver
 * (tests/runner/crypto_hash_af_alg.c) share.
 */
#ifndef _CRYPTO_HASH_AF_ALG_H
#define _CRYPTO_HASH_AF_ALG_H

#define HASH_JOB_MAX	16384	/* data bytes, fewer: a power of two */
#define HASH_OUT_MAX	128	/* out's room: a power of two */

/**
 * struct hash_job - one digest, set by the driver, done by the program
 * @params: the ctx to create (type "hash")
 * @len: bytes of @in to hash (below HASH_JOB_MAX)
 * @out_len: the out dynptr's size (below HASH_OUT_MAX)
 * @err: what create said, then what kfx_crypto_hash() said
 * @digestsize: what kfx_crypto_ctx_digestsize() said (-1: no ctx)
 * @out: out's memory; the driver fills it with a pattern first
 * @in: the data
 */
struct hash_job {
	struct kfx_crypto_params params;
	__u32 len;
	__u32 out_len;
	__s32 err;
	__s32 digestsize;
	char out[HASH_OUT_MAX];
	char in[HASH_JOB_MAX];
};

#endif /* _CRYPTO_HASH_AF_ALG_H */
