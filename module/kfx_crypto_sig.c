// SPDX-License-Identifier: GPL-2.0
/*
 * kfx crypto backend "sig": ECDSA signature verification over the NIST
 * curves, the public key given at create, as upstream's proposed "sig"
 * type and bpf_sig_verify() (not in any released kernel) do on the
 * crypto_sig API.  The algorithm names are the kernel's own, the same on
 * every kernel: "p1363(ecdsa-nist-p256)" takes signatures as r then s,
 * each as long as the curve (IEEE P1363, what WebCrypto, JOSE and most
 * HSMs give).  kfx_ecdsa.c verifies, with kfx's own ECDSA on every kernel
 * (the kernel's, 6.13+, answers differently by kernel).
 */
#include <linux/string.h>

#include "kfx_compat.h"
#include "../bpf/kfx.h"
#include "kfx_crypto.h"

/**
 * struct kfx_sig_ctx - a ctx of type "sig"
 * @base: the family's part
 * @ecdsa: the keyed verifier
 */
struct kfx_sig_ctx {
	struct kfx_crypto_ctx base;
	struct kfx_ecdsa *ecdsa;
};

static struct kfx_sig_ctx *kfx_sig(struct kfx_crypto_ctx *ctx)
{
	return container_of(ctx, struct kfx_sig_ctx, base);
}

/*
 * The curve of "p1363(ecdsa-nist-pN)", or 0.  Nothing else is taken: the
 * DER form would be a parser of kfx's, RSA's verify allocates on every
 * kernel, and a bare "ecdsa-nist-pN" is a kernel-internal layout on 6.13+.
 */
static unsigned int kfx_sig_curve(const char *algo)
{
	static const struct {
		const char *algo;
		unsigned int bits;
	} curves[] = {
		{ "p1363(ecdsa-nist-p192)", 192 },
		{ "p1363(ecdsa-nist-p256)", 256 },
		{ "p1363(ecdsa-nist-p384)", 384 },
		{ "p1363(ecdsa-nist-p521)", 521 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(curves); i++)
		if (!strcmp(algo, curves[i].algo))
			return curves[i].bits;
	return 0;
}

static bool kfx_sig_has_algo(const struct kfx_crypto_params *p)
{
	unsigned int bits = kfx_sig_curve(p->algo);

	return bits && kfx_ecdsa_has_curve(bits);
}

static void kfx_sig_teardown(struct kfx_crypto_ctx *ctx)
{
	kfx_ecdsa_free(kfx_sig(ctx)->ecdsa);
}

static int kfx_sig_setup(struct kfx_crypto_ctx *ctx,
			 const struct kfx_crypto_params *p)
{
	struct kfx_sig_ctx *c = kfx_sig(ctx);
	int err;

	c->ecdsa = kfx_ecdsa_new(kfx_sig_curve(p->algo), p->key, p->key_len,
				 &err);
	return c->ecdsa ? 0 : err;
}

static const char *kfx_sig_driver(struct kfx_crypto_ctx *ctx)
{
	return kfx_ecdsa_driver(kfx_sig(ctx)->ecdsa);
}

const struct kfx_crypto_type kfx_crypto_sig_type = {
	.name = "sig",
	.ctx_size = KFX_CRYPTO_CTX_SIZE(struct kfx_sig_ctx),
	.has_algo = kfx_sig_has_algo,
	.setup = kfx_sig_setup,
	.teardown = kfx_sig_teardown,
	.driver = kfx_sig_driver,
};

/* The checks of the type; the signature's own are the verifier's. */
static int kfx_sig_checked(struct kfx_crypto_ctx *ctx,
			   const struct bpf_dynptr_kern *message,
			   const struct bpf_dynptr_kern *signature)
{
	u32 msg_len = kfx_dynptr_size(message);
	u32 sig_len = kfx_dynptr_size(signature);
	struct kfx_crypto_scratch *s;
	const u8 *msg, *sig;
	int err;

	if (ctx->type != &kfx_crypto_sig_type || !msg_len || !sig_len)
		return -EINVAL;
	msg = kfx_dynptr_data(message, msg_len, false);
	sig = kfx_dynptr_data(signature, sig_len, false);
	if (!msg || !sig)
		return -EINVAL;
	/*
	 * A millisecond of arithmetic with kilobytes of stack: not in hard
	 * interrupt or NMI context, nor with interrupts off, and never
	 * nested: tracing programs attached to the curve functions it calls,
	 * each verifying again, ran off the end of the task stack.  The
	 * scratch is held only as this CPU's busy mark.
	 */
	s = kfx_crypto_scratch_get();
	if (!s)
		return -EBUSY;
	err = kfx_ecdsa_verify(kfx_sig(ctx)->ecdsa, msg, msg_len, sig, sig_len);
	kfx_crypto_scratch_put(s);
	return err;
}

__bpf_kfunc_start_defs();

/**
 * kfx_sig_verify() - Verify an ECDSA signature with a "sig" ctx
 * @ctx: A ctx of type "sig", keyed at create with the signer's public key
 *	 as an uncompressed point: 0x04, then X and Y, big-endian, each
 *	 exactly the curve's size (49, 65, 97 or 133 bytes in all for P-192,
 *	 P-256, P-384, P-521); create refuses any other length or first byte,
 *	 and a point not of the curve's group, with -EINVAL on every kernel
 * @message: The digest that was signed (e.g. the SHA-256 of the payload,
 *	     from kfx_crypto_hash()), of any length.  As FIPS 186-5 6.4.2
 *	     says, a digest with more bits than the curve's order (192, 256,
 *	     384, 521) counts by its leftmost bits, as many as the order has
 *	     (P-521: the first 521 bits, not 66 bytes), and a shorter one is a
 *	     big-endian number; kfx does this itself, the same on every kernel
 * @signature: r then s, big-endian, each as long as the curve (64 bytes in
 *	       all for P-256, 96 for P-384, 132 for P-521)
 *
 * Nothing is written, nothing is allocated, nothing sleeps: any program
 * type kfx serves may call it, but not in hard interrupt or NMI context
 * (a tracing program there), where a verification is too long, nor from a
 * program that runs inside another kfx crypto call on this CPU.  kfx
 * verifies itself (kfx_ecdsa.c), the same on every kernel: a valid
 * signature verifies for every key create took, Q = G or -G included.
 * Upstream's proposed bpf_sig_verify() has the same arguments and
 * results.  Both dynptrs are local memory, a ringbuf record or a packet's
 * linear part.
 *
 * Return: 0 when the signature is valid, or
 * * %-EKEYREJECTED - a well-formed signature that does not verify (also
 *                    when u1 G + u2 Q is the point at infinity)
 * * %-EBADMSG      - r or s is 0 or not below the curve's order
 * * %-EINVAL       - @ctx is not of type "sig", @message or @signature is
 *                    empty or cannot be reached, or @signature is not
 *                    twice the curve's size
 * * %-EBUSY        - called in hard interrupt or NMI context, with
 *                    interrupts off, or from a program that runs inside
 *                    another kfx crypto call on this CPU (a tracing
 *                    program attached to a function the verification
 *                    calls)
 */
__bpf_kfunc int kfx_sig_verify(struct kfx_crypto_ctx *ctx,
			       const KFX_DYNPTR *message,
			       const KFX_DYNPTR *signature)
{
	return kfx_sig_checked(ctx, (const struct bpf_dynptr_kern *)message,
			       (const struct bpf_dynptr_kern *)signature);
}

__bpf_kfunc_end_defs();
