/* SPDX-License-Identifier: GPL-2.0 */
/* What crypto_driver.bpf.c and its driver (tests/runner/crypto_driver.c) share. */
#ifndef _CRYPTO_DRIVER_H
#define _CRYPTO_DRIVER_H

#define DRIVER_JOBS	7

/**
 * struct driver_job - one ctx to create and name
 * @params: set by the driver
 * @err: what create said
 * @len: what kfx_crypto_ctx_driver() returned
 * @name: the driver's name
 */
struct driver_job {
	struct kfx_crypto_params params;
	__s32 err;
	__s32 len;
	char name[128];
};

#endif /* _CRYPTO_DRIVER_H */
