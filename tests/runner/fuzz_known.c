// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's known bugs (d1..d4 of the issue), recognised by their
 * preconditions, so that fuzzing an unfixed kfx can go on past them:
 * fuzz.c does not run a case whose bug --fuzz-skip names.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_int.h"
#include "fuzz_run.h"

/*
 * Which of the known bugs @c hits, by their preconditions, so that
 * fuzzing an unfixed kfx can go on past them: d1 the vsyscall page to a
 * string kfunc, d2 a NULL bounded buffer, d3 an AEAD encrypt into a dst
 * shorter than src, d4 an AEAD tag-only decrypt into vmalloc'd memory.
 */
static const char *known_bug(const struct fz_run *R, const struct fz_case *c)
{
	bool aead = false, full = false;
	uint32_t auth = 0, iv = 0;

	for (int i = 0; i < c->n; i++) {
		const struct fz_step *st = &c->st[i];
		const struct fz_crypt_step *k = &st->c;
		int idx;

		switch (st->type) {
		case ST_STR:
			for (int j = 0; j < 2; j++) {
				if (st->s.a[j].kind == FZ_P_ADDR &&
				    (st->s.a[j].addr & ~0xfffULL) == 0xffffffffff600000ULL)
					return "d1";
				if (st->s.a[j].kind == FZ_P_NULL && (st->s.calls & FZ_CALL_BUF) &&
				    R->p_nullbuf)
					return "d2";
			}
			break;
		case ST_CREATE:
			idx = fz_algo_find(st->ptype, st->algo);
			aead = !strncmp((char *)st->ptype, "aead", 14);
			full = true;
			auth = st->authsize;
			iv = idx >= 0 ? fz_ivsize(&fz_algos[idx]) : 0;
			break;
		case ST_CRYPT:
			if (!full || !aead)
				break;
			if (!k->decrypt && k->dlen < k->slen)
				return "d3";
			if (k->decrypt && k->slen == auth && k->vlen == iv &&
			    k->kind_v != FZ_M_NONE && k->kind_v != FZ_M_NOIV &&
			    (k->same ? k->kind_a : k->kind_b) != FZ_M_KMAP &&
			    (k->same ? k->kind_a : k->kind_b) != FZ_M_PKT)
				return "d4";
			break;
		default:
			break;
		}
	}
	return NULL;
}

bool fz_skipped(const struct fz_run *R, const struct fuzz_opts *o,
		const struct fz_case *c)
{
	const char *bug;

	if (!o->skip)
		return false;
	bug = known_bug(R, c);
	return bug && strstr(o->skip, bug);
}
