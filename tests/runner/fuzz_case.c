// SPDX-License-Identifier: GPL-2.0
/*
 * The kfunc fuzzer's cases: generated from (seed, index) alone, so that
 * "--fuzz-replay SEED:INDEX" on the same kernel runs the same case again,
 * and written to and read from case files (tests/fuzz/regressions/).
 *
 * Case file format: '#' lines are comments; every other line is one step,
 * a word and key=value fields (omitted fields are 0):
 *
 *   str op=strlen calls=kfx,buf,bpf n=3 c=97 k0=vmem o0=100 z0=4 d0="ab"
 *       k1=addr a1=0xffffffffff600000 s1=kfx_strlen
 *   create slot=0 type="aead" algo="gcm(aes)" keylen=16 key=0x1234
 *       authsize=16 sz=416 reserved=0
 *   nullp                       create(NULL, 0) (6.1, 6.12)
 *   acquire slot=0 slot2=1      release slot=1      driver slot=0 bufsz=4
 *   crypt slot=0 dec=1 a=bss b=kmap v=stack same=0 adj=0 soff=0 slen=16
 *       doff=0 dlen=16 voff=0 vlen=12 exta=16 extb=32 extv=12 fa=0x99
 *       fb=0x98 fv=0x97 rt=1 rtlen=32 rtdlen=16 tamper=0 prog=syscall
 *
 * (a step is one line; the breaks above are for reading.)  String step
 * arguments: kind k (vmem kmem stack null addr guard), offset o, bounded
 * size z, address a (addr; with s, a symbol of /proc/kallsyms plus a),
 * the bytes d written at the offset (memory is zero elsewhere).  Bytes
 * are items joined by '+': "text" with \\ \" \0 \n \t \xHH escapes, or
 * 'c'*N (c a character or \xHH) for N copies.  Crypto areas: a (src), b
 * (dst, unless same=1: then in a too), v (siv: also none = NULL siv,
 * noiv = the _noiv kfuncs); each area's first ext bytes are filled from
 * the seed f (0: zeros) before the call.  Keys are the seeded stream too.
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

static const char *const ptr_kinds[FZ_NPTR] = {
	"vmem", "kmem", "stack", "null", "addr", "guard",
};

static const char *const mem_kinds[FZ_NMEM] = {
	"bss", "kmap", "vmap", "stack", "ring", "pkt", "none", "noiv",
};

static const char *const progs[PR_N] = { "syscall", "tc", "xdp", "xdp.frags" };

static const char *const step_names[ST_NTYPES] = {
	"str", "create", "acquire", "release", "crypt", "driver", "nullp",
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

/* ---- the algorithms ---- */

const struct fz_algo fz_algos[] = {
	{ "skcipher", "ecb(aes)", false, { 16, 24, 32 }, 0, 16, 0, { 0 }, false, false },
	{ "skcipher", "cbc(aes)", false, { 16, 24, 32 }, 16, 16, 0, { 0 }, false, true },
	{ "skcipher", "ctr(aes)", false, { 16, 24, 32 }, 16, 1, 0, { 0 }, false, true },
	{ "skcipher", "xts(aes)", false, { 32, 48, 64 }, 16, 1, 16, { 0 }, false, false },
	{ "skcipher", "chacha20", false, { 32 }, 16, 1, 0, { 0 }, false, false },
	{ "aead", "gcm(aes)", true, { 16, 24, 32 }, 12, 1, 0,
	  { 4, 8, 12, 13, 14, 15, 16 }, false, false },
	{ "aead", "rfc4106(gcm(aes))", true, { 20, 28, 36 }, 8, 1, 0,
	  { 8, 12, 16 }, true, false },
	{ "aead", "rfc7539(chacha20,poly1305)", true, { 32 }, 12, 1, 0, { 16 },
	  false, false },
};

const int fz_nalgos = sizeof(fz_algos) / sizeof(fz_algos[0]);

/*
 * Real and plausible names whose outcome the model does not know: other
 * templates, driver names, internal and asynchronous-only algorithms.
 */
