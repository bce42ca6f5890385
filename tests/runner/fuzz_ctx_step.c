// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's crypto steps other than the crypt itself (fuzz_crypt.c):
 * ST_CREATE of every type, judged by the errno the parameters call for
 * and the slot it fills, and the others (ST_ACQUIRE, ST_RELEASE,
 * ST_DRIVER: the driver's name one of /proc/crypto's, but for a sig ctx,
 * which runs kfx's own ECDSA; ST_NULLP), judged by the slots the
 * earlier steps left.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "kfx.h"
#include "fuzz_int.h"
#include "fuzz_run.h"
#include "crypto_model_ec.h"


/* The create model's reasons, each with the errno it allows. */
enum {
	CR_SIZE, CR_RESERVED, CR_NO_NUL, CR_TYPE, CR_ALGO, CR_KEY_LEN,
	CR_KEY_ALGO, CR_AUTH_ALGO, CR_N
};

static const char *const cr_names[CR_N] = {
	"size", "reserved", "algo-without-NUL", "type", "algo/authsize-for-type",
	"key_len", "key-for-algo", "authsize-for-algo",
};

static int cr_errno(int reason)
{
	return reason == CR_TYPE ? -ENOENT : reason == CR_ALGO ? -EOPNOTSUPP : -EINVAL;
}

/* Whether @name (NUL within 128 bytes) is one of @list. */
static bool listed(const uint8_t *name, const char *const *list, int n)
{
	if (!memchr(name, 0, 128))
		return false;
	for (int i = 0; i < n; i++)
		if (!strcmp((const char *)name, list[i]))
			return true;
	return false;
}

/*
 * Whether create's key is the runner's valid public key of @a's curve:
 * the pub flag names that curve, unmutated, and key_len is its length.
 */
static bool sig_key_ok(const struct fz_algo *a, const struct fz_step *st)
{
	return (st->pub & FZ_PUB_CURVE) == (uint32_t)a->curve + 1 &&
	       !(st->pub & FZ_PUB_MUT) &&
	       st->key_len == 1 + 2 * ec_bytes(a->curve);
}

/*
 * The contract's reasons to refuse @st (bits of CR_*); *@lax when the
 * algorithm's outcome is not modelled (exotic, or not on this kernel).
 */
static uint32_t create_model(const struct fz_run *R, const struct fz_step *st,
			     int idx, bool *lax)
{
	enum fz_type t = fz_type_of(st->ptype);
	const struct fz_algo *a = idx >= 0 ? &fz_algos[idx] : NULL;
	uint32_t bits = 0;

	*lax = false;
	if (st->c.params_sz != sizeof(struct kfx_crypto_params))
		bits |= 1 << CR_SIZE;
	if (st->reserved[0] || st->reserved[1])
		bits |= 1 << CR_RESERVED;
	if (!memchr(st->algo, 0, sizeof(st->algo)))
		bits |= 1 << CR_NO_NUL;
	if (t == FZ_T_NONE) {
		/* the order of the checks is not the contract's: either errno */
		if (!st->key_len || st->key_len > 256)
			bits |= 1 << CR_KEY_LEN;
		return bits | 1 << CR_TYPE;
	}
	if (!a) {
		/* a name the model does not know: exotic, or refused */
		*lax = t <= FZ_T_AEAD ? listed(st->algo, fz_exotic, fz_nexotic) :
		       t == FZ_T_HASH ? listed(st->algo, fz_hash_exotic, fz_nhash_exotic) :
		       listed(st->algo, fz_sig_exotic, fz_nsig_exotic);
		if (!*lax)
			bits |= 1 << CR_ALGO;
	}
	if (t == FZ_T_AEAD ? !st->authsize : !!st->authsize)
		bits |= 1 << CR_ALGO;
	/* key_len: 0 only where a hash takes none, 256 at most */
	if (st->key_len > 256 || (!st->key_len && t != FZ_T_HASH))
		bits |= 1 << CR_KEY_LEN;
	if (a && t == FZ_T_SIG && !sig_key_ok(a, st))
		bits |= 1 << CR_KEY_ALGO;
	else if (a && t != FZ_T_SIG && !fz_key_ok(a, st->key_len))
		bits |= 1 << CR_KEY_ALGO;
	if (a && t == FZ_T_AEAD && st->authsize && !fz_auth_ok(a, st->authsize))
		bits |= 1 << CR_AUTH_ALGO;
	if (idx >= 0 && !(R->env.algo_avail & (1u << idx)))
		*lax = true;
	return bits;
}

void fz_step_create(struct fz_run *R, const struct fz_step *st)
{
	struct kfx_crypto_params *pp = R->params;
	int slot = st->c.slot % FZ_SLOTS, r, idx, i;
	uint32_t bits, key_n;
	bool lax, ok = false;
	char why[200] = "";

	memset(pp, 0, sizeof(*pp));
	memcpy(pp->type, st->ptype, sizeof(pp->type));
	memcpy(pp->reserved, st->reserved, 2);
	memcpy(pp->algo, st->algo, sizeof(pp->algo));
	fz_fill(pp->key, sizeof(pp->key), st->key_fill);
	if (st->pub & FZ_PUB_CURVE) {
		key_n = fz_sig_pub(R, (st->pub & FZ_PUB_CURVE) - 1, pp->key);
		if ((st->pub & FZ_PUB_MUT) == FZ_PUB_COMPRESSED)
			pp->key[0] = 2;
		else if ((st->pub & FZ_PUB_MUT) == FZ_PUB_OFF_CURVE)
			pp->key[key_n - 1] ^= 1;
		else if ((st->pub & FZ_PUB_MUT) == FZ_PUB_X_ONES)
			memset(pp->key + 1, 0xff, (key_n - 1) / 2);
	}
	pp->key_len = st->key_len;
	pp->authsize = st->authsize;
	*R->cstep = st->c;
	memset(R->cres, 0, sizeof(*R->cres));
	R->cres->r = NOT_RUN;
	if (fz_run_syscall(R->p_crypto)) {
		fz_fail(R, "harness", "running the create step: %s", strerror(errno));
		return;
	}
	R->steps++;
	r = R->cres->r;
	R->slot[slot].full = r == 0;
	idx = fz_algo_find(st->ptype, st->algo);
	bits = create_model(R, st, idx, &lax);
	R->slot[slot].algo = idx;
	R->slot[slot].lax = lax || idx < 0;
	R->slot[slot].type = fz_type_of(st->ptype);
	R->slot[slot].aead = R->slot[slot].type == FZ_T_AEAD;
	R->slot[slot].auth = st->authsize;
	R->slot[slot].key_len = st->key_len;
	R->slot[slot].key_fill = st->key_fill;
	if (R->verbose)
		printf("# create: %d (model bits 0x%x%s)\n", r, bits, lax ? ", not modelled" : "");
	if (r == NOT_RUN || !R->cres->ran) {
		fz_fail(R, "harness", "create did not run");
		return;
	}
	if (r == -ENOMEM)
		return;
	if (r > 0) {
		fz_fail(R, "create", "err %d", r);
		return;
	}
	if (!bits) {
		if (!lax && r != 0)
			fz_fail(R, "create", "%s %s key %u authsize %u: %d, the contract says a ctx",
			     st->ptype, st->algo, st->key_len, st->authsize, r);
		return;
	}
	for (i = 0; i < CR_N; i++) {
		if (!(bits & (1u << i)))
			continue;
		ok |= r == cr_errno(i);
		snprintf(why + strlen(why), sizeof(why) - strlen(why), " %s", cr_names[i]);
	}
	/* an algorithm the model does not know may be missing too */
	if (lax && r == -EOPNOTSUPP)
		ok = true;
	if (!ok && !(lax && r < 0 && !(bits & 0x2f)))
		fz_fail(R, "create", "returned %d (%s), the contract says an errno for:%s",
		     r, r ? strerror(-r) : "a ctx", why);
}

bool fz_driver_known(struct fz_run *R, const char *name, size_t len, bool prefix)
{
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < R->ndrivers; i++)
			if (prefix ? strlen(R->drivers[i]) >= len &&
					     !strncmp(R->drivers[i], name, len) :
				     !strcmp(R->drivers[i], name))
				return true;
		if (pass)
			break;
		/* new modules may have come: read /proc/crypto again */
		{
			FILE *f = fopen("/proc/crypto", "r");
			char line[256], d[128];

			for (int i = 0; i < R->ndrivers; i++)
				free(R->drivers[i]);
			R->ndrivers = 0;
			if (!f)
				return false;
			while (fgets(line, sizeof(line), f))
				if (sscanf(line, "driver : %127s", d) == 1) {
					R->drivers = realloc(R->drivers, (R->ndrivers + 1) * sizeof(char *));
					R->drivers[R->ndrivers++] = strdup(d);
				}
			fclose(f);
		}
	}
	return false;
}

