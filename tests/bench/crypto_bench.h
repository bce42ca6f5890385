/* SPDX-License-Identifier: GPL-2.0 */
/* What crypto_bench.bpf.c and its loader crypto_bench.c share. */
#ifndef _CRYPTO_BENCH_H
#define _CRYPTO_BENCH_H

#define CB_MAX		1536	/* the largest message timed (1500) fits */
#define CB_SIV_MAX	64	/* IV, then an AEAD's associated data */

/* How the program passes the IV and state. */
enum {
	SIV_DYNPTR,	/* a dynptr of siv_len bytes, 0 included */
	SIV_NULL,	/* NULL (6.11+ verifiers) */
	SIV_NOIV,	/* kfx_crypto_{en,de}crypt_noiv() */
};

#endif /* _CRYPTO_BENCH_H */
