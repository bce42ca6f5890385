// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's crypto steps other than the crypt itself (fuzz_crypt.c):
 * ST_CREATE, judged by the errno the parameters call for and the slot it
 * fills, and the others (ST_ACQUIRE, ST_RELEASE, ST_DRIVER: the driver's
 * name one of /proc/crypto's, ST_NULLP), judged by the slots the earlier
 * steps left.
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


void fz_step_create(struct fz_run *R, const struct fz_step *st)
{
	struct kfx_crypto_params *pp = R->params;
	int slot = st->c.slot % FZ_SLOTS, r, idx, i;
	uint32_t bits = 0;
	bool type_ok, aead, lax = false;
	char why[200] = "";

	memset(pp, 0, sizeof(*pp));
	memcpy(pp->type, st->ptype, sizeof(pp->type));
	memcpy(pp->reserved, st->reserved, 2);
	memcpy(pp->algo, st->algo, sizeof(pp->algo));
	fz_fill(pp->key, sizeof(pp->key), st->key_fill);
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
	/* the model: the set of errnos these parameters allow */
	if (st->c.params_sz != sizeof(*pp))
		bits |= 1;
	if (st->reserved[0] || st->reserved[1])
		bits |= 1 << 1;
	if (!memchr(st->algo, 0, sizeof(st->algo)))
		bits |= 1 << 2;
	type_ok = !strncmp((char *)st->ptype, "skcipher", 14) ||
		  !strncmp((char *)st->ptype, "aead", 14);
	aead = !strncmp((char *)st->ptype, "aead", 14);
	if (!type_ok)
		bits |= 1 << 3;				/* -ENOENT */
	idx = fz_algo_find(st->ptype, st->algo);
	if (type_ok && idx < 0) {
		bool exotic = false;

		for (i = 0; i < fz_nexotic; i++)
			if (memchr(st->algo, 0, 128) && !strcmp((char *)st->algo, fz_exotic[i]))
				exotic = true;
		if (exotic)
			lax = true;
		else
			bits |= 1 << 4;			/* -EOPNOTSUPP */
	}
	if (type_ok && (aead ? !st->authsize : !!st->authsize))
		bits |= 1 << 4;
	if (!st->key_len || st->key_len > 256)
		bits |= 1 << 5;
	if (idx >= 0 && type_ok && !fz_key_ok(&fz_algos[idx], st->key_len))
		bits |= 1 << 6;
	if (idx >= 0 && type_ok && aead && st->authsize &&
	    !fz_auth_ok(&fz_algos[idx], st->authsize))
		bits |= 1 << 7;
	if (idx >= 0 && !(R->env.algo_avail & (1u << idx)))
		lax = true;
	R->slot[slot].algo = idx;
	R->slot[slot].lax = lax || idx < 0;
	R->slot[slot].aead = aead;
	R->slot[slot].auth = st->authsize;
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
	if (bits) {
		int ok = 0;

		for (i = 0; i < 8; i++) {
			int want = i == 3 ? -ENOENT : i == 4 ? -EOPNOTSUPP : -EINVAL;

			if ((bits & (1u << i)) && r == want)
				ok = 1;
		}
		snprintf(why, sizeof(why), "%s%s%s%s%s%s%s%s",
			 bits & 1 ? " size" : "", bits & 2 ? " reserved" : "",
			 bits & 4 ? " algo-without-NUL" : "", bits & 8 ? " type" : "",
			 bits & 16 ? " algo/authsize-for-type" : "",
			 bits & 32 ? " key_len" : "", bits & 64 ? " key-for-algo" : "",
			 bits & 128 ? " authsize-for-algo" : "");
		/* an algorithm the model does not know may be missing too */
		if (lax && r == -EOPNOTSUPP)
			ok = 1;
		if (!ok && !(lax && r < 0 && !(bits & 0x2f)))
			fz_fail(R, "create", "returned %d (%s), the contract says an errno for:%s",
			     r, r ? strerror(-r) : "a ctx", why);
		return;
	}
	if (!lax && r != 0)
		fz_fail(R, "create", "%s %s key %u authsize %u: %d, the contract says a ctx",
		     st->ptype, st->algo, st->key_len, st->authsize, r);
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
			else if (!fz_driver_known(R, d, r, false))
				fz_fail(R, "driver", "\"%s\" is no driver /proc/crypto lists", d);
		} else if (r == -E2BIG) {
			if (sz && (strnlen(d, sz) != sz - 1 || !fz_driver_known(R, d, sz - 1, true)))
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

