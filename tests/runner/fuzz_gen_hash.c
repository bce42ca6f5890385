// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's generator of hash and sig cases (fuzz_gen_crypto.c calls
 * it for their ctxs): create with the contract's algorithms, exotic,
 * refused and wrong-type names, key lengths on each rule's edge and the
 * runner's public keys whole or spoiled; then kfx_crypto_hash() steps
 * (data on every memory kind, packets included; out around the digest's
 * size) and kfx_sig_verify() steps (messages around the curve's size,
 * valid and spoiled signatures).  fuzz_hash_step.c judges them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_int.h"
#include "crypto_model_ec.h"

static const char *const type_names[] = {
	[FZ_T_SKCIPHER] = "skcipher", [FZ_T_AEAD] = "aead",
	[FZ_T_HASH] = "hash", [FZ_T_SIG] = "sig",
};

/* A key length a hash takes, on its rule's edges. */
static uint32_t hash_key_len(struct fz_rng *r, const struct fz_algo *a)
{
	static const uint32_t any[] = { 1, 4, 20, 32, 63, 64, 65, 127, 128,
					129, 255, 256 };
	int n;

	switch (a->keying) {
	case FZ_KEY_ANY:
		return fz_below(r, 2) ? any[fz_below(r, 12)] : 1 + fz_below(r, 256);
	case FZ_KEY_SET:
	case FZ_KEY_SEED:
		for (n = 0; n < 4 && a->keys[n]; n++)
			;
		if (a->keying == FZ_KEY_SEED && fz_below(r, 2))
			return 0;
		return a->keys[fz_below(r, n)];
	default:
		return 0;
	}
}

/* The key of a sig create: the curve's public key, spoiled or not. */
static void sig_key(struct fz_rng *r, const struct fz_algo *a, struct fz_step *st)
{
	static const uint32_t muts[] = { FZ_PUB_COMPRESSED, FZ_PUB_OFF_CURVE,
					 FZ_PUB_X_ONES };
	int curve = a ? a->curve : (int)fz_below(r, EC_NCURVES);
	uint32_t p = fz_below(r, 100);

	st->pub = curve + 1;
	st->key_len = 1 + 2 * ec_bytes(curve);
	if (p < 80)
		return;			/* the valid key */
	if (p < 88) {
		st->pub |= muts[fz_below(r, 3)];
	} else if (p < 92) {		/* another curve's key */
		st->pub = (curve + 1) % EC_NCURVES + 1;
		st->key_len = 1 + 2 * ec_bytes(st->pub - 1);
	} else if (p < 96) {
		st->key_len += fz_below(r, 2) ? 1 : -1;
	} else {
		st->pub = 0;		/* key_fill's bytes */
		st->key_len = fz_below(r, 3) ? st->key_len : fz_below(r, 2) ? 0 : 257;
	}
}

void fz_gen_params_hs(struct fz_rng *r, const struct fz_env *env,
		      struct fz_step *st, enum fz_type t)
{
	static const uint32_t keys[] = { 0, 1, 4, 8, 15, 16, 17, 24, 32, 33, 49,
					 64, 65, 96, 97, 98, 255, 256, 257 };
	const struct fz_algo *a = NULL;
	uint32_t p = fz_below(r, 100), i;
	int avail[32], n = 0;

