/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The runner's ECDSA over NIST P-192, P-256 and P-384 (FIPS 186-5, SEC 1), the
 * model of kfx_sig_verify(): it makes key pairs and signatures for any
 * digest the tests choose, and says what the contract makes of a
 * (digest, signature) pair: 0, -EBADMSG (r or s is 0 or not below the
 * order) or -EKEYREJECTED (does not verify).  The digest is taken as the
 * kernel does: its left-most curve-size bytes, a shorter one as a
 * big-endian number.  Not constant time: test data only.
 */
#ifndef _KFX_CRYPTO_MODEL_EC_H
#define _KFX_CRYPTO_MODEL_EC_H
#include <stddef.h>
#include <stdint.h>

enum { EC_P192, EC_P256, EC_P384, EC_NCURVES };

#define EC_MAX_BYTES	48
#define EC_MAX_PUB	(1 + 2 * EC_MAX_BYTES)

/* The curve's size in bytes: 24, 32, 48 (a signature is twice that). */
unsigned int ec_bytes(int curve);
/* The group order n, ec_bytes() big-endian bytes. */
void ec_order(int curve, uint8_t *n);
/* The public key 0x04 || X || Y of private key @d (ec_bytes(), BE); 0, -EINVAL. */
int ec_public(int curve, const uint8_t *d, uint8_t *pub);
/* r || s of digest @e (@elen bytes) by @d with nonce @k; 0, -EINVAL. */
int ec_sign(int curve, const uint8_t *d, const uint8_t *k, const uint8_t *e,
	    size_t elen, uint8_t *sig);
/*
 * What verifying r || s (@sig) of digest @e with @pub gives: 0, -EBADMSG,
 * -EKEYREJECTED; -EINVAL for a public key that is not a point of the curve.
 */
int ec_verify(int curve, const uint8_t *pub, const uint8_t *e, size_t elen,
	      const uint8_t *sig);
/* The curves' own checks and RFC 6979's keys; 0 or -1, @why. */
int ec_known_answers(char *why, size_t whylen);

#endif
