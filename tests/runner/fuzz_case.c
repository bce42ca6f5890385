// SPDX-License-Identifier: GPL-2.0
/*
 * The kfunc fuzzer's cases: generated from (seed, index) alone, so that
 * "--fuzz-replay SEED:INDEX" on the same kernel runs the same case again,
 * and written to and read from case files (tests/fuzz/regressions/).
 *
 * The case file format is fuzz_case_file.c's (written and read there).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_int.h"

const char *const fz_str_ops[FZ_NSTROPS] = {
	"strcmp", "strcasecmp", "strncasecmp", "strchr", "strnchr",
	"strchrnul", "strrchr", "strlen", "strnlen", "strspn", "strcspn",
	"strstr", "strcasestr", "strnstr", "strncasestr",
};

/* ---- PRNG: xoshiro256**, seeded through splitmix64 ---- */

static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void fz_rng_seed(struct fz_rng *r, uint64_t seed, uint64_t index)
{
	uint64_t x = seed;
	int i;

	x ^= splitmix(&x) ^ index * 0xd1342543de82ef95ULL;
	for (i = 0; i < 4; i++)
		r->s[i] = splitmix(&x);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t fz_rand(struct fz_rng *r)
{
	uint64_t *s = r->s, res = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return res;
}

uint32_t fz_below(struct fz_rng *r, uint32_t n)
{
	return n ? (uint32_t)(fz_rand(r) % n) : 0;
}

void fz_fill(uint8_t *p, uint32_t n, uint64_t fill)
{
	uint64_t x = fill, w = 0;
	uint32_t i;

	if (!fill) {
		memset(p, 0, n);
		return;
	}
	for (i = 0; i < n; i++) {
		if (!(i & 7))
			w = splitmix(&x);
		p[i] = w >> (8 * (i & 7));
	}
}

/* ---- generation: strings ---- */

/* Whether string op @op takes two strings. */
bool fz_two_strings(int op)
{
	return op <= FZ_STRNCASECMP || op >= FZ_STRSPN;
}

/* Ops whose upstream algorithm is quadratic in the two lengths. */
static bool quadratic(int op)
{
	return op >= FZ_STRSPN;
}

static uint32_t str_len(struct fz_rng *r, bool allow_long)
{
	uint32_t p = fz_below(r, 100);

	if (p < 8)
		return 0;
	if (p < 60)
		return 1 + fz_below(r, 24);
	if (p < 82)
		return 25 + fz_below(r, 276);
	if (p < 94 || !allow_long)
		return 301 + fz_below(r, 3796);
	switch (fz_below(r, 6)) {
	case 0: return 65535;
	case 1: return 65536;
	case 2: return 65537;
	case 3: return 65536 + fz_below(r, 4096);
	default: return 4097 + fz_below(r, 66000);
	}
}

static uint8_t *bytes_alloc(struct fz_bytes *b, uint32_t len)
{
	b->len = len;
	b->p = calloc(1, len + 1);
	if (!b->p) {
		perror("fuzz");
		exit(2);
	}
	return b->p;
}

/* No NUL inside: the string is exactly @len bytes (its end: memory's zero). */
static void str_content(struct fz_rng *r, uint8_t *p, uint32_t len)
{
	static const char alpha[] = "aAbBzZ\xc9\xe9\x80\xff\xd7\xf7@`[{ \x01\x7f";
	uint32_t k = 1 + fz_below(r, sizeof(alpha) - 1), i, tail;

	if (len > 512) {
		tail = fz_below(r, 17);
		if (tail > len)
			tail = len;
		memset(p, alpha[fz_below(r, k)], len - tail);
		for (i = len - tail; i < len; i++)
			p[i] = alpha[fz_below(r, k)];
		return;
	}
	for (i = 0; i < len; i++)
		p[i] = fz_below(r, 5) || !i ? alpha[fz_below(r, k)] : p[fz_below(r, i)];
}

/* A plausible bounded size for a string of @len bytes. */
static uint32_t buf_size(struct fz_rng *r, uint32_t len, uint32_t half)
{
	uint32_t p = fz_below(r, 100), z;

	if (p < 30)
		z = len + 1;
	else if (p < 45)
		z = len;
	else if (p < 60)
		z = fz_below(r, len + 1);
	else if (p < 72)
		z = len + 1 + fz_below(r, 16);
	else if (p < 77)
		z = 0;
	else if (p < 87)
		z = fz_below(r, half + 1);
	else
		z = len + 1;
	return z > half ? half : z;
}

/* An address of the pool; its class in *@cls, a symbol's name in @sym. */
static uint64_t pool_addr(struct fz_rng *r, const struct fz_env *env,
			  int *cls, char *sym)
{
	static const uint64_t noncanon[] = {
		0x0000800000000000ULL, 0x8000000000000000ULL,
		0xdead000000000100ULL, 0xdead000000000122ULL,
		0x7fffffffffffffffULL, 0x1234567890abcdefULL,
		0xfe00000000000000ULL, 0x0100000000000000ULL,
	};
	uint32_t p = fz_below(r, 100);
	const struct fz_sym *s;

	*cls = AC_ERANGE;
	sym[0] = 0;
	if (p < 10)
		return 1 + fz_below(r, 4096);
	if (p < 18) {
		switch (fz_below(r, 4)) {
		case 0: return 0x10000;
		case 1: return 0x7ffffffff000ULL + fz_below(r, 4096);
		case 2: return 0x400000 + fz_below(r, 65536);
		default: return 0x10000 + (fz_rand(r) % 0x7fffffff0000ULL);
		}
	}
	if (p < 38)	/* the vsyscall page */
		return 0xffffffffff600000ULL + (fz_below(r, 3) ? 0 : fz_below(r, 4096));
	if (p < 48) {
		uint64_t a = noncanon[fz_below(r, 8)];

		return fz_below(r, 2) ? a : a + fz_below(r, 4096);
	}
	if (p < 58) {	/* the last page: nothing maps it */
		*cls = AC_UNMAPPED;
		return -1ULL - fz_below(r, 4096);
	}
	if (p < 62) {	/* above the vsyscall page: the unused fixmap */
		*cls = AC_UNMAPPED;
		return 0xffffffffff601000ULL + fz_below(r, 4096);
	}
	if (!env->nsyms) {
		*cls = AC_UNMAPPED;
		return -1ULL;
	}
	s = &env->syms[fz_below(r, env->nsyms)];
	*cls = s->cls;
	snprintf(sym, 64, "%s", s->name);
	return fz_below(r, 2) ? 0 : fz_below(r, 64);
}

struct str_layout {
	uint32_t vm_next;	/* vmem bytes used */
};

/*
 * The second string as a needle out of the first (the haystack), maybe
 * with a case flipped or its last byte changed; never a NUL inside.
 */
static void str_needle(struct fz_rng *r, struct fz_step *st, uint32_t maxlen)
{
	uint32_t from = fz_below(r, st->data[0].len), len;

	len = fz_below(r, st->data[0].len - from + 1);
	if (len > maxlen)
		len = maxlen;
	memcpy(bytes_alloc(&st->data[1], len), st->data[0].p + from, len);
	if (len && fz_below(r, 3) == 0)
		st->data[1].p[fz_below(r, len)] ^= 0x20;
	if (len && fz_below(r, 4) == 0)
		st->data[1].p[len - 1] ^= 1;
	for (uint32_t j = 0; j < len; j++)
		if (!st->data[1].p[j])
			st->data[1].p[j] = 'a';
}

/*
 * String @i in the vmalloc'ed pool: anywhere in its half, across a page
 * boundary, or running into the guard page after the pool.
 */
static void str_arg_vmem(struct fz_rng *r, struct fz_step *st, int i,
			 uint32_t maxlen)
{
	struct fz_str_arg *a = &st->s.a[i];
	uint32_t len = str_len(r, maxlen > 65536);

	if (len > maxlen)
		len = maxlen;
	if (fz_below(r, 12) == 0) {
		/* runs into the guard page */
		a->off = FZ_VMEM - (len ? len : 1);
	} else {
		a->off = (i ? 80000 : 0) + fz_below(r, 4096);
		if (fz_below(r, 8) == 0)	/* across a page boundary */
			a->off = (i ? 81920 : 4096) - 1 - fz_below(r, 16);
	}
	if (i == 1 && fz_below(r, 3) == 0 && st->data[0].len)
		str_needle(r, st, maxlen);
	else
		str_content(r, bytes_alloc(&st->data[i], len), len);
	a->bsz = buf_size(r, st->data[i].len, FZ_VHALF);
}

static void str_arg(struct fz_rng *r, const struct fz_env *env,
		    struct fz_step *st, int i, uint32_t maxlen)
{
	struct fz_str_arg *a = &st->s.a[i];
	struct fz_str_arg *a0 = &st->s.a[0];
	uint32_t p = fz_below(r, 100), len;
	int cls;

	if (env->ign)
		a->kind = p < 44 ? FZ_P_VMEM : p < 54 ? FZ_P_KMEM :
			  p < 64 ? FZ_P_STACK : p < 68 ? FZ_P_NULL :
			  p < 93 ? FZ_P_ADDR : FZ_P_GUARD;
	else
		a->kind = p < 60 ? FZ_P_VMEM : p < 77 ? FZ_P_KMEM :
			  p < 94 ? FZ_P_STACK : FZ_P_NULL;
	/* a pointer into the first string: a suffix of it */
	if (i == 1 && a0->kind <= FZ_P_STACK && st->data[0].len &&
	    st->data[0].len <= maxlen && fz_below(r, 5) == 0) {
		a->kind = a0->kind;
		a->off = a0->off + fz_below(r, st->data[0].len + 1);
		a->bsz = buf_size(r, a0->off + st->data[0].len - a->off,
				  a->kind == FZ_P_VMEM ? FZ_VHALF :
				  a->kind == FZ_P_KMEM ? FZ_KHALF : FZ_SHALF);
		return;
	}
	switch (a->kind) {
	case FZ_P_VMEM:
		str_arg_vmem(r, st, i, maxlen);
		break;
	case FZ_P_KMEM:
		len = fz_below(r, 4) ? fz_below(r, 64) : fz_below(r, 2000);
		if (len > maxlen)
			len = maxlen;
		a->off = fz_below(r, 6) == 0 ? FZ_KMEM - 1 - len :
			 (i ? 2048 : 0) + fz_below(r, 2048 - len);
		str_content(r, bytes_alloc(&st->data[i], len), len);
		a->bsz = buf_size(r, len, FZ_KHALF);
		break;
	case FZ_P_STACK:
		len = fz_below(r, 100);
		if (len > maxlen)
			len = maxlen;
		a->off = fz_below(r, 6) == 0 ? FZ_STK - 1 - len :
			 (i ? 128 : 0) + fz_below(r, 127 - (len > 126 ? 126 : len));
		str_content(r, bytes_alloc(&st->data[i], len), len);
		a->bsz = buf_size(r, len, FZ_SHALF);
		break;
	case FZ_P_ADDR:
		a->addr = pool_addr(r, env, &cls, st->sym[i]);
		break;
	case FZ_P_GUARD:
		a->off = fz_below(r, 4096);
		break;
	default:
		break;
	}
}

static void gen_str(struct fz_rng *r, const struct fz_env *env,
		    struct fz_step *st)
{
	struct fz_str_step *s = &st->s;
	uint32_t l0, p;

	st->type = ST_STR;
	s->op = fz_below(r, FZ_NSTROPS);
	s->calls = FZ_CALL_KFX;
	if (fz_below(r, 10) < 7)
		s->calls |= FZ_CALL_BUF;
	if (env->upstream)
		s->calls |= FZ_CALL_BPF;
	if (fz_below(r, 20) == 0)
		s->calls |= FZ_CALL_VER;
	str_arg(r, env, st, 0, 70000);
	l0 = st->data[0].len;
	if (fz_two_strings(s->op))
		str_arg(r, env, st, 1, quadratic(s->op) && l0 > 4096 ? 16 :
				       quadratic(s->op) ? 70000 : 70000);
	/* a long needle or set is only cheap against a short haystack */
	if (quadratic(s->op) && st->data[1].len > 4096 && l0 > 16)
		st->data[0].len = 16;
	p = fz_below(r, 6);
	switch (p) {
	case 0: s->n = fz_below(r, l0 + 2); break;
	case 1: s->n = l0 + fz_below(r, 3) - 1; break;
	case 2: s->n = (uint64_t)-1 - fz_below(r, 2); break;
	case 3: s->n = 65535 + fz_below(r, 3); break;
	case 4: s->n = 0x100000000ULL + fz_below(r, 4); break;
	default: s->n = fz_below(r, 64); break;
	}
	if (fz_below(r, 3) && l0)
		s->c = (int8_t)st->data[0].p[fz_below(r, l0)];
	else if (s->op == FZ_STRRCHR)
		s->c = (int)fz_below(r, 601) - 300;
	else
		s->c = (int8_t)fz_below(r, 256);
}

void fz_gen(const struct fz_env *env, uint64_t seed, uint64_t index,
	    struct fz_case *c)
{
	struct fz_rng r;
	bool str;

	memset(c, 0, sizeof(*c));
	fz_rng_seed(&r, seed, index);
	str = env->want_str && (!env->want_crypto || fz_below(&r, 100) < 55);
	if (str) {
		gen_str(&r, env, &c->st[0]);
		c->n = 1;
	} else {
		fz_gen_crypto(&r, env, c);
	}
}

void fz_case_free(struct fz_case *c)
{
	for (int i = 0; i < c->n; i++) {
		free(c->st[i].data[0].p);
		free(c->st[i].data[1].p);
		c->st[i].data[0].p = c->st[i].data[1].p = NULL;
	}
}
