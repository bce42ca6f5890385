// SPDX-License-Identifier: GPL-2.0
/*
 * kfx_sig_verify()'s boundary tables (crypto_bounds.c runs them on every
 * memory kind of crypto_bounds_sig*.bpf.c), generated from the contract
 * (p1363 only: x962 is refused at create) and judged by the runner's
 * ECDSA (crypto_model_ec.c):
 *
 *   -EINVAL       message or signature empty, a signature not 2 * the
 *                 curve's bytes (n below);
 *   -EBADMSG      r or s 0 or not below the order;
 *   0 / -EKEYREJECTED   whether it verifies, the digest being the
 *                 message's left-most n bytes, a shorter message a
 *                 big-endian number;
 *   nothing is ever written (every byte of the window is checked).
 *
 * The lengths: message 0, 1, n - 1, n, n + 1, 64, 4101; signature 0, 1,
 * 2n - 1, 2n, 2n + 1, 4097; for each message a valid signature and the
 * one a wrong truncation or padding rule would accept; then the
 * signature's values on their edges (0, n, all ones, (r, n - s) which
 * also verifies, a bit flipped, r and s swapped).  P-192's n is shorter
 * than SHA-256's digest, P-384's longer: both rules at work.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfx.h"
#include "crypto_bounds_run.h"
#include "crypto_model_ec.h"

#define SIG(n, l, c)							\
	{ .type = "sig", .name = n, .label = l, .curve = c,		\
	  .oracle = MODEL_ECDSA, .family = FAM_SIG, .tfm = -1 }

static struct algo sig_algos[] = {
	SIG("p1363(ecdsa-nist-p192)", "P-192", EC_P192),
	SIG("p1363(ecdsa-nist-p256)", "P-256", EC_P256),
	SIG("p1363(ecdsa-nist-p384)", "P-384", EC_P384),
};

#define NR_SIG_ALGOS	(sizeof(sig_algos) / sizeof(sig_algos[0]))
#define MAX_MSG		4101
#define MAX_SIG		4097	/* the contract's longest + 1 */

enum variant {
	SV_VALID, SV_RIGHTMOST, SV_RIGHTPAD, SV_FLIP_S, SV_LOW_S, SV_SWAP,
	SV_R0, SV_S0, SV_RN, SV_SN, SV_RMAX, SV_LEN, NR_SV
};

static const char *const variant_names[NR_SV] = {
	"the signature of the digest the contract takes from it",
	"signed over its right-most bytes", "signed over it right-padded",
	"s with a bit flipped", "(r, n - s)", "(s, r)", "r = 0", "s = 0",
	"r = n", "s = n", "r all ones",
	"a valid signature cut or lengthened to this length",
};

/* One case's bytes and what the model says of them. */
struct sig_data {
	uint8_t msg[MAX_MSG], sig[MAX_SIG];
	uint32_t sig_len;
	int want;
};

/* @n bytes of a stream seeded by @a and @seed. */
static void fill(const struct algo *a, uint64_t seed, uint8_t *p, uint32_t n)
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

/* Signatures are slow to make: each (curve, digest) once per run. */
struct signed_digest {
	struct signed_digest *next;
	int curve;
	uint32_t len;
	uint8_t e[EC_MAX_BYTES], rs[2 * EC_MAX_BYTES];
};

static int sign(const struct algo *a, const uint8_t *e, uint32_t len,
		uint8_t *rs)
{
	static struct signed_digest *cache;
	unsigned int n = ec_bytes(a->curve);
	struct signed_digest *s;
	uint8_t k[EC_MAX_BYTES];
	uint64_t seed = len;

	for (s = cache; s; s = s->next)
		if (s->curve == a->curve && s->len == len && !memcmp(s->e, e, len))
			break;
	if (!s) {
		s = calloc(1, sizeof(*s));
		if (!s)
			return -ENOMEM;
		for (uint32_t i = 0; i < len; i++)
			seed = seed * 131 + e[i];
		fill(a, seed, k, n);
		k[0] &= 0x7f;	/* below the order */
		if (ec_sign(a->curve, a->priv, k, e, len, s->rs)) {
			free(s);
			return -EINVAL;
		}
		s->curve = a->curve;
		s->len = len;
		memcpy(s->e, e, len);
		s->next = cache;
		cache = s;
	}
	memcpy(rs, s->rs, 2 * n);
	return 0;
}

