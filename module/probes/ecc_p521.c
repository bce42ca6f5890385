// SPDX-License-Identifier: GPL-2.0
/*
 * P-521 in the elliptic-curve library (Debian's 6.12 and later): its
 * curve, numbers of 9 digits, and ecc_digits_from_bytes(), exported with
 * it, which loads P-521's 66 big-endian bytes (vli_from_be64() loads
 * whole 64-bit digits only).  <linux/kernel.h> first, as in ecc_shamir.c.
 */
#include <linux/kernel.h>
#include <crypto/ecdh.h>
#include <crypto/internal/ecc.h>
void kfx_probe(u64 *v, const u8 *be)
{
	const struct ecc_curve *c = ecc_get_curve(ECC_CURVE_NIST_P521);

	BUILD_BUG_ON(ECC_MAX_DIGITS < ECC_CURVE_NIST_P521_DIGITS);
	ecc_digits_from_bytes(be, 66, v, c->g.ndigits);
}
