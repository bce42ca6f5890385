// SPDX-License-Identifier: GPL-2.0
/*
 * ECDSA verification for the "sig" backend (kfx_crypto_sig.c), with a key
 * fixed at creation and a verify that neither allocates nor sleeps, so
 * that any program may call it:
 *
 * - 6.13+: the kernel's own, "p1363(ecdsa-nist-pN-generic)" through the
 *   crypto_sig API (asked for by driver name: an ECDSA engine of some SoC
 *   may rank higher and sleep or do DMA in verify);
 * - before: kfx's, over the kernel's elliptic-curve library, the library
 *   the kernel's ECDSA is built on (SEC 1 section 4.1.4, as the kernel
 *   does it, so that both give the same answer and errno for every input).
 *
 * kfx_compat.h says which (KFX_ECDSA_KERNEL, KFX_ECDSA_OWN).
 */
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "kfx_compat.h"
#include "kfx_crypto.h"

#if defined(KFX_ECDSA_KERNEL)
#include <crypto/sig.h>

/**
 * struct kfx_ecdsa - a keyed ECDSA verifier
 * @tfm: the kernel's p1363() over its generic ECDSA
 */
struct kfx_ecdsa {
	struct crypto_sig *tfm;
};

/* The kernel's generic ECDSA for the curve, under p1363(). */
static void kfx_ecdsa_name(unsigned int bits, char name[CRYPTO_MAX_ALG_NAME])
{
	snprintf(name, CRYPTO_MAX_ALG_NAME, "p1363(ecdsa-nist-p%u-generic)",
		 bits);
}

bool kfx_ecdsa_has_curve(unsigned int bits)
{
	char name[CRYPTO_MAX_ALG_NAME];

	kfx_ecdsa_name(bits, name);
	return crypto_has_alg(name, 0, 0);
}

struct kfx_ecdsa *kfx_ecdsa_new(unsigned int bits, const u8 *key, u32 len,
				int *err)
{
	char name[CRYPTO_MAX_ALG_NAME];
	struct kfx_ecdsa *e;

	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e) {
		*err = -ENOMEM;
		return NULL;
	}
	kfx_ecdsa_name(bits, name);
	e->tfm = crypto_alloc_sig(name, 0, 0);
	if (IS_ERR(e->tfm)) {
		*err = kfx_crypto_alloc_err(PTR_ERR(e->tfm));
		kfree(e);
		return NULL;
	}
	*err = crypto_sig_set_pubkey(e->tfm, key, len);
	if (*err) {
		kfx_ecdsa_free(e);
		return NULL;
	}
	return e;
}

void kfx_ecdsa_free(struct kfx_ecdsa *e)
{
	crypto_free_sig(e->tfm);
	kfree(e);
}

int kfx_ecdsa_verify(const struct kfx_ecdsa *e, const u8 *digest,
		     u32 digest_len, const u8 *sig, u32 sig_len)
{
	return crypto_sig_verify(e->tfm, sig, sig_len, digest, digest_len);
}

const char *kfx_ecdsa_driver(const struct kfx_ecdsa *e)
{
	return crypto_tfm_alg_driver_name(crypto_sig_tfm(e->tfm));
}

#elif defined(KFX_ECDSA_OWN)
#include <crypto/ecdh.h>
#include <crypto/internal/ecc.h>

/**
 * struct kfx_ecdsa - a keyed ECDSA verifier
 * @curve: the kernel's curve
 * @x: the public key's x, in the library's digit order
 * @y: its y
 * @driver: what kfx_crypto_ctx_driver() says
 */
struct kfx_ecdsa {
	const struct ecc_curve *curve;
	u64 x[ECC_MAX_DIGITS];
	u64 y[ECC_MAX_DIGITS];
	char driver[32];
};

