// SPDX-License-Identifier: GPL-2.0
/*
 * ECDSA verification for the "sig" backend (kfx_crypto_sig.c), with a key
 * fixed at creation and a verify that neither allocates nor sleeps, so
 * that any program may call it.  kfx verifies itself, on every kernel,
 * over the kernel's elliptic-curve library (crypto/ecc.c, which the
 * kernel's own ECDSA is made of; FIPS 186-5 6.4.2, SEC 1 4.1.4).
 *
 * The kernel's own verifier ("p1363(ecdsa-nist-pN)", 6.13+) is not used:
 * its answers differ by kernel.  Its Shamir ladder handles a doubling or
 * the point at infinity only from 7.3 on, so 7.2's rejected valid
 * signatures for keys such as Q = G, -G, -2G; it took a P-256 key of 63
 * bytes and read a P-521 digest of up to 72 bytes as one number.  kfx
 * decides all of it itself, the same on every kernel: the key's encoding
 * (kfx_ecdsa_key_form()), the digest's leftmost bits (kfx_ecdsa_digest()),
 * and u1 G + u2 Q, computed apart and then added (kfx_ecdsa_sum()), exact
 * over either ladder.  The tests give every kernel the same vectors
 * (tests/vectors/ecdsa*.vec).
 *
 * kfx_compat.h says where: KFX_ECDSA (the library and its ladder),
 * KFX_ECDSA_P521 (with P-521).
 */
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "kfx_compat.h"
#include "kfx_crypto.h"

#ifdef KFX_ECDSA
#include <crypto/ecdh.h>
#include <crypto/internal/ecc.h>

/* P-521's 66 bytes: the longest coordinate and digest number. */
#define KFX_ECDSA_MAX_BYTES	66

/* The curve's size in bytes: 24, 32, 48, 66. */
static u32 kfx_ecdsa_bytes(unsigned int bits)
{
	return DIV_ROUND_UP(bits, 8);
}

/*
 * The one key encoding: 0x04, then X and Y, each exactly the curve's
 * size.  The kernel's own parser (6.13+) also takes shorter coordinates
 * that fill the same 64-bit digits (a P-256 key of 63 bytes).
 */
static int kfx_ecdsa_key_form(unsigned int bits, const u8 *key, u32 len)
{
	if (len != 1 + 2 * kfx_ecdsa_bytes(bits) || key[0] != 0x04)
		return -EINVAL;
	return 0;
}

/*
 * FIPS 186-5 6.4.2 step 2 (SEC 1 4.1.4 step 3): of a digest longer than
 * the order, its leftmost @bits bits, else all of it, as a number; written
 * to @out as kfx_ecdsa_bytes() big-endian bytes.  P-521 keeps 521 bits of
 * a digest of 66 bytes or more (its first 66 bytes shifted right by 7):
 * the kernel's own verifier reads up to 72 bytes as the number.
 */
static void kfx_ecdsa_digest(unsigned int bits, const u8 *digest, u32 len,
			     u8 out[KFX_ECDSA_MAX_BYTES])
{
	u32 nbytes = kfx_ecdsa_bytes(bits), i;
	unsigned int shift = nbytes * 8 - bits;

	memset(out, 0, nbytes);
	if (len <= bits / 8) {
		memcpy(out + nbytes - len, digest, len);
		return;
	}
	memcpy(out, digest, nbytes);
	for (i = nbytes - 1; shift && i > 0; i--)
		out[i] = out[i] >> shift | out[i - 1] << (8 - shift);
	out[0] >>= shift;
}

/**
 * struct kfx_ecdsa - a keyed ECDSA verifier
 * @curve: the kernel's curve
 * @bits: its order's bit length: 192, 256, 384, 521
 * @x: the public key's x, in the library's digit order
 * @y: its y
 * @driver: what kfx_crypto_ctx_driver() says
 */
