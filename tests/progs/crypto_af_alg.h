/* SPDX-License-Identifier: GPL-2.0 */
/* What crypto_af_alg.bpf.c and its driver (tests/runner/crypto_af_alg.c) share. */
#ifndef _CRYPTO_AF_ALG_H
#define _CRYPTO_AF_ALG_H

#define AF_ALG_JOB_MAX	512

/**
 * struct af_alg_job - one encryption, set by the driver, done by the program
 * @params: the ctx to create
 * @len: bytes of @in to encrypt (at most AF_ALG_JOB_MAX)
 * @iv_len: 0 (kfx_crypto_encrypt_noiv) or 16
 * @err: what create or encrypt said
 * @iv: the IV
 * @in: the plaintext
 * @out: the ciphertext
 */
struct af_alg_job {
	struct kfx_crypto_params params;
	__u32 len;
	__u32 iv_len;
	__s32 err;
	char iv[16];
	char in[AF_ALG_JOB_MAX];
	char out[AF_ALG_JOB_MAX];
};

#endif /* _CRYPTO_AF_ALG_H */