/*
 * The curves whose size is whole 64-bit digits (the library's big-endian
 * loader takes those): P-521, 66 bytes in 9 digits, only on 6.13+.
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
	default:
		return NULL;
	}
}

bool kfx_ecdsa_has_curve(unsigned int bits)
{
	return kfx_ecdsa_curve(bits);
}

/* An uncompressed point 04 || X || Y of the curve: -EINVAL otherwise. */
static int kfx_ecdsa_set_key(struct kfx_ecdsa *e, const u8 *key, u32 len)
{
	unsigned int nd = e->curve->g.ndigits;
	struct ecc_point pub = ECC_POINT_INIT(e->x, e->y, nd);
	u32 half = nd * sizeof(u64);

	if (len != 1 + 2 * half || key[0] != 0x04)
		return -EINVAL;
	vli_from_be64(e->x, key + 1, nd);
	vli_from_be64(e->y, key + 1 + half, nd);
	/* on the curve, in the group, not the point at infinity */
	return ecc_is_pubkey_valid_full(e->curve, &pub) ? -EINVAL : 0;
}

struct kfx_ecdsa *kfx_ecdsa_new(unsigned int bits, const u8 *key, u32 len,
				int *err)
{
	struct kfx_ecdsa *e;

	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e) {
		*err = -ENOMEM;
		return NULL;
	}
	e->curve = kfx_ecdsa_curve(bits);
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
 * SEC 1 4.1.4 steps 4-8 on r, s in [1, n-1] and the digest as a number h:
 * u1 = h / s, u2 = r / s (mod n), R = u1 G + u2 Q, valid when R.x = r
 * (mod n; R.x < 2n for these curves).  A frame of its own: five numbers.
 */
static noinline int kfx_ecdsa_check(const struct kfx_ecdsa *e, const u64 *h,
				    const u64 *r, const u64 *s)
{
	const struct ecc_curve *curve = e->curve;
	unsigned int nd = curve->g.ndigits;
	u64 w[ECC_MAX_DIGITS], u1[ECC_MAX_DIGITS], u2[ECC_MAX_DIGITS];
	u64 x1[ECC_MAX_DIGITS], y1[ECC_MAX_DIGITS];
	struct ecc_point res = ECC_POINT_INIT(x1, y1, nd);
	struct ecc_point pub = ECC_POINT_INIT((u64 *)e->x, (u64 *)e->y, nd);

	vli_mod_inv(w, s, curve->n, nd);
	vli_mod_mult_slow(u1, h, w, curve->n, nd);
	vli_mod_mult_slow(u2, r, w, curve->n, nd);
	ecc_point_mult_shamir(&res, u1, &curve->g, u2, &pub, curve);
	if (vli_cmp(res.x, curve->n, nd) >= 0)
		vli_sub(res.x, res.x, curve->n, nd);
	return vli_cmp(res.x, r, nd) ? -EKEYREJECTED : 0;
}

int kfx_ecdsa_verify(const struct kfx_ecdsa *e, const u8 *digest,
		     u32 digest_len, const u8 *sig, u32 sig_len)
{
	const struct ecc_curve *curve = e->curve;
	unsigned int nd = curve->g.ndigits;
	u32 half = nd * sizeof(u64), n;
	u64 r[ECC_MAX_DIGITS], s[ECC_MAX_DIGITS], h[ECC_MAX_DIGITS];
	u8 raw[ECC_MAX_BYTES] = { 0 };

	/* p1363: r then s, big-endian, each the curve's size */
	if (sig_len != 2 * half)
		return -EINVAL;
	vli_from_be64(r, sig, nd);
	vli_from_be64(s, sig + half, nd);
	if (vli_is_zero(r, nd) || vli_cmp(r, curve->n, nd) >= 0 ||
	    vli_is_zero(s, nd) || vli_cmp(s, curve->n, nd) >= 0)
		return -EBADMSG;
	/* the digest's left-most bytes, a shorter one as a number */
	n = min(digest_len, half);
	memcpy(raw + half - n, digest, n);
	vli_from_be64(h, raw, nd);
	return kfx_ecdsa_check(e, h, r, s);
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
