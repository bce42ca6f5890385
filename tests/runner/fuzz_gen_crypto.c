// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's generator of crypto cases (fz_gen() in fuzz_case.c picks
 * strings or crypto): ctx creation with valid, exotic and invalid
 * algorithms and parameters, then crypt, acquire and release steps on
 * memory kinds and lengths drawn around the contract's edges.  Hash and
 * sig ctxs and their steps: fuzz_gen_hash.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_int.h"

/* Names no kernel has. */
static const char *const invalid_names[] = {
	"kfx-none", "ecb(kfx-none)", "cbc(aes", "aes)", "", "(", "ecb()",
	"ECB(AES)", "ecb(aes) ", "gcm(aes),", "cbc(aes)x", "rfc4106(gcm(aes)",
};

/* A kind for an area of @ext bytes (@role 0 src, 1 dst, 2 siv). */
uint32_t fz_mem_kind(struct fz_rng *r, const struct fz_env *env, uint32_t ext,
		     int role)
{
	for (int tries = 0; tries < 8; tries++) {
		uint32_t p = fz_below(r, 100), k;

		k = p < 38 ? FZ_M_BSS : p < 55 ? FZ_M_VMAP : p < 72 ? FZ_M_KMAP :
		    p < 84 ? FZ_M_RING : FZ_M_PKT;
		if (k == FZ_M_STACK || (!env->full && k > FZ_M_STACK))
			continue;
		if (k == FZ_M_KMAP && ext > FZ_KMAP)
			continue;
		if ((k == FZ_M_RING || k == FZ_M_PKT) && role == 2)
			continue;
		if (k == FZ_M_PKT && ext > 9000)
			continue;
		return k;
	}
	return FZ_M_BSS;
}

uint32_t fz_kind_lim(uint32_t k, int role)
{
	switch (k) {
	case FZ_M_KMAP: return FZ_KMAP_HALF;
	case FZ_M_RING: return FZ_RING_REC;
	case FZ_M_PKT: return 9000;
	default: return role == 2 ? FZ_VAREA : FZ_AREA;
	}
}

uint32_t fz_kind_max_ext(uint32_t k, int role)
{
	switch (k) {
	case FZ_M_KMAP: return FZ_KMAP;
	case FZ_M_RING: return FZ_RING_REC;
	case FZ_M_PKT: return 9000;
	default: return role == 2 ? FZ_VAREA : FZ_AREA;
	}
}

static uint32_t crypt_len(struct fz_rng *r, const struct fz_algo *a,
			  uint32_t auth)
{
	uint32_t bs = a ? fz_block(a) : 16, p = fz_below(r, 100);
	uint32_t small[] = { 1, 2, 15, 16, 17, 31, 32, 33, bs - 1, bs, bs + 1,
			     auth - 1, auth, auth + 1, 2 * auth, 64 };

	if (p < 14)
		return small[fz_below(r, 16)];
	if (p < 18)
		return 0;
	if (p < 50)
		return 1 + fz_below(r, 64);
	if (p < 70)
		return fz_below(r, 513);
	if (p < 85)
		return fz_below(r, 4097);
	if (p < 94)
		return 4096 + fz_below(r, 8192);
	switch (fz_below(r, 6)) {
	case 0: return 65535;
	case 1: return 65536;
	case 2: return 65537;
	case 3: return 65536 + 16;
	case 4: return 65536 + auth;
	default: return fz_below(r, 65536 + 128);
	}
}

/* An offset in an area of @kind for @len bytes there. */
uint32_t fz_crypt_off(struct fz_rng *r, uint32_t kind, int role, uint32_t len,
		      uint32_t pgoff)
{
	uint32_t lim = fz_kind_lim(kind, role), p = fz_below(r, 100), off;

	if (p < 40)
		off = 0;
	else if (p < 65)
		off = fz_below(r, 16);
	else if (p < 75 && (kind == FZ_M_BSS || kind == FZ_M_VMAP))
		off = (8192 - pgoff - 1 - fz_below(r, 16)) % 4096;
	else
		off = fz_below(r, 64);
	if (kind == FZ_M_RING || kind == FZ_M_PKT)
		lim = fz_kind_max_ext(kind, role) - (len < lim ? len : lim);
	if (off > lim)
		off = lim;
	if (kind != FZ_M_RING && kind != FZ_M_PKT && off + len > 2 * lim)
		off = 0;
	return off;
}