const char *const fz_exotic[] = {
	"cbc(aes-generic)", "ecb(aes-generic)", "ctr(aes-generic)",
	"cbc(cbc(aes))", "ecb(cipher_null)", "ecb(des3_ede)", "cbc(des3_ede)",
	"xchacha20", "xchacha12", "chacha12", "lrw(aes)", "cts(cbc(aes))",
	"ccm(aes)", "rfc4309(ccm(aes))", "gcm_base(ctr(aes),ghash-generic)",
	"authenc(hmac(sha256),cbc(aes))", "seqiv(rfc4106(gcm(aes)))",
	"__ecb-aes-aesni", "ecb-aes-aesni", "__gcm-aes-aesni",
	"cryptd(__ecb-aes-aesni)", "pcbc(aes)", "essiv(cbc(aes),sha256)",
	"hctr2(aes)", "ecb(aes-aesni)", "rfc7539esp(chacha20,poly1305)",
	"sha256", "aes", "ctr(aes-aesni)", "xctr(aes)",
};

const int fz_nexotic = sizeof(fz_exotic) / sizeof(fz_exotic[0]);

/* The table entry for type @type and name @algo (NUL within), or -1. */
int fz_algo_find(const uint8_t *type, const uint8_t *algo)
{
	int i;

	if (!memchr(algo, 0, 128))
		return -1;
	for (i = 0; i < fz_nalgos; i++)
		if (!strncmp((const char *)type, fz_algos[i].type, 14) &&
		    !strcmp((const char *)algo, fz_algos[i].name))
			return i;
	return -1;
}

bool fz_key_ok(const struct fz_algo *a, uint32_t key_len)
{
	for (int i = 0; i < 4 && a->keys[i]; i++)
		if ((uint32_t)a->keys[i] == key_len)
			return true;
	return false;
}

bool fz_auth_ok(const struct fz_algo *a, uint32_t authsize)
{
	for (int i = 0; i < 8 && a->auths[i]; i++)
		if ((uint32_t)a->auths[i] == authsize)
			return true;
	return false;
}

/* ---- generation: strings ---- */

static bool two_strings(int op)
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
		len = str_len(r, maxlen > 65536);
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
		if (i == 1 && fz_below(r, 3) == 0 && st->data[0].len) {
			/* a needle out of the haystack, maybe a case flipped */
			uint32_t from = fz_below(r, st->data[0].len);

			len = fz_below(r, st->data[0].len - from + 1);
			if (len > maxlen)
				len = maxlen;
			memcpy(bytes_alloc(&st->data[1], len),
			       st->data[0].p + from, len);
			if (len && fz_below(r, 3) == 0)
				st->data[1].p[fz_below(r, len)] ^= 0x20;
			if (len && fz_below(r, 4) == 0)
				st->data[1].p[len - 1] ^= 1;
			for (uint32_t j = 0; j < len; j++)
				if (!st->data[1].p[j])
					st->data[1].p[j] = 'a';
		} else {
			str_content(r, bytes_alloc(&st->data[i], len), len);
		}
		a->bsz = buf_size(r, st->data[i].len, FZ_VHALF);
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
	if (two_strings(s->op))
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

/* ---- writing ---- */

static void put_byte(FILE *f, uint8_t b)
{
	if (b == '\\' || b == '"')
		fprintf(f, "\\%c", b);
	else if (b == 0)
		fputs("\\0", f);
	else if (b >= 0x21 && b < 0x7f && b != '\'' && b != '+')
		fputc(b, f);
	else
		fprintf(f, "\\x%02x", b);
}

