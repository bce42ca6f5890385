// SPDX-License-Identifier: GPL-2.0
/*
 * kfx crypto backend "sig": ECDSA signature verification over the NIST
 * curves, the public key given at create, as upstream's proposed "sig"
 * type and bpf_sig_verify() (not in any released kernel) do on the
 * crypto_sig API.  The names are the kernel's own on every kernel:
 * "p1363(ecdsa-nist-p256)" (the signature is r then s, each as long as
 * the curve) and "x962(ecdsa-nist-p256)" (a DER ECDSA-Sig-Value).  Where
 * the kernel's ECDSA is an akcipher that takes DER only (before 6.13),
 * kfx encodes p1363 signatures as DER itself; kfx_compat.h has the rest.
 *
 * The kernel's generic ECDSA is asked for by its driver name: an ECDSA
 * engine of some SoC may rank higher and sleep or do DMA in verify.
 */
#include <linux/slab.h>
#include <linux/string.h>

#include "kfx_compat.h"
#include "../bpf/kfx.h"
#include "kfx_crypto.h"

/* The longest signature taken: DER for P-521 is 139 bytes at most. */
#define KFX_SIG_MAX_LEN		4096

/* Room for a DER ECDSA-Sig-Value of two integers of up to 66 bytes. */
#define KFX_SIG_DER_MAX		(2 * (2 + 1 + 66) + 3)

/**
 * struct kfx_sig_ctx - a ctx of type "sig"
 * @base: the family's part
 * @tfm: the keyed verifier
 * @encode_der: the program's signatures are P1363 (r || s) and @tfm takes
 *		DER (an akcipher, before 6.13): kfx encodes them
 * @curve_len: the curve's size in bytes (32 for P-256): r and s each
 * @digest_max: the digest bytes the kernel looks at, the left-most ones
 */
struct kfx_sig_ctx {
	struct kfx_crypto_ctx base;
#if KFX_SIG_AVAILABLE
	struct kfx_sig_tfm *tfm;
#endif
	bool encode_der;
	u32 curve_len;
	u32 digest_max;
};

static struct kfx_sig_ctx *kfx_sig(struct kfx_crypto_ctx *ctx)
{
	return container_of(ctx, struct kfx_sig_ctx, base);
}

/**
 * struct kfx_sig_name - what an algorithm name of the "sig" type says
 * @p1363: "p1363(...)" rather than "x962(...)"
 * @bits: the curve, 192, 256, 384 or 521
 */
struct kfx_sig_name {
	bool p1363;
	unsigned int bits;
};

/*
 * Parse "p1363(ecdsa-nist-pN)" or "x962(ecdsa-nist-pN)".  Nothing else
 * is taken: RSA's verify allocates on every kernel, and a bare
 * "ecdsa-nist-pN" means a kernel-internal signature layout on 6.13+.
 */
static bool kfx_sig_parse(const char *algo, struct kfx_sig_name *n)
{
	static const unsigned int curves[] = { 192, 256, 384, 521 };
	char tail[2];
	unsigned int i;

	if (sscanf(algo, "p1363(ecdsa-nist-p%u%1s", &n->bits, tail) == 2)
		n->p1363 = true;
	else if (sscanf(algo, "x962(ecdsa-nist-p%u%1s", &n->bits, tail) == 2)
		n->p1363 = false;
	else
		return false;
	if (tail[0] != ')' || algo[strlen(algo) - 1] != ')' ||
	    strchr(algo, ')') != algo + strlen(algo) - 1)
		return false;
	for (i = 0; i < ARRAY_SIZE(curves); i++)
		if (n->bits == curves[i])
			return true;
	return false;
}

/* The driver name kfx allocates: the kernel's generic implementation. */
static bool kfx_sig_driver_name(const struct kfx_sig_name *n, char *buf)
{
	int len;

	if (KFX_SIG_ENCODINGS)
		len = snprintf(buf, CRYPTO_MAX_ALG_NAME,
			       "%s(ecdsa-nist-p%u-generic)",
			       n->p1363 ? "p1363" : "x962", n->bits);
	else
		len = snprintf(buf, CRYPTO_MAX_ALG_NAME,
			       "ecdsa-nist-p%u-generic", n->bits);
	return len < CRYPTO_MAX_ALG_NAME;
}

