// SPDX-License-Identifier: GPL-2.0
/*
 * ECDSA over P-192, P-256 and P-384 for the sig tests (crypto_model_ec.h),
 * on the arithmetic of crypto_model_ec.c: keys, signatures, what verifying
 * gives by the contract, and the known answers (the curves' own
 * checks, RFC 6979's keys and signatures).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "crypto_model_ec.h"
#include "crypto_model_ec_int.h"
#include "crypto_model_hash.h"

unsigned int ec_bytes(int curve)
{
	return ec_curve_get(curve)->bytes;
}

void ec_order(int curve, uint8_t *n)
{
	const struct curve *C = ec_curve_get(curve);

	ec_to_be(n, C->bytes, C->fn.m);
}

/* The digest as the kernel takes it, reduced modulo n. */
static void digest_int(const struct curve *C, limb *e, const uint8_t *d, size_t len)
{
	ec_from_be(e, C->fn.n, d, len < C->bytes ? len : C->bytes);
	if (ec_cmp(e, C->fn.m, C->fn.n) >= 0)
		ec_sub(e, e, C->fn.m, C->fn.n);
}

int ec_public(int curve, const uint8_t *d, uint8_t *pub)
{
	struct curve *C = ec_curve_get(curve);
	unsigned int n = C->fn.n;
	limb k[NL], x[NL], y[NL];
	struct pt q;

	ec_from_be(k, n, d, C->bytes);
	if (ec_is_zero(k, n) || ec_cmp(k, C->fn.m, n) >= 0)
		return -EINVAL;
	ec_pt_mul_base(C, &q, k);
	ec_pt_affine(C, x, y, &q);
	pub[0] = 4;
	ec_to_be(pub + 1, C->bytes, x);
	ec_to_be(pub + 1 + C->bytes, C->bytes, y);
	return 0;
}

/* r = (kG).x mod n; s = k^-1 (e + r d) mod n. */
int ec_sign(int curve, const uint8_t *d, const uint8_t *k, const uint8_t *e,
	    size_t elen, uint8_t *sig)
{
	struct curve *C = ec_curve_get(curve);
	const struct mod *N = &C->fn;
	limb kk[NL], x[NL], y[NL], r[NL], s[NL], t[NL], u[NL];
	struct pt p;

	ec_from_be(kk, N->n, k, C->bytes);
	if (ec_is_zero(kk, N->n) || ec_cmp(kk, N->m, N->n) >= 0)
		return -EINVAL;
	ec_pt_mul_base(C, &p, kk);
	ec_pt_affine(C, x, y, &p);
	if (ec_cmp(x, N->m, N->n) >= 0)
		ec_sub(x, x, N->m, N->n);
	memcpy(r, x, sizeof(r));
	if (ec_is_zero(r, N->n))
		return -EINVAL;
	ec_from_be(t, N->n, d, C->bytes);
	ec_to_mont(N, t, t);
	ec_to_mont(N, u, r);
	ec_mmul(N, t, t, u);		/* r d */
	digest_int(C, u, e, elen);
	ec_to_mont(N, u, u);
	ec_madd(N, t, t, u);		/* e + r d */
	ec_to_mont(N, u, kk);
	ec_minv(N, u, u);
	ec_mmul(N, s, u, t);
	ec_from_mont(N, s, s);
	if (ec_is_zero(s, N->n))
		return -EINVAL;
	ec_to_be(sig, C->bytes, r);
	ec_to_be(sig + C->bytes, C->bytes, s);
	return 0;
}

int ec_verify(int curve, const uint8_t *pub, const uint8_t *e, size_t elen,
	      const uint8_t *sig)
{
	struct curve *C = ec_curve_get(curve);
	const struct mod *N = &C->fn, *F = &C->fp;
	limb r[NL], s[NL], w[NL], u1[NL], u2[NL], t[NL], x[NL], y[NL];
	struct pt q, a, b;

	ec_from_be(x, F->n, pub + 1, C->bytes);
	ec_from_be(y, F->n, pub + 1 + C->bytes, C->bytes);
	if (pub[0] != 4 || ec_cmp(x, F->m, F->n) >= 0 || ec_cmp(y, F->m, F->n) >= 0)
		return -EINVAL;
	ec_to_mont(F, q.x, x);
	ec_to_mont(F, q.y, y);
	memcpy(q.z, F->one, sizeof(q.z));
	if (!ec_on_curve(C, q.x, q.y))
		return -EINVAL;
	ec_from_be(r, N->n, sig, C->bytes);
	ec_from_be(s, N->n, sig + C->bytes, C->bytes);
	if (ec_is_zero(r, N->n) || ec_is_zero(s, N->n) ||
	    ec_cmp(r, N->m, N->n) >= 0 || ec_cmp(s, N->m, N->n) >= 0)
		return -EBADMSG;
	ec_to_mont(N, w, s);
	ec_minv(N, w, w);
	digest_int(C, t, e, elen);
	ec_to_mont(N, t, t);
	ec_mmul(N, u1, t, w);
	ec_from_mont(N, u1, u1);
	ec_to_mont(N, t, r);
	ec_mmul(N, u2, t, w);
	ec_from_mont(N, u2, u2);
	ec_pt_mul_base(C, &a, u1);
	ec_pt_mul(C, &b, &q, u2);
	ec_pt_add(C, &a, &a, &b);
	if (ec_is_zero(a.z, F->n))
		return -EKEYREJECTED;
	ec_pt_affine(C, x, y, &a);
	if (ec_cmp(x, N->m, N->n) >= 0)
		ec_sub(x, x, N->m, N->n);
	return ec_cmp(x, r, N->n) ? -EKEYREJECTED : 0;
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
	const struct curve *C = ec_curve_get(id);
	struct pt g, o;

	ec_pt_base(C, &g);
	ec_pt_mul(C, &o, &g, C->fn.m);
	if (!ec_on_curve(C, g.x, g.y) || !ec_is_zero(o.z, C->fp.n)) {
		snprintf(why, whylen, "the runner's P-%u model: G is not a point of order n",
			 C->bytes * 8);
		return -1;
	}
	return 0;
}

/*
 * RFC 6979 A.2.3 (P-192), A.2.5 (P-256) and A.2.6 (P-384) with SHA-256,
 * message "sample": the public keys of the private keys, the P-192 and
 * P-256 signatures made with their k, every signature verified (P-192's
 * digest is longer than the curve: its left-most bytes; P-384's shorter:
 * left-padded), and each refused with a bit of s flipped.
 */
int ec_known_answers(char *why, size_t whylen)
{
	static const struct {
		int curve;
		const char *d, *pub, *k, *sig;
	} v[] = {
		{ EC_P192,
		  "6fab034934e4c0fc9ae67f5b5659a9d7d1fefd187ee09fd4",
		  "04ac2c77f529f91689fea0ea5efec7f210d8eea0b9e047ed56"
		  "3bc723e57670bd4887ebc732c523063d0a7c957bc97c1c43",
		  "32b1b6d7d42a05cb449065727a84804fb1a3e34d8f261496",
		  "4b0b8ce98a92866a2820e20aa6b75b56382e0f9bfd5ecb55"
		  "ccdb006926ea9565cbadc840829d8c384e06de1f1e381b85" },
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
