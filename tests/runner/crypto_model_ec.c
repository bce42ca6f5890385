// SPDX-License-Identifier: GPL-2.0
/*
 * The arithmetic of the runner's ECDSA (crypto_model_ec_int.h): Montgomery
 * arithmetic on 64-bit limbs modulo the field prime and the group order,
 * Jacobian points (a = -3), double-and-add.  The curves' parameters are
 * the published ones; ec_known_answers() (crypto_model_ecdsa.c) checks
 * that G is on its curve and of order n.  Not constant time: test data.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto_model_ec.h"
#include "crypto_model_ec_int.h"

static struct curve curves[EC_NCURVES] = {
	[EC_P192] = {
		.bytes = 24,
		.p = "fffffffffffffffffffffffffffffffeffffffffffffffff",
		.n = "ffffffffffffffffffffffff99def836146bc9b1b4d22831",
		.b = "64210519e59c80e70fa7e9ab72243049feb8deecc146b9b1",
		.gx = "188da80eb03090f67cbf20eb43a18800f4ff0afd82ff1012",
		.gy = "07192b95ffc8da78631011ed6b24cdd573f977a11e794811",
	},
	[EC_P256] = {
		.bytes = 32,
		.p = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
		.n = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
		.b = "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
		.gx = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
		.gy = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
	},
	[EC_P384] = {
		.bytes = 48,
		.p = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe"
		     "ffffffff0000000000000000ffffffff",
		.n = "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf"
		     "581a0db248b0a77aecec196accc52973",
		.b = "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875a"
		     "c656398d8a2ed19d2a85c8edd3ec2aef",
		.gx = "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a38"
		      "5502f25dbf55296c3a545e3872760ab7",
		.gy = "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c0"
		      "0a60b1ce1d7e819d7a431d7c90ea0e5f",
	},
};

/* ---- multi-limb integers, little-endian limbs ---- */

int ec_cmp(const limb *a, const limb *b, unsigned int n)
{
	while (n--)
		if (a[n] != b[n])
			return a[n] < b[n] ? -1 : 1;
	return 0;
}

bool ec_is_zero(const limb *a, unsigned int n)
{
	while (n--)
		if (a[n])
			return false;
	return true;
}

limb ec_add(limb *r, const limb *a, const limb *b, unsigned int n)
{
	limb c = 0;

	for (unsigned int i = 0; i < n; i++) {
		u128 t = (u128)a[i] + b[i] + c;

		r[i] = (limb)t;
		c = t >> 64;
	}
	return c;
}

limb ec_sub(limb *r, const limb *a, const limb *b, unsigned int n)
{
	limb borrow = 0;

	for (unsigned int i = 0; i < n; i++) {
		u128 t = (u128)a[i] - b[i] - borrow;

		r[i] = (limb)t;
		borrow = (limb)(t >> 64) & 1;
	}
	return borrow;
}

/* @len big-endian bytes (at most 8 * n) into @r. */
void ec_from_be(limb *r, unsigned int n, const uint8_t *b, size_t len)
{
	memset(r, 0, n * sizeof(limb));
	for (size_t i = 0; i < len; i++)
		r[i / 8] |= (limb)b[len - 1 - i] << (8 * (i % 8));
}

void ec_to_be(uint8_t *b, size_t len, const limb *a)
{
	for (size_t i = 0; i < len; i++)
		b[len - 1 - i] = a[i / 8] >> (8 * (i % 8));
}

static void from_hex(limb *r, unsigned int n, const char *hex)
{
	uint8_t b[8 * NL];
	size_t len = strlen(hex) / 2;
	unsigned int x;

	for (size_t i = 0; i < len; i++) {
		sscanf(hex + 2 * i, "%2x", &x);
		b[i] = x;
	}
	ec_from_be(r, n, b, len);
}

/* ---- arithmetic modulo m ---- */

void ec_madd(const struct mod *M, limb *r, const limb *a, const limb *b)
{
	if (ec_add(r, a, b, M->n) || ec_cmp(r, M->m, M->n) >= 0)
		ec_sub(r, r, M->m, M->n);
}

