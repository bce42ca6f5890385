// SPDX-License-Identifier: GPL-2.0
/*
 * ECDSA over P-256 and P-384 for the sig tests (crypto_model_ec.h):
 * Montgomery arithmetic on 64-bit limbs modulo the field prime and the
 * group order, Jacobian points (a = -3), double-and-add.  The curves'
 * parameters are the published ones; ec_known_answers() checks that G is
 * on its curve and of order n, and RFC 6979's keys and signatures.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "crypto_model_ec.h"
#include "crypto_model_hash.h"

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

struct curve {
	const char *p, *n, *b, *gx, *gy;	/* hex, big-endian */
	unsigned int bytes;
	bool ready;
	struct mod fp, fn;
	limb b_m[NL], gx_m[NL], gy_m[NL];	/* Montgomery form mod p */
};

struct pt {
	limb x[NL], y[NL], z[NL];	/* Jacobian, Montgomery form; z = 0: infinity */
};

static struct curve curves[EC_NCURVES] = {
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

static int cmp(const limb *a, const limb *b, unsigned int n)
{
	while (n--)
		if (a[n] != b[n])
			return a[n] < b[n] ? -1 : 1;
	return 0;
}

static bool is_zero(const limb *a, unsigned int n)
{
	while (n--)
		if (a[n])
			return false;
	return true;
}

static limb add(limb *r, const limb *a, const limb *b, unsigned int n)
{
	limb c = 0;

	for (unsigned int i = 0; i < n; i++) {
		u128 t = (u128)a[i] + b[i] + c;

		r[i] = (limb)t;
		c = t >> 64;
	}
	return c;
}

static limb sub(limb *r, const limb *a, const limb *b, unsigned int n)
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
static void from_be(limb *r, unsigned int n, const uint8_t *b, size_t len)
{
	memset(r, 0, n * sizeof(limb));
	for (size_t i = 0; i < len; i++)
		r[i / 8] |= (limb)b[len - 1 - i] << (8 * (i % 8));
}

static void to_be(uint8_t *b, size_t len, const limb *a)
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
	from_be(r, n, b, len);
}

/* ---- arithmetic modulo m ---- */

static void madd(const struct mod *M, limb *r, const limb *a, const limb *b)
{
	if (add(r, a, b, M->n) || cmp(r, M->m, M->n) >= 0)
		sub(r, r, M->m, M->n);
}

static void msub(const struct mod *M, limb *r, const limb *a, const limb *b)
{
	if (sub(r, a, b, M->n))
		add(r, r, M->m, M->n);
}

/* r = a * b / R mod m (coarsely integrated operand scanning). */
static void mmul(const struct mod *M, limb *r, const limb *a, const limb *b)
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
	if (t[n] || cmp(t, M->m, n) >= 0)
		sub(t, t, M->m, n);
	memcpy(r, t, n * sizeof(limb));
}

/* a^(m - 2): the inverse, m being prime (Fermat). */
static void minv(const struct mod *M, limb *r, const limb *a)
{
	limb e[NL], two[NL] = { 2 }, acc[NL];
	int bit;

	sub(e, M->m, two, M->n);
	memcpy(acc, M->one, sizeof(acc));
	for (bit = 64 * M->n - 1; bit >= 0; bit--) {
		mmul(M, acc, acc, acc);
		if (e[bit / 64] >> (bit % 64) & 1)
			mmul(M, acc, acc, a);
	}
	memcpy(r, acc, M->n * sizeof(limb));
}

static void to_mont(const struct mod *M, limb *r, const limb *a)
{
	mmul(M, r, a, M->rr);
}

static void from_mont(const struct mod *M, limb *r, const limb *a)
{
	limb one[NL] = { 1 };

	mmul(M, r, a, one);
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
		madd(M, M->one, M->one, M->one);
	memcpy(M->rr, M->one, sizeof(M->rr));
	for (i = 0; i < 64 * (int)n; i++)
		madd(M, M->rr, M->rr, M->rr);
}

