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

static const char *mem_name(uint32_t k)
{
	static const char *const n[FZ_NMEM] = {
		"bss", "kmap", "vmap", "stack", "ring", "pkt", "none", "noiv",
	};

	return k < FZ_NMEM ? n[k] : "?";
}

/* One crypt step as the contract (crypto_contract.c) judges it. */
struct crypt_verdict {
	const struct fz_algo *a;	/* NULL: an algorithm not modelled */
	struct crypt_call call;
	uint32_t why;		/* crypt_refusals(): 0, or -EINVAL's rules */
	uint32_t out;		/* crypt_out_len(): the bytes dst gets */
	bool overlap;		/* src and dst share bytes, offsets apart */
	bool errno_ok;		/* the errno was the contract's */
	char why_str[256];
};

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

/*
 * The areas of data step @st filled from their seeds (then @patch, if
 * any), and kept as they were before the call; the step handed to the
 * program.
 */
static void data_prepare(struct fz_run *R, const struct fz_step *st,
			 void (*patch)(struct fz_run *R, const struct fz_step *st),
			 uint32_t ext_a, uint32_t ext_b, uint32_t ext_v)
{
	const struct fz_crypt_step *k = &st->c;
	struct fz_img *img = R->img;
	uint32_t back = k->rt_dlen < FZ_AREA ? k->rt_dlen : FZ_AREA;

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
	memset(img->back, 0xa5, back);
	memset(img->pad, 0xa5, back);
	*R->cstep = *k;
	R->cstep->kfn = st->type == ST_HASH ? FZ_K_HASH :
			st->type == ST_SIG ? FZ_K_SIG : FZ_K_CRYPT;
	memset(R->cres, 0, sizeof(*R->cres));
	R->cres->r = R->cres->r_rt = R->cres->r_tamper = NOT_RUN;
	R->cres->dsize = NOT_RUN;
}

/*
 * Whether the run went as the harness expects: the slot's ctx there (or
 * the slot empty: judged, 1), the packet back whole, the kfunc called.
 * 0, 1, or -1 on a harness failure (reported).
 */
static int data_ran(struct fz_run *R, const struct fz_step *st,
		    uint32_t out_n, uint32_t pkt_len)
{
	int slot = st->c.slot % FZ_SLOTS;

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
	return 0;
}