/* @len bytes at @p as "text"+'c'*N items. */
static void put_bytes(FILE *f, const uint8_t *p, uint32_t len)
{
	uint32_t i = 0, run;
	bool open = false, any = false;

	while (i < len) {
		for (run = 1; i + run < len && p[i + run] == p[i]; run++)
			;
		if (run >= 8) {
			if (open)
				fputc('"', f);
			if (any)
				fputc('+', f);
			fputc('\'', f);
			put_byte(f, p[i]);
			fprintf(f, "'*%u", run);
			open = false;
			any = true;
			i += run;
			continue;
		}
		if (!open) {
			if (any)
				fputc('+', f);
			fputc('"', f);
			open = any = true;
		}
		put_byte(f, p[i++]);
	}
	if (open)
		fputc('"', f);
	if (!any)
		fputs("\"\"", f);
}

/* A raw field: up to its last non-zero byte. */
static void put_field(FILE *f, const uint8_t *p, uint32_t size)
{
	while (size && !p[size - 1])
		size--;
	put_bytes(f, p, size);
}

void fz_case_write(const struct fz_case *c, FILE *f)
{
	for (int i = 0; i < c->n; i++) {
		const struct fz_step *st = &c->st[i];
		const struct fz_crypt_step *k = &st->c;

		fputs(step_names[st->type], f);
		switch (st->type) {
		case ST_STR: {
			const struct fz_str_step *s = &st->s;

			fprintf(f, " op=%s calls=", fz_str_ops[s->op % FZ_NSTROPS]);
			fprintf(f, "%s%s%s%s", s->calls & FZ_CALL_KFX ? "kfx," : "",
				s->calls & FZ_CALL_BUF ? "buf," : "",
				s->calls & FZ_CALL_BPF ? "bpf," : "",
				s->calls & FZ_CALL_VER ? "ver," : "");
			fprintf(f, " n=%llu c=%d", (unsigned long long)s->n, s->c);
			for (int j = 0; j < (two_strings(s->op) ? 2 : 1); j++) {
				const struct fz_str_arg *a = &s->a[j];

				fprintf(f, " k%d=%s", j, ptr_kinds[a->kind % FZ_NPTR]);
				if (a->kind == FZ_P_ADDR) {
					fprintf(f, " a%d=0x%llx", j, (unsigned long long)a->addr);
					if (st->sym[j][0])
						fprintf(f, " s%d=%s", j, st->sym[j]);
					continue;
				}
				if (a->kind == FZ_P_NULL)
					continue;
				fprintf(f, " o%d=%u", j, a->off);
				if (a->kind != FZ_P_GUARD)
					fprintf(f, " z%d=%u", j, a->bsz);
				if (st->data[j].p) {
					fprintf(f, " d%d=", j);
					put_bytes(f, st->data[j].p, st->data[j].len);
				}
			}
			break;
		}
		case ST_CREATE:
			fprintf(f, " slot=%u type=", k->slot);
			put_field(f, st->ptype, sizeof(st->ptype));
			fputs(" algo=", f);
			put_field(f, st->algo, sizeof(st->algo));
			fprintf(f, " keylen=%u key=0x%llx authsize=%u sz=%u reserved=0x%02x%02x",
				st->key_len, (unsigned long long)st->key_fill,
				st->authsize, k->params_sz, st->reserved[0],
				st->reserved[1]);
			break;
		case ST_ACQUIRE:
			fprintf(f, " slot=%u slot2=%u", k->slot, k->slot2);
			break;
		case ST_RELEASE:
			fprintf(f, " slot=%u", k->slot);
			break;
		case ST_DRIVER:
			fprintf(f, " slot=%u bufsz=%u", k->slot, k->bufsz);
			break;
		case ST_CRYPT:
			fprintf(f, " slot=%u dec=%u a=%s b=%s v=%s same=%u adj=%u",
				k->slot, k->decrypt, mem_kinds[k->kind_a % FZ_NMEM],
				mem_kinds[k->kind_b % FZ_NMEM],
				mem_kinds[k->kind_v % FZ_NMEM], k->same, k->adjust);
			fprintf(f, " soff=%u slen=%u doff=%u dlen=%u voff=%u vlen=%u",
				k->soff, k->slen, k->doff, k->dlen, k->voff, k->vlen);
			fprintf(f, " exta=%u extb=%u extv=%u fa=0x%llx fb=0x%llx fv=0x%llx",
				k->ext_a, k->ext_b, k->ext_v,
				(unsigned long long)st->fill[0],
				(unsigned long long)st->fill[1],
				(unsigned long long)st->fill[2]);
			fprintf(f, " rt=%u rtlen=%u rtdlen=%u tamper=%u prog=%s",
				k->rt, k->rt_len, k->rt_dlen, k->tamper,
				progs[st->prog % PR_N]);
			break;
		default:
			break;
		}
		fputc('\n', f);
	}
}