static bool kfx_sig_has_algo(const struct kfx_crypto_params *p)
{
	char name[CRYPTO_MAX_ALG_NAME];
	struct kfx_sig_name n;

	if (!KFX_SIG_AVAILABLE || p->authsize || !kfx_sig_parse(p->algo, &n) ||
	    !kfx_sig_driver_name(&n, name))
		return false;
	return crypto_has_alg(name, 0, 0);
}

#if KFX_SIG_AVAILABLE
static void kfx_sig_free(struct kfx_crypto_ctx *ctx)
{
	struct kfx_sig_ctx *c = kfx_sig(ctx);

	if (!IS_ERR_OR_NULL(c->tfm))
		kfx_sig_tfm_free(c->tfm);
	kfree(c);
}

static int kfx_sig_setup(struct kfx_sig_ctx *c,
			 const struct kfx_crypto_params *p)
{
	char name[CRYPTO_MAX_ALG_NAME];
	struct kfx_sig_name n;

	if (!kfx_sig_parse(p->algo, &n) || !kfx_sig_driver_name(&n, name))
		return -EOPNOTSUPP;
	c->encode_der = n.p1363 && !KFX_SIG_ENCODINGS;
	c->curve_len = DIV_ROUND_UP(n.bits, 8);
	c->digest_max = round_up(c->curve_len, sizeof(u64));
	c->tfm = kfx_sig_tfm_alloc(name);
	if (IS_ERR(c->tfm))
		return kfx_crypto_alloc_err(PTR_ERR(c->tfm));
	return kfx_sig_tfm_set_pubkey(c->tfm, p->key, p->key_len);
}

static struct kfx_crypto_ctx *
kfx_sig_create(const struct kfx_crypto_params *p, int *err)
{
	struct kfx_sig_ctx *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c) {
		*err = -ENOMEM;
		return NULL;
	}
	*err = kfx_sig_setup(c, p);
	if (*err) {
		kfx_sig_free(&c->base);
		return NULL;
	}
	return &c->base;
}

static struct crypto_tfm *kfx_sig_driver(struct kfx_crypto_ctx *ctx)
{
	return kfx_sig_tfm_base(kfx_sig(ctx)->tfm);
}

/*
 * One DER INTEGER of the big-endian unsigned @len bytes at @v: leading
 * zero bytes dropped (one kept for 0), a zero byte put back when the
 * first left has its top bit set.  Returns the bytes written at @out.
 */
static u32 kfx_der_integer(u8 *out, const u8 *v, u32 len)
{
	u32 pad;

	while (len > 1 && !v[0]) {
		v++;
		len--;
	}
	pad = v[0] >> 7;
	out[0] = 0x02;
	out[1] = len + pad;
	out[2] = 0;
	memcpy(out + 2 + pad, v, len);
	return 2 + pad + len;
}

/*
 * The P1363 signature @sig (r then s, @half bytes each, @half <= 66) as a
 * DER SEQUENCE of two INTEGERs in @der (KFX_SIG_DER_MAX bytes): its length.
 */
static u32 kfx_sig_p1363_to_der(u8 *der, const u8 *sig, u32 half)
{
	u8 body[2 * (2 + 1 + 66)];
	u32 len, hdr;

	len = kfx_der_integer(body, sig, half);
	len += kfx_der_integer(body + len, sig + half, half);
	der[0] = 0x30;
	if (len < 0x80) {
		der[1] = len;
		hdr = 2;
	} else {
		der[1] = 0x81;
		der[2] = len;
		hdr = 3;
	}
	memcpy(der + hdr, body, len);
	return hdr + len;
}

/*
 * An akcipher takes DER only: the P1363 signature is converted, with
 * everything the encodings must agree on checked as p1363() does: the
 * length of r and s.  The digest is cut to what ECDSA looks at, the
 * left-most bytes (the kernel's rule too), so that the akcipher's own
 * copy of it stays small.
 */
static int kfx_sig_verify_der(struct kfx_sig_ctx *c, const u8 *msg,
			      u32 msg_len, const u8 *sig, u32 sig_len)
{
	u8 *der;
	int err;

	msg_len = min(msg_len, c->digest_max);
	if (!c->encode_der)
		return kfx_sig_verify_buf(c->tfm, sig, sig_len, msg, msg_len);
	if (sig_len != 2 * c->curve_len)
		return -EINVAL;
	der = kmalloc(KFX_SIG_DER_MAX, GFP_KERNEL);
	if (!der)
		return -ENOMEM;
	sig_len = kfx_sig_p1363_to_der(der, sig, c->curve_len);
	err = kfx_sig_verify_buf(c->tfm, der, sig_len, msg, msg_len);
	kfree(der);
	return err;
}

