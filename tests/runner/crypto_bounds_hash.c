// SPDX-License-Identifier: GPL-2.0
/*
 * kfx_crypto_hash()'s boundary tables (crypto_bounds.c runs them on every
 * memory kind of crypto_bounds_hash*.bpf.c), generated from the contract:
 *
 *   0        the digest in out's first digestsize bytes, the rest of out
 *            untouched;
 *   -EINVAL  data empty, out smaller than the digest: out zeroed, all of
 *            it; out not plain memory (across or past the end of a
 *            packet's linear part) or read-only (an skb seen from
 *            tp_btf): nothing written;
 *   data     any bytes of the dynptr, a packet's paged part and fragments
 *            included; never written.
 *
 * The lengths: data 0, 1, block - 1, block, block + 1, around a page, and
 * the largest the kind holds (on a paged packet, from out's end to the
 * packet's: the whole packet from an offset); out 0, 1, digest - 1,
 * digest, digest + 1, digest + 16.  Each window is out, a canary as long
 * as a digest a bug could write past a short out, then the data: every
 * byte of it is checked after the call.  The expected digests are the
 * runner's own (crypto_model_hash.c, checked against AF_ALG), computed
 * from the bytes the window holds, the packet's bytes where the runner
 * could not write.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kfx.h"
#include "crypto_bounds_run.h"
#include "crypto_model_hash.h"
#include "runner.h"

#define HASH_MAX	UINT32_MAX	/* data: the most the placement holds */

#define HASH(n, l, k, d, b, o, opt)					\
	{ .type = "hash", .name = n, .label = l, .key_len = k, .digest = d, \
	  .block = b, .oracle = o, .family = FAM_HASH, .optional = opt }

static struct algo hash_algos[] = {
	HASH("sha256", "sha256", 0, 32, 64, MODEL_SHA256, false),
	HASH("hmac(sha256)", "hmac(sha256)", 32, 32, 64, MODEL_HMAC_SHA256, false),
	/* crc32c works in 8-byte words: its edges */
	HASH("crc32c", "crc32c", 0, 4, 8, MODEL_CRC32C, true),
	/* the contract's seed: the key, little-endian, the CRC's start */
	HASH("crc32c", "crc32c/seed", 4, 4, 8, MODEL_CRC32C, true),
};

#define NR_HASH_ALGOS	(sizeof(hash_algos) / sizeof(hash_algos[0]))

/* Where a case goes: in plain memory, or on a paged packet across its linear end. */
enum hplace {
	H_LINEAR, H_DATA_STRADDLES, H_DATA_BEYOND, H_OUT_STRADDLES,
	H_OUT_BEYOND, NR_HPLACES
};

static const char *const hplace_names[] = {
	"", ", data across the linear end", ", data past the linear end",
	", out across the linear end", ", out past the linear end",
};

/* The model's digest of @n bytes at @p. */
static void model_digest(const struct algo *a, const uint8_t *p, uint32_t n,
			 uint8_t *out)
{
	const uint8_t *k = a->key;

	switch (a->oracle) {
	case MODEL_HMAC_SHA256:
		model_hmac_sha256(k, a->key_len, p, n, out);
		break;
	case MODEL_CRC32C:
		model_crc32c(a->key_len ? (uint32_t)k[0] | k[1] << 8 | k[2] << 16 |
			     (uint32_t)k[3] << 24 : 0xffffffff, p, n, out);
		break;
	default:
		model_sha256(p, n, out);
		break;
	}
}

/* @n bytes of a stream seeded by @a and @seed: the data of a case. */
static void fill(const struct algo *a, uint32_t seed, uint8_t *p, uint32_t n)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL * (seed + 1);

	for (const char *c = a->label; *c; c++)
		x = x * 31 + *c;
	for (uint32_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		p[i] = x >> 24;
	}
}

/* Keys, and each model against AF_ALG where AF_ALG binds the algorithm. */
static int setup(char *why, size_t whylen)
{
	static int state;	/* 1 done, -1 failed */
	static char failed[256];
	uint8_t data[1000], want[32], got[32];

	if (state) {
		snprintf(why, whylen, "%s", failed);
		return state > 0 ? 0 : -1;
	}
	state = -1;
	if (model_hash_known_answers(failed, sizeof(failed)))
		goto out;
	for (size_t i = 0; i < NR_HASH_ALGOS; i++) {
		struct algo *a = &hash_algos[i];

		fill(a, 700, a->key, a->key_len);
		fill(a, 701, data, sizeof(data));
		a->tfm = alg_hash_tfm(a->name, a->key, a->key_len);
		if (a->tfm < 0) {
			printf("# crypto_bounds: AF_ALG will not bind %s here: its expected digests come from the runner's model alone\n",
			       a->label);
			continue;
		}
		model_digest(a, data, sizeof(data), want);
		if (alg_hash(a->tfm, data, sizeof(data), got, a->digest) ||
		    memcmp(want, got, a->digest)) {
			snprintf(failed, sizeof(failed), "%s: the runner's model and AF_ALG disagree",
				 a->label);
			goto out;
		}
	}
	state = 1;
	failed[0] = '\0';
out:
	snprintf(why, whylen, "%s", failed);
	return state > 0 ? 0 : -1;
}

