// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's crypt step (ST_CRYPT) and its model: what a crypt call on
 * the slot's ctx must return by the contract (the errors, the output
 * length), and after it every area checked byte by byte against the
 * runner's crypto model (crypto_model.c): output where the contract puts
 * it, the rest untouched.  fuzz.c runs the cases; this judges one step.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "fuzz_run.h"

enum {
	E_EMPTY_SRC = 1, E_EMPTY_DST = 2, E_SRC_MAX = 4, E_AD_MAX = 8,
	E_UNREACH = 16, E_SHORT_DST = 32, E_SIV = 64, E_ALG_LEN = 128,
	E_ALG_AD = 256, E_TAG = 512,
};

static const char *const e_names[] = {
	"src empty", "dst empty", "src > 65536", "AD > 65536", "out of reach",
	"dst short", "siv length", "length for the algorithm",
	"AD length for rfc4106", "src shorter than the tag",
};

static void e_str(uint32_t e, char *buf, size_t n)
{
	buf[0] = 0;
	for (int i = 0; i < 10; i++)
		if (e & (1u << i))
			snprintf(buf + strlen(buf), n - strlen(buf), "%s%s",
				 buf[0] ? ", " : "", e_names[i]);
	if (!buf[0])
		snprintf(buf, n, "none");
}

static const char *mem_name(uint32_t k)
{
	static const char *const n[FZ_NMEM] = {
		"bss", "kmap", "vmap", "stack", "ring", "pkt", "none", "noiv",
	};

	return k < FZ_NMEM ? n[k] : "?";
}

struct ctx_model {
	const struct fz_algo *a;	/* NULL: not modelled */
	bool aead;
	uint32_t auth;
};

/* Why the contract refuses a call (-EINVAL); 0 when it does not. */
static uint32_t crypt_errs(const struct ctx_model *m, bool dec, uint32_t slen,
			   uint32_t dlen, uint32_t vlen, bool unreach,
			   bool *siv_known)
{
	const struct fz_algo *a = m->a;
	uint32_t e = 0;

	*siv_known = a != NULL;
	if (!slen)
		e |= E_EMPTY_SRC;
	if (!dlen)
		e |= E_EMPTY_DST;
	if (slen > 65536)
		e |= E_SRC_MAX;
	if (unreach)
		e |= E_UNREACH;
	if (!m->aead) {
		if (slen > dlen)
			e |= E_SHORT_DST;
		if (a && vlen != (uint32_t)a->ivsize)
			e |= E_SIV;
		if (a && a->block > 1 && slen % a->block)
			e |= E_ALG_LEN;
		if (a && slen < (uint32_t)a->minlen)
			e |= E_ALG_LEN;
		return e;
	}
	if (a && vlen < (uint32_t)a->ivsize)
		e |= E_SIV;
	if (a && vlen >= (uint32_t)a->ivsize) {
		uint32_t ad = vlen - a->ivsize;

		if (ad > 65536)
			e |= E_AD_MAX;
		if (a->ad_16_20 && ad != 16 && ad != 20)
			e |= E_ALG_AD;
	}
	if (!dec && (uint64_t)dlen < (uint64_t)slen + m->auth)
		e |= E_SHORT_DST;
	if (dec && slen < m->auth)
		e |= E_TAG;
	if (dec && slen >= m->auth && dlen < slen - m->auth)
		e |= E_SHORT_DST;
	return e;
}

static uint32_t out_len(const struct ctx_model *m, bool dec, uint32_t slen)
{
	if (!m->aead)
		return slen;
	if (!dec)
		return slen + m->auth;
	return slen >= m->auth ? slen - m->auth : 0;
}

/* The first byte of [from, to) of @after that differs from @before, or -1. */
static long changed(const uint8_t *before, const uint8_t *after, uint32_t from,
		    uint32_t to)
{
	for (uint32_t i = from; i < to; i++)
		if (before[i] != after[i])
			return i;
	return -1;
}

/* 128-bit big-endian @iv + @n. */
static void ctr_add(uint8_t *iv, uint64_t n)
{
	for (int i = 15; i >= 0 && n; i--) {
		uint64_t v = iv[i] + (n & 0xff);

		iv[i] = v;
		n = (n >> 8) + (v >> 8);
	}
}

/*
 * Bytes of the area (@before, @after, @ext bytes) outside [lo, hi) must be
 * unchanged; every byte of it when lo == hi.
 */
