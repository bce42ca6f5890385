/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arithmetic under the runner's ECDSA (crypto_model_ec.c), shared
 * with its ECDSA (crypto_model_ecdsa.c): multi-limb integers, Montgomery
 * arithmetic modulo the field prime and the group order, Jacobian points.
 */
#ifndef _KFX_CRYPTO_MODEL_EC_INT_H
#define _KFX_CRYPTO_MODEL_EC_INT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NL	6		/* limbs of the largest curve */

typedef uint64_t limb;
typedef unsigned __int128 u128;

struct mod {
	unsigned int n;		/* limbs */
	limb m[NL];
	limb inv;		/* -m^-1 mod 2^64 */
	limb one[NL];		/* R mod m: 1 in Montgomery form */
	limb rr[NL];		/* R^2 mod m */
};

struct pt {
	limb x[NL], y[NL], z[NL];	/* Jacobian, Montgomery form; z = 0: infinity */
};

struct curve {
	const char *p, *n, *b, *gx, *gy;	/* hex, big-endian */
	unsigned int bytes;
	bool ready;
	struct mod fp, fn;
	limb b_m[NL], gx_m[NL], gy_m[NL];	/* Montgomery form mod p */
	struct pt *comb;	/* ec_pt_mul_base()'s table, made on first use */
};


/* Integers of @n limbs, little-endian limbs. */
int ec_cmp(const limb *a, const limb *b, unsigned int n);
bool ec_is_zero(const limb *a, unsigned int n);
limb ec_add(limb *r, const limb *a, const limb *b, unsigned int n);
limb ec_sub(limb *r, const limb *a, const limb *b, unsigned int n);
/* @len big-endian bytes (at most 8 * n) to and from limbs */
void ec_from_be(limb *r, unsigned int n, const uint8_t *b, size_t len);
void ec_to_be(uint8_t *b, size_t len, const limb *a);

/* Modulo M->m, in Montgomery form (to_mont, from_mont convert). */
void ec_madd(const struct mod *M, limb *r, const limb *a, const limb *b);
void ec_msub(const struct mod *M, limb *r, const limb *a, const limb *b);
void ec_mmul(const struct mod *M, limb *r, const limb *a, const limb *b);
void ec_minv(const struct mod *M, limb *r, const limb *a);
void ec_to_mont(const struct mod *M, limb *r, const limb *a);
void ec_from_mont(const struct mod *M, limb *r, const limb *a);

/* The curve EC_P256 or EC_P384, its constants ready. */
struct curve *ec_curve_get(int id);

/* Points: z = 0 is the point at infinity. */
void ec_pt_double(const struct curve *C, struct pt *r, const struct pt *a);
void ec_pt_add(const struct curve *C, struct pt *r, const struct pt *a,
	       const struct pt *b);
/* @k (plain limbs) times @a; times G */
void ec_pt_mul(const struct curve *C, struct pt *r, const struct pt *a,
	       const limb *k);
void ec_pt_mul_base(struct curve *C, struct pt *r, const limb *k);
/* affine x and y, plain limbs */
void ec_pt_affine(const struct curve *C, limb *x, limb *y, const struct pt *a);
void ec_pt_base(const struct curve *C, struct pt *g);
/* whether affine (x, y), Montgomery form, is on the curve */
bool ec_on_curve(const struct curve *C, const limb *x, const limb *y);

#endif
