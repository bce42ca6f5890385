// SPDX-License-Identifier: GPL-2.0
/*
 * The ciphers' boundary tables (crypto_bounds.c runs them): the
 * algorithms, the contract's verdict on a call (the errno, or the bytes
 * written: crypto_contract.c's rules, which the fuzzer judges by too),
 * the generated tables of calls on the rules' edges, per skcipher and per
 * AEAD, and each case in every layout and placement.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "kfx.h"
#include "crypto_bounds_int.h"
#include "crypto_bounds_run.h"

/* @c: the contract's rules (crypt_rules[]), whose type and name these are */
#define ALGO(t, n, l, c, k, tag, blk, sa, o)				\
	{ .type = t, .name = n, .label = l, .rules = &crypt_rules[c],	\
	  .key_len = k, .authsize = tag, .block = blk, .siv_after = sa,	\
	  .oracle = o }

struct algo algos[] = {
	ALGO("skcipher", "ecb(aes)", "ecb(aes)", CRYPT_ECB_AES, 16, 0, 16,
	     NO_SIV, AF_ALG),
	ALGO("skcipher", "cbc(aes)", "cbc(aes)", CRYPT_CBC_AES, 32, 0, 16,
	     CBC_LAST_BLOCK, AF_ALG),
	ALGO("skcipher", "ctr(aes)", "ctr(aes)", CRYPT_CTR_AES, 16, 0, 16,
	     CTR_ADVANCED, AF_ALG),
	ALGO("skcipher", "xts(aes)", "xts(aes)", CRYPT_XTS_AES, 32, 0, 16,
	     UNSPECIFIED, AF_ALG),
	ALGO("skcipher", "chacha20", "chacha20", CRYPT_CHACHA20, 32, 0, 64,
	     UNSPECIFIED, MODEL_CHACHA20),
	ALGO("aead", "gcm(aes)", "gcm(aes)/16", CRYPT_GCM_AES, 16, 16, 16,
	     KEPT, MODEL_GCM),
	ALGO("aead", "gcm(aes)", "gcm(aes)/12", CRYPT_GCM_AES, 16, 12, 16,
	     KEPT, MODEL_GCM),
	ALGO("aead", "rfc7539(chacha20,poly1305)", "rfc7539", CRYPT_RFC7539,
	     32, 16, 64, KEPT, MODEL_CHACHAPOLY),
};

const unsigned int nr_algos = sizeof(algos) / sizeof(algos[0]);

/*
 * The contract's verdict on a call (crypt_refusals()): the errno, or 0
 * with *@out the bytes written.  @reach: src, dst and a non-empty siv are
 * plain memory (none lies past an skb's linear part or an xdp buffer's
 * first one).
 */
int bounds_model(const struct algo *a, const struct lcase *c, bool reach,
		 uint32_t *out)
{
	struct crypt_call call = {
		.aead = a->authsize, .decrypt = is_decrypt(c->op),
		.authsize = a->authsize, .src_len = c->src_len,
		.dst_len = c->dst_len, .siv_len = c->siv_len,
		.unreachable = !reach,
	};

	*out = 0;
	if (crypt_refusals(a->rules, &call))
		return -EINVAL;
	*out = crypt_out_len(&call);
	/* a wrong tag: -EBADMSG, the output zeroed (see prepare()) */
	return call.aead && call.decrypt && c->bad_tag ? -EBADMSG : 0;
}

/* ---------- the generated tables ---------- */

static int add(struct lcase *v, int n, unsigned int op, uint32_t s,
	       uint32_t d, uint32_t siv, bool bad)
{
	for (int i = 0; i < n; i++)
		if (v[i].op == op && v[i].src_len == s && v[i].dst_len == d &&
		    v[i].siv_len == siv && v[i].bad_tag == bad)
			return n;
	if (n < MAX_LCASES)
		v[n++] = (struct lcase){ op, s, d, siv, bad, 0 };
	return n;
}

int bounds_gen_skcipher(const struct algo *a, struct lcase *v)
{
	uint32_t b = a->block, iv = algo_ivsize(a), siv[4] = { 0, iv - 1, iv + 1, iv + 16 };
	uint32_t lens[] = { 0, 1, b - 1, b, b + 1, 2 * b, 4096 + b, MAX_LEN,
			    MAX_LEN + 1 };
	unsigned int op, k;
	int n = 0;

	for (op = BOUNDS_ENCRYPT; op <= BOUNDS_DECRYPT_NOIV; op++) {
		bool noiv = op >= BOUNDS_ENCRYPT_NOIV;

		for (k = 0; k < sizeof(lens) / sizeof(lens[0]); k++) {
			uint32_t s = lens[k], sv = noiv ? 0 : iv;

			n = add(v, n, op, s, s, sv, false);
			if (noiv && iv)
				continue;	/* -EINVAL whatever the lengths */
			n = add(v, n, op, s, 0, sv, false);
			if (s >= 2)
				n = add(v, n, op, s, s - 1, sv, false);
			n = add(v, n, op, s, s + b, sv, false);
		}
		for (k = 0; k < 4 && !noiv; k++) {
			if (siv[k] == iv || (k == 1 && !iv))
				continue;
			n = add(v, n, op, b, b, siv[k], false);
			n = add(v, n, op, 1, 1, siv[k], false);
		}
	}
	return n;
}