/* ---------- the table ---------- */

static int add(struct lcase *v, int n, uint32_t data, uint32_t out)
{
	for (int i = 0; i < n; i++)
		if (v[i].src_len == data && v[i].dst_len == out)
			return n;
	v[n] = (struct lcase){ .op = BOUNDS_HASH, .src_len = data, .dst_len = out };
	return n + 1;
}

static int gen(const struct algo *a, struct lcase *v)
{
	uint32_t b = a->block, d = a->digest, i, j;
	uint32_t data[] = { 0, 1, b - 1, b, b + 1, 2 * b + 1, 4095, 4096, 4097,
			    3 * 4096 + 1, HASH_MAX };
	uint32_t outs[] = { 0, 1, d - 1, d + 1, d + 16 };
	int n = 0;

	for (i = 0; i < sizeof(data) / sizeof(data[0]); i++)
		n = add(v, n, data[i], d);
	if (b == 64) {	/* SHA-256's padding: 55 bytes take one block, 56 two */
		n = add(v, n, 55, d);
		n = add(v, n, 56, d);
	}
	for (i = 0; i < sizeof(outs) / sizeof(outs[0]); i++)
		for (j = 1; j < 5; j++)		/* data 1, b - 1, b, b + 1 */
			n = add(v, n, data[j], outs[i]);
	n = add(v, n, 0, d - 1);
	n = add(v, n, 0, 0);
	n = add(v, n, HASH_MAX, d - 1);
	return n;
}

/* ---------- placement ---------- */