static void gen_params(struct fz_rng *r, const struct fz_env *env,
		       struct fz_step *st)
{
	uint32_t p = fz_below(r, 100), i;
	const struct fz_algo *a = NULL;
	int avail[32], n = 0;

	/* ciphers as before, else a hash or a sig ctx (fuzz_gen_hash.c) */
	if (p >= 55) {
		fz_gen_params_hs(r, env, st, p < 80 ? FZ_T_HASH : FZ_T_SIG);
		return;
	}
	p = fz_below(r, 100);
	st->type = ST_CREATE;
	for (i = 0; i < (uint32_t)fz_nalgos; i++)
		if ((env->algo_avail & (1u << i)) && fz_algos[i].t <= FZ_T_AEAD)
			avail[n++] = i;
	st->key_fill = fz_rand(r) | 1;
	st->c.params_sz = fz_below(r, 40) ? sizeof(struct kfx_crypto_params) :
			  fz_below(r, sizeof(struct kfx_crypto_params) + 1);
	if (fz_below(r, 40) == 0)
		st->reserved[fz_below(r, 2)] = 1 + fz_below(r, 255);
	/*
	 * Each lookup of a name no kernel has runs modprobe (about 100 ms in
	 * qemu): few of them.
	 */
	if (p < 88 && n) {
		a = &fz_algos[avail[fz_below(r, n)]];
		strcpy((char *)st->ptype, a->type);
		strcpy((char *)st->algo, a->name);
	} else if (p < 91) {
		strcpy((char *)st->ptype, fz_below(r, 2) ? "skcipher" : "aead");
		snprintf((char *)st->algo, 128, "%s",
			 invalid_names[fz_below(r, sizeof(invalid_names) / sizeof(invalid_names[0]))]);
		if (fz_below(r, 4) == 0)	/* 128 bytes, no NUL */
			memset(st->algo, 'a' + fz_below(r, 26), 128);
	} else if (p < 95) {
		strcpy((char *)st->ptype, fz_below(r, 2) ? "skcipher" : "aead");
		strcpy((char *)st->algo, fz_exotic[fz_below(r, fz_nexotic)]);
	} else {
		a = n ? &fz_algos[avail[fz_below(r, n)]] : &fz_algos[0];
		strcpy((char *)st->algo, a->name);
		switch (fz_below(r, 5)) {
		case 0: memcpy(st->ptype, "skcipherskciph", 14); break;
		case 1: memcpy(st->ptype, "skcipher\0xyz", 12); break;
		case 2: strcpy((char *)st->ptype, "hash"); break;
		case 3: strcpy((char *)st->ptype, a->aead ? "skcipher" : "aead"); break;
		default: memcpy(st->ptype, "aead\0\xff", 6); break;
		}
		a = NULL;
	}
	if (a && fz_below(r, 10)) {
		for (i = 0; i < 4 && a->keys[i]; i++)
			;
		st->key_len = a->keys[fz_below(r, i)];
	} else {
		uint32_t keys[] = { 0, 1, 15, 16, 17, 20, 24, 28, 32, 33, 36,
				    48, 64, 255, 256, 257, 0x10000010 };

		st->key_len = keys[fz_below(r, sizeof(keys) / sizeof(keys[0]))];
	}
	if (a && a->aead && fz_below(r, 10)) {
		for (i = 0; i < 8 && a->auths[i]; i++)
			;
		st->authsize = a->auths[fz_below(r, i)];
	} else if (a && !a->aead && fz_below(r, 10)) {
		st->authsize = 0;
	} else {
		st->authsize = fz_below(r, 3) ? fz_below(r, 18) : fz_rand(r);
	}
}

/*
 * What the generator assumes of a ctx made by @cr: the algorithm, if the
 * model knows it, and the tag size.
 */
const struct fz_algo *fz_ctx_algo(const struct fz_step *cr)
{
	int i = fz_algo_find(cr->ptype, cr->algo);

	return i < 0 ? NULL : &fz_algos[i];
}

/* An AEAD's siv length: the IV, then associated data on the rules' edges. */
static uint32_t gen_aead_siv_len(struct fz_rng *r, const struct fz_algo *a,
				 uint32_t ivsize)
{
	uint32_t p = fz_below(r, 100), ad;

	if (p < 35)
		ad = 0;
	else if (p < 55 && a && a->rules && a->rules->ad_16_or_20)
		ad = fz_below(r, 2) ? 16 : 20;
	else if (p < 75)
		ad = fz_below(r, 33);
	else if (p < 90)
		ad = fz_below(r, 301);
	else if (p < 92)
		ad = 65536 + fz_below(r, 3) - 1;
	else
		ad = 0;
	if (p >= 92)
		return fz_below(r, ivsize + 1);	/* shorter than the IV */
	return ivsize + ad;
}

