// SPDX-License-Identifier: GPL-2.0
/*
 * crypto_sig_verify() with the trailing "info" argument (the encoding
 * parameters some signature schemes take), where the headers have it.
 */
#include <crypto/sig.h>
int kfx_probe(struct crypto_sig *tfm, const void *s, const void *d)
{
	return crypto_sig_verify(tfm, s, 1, d, 1, NULL);
}