int bounds_gen_aead(const struct algo *a, struct lcase *v)
{
	uint32_t t = a->authsize, iv = algo_ivsize(a), d, s, out;
	uint32_t enc[] = { 0, 1, 15, 16, 17, t - 1, t, t + 1, 4096 + 16, MAX_LEN,
			   MAX_LEN + 1 };
	uint32_t dec[] = { 0, 1, t - 1, t, t + 1, t + 15, t + 16, t + 17,
			   4096 + t, MAX_LEN, MAX_LEN + 1 };
	uint32_t ads[] = { 1, 15, 16, 17, 4096, MAX_LEN, MAX_LEN + 1 };
	uint32_t shorts[] = { 0, 1, iv - 1 };
	unsigned int k, j;
	int n = 0;

	for (k = 0; k < sizeof(enc) / sizeof(enc[0]); k++) {
		uint32_t ds[] = { 0, enc[k] - 1, enc[k], enc[k] + t - 1,
				  enc[k] + t, enc[k] + t + 16 };

		for (j = 0; j < 6; j++)
			if (j != 1 || enc[k] >= 2)
				n = add(v, n, BOUNDS_ENCRYPT, enc[k], ds[j], iv, false);
	}
	for (k = 0; k < sizeof(dec) / sizeof(dec[0]); k++) {
		s = dec[k];
		uint32_t ds[] = { 0, 1, s - t - 1, s - t, s - t + 1, s - 1, s };
		bool ok[] = { true, true, s >= t + 2, s >= t + 1, s >= t, s >= 2,
			      true };

		for (j = 0; j < 7; j++) {
			struct lcase c = { BOUNDS_DECRYPT, s, ds[j], iv, false, 0 };

			if (!ok[j])
				continue;
			n = add(v, n, c.op, s, ds[j], iv, false);
			if (!bounds_model(a, &c, true, &out))
				n = add(v, n, c.op, s, ds[j], iv, true);
		}
	}
	for (k = 0; k < sizeof(ads) / sizeof(ads[0]); k++) {
		d = iv + ads[k];
		n = add(v, n, BOUNDS_ENCRYPT, 16, 16 + t, d, false);
		n = add(v, n, BOUNDS_ENCRYPT, 1, 1 + t, d, false);
		n = add(v, n, BOUNDS_DECRYPT, t + 16, 16, d, false);
		n = add(v, n, BOUNDS_DECRYPT, t + 16, 16, d, true);
		n = add(v, n, BOUNDS_DECRYPT, t, 1, d, false);	/* tag only */
		n = add(v, n, BOUNDS_DECRYPT, t, 1, d, true);
	}
	for (k = 0; k < sizeof(shorts) / sizeof(shorts[0]); k++) {
		n = add(v, n, BOUNDS_ENCRYPT, 16, 16 + t, shorts[k], false);
		n = add(v, n, BOUNDS_DECRYPT, t + 16, 16, shorts[k], false);
	}
	n = add(v, n, BOUNDS_ENCRYPT_NOIV, 16, 16 + t, 0, false);
	n = add(v, n, BOUNDS_DECRYPT_NOIV, t + 16, 16, 0, false);
	n = add(v, n, BOUNDS_DECRYPT_NOIV, t, 1, 0, false);
	return n;
}

/* ---------- running ---------- */

/* Every case of cipher @a on the run's kind. */
static int run_algo(struct run *r, struct algo *a)
{
	static struct lcase lc[MAX_LCASES];
	int n = a->authsize ? bounds_gen_aead(a, lc) : bounds_gen_skcipher(a, lc);
	int i, lay, pl, why, err;

	err = bounds_algo_begin(r, a);
	for (i = 0; i < n && !err; i++) {
		for (lay = 0; lay < NR_LAYOUTS && !err; lay++) {
			for (pl = 0; pl < (r->k->paged ? NR_PLACES : 1) && !err; pl++) {
				struct pcase p = { .l = lc[i], .a = a,
						   .layout = lay, .place = pl };

				if (pl && lay != SEPARATE && lay != IN_PLACE)
					continue;
				why = bounds_place(r, &p);
				if (why < 0)
					continue;	/* not a layout of this case */
				if (why) {
					r->t->not_expr[why]++;
					continue;
				}
				r->seq++;
				err = bounds_queue(r, a, &p);
			}
		}
	}
	return bounds_algo_end(r, a, err);
}

/* The ciphers' tables on the run's kind. */
int bounds_run_ciphers(struct run *r)
{
	int err = bounds_setup_algos(r->why, r->whylen);

	for (size_t i = 0; i < NR_ALGOS && !err; i++)
		err = run_algo(r, &algos[i]);
	return err;
}