	st->type = ST_CREATE;
	for (i = 0; i < (uint32_t)fz_nalgos; i++)
		if ((env->algo_avail & (1u << i)) && fz_algos[i].t == t)
			avail[n++] = i;
	st->key_fill = fz_rand(r) | 1;
	st->c.params_sz = fz_below(r, 40) ? sizeof(struct kfx_crypto_params) :
			  fz_below(r, sizeof(struct kfx_crypto_params) + 1);
	if (fz_below(r, 40) == 0)
		st->reserved[fz_below(r, 2)] = 1 + fz_below(r, 255);
	strcpy((char *)st->ptype, type_names[t]);
	/* few names no kernel has: each lookup runs modprobe */
	if (p < 86 && n) {
		a = &fz_algos[avail[fz_below(r, n)]];
		strcpy((char *)st->algo, a->name);
	} else if (p < 91) {
		snprintf((char *)st->algo, 128, "%s", t == FZ_T_HASH ?
			 fz_hash_refused[fz_below(r, fz_nhash_refused)] :
			 fz_sig_refused[fz_below(r, fz_nsig_refused)]);
		if (fz_below(r, 6) == 0)	/* 128 bytes, no NUL */
			memset(st->algo, 'a' + fz_below(r, 26), 128);
	} else if (p < 96) {
		snprintf((char *)st->algo, 128, "%s", t == FZ_T_HASH ?
			 fz_hash_exotic[fz_below(r, fz_nhash_exotic)] :
			 fz_sig_exotic[fz_below(r, fz_nsig_exotic)]);
	} else {
		/* another type's algorithm under this type */
		i = fz_below(r, fz_nalgos);
		while (fz_algos[i].t == t)
			i = (i + 1) % fz_nalgos;
		strcpy((char *)st->algo, fz_algos[i].name);
	}
	if (t == FZ_T_SIG)
		sig_key(r, a, st);
	else if (a && fz_below(r, 10) < 8)
		st->key_len = hash_key_len(r, a);
	else
		st->key_len = keys[fz_below(r, sizeof(keys) / sizeof(keys[0]))];
	st->authsize = fz_below(r, 12) ? 0 : 1 + fz_below(r, 20);
}

/* Fit an area of @kind at [@off, @off + @len) and @ext bytes, or take .bss. */
static void fit(uint32_t *kind, uint32_t *off, uint32_t len, uint32_t *ext,
		int role)
{
	uint32_t lim = fz_kind_lim(*kind, role), room = role == 2 ? FZ_VAREA : FZ_AREA;

	if (*kind == FZ_M_PKT && *ext < 64)
		*ext = 64;
	if (*ext <= fz_kind_max_ext(*kind, role) && *off <= lim && len <= lim)
		return;
	*kind = FZ_M_BSS;
	if (*ext > room)
		*ext = room;
	if (*off + len > room)
		*off = room - len;
}

/* The data's length: empty, small, on block edges, up to the area. */
static uint32_t data_len(struct fz_rng *r)
{
	static const uint32_t edges[] = { 55, 56, 63, 64, 65, 111, 112, 127,
					  128, 129, 135, 136, 137, 4095, 4096, 4097 };
	uint32_t p = fz_below(r, 100);

	if (p < 6)
		return 0;
	if (p < 40)
		return 1 + fz_below(r, 64);
	if (p < 55)
		return edges[fz_below(r, 16)];
	if (p < 75)
		return 1 + fz_below(r, 4096);
	if (p < 90)
		return 4096 + fz_below(r, 12288);
	return 16384 + fz_below(r, FZ_AREA - 16384 - 64);
}