/* r || s by @v: the valid one changed on its edges. */
static void vary(const struct algo *a, enum variant v, uint8_t *rs)
{
	unsigned int n = ec_bytes(a->curve), i;
	uint8_t order[EC_MAX_BYTES], t[EC_MAX_BYTES];
	int borrow = 0;

	ec_order(a->curve, order);
	switch (v) {
	case SV_FLIP_S:
		rs[2 * n - 1] ^= 1;
		break;
	case SV_LOW_S:		/* n - s, big-endian */
		for (i = n; i-- > 0; ) {
			int d = order[i] - rs[n + i] - borrow;

			borrow = d < 0;
			rs[n + i] = d;
		}
		break;
	case SV_SWAP:
		memcpy(t, rs, n);
		memmove(rs, rs + n, n);
		memcpy(rs + n, t, n);
		break;
	case SV_R0:
	case SV_S0:
		memset(rs + (v == SV_S0 ? n : 0), 0, n);
		break;
	case SV_RN:
	case SV_SN:
		memcpy(rs + (v == SV_SN ? n : 0), order, n);
		break;
	case SV_RMAX:
		memset(rs, 0xff, n);
		break;
	default:
		break;
	}
}

/*
 * Case (@msg_len, @v, @sig_len: SV_LEN's length) of @a: its bytes in @d,
 * and the contract's verdict.  0, or -errno.
 */
static int make(const struct algo *a, uint32_t msg_len, enum variant v,
		uint32_t sig_len, struct sig_data *d)
{
	unsigned int n = ec_bytes(a->curve);
	uint8_t e[EC_MAX_BYTES] = { 0 }, rs[2 * EC_MAX_BYTES];
	uint32_t elen = msg_len < n ? msg_len : n;
	int err;

	fill(a, 1000 + msg_len, d->msg, msg_len);
	/* the digest signed: what the contract takes, or a wrong rule's */
	if (v == SV_RIGHTMOST && msg_len > n)
		memcpy(e, d->msg + msg_len - n, n);
	else
		memcpy(e, d->msg, elen);
	if (v == SV_RIGHTPAD)
		elen = n;	/* e's zeros after the message */
	err = sign(a, e, elen, rs);
	if (err)
		return err;
	vary(a, v, rs);
	/* a longer signature: the valid one, then filler */
	memset(d->sig, 0x5a, MAX_SIG);
	memcpy(d->sig, rs, 2 * n);
	d->sig_len = v == SV_LEN ? sig_len : 2 * n;
	if (!msg_len || d->sig_len != 2 * n)
		d->want = -EINVAL;
	else
		d->want = ec_verify(a->curve, a->key, d->msg, msg_len, rs);
	return 0;
}

/* ---------- the table ---------- */

static int add(const struct algo *a, struct lcase *v, int n, uint32_t msg,
	       enum variant var, uint32_t sig_len)
{
	static struct sig_data d;

	if (make(a, msg, var, sig_len, &d))
		return n;
	v[n] = (struct lcase){ .op = BOUNDS_SIG, .src_len = msg,
			       .siv_len = d.sig_len, .variant = var };
	return n + 1;
}

static int gen(const struct algo *a, struct lcase *v)
{
	uint32_t n = ec_bytes(a->curve), i;
	uint32_t msgs[] = { 1, n - 1, n, n + 1, 64, MAX_MSG };
	uint32_t lens[] = { 0, 1, 2 * n - 1, 2 * n + 1, MAX_SIG };
	enum variant edges[] = { SV_FLIP_S, SV_LOW_S, SV_SWAP, SV_R0, SV_S0,
				 SV_RN, SV_SN, SV_RMAX };
	int c = 0;

	for (i = 0; i < 6; i++) {
		c = add(a, v, c, msgs[i], SV_VALID, 0);
		c = add(a, v, c, msgs[i], msgs[i] > n ? SV_RIGHTMOST : SV_RIGHTPAD, 0);
	}
	c = add(a, v, c, 0, SV_VALID, 0);
	for (i = 0; i < 5; i++)
		c = add(a, v, c, n, SV_LEN, lens[i]);
	for (i = 0; i < 8; i++)
		c = add(a, v, c, n, edges[i], 0);
	return c;
}

/* ---------- placement and the model ---------- */

