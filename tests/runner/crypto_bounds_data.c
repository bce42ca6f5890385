// SPDX-License-Identifier: GPL-2.0
/*
 * The boundary tables' data (crypto_bounds.c runs the tables): the
 * deterministic plaintexts, associated data and window pattern, the keys,
 * IVs and AF_ALG tfms of every algorithm, and the expected ciphertexts,
 * from AF_ALG or the runner's model (crypto_model.c) checked against
 * AF_ALG where AF_ALG binds the algorithm, computed once per run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfx.h"
#include "crypto_bounds_int.h"
#include "crypto_model.h"

/* ---------- deterministic data ---------- */

static uint64_t prng_state;

static uint8_t prng(void)
{
	prng_state ^= prng_state << 13;
	prng_state ^= prng_state >> 7;
	prng_state ^= prng_state << 17;
	return prng_state >> 24;
}

static void fill(uint8_t *p, size_t n, uint64_t seed)
{
	prng_state = seed * 0x9e3779b97f4a7c15ULL + 0x1234567;
	while (n--)
		*p++ = prng();
}

static unsigned int algo_index(const struct algo *a)
{
	return a - algos;
}

/* A fill() of @n bytes from @seed, kept for the rest of the run. */
struct kept {
	struct kept *next;
	uint64_t seed;
	uint32_t n;
	uint8_t b[];
};

static struct kept *kept_list;

/*
 * Made once, not for each case: a 64 KiB src or associated data made byte
 * by byte was most of such a case's time in a TCG guest.  NULL: out of
 * memory.
 */
static const uint8_t *kept(uint64_t seed, uint32_t n)
{
	struct kept *e;

	for (e = kept_list; e; e = e->next)
		if (e->seed == seed && e->n == n)
			return e->b;
	e = malloc(sizeof(*e) + n + 1);
	if (!e)
		return NULL;
	fill(e->b, n, seed);
	e->seed = seed;
	e->n = n;
	e->next = kept_list;
	kept_list = e;
	return e->b;
}

const uint8_t *bounds_plaintext(const struct algo *a, uint32_t n)
{
	return kept((uint64_t)algo_index(a) << 32 | n, n);
}

const uint8_t *bounds_assoc(const struct algo *a, uint32_t ad)
{
	return kept((uint64_t)(algo_index(a) + 100) << 32 | ad, ad);
}

/* ---------- expected ciphertexts, computed once per run ---------- */

struct sealed {
	struct sealed *next;
	const struct algo *a;
	uint32_t n, ad;
	uint8_t ct[];	/* n + authsize */
};

static struct sealed *sealed_cache;

/* How the expected bytes of @a are known, for the report. */
bool bounds_from_af_alg(const struct algo *a)
{
	return a->oracle == AF_ALG || a->tfm >= 0;
}

/*
 * @a's ciphertext (and tag) of bounds_plaintext(@n) with bounds_assoc(@ad): from AF_ALG,
 * or the runner's model, checked against AF_ALG where AF_ALG binds @a.
 * NULL with @why on failure.
 */
const uint8_t *bounds_sealed(const struct algo *a, uint32_t n, uint32_t ad,
			     char *why, size_t whylen)
{
	struct sealed *e;
	const uint8_t *p = bounds_plaintext(a, n), *adb = bounds_assoc(a, ad);
	uint8_t *alg = NULL;
	int err = 0;

	for (e = sealed_cache; e; e = e->next)
		if (e->a == a && e->n == n && e->ad == ad)
			return e->ct;
	e = calloc(1, sizeof(*e) + n + a->authsize);
	if (!e || !p || !adb) {
		snprintf(why, whylen, "out of memory");
		goto fail;
	}
	switch (a->oracle) {
	case AF_ALG:
		err = a->tfm < 0 ? a->tfm :
		      alg_encrypt(a->tfm, a->iv, algo_ivsize(a), NULL, 0, p, n, e->ct, 0);
		break;
	case MODEL_CHACHA20:
		model_chacha20(a->key, a->iv, p, e->ct, n);
		break;
	case MODEL_GCM:
		err = model_gcm(a->ecb, a->iv, adb, ad, p, n, e->ct, a->authsize);
		break;
	case MODEL_CHACHAPOLY:
		err = model_chachapoly(a->key, a->iv, adb, ad, p, n, e->ct);
		break;
	default:	/* not a cipher */
		err = -EINVAL;
		break;
	}
	if (err) {
		snprintf(why, whylen, "expected %s ciphertext of %u bytes: %s",
			 a->label, n, strerror(-err));
		goto fail;
	}
	if (a->oracle != AF_ALG && a->tfm >= 0) {
		alg = malloc(n + a->authsize + 1);
		err = alg ? alg_encrypt(a->tfm, a->iv, algo_ivsize(a), adb, ad, p, n,
					alg, a->authsize) : -ENOMEM;
		if (err || memcmp(alg, e->ct, n + a->authsize)) {
			snprintf(why, whylen, "%s, %u bytes, %u of AD: the runner's model and AF_ALG disagree%s%s",
				 a->label, n, ad, err ? ": " : "",
				 err ? strerror(-err) : "");
			goto fail;
		}
	}
	e->a = a;
	e->n = n;
	e->ad = ad;
	e->next = sealed_cache;
	sealed_cache = e;
	free(alg);
	return e->ct;
fail:
	free(e);
	free(alg);
	return NULL;
}

/* Keys, IVs, AF_ALG tfms and the models' known answers, once per run. */
int bounds_setup_algos(char *why, size_t whylen)
{
	static char failed[256];
	static int state;	/* 1 set up, -1 failed (failed[] says why) */
	struct algo *a;
	size_t i;

	if (state) {
		snprintf(why, whylen, "%s", failed);
		return state > 0 ? 0 : -1;
	}
	state = -1;
	if (model_known_answers(failed, sizeof(failed)))
		goto out;
	for (i = 0; i < NR_ALGOS; i++) {
		a = &algos[i];
		fill(a->key, a->key_len, 7000 + i);
		fill(a->iv, sizeof(a->iv), 8000 + i);
		if (!strcmp(a->name, "ctr(aes)"))	/* the counter carries */
			memset(a->iv + 12, 0xff, 3);
		if (!strcmp(a->name, "chacha20"))	/* its 32-bit one never wraps */
			a->iv[3] = 0;
		a->tfm = alg_tfm(a->type, a->name, a->key, a->key_len, a->authsize);
		a->ecb = a->oracle == MODEL_GCM ?
			 alg_tfm("skcipher", "ecb(aes)", a->key, a->key_len, 0) : 0;
		if (a->oracle == AF_ALG && a->tfm < 0) {
			snprintf(failed, sizeof(failed), "AF_ALG %s: %s", a->name,
				 strerror(-a->tfm));
			goto out;
		}
		if (a->ecb < 0) {
			snprintf(failed, sizeof(failed), "AF_ALG ecb(aes): %s",
				 strerror(-a->ecb));
			goto out;
		}
		if (!bounds_from_af_alg(a))
			printf("# crypto_bounds: AF_ALG will not bind %s here: its expected bytes come from the runner's model alone\n",
			       a->label);
	}
	state = 1;
	failed[0] = '\0';
out:
	snprintf(why, whylen, "%s", failed);
	return state > 0 ? 0 : -1;
}