/* ---- reading ---- */

static int parse_byte(const char **s, uint8_t *b)
{
	const char *p = *s;

	if (*p != '\\') {
		if (!*p)
			return -1;
		*b = *p;
		*s = p + 1;
		return 0;
	}
	p++;
	switch (*p) {
	case '0': *b = 0; break;
	case 'n': *b = '\n'; break;
	case 't': *b = '\t'; break;
	case '\\': *b = '\\'; break;
	case '"': *b = '"'; break;
	case '\'': *b = '\''; break;
	case 'x': {
		char h[3] = { p[1], p[2], 0 };

		if (!isxdigit((unsigned char)h[0]) || !isxdigit((unsigned char)h[1]))
			return -1;
		*b = strtoul(h, NULL, 16);
		p += 2;
		break;
	}
	default:
		return -1;
	}
	*s = p + 1;
	return 0;
}

/* Bytes in the item syntax into @b (allocated). */
static int parse_bytes(const char *s, struct fz_bytes *b, uint32_t max)
{
	uint8_t *out = NULL;
	uint32_t len = 0, cap = 0;

	for (;;) {
		uint8_t x;

		if (*s == '"') {
			s++;
			while (*s && *s != '"') {
				if (parse_byte(&s, &x))
					goto bad;
				if (len == cap) {
					cap = cap ? 2 * cap : 64;
					out = realloc(out, cap + 1);
				}
				out[len++] = x;
			}
			if (*s++ != '"')
				goto bad;
		} else if (*s == '\'') {
			char *end;
			unsigned long n;

			s++;
			if (parse_byte(&s, &x) || *s != '\'' || s[1] != '*')
				goto bad;
			n = strtoul(s + 2, &end, 0);
			if (end == s + 2 || n > max)
				goto bad;
			s = end;
			if (len + n > cap) {
				cap = len + n + 64;
				out = realloc(out, cap + 1);
			}
			memset(out + len, x, n);
			len += n;
		} else {
			goto bad;
		}
		if (len > max)
			goto bad;
		if (!*s)
			break;
		if (*s++ != '+')
			goto bad;
	}
	if (!out)
		out = calloc(1, 1);
	else
		out[len] = 0;
	b->p = out;
	b->len = len;
	return 0;
bad:
	free(out);
	return -1;
}

static int lookup(const char *const *names, int n, const char *v)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], v))
			return i;
	return -1;
}

/* The next space-separated token of *@s (quotes kept), or NULL. */
static char *token(char **s)
{
	char *p = *s, *start;
	char q = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return NULL;
	start = p;
	for (; *p; p++) {
		if (q) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == q)
				q = 0;
		} else if (*p == '"' || *p == '\'') {
			q = *p;
		} else if (*p == ' ' || *p == '\t') {
			break;
		}
	}
	if (*p)
		*p++ = 0;
	*s = p;
	return start;
}

static int set_u32(uint32_t *f, const char *v)
{
	char *end;
	unsigned long long x = strtoull(v, &end, 0);

	if (end == v || *end || x > 0xffffffffULL)
		return -1;
	*f = x;
	return 0;
}

static int set_u64(uint64_t *f, const char *v)
{
	char *end;

	*f = strtoull(v, &end, 0);
	return end == v || *end ? -1 : 0;
}

