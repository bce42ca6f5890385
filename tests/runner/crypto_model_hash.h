/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reference hashes for the "hash" tests, never kfx: the guest kernel's
 * AF_ALG "hash" sockets, and the runner's own SHA-256 (FIPS 180-4),
 * HMAC-SHA-256 (RFC 2104) and CRC-32C as the kernel's crc32c shash
 * writes it, which compute the expected digests of bytes the runner
 * chose or sent (a packet's paged part included).
 */
#ifndef _KFX_CRYPTO_MODEL_HASH_H
#define _KFX_CRYPTO_MODEL_HASH_H
#include <stddef.h>
#include <stdint.h>

struct model_sha256 {
	uint32_t h[8];
	uint64_t bytes;
	uint8_t buf[64];
	size_t n;
};

void model_sha256_init(struct model_sha256 *s);
void model_sha256_update(struct model_sha256 *s, const void *p, size_t n);
void model_sha256_final(struct model_sha256 *s, uint8_t out[32]);
void model_sha256(const void *p, size_t n, uint8_t out[32]);
void model_hmac_sha256(const uint8_t *key, size_t key_len, const void *p,
		       size_t n, uint8_t out[32]);
/*
 * crc32c as the kernel's shash: the CRC starts at @seed (its key,
 * little-endian; 0xffffffff without one) and the digest is the
 * complement, little-endian.
 */
void model_crc32c(uint32_t seed, const void *p, size_t n, uint8_t out[4]);

/* The models against published answers; 0, or -1 with @why. */
int model_hash_known_answers(char *why, size_t whylen);

/*
 * An AF_ALG "hash" tfm for @name, keyed with @key when @key_len > 0
 * (ALG_SET_KEY): the fd, or -errno.
 */
int alg_hash_tfm(const char *name, const void *key, unsigned int key_len);
/* The digest of @n bytes of @in by @tfm into @out (@outlen bytes); 0 or -errno. */
int alg_hash(int tfm, const void *in, size_t n, void *out, size_t outlen);

#endif
