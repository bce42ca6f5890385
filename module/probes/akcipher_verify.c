// SPDX-License-Identifier: GPL-2.0
/*
 * akcipher verification over scatterlists (until 6.12; 6.13 moved
 * signatures to struct sig_alg and dropped it).
 */
#include <crypto/akcipher.h>
int kfx_probe(struct akcipher_request *req)
{
	return crypto_akcipher_verify(req);
}