struct kfx_ecdsa {
	const struct ecc_curve *curve;
	unsigned int bits;
	u64 x[ECC_MAX_DIGITS];
	u64 y[ECC_MAX_DIGITS];
	char driver[32];
};

/*
 * The library's curve, or NULL: P-521 where the library has it (Debian's
 * 6.12 and later), P-192 but in FIPS mode (ecc_get_curve()).
 */
static const struct ecc_curve *kfx_ecdsa_curve(unsigned int bits)
{
	switch (bits) {
	case 192:
		return ecc_get_curve(ECC_CURVE_NIST_P192);
	case 256:
		return ecc_get_curve(ECC_CURVE_NIST_P256);
	case 384:
		return ecc_get_curve(ECC_CURVE_NIST_P384);
#ifdef KFX_ECDSA_P521
	case 521:
		return ecc_get_curve(ECC_CURVE_NIST_P521);
#endif
	default:
		return NULL;
	}
}

bool kfx_ecdsa_has_curve(unsigned int bits)
{
	return kfx_ecdsa_curve(bits);
}

#ifdef KFX_ECDSA_P521
/* The work area and the key hold P-521's numbers: 9 digits. */
static_assert(ECC_MAX_DIGITS >= ECC_CURVE_NIST_P521_DIGITS);
#endif

/*
 * @nbytes big-endian bytes (the curve's size) as a number of @nd digits.
 * vli_from_be64() loads whole 64-bit digits only, not P-521's 66 bytes;
 * ecc_digits_from_bytes() came with P-521 and loads any length.
 */
static void kfx_ecdsa_load(u64 *out, const u8 *in, u32 nbytes,
			   unsigned int nd)
{
#ifdef KFX_ECDSA_P521
	ecc_digits_from_bytes(in, nbytes, out, nd);
#else
	vli_from_be64(out, in, nd);
#endif
}

/* A point of the curve of kfx_ecdsa_key_form()'s encoding: -EINVAL otherwise. */
static int kfx_ecdsa_set_key(struct kfx_ecdsa *e, const u8 *key, u32 len)
{
	unsigned int nd = e->curve->g.ndigits;
	struct ecc_point pub = ECC_POINT_INIT(e->x, e->y, nd);
	u32 half = kfx_ecdsa_bytes(e->bits);

	kfx_ecdsa_load(e->x, key + 1, half, nd);
	kfx_ecdsa_load(e->y, key + 1 + half, half, nd);
	/* on the curve, in the group, not the point at infinity */
	return ecc_is_pubkey_valid_full(e->curve, &pub) ? -EINVAL : 0;
}

struct kfx_ecdsa *kfx_ecdsa_new(unsigned int bits, const u8 *key, u32 len,
				int *err)
{
	struct kfx_ecdsa *e;

	*err = kfx_ecdsa_key_form(bits, key, len);
	if (*err)
		return NULL;
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e) {
		*err = -ENOMEM;
		return NULL;
	}
	e->curve = kfx_ecdsa_curve(bits);
	e->bits = bits;
	*err = e->curve ? kfx_ecdsa_set_key(e, key, len) : -EOPNOTSUPP;
	if (*err) {
		kfx_ecdsa_free(e);
		return NULL;
	}
	snprintf(e->driver, sizeof(e->driver), "kfx-ecdsa-nist-p%u", bits);
	return e;
}

void kfx_ecdsa_free(struct kfx_ecdsa *e)
{
	kfree_sensitive(e);
}

/*
 * @k P, for 1 <= @k < n and P a point of order n (G, or a key that
 * ecc_is_pubkey_valid_full() took).  The kernel exports only its Shamir
 * ladder, whose additions and doublings are exact only for distinct,
 * finite points before 7.3; with @k and 0 it doubles j P (never the point
 * at infinity, 0 < j < n) and adds P to 2j P (never +-P, as
 * 2j + 1 <= @k < n), so every step is exact on every kernel.  The sum
 * P + P it computes first is wrong before 7.3 and never used.
 */