/* The siv: none, noiv, or an area of the IV's length or near it. */
static void gen_siv(struct fz_rng *r, const struct fz_env *env,
		    const struct fz_algo *a, bool aead, uint32_t ivsize,
		    struct fz_crypt_step *c)
{
	uint32_t p = fz_below(r, 100), lim;

	if (!ivsize && !aead)
		c->kind_v = p < 40 ? FZ_M_NOIV : p < 70 && env->full ? FZ_M_NONE : FZ_M_BSS;
	else
		c->kind_v = p < 7 ? FZ_M_NOIV : p < 15 && env->full ? FZ_M_NONE : FZ_M_BSS;
	if (c->kind_v != FZ_M_BSS)
		return;
	if (aead) {
		c->vlen = gen_aead_siv_len(r, a, ivsize);
	} else {
		p = fz_below(r, 100);
		c->vlen = p < 85 ? ivsize : (uint32_t[]){ 0, ivsize - 1,
			  ivsize + 1, fz_below(r, 40) }[fz_below(r, 4)];
		if (c->vlen > 64)
			c->vlen = ivsize;
	}
	c->voff = fz_below(r, 3) ? 0 : fz_below(r, 16);
	c->ext_v = c->voff + c->vlen + (fz_below(r, 4) ? fz_below(r, 32) : 0);
	c->kind_v = fz_mem_kind(r, env, c->ext_v, 2);
	lim = fz_kind_lim(c->kind_v, 2);
	if (c->voff > lim || c->vlen > lim || c->ext_v > fz_kind_max_ext(c->kind_v, 2)) {
		c->kind_v = FZ_M_BSS;
		if (c->ext_v > FZ_VAREA)
			c->ext_v = c->voff + c->vlen;
	}
}

/* src and dst lengths: what the call writes, and on either side of it. */
static void gen_lengths(struct fz_rng *r, const struct fz_algo *a, bool aead,
			uint32_t auth, struct fz_crypt_step *c)
{
	uint32_t base, p;

	c->slen = crypt_len(r, a, auth);
	if (a && fz_block(a) == 16 && fz_below(r, 10) < 7)
		c->slen = c->slen ? (c->slen + 15) & ~15u : 16;
	if (aead && c->decrypt && fz_below(r, 5) == 0)
		c->slen = auth + (fz_below(r, 2) ? 0 : fz_below(r, 3) - 1);
	if (c->slen > FZ_AREA)
		c->slen = FZ_AREA;
	base = !aead ? c->slen : c->decrypt ? (c->slen > auth ? c->slen - auth : 1) :
	       c->slen + auth;
	p = fz_below(r, 100);
	c->dlen = p < 45 ? base : p < 65 ? base + fz_below(r, 5) - 2 :
		  p < 75 ? base + fz_below(r, 64) : p < 85 ? c->slen :
		  p < 90 ? fz_below(r, base + 1) : p < 95 ? 0 : 1;
	if ((int32_t)c->dlen < 0)
		c->dlen = 0;
	if (c->dlen > FZ_AREA)
		c->dlen = FZ_AREA;
}

/* Where src and dst are: one area (in place, overlapping, apart) or two. */
static int gen_places(struct fz_rng *r, const struct fz_env *env,
		      struct fz_crypt_step *c)
{
	uint32_t p = fz_below(r, 100);
	int same_mode = 0;

	c->same = p < 16;
	if (c->same)
		same_mode = p < 8 ? 0 : p < 12 ? 1 : 2;	/* in place, overlap, apart */
	c->kind_a = fz_mem_kind(r, env, c->slen + 64 + (c->same ? c->dlen : 0), 0);
	c->kind_b = c->same ? c->kind_a : fz_mem_kind(r, env, c->dlen + 64, 1);
	if (!c->same && ((c->kind_a == FZ_M_RING && c->kind_b == FZ_M_RING) ||
			 (c->kind_a == FZ_M_STACK && c->kind_b == FZ_M_STACK) ||
			 (c->kind_a == FZ_M_PKT && c->kind_b == FZ_M_PKT)))
		c->kind_b = FZ_M_BSS;
	c->soff = fz_crypt_off(r, c->kind_a, 0, c->slen, env->img_pgoff);
	if (!c->same) {
		c->doff = fz_crypt_off(r, c->kind_b, 1, c->dlen,
				    (env->img_pgoff + FZ_AREA) % 4096);
	} else if (same_mode == 0) {
		c->doff = c->soff;
	} else if (same_mode == 1) {
		c->doff = c->soff + 1 + fz_below(r, c->slen > 1 ? c->slen - 1 : 1);
		if (fz_below(r, 2) && c->soff)
			c->doff = c->soff - 1 - fz_below(r, c->soff);
	} else {
		c->doff = c->soff + c->slen + fz_below(r, 32);
	}
	return same_mode;
}

