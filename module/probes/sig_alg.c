// SPDX-License-Identifier: GPL-2.0
/*
 * The signature API with algorithms of its own (6.13): struct sig_alg,
 * crypto_sig_alg(), and verification over plain buffers that neither
 * allocates nor sleeps for ECDSA.  Before it, ECDSA is an akcipher whose
 * verify allocates with GFP_KERNEL.
 */
#include <crypto/sig.h>
unsigned int kfx_probe(struct crypto_sig *tfm)
{
	return crypto_sig_alg(tfm)->key_size(tfm);
}