static int parse_field(struct fz_step *st, const char *k, const char *v)
{
	struct fz_crypt_step *c = &st->c;
	struct fz_str_step *s = &st->s;
	struct fz_bytes b;
	int x;

	if (st->type == ST_STR) {
		int j = k[1] == '1';

		if (!strcmp(k, "op"))
			return (x = lookup(fz_str_ops, FZ_NSTROPS, v)) < 0 ? -1 : (s->op = x, 0);
		if (!strcmp(k, "calls")) {
			s->calls = (strstr(v, "kfx") ? FZ_CALL_KFX : 0) |
				   (strstr(v, "buf") ? FZ_CALL_BUF : 0) |
				   (strstr(v, "bpf") ? FZ_CALL_BPF : 0) |
				   (strstr(v, "ver") ? FZ_CALL_VER : 0);
			return 0;
		}
		if (!strcmp(k, "n"))
			return set_u64((uint64_t *)&s->n, v);
		if (!strcmp(k, "c")) {
			s->c = strtol(v, NULL, 0);
			return 0;
		}
		if (strlen(k) != 2 || (k[1] != '0' && k[1] != '1'))
			return -1;
		switch (k[0]) {
		case 'k':
			return (x = lookup(ptr_kinds, FZ_NPTR, v)) < 0 ? -1 :
			       (s->a[j].kind = x, 0);
		case 'o': return set_u32(&s->a[j].off, v);
		case 'z': return set_u32(&s->a[j].bsz, v);
		case 'a': return set_u64((uint64_t *)&s->a[j].addr, v);
		case 's':
			snprintf(st->sym[j], sizeof(st->sym[j]), "%s", v);
			return 0;
		case 'd':
			free(st->data[j].p);
			st->data[j].p = NULL;
			return parse_bytes(v, &st->data[j], FZ_VMEM);
		default:
			return -1;
		}
	}
	if (!strcmp(k, "slot"))
		return set_u32(&c->slot, v);
	if (!strcmp(k, "slot2"))
		return set_u32(&c->slot2, v);
	if (!strcmp(k, "bufsz"))
		return set_u32(&c->bufsz, v);
	if (!strcmp(k, "type") || !strcmp(k, "algo")) {
		uint8_t *f = k[0] == 't' ? st->ptype : st->algo;
		uint32_t size = k[0] == 't' ? sizeof(st->ptype) : sizeof(st->algo);

		if (parse_bytes(v, &b, size))
			return -1;
		memset(f, 0, size);
		memcpy(f, b.p, b.len);
		free(b.p);
		return 0;
	}
	if (!strcmp(k, "keylen"))
		return set_u32(&st->key_len, v);
	if (!strcmp(k, "key"))
		return set_u64(&st->key_fill, v);
	if (!strcmp(k, "authsize"))
		return set_u32(&st->authsize, v);
	if (!strcmp(k, "sz"))
		return set_u32(&c->params_sz, v);
	if (!strcmp(k, "reserved")) {
		uint32_t r;

		if (set_u32(&r, v) || r > 0xffff)
			return -1;
		st->reserved[0] = r >> 8;
		st->reserved[1] = r;
		return 0;
	}
	if (!strcmp(k, "a") || !strcmp(k, "b") || !strcmp(k, "v")) {
		x = lookup(mem_kinds, FZ_NMEM, v);
		if (x < 0)
			return -1;
		*(k[0] == 'a' ? &c->kind_a : k[0] == 'b' ? &c->kind_b : &c->kind_v) = x;
		return 0;
	}
	if (!strcmp(k, "prog"))
		return (x = lookup(progs, PR_N, v)) < 0 ? -1 : (st->prog = x, 0);
	if (!strcmp(k, "fa") || !strcmp(k, "fb") || !strcmp(k, "fv"))
		return set_u64(&st->fill[k[1] == 'a' ? 0 : k[1] == 'b' ? 1 : 2], v);
	{
		static const struct { const char *k; size_t off; } u[] = {
#define F(n, m) { n, offsetof(struct fz_crypt_step, m) }
			F("dec", decrypt), F("same", same), F("adj", adjust),
			F("soff", soff), F("slen", slen), F("doff", doff),
			F("dlen", dlen), F("voff", voff), F("vlen", vlen),
			F("exta", ext_a), F("extb", ext_b), F("extv", ext_v),
			F("rt", rt), F("rtlen", rt_len), F("rtdlen", rt_dlen),
			F("tamper", tamper),
#undef F
		};

		for (size_t i = 0; i < sizeof(u) / sizeof(u[0]); i++)
			if (!strcmp(k, u[i].k))
				return set_u32((uint32_t *)((char *)c + u[i].off), v);
	}
	return -1;
}