void fz_area_check(struct fz_run *R, const char *what, const uint8_t *before,
		   const uint8_t *after, uint32_t ext, uint32_t lo, uint32_t hi,
		   const char *why)
{
	long at = changed(before, after, 0, lo < ext ? lo : ext);

	if (at < 0 && hi < ext)
		at = changed(before, after, hi, ext);
	if (at >= 0)
		fz_fail(R, "crypt-outside", "%s byte %ld changed (0x%02x -> 0x%02x), outside [%u, %u) %s",
		     what, at, before[at], after[at], lo, hi, why);
}

int fz_data_run(struct fz_run *R, const struct fz_step *st,
		void (*patch)(struct fz_run *R, const struct fz_step *st),
		struct fz_data *d)
{
	const struct fz_crypt_step *k = &st->c;
	struct fz_img *img = R->img;
	uint32_t ext_a = k->ext_a, ext_b = k->same ? k->ext_a : k->ext_b;
	uint32_t ext_v = k->ext_v, pkt_len = 0, out_n = 0;
	int err, slot = k->slot % FZ_SLOTS;
	struct bpf_program *p;

	if (ext_a > FZ_AREA || ext_b > FZ_AREA || ext_v > FZ_VAREA ||
	    (!k->same && k->kind_b == FZ_M_PKT && k->kind_a == FZ_M_PKT)) {
		fz_fail(R, "harness", "bad crypt step");
		return -1;
	}
	p = st->prog == PR_SYSCALL ? R->p_crypto : R->p_pkt[st->prog];
	if (!p) {
		fz_fail(R, "harness", "no program for prog=%d", st->prog);
		return -1;
	}
	fz_fill((uint8_t *)img->a, ext_a, st->fill[0]);
	if (!k->same)
		fz_fill((uint8_t *)img->b, ext_b, st->fill[1]);
	fz_fill((uint8_t *)img->v, ext_v, st->fill[2]);
	if (patch)
		patch(R, st);
	memcpy(img->v0, img->v, ext_v);
	memcpy(R->before[0], img->a, ext_a);
	memcpy(R->before[1], k->same ? img->a : img->b, ext_b);
	memcpy(R->before[2], img->v, ext_v);
	memset(img->back, 0xa5, k->rt_dlen < FZ_AREA ? k->rt_dlen : FZ_AREA);
	memset(img->pad, 0xa5, k->rt_dlen < FZ_AREA ? k->rt_dlen : FZ_AREA);
	*R->cstep = *k;
	R->cstep->kfn = st->type == ST_HASH ? FZ_K_HASH :
			st->type == ST_SIG ? FZ_K_SIG : FZ_K_CRYPT;
	memset(R->cres, 0, sizeof(*R->cres));
	R->cres->r = R->cres->r_rt = R->cres->r_tamper = NOT_RUN;
	R->cres->dsize = NOT_RUN;
	if (st->prog == PR_SYSCALL) {
		err = fz_run_syscall(p);
	} else {
		const uint8_t *pkt = k->kind_a == FZ_M_PKT ? R->before[0] : R->before[1];

		pkt_len = k->kind_a == FZ_M_PKT ? ext_a : ext_b;
		out_n = FZ_AREA + 4096;
		err = fz_run_pkt(p, pkt, pkt_len, R->pkt_out, &out_n);
	}
	R->steps++;
	if (err < 0) {
		fz_fail(R, "harness", "running %s: %s", bpf_program__name(p), strerror(-err));
		return -1;
	}
	if (!R->slot[slot].full) {
		if (!R->cres->noctx)
			fz_fail(R, "harness", "slot %d should be empty", slot);
		return 1;
	}
	if (R->cres->noctx || !R->cres->ran) {
		fz_fail(R, "harness", "slot %d: no ctx (noctx %d, ran %d)", slot,
		     R->cres->noctx, R->cres->ran);
		return -1;
	}
	if (R->cres->version != KFX_VERSION)
		fz_fail(R, "version", "kfx_version() = 0x%x", R->cres->version);
	if (st->prog != PR_SYSCALL && out_n != pkt_len) {
		fz_fail(R, "harness", "packet came back %u bytes, sent %u", out_n, pkt_len);
		return -1;
	}
	if (R->cres->r == NOT_RUN) {
		fz_fail(R, "harness", "the kfunc did not run");
		return -1;
	}
	/* the areas after the call, and before it */
	d->a_after = k->kind_a == FZ_M_PKT ? R->pkt_out : (uint8_t *)img->a;
	d->b_after = k->same ? d->a_after : k->kind_b == FZ_M_PKT ? R->pkt_out :
		     (uint8_t *)img->b;
	d->v_after = (uint8_t *)img->v_after;
	d->a_before = R->before[0];
	d->b_before = R->before[1];
	d->v_before = R->before[2];
	d->ext_a = ext_a;
	d->ext_b = ext_b;
	d->ext_v = ext_v;
	d->lin = st->prog == PR_SYSCALL ? 0 : R->cres->pkt_lin;
	d->r = R->cres->r;
	return 0;
}

