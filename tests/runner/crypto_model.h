/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reference ciphers for the crypto drivers, never kfx: the guest kernel's
 * own AF_ALG, and where AF_ALG will not bind an algorithm (7.3 refuses
 * chacha20 and every AEAD) the runner's own ChaCha20, Poly1305 and GHASH
 * (RFC 8439, NIST SP 800-38D), with AES blocks from AF_ALG's ecb(aes),
 * which binds everywhere.
 */
#ifndef _KFX_CRYPTO_MODEL_H
#define _KFX_CRYPTO_MODEL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* An AF_ALG tfm of @type ("skcipher", "aead") @name keyed with @key. */
int alg_tfm(const char *type, const char *name, const void *key,
	    unsigned int key_len, unsigned int authsize);

/*
 * Encrypt @n bytes of @in into @out with AF_ALG @tfm, IV @iv (@iv_len
 * bytes); for an AEAD (@authsize > 0) with @ad_len bytes of associated
 * data, @out getting the ciphertext and then the tag.  0 or -errno.
 */
int alg_encrypt(int tfm, const void *iv, unsigned int iv_len, const void *ad,
		size_t ad_len, const void *in, size_t n, void *out,
		unsigned int authsize);

/* chacha20 as the kernel's skcipher: @iv is the counter (LE) and nonce. */
void model_chacha20(const uint8_t key[32], const uint8_t iv[16],
		    const uint8_t *in, uint8_t *out, size_t n);

/* rfc7539(chacha20,poly1305): ciphertext then the 16-byte tag; 0, -ENOMEM */
int model_chachapoly(const uint8_t key[32], const uint8_t nonce[12],
		     const uint8_t *ad, size_t ad_len, const uint8_t *in,
		     size_t n, uint8_t *out);

/*
 * gcm(aes), 12-byte IV, @authsize-byte tag, AES from @ecb (an AF_ALG
 * ecb(aes) tfm with the key).  0 or -errno.
 */
int model_gcm(int ecb, const uint8_t iv[12], const uint8_t *ad, size_t ad_len,
	      const uint8_t *in, size_t n, uint8_t *out, unsigned int authsize);

/* The models against the published vectors; 0, or -1 with @why. */
int model_known_answers(char *why, size_t whylen);

#endif