void fz_step_other(struct fz_run *R, const struct fz_step *st)
{
	const struct fz_crypt_step *k = &st->c;
	int slot = k->slot % FZ_SLOTS, slot2 = k->slot2 % FZ_SLOTS;
	bool full = R->slot[slot].full;
	struct fz_crypt_res *res = R->cres;

	if (st->type == ST_DRIVER)
		memset(R->drv, 0x5a, FZ_DRV_BUF + 64);
	*R->cstep = *k;
	memset(res, 0, sizeof(*res));
	res->r = NOT_RUN;
	if (fz_run_syscall(st->type == ST_NULLP ? R->p_nullp : R->p_crypto)) {
		fz_fail(R, "harness", "running a step: %s", strerror(errno));
		return;
	}
	R->steps++;
	if (st->type == ST_NULLP) {
		if (res->r != -EINVAL)
			fz_fail(R, "create", "create(NULL, 0) returned %d, the contract says -EINVAL",
			     res->r);
		return;
	}
	if (st->type == ST_ACQUIRE)
		R->slot[slot2].full = false;	/* the program emptied it first */
	if (!full) {
		if (!res->noctx)
			fz_fail(R, "harness", "slot %d should be empty", slot);
		return;
	}
	if (res->noctx || !res->ran) {
		fz_fail(R, "harness", "slot %d: no ctx", slot);
		return;
	}
	switch (st->type) {
	case ST_ACQUIRE:
		if (res->acquired != 1)
			fz_fail(R, "acquire", "kfx_crypto_ctx_acquire() of a live ctx gave %s",
			     res->acquired ? "another pointer" : "NULL");
		if (res->acquired)
			R->slot[slot2] = R->slot[slot];
		break;
	case ST_RELEASE:
		R->slot[slot].full = false;
		break;
	case ST_DRIVER: {
		int r = res->r;
		uint32_t sz = k->bufsz > FZ_DRV_BUF ? FZ_DRV_BUF : k->bufsz;
		const char *d = R->drv;

		for (uint32_t i = sz; i < FZ_DRV_BUF + 64; i++)
			if ((uint8_t)d[i] != 0x5a) {
				fz_fail(R, "driver", "buffer of %u: byte %u written", sz, i);
				break;
			}
		if (r >= 0) {
			if ((uint32_t)r >= sz || strnlen(d, sz) != (size_t)r || !r)
				fz_fail(R, "driver", "returned %d for a %u-byte buffer holding \"%.*s\"",
				     r, sz, (int)strnlen(d, sz), d);
			else if (R->slot[slot].type != FZ_T_SIG &&
				 !fz_driver_known(R, d, r, false))
				fz_fail(R, "driver", "\"%s\" is no driver /proc/crypto lists", d);
		} else if (r == -E2BIG) {
			if (sz && (strnlen(d, sz) != sz - 1 ||
				   (R->slot[slot].type != FZ_T_SIG &&
				    !fz_driver_known(R, d, sz - 1, true))))
				fz_fail(R, "driver", "-E2BIG but the buffer holds \"%.*s\"",
				     (int)strnlen(d, sz), d);
		} else {
			fz_fail(R, "driver", "returned %d", r);
		}
		break;
	}
	default:
		break;
	}
}