void ec_msub(const struct mod *M, limb *r, const limb *a, const limb *b)
{
	if (ec_sub(r, a, b, M->n))
		ec_add(r, r, M->m, M->n);
}

/* r = a * b / R mod m (coarsely integrated operand scanning). */
void ec_mmul(const struct mod *M, limb *r, const limb *a, const limb *b)
{
	limb t[NL + 2] = { 0 }, carry, q;
	unsigned int n = M->n, i, j;
	u128 acc;

	for (i = 0; i < n; i++) {
		carry = 0;
		for (j = 0; j < n; j++) {
			acc = (u128)a[j] * b[i] + t[j] + carry;
			t[j] = (limb)acc;
			carry = acc >> 64;
		}
		acc = (u128)t[n] + carry;
		t[n] = (limb)acc;
		t[n + 1] = acc >> 64;
		q = t[0] * M->inv;
		acc = (u128)q * M->m[0] + t[0];
		carry = acc >> 64;
		for (j = 1; j < n; j++) {
			acc = (u128)q * M->m[j] + t[j] + carry;
			t[j - 1] = (limb)acc;
			carry = acc >> 64;
		}
		acc = (u128)t[n] + carry;
		t[n - 1] = (limb)acc;
		t[n] = t[n + 1] + (limb)(acc >> 64);
	}
	if (t[n] || ec_cmp(t, M->m, n) >= 0)
		ec_sub(t, t, M->m, n);
	memcpy(r, t, n * sizeof(limb));
}

/* a^(m - 2): the inverse, m being prime (Fermat). */
void ec_minv(const struct mod *M, limb *r, const limb *a)
{
	limb e[NL], two[NL] = { 2 }, acc[NL];
	int bit;

	ec_sub(e, M->m, two, M->n);
	memcpy(acc, M->one, sizeof(acc));
	for (bit = 64 * M->n - 1; bit >= 0; bit--) {
		ec_mmul(M, acc, acc, acc);
		if (e[bit / 64] >> (bit % 64) & 1)
			ec_mmul(M, acc, acc, a);
	}
	memcpy(r, acc, M->n * sizeof(limb));
}

void ec_to_mont(const struct mod *M, limb *r, const limb *a)
{
	ec_mmul(M, r, a, M->rr);
}

void ec_from_mont(const struct mod *M, limb *r, const limb *a)
{
	limb one[NL] = { 1 };

	ec_mmul(M, r, a, one);
}

static void mod_init(struct mod *M, const char *hex, unsigned int n)
{
	limb x = 0;
	int i;

	M->n = n;
	from_hex(M->m, n, hex);
	/* Newton: each step doubles the bits of m[0]^-1 that are right */
	x = M->m[0];
	for (i = 0; i < 6; i++)
		x *= 2 - M->m[0] * x;
	M->inv = -x;
	/* R mod m, then R^2 mod m, by doubling 1 */
	memset(M->one, 0, sizeof(M->one));
	M->one[0] = 1;
	for (i = 0; i < 64 * (int)n; i++)
		ec_madd(M, M->one, M->one, M->one);
	memcpy(M->rr, M->one, sizeof(M->rr));
	for (i = 0; i < 64 * (int)n; i++)
		ec_madd(M, M->rr, M->rr, M->rr);
}

struct curve *ec_curve_get(int id)
{
	struct curve *C = &curves[id];
	unsigned int n = C->bytes / 8;
	limb t[NL];

	if (C->ready)
		return C;
	mod_init(&C->fp, C->p, n);
	mod_init(&C->fn, C->n, n);
	from_hex(t, n, C->b);
	ec_to_mont(&C->fp, C->b_m, t);
	from_hex(t, n, C->gx);
	ec_to_mont(&C->fp, C->gx_m, t);
	from_hex(t, n, C->gy);
	ec_to_mont(&C->fp, C->gy_m, t);
	C->ready = true;
	return C;
}