int fz_data_run(struct fz_run *R, const struct fz_step *st,
		void (*patch)(struct fz_run *R, const struct fz_step *st),
		struct fz_data *d)
{
	const struct fz_crypt_step *k = &st->c;
	struct fz_img *img = R->img;
	uint32_t ext_a = k->ext_a, ext_b = k->same ? k->ext_a : k->ext_b;
	uint32_t ext_v = k->ext_v, pkt_len = 0, out_n = 0;
	struct bpf_program *p;
	const uint8_t *pkt;
	int err;

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
	data_prepare(R, st, patch, ext_a, ext_b, ext_v);
	if (st->prog == PR_SYSCALL) {
		err = fz_run_syscall(p);
	} else {
		pkt = k->kind_a == FZ_M_PKT ? R->before[0] : R->before[1];
		pkt_len = k->kind_a == FZ_M_PKT ? ext_a : ext_b;
		out_n = FZ_AREA + 4096;
		err = fz_run_pkt(p, pkt, pkt_len, R->pkt_out, &out_n);
	}
	R->steps++;
	if (err < 0) {
		fz_fail(R, "harness", "running %s: %s", bpf_program__name(p), strerror(-err));
		return -1;
	}
	err = data_ran(R, st, out_n, pkt_len);
	if (err)
		return err;
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

/* Whether a packet's bytes of the call lie past its linear part. */
static bool crypt_unreachable(const struct fz_crypt_step *k, uint32_t lin)
{
	bool dst_pkt = k->same ? k->kind_a == FZ_M_PKT : k->kind_b == FZ_M_PKT;

	if (k->kind_a == FZ_M_PKT && (uint64_t)k->soff + k->slen > lin)
		return true;
	return dst_pkt && (uint64_t)k->doff + k->dlen > lin;
}

/* The call the step made on its slot's ctx, and the contract's verdict. */
static void crypt_judge(struct fz_run *R, const struct fz_step *st,
			const struct fz_data *d, struct crypt_verdict *v)
{
	const struct fz_crypt_step *k = &st->c;
	int slot = k->slot % FZ_SLOTS;
	bool siv = k->kind_v != FZ_M_NONE && k->kind_v != FZ_M_NOIV;

	v->a = R->slot[slot].lax ? NULL : &fz_algos[R->slot[slot].algo];
	v->call = (struct crypt_call){
		.aead = R->slot[slot].aead, .decrypt = k->decrypt,
		.authsize = R->slot[slot].auth, .src_len = k->slen,
		.dst_len = k->dlen, .siv_len = siv ? k->vlen : 0,
		.unreachable = crypt_unreachable(k, d->lin),
	};
	v->why = crypt_refusals(v->a ? v->a->rules : NULL, &v->call);
	v->out = crypt_out_len(&v->call);
	v->overlap = k->same && k->doff != k->soff &&
		     k->doff < k->soff + k->slen && k->soff < k->doff + v->out;
	v->errno_ok = true;
	crypt_refusals_str(v->why, v->why_str, sizeof(v->why_str));
	if (R->verbose)
		printf("# crypt: r %d, rt %d, tamper %d; the contract's reasons: %s\n",
		       d->r, R->cres->r_rt, R->cres->r_tamper, v->why_str);
}

/*
 * The errno: -EINVAL when a rule is broken; else 0, or -EBADMSG for an
 * AEAD's decrypt of the fuzzer's random bytes; 0 or -EINVAL when src and
 * dst overlap apart (unspecified); -ENOMEM, documented, always allowed.
 */
static void crypt_check_errno(struct fz_run *R, const struct fz_crypt_step *k,
			      int r, struct crypt_verdict *v)
{
	const struct crypt_call *c = &v->call;
	const char *op = c->decrypt ? "decrypt" : "encrypt";
	int want = c->decrypt && c->aead ? -EBADMSG : 0;

	if (r == -ENOMEM) {
		R->enomem++;
		v->errno_ok = false;
	} else if (r > 0) {
		fz_fail(R, "crypt-errno", "returned %d", r);
		v->errno_ok = false;
	} else if (v->why && r != -EINVAL) {
		fz_fail(R, "crypt-errno", "returned %d, the contract says -EINVAL (%s: %s %s %u bytes into %u, siv %u)",
			r, v->why_str, v->a ? v->a->name : c->aead ? "aead" : "skcipher",
			op, c->src_len, c->dst_len, c->siv_len);
		v->errno_ok = false;
	} else if (!v->why && v->a && !v->overlap && r != want) {
		fz_fail(R, "crypt-errno", "returned %d, the contract says %d (%s %s %u bytes into %u, siv %u, %s to %s)",
			r, want, v->a->name, op, c->src_len, c->dst_len,
			c->siv_len, mem_name(k->kind_a),
			mem_name(k->same ? k->kind_a : k->kind_b));
		v->errno_ok = false;
	} else if (!v->why && v->a && v->overlap && r != 0 && r != -EINVAL &&
		   r != want) {
		fz_fail(R, "crypt-errno", "returned %d on overlapping src/dst (0 or -EINVAL allowed)", r);
		v->errno_ok = false;
	}
}

/*
 * Never a byte outside the dynptrs; in dst, the output only where the
 * contract puts it (nothing for an errno), zeroed for -EBADMSG; src, when
 * apart, untouched.
 */
static void crypt_check_areas(struct fz_run *R, const struct fz_crypt_step *k,
			      const struct fz_data *d,
			      const struct crypt_verdict *v)
{
	uint32_t lo = k->doff, hi = k->doff, i;
	char what[256];

	if (d->r == 0 || d->r == -EBADMSG || !v->a)
		hi = k->doff + (v->a ? v->out : k->dlen);
	if (hi > k->doff + k->dlen)
		hi = k->doff + k->dlen;
	snprintf(what, sizeof(what), "(%s %s %u bytes into %u: returned %d, %s)",
		 v->a ? v->a->name : "an unmodelled algorithm",
		 k->decrypt ? "decrypt" : "encrypt", k->slen, k->dlen, d->r,
		 d->r == 0 ? "the output" : d->r == -EBADMSG ?
		 "the zeroed output" : "an errno: nothing written");
	fz_area_check(R, k->same ? "src/dst area" : "dst area", d->b_before,
		      d->b_after, d->ext_b, lo, hi, what);
	if (!k->same)
		fz_area_check(R, "src area", d->a_before, d->a_after, d->ext_a,
			      0, 0, "(src is read-only)");
	for (i = lo; d->r == -EBADMSG && v->a && i < hi; i++) {
		if (d->b_after[i]) {
			fz_fail(R, "crypt-ebadmsg", "-EBADMSG and output byte %u is 0x%02x, not zeroed",
				i - lo, d->b_after[i]);
			break;
		}
	}
}

/* What the siv holds after a cbc or ctr call: the crypto API's next IV. */
static void crypt_iv_after(const struct fz_crypt_step *k, const struct fz_data *d,
			   const struct crypt_verdict *v, uint8_t *want)
{
	if (!strcmp(v->a->name, "cbc(aes)")) {
		/* the last ciphertext block */
		memcpy(want, k->decrypt ? d->a_before + k->soff + k->slen - 16 :
			     d->b_after + k->doff + k->slen - 16, 16);
	} else {
		memcpy(want, d->v_before + k->voff, 16);
		ctr_add(want, (k->slen + 15) / 16);
	}
}

/*
 * The siv: nothing outside it changes, an AEAD's associated data never,
 * and after cbc and ctr the IV is the crypto API's next.
 */
static void crypt_check_siv(struct fz_run *R, const struct fz_crypt_step *k,
			    const struct fz_data *d,
			    const struct crypt_verdict *v)
{
	const uint8_t *vb = d->v_before, *va = d->v_after;
	uint32_t iv = v->a ? fz_ivsize(v->a) : 0;
	uint8_t want[16];
	long at;

	if (k->kind_v == FZ_M_NONE || k->kind_v == FZ_M_NOIV)
		return;
	fz_area_check(R, "siv area", vb, va, d->ext_v, k->voff,
		      k->voff + k->vlen, "(the siv)");
	if (v->a && v->call.aead && k->vlen >= iv) {
		at = changed(vb, va, k->voff + iv, k->voff + k->vlen);
		if (at >= 0)
			fz_fail(R, "crypt-siv", "associated data byte %ld changed",
				at - k->voff - iv);
	}
	if (!v->a || !v->a->iv_out || d->r || v->why || v->overlap ||
	    !v->errno_ok)
		return;
	crypt_iv_after(k, d, v, want);
	if (memcmp(want, va + k->voff, 16))
		fz_fail(R, "crypt-iv", "%s: the IV after %s is not the crypto API's",
			v->a->name, k->decrypt ? "decrypting" : "encrypting");
}

/* A flipped byte of what was encrypted: -EBADMSG, the output zeroed. */
static void crypt_check_tamper(struct fz_run *R, const struct fz_crypt_step *k)
{
	int rt = R->cres->r_tamper;

	if (rt != -EBADMSG) {
		fz_fail(R, "crypt-tamper", "byte %u flipped: decrypt returned %d, not -EBADMSG",
			k->tamper - 1, rt);
		return;
	}
	for (uint32_t i = 0; i < k->rt_dlen; i++) {
		if (R->img->pad[i]) {
			fz_fail(R, "crypt-tamper", "-EBADMSG left output byte %u", i);
			return;
		}
	}
}

/*
 * decrypt(encrypt(x)) == x, judged by the contract like any call, and a
 * flipped byte is refused; not for a partial overlap, whose output the
 * contract leaves unspecified (6.1, seed 396933145757: gcm, xts and cbc
 * over src+8217.. etc.)
 */
static void crypt_check_round_trip(struct fz_run *R,
				   const struct fz_crypt_step *k,
				   const struct fz_data *d,
				   const struct crypt_verdict *v)
{
	struct crypt_call back = v->call;
	int rr = R->cres->r_rt;
	uint32_t why;
	char es[256];

	if (!k->rt || d->r || !v->a || k->decrypt || !v->errno_ok || v->overlap)
		return;
	back.decrypt = true;
	back.src_len = k->rt_len;
	back.dst_len = k->rt_dlen;
	back.unreachable = false;
	why = crypt_refusals(v->a->rules, &back);
	if (why && rr != -EINVAL) {
		crypt_refusals_str(why, es, sizeof(es));
		fz_fail(R, "crypt-rt", "decrypting back returned %d, the contract says -EINVAL (%s)",
			rr, es);
	} else if (!why && rr != 0) {
		fz_fail(R, "crypt-rt", "decrypting what it encrypted returned %d", rr);
	} else if (!why && memcmp(R->img->back, d->a_before + k->soff, k->slen)) {
		fz_fail(R, "crypt-rt", "decrypt(encrypt(x)) != x (%s, %u bytes)",
			v->a->name, k->slen);
	}
	if (!why && rr == 0 && k->tamper)
		crypt_check_tamper(R, k);
}

/* ST_CRYPT: run the step, then judge it by the contract, rule by rule. */
void fz_step_crypt(struct fz_run *R, const struct fz_step *st)
{
	struct crypt_verdict v;
	struct fz_data d;

	if (fz_data_run(R, st, NULL, &d))
		return;
	if (fz_wrong_type(R, st, &d, FZ_T_SKCIPHER))
		return;
	crypt_judge(R, st, &d, &v);
	crypt_check_errno(R, &st->c, d.r, &v);
	crypt_check_areas(R, &st->c, &d, &v);
	crypt_check_siv(R, &st->c, &d, &v);
	crypt_check_round_trip(R, &st->c, &d, &v);
}
