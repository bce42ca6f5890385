// SPDX-License-Identifier: GPL-2.0
/*
 * The kfunc fuzzer's case files: the format, its names, and reading a
 * case back (the replay line a failure prints, tests/fuzz/regressions/);
 * writing one is in fuzz_case_write.c.
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
 *   hash slot=0 a=pkt b=bss adj=0 soff=0 slen=100 doff=4 dlen=32 exta=128
 *       extb=60 fa=0x99 fb=0x98 prog=tc          (data in a, out in b)
 *   sig slot=0 a=bss v=kmap soff=0 slen=32 voff=0 vlen=64 exta=32 extv=64
 *       fa=0x99 fv=0x97 sigf=1 prog=syscall     (message in a, signature
 *       in v: sigf an enum fz_sigform, made from the message's bytes)
 *   create ... pub=0x2      (sig: the runner's public key of curve 2 - 1,
 *       P-256; | 0x10, 0x20, 0x30 spoil it: see FZ_PUB_*)
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

const char *const fz_ptr_kinds[FZ_NPTR] = {
	"vmem", "kmem", "stack", "null", "addr", "guard",
};

const char *const fz_mem_kinds[FZ_NMEM] = {
	"bss", "kmap", "vmap", "stack", "ring", "pkt", "none", "noiv",
};

const char *const fz_prog_names[PR_N] = { "syscall", "tc", "xdp", "xdp.frags" };

const char *const fz_step_names[ST_NTYPES] = {
	"str", "create", "acquire", "release", "crypt", "driver", "nullp",
	"hash", "sig",
};

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

/* A string step's field @k = @v: 0, or -1 for a bad value or key. */
static int parse_str_field(struct fz_step *st, const char *k, const char *v)
{
	struct fz_str_step *s = &st->s;
	int j = k[1] == '1', x;

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
		return (x = lookup(fz_ptr_kinds, FZ_NPTR, v)) < 0 ? -1 :
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

/*
 * A create step's params (and the slots any crypto step names): 0, -1
 * for a bad value, 1 when @k is none of them.
 */
static int parse_ctx_field(struct fz_step *st, const char *k, const char *v)
{
	struct fz_crypt_step *c = &st->c;
	struct fz_bytes b;
	uint32_t r;

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
	if (!strcmp(k, "pub"))
		return set_u32(&st->pub, v);
	if (!strcmp(k, "key"))
		return set_u64(&st->key_fill, v);
	if (!strcmp(k, "authsize"))
		return set_u32(&st->authsize, v);
	if (!strcmp(k, "sz"))
		return set_u32(&c->params_sz, v);
	if (!strcmp(k, "reserved")) {
		if (set_u32(&r, v) || r > 0xffff)
			return -1;
		st->reserved[0] = r >> 8;
		st->reserved[1] = r;
		return 0;
	}
	return 1;
}

/* A data step's areas, program, fills and lengths: 0, or -1. */
static int parse_data_field(struct fz_step *st, const char *k, const char *v)
{
	static const struct { const char *k; size_t off; } u[] = {
#define F(n, m) { n, offsetof(struct fz_crypt_step, m) }
		F("dec", decrypt), F("same", same), F("adj", adjust),
		F("soff", soff), F("slen", slen), F("doff", doff),
		F("dlen", dlen), F("voff", voff), F("vlen", vlen),
		F("exta", ext_a), F("extb", ext_b), F("extv", ext_v),
		F("rt", rt), F("rtlen", rt_len), F("rtdlen", rt_dlen),
		F("tamper", tamper), F("sigf", sigform),
#undef F
	};
	struct fz_crypt_step *c = &st->c;
	int x;

	if (!strcmp(k, "a") || !strcmp(k, "b") || !strcmp(k, "v")) {
		x = lookup(fz_mem_kinds, FZ_NMEM, v);
		if (x < 0)
			return -1;
		*(k[0] == 'a' ? &c->kind_a : k[0] == 'b' ? &c->kind_b : &c->kind_v) = x;
		return 0;
	}
	if (!strcmp(k, "prog"))
		return (x = lookup(fz_prog_names, PR_N, v)) < 0 ? -1 : (st->prog = x, 0);
	if (!strcmp(k, "fa") || !strcmp(k, "fb") || !strcmp(k, "fv"))
		return set_u64(&st->fill[k[1] == 'a' ? 0 : k[1] == 'b' ? 1 : 2], v);
	for (size_t i = 0; i < sizeof(u) / sizeof(u[0]); i++)
		if (!strcmp(k, u[i].k))
			return set_u32((uint32_t *)((char *)c + u[i].off), v);
	return -1;
}

/* Field @k = @v of step @st, by its type: 0, or -1. */
static int parse_field(struct fz_step *st, const char *k, const char *v)
{
	int err;

	if (st->type == ST_STR)
		return parse_str_field(st, k, v);
	err = parse_ctx_field(st, k, v);
	return err <= 0 ? err : parse_data_field(st, k, v);
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
		t = lookup(fz_step_names, ST_NTYPES, tok);
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
		case ST_HASH:
		case ST_SIG:
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