static int kfx_sig_checked(struct kfx_crypto_ctx *ctx,
			   const struct bpf_dynptr_kern *message,
			   const struct bpf_dynptr_kern *signature)
{
	u32 msg_len = kfx_dynptr_size(message);
	u32 sig_len = kfx_dynptr_size(signature);
	struct kfx_sig_ctx *c;
	const u8 *msg, *sig;

	if (ctx->type != &kfx_crypto_sig_type || !msg_len || !sig_len ||
	    sig_len > KFX_SIG_MAX_LEN)
		return -EINVAL;
	c = kfx_sig(ctx);
	msg = kfx_dynptr_data(message, msg_len, false);
	sig = kfx_dynptr_data(signature, sig_len, false);
	if (!msg || !sig)
		return -EINVAL;
	if (KFX_SIG_ENCODINGS)
		return kfx_sig_verify_buf(c->tfm, sig, sig_len, msg, msg_len);
	return kfx_sig_verify_der(c, msg, msg_len, sig, sig_len);
}
#else
static void kfx_sig_free(struct kfx_crypto_ctx *ctx)
{
	kfree(kfx_sig(ctx));
}

static struct kfx_crypto_ctx *
kfx_sig_create(const struct kfx_crypto_params *p, int *err)
{
	*err = -EOPNOTSUPP;
	return NULL;
}

static struct crypto_tfm *kfx_sig_driver(struct kfx_crypto_ctx *ctx)
{
	return NULL;
}

static int kfx_sig_checked(struct kfx_crypto_ctx *ctx,
			   const struct bpf_dynptr_kern *message,
			   const struct bpf_dynptr_kern *signature)
{
	return -EINVAL;
}
#endif /* KFX_SIG_AVAILABLE */

const struct kfx_crypto_type kfx_crypto_sig_type = {
	.name = "sig",
	.has_algo = kfx_sig_has_algo,
	.create = kfx_sig_create,
	.free = kfx_sig_free,
	.driver = kfx_sig_driver,
};

__bpf_kfunc_start_defs();

/**
 * kfx_sig_verify() - Verify an ECDSA signature with a "sig" ctx
 * @ctx: A ctx of type "sig", keyed with the signer's public key
 * @message: The digest that was signed (e.g. the SHA-256 of the payload,
 *	     from kfx_crypto_hash()); ECDSA uses its left-most bytes, as
 *	     many as the curve has, and a shorter one as a number
 * @signature: "p1363(...)": r then s, each as long as the curve (64 bytes
 *	       for P-256, 96 for P-384); "x962(...)": DER
 *
 * Nothing is written.  Upstream's proposed bpf_sig_verify() has the same
 * arguments and results.  On 6.13+ (the kernel's crypto_sig API) any
 * program kfx serves may call it; before, the kernel's ECDSA allocates
 * memory as it verifies and kfx_sig_verify() is a sleepable kfunc: SYSCALL
 * and sleepable tracing programs only, which the verifier enforces.
 * Both are local memory, a ringbuf record or a packet's linear part.
 *
 * Return: 0 when the signature is valid, or
 * * %-EKEYREJECTED - a well-formed signature that does not verify
 * * %-EBADMSG      - r or s is 0 or not below the curve's order; "x962":
 *                    DER that does not parse
 * * %-EINVAL       - @ctx is not of type "sig", @message or @signature is
 *                    empty or cannot be reached, @signature is longer than
 *                    4096 bytes, or "p1363": not twice the curve's size
 * * %-ENOMEM       - (before 6.13) no memory for the kernel's copy
 */
__bpf_kfunc int kfx_sig_verify(struct kfx_crypto_ctx *ctx,
			       const KFX_DYNPTR *message,
			       const KFX_DYNPTR *signature)
{
	return kfx_sig_checked(ctx, (const struct bpf_dynptr_kern *)message,
			       (const struct bpf_dynptr_kern *)signature);
}

__bpf_kfunc_end_defs();