static struct curve *curve_get(int id)
{
	struct curve *C = &curves[id];
	unsigned int n = C->bytes / 8;
	limb t[NL];

	if (C->ready)
		return C;
	mod_init(&C->fp, C->p, n);
	mod_init(&C->fn, C->n, n);
	from_hex(t, n, C->b);
	to_mont(&C->fp, C->b_m, t);
	from_hex(t, n, C->gx);
	to_mont(&C->fp, C->gx_m, t);
	from_hex(t, n, C->gy);
	to_mont(&C->fp, C->gy_m, t);
	C->ready = true;
	return C;
}

/* ---- points ---- */

/* dbl-2001-b (a = -3): alpha = 3 (X - Z^2)(X + Z^2), beta = X Y^2. */
static void pt_double(const struct curve *C, struct pt *r, const struct pt *a)
{
	const struct mod *F = &C->fp;
	limb delta[NL], gamma[NL], beta[NL], alpha[NL], t[NL], u[NL];

	mmul(F, delta, a->z, a->z);
	mmul(F, gamma, a->y, a->y);
	mmul(F, beta, a->x, gamma);
	msub(F, t, a->x, delta);
	madd(F, u, a->x, delta);
	mmul(F, alpha, t, u);
	madd(F, t, alpha, alpha);
	madd(F, alpha, t, alpha);
	/* Z3 = (Y + Z)^2 - gamma - delta, before Y and Z are overwritten */
	madd(F, t, a->y, a->z);
	mmul(F, t, t, t);
	msub(F, t, t, gamma);
	msub(F, r->z, t, delta);
	/* X3 = alpha^2 - 8 beta */
	madd(F, beta, beta, beta);
	madd(F, beta, beta, beta);	/* 4 beta */
	mmul(F, t, alpha, alpha);
	msub(F, t, t, beta);
	msub(F, r->x, t, beta);
	/* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
	msub(F, t, beta, r->x);
	mmul(F, t, alpha, t);
	mmul(F, u, gamma, gamma);
	madd(F, u, u, u);
	madd(F, u, u, u);
	madd(F, u, u, u);
	msub(F, r->y, t, u);
}

/* add-2007-bl; the cases the formula does not cover first. */
static void pt_add(const struct curve *C, struct pt *r, const struct pt *a,
		   const struct pt *b)
{
	const struct mod *F = &C->fp;
	unsigned int n = F->n;
	limb z1z1[NL], z2z2[NL], u1[NL], u2[NL], s1[NL], s2[NL], h[NL];
	limb i[NL], j[NL], rr[NL], v[NL], t[NL];

	if (is_zero(a->z, n)) {
		*r = *b;
		return;
	}
	if (is_zero(b->z, n)) {
		*r = *a;
		return;
	}
	mmul(F, z1z1, a->z, a->z);
	mmul(F, z2z2, b->z, b->z);
	mmul(F, u1, a->x, z2z2);
	mmul(F, u2, b->x, z1z1);
	mmul(F, s1, a->y, b->z);
	mmul(F, s1, s1, z2z2);
	mmul(F, s2, b->y, a->z);
	mmul(F, s2, s2, z1z1);
	msub(F, h, u2, u1);
	msub(F, rr, s2, s1);
	if (is_zero(h, n)) {
		if (is_zero(rr, n)) {
			pt_double(C, r, a);
		} else {
			memset(r, 0, sizeof(*r));	/* P + (-P) */
		}
		return;
	}
	madd(F, i, h, h);
	mmul(F, i, i, i);
	mmul(F, j, h, i);
	madd(F, rr, rr, rr);
	mmul(F, v, u1, i);
	/* Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H, first: r may be a or b */
	madd(F, t, a->z, b->z);
	mmul(F, t, t, t);
	msub(F, t, t, z1z1);
	msub(F, t, t, z2z2);
	mmul(F, r->z, t, h);
	/* X3 = r^2 - J - 2V */
	mmul(F, t, rr, rr);
	msub(F, t, t, j);
	msub(F, t, t, v);
	msub(F, r->x, t, v);
	/* Y3 = r (V - X3) - 2 S1 J */
	msub(F, t, v, r->x);
	mmul(F, t, rr, t);
	mmul(F, s1, s1, j);
	madd(F, s1, s1, s1);
	msub(F, r->y, t, s1);
}

/* @k (plain limbs) times @a, double and add from the top bit. */
static void pt_mul(const struct curve *C, struct pt *r, const struct pt *a,
		   const limb *k)
{
	struct pt acc;
	int bit;

	memset(&acc, 0, sizeof(acc));
	for (bit = 64 * C->fp.n - 1; bit >= 0; bit--) {
		pt_double(C, &acc, &acc);
		if (k[bit / 64] >> (bit % 64) & 1)
			pt_add(C, &acc, &acc, a);
	}
	*r = acc;
}

/* Affine x and y, plain limbs. */
static void pt_affine(const struct curve *C, limb *x, limb *y, const struct pt *a)
{
	const struct mod *F = &C->fp;
	limb zi[NL], z2[NL], t[NL];

	minv(F, zi, a->z);
	mmul(F, z2, zi, zi);
	mmul(F, t, a->x, z2);
	from_mont(F, x, t);
	mmul(F, z2, z2, zi);
	mmul(F, t, a->y, z2);
	from_mont(F, y, t);
}

static void pt_base(const struct curve *C, struct pt *g)
{
	memcpy(g->x, C->gx_m, sizeof(g->x));
	memcpy(g->y, C->gy_m, sizeof(g->y));
	memcpy(g->z, C->fp.one, sizeof(g->z));
}

/* Whether affine (@x, @y), Montgomery form, is on y^2 = x^3 - 3x + b. */
static bool on_curve(const struct curve *C, const limb *x, const limb *y)
{
	const struct mod *F = &C->fp;
	limb l[NL], r[NL], t[NL];

	mmul(F, l, y, y);
	mmul(F, r, x, x);
	mmul(F, r, r, x);
	madd(F, t, x, x);
	madd(F, t, t, x);
	msub(F, r, r, t);
	madd(F, r, r, C->b_m);
	return !cmp(l, r, F->n);
}

/* ---- ECDSA ---- */

unsigned int ec_bytes(int curve)
{
	return curves[curve].bytes;
}

/* The digest as the kernel takes it, reduced modulo n. */
static void digest_int(const struct curve *C, limb *e, const uint8_t *d, size_t len)
{
	from_be(e, C->fn.n, d, len < C->bytes ? len : C->bytes);
	if (cmp(e, C->fn.m, C->fn.n) >= 0)
		sub(e, e, C->fn.m, C->fn.n);
}

int ec_public(int curve, const uint8_t *d, uint8_t *pub)
{
	const struct curve *C = curve_get(curve);
	unsigned int n = C->fn.n;
	limb k[NL], x[NL], y[NL];
	struct pt g, q;

	from_be(k, n, d, C->bytes);
	if (is_zero(k, n) || cmp(k, C->fn.m, n) >= 0)
		return -EINVAL;
	pt_base(C, &g);
	pt_mul(C, &q, &g, k);
	pt_affine(C, x, y, &q);
	pub[0] = 4;
	to_be(pub + 1, C->bytes, x);
	to_be(pub + 1 + C->bytes, C->bytes, y);
	return 0;
}

/* r = (kG).x mod n; s = k^-1 (e + r d) mod n. */
int ec_sign(int curve, const uint8_t *d, const uint8_t *k, const uint8_t *e,
	    size_t elen, uint8_t *sig)
{
	const struct curve *C = curve_get(curve);
	const struct mod *N = &C->fn;
	limb kk[NL], x[NL], y[NL], r[NL], s[NL], t[NL], u[NL];
	struct pt g, p;

	from_be(kk, N->n, k, C->bytes);
	if (is_zero(kk, N->n) || cmp(kk, N->m, N->n) >= 0)
		return -EINVAL;
	pt_base(C, &g);
	pt_mul(C, &p, &g, kk);
	pt_affine(C, x, y, &p);
	if (cmp(x, N->m, N->n) >= 0)
		sub(x, x, N->m, N->n);
	memcpy(r, x, sizeof(r));
	if (is_zero(r, N->n))
		return -EINVAL;
	from_be(t, N->n, d, C->bytes);
	to_mont(N, t, t);
	to_mont(N, u, r);
	mmul(N, t, t, u);		/* r d */
	digest_int(C, u, e, elen);
	to_mont(N, u, u);
	madd(N, t, t, u);		/* e + r d */
	to_mont(N, u, kk);
	minv(N, u, u);
	mmul(N, s, u, t);
	from_mont(N, s, s);
	if (is_zero(s, N->n))
		return -EINVAL;
	to_be(sig, C->bytes, r);
	to_be(sig + C->bytes, C->bytes, s);
	return 0;
}

int ec_verify(int curve, const uint8_t *pub, const uint8_t *e, size_t elen,
	      const uint8_t *sig)
{
	const struct curve *C = curve_get(curve);
	const struct mod *N = &C->fn, *F = &C->fp;
	limb r[NL], s[NL], w[NL], u1[NL], u2[NL], t[NL], x[NL], y[NL];
	struct pt g, q, a, b;

	from_be(x, F->n, pub + 1, C->bytes);
	from_be(y, F->n, pub + 1 + C->bytes, C->bytes);
	if (pub[0] != 4 || cmp(x, F->m, F->n) >= 0 || cmp(y, F->m, F->n) >= 0)
		return -EINVAL;
	to_mont(F, q.x, x);
	to_mont(F, q.y, y);
	memcpy(q.z, F->one, sizeof(q.z));
	if (!on_curve(C, q.x, q.y))
		return -EINVAL;
	from_be(r, N->n, sig, C->bytes);
	from_be(s, N->n, sig + C->bytes, C->bytes);
	if (is_zero(r, N->n) || is_zero(s, N->n) ||
	    cmp(r, N->m, N->n) >= 0 || cmp(s, N->m, N->n) >= 0)
		return -EBADMSG;
	to_mont(N, w, s);
	minv(N, w, w);
	digest_int(C, t, e, elen);
	to_mont(N, t, t);
	mmul(N, u1, t, w);
	from_mont(N, u1, u1);
	to_mont(N, t, r);
	mmul(N, u2, t, w);
	from_mont(N, u2, u2);
	pt_base(C, &g);
	pt_mul(C, &a, &g, u1);
	pt_mul(C, &b, &q, u2);
	pt_add(C, &a, &a, &b);
	if (is_zero(a.z, F->n))
		return -EKEYREJECTED;
	pt_affine(C, x, y, &a);
	if (cmp(x, N->m, N->n) >= 0)
		sub(x, x, N->m, N->n);
	return cmp(x, r, N->n) ? -EKEYREJECTED : 0;
}

/* An INTEGER: no leading zero bytes, but one before a set top bit. */
static size_t der_int(uint8_t *o, const uint8_t *v, size_t n)
{
	size_t pad;

	while (n > 1 && !v[0]) {
		v++;
		n--;
	}
	pad = v[0] & 0x80 ? 1 : 0;
	o[0] = 0x02;
	o[1] = n + pad;
	o[2] = 0;
	memcpy(o + 2 + pad, v, n);
	return 2 + pad + n;
}

size_t ec_der(int curve, const uint8_t *sig, uint8_t *der)
{
	unsigned int n = ec_bytes(curve);
	size_t len = der_int(der + 2, sig, n);

	len += der_int(der + 2 + len, sig + n, n);
	der[0] = 0x30;
	der[1] = len;
	return len + 2;
}

static void unhex(uint8_t *b, const char *hex)
{
	unsigned int x;

	for (size_t i = 0; hex[2 * i]; i++) {
		sscanf(hex + 2 * i, "%2x", &x);
		b[i] = x;
	}
}

/* G on its curve and n G the point at infinity. */
static int curve_checks(int id, char *why, size_t whylen)
{
	const struct curve *C = curve_get(id);
	struct pt g, o;

	pt_base(C, &g);
	pt_mul(C, &o, &g, C->fn.m);
	if (!on_curve(C, g.x, g.y) || !is_zero(o.z, C->fp.n)) {
		snprintf(why, whylen, "the runner's P-%u model: G is not a point of order n",
			 C->bytes * 8);
		return -1;
	}
	return 0;
}

/*
 * RFC 6979 A.2.5 (P-256) and A.2.6 (P-384) with SHA-256, message
 * "sample": the public keys of the private keys, the P-256 signature
 * made with its k, both signatures verified (P-384's digest is shorter
 * than the curve: left-padded), and each refused with a bit of s flipped.
 */
int ec_known_answers(char *why, size_t whylen)
{
	static const struct {
		int curve;
		const char *d, *pub, *k, *sig;
	} v[] = {
		{ EC_P256,
		  "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721",
		  "0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
		  "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299",
		  "a6e3c57dd01abe90086538398355dd4c3b17aa873382b0f24d6129493d8aad60",
		  "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
		  "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8" },
		{ EC_P384,
		  "6b9d3dad2e1b8c1c05b19875b6659f4de23c3b667bf297ba9aa47740787137d8"
		  "96d5724e4c70a825f872c9ea60d2edf5",
		  "04ec3a4e415b4e19a4568618029f427fa5da9a8bc4ae92e02e06aae5286b300c"
		  "64def8f0ea9055866064a254515480bc138015d9b72d7d57244ea8ef9ac0c621"
		  "896708a59367f9dfb9f54ca84b3f1c9db1288b231c3ae0d4fe7344fd2533264720",
		  NULL,
		  "21b13d1e013c7fa1392d03c5f99af8b30c570c6f98d4ea8e354b63a21d3daa33"
		  "bde1e888e63355d92fa2b3c36d8fb2cdf3aa443fb107745bf4bd77cb38916746"
		  "32068a10ca67e3d45db2266fa7d1feebefdc63eccd1ac42ec0cb8668a4fa0ab0" },
	};
	uint8_t d[EC_MAX_BYTES], pub[EC_MAX_PUB], want[EC_MAX_PUB], k[EC_MAX_BYTES];
	uint8_t sig[2 * EC_MAX_BYTES], got[2 * EC_MAX_BYTES], e[32];

	model_sha256("sample", 6, e);
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		unsigned int n = ec_bytes(v[i].curve);

		if (curve_checks(v[i].curve, why, whylen))
			return -1;
		unhex(d, v[i].d);
		unhex(want, v[i].pub);
		unhex(sig, v[i].sig);
		if (ec_public(v[i].curve, d, pub) || memcmp(pub, want, 1 + 2 * n))
			goto bad;
		if (v[i].k) {
			unhex(k, v[i].k);
			if (ec_sign(v[i].curve, d, k, e, 32, got) ||
			    memcmp(got, sig, 2 * n))
				goto bad;
		}
		if (ec_verify(v[i].curve, pub, e, 32, sig))
			goto bad;
		sig[2 * n - 1] ^= 1;
		if (ec_verify(v[i].curve, pub, e, 32, sig) != -EKEYREJECTED)
			goto bad;
		continue;
bad:
		snprintf(why, whylen, "the runner's P-%u ECDSA model misses RFC 6979's answer",
			 n * 8);
		return -1;
	}
	return 0;
}