/* The window: guard, signature, guard, message, guard; plain memory only. */
static int place(struct run *r, struct pcase *p)
{
	const struct kind *k = r->k;
	uint32_t sl = p->l.siv_len, ml = p->l.src_len, at = GUARD + sl + GUARD;
	uint32_t w = at + ml + GUARD, lo = k->base, cap;
	int64_t off;

	cap = k->paged ? r->linear : k->size < BOUNDS_WIN - 1 ? k->size : BOUNDS_WIN - 1;
	off = lo + (r->seq * 2053) % (k->how == MEM && k->size > 4096 ? 4096 : 64);
	if (k->how == RING || off + w > cap)
		off = lo;
	if (off + w > cap || (k->how == MEM && off + at >= k->win))
		return TOO_BIG;
	p->win_off = off;
	p->win_len = w;
	p->siv_off = off + GUARD;
	p->src_off = off + at;
	p->dst_off = p->src_off;	/* unused: empty */
	p->restore_len = k->how == SKB_RO ? 0 : w;	/* read-only: sent so */
	return FITS;
}

int bounds_sig_prepare(struct run *r, struct pcase *p, uint8_t *img)
{
	static struct sig_data d;
	uint32_t w = p->win_len;

	if (make(p->a, p->l.src_len, p->l.variant, p->l.siv_len, &d)) {
		snprintf(r->why, r->whylen, "%s: signing failed", p->a->label);
		return -1;
	}
	p->exp = malloc(w);
	p->mask = malloc(w);
	if (!p->exp || !p->mask) {
		snprintf(r->why, r->whylen, "out of memory");
		return -1;
	}
	bounds_window_fill(r, p, img);
	bounds_put(r, p, img, p->siv_off - p->win_off, d.sig, p->l.siv_len);
	bounds_put(r, p, img, p->src_off - p->win_off, d.msg, p->l.src_len);
	memcpy(p->exp, img, w);		/* nothing is ever written */
	memset(p->mask, 0xff, w);
	p->want = d.want;
	return 0;
}

void bounds_sig_describe(const struct run *r, const struct pcase *p,
			 char *buf, size_t len)
{
	char e[32];

	snprintf(buf, len, "sig %s on %s: message %u@%u, signature %u@%u (%s); expected %s, nothing written",
		 p->a->label, r->k->name, p->l.src_len, p->src_off,
		 p->l.siv_len, p->siv_off, variant_names[p->l.variant],
		 bounds_errname(p->want, e, sizeof(e)));
}

/* ---------- running ---------- */

/* Keys and the model's known answers, once per run. */
static int setup(char *why, size_t whylen)
{
	static int state;
	static char failed[256];

	if (state) {
		snprintf(why, whylen, "%s", failed);
		return state > 0 ? 0 : -1;
	}
	state = -1;
	if (ec_known_answers(failed, sizeof(failed)))
		goto out;
	for (size_t i = 0; i < NR_SIG_ALGOS; i++) {
		struct algo *a = &sig_algos[i];

		fill(a, 900, a->priv, ec_bytes(a->curve));
		a->priv[0] &= 0x7f;
		a->key_len = 1 + 2 * ec_bytes(a->curve);
		if (ec_public(a->curve, a->priv, a->key)) {
			snprintf(failed, sizeof(failed), "%s: no key pair", a->label);
			goto out;
		}
	}
	state = 1;
	failed[0] = '\0';
out:
	snprintf(why, whylen, "%s", failed);
	return state > 0 ? 0 : -1;
}

/* Case @p's window in the kind, then queued. */
static int one(struct run *r, struct algo *a, struct lcase *l)
{
	struct pcase p = { .l = *l, .a = a };
	int why = place(r, &p);

	if (why) {
		r->t->not_expr[why]++;
		return 0;
	}
	r->seq++;
	return bounds_queue(r, a, &p);
}

static int run_algo(struct run *r, struct algo *a)
{
	static struct lcase lc[64];
	int n = gen(a, lc), err;

	/* every kernel: kfx's own ECDSA */
	err = bounds_probe_create(r, a);
	if (err) {
		snprintf(r->why, r->whylen, "create %s with a valid key said %d",
			 a->name, err);
		return -1;
	}
	err = bounds_algo_begin(r, a);
	for (int i = 0; i < n && !err; i++)
		err = one(r, a, &lc[i]);
	return bounds_algo_end(r, a, err);
}

int bounds_run_sig(struct run *r)
{
	int err = setup(r->why, r->whylen);

	for (size_t i = 0; i < NR_SIG_ALGOS && !err; i++)
		err = run_algo(r, &sig_algos[i]);
	return err;
}