/* ---- points ---- */

/* dbl-2001-b (a = -3): alpha = 3 (X - Z^2)(X + Z^2), beta = X Y^2. */
void ec_pt_double(const struct curve *C, struct pt *r, const struct pt *a)
{
	const struct mod *F = &C->fp;
	limb delta[NL], gamma[NL], beta[NL], alpha[NL], t[NL], u[NL];

	ec_mmul(F, delta, a->z, a->z);
	ec_mmul(F, gamma, a->y, a->y);
	ec_mmul(F, beta, a->x, gamma);
	ec_msub(F, t, a->x, delta);
	ec_madd(F, u, a->x, delta);
	ec_mmul(F, alpha, t, u);
	ec_madd(F, t, alpha, alpha);
	ec_madd(F, alpha, t, alpha);
	/* Z3 = (Y + Z)^2 - gamma - delta, before Y and Z are overwritten */
	ec_madd(F, t, a->y, a->z);
	ec_mmul(F, t, t, t);
	ec_msub(F, t, t, gamma);
	ec_msub(F, r->z, t, delta);
	/* X3 = alpha^2 - 8 beta */
	ec_madd(F, beta, beta, beta);
	ec_madd(F, beta, beta, beta);	/* 4 beta */
	ec_mmul(F, t, alpha, alpha);
	ec_msub(F, t, t, beta);
	ec_msub(F, r->x, t, beta);
	/* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
	ec_msub(F, t, beta, r->x);
	ec_mmul(F, t, alpha, t);
	ec_mmul(F, u, gamma, gamma);
	ec_madd(F, u, u, u);
	ec_madd(F, u, u, u);
	ec_madd(F, u, u, u);
	ec_msub(F, r->y, t, u);
}

/* add-2007-bl; the cases the formula does not cover first. */
void ec_pt_add(const struct curve *C, struct pt *r, const struct pt *a,
	       const struct pt *b)
{
	const struct mod *F = &C->fp;
	unsigned int n = F->n;
	limb z1z1[NL], z2z2[NL], u1[NL], u2[NL], s1[NL], s2[NL], h[NL];
	limb i[NL], j[NL], rr[NL], v[NL], t[NL];

	if (ec_is_zero(a->z, n)) {
		*r = *b;
		return;
	}
	if (ec_is_zero(b->z, n)) {
		*r = *a;
		return;
	}
	ec_mmul(F, z1z1, a->z, a->z);
	ec_mmul(F, z2z2, b->z, b->z);
	ec_mmul(F, u1, a->x, z2z2);
	ec_mmul(F, u2, b->x, z1z1);
	ec_mmul(F, s1, a->y, b->z);
	ec_mmul(F, s1, s1, z2z2);
	ec_mmul(F, s2, b->y, a->z);
	ec_mmul(F, s2, s2, z1z1);
	ec_msub(F, h, u2, u1);
	ec_msub(F, rr, s2, s1);
	if (ec_is_zero(h, n)) {
		if (ec_is_zero(rr, n)) {
			ec_pt_double(C, r, a);
		} else {
			memset(r, 0, sizeof(*r));	/* P + (-P) */
		}
		return;
	}
	ec_madd(F, i, h, h);
	ec_mmul(F, i, i, i);
	ec_mmul(F, j, h, i);
	ec_madd(F, rr, rr, rr);
	ec_mmul(F, v, u1, i);
	/* Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H, first: r may be a or b */
	ec_madd(F, t, a->z, b->z);
	ec_mmul(F, t, t, t);
	ec_msub(F, t, t, z1z1);
	ec_msub(F, t, t, z2z2);
	ec_mmul(F, r->z, t, h);
	/* X3 = r^2 - J - 2V */
	ec_mmul(F, t, rr, rr);
	ec_msub(F, t, t, j);
	ec_msub(F, t, t, v);
	ec_msub(F, r->x, t, v);
	/* Y3 = r (V - X3) - 2 S1 J */
	ec_msub(F, t, v, r->x);
	ec_mmul(F, t, rr, t);
	ec_mmul(F, s1, s1, j);
	ec_madd(F, s1, s1, s1);
	ec_msub(F, r->y, t, s1);
}

/* Nibble @w (4 bits, from the bottom) of @k. */
static unsigned int nibble(const limb *k, unsigned int w)
{
	return k[w / 16] >> (4 * (w % 16)) & 15;
}

/* @k (plain limbs) times @a: 4-bit windows from the top, 1..15 a first. */
void ec_pt_mul(const struct curve *C, struct pt *r, const struct pt *a,
	       const limb *k)
{
	struct pt tab[16], acc;
	int w, i;

	memset(&tab[0], 0, sizeof(tab[0]));
	tab[1] = *a;
	for (i = 2; i < 16; i++)
		ec_pt_add(C, &tab[i], &tab[i - 1], a);
	memset(&acc, 0, sizeof(acc));
	for (w = 16 * C->fp.n - 1; w >= 0; w--) {
		for (i = 0; i < 4; i++)
			ec_pt_double(C, &acc, &acc);
		if (nibble(k, w))
			ec_pt_add(C, &acc, &acc, &tab[nibble(k, w)]);
	}
	*r = acc;
}

/*
 * @k times G from a table of j 16^w G (j 1..15, each window w), made once
 * per curve: one addition per nibble of @k, no doubling.  Signing and
 * verifying make many of these.
 */
void ec_pt_mul_base(struct curve *C, struct pt *r, const limb *k)
{
	unsigned int nw = 16 * C->fp.n, w, j;
	struct pt acc, base;

	if (!C->comb) {
		C->comb = calloc(nw * 16, sizeof(struct pt));
		if (!C->comb) {
			ec_pt_base(C, &base);
			ec_pt_mul(C, r, &base, k);
			return;
		}
		ec_pt_base(C, &base);
		for (w = 0; w < nw; w++) {
			C->comb[16 * w + 1] = base;
			for (j = 2; j < 16; j++)
				ec_pt_add(C, &C->comb[16 * w + j], &C->comb[16 * w + j - 1], &base);
			for (j = 0; j < 4; j++)
				ec_pt_double(C, &base, &base);
		}
	}
	memset(&acc, 0, sizeof(acc));
	for (w = 0; w < nw; w++)
		if (nibble(k, w))
			ec_pt_add(C, &acc, &acc, &C->comb[16 * w + nibble(k, w)]);
	*r = acc;
}

/* Affine x and y, plain limbs. */
void ec_pt_affine(const struct curve *C, limb *x, limb *y, const struct pt *a)
{
	const struct mod *F = &C->fp;
	limb zi[NL], z2[NL], t[NL];

	ec_minv(F, zi, a->z);
	ec_mmul(F, z2, zi, zi);
	ec_mmul(F, t, a->x, z2);
	ec_from_mont(F, x, t);
	ec_mmul(F, z2, z2, zi);
	ec_mmul(F, t, a->y, z2);
	ec_from_mont(F, y, t);
}

void ec_pt_base(const struct curve *C, struct pt *g)
{
	memcpy(g->x, C->gx_m, sizeof(g->x));
	memcpy(g->y, C->gy_m, sizeof(g->y));
	memcpy(g->z, C->fp.one, sizeof(g->z));
}

/* Whether affine (@x, @y), Montgomery form, is on y^2 = x^3 - 3x + b. */
bool ec_on_curve(const struct curve *C, const limb *x, const limb *y)
{
	const struct mod *F = &C->fp;
	limb l[NL], r[NL], t[NL];

	ec_mmul(F, l, y, y);
	ec_mmul(F, r, x, x);
	ec_mmul(F, r, r, x);
	ec_madd(F, t, x, x);
	ec_madd(F, t, t, x);
	ec_msub(F, r, r, t);
	ec_madd(F, r, r, C->b_m);
	return !ec_cmp(l, r, F->n);
}