static void kfx_ecdsa_mult(struct ecc_point *res, const u64 *k,
			   const struct ecc_point *p,
			   const struct ecc_curve *curve)
{
	static const u64 zero[ECC_MAX_DIGITS];

	ecc_point_mult_shamir(res, k, p, zero, p, curve);
}

/*
 * @res = @a + @b, two finite points of the curve, by the ladder again:
 * with 1 and 1 it is one affine addition, exact when @a != +-@b; with 2
 * and 0, one doubling.  @a = -@b gives the point at infinity, which FIPS
 * 186-5 6.4.2 step 6 rejects: -EKEYREJECTED.
 */
static int kfx_ecdsa_sum(struct ecc_point *res, const struct ecc_point *a,
			 const struct ecc_point *b,
			 const struct ecc_curve *curve)
{
	static const u64 zero[ECC_MAX_DIGITS], one[ECC_MAX_DIGITS] = { 1 },
			 two[ECC_MAX_DIGITS] = { 2 };
	unsigned int nd = curve->g.ndigits;

	if (vli_cmp(a->x, b->x, nd)) {
		ecc_point_mult_shamir(res, one, a, one, b, curve);
		return 0;
	}
	/* the same x: @b is @a or -@a (no point of order 2 on these curves) */
	if (vli_cmp(a->y, b->y, nd))
		return -EKEYREJECTED;
	ecc_point_mult_shamir(res, two, a, zero, a, curve);
	return 0;
}

/*
 * FIPS 186-5 6.4.2 steps 3-7 on r, s in [1, n-1] and the digest's number
 * h: u1 = h / s, u2 = r / s (mod n), R = u1 G + u2 Q, valid when R is not
 * the point at infinity and R.x = r (mod n; R.x < 2n for these curves).
 * u1 G and u2 Q are computed apart and then added, not by one Shamir
 * ladder: the kernel's before 7.3 mistakes the sums that need a doubling
 * or give infinity, and rejects valid signatures for keys such as Q = G,
 * -G, -2G.  u2 is never 0 (r, s in [1, n-1], n prime); u1 is 0
 * when h = 0 (mod n), and R is then u2 Q.
 */
/**
 * struct kfx_ecdsa_work - a verification's numbers, off the stack
 * @r: the signature's r
 * @s: its s
 * @h: the digest's number
 * @w: 1 / s
 * @u1: h / s, then the sum's y
 * @u2: r / s
 * @ax: u1 G
 * @ay: its y
 * @bx: u2 Q
 * @by: its y
 * @raw: the digest's leftmost bits, as bytes
 * @a: the point (@ax, @ay)
 * @b: (@bx, @by)
 * @pub: the key
 * @sum: @a + @b, in (@w, @u1)
 *
 * Ten numbers of up to ECC_MAX_DIGITS digits (9 with P-521), a digest and
 * four points: on the stack they made frames of 536 to 800 bytes (KASAN
 * red-zones every object, each compound literal too: the debug rows),
 * over the 512 bytes kfx allows itself.  One per CPU
 * and context (task, softirq), as the crypto scratch, which
 * kfx_sig_verify() holds around the verification: no other can use the
 * same one meanwhile.
 */
struct kfx_ecdsa_work {
	u64 r[ECC_MAX_DIGITS], s[ECC_MAX_DIGITS], h[ECC_MAX_DIGITS];
	u64 w[ECC_MAX_DIGITS], u1[ECC_MAX_DIGITS], u2[ECC_MAX_DIGITS];
	u64 ax[ECC_MAX_DIGITS], ay[ECC_MAX_DIGITS];
	u64 bx[ECC_MAX_DIGITS], by[ECC_MAX_DIGITS];
	u8 raw[KFX_ECDSA_MAX_BYTES];
	struct ecc_point a, b, pub, sum;
};

static DEFINE_PER_CPU(struct kfx_ecdsa_work, kfx_ecdsa_work[2]);

