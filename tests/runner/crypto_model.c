// SPDX-License-Identifier: GPL-2.0
/*
 * Reference ciphers for the crypto drivers (crypto_model.h): AF_ALG, and
 * a plain ChaCha20 (RFC 8439 2.3-2.4), Poly1305 (2.5, 26-bit limbs),
 * AEAD_CHACHA20_POLY1305 (2.8) and GCM (SP 800-38D, GHASH bit by bit,
 * AES from AF_ALG ecb(aes)).  Slow and simple: they compute a few dozen
 * expected messages per run; the known answers below pin them down.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <sys/socket.h>

#include "crypto_model.h"
#include "crypto_vectors.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

int alg_tfm(const char *type, const char *name, const void *key,
	    unsigned int key_len, unsigned int authsize)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int fd = socket(AF_ALG, SOCK_SEQPACKET, 0), err;

	if (fd < 0)
		return -errno;
	strncpy((char *)sa.salg_type, type, sizeof(sa.salg_type) - 1);
	strncpy((char *)sa.salg_name, name, sizeof(sa.salg_name) - 1);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, key_len) ||
	    (authsize &&
	     setsockopt(fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, authsize))) {
		err = -errno;
		close(fd);
		return err;
	}
	return fd;
}

int alg_encrypt(int tfm, const void *iv, unsigned int iv_len, const void *ad,
		size_t ad_len, const void *in, size_t n, void *out,
		unsigned int authsize)
{
	char cbuf[CMSG_SPACE(sizeof(__u32)) * 2 +
		  CMSG_SPACE(sizeof(struct af_alg_iv) + 16)] = { 0 };
	struct iovec iov[2] = {
		{ .iov_base = (void *)ad, .iov_len = ad_len },
		{ .iov_base = (void *)in, .iov_len = n },
	};
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 2,
			      .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	size_t want = ad_len + n + authsize, got = 0;
	struct af_alg_iv *aiv;
	struct cmsghdr *cm;
	char *buf;
	ssize_t r;
	int op, err = 0;

	buf = malloc(want + 1);
	op = accept(tfm, NULL, 0);
	if (!buf || op < 0) {
		free(buf);
		return op < 0 ? -errno : -ENOMEM;
	}
	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_OP;
	cm->cmsg_len = CMSG_LEN(sizeof(__u32));
	*(__u32 *)CMSG_DATA(cm) = ALG_OP_ENCRYPT;
	cm = CMSG_NXTHDR(&msg, cm);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_IV;
	cm->cmsg_len = CMSG_LEN(sizeof(*aiv) + 16);
	aiv = (struct af_alg_iv *)CMSG_DATA(cm);
	aiv->ivlen = iv_len;
	memcpy(aiv->iv, iv, iv_len);
	cm = CMSG_NXTHDR(&msg, cm);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
	cm->cmsg_len = CMSG_LEN(sizeof(__u32));
	*(__u32 *)CMSG_DATA(cm) = ad_len;
	if (sendmsg(op, &msg, 0) != (ssize_t)(ad_len + n)) {
		err = -errno ?: -EIO;
		goto out;
	}
	while (got < want) {
		r = read(op, buf + got, want - got);
		if (r <= 0) {
			err = r ? -errno : -EIO;
			goto out;
		}
		got += r;
	}
	memcpy(out, buf + ad_len, n + authsize);
out:
	close(op);
	free(buf);
	return err;
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_le32(uint8_t *p, uint32_t v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

#define ROTL(v, n)	((v) << (n) | (v) >> (32 - (n)))
#define QR(a, b, c, d)							\
	do {								\
		x[a] += x[b]; x[d] ^= x[a]; x[d] = ROTL(x[d], 16);	\
		x[c] += x[d]; x[b] ^= x[c]; x[b] = ROTL(x[b], 12);	\
		x[a] += x[b]; x[d] ^= x[a]; x[d] = ROTL(x[d], 8);	\
		x[c] += x[d]; x[b] ^= x[c]; x[b] = ROTL(x[b], 7);	\
	} while (0)

/* One 64-byte block of key stream for @counter. */
static void chacha_block(const uint8_t key[32], uint32_t counter,
			 const uint8_t nonce[12], uint8_t out[64])
{
	uint32_t s[16] = { 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 };
	uint32_t x[16];
	int i;

	for (i = 0; i < 8; i++)
		s[4 + i] = le32(key + 4 * i);
	s[12] = counter;
	for (i = 0; i < 3; i++)
		s[13 + i] = le32(nonce + 4 * i);
	memcpy(x, s, sizeof(x));
	for (i = 0; i < 10; i++) {
		QR(0, 4, 8, 12); QR(1, 5, 9, 13); QR(2, 6, 10, 14); QR(3, 7, 11, 15);
		QR(0, 5, 10, 15); QR(1, 6, 11, 12); QR(2, 7, 8, 13); QR(3, 4, 9, 14);
	}
	for (i = 0; i < 16; i++)
		put_le32(out + 4 * i, x[i] + s[i]);
}