void fz_gen_hash(struct fz_rng *r, const struct fz_env *env,
		 const struct fz_step *cr, struct fz_step *st, int slot)
{
	const struct fz_algo *a = fz_ctx_algo(cr);
	struct fz_crypt_step *c = &st->c;
	uint32_t d = a && a->t == FZ_T_HASH ? a->digest : 32, p = fz_below(r, 100);

	st->type = ST_HASH;
	c->op = FZ_C_CRYPT;
	c->kfn = FZ_K_HASH;
	c->slot = slot;
	c->kind_v = FZ_M_NOIV;		/* no siv */
	c->slen = data_len(r);
	c->dlen = p < 45 ? d : p < 60 ? d + 1 + fz_below(r, 64) : p < 70 ? d - 1 :
		  p < 75 ? 0 : p < 80 ? 1 : p < 90 ? fz_below(r, 300) : 2 * d;
	c->kind_a = fz_mem_kind(r, env, c->slen + 64, 0);
	c->kind_b = fz_mem_kind(r, env, c->dlen + 64, 1);
	/* one ring record and one packet per step */
	if (c->kind_a == c->kind_b && (c->kind_a == FZ_M_RING || c->kind_a == FZ_M_PKT))
		c->kind_b = FZ_M_BSS;
	c->soff = fz_crypt_off(r, c->kind_a, 0, c->slen, env->img_pgoff);
	c->doff = fz_crypt_off(r, c->kind_b, 1, c->dlen,
			       (env->img_pgoff + FZ_AREA) % 4096);
	/* room after out: a write past it shows */
	c->ext_a = c->soff + c->slen + (fz_below(r, 5) ? fz_below(r, 64) : 0);
	c->ext_b = c->doff + c->dlen + 16 + fz_below(r, 64);
	fit(&c->kind_a, &c->soff, c->slen, &c->ext_a, 0);
	fit(&c->kind_b, &c->doff, c->dlen, &c->ext_b, 1);
	if (env->full)
		c->adjust = fz_below(r, 8) & (FZ_ADJ_SRC | FZ_ADJ_DST);
	fz_pick_prog(r, st);
	st->fill[0] = fz_rand(r) | 1;
	st->fill[1] = fz_rand(r) | 1;
}

void fz_gen_sig(struct fz_rng *r, const struct fz_env *env,
		const struct fz_step *cr, struct fz_step *st, int slot)
{
	static const uint32_t forms[] = {
		FZ_SF_VALID, FZ_SF_VALID, FZ_SF_VALID, FZ_SF_VALID, FZ_SF_VALID,
		FZ_SF_VALID, FZ_SF_VALID, FZ_SF_VALID, FZ_SF_VALID, FZ_SF_FLIP,
		FZ_SF_FLIP, FZ_SF_LOW_S, FZ_SF_R0, FZ_SF_S0, FZ_SF_RN, FZ_SF_SN,
		FZ_SF_RMAX, FZ_SF_RIGHTMOST, FZ_SF_FILL, FZ_SF_FILL,
	};
	const struct fz_algo *a = fz_ctx_algo(cr);
	struct fz_crypt_step *c = &st->c;
	uint32_t n = a && a->t == FZ_T_SIG ? ec_bytes(a->curve) : 32;
	uint32_t p = fz_below(r, 100), msgs[] = { 1, n - 1, n, n + 1, 64 };
	uint32_t lens[] = { 0, 1, 2 * n - 1, 2 * n + 1, 4096, 4097 };

	st->type = ST_SIG;
	c->op = FZ_C_CRYPT;
	c->kfn = FZ_K_SIG;
	c->slot = slot;
	c->slen = p < 5 ? 0 : p < 50 ? msgs[fz_below(r, 5)] :
		  p < 85 ? 1 + fz_below(r, 200) : 1 + fz_below(r, 8192);
	c->vlen = fz_below(r, 10) < 8 ? 2 * n : lens[fz_below(r, 6)];
	c->sigform = forms[fz_below(r, 20)];
	c->kind_a = fz_mem_kind(r, env, c->slen + 64, 0);
	c->soff = fz_crypt_off(r, c->kind_a, 0, c->slen, env->img_pgoff);
	c->ext_a = c->soff + c->slen + (fz_below(r, 5) ? fz_below(r, 64) : 0);
	fit(&c->kind_a, &c->soff, c->slen, &c->ext_a, 0);
	c->voff = fz_below(r, 3) ? 0 : fz_below(r, 16);
	c->ext_v = c->voff + c->vlen + fz_below(r, 32);
	c->kind_v = fz_mem_kind(r, env, c->ext_v, 2);
	fit(&c->kind_v, &c->voff, c->vlen, &c->ext_v, 2);
	c->kind_b = FZ_M_BSS;		/* unused: empty */
	if (env->full)
		c->adjust = fz_below(r, 8) & (FZ_ADJ_SRC | FZ_ADJ_SIV);
	fz_pick_prog(r, st);
	st->fill[0] = fz_rand(r) | 1;
	st->fill[2] = fz_rand(r) | 1;
}