/* @p = (@x, @y), in the work area (not a compound literal on the stack) */
static struct ecc_point *kfx_ecdsa_point(struct ecc_point *p, u64 *x, u64 *y,
					 unsigned int nd)
{
	p->x = x;
	p->y = y;
	p->ndigits = nd;
	return p;
}

static noinline int kfx_ecdsa_check(const struct kfx_ecdsa *e,
				    struct kfx_ecdsa_work *k)
{
	const struct ecc_curve *curve = e->curve;
	unsigned int nd = curve->g.ndigits;
	struct ecc_point *a = kfx_ecdsa_point(&k->a, k->ax, k->ay, nd);
	struct ecc_point *b = kfx_ecdsa_point(&k->b, k->bx, k->by, nd);
	struct ecc_point *pub = kfx_ecdsa_point(&k->pub, (u64 *)e->x,
						(u64 *)e->y, nd);
	/* the sum goes where w and u1 were: they are done with by then */
	struct ecc_point *sum = kfx_ecdsa_point(&k->sum, k->w, k->u1, nd);
	struct ecc_point *res = b;

	vli_mod_inv(k->w, k->s, curve->n, nd);
	vli_mod_mult_slow(k->u1, k->h, k->w, curve->n, nd);
	vli_mod_mult_slow(k->u2, k->r, k->w, curve->n, nd);
	kfx_ecdsa_mult(b, k->u2, pub, curve);
	if (!vli_is_zero(k->u1, nd)) {
		kfx_ecdsa_mult(a, k->u1, &curve->g, curve);
		if (kfx_ecdsa_sum(sum, a, b, curve))
			return -EKEYREJECTED;
		res = sum;
	}
	if (vli_cmp(res->x, curve->n, nd) >= 0)
		vli_sub(res->x, res->x, curve->n, nd);
	return vli_cmp(res->x, k->r, nd) ? -EKEYREJECTED : 0;
}

int kfx_ecdsa_verify(const struct kfx_ecdsa *e, const u8 *digest,
		     u32 digest_len, const u8 *sig, u32 sig_len)
{
	struct kfx_ecdsa_work *k = this_cpu_ptr(&kfx_ecdsa_work[kfx_crypto_slot()]);
	const struct ecc_curve *curve = e->curve;
	unsigned int nd = curve->g.ndigits;
	u32 half = kfx_ecdsa_bytes(e->bits);

	/* p1363: r then s, big-endian, each the curve's size */
	if (sig_len != 2 * half)
		return -EINVAL;
	kfx_ecdsa_load(k->r, sig, half, nd);
	kfx_ecdsa_load(k->s, sig + half, half, nd);
	if (vli_is_zero(k->r, nd) || vli_cmp(k->r, curve->n, nd) >= 0 ||
	    vli_is_zero(k->s, nd) || vli_cmp(k->s, curve->n, nd) >= 0)
		return -EBADMSG;
	kfx_ecdsa_digest(e->bits, digest, digest_len, k->raw);
	kfx_ecdsa_load(k->h, k->raw, half, nd);
	return kfx_ecdsa_check(e, k);
}

const char *kfx_ecdsa_driver(const struct kfx_ecdsa *e)
{
	return e->driver;
}

#else
struct kfx_ecdsa;

bool kfx_ecdsa_has_curve(unsigned int bits)
{
	return false;
}

struct kfx_ecdsa *kfx_ecdsa_new(unsigned int bits, const u8 *key, u32 len,
				int *err)
{
	*err = -EOPNOTSUPP;
	return NULL;
}

void kfx_ecdsa_free(struct kfx_ecdsa *e)
{
}

int kfx_ecdsa_verify(const struct kfx_ecdsa *e, const u8 *digest,
		     u32 digest_len, const u8 *sig, u32 sig_len)
{
	return -EINVAL;
}

const char *kfx_ecdsa_driver(const struct kfx_ecdsa *e)
{
	return "none";
}
#endif
