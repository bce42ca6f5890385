// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's elliptic-curve library (crypto/ecc.c, exported since 5.x
 * for ECDH and ECDSA): curves by id, big integers from big-endian bytes,
 * and the u1*G + u2*Q multiplication ECDSA verification is made of.
 * <crypto/internal/ecc.h> uses DIV_ROUND_UP() without including where it
 * is defined (7.x's headers no longer bring it in by the way), as kfx's
 * own sources have it already: <linux/kernel.h> first.
 */
#include <linux/kernel.h>
#include <crypto/ecdh.h>
#include <crypto/internal/ecc.h>
void kfx_probe(const struct ecc_point *r, const u64 *u1, const u64 *u2,
	       const struct ecc_point *q, u64 *v, const void *be)
{
	const struct ecc_curve *c = ecc_get_curve(ECC_CURVE_NIST_P256);

	vli_from_be64(v, be, c->g.ndigits);
	vli_mod_inv(v, v, c->n, c->g.ndigits);
	ecc_point_mult_shamir(r, u1, &c->g, u2, q, c);
}
