// SPDX-License-Identifier: GPL-2.0
/*
 * Reference hashes (crypto_model_hash.h): SHA-256 from FIPS 180-4, its
 * round constants and initial value computed here from their definition
 * (the fractional parts of the cube and square roots of the first
 * primes) rather than typed in, HMAC (RFC 2104), CRC-32C bit by bit, and
 * AF_ALG "hash" sockets.  Slow and simple; the known answers pin them.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <sys/socket.h>

#include "crypto_model_hash.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

typedef unsigned __int128 u128;

static uint32_t sha_k[64], sha_h0[8];

/* The largest x with x^@root <= @n (root 2 or 3, x < 2^40). */
static uint64_t iroot(u128 n, int root)
{
	uint64_t lo = 0, hi = 1ull << 40;

	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;
		u128 p = (u128)mid * mid;

		if (root == 3)
			p *= mid;
		if (p <= n)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* FIPS 180-4 4.2.2 and 5.3.3: 32 bits of the roots' fractional parts. */
static void sha_constants(void)
{
	unsigned int n = 0, p, d;

	if (sha_k[0])
		return;
	for (p = 2; n < 64; p++) {
		for (d = 2; d * d <= p && p % d; d++)
			;
		if (d * d <= p)
			continue;	/* not a prime */
		sha_k[n] = (uint32_t)iroot((u128)p << 96, 3);
		if (n < 8)
			sha_h0[n] = (uint32_t)iroot((u128)p << 64, 2);
		n++;
	}
}

static uint32_t ror(uint32_t x, int n)
{
	return x >> n | x << (32 - n);
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

static void sha256_block(uint32_t h[8], const uint8_t *blk)
{
	uint32_t w[64], v[8], t1, t2;
	int t;

	for (t = 0; t < 16; t++)
		w[t] = be32(blk + 4 * t);
	for (; t < 64; t++)
		w[t] = (ror(w[t - 2], 17) ^ ror(w[t - 2], 19) ^ w[t - 2] >> 10) +
		       w[t - 7] + w[t - 16] +
		       (ror(w[t - 15], 7) ^ ror(w[t - 15], 18) ^ w[t - 15] >> 3);
	memcpy(v, h, sizeof(v));
	for (t = 0; t < 64; t++) {
		t1 = v[7] + (ror(v[4], 6) ^ ror(v[4], 11) ^ ror(v[4], 25)) +
		     ((v[4] & v[5]) ^ (~v[4] & v[6])) + sha_k[t] + w[t];
		t2 = (ror(v[0], 2) ^ ror(v[0], 13) ^ ror(v[0], 22)) +
		     ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
		memmove(v + 1, v, 7 * sizeof(v[0]));
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for (t = 0; t < 8; t++)
		h[t] += v[t];
}

void model_sha256_init(struct model_sha256 *s)
{
	sha_constants();
	memcpy(s->h, sha_h0, sizeof(s->h));
	s->bytes = 0;
	s->n = 0;
}

void model_sha256_update(struct model_sha256 *s, const void *p, size_t n)
{
	const uint8_t *b = p;

	s->bytes += n;
	while (n) {
		size_t take = 64 - s->n < n ? 64 - s->n : n;

		memcpy(s->buf + s->n, b, take);
		s->n += take;
		b += take;
		n -= take;
		if (s->n == 64) {
			sha256_block(s->h, s->buf);
			s->n = 0;
		}
	}
}

/* 5.1.1: 0x80, zeros up to 56 mod 64, the length in bits (64, BE). */
void model_sha256_final(struct model_sha256 *s, uint8_t out[32])
{
	uint64_t bits = s->bytes * 8;
	uint8_t pad[72] = { 0x80 };
	size_t padlen = (s->n < 56 ? 56 : 120) - s->n;
	int i;

	for (i = 0; i < 8; i++)
		pad[padlen + i] = bits >> (56 - 8 * i);
	model_sha256_update(s, pad, padlen + 8);
	for (i = 0; i < 32; i++)
		out[i] = s->h[i / 4] >> (24 - 8 * (i % 4));
}

void model_sha256(const void *p, size_t n, uint8_t out[32])
{
	struct model_sha256 s;

	model_sha256_init(&s);
	model_sha256_update(&s, p, n);
	model_sha256_final(&s, out);
}

/* RFC 2104: H(K ^ opad, H(K ^ ipad, text)), a key longer than a block hashed. */
void model_hmac_sha256(const uint8_t *key, size_t key_len, const void *p,
		       size_t n, uint8_t out[32])
{
	uint8_t k0[64] = { 0 }, pad[64], inner[32];
	struct model_sha256 s;
	int i;

	if (key_len > 64)
		model_sha256(key, key_len, k0);
	else
		memcpy(k0, key, key_len);
	for (i = 0; i < 64; i++)
		pad[i] = k0[i] ^ 0x36;
	model_sha256_init(&s);
	model_sha256_update(&s, pad, 64);
	model_sha256_update(&s, p, n);
	model_sha256_final(&s, inner);
	for (i = 0; i < 64; i++)
		pad[i] = k0[i] ^ 0x5c;
	model_sha256_init(&s);
	model_sha256_update(&s, pad, 64);
	model_sha256_update(&s, inner, 32);
	model_sha256_final(&s, out);
}

/* CRC-32C (Castagnoli), reflected: polynomial 0x1edc6f41 bit-reversed. */
void model_crc32c(uint32_t seed, const void *p, size_t n, uint8_t out[4])
{
	const uint8_t *b = p;
	uint32_t crc = seed;

	while (n--) {
		crc ^= *b++;
		for (int i = 0; i < 8; i++)
			crc = crc >> 1 ^ (0x82f63b78 & -(crc & 1));
	}
	crc = ~crc;
	for (int i = 0; i < 4; i++)
		out[i] = crc >> (8 * i);
}

static int hex_differs(const char *what, const uint8_t *got, const char *hex,
		       char *why, size_t whylen)
{
	size_t n = strlen(hex) / 2;
	unsigned int x;

	for (size_t i = 0; i < n; i++) {
		if (sscanf(hex + 2 * i, "%2x", &x) != 1 || got[i] != x) {
			snprintf(why, whylen, "the runner's %s model misses its known answer", what);
			return -1;
		}
	}
	return 0;
}

/*
 * FIPS 180-4's examples (NIST's "abc", the two-block message, a million
 * 'a'), RFC 4231 test cases 2 and 6 (a key longer than a block), and the
 * CRC-32C check value of "123456789".
 */
int model_hash_known_answers(char *why, size_t whylen)
{
	static uint8_t big[1000000];
	const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	const char *tc6 = "Test Using Larger Than Block-Size Key - Hash Key First";
	uint8_t d[32], key[131];

	model_sha256("abc", 3, d);
	if (hex_differs("SHA-256", d, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", why, whylen))
		return -1;
	model_sha256("", 0, d);
	if (hex_differs("SHA-256", d, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", why, whylen))
		return -1;
	model_sha256(two, strlen(two), d);
	if (hex_differs("SHA-256", d, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", why, whylen))
		return -1;
	memset(big, 'a', sizeof(big));
	model_sha256(big, sizeof(big), d);
	if (hex_differs("SHA-256", d, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", why, whylen))
		return -1;
	model_hmac_sha256((const uint8_t *)"Jefe", 4, "what do ya want for nothing?", 28, d);
	if (hex_differs("HMAC-SHA-256", d, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", why, whylen))
		return -1;
	memset(key, 0xaa, sizeof(key));
	model_hmac_sha256(key, sizeof(key), tc6, strlen(tc6), d);
	if (hex_differs("HMAC-SHA-256", d, "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54", why, whylen))
		return -1;
	model_crc32c(0xffffffff, "123456789", 9, d);
	return hex_differs("CRC-32C", d, "839206e3", why, whylen);
}

int alg_hash_tfm(const char *name, const void *key, unsigned int key_len)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash" };
	int fd = socket(AF_ALG, SOCK_SEQPACKET, 0), err;

	if (fd < 0)
		return -errno;
	strncpy((char *)sa.salg_name, name, sizeof(sa.salg_name) - 1);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    (key_len && setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, key_len))) {
		err = -errno;
		close(fd);
		return err;
	}
	return fd;
}

/*
 * Every byte sent with MSG_MORE (updates), the digest read after (the
 * final); an empty message is a read alone (init and final).
 */
int alg_hash(int tfm, const void *in, size_t n, void *out, size_t outlen)
{
	const char *p = in;
	int op = accept(tfm, NULL, 0), err = 0;
	ssize_t r;

	if (op < 0)
		return -errno;
	while (n) {
		r = send(op, p, n, MSG_MORE);
		if (r <= 0) {
			err = r ? -errno : -EIO;
			goto out;
		}
		p += r;
		n -= r;
	}
	r = read(op, out, outlen);
	if (r != (ssize_t)outlen)
		err = r < 0 ? -errno : -EIO;
out:
	close(op);
	return err;
}