/*
 * The src area's extent (and dst's, when they share it); moved to the
 * .bss area, which holds all, when it does not fit its kind.
 */
static void gen_src_area(struct fz_rng *r, struct fz_crypt_step *c)
{
	uint32_t lim = fz_kind_lim(c->kind_a, 0), ext = c->soff + c->slen;

	if (c->same && c->doff + c->dlen > ext)
		ext = c->doff + c->dlen;
	ext += fz_below(r, 5) ? fz_below(r, 64) : 0;
	if (c->kind_a == FZ_M_PKT && ext < 64)
		ext = 64;
	if (ext > fz_kind_max_ext(c->kind_a, 0) || c->soff > lim || c->slen > lim ||
	    (c->same && (c->doff > lim || c->dlen > lim))) {
		c->kind_a = FZ_M_BSS;
		if (c->same)
			c->kind_b = FZ_M_BSS;
		if (ext > FZ_AREA)
			ext = FZ_AREA;
		if (c->soff + c->slen > FZ_AREA)
			c->soff = FZ_AREA - c->slen;
		if (c->same && c->doff + c->dlen > FZ_AREA)
			c->doff = FZ_AREA - c->dlen;
	}
	c->ext_a = ext;
}

/* The dst area's extent when apart from src, fitted the same way. */
static void gen_dst_area(struct fz_rng *r, struct fz_crypt_step *c)
{
	uint32_t lim = fz_kind_lim(c->kind_b, 1), ext;

	ext = c->doff + c->dlen + (fz_below(r, 5) ? fz_below(r, 64) : 0);
	if (c->kind_b == FZ_M_PKT && ext < 64)
		ext = 64;
	if (ext > fz_kind_max_ext(c->kind_b, 1) || c->doff > lim || c->dlen > lim) {
		c->kind_b = FZ_M_BSS;
		if (ext > FZ_AREA)
			ext = FZ_AREA;
		if (c->doff + c->dlen > FZ_AREA)
			c->doff = FZ_AREA - c->dlen;
	}
	c->ext_b = ext;
}

/* Decrypt back what an encrypt gave; an AEAD's tag must catch a flip. */
static void gen_round_trip(struct fz_rng *r, const struct fz_algo *a,
			   bool aead, uint32_t auth, int same_mode,
			   struct fz_crypt_step *c)
{
	if (!a || c->decrypt || same_mode == 1 || fz_below(r, 10) >= 6)
		return;
	c->rt = 1;
	c->rt_len = c->slen + (aead ? auth : 0);
	c->rt_dlen = c->slen;
	if (c->rt_len > c->dlen)
		c->rt_len = c->dlen;
	if (aead && c->rt_len && fz_below(r, 2))
		c->tamper = 1 + fz_below(r, c->rt_len);
}

/*
 * An encrypt or decrypt on the ctx @cr made, in slot @slot: its siv, its
 * lengths, where its areas are, the program, the fills, a round trip.
 */
static void gen_crypt(struct fz_rng *r, const struct fz_env *env,
		      const struct fz_step *cr, struct fz_step *st, int slot)
{
	struct fz_crypt_step *c = &st->c;
	const struct fz_algo *a = fz_ctx_algo(cr);
	bool aead = a ? a->aead : !strncmp((const char *)cr->ptype, "aead", 14);
	uint32_t auth = cr->authsize > 64 ? 16 : cr->authsize;
	uint32_t ivsize = a ? fz_ivsize(a) : (uint32_t[]){ 0, 8, 12, 16 }[fz_below(r, 4)];
	int same_mode;

	st->type = ST_CRYPT;
	c->op = FZ_C_CRYPT;
	c->slot = slot;
	c->decrypt = fz_below(r, 2);
	gen_siv(r, env, a, aead, ivsize, c);
	gen_lengths(r, a, aead, auth, c);
	same_mode = gen_places(r, env, c);
	gen_src_area(r, c);
	if (!c->same)
		gen_dst_area(r, c);
	if (env->full)
		c->adjust = fz_below(r, 8);
	fz_pick_prog(r, st);
	st->fill[0] = fz_rand(r) | 1;
	st->fill[1] = fz_rand(r) | 1;
	st->fill[2] = fz_below(r, 8) ? fz_rand(r) | 1 : 0;
	gen_round_trip(r, a, aead, auth, same_mode, c);
}

