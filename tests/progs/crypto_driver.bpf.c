// SPDX-License-Identifier: GPL-2.0
/*
 * Which implementation a ctx runs: the driver (tests/runner/crypto_driver.c)
 * asks for ecb/cbc/ctr/xts(aes), gcm(aes), rfc4106(gcm(aes)) and chacha20,
 * and expects the generic or library code while the accelerated x86
 * modules are not loaded, and AES-NI once aesni_intel is.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_test.h"
#include "crypto_driver.h"

struct driver_job jobs[DRIVER_JOBS];

struct kfx_crypto_params params;
int err;

SEC("syscall")
__success __driver("crypto_driver")
int name_the_drivers(void *ctx)
{
	struct kfx_crypto_ctx *c;

	for (int i = 0; i < DRIVER_JOBS; i++) {
		c = kfx_crypto_ctx_create(&jobs[i].params,
					  sizeof(jobs[i].params), &jobs[i].err);
		if (!c)
			continue;
		jobs[i].len = kfx_crypto_ctx_driver(c, jobs[i].name,
						    sizeof(jobs[i].name));
		kfx_crypto_ctx_release(c);
	}
	return 0;
}

/* A buffer too small: -E2BIG, and as much of the name as fits. */
SEC("syscall")
__success __retval(0)
int driver_name_truncated(void *ctx)
{
	struct kfx_crypto_ctx *c;
	char buf[4] = { 1, 1, 1, 1 };
	int r;

	c = CREATE_CTX("skcipher", "ecb(aes)", "0123456789abcdef", 0);
	if (!c)
		return 1000 - err;
	r = kfx_crypto_ctx_driver(c, buf, sizeof(buf));
	kfx_crypto_ctx_release(c);
	if (r != -E2BIG)
		return 2000 - r;
	return buf[3] != 0 || !buf[0] || !buf[2] ? 3 : 0;
}

char _license[] SEC("license") = "GPL";
