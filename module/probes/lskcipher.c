// SPDX-License-Identifier: GPL-2.0
/*
 * The synchronous linear skcipher API with state (6.8; the API came in
 * 6.7), and the type flag that tells an skcipher backed by one.
 */
#include <crypto/skcipher.h>
unsigned int kfx_probe(struct crypto_lskcipher *tfm)
{
	return crypto_lskcipher_statesize(tfm) + CRYPTO_ALG_TYPE_LSKCIPHER;
}