static void chacha_xor(const uint8_t key[32], uint32_t counter,
		       const uint8_t nonce[12], const uint8_t *in,
		       uint8_t *out, size_t n)
{
	uint8_t ks[64];
	size_t i;

	for (i = 0; i < n; i++) {
		if (i % 64 == 0)
			chacha_block(key, counter++, nonce, ks);
		out[i] = in[i] ^ ks[i % 64];
	}
}

void model_chacha20(const uint8_t key[32], const uint8_t iv[16],
		    const uint8_t *in, uint8_t *out, size_t n)
{
	chacha_xor(key, le32(iv), iv + 4, in, out, n);
}

/* Poly1305 of @len bytes at @m (RFC 8439 2.5). */
static void poly1305(const uint8_t key[32], const uint8_t *m, size_t len,
		     uint8_t tag[16])
{
	uint32_t r0 = le32(key) & 0x3ffffff, r1 = le32(key + 3) >> 2 & 0x3ffff03;
	uint32_t r2 = le32(key + 6) >> 4 & 0x3ffc0ff;
	uint32_t r3 = le32(key + 9) >> 6 & 0x3f03fff;
	uint32_t r4 = le32(key + 12) >> 8 & 0x00fffff;
	uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
	uint32_t h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0, c, g0, g1, g2, g3, g4;
	uint32_t mask;
	uint64_t d0, d1, d2, d3, d4, f;
	uint8_t b[16];
	size_t off, n;

	for (off = 0; off < len; off += 16) {
		uint32_t hibit = 1 << 24;

		n = len - off < 16 ? len - off : 16;
		memset(b, 0, sizeof(b));
		memcpy(b, m + off, n);
		if (n < 16) {
			b[n] = 1;
			hibit = 0;
		}
		h0 += le32(b) & 0x3ffffff;
		h1 += le32(b + 3) >> 2 & 0x3ffffff;
		h2 += le32(b + 6) >> 4 & 0x3ffffff;
		h3 += le32(b + 9) >> 6 & 0x3ffffff;
		h4 += le32(b + 12) >> 8 | hibit;
		d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 +
		     (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
		d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 +
		     (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
		d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 +
		     (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
		d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 +
		     (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
		d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 +
		     (uint64_t)h3 * r1 + (uint64_t)h4 * r0;
		c = d0 >> 26; h0 = d0 & 0x3ffffff; d1 += c;
		c = d1 >> 26; h1 = d1 & 0x3ffffff; d2 += c;
		c = d2 >> 26; h2 = d2 & 0x3ffffff; d3 += c;
		c = d3 >> 26; h3 = d3 & 0x3ffffff; d4 += c;
		c = d4 >> 26; h4 = d4 & 0x3ffffff; h0 += c * 5;
		c = h0 >> 26; h0 &= 0x3ffffff; h1 += c;
	}
	c = h1 >> 26; h1 &= 0x3ffffff; h2 += c;
	c = h2 >> 26; h2 &= 0x3ffffff; h3 += c;
	c = h3 >> 26; h3 &= 0x3ffffff; h4 += c;
	c = h4 >> 26; h4 &= 0x3ffffff; h0 += c * 5;
	c = h0 >> 26; h0 &= 0x3ffffff; h1 += c;
	/* h - p, kept where it does not borrow */
	g0 = h0 + 5; c = g0 >> 26; g0 &= 0x3ffffff;
	g1 = h1 + c; c = g1 >> 26; g1 &= 0x3ffffff;
	g2 = h2 + c; c = g2 >> 26; g2 &= 0x3ffffff;
	g3 = h3 + c; c = g3 >> 26; g3 &= 0x3ffffff;
	g4 = h4 + c - (1 << 26);
	mask = (g4 >> 31) - 1;
	h0 = (h0 & ~mask) | (g0 & mask);
	h1 = (h1 & ~mask) | (g1 & mask);
	h2 = (h2 & ~mask) | (g2 & mask);
	h3 = (h3 & ~mask) | (g3 & mask);
	h4 = (h4 & ~mask) | (g4 & mask);
	h0 = h0 | h1 << 26;
	h1 = h1 >> 6 | h2 << 20;
	h2 = h2 >> 12 | h3 << 14;
	h3 = h3 >> 18 | h4 << 8;
	f = (uint64_t)h0 + le32(key + 16);
	put_le32(tag, f);
	f = (uint64_t)h1 + le32(key + 20) + (f >> 32);
	put_le32(tag + 4, f);
	f = (uint64_t)h2 + le32(key + 24) + (f >> 32);
	put_le32(tag + 8, f);
	f = (uint64_t)h3 + le32(key + 28) + (f >> 32);
	put_le32(tag + 12, f);
}

int model_chachapoly(const uint8_t key[32], const uint8_t nonce[12],
		     const uint8_t *ad, size_t ad_len, const uint8_t *in,
		     size_t n, uint8_t *out)
{
	size_t pa = (ad_len + 15) / 16 * 16, pc = (n + 15) / 16 * 16;
	uint8_t otk[64], *mac = calloc(1, pa + pc + 16);

	if (!mac)
		return -ENOMEM;
	chacha_block(key, 0, nonce, otk);
	chacha_xor(key, 1, nonce, in, out, n);
	/* AD, padded; ciphertext, padded; both lengths, 64-bit LE */
	memcpy(mac, ad, ad_len);
	memcpy(mac + pa, out, n);
	put_le32(mac + pa + pc, ad_len);
	put_le32(mac + pa + pc + 4, (uint64_t)ad_len >> 32);
	put_le32(mac + pa + pc + 8, n);
	put_le32(mac + pa + pc + 12, (uint64_t)n >> 32);
	poly1305(otk, mac, pa + pc + 16, out + n);
	free(mac);
	return 0;
}

static uint64_t be64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

static void put_be64(uint8_t *p, uint64_t v)
{
	for (int i = 7; i >= 0; i--, v >>= 8)
		p[i] = v;
}

/* @x = @x . @h in GF(2^128), GCM's bit order (SP 800-38D 6.3). */
static void gf_mul(uint8_t x[16], const uint8_t h[16])
{
	uint64_t zh = 0, zl = 0, vh = be64(h), vl = be64(h + 8), lsb;

	for (int i = 0; i < 128; i++) {
		if (x[i / 8] & (0x80 >> (i % 8))) {
			zh ^= vh;
			zl ^= vl;
		}
		lsb = vl & 1;
		vl = vl >> 1 | vh << 63;
		vh >>= 1;
		if (lsb)
			vh ^= 0xe100000000000000ULL;
	}
	put_be64(x, zh);
	put_be64(x + 8, zl);
}

/* @y = GHASH step over @n bytes of @p, zero-padded to whole blocks. */
static void ghash(uint8_t y[16], const uint8_t h[16], const uint8_t *p,
		  size_t n)
{
	for (size_t off = 0; off < n; off += 16) {
		for (size_t i = 0; i < 16 && off + i < n; i++)
			y[i] ^= p[off + i];
		gf_mul(y, h);
	}
}

int model_gcm(int ecb, const uint8_t iv[12], const uint8_t *ad, size_t ad_len,
	      const uint8_t *in, size_t n, uint8_t *out, unsigned int authsize)
{
	size_t blocks = (n + 15) / 16, i;
	uint8_t *ctr, *ks, y[16] = { 0 }, lens[16];
	uint32_t c;
	int err;

	/* the AES inputs: 0 (H), J0, then inc32(J0) ... */
	ctr = calloc(blocks + 2, 16);
	ks = calloc(blocks + 2, 16);
	if (!ctr || !ks) {
		free(ctr);
		free(ks);
		return -ENOMEM;
	}
	for (i = 1; i < blocks + 2; i++) {
		memcpy(ctr + 16 * i, iv, 12);
		c = i;	/* J0's counter is 1, the first data block's 2 */
		ctr[16 * i + 12] = c >> 24;
		ctr[16 * i + 13] = c >> 16;
		ctr[16 * i + 14] = c >> 8;
		ctr[16 * i + 15] = c;
	}
	err = alg_encrypt(ecb, NULL, 0, NULL, 0, ctr, 16 * (blocks + 2), ks, 0);
	if (!err) {
		for (i = 0; i < n; i++)
			out[i] = in[i] ^ ks[32 + i];
		ghash(y, ks, ad, ad_len);
		ghash(y, ks, out, n);
		put_be64(lens, (uint64_t)ad_len * 8);
		put_be64(lens + 8, (uint64_t)n * 8);
		ghash(y, ks, lens, 16);
		for (i = 0; i < authsize; i++)
			out[n + i] = y[i] ^ ks[16 + i];
	}
	free(ctr);
	free(ks);
	return err;
}

static int differs(const char *what, const void *got, const void *want,
		   size_t n, char *why, size_t whylen)
{
	if (!memcmp(got, want, n))
		return 0;
	snprintf(why, whylen, "the runner's %s model misses its known answer", what);
	return -1;
}

int model_known_answers(char *why, size_t whylen)
{
	const uint8_t tc4[] = GCM_TC4_IV_AAD, pt[] = RFC8439_PT;
	uint8_t out[256];
	int ecb, err;

	model_chacha20((const uint8_t *)RFC8439_KEY, (const uint8_t *)RFC8439_IV,
		       pt, out, RFC8439_PT_LEN);
	if (differs("ChaCha20", out, RFC8439_CT, RFC8439_PT_LEN, why, whylen))
		return -1;
	model_chachapoly((const uint8_t *)RFC8439_AEAD_KEY,
			 (const uint8_t *)RFC8439_AEAD_NONCE_AAD,
			 (const uint8_t *)RFC8439_AEAD_NONCE_AAD + 12, 12, pt,
			 RFC8439_PT_LEN, out);
	if (differs("ChaCha20-Poly1305", out, RFC8439_AEAD_CT, RFC8439_PT_LEN,
		    why, whylen) ||
	    differs("ChaCha20-Poly1305 tag", out + RFC8439_PT_LEN,
		    RFC8439_AEAD_TAG, 16, why, whylen))
		return -1;
	ecb = alg_tfm("skcipher", "ecb(aes)", GCM_TC4_KEY, 16, 0);
	if (ecb < 0) {
		snprintf(why, whylen, "AF_ALG ecb(aes): %s", strerror(-ecb));
		return -1;
	}
	err = model_gcm(ecb, tc4, tc4 + 12, GCM_TC4_IV_AAD_LEN - 12,
			(const uint8_t *)GCM_TC4_PT, GCM_TC4_PT_LEN, out, 16);
	close(ecb);
	if (err) {
		snprintf(why, whylen, "AF_ALG ecb(aes): %s", strerror(-err));
		return -1;
	}
	if (differs("GCM", out, GCM_TC4_CT, GCM_TC4_PT_LEN, why, whylen) ||
	    differs("GCM tag", out + GCM_TC4_PT_LEN, GCM_TC4_TAG, 16, why,
		    whylen))
		return -1;
	return 0;
}