int fz_case_parse(const char *text, struct fz_case *c, char *why, size_t n)
{
	char *copy = strdup(text), *line, *save = NULL;
	int lineno = 0;

	memset(c, 0, sizeof(*c));
	for (line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct fz_step *st;
		char *p = line, *tok, *eq;
		int t;

		lineno++;
		tok = token(&p);
		if (!tok || tok[0] == '#')
			continue;
		t = lookup(step_names, ST_NTYPES, tok);
		if (t < 0 || c->n == FZ_MAX_STEPS) {
			snprintf(why, n, "line %d: %s", lineno,
				 t < 0 ? "unknown step" : "too many steps");
			goto bad;
		}
		st = &c->st[c->n++];
		st->type = t;
		st->c.op = t == ST_CREATE ? FZ_C_CREATE : t == ST_ACQUIRE ? FZ_C_ACQUIRE :
			   t == ST_RELEASE ? FZ_C_RELEASE : t == ST_DRIVER ? FZ_C_DRIVER :
			   FZ_C_CRYPT;
		if (t == ST_CREATE)
			st->c.params_sz = sizeof(struct kfx_crypto_params);
		while ((tok = token(&p))) {
			eq = strchr(tok, '=');
			if (!eq) {
				snprintf(why, n, "line %d: %s is not key=value", lineno, tok);
				goto bad;
			}
			*eq = 0;
			if (parse_field(st, tok, eq + 1)) {
				snprintf(why, n, "line %d: bad %s=%s", lineno, tok, eq + 1);
				goto bad;
			}
		}
	}
	free(copy);
	if (!c->n) {
		snprintf(why, n, "no steps");
		return -1;
	}
	return 0;
bad:
	free(copy);
	fz_case_free(c);
	return -1;
}

const char *fz_case_needs(const struct fz_case *c, const struct fz_env *env)
{
	for (int i = 0; i < c->n; i++) {
		const struct fz_step *st = &c->st[i];
		const struct fz_crypt_step *k = &st->c;

		switch (st->type) {
		case ST_STR:
			for (int j = 0; j < 2; j++) {
				if (!env->ign && st->s.a[j].kind >= FZ_P_ADDR)
					return "scalar string pointers (6.2+)";
				if (!env->nullbuf && st->s.a[j].kind == FZ_P_NULL &&
				    (st->s.calls & FZ_CALL_BUF))
					return "a verifier that takes a NULL buffer (6.1, 6.12)";
			}
			if (!env->want_str)
				return "the string family";
			break;
		case ST_NULLP:
			if (!env->nullp)
				return "a verifier that takes NULL params (6.1, 6.12)";
			break;
		case ST_CRYPT:
			if (k->kind_a == FZ_M_STACK || k->kind_b == FZ_M_STACK ||
			    k->kind_v == FZ_M_STACK)
				return "a stack dynptr (bpf_dynptr_from_mem() refuses the stack)";
			if (!env->full && (k->kind_a >= FZ_M_STACK ||
					   k->kind_b >= FZ_M_STACK ||
					   k->kind_v == FZ_M_STACK ||
					   k->kind_v == FZ_M_NONE || k->adjust ||
					   st->prog != PR_SYSCALL))
				return "6.12+ dynptrs";
			/* fall through */
		default:
			if (!env->want_crypto)
				return "the crypto family";
			break;
		}
	}
	return NULL;
}