static uint32_t max32(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

/*
 * @p's window: out at GUARD, a canary room of max(digest, out) - out +
 * GUARD, the data, a trailing guard where the kind has room.  0, an enum
 * why_not, or -1: not a placement of this case.
 */
static int place(struct run *r, struct pcase *p, enum hplace pl)
{
	const struct kind *k = r->k;
	uint32_t ol = p->l.dst_len, dl = p->l.src_len, d = p->a->digest;
	uint32_t o = GUARD, at = o + ol + max32(d, ol) - ol + GUARD;
	uint32_t lo = k->base, lin = r->linear, cap, trail = GUARD;
	bool max = dl == HASH_MAX;
	int64_t off, end;

	/* a window is below BOUNDS_WIN: the programs mask its length */
	cap = k->size < BOUNDS_WIN - 1 ? k->size : BOUNDS_WIN - 1;
	switch (pl) {
	case H_LINEAR:
		if (k->paged)
			cap = lin;
		if (max) {
			dl = cap - lo - at - GUARD;
			if (k->how == MEM && dl >= k->win)
				dl = k->win - 1;	/* a slice's most */
		}
		/* vary the alignment, and where pages begin */
		off = lo + (r->seq * 2053) % (k->how == MEM && k->size > 4096 ? 4096 : 64);
		if (k->how == RING || off + at + dl + GUARD > cap)
			off = lo;
		break;
	case H_DATA_STRADDLES:
	case H_DATA_BEYOND:
		if (!dl || (dl < 2 && pl == H_DATA_STRADDLES))
			return -1;
		/*
		 * the data from 8 bytes past the linear end, or with half of
		 * it (as much as fits) before; the largest runs to the end
		 */
		off = pl == H_DATA_BEYOND ? (int64_t)lin + 8 - at :
		      max ? lo : (int64_t)lin - dl / 2 - at;
		if (off < lo && pl == H_DATA_STRADDLES)
			off = lo;
		if (max)
			dl = k->size - off - at;
		cap = k->size;
		break;
	default:
		if (!ol || (ol < 2 && pl == H_OUT_STRADDLES) || max || !dl)
			return -1;
		off = pl == H_OUT_BEYOND ? (int64_t)lin + 8 - o :
		      (int64_t)lin - ol / 2 - o;
		cap = k->size;
		break;
	}
	end = off + at + dl;
	if ((k->how == SKB || k->how == XDP || k->how == SKB_RO) && end <= k->size &&
	    end + GUARD > k->size)
		trail = k->size - end;	/* the data runs to the packet's end */
	if (pl != H_LINEAR && (off < lo || end > k->size))
		return NO_PLACE;
	if ((int32_t)dl < 0 || off < lo || end + trail > cap)
		return TOO_BIG;
	if (k->how == MEM && (off + at >= k->win || dl >= k->win))
		return TOO_BIG;
	p->l.src_len = dl;
	p->place_h = pl;
	p->win_off = off;
	p->win_len = at + dl + trail;
	p->dst_off = off + o;
	p->src_off = off + at;
	p->siv_off = p->src_off;	/* unused: empty */
	p->restore_len = k->how == SKB_RO ? 0 : p->win_len;
	if (k->paged)
		p->restore_len = off >= lin ? 0 :
				 lin - off < p->win_len ? lin - off : p->win_len;
	return FITS;
}

/* ---------- the model ---------- */

int bounds_hash_prepare(struct run *r, struct pcase *p, uint8_t *img)
{
	const struct algo *a = p->a;
	uint32_t w = p->win_len, dl = p->l.src_len, ol = p->l.dst_len;
	uint32_t wd = p->src_off - p->win_off, wo = p->dst_off - p->win_off;
	uint8_t *data = malloc(dl + 1), digest[32];
	bool reach = !r->k->paged || p->dst_off + ol <= r->linear;

	p->exp = malloc(w);
	p->mask = malloc(w);
	if (!data || !p->exp || !p->mask) {
		free(data);
		snprintf(r->why, r->whylen, "out of memory");
		return -1;
	}
	bounds_window_fill(r, p, img);
	fill(a, dl, data, dl);
	bounds_put(r, p, img, wd, data, dl);
	free(data);
	/* by default every byte as it was: data is never written */
	memcpy(p->exp, img, w);
	memset(p->mask, 0xff, w);
	if (!reach || r->k->how == SKB_RO) {
		/* out not plain memory, or read-only: untouched */
		p->want = -EINVAL;
	} else if (!dl || ol < a->digest) {
		p->want = -EINVAL;	/* an error: out zeroed, every byte */
		memset(p->exp + wo, 0, ol);
	} else {
		p->want = 0;		/* the digest of the bytes data holds */
		model_digest(a, img + wd, dl, digest);
		memcpy(p->exp + wo, digest, a->digest);
		p->out_len = a->digest;
	}
	return 0;
}

void bounds_hash_describe(const struct run *r, const struct pcase *p,
			  char *buf, size_t len)
{
	snprintf(buf, len, "hash %s on %s%s: data %u@%u, out %u@%u; expected %s%s",
		 p->a->label, r->k->name, hplace_names[p->place_h],
		 p->l.src_len, p->src_off, p->l.dst_len, p->dst_off,
		 p->want ? "-EINVAL" : "0",
		 !p->want ? ", the digest in out" :
		 r->k->how == SKB_RO ? ", out read-only: nothing written" :
		 r->k->paged && p->dst_off + p->l.dst_len > r->linear ?
		 ", nothing written" : ", out zeroed");
}

/* ---------- running ---------- */

static int run_algo(struct run *r, struct algo *a)
{
	static struct lcase lc[64];
	int n = gen(a, lc), i, pl, why, err;

	/* an optional algorithm the kernel does not have at all: left out */
	err = bounds_probe_create(r, a);
	if (err == -EOPNOTSUPP && a->optional && !file_has("/proc/crypto", a->name)) {
		printf("# crypto_bounds %s, %s: not in this kernel's /proc/crypto: left out\n",
		       r->k->name, a->label);
		return 0;
	}
	if (err) {
		snprintf(r->why, r->whylen, "create %s said %d", a->label, err);
		return -1;
	}
	err = bounds_algo_begin(r, a);
	for (i = 0; i < n && !err; i++) {
		for (pl = 0; pl < (r->k->paged ? NR_HPLACES : 1) && !err; pl++) {
			struct pcase p = { .l = lc[i], .a = a };

			why = place(r, &p, pl);
			if (why < 0)
				continue;
			if (why) {
				r->t->not_expr[why]++;
				continue;
			}
			r->seq++;
			err = bounds_queue(r, a, &p);
		}
	}
	return bounds_algo_end(r, a, err);
}

int bounds_run_hash(struct run *r)
{
	int err = setup(r->why, r->whylen);

	for (size_t i = 0; i < NR_HASH_ALGOS && !err; i++)
		err = run_algo(r, &hash_algos[i]);
	return err;
}