void fz_step_crypt(struct fz_run *R, const struct fz_step *st)
{
	const struct fz_crypt_step *k = &st->c;
	struct fz_img *img = R->img;
	struct ctx_model m = { 0 };
	const uint8_t *a_after, *b_after, *src_before, *dst_before;
	uint32_t ext_a, ext_b, ext_v, vlen, e, outl, w_lo, w_hi, lin;
	bool dec = k->decrypt, siv_known, unreach = false, overlap = false;
	bool errno_ok = true;
	bool siv = k->kind_v != FZ_M_NONE && k->kind_v != FZ_M_NOIV;
	int r, slot = k->slot % FZ_SLOTS;
	struct fz_data D;
	char es[256];

	if (fz_data_run(R, st, NULL, &D))
		return;
	if (fz_wrong_type(R, st, &D, FZ_T_SKCIPHER))
		return;
	r = D.r;
	a_after = D.a_after;
	b_after = D.b_after;
	src_before = D.a_before;
	dst_before = D.b_before;
	ext_a = D.ext_a;
	ext_b = D.ext_b;
	ext_v = D.ext_v;
	lin = D.lin;
	if (k->kind_a == FZ_M_PKT && (uint64_t)k->soff + k->slen > lin)
		unreach = true;
	if (!k->same && k->kind_b == FZ_M_PKT && (uint64_t)k->doff + k->dlen > lin)
		unreach = true;
	if (k->same && k->kind_a == FZ_M_PKT && (uint64_t)k->doff + k->dlen > lin)
		unreach = true;
	/* the model of this ctx */
	m.a = R->slot[slot].lax ? NULL : &fz_algos[R->slot[slot].algo];
	m.aead = R->slot[slot].aead;
	m.auth = R->slot[slot].auth;
	vlen = siv ? k->vlen : 0;
	e = crypt_errs(&m, dec, k->slen, k->dlen, vlen, unreach, &siv_known);
	outl = out_len(&m, dec, k->slen);
	if (k->same && k->doff != k->soff &&
	    k->doff < k->soff + k->slen && k->soff < k->doff + outl)
		overlap = true;
	e_str(e, es, sizeof(es));
	if (R->verbose)
		printf("# crypt: r %d, rt %d, tamper %d; the contract's reasons: %s\n",
		       r, R->cres->r_rt, R->cres->r_tamper, es);
	/* the errno */
	if (r == -ENOMEM) {
		/* documented: the crypto API could not allocate atomically */
		R->enomem++;
		errno_ok = false;
	} else if (r > 0) {
		fz_fail(R, "crypt-errno", "returned %d", r);
		errno_ok = false;
	} else if (e && r != -EINVAL) {
		fz_fail(R, "crypt-errno", "returned %d, the contract says -EINVAL (%s: %s %s %u bytes into %u, siv %u)",
		     r, es, m.a ? m.a->name : m.aead ? "aead" : "skcipher",
		     dec ? "decrypt" : "encrypt", k->slen, k->dlen, vlen);
		errno_ok = false;
	} else if (!e && m.a && !overlap) {
		int want = dec && m.aead ? -EBADMSG : 0;

		if (r != want) {
			fz_fail(R, "crypt-errno", "returned %d, the contract says %d (%s %s %u bytes into %u, siv %u, %s to %s)",
			     r, want, m.a->name, dec ? "decrypt" : "encrypt",
			     k->slen, k->dlen, vlen, mem_name(k->kind_a),
			     mem_name(k->same ? k->kind_a : k->kind_b));
			errno_ok = false;
		}
	} else if (!e && m.a && overlap && r != 0 && r != -EINVAL &&
		   !(dec && m.aead && r == -EBADMSG)) {
		fz_fail(R, "crypt-errno", "returned %d on overlapping src/dst (0 or -EINVAL allowed)", r);
		errno_ok = false;
	}
	/* which bytes may have changed: never any outside the dynptr */
	w_lo = k->doff;
	w_hi = k->doff;
	if (r == 0 || r == -EBADMSG || !m.a)
		w_hi = k->doff + (m.a ? outl : k->dlen);
	if (w_hi > k->doff + k->dlen)
		w_hi = k->doff + k->dlen;
	snprintf(es, sizeof(es), "(%s %s %u bytes into %u: returned %d, %s)",
		 m.a ? m.a->name : (char *)"an unmodelled algorithm",
		 dec ? "decrypt" : "encrypt", k->slen, k->dlen, r,
		 r == 0 ? "the output" : r == -EBADMSG ? "the zeroed output" :
		 "an errno: nothing written");
	fz_area_check(R, k->same ? "src/dst area" : "dst area", dst_before, b_after,
		   ext_b, w_lo, w_hi, es);
	if (!k->same)
		fz_area_check(R, "src area", src_before, a_after, ext_a, 0, 0, "(src is read-only)");
	if (r == -EBADMSG && m.a) {
		for (uint32_t i = w_lo; i < w_hi; i++)
			if (b_after[i]) {
				fz_fail(R, "crypt-ebadmsg", "-EBADMSG and output byte %u is 0x%02x, not zeroed",
				     i - w_lo, b_after[i]);
				break;
			}
	}
	/* the siv */
	if (siv) {
		const uint8_t *vb = R->before[2], *va = (uint8_t *)img->v_after;

		fz_area_check(R, "siv area", vb, va, ext_v, k->voff, k->voff + k->vlen, "(the siv)");
		if (m.a && m.aead && k->vlen >= (uint32_t)m.a->ivsize) {
			long at = changed(vb, va, k->voff + m.a->ivsize, k->voff + k->vlen);

			if (at >= 0)
				fz_fail(R, "crypt-siv", "associated data byte %ld changed",
				     at - k->voff - m.a->ivsize);
		}
		if (m.a && m.a->iv_out && r == 0 && !e && !overlap && errno_ok) {
			uint8_t want[16];

			if (!strcmp(m.a->name, "cbc(aes)")) {
				memcpy(want, dec ? src_before + k->soff + k->slen - 16 :
					     b_after + k->doff + k->slen - 16, 16);
			} else {
				memcpy(want, vb + k->voff, 16);
				ctr_add(want, (k->slen + 15) / 16);
			}
			if (memcmp(want, va + k->voff, 16))
				fz_fail(R, "crypt-iv", "%s: the IV after %s is not the crypto API's",
				     m.a->name, dec ? "decrypting" : "encrypting");
		}
	}
	/*
	 * decrypt(encrypt(x)) == x, and a flipped byte is refused; not for
	 * a partial overlap, whose output the contract leaves unspecified
	 * (6.1, seed 396933145757: gcm, xts and cbc over src+8217.. etc.)
	 */
	if (k->rt && r == 0 && m.a && !dec && errno_ok && !overlap) {
		uint32_t e2 = crypt_errs(&m, true, k->rt_len, k->rt_dlen, vlen,
					 false, &siv_known);
		int rr = R->cres->r_rt;

		if (e2 && rr != -EINVAL) {
			e_str(e2, es, sizeof(es));
			fz_fail(R, "crypt-rt", "decrypting back returned %d, the contract says -EINVAL (%s)",
			     rr, es);
		} else if (!e2 && rr != 0) {
			fz_fail(R, "crypt-rt", "decrypting what it encrypted returned %d", rr);
		} else if (!e2 && memcmp(img->back, src_before + k->soff, k->slen)) {
			fz_fail(R, "crypt-rt", "decrypt(encrypt(x)) != x (%s, %u bytes)",
			     m.a->name, k->slen);
		}
		if (!e2 && rr == 0 && k->tamper) {
			int rt = R->cres->r_tamper;

			if (rt != -EBADMSG)
				fz_fail(R, "crypt-tamper", "byte %u flipped: decrypt returned %d, not -EBADMSG",
				     k->tamper - 1, rt);
			for (uint32_t i = 0; rt == -EBADMSG && i < k->rt_dlen; i++)
				if (img->pad[i]) {
					fz_fail(R, "crypt-tamper", "-EBADMSG left output byte %u", i);
					break;
				}
		}
	}
}