/* Packets: tc or xdp, multi-buffer past a page (SYSCALL for the rest). */
void fz_pick_prog(struct fz_rng *r, struct fz_step *st)
{
	struct fz_crypt_step *c = &st->c;
	uint32_t *pe = c->kind_a == FZ_M_PKT ? &c->ext_a : &c->ext_b;
	uint32_t p;

	st->prog = PR_SYSCALL;
	if (c->kind_a != FZ_M_PKT && c->kind_b != FZ_M_PKT)
		return;
	/* one page at most (test runs refuse more), but xdp.frags */
	p = fz_below(r, 10);
	st->prog = p < 5 ? PR_TC : p < 8 ? PR_XDP : PR_XDP_FRAGS;
	if (st->prog != PR_XDP_FRAGS && *pe > 3000)
		st->prog = PR_XDP_FRAGS;
	if (st->prog == PR_XDP_FRAGS && *pe < 4200)
		*pe = 4200 + fz_below(r, 4000);
}

/*
 * A data step on the ctx @cr made: mostly its own type's kfunc, one in
 * ten times another's (the contract's "ctx is not a ... ctx" cases).
 */
static void gen_data(struct fz_rng *r, const struct fz_env *env,
		     const struct fz_step *cr, struct fz_step *st, int slot)
{
	enum fz_type t = fz_type_of(cr->ptype);
	int k = t == FZ_T_HASH ? FZ_K_HASH : t == FZ_T_SIG ? FZ_K_SIG : FZ_K_CRYPT;
	uint32_t q = fz_below(r, 100);

	if (q >= 90)
		k = (k + 1 + q % 2) % FZ_NKFN;
	if (k == FZ_K_HASH)
		fz_gen_hash(r, env, cr, st, slot);
	else if (k == FZ_K_SIG)
		fz_gen_sig(r, env, cr, st, slot);
	else
		gen_crypt(r, env, cr, st, slot);
}

void fz_gen_crypto(struct fz_rng *r, const struct fz_env *env,
		   struct fz_case *c)
{
	struct fz_step *cr;
	bool acquired = false, s1 = false;
	uint32_t nops, i;

	if (env->nullp && fz_below(r, 40) == 0)
		c->st[c->n++].type = ST_NULLP;
	cr = &c->st[c->n++];
	gen_params(r, env, cr);
	cr->c.op = FZ_C_CREATE;
	cr->c.slot = 0;
	if (fz_below(r, 10) < 3) {
		struct fz_step *st = &c->st[c->n++];

		st->type = ST_ACQUIRE;
		st->c.op = FZ_C_ACQUIRE;
		st->c.slot = 0;
		st->c.slot2 = 1;
		acquired = s1 = true;
	}
	nops = 1 + fz_below(r, 5);
	for (i = 0; i < nops && c->n < FZ_MAX_STEPS - 2; i++) {
		struct fz_step *st = &c->st[c->n++];
		uint32_t p = fz_below(r, 100);
		int slot = s1 && fz_below(r, 2) ? 1 : 0;

		if (p < 86) {
			gen_data(r, env, cr, st, slot);
		} else if (p < 96) {
			uint32_t q = fz_below(r, 10);

			st->type = ST_DRIVER;
			st->c.op = FZ_C_DRIVER;
			st->c.slot = slot;
			st->c.bufsz = q < 4 ? 128 : q < 6 ? fz_below(r, 64) :
				      q < 7 ? 0 : q < 8 ? 1 : fz_below(r, FZ_DRV_BUF + 1);
		} else {
			st->type = ST_RELEASE;
			st->c.op = FZ_C_RELEASE;
			st->c.slot = acquired ? 1 : 0;
			if (acquired)
				s1 = false;
		}
	}
	if (acquired && fz_below(r, 2)) {
		struct fz_step *st = &c->st[c->n++];

		st->type = ST_RELEASE;
		st->c.op = FZ_C_RELEASE;
		st->c.slot = 1;
	}
	if (fz_below(r, 10) < 7) {
		struct fz_step *st = &c->st[c->n++];

		st->type = ST_RELEASE;
		st->c.op = FZ_C_RELEASE;
		st->c.slot = 0;
	}
}

