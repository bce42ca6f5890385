// SPDX-License-Identifier: GPL-2.0
/*
 * Driver of crypto_bounds.bpf.c and crypto_bounds_pkt.bpf.c: boundary
 * tables for kfx_crypto_encrypt, _decrypt and their _noiv twins, generated
 * here and judged by a model of the documented contract (kfx.h and the
 * crypto kfunc contract with its amendments: bounds_model(), in
 * crypto_bounds_table.c, and prepare() say which rule each expectation
 * comes from), never by what kfx returned.
 *
 * For every algorithm the table crosses the lengths of src, dst and siv
 * (IV plus associated data) that sit on a rule's edge: 0, 1, block - 1,
 * block, block + 1, authsize - 1 .. + 1, dst shorter than, equal to and
 * longer than what is written, tag-only messages, 4 KiB and more, the
 * 65536-byte limit and one past it; wrong tags; each case in every layout
 * (separate buffers, in place through two dynptrs or one, dst overlapping
 * src from after and from before) and, on the packet kinds with paged
 * data, with each buffer moved across the end of the linear part.  Every
 * memory kind runs every case it can hold; the rest are counted as not
 * expressible there, with the reason.
 *
 * Each window (the slices and guard bytes around them) starts as a
 * position-dependent pattern with the src and siv bytes written in; after
 * the call every byte of it must be what the model says: the output where
 * the contract puts one, the pattern everywhere else (so nothing written
 * before dst, past the output length, or anywhere on an error).
 *
 * KFX_BOUNDS_VERBOSE=1 in the environment prints every difference, not
 * only the first of each algorithm and kind.
 *
 * Expected output bytes: ecb, cbc, ctr and xts(aes) from AF_ALG, which
 * binds them on every kernel; chacha20, gcm(aes) and
 * rfc7539(chacha20,poly1305) from the runner's own model (crypto_model.c,
 * AES blocks from AF_ALG ecb(aes)), checked against the published vectors
 * first and against AF_ALG on the kernels where AF_ALG binds them (all but
 * 7.3).  Decrypt cases take those ciphertexts as input and must give the
 * plaintext back.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <sys/mman.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "kfx.h"
#include "crypto_bounds.h"
#include "crypto_bounds_int.h"
#include "crypto_model.h"
#include "runner.h"

#define GUARD		16	/* pattern bytes before and after each slice */
#define NOT_RUN		12345	/* a case's ret before the program ran it */

static const char *const op_names[] = {
	"encrypt", "decrypt", "encrypt_noiv", "decrypt_noiv",
};

/* ---------- memory kinds ---------- */

enum how { MEM, RING, SKB, XDP, NEVER };

struct kind {
	const char *prog, *name;
	enum how how;
	uint32_t win;		/* MEM: slice starts and lengths are below it */
	uint32_t size;		/* bytes windows may use (region, record, packet) */
	uint32_t base;		/* first byte they may use */
	uint32_t linear;	/* SKB paged: the linear part asked for */
	bool paged;		/* data beyond the linear part / first buffer */
	const char *never;	/* why no kernel can run the kind */
	const char *missing;	/* why a kernel may not */
};

/* Why the runner skipped a kind on a kernel (its __needs_ksym). */
#define RING_MISSING	"not run on this kernel: 6.1 passes only local dynptrs to kfuncs (ringbuf ones from 6.2), and the table's slices of a record need bpf_dynptr_adjust (6.5+)"
#define PKT_MISSING	"not run on this kernel: skb and xdp dynptrs came in 6.4, and the table's slices of a packet need bpf_dynptr_adjust (6.5+)"

#define KIND(p, n, h, w, sz, ...)					\
	{ .prog = p, .name = n, .how = h, .win = w, .size = sz, __VA_ARGS__ }

static const struct kind kinds[] = {
	KIND("bounds_stack", "stack", NEVER, 0, 0, .never =
	     "not expressible on any kernel: bpf_dynptr_from_mem() takes map values only (\"Unsupported reg type fp for bpf_dynptr_from_mem data\", bounds_stack checks it)"),
	KIND("bounds_bss", ".bss", MEM, BOUNDS_WIN, BOUNDS_REGION),
	KIND("bounds_map_kmalloc", "map value (kmalloc)", MEM,
	     BOUNDS_KMALLOC_WIN, BOUNDS_KMALLOC_REGION),
	KIND("bounds_map_vmalloc", "map value (vmalloc)", MEM, BOUNDS_WIN,
	     BOUNDS_REGION),
	KIND("bounds_ringbuf", "ringbuf", RING, BOUNDS_WIN, BOUNDS_WIN - 1,
	     .missing = RING_MISSING),
	/* packets: the first 16 bytes stay the Ethernet header */
	KIND("bounds_skb", "skb linear", SKB, 0, 3072, .base = 16,
	     .missing = PKT_MISSING),
	KIND("bounds_skb_paged", "skb paged", SKB, 0, 12288, .base = 16,
	     .linear = 1024, .paged = true, .missing = PKT_MISSING),
	KIND("bounds_xdp", "xdp", XDP, 0, 3072, .missing = PKT_MISSING),
	KIND("bounds_xdp_frags", "xdp frags", XDP, 0, 12288, .paged = true,
	     .missing = PKT_MISSING),
};

#define NR_KINDS	(sizeof(kinds) / sizeof(kinds[0]))

enum layout {
	SEPARATE, IN_PLACE, ONE_DYNPTR, OVERLAP_AFTER, OVERLAP_BEFORE,
	NR_LAYOUTS
};

static const char *const layout_names[] = {
	"separate", "in place", "in place, one dynptr",
	"dst overlapping src from after its start",
	"dst overlapping src from before its start",
};

/* Paged kinds: where the end of the linear part falls. */
enum place {
	ALL_LINEAR, DST_STRADDLES, DST_BEYOND, SRC_STRADDLES, SIV_STRADDLES,
	NR_PLACES
};

static const char *const place_names[] = {
	"", ", dst across the linear end", ", dst past the linear end",
	", src across the linear end", ", siv across the linear end",
};

enum why_not { FITS, TOO_BIG, NO_OVERLAP, NO_PLACE, NR_WHY_NOT };

static const char *const why_not_names[] = {
	"", "beyond the kind's room",
	"no partial overlap with a 0- or 1-byte buffer",
	"no such placement across the linear end",
};

/* A case placed in a kind's memory, with what the model expects. */
struct pcase {
	struct lcase l;
	const struct algo *a;
	enum layout layout;
	enum place place;
	uint32_t win_off, win_len, src_off, dst_off, siv_off, restore_len;
	uint32_t io_off, out_len;
	int want;
	bool either;	/* partial overlap: 0 or -EINVAL ... */
	bool or_badmsg;	/* ... or, an AEAD decrypt, -EBADMSG */
	uint8_t *exp, *mask;
};

/* What one driver call counted, kept for the report. */
struct tally {
	bool ran;
	unsigned long cases, af_alg, model_only, errno_only, overlap;
	unsigned long not_expr[NR_WHY_NOT];
	double secs;
	char skipped[160];
};

static struct tally tallies[2][NR_KINDS];	/* [aesni loaded][kind] */

/* ---------- one kind's run ---------- */

struct run {
	const struct kind *k;
	struct bounds_bss *b;
	struct bpf_program *prog, *setup;
	struct ring_buffer *ring;	/* RING: consumed after each batch */
	uint8_t *pkt;		/* packet kinds: the packet given to each run */
	uint32_t linear;	/* bytes reachable as plain memory */
	struct pcase batch[BOUNDS_BATCH];
	int n;
	uint32_t io_used;
	struct tally *t;
	unsigned long seq;	/* cases placed, for the window shifts */
	int failures, algo_failures;
	unsigned long algo_cases;
	char *why;
	size_t whylen;
};

static const char *errname(int e, char *buf, size_t len)
{
	switch (e) {
	case 0: return "0";
	case -EINVAL: return "-EINVAL";
	case -EBADMSG: return "-EBADMSG";
	case BOUNDS_NO_SLICE: return "no slice (the program could not make the dynptrs)";
	case NOT_RUN: return "not run (the program did not reach the case)";
	}
	snprintf(buf, len, "%d", e);
	return buf;
}

/* "decrypt gcm(aes)/16 on .bss, separate: src 16@48 ..." */
static void describe(const struct run *r, const struct pcase *p, char *buf,
		     size_t len)
{
	uint32_t ad = p->a->authsize && p->l.siv_len >= p->a->ivsize ?
		      p->l.siv_len - p->a->ivsize : 0;
	char e[32];

	snprintf(buf, len, "%s %s on %s, %s%s: src %u@%u, dst %u@%u, siv %u@%u%s%s%s%s; expected %s%s",
		 op_names[p->l.op & BOUNDS_OP_MASK], p->a->label, r->k->name,
		 layout_names[p->layout], place_names[p->place], p->l.src_len,
		 p->src_off, p->l.dst_len, p->dst_off,
		 p->l.op >= BOUNDS_ENCRYPT_NOIV ? 0 : p->l.siv_len, p->siv_off,
		 p->a->authsize ? " (ad " : "",
		 p->a->authsize ? (snprintf(e, sizeof(e), "%u)", ad), e) : "",
		 p->l.bad_tag ? ", tag flipped" : "",
		 p->a->authsize && is_decrypt(p->l.op) &&
		 p->l.src_len == p->a->authsize ? ", tag only" : "",
		 p->or_badmsg ? "0, -EINVAL or -EBADMSG" :
		 p->either ? "0 or -EINVAL" :
		 p->want == 0 ? "0" : p->want == -EINVAL ? "-EINVAL" : "-EBADMSG",
		 p->want == -EINVAL ? ", nothing written" :
		 p->want == -EBADMSG ? ", the output zeroed" : "");
	if (p->want == 0 && !p->either)
		snprintf(buf + strlen(buf), len - strlen(buf), ", %u bytes written", p->out_len);
}

static uint32_t max32(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

/*
 * Offsets of @p's slices in its window (siv first, then src and dst by
 * @layout), its length; false when @layout cannot be made.
 */
static bool lay_out(struct pcase *p, uint32_t *siv, uint32_t *src,
		    uint32_t *dst, uint32_t *wlen)
{
	uint32_t s = p->l.src_len, d = p->l.dst_len, k;
	/* room for what a dst-ignoring bug would write past dst */
	uint32_t tail = max32(s + p->a->authsize, d) - d + GUARD;

	*siv = GUARD;
	*src = *siv + p->l.siv_len + GUARD;
	switch (p->layout) {
	case SEPARATE:
		*dst = *src + s + GUARD;
		break;
	case IN_PLACE:
	case ONE_DYNPTR:
		if (p->layout == ONE_DYNPTR && s != d)
			return false;
		*dst = *src;
		break;
	case OVERLAP_AFTER:
		if (s < 2)
			return false;
		k = s / 2 < 8 ? s / 2 : 8;
		*dst = *src + k;
		break;
	default:
		if (s < 1 || d < 2)
			return false;
		k = d / 2 < 8 ? d / 2 : 8;
		*src += k;
		*dst = *src - k;
		break;
	}
	*wlen = max32(*src + s + GUARD, *dst + d + tail);
	return true;
}

/* Put @p in @r's memory: its window offset and the slices' offsets. */
static int place(struct run *r, struct pcase *p)
{
	const struct kind *k = r->k;
	uint32_t siv, src, dst, w, lo = k->base, hi = k->size, at, cut;
	int64_t off;

	if (!lay_out(p, &siv, &src, &dst, &w))
		return p->layout == ONE_DYNPTR ? -1 : NO_OVERLAP;
	if (k->paged && p->place == ALL_LINEAR)
		hi = r->linear;
	if (w > hi - lo)
		return TOO_BIG;
	if (p->place == ALL_LINEAR) {
		/* vary the alignment, and where pages begin */
		off = lo + (r->seq * 2053) % (k->how == MEM && k->size > 4096 ?
					      4096 : 64);
		if (k->how == RING)
			off = 0;
		if (off + w > hi ||
		    (k->how == MEM && off + max32(src, dst) >= k->win))
			off = lo;
	} else {
		/* the slice that crosses or passes the linear end, by how much */
		switch (p->place) {
		case DST_STRADDLES:
			at = dst;
			cut = p->l.dst_len / 2;
			break;
		case DST_BEYOND:
			at = dst;
			cut = 0;
			break;
		case SRC_STRADDLES:
			at = src;
			cut = p->l.src_len / 2;
			break;
		default:
			at = siv;
			cut = p->l.siv_len / 2;
			break;
		}
		if ((p->place != DST_BEYOND && !cut) ||
		    (p->place == SRC_STRADDLES && p->layout != SEPARATE))
			return NO_PLACE;
		off = (int64_t)r->linear - cut - at + (p->place == DST_BEYOND ? 8 : 0);
		if (off < lo || off + w > k->size)
			return NO_PLACE;
	}
	if (k->how == MEM &&
	    (off + w > k->size || off + max32(max32(siv, src), dst) >= k->win ||
	     max32(max32(p->l.siv_len, p->l.src_len), p->l.dst_len) >= k->win))
		return TOO_BIG;
	p->win_off = off;
	p->win_len = w;
	p->siv_off = off + siv;
	p->src_off = off + src;
	p->dst_off = off + dst;
	p->restore_len = w;
	if (k->paged)
		p->restore_len = off >= r->linear ? 0 :
				 r->linear - off < w ? r->linear - off : w;
	return FITS;
}

/* Bytes at window offset @i that a run may never write: outside linear. */
static bool frozen(const struct run *r, const struct pcase *p, uint32_t i)
{
	return r->k->paged && p->win_off + i >= r->linear;
}

/* Copy @n bytes of @src to @img at window offset @at, where writable. */
static void put(const struct run *r, const struct pcase *p, uint8_t *img,
		uint32_t at, const uint8_t *src, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (!frozen(r, p, at + i))
			img[at + i] = src[i];
}

/* CTR's IV after @n bytes: the 128-bit big-endian counter + ceil(n / 16). */
static void ctr_advance(uint8_t iv[16], uint32_t n)
{
	uint64_t add = (n + 15) / 16;

	for (int i = 15; i >= 0 && add; i--) {
		add += iv[i];
		iv[i] = add;
		add >>= 8;
	}
}

/*
 * The window image (into io_in) and what it must be afterwards (@p->exp
 * where @p->mask is 1), by the model.  0, or -1 with r->why.
 */
static int prepare(struct run *r, struct pcase *p, uint8_t *img)
{
	const struct algo *a = p->a;
	uint32_t w = p->win_len, s = p->l.src_len, v = p->l.siv_len, i, out;
	uint32_t ws = p->src_off - p->win_off, wd = p->dst_off - p->win_off;
	uint32_t wv = p->siv_off - p->win_off, ad = 0, n;
	bool reach = true, lengths_ok;
	const uint8_t *ct = NULL;
	uint8_t *in = NULL, *sv = NULL, *want = NULL;
	struct lcase valid = p->l;
	int ret = -1;

	for (i = 0; i < w; i++)
		img[i] = frozen(r, p, i) ? r->pkt[p->win_off + i] :
			 bounds_pattern(p->win_off + i, r->seq);
	if (r->k->paged)
		reach = p->src_off + s <= r->linear &&
			p->dst_off + p->l.dst_len <= r->linear &&
			(!v || p->l.op >= BOUNDS_ENCRYPT_NOIV ||
			 p->siv_off + v <= r->linear);
	if (p->l.op >= BOUNDS_ENCRYPT_NOIV)
		v = 0;
	p->want = bounds_model(a, &p->l, reach, &p->out_len);
	valid.bad_tag = false;
	lengths_ok = bounds_model(a, &valid, true, &out) == 0;
	if (a->authsize && v >= a->ivsize)
		ad = v - a->ivsize;
	in = malloc(s + 1);
	sv = malloc(v + 1);
	want = malloc(s + a->authsize + 1);
	p->exp = malloc(w);
	p->mask = malloc(w);
	if (!in || !sv || !want || !p->exp || !p->mask) {
		snprintf(r->why, r->whylen, "out of memory");
		goto out;
	}
	/* the siv: the IV, then the associated data (or filler) */
	for (i = 0; i < v; i++)
		sv[i] = i < 16 ? a->iv[i] : bounds_pattern(i, 77);
	if (ad)
		bounds_assoc(a, ad, sv + a->ivsize);
	/* src: plaintext, or for a decrypt the lengths allow, ciphertext */
	bounds_plaintext(a, s, in);
	if (is_decrypt(p->l.op) && lengths_ok) {
		n = a->authsize ? s - a->authsize : s;
		ct = bounds_sealed(a, n, ad, r->why, r->whylen);
		if (!ct)
			goto out;
		memcpy(in, ct, s);
		if (p->l.bad_tag)
			in[s - 1] ^= 0x80;
		bounds_plaintext(a, n, want);
	} else if (lengths_ok) {
		ct = bounds_sealed(a, s, ad, r->why, r->whylen);
		if (!ct)
			goto out;
		memcpy(want, ct, s + a->authsize);
	}
	put(r, p, img, wv, sv, v);
	put(r, p, img, ws, in, s);
	/*
	 * Afterwards, by default, every byte as it was: on an error the
	 * contract leaves dst unchanged (and no rule lets an error touch the
	 * siv); on success it writes nothing outside dst's output.
	 */
	memcpy(p->exp, img, w);
	memset(p->mask, 1, w);
	if (p->layout >= OVERLAP_AFTER && !p->want) {
		/*
		 * unspecified result: 0 or -EINVAL, and for an AEAD decrypt
		 * -EBADMSG (the lead's amendment: gcm reads the tag from src
		 * after writing dst); nothing outside dst's output written
		 */
		p->either = true;
		p->or_badmsg = a->authsize && is_decrypt(p->l.op);
		memset(p->mask + wd, 0, p->out_len);
		if (a->siv_after != KEPT)
			memset(p->mask + wv, 0, v);
	} else if (!p->want) {
		/*
		 * the output, and the siv as the crypto API updates it: cbc's
		 * IV becomes the last ciphertext block, ctr's counter advances
		 * by ceil(len / 16); xts and chacha20 leave it to the driver;
		 * an AEAD's IV and AD stay as they are (no rule moves them)
		 */
		memcpy(p->exp + wd, want, p->out_len);
		if (a->siv_after == CBC_LAST_BLOCK)
			memcpy(p->exp + wv, (is_decrypt(p->l.op) ? in : want) + s - 16, 16);
		else if (a->siv_after == CTR_ADVANCED)
			ctr_advance(p->exp + wv, s);
		else if (a->siv_after == UNSPECIFIED)
			memset(p->mask + wv, 0, v);
	} else if (p->want == -EBADMSG) {
		/* a wrong tag: the src_len - authsize output bytes zeroed */
		memset(p->exp + wd, 0, p->out_len);
	}
	ret = 0;
out:
	free(in);
	free(sv);
	free(want);
	return ret;
}

/* Run the batch; judge every case.  0, or -1 when it could not run. */
static int run_batch(struct run *r, const struct algo *a)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	struct __sk_buff skb = { .data_end = r->k->linear };
	struct bounds_bss *b = r->b;
	char buf[512], e1[32];
	int i, err;

	if (!r->n)
		return 0;
	b->n = r->n;
	b->err = 0;
	for (i = 0; i < r->n; i++)
		b->c[i].ret = NOT_RUN;
	if (r->k->how == SKB || r->k->how == XDP) {
		opts.data_in = r->pkt;
		opts.data_size_in = r->k->size;
		if (r->k->linear) {
			opts.ctx_in = &skb;
			opts.ctx_size_in = sizeof(skb);
		}
	}
	err = bpf_prog_test_run_opts(bpf_program__fd(r->prog), &opts);
	/* the discarded records still hold the ring until consumed */
	if (r->ring && ring_buffer__consume(r->ring) < 0 && !err)
		err = -1;
	if (err || b->err ||
	    opts.retval != (r->k->how == XDP ? XDP_PASS : 0)) {
		snprintf(r->why, r->whylen, "%s on %s: BPF_PROG_TEST_RUN %s, create said %s, program returned %u",
			 a->label, r->k->name, strerror(errno), strerror(-b->err),
			 opts.retval);
		return -1;
	}
	for (i = 0; i < r->n; i++) {
		struct pcase *p = &r->batch[i];
		const uint8_t *got = (const uint8_t *)b->io_out + p->io_off;
		int ret = b->c[i].ret;
		uint32_t j, bad = 0, first = 0;

		r->t->cases++;
		r->algo_cases++;
		if (p->either)
			r->t->overlap++;
		else if (p->want)
			r->t->errno_only++;
		else if (bounds_from_af_alg(a))
			r->t->af_alg++;
		else
			r->t->model_only++;
		for (j = 0; j < p->win_len; j++)
			if (p->mask[j] && got[j] != p->exp[j] && !bad++)
				first = j;
		if (ret == p->want || (p->either && ret == -EINVAL) ||
		    (p->or_badmsg && ret == -EBADMSG)) {
			if (!bad)
				continue;
		}
		describe(r, p, buf, sizeof(buf));
		if (bad)
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
				 "; got %s, byte dst%+d is 0x%02x, should be 0x%02x (%u bytes differ)",
				 errname(ret, e1, sizeof(e1)),
				 (int)first - (int)(p->dst_off - p->win_off),
				 got[first], p->exp[first], bad);
		else
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
				 "; got %s", errname(ret, e1, sizeof(e1)));
		if (!r->algo_failures++ || getenv("KFX_BOUNDS_VERBOSE"))
			printf("# crypto_bounds: %s for %s: %s\n",
			       r->algo_failures == 1 ? "first difference" : "difference",
			       a->label, buf);
		if (!r->failures++)
			snprintf(r->why, r->whylen, "%s", buf);
	}
	return 0;
}

static void free_batch(struct run *r)
{
	for (int i = 0; i < r->n; i++) {
		free(r->batch[i].exp);
		free(r->batch[i].mask);
	}
	r->n = 0;
	r->io_used = 0;
}

/* Add @p to the batch, running the batch first when it is full. */
static int queue(struct run *r, const struct algo *a, struct pcase *p)
{
	struct bounds_case *c;
	int err = 0;

	if (r->n == BOUNDS_BATCH || r->io_used >= BOUNDS_WIN ||
	    r->io_used + p->win_len > BOUNDS_REGION) {
		err = run_batch(r, a);
		free_batch(r);
		if (err)
			return err;
	}
	p->io_off = r->io_used;
	if (prepare(r, p, (uint8_t *)r->b->io_in + p->io_off)) {
		free(p->exp);
		free(p->mask);
		return -1;
	}
	c = &r->b->c[r->n];
	*c = (struct bounds_case){
		.op = p->l.op | (p->layout == ONE_DYNPTR ? BOUNDS_SAME_DYNPTR : 0),
		.io_off = p->io_off, .win_off = p->win_off, .win_len = p->win_len,
		.restore_len = p->restore_len, .src_off = p->src_off,
		.src_len = p->l.src_len, .dst_off = p->dst_off,
		.dst_len = p->l.dst_len, .siv_off = p->siv_off,
		.siv_len = p->l.op >= BOUNDS_ENCRYPT_NOIV ? 0 : p->l.siv_len,
	};
	r->batch[r->n++] = *p;
	r->io_used = (p->io_off + p->win_len + 7) & ~7u;
	return 0;
}

static void set_params(struct kfx_crypto_params *pr, const struct algo *a)
{
	memset(pr, 0, sizeof(*pr));
	strcpy(pr->type, a->type);
	strcpy(pr->algo, a->name);
	memcpy(pr->key, a->key, a->key_len);
	pr->key_len = a->key_len;
	pr->authsize = a->authsize;
}

/* Every case of @a on the run's kind. */
static int run_algo(struct run *r, struct algo *a)
{
	static struct lcase lc[MAX_LCASES];
	int n = a->authsize ? bounds_gen_aead(a, lc) : bounds_gen_skcipher(a, lc);
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	int i, lay, pl, why, err = 0;

	set_params(&r->b->params, a);
	if (r->setup) {
		r->b->err = 0;
		if (bpf_prog_test_run_opts(bpf_program__fd(r->setup), &opts) ||
		    opts.retval || r->b->err) {
			snprintf(r->why, r->whylen, "bounds_setup for %s: %s",
				 a->label, strerror(r->b->err ? -r->b->err : errno));
			return -1;
		}
	}
	for (i = 0; i < n && !err; i++) {
		for (lay = 0; lay < NR_LAYOUTS && !err; lay++) {
			for (pl = 0; pl < (r->k->paged ? NR_PLACES : 1) && !err; pl++) {
				struct pcase p = { .l = lc[i], .a = a,
						   .layout = lay, .place = pl };

				if (pl && lay != SEPARATE && lay != IN_PLACE)
					continue;
				why = place(r, &p);
				if (why < 0)
					continue;	/* not a layout of this case */
				if (why) {
					r->t->not_expr[why]++;
					continue;
				}
				r->seq++;
				err = queue(r, a, &p);
			}
		}
	}
	if (!err)
		err = run_batch(r, a);
	free_batch(r);
	printf("# crypto_bounds %s, %s: %lu cases, %d differ%s\n", r->k->name,
	       a->label, r->algo_cases, r->algo_failures, err ? ", stopped" : "");
	r->algo_cases = 0;
	r->algo_failures = 0;
	return err;
}

/* The packet kinds: the packet, and how much of it is plain memory. */
static int probe_packet(struct run *r)
{
	const struct kind *k = r->k;
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	struct __sk_buff skb = { .data_end = k->linear };
	uint32_t i;

	r->pkt = calloc(1, k->size);
	if (!r->pkt)
		return -ENOMEM;
	for (i = 0; i < k->size; i++)
		r->pkt[i] = bounds_pattern(i, 0xee);
	if (k->how == SKB) {
		/* Ethernet: locally administered MACs, an experimental type */
		memcpy(r->pkt, "\x02\0\0\0\0\x01\x02\0\0\0\0\x02\x88\xb5", 14);
	}
	r->b->n = 0;
	set_params(&r->b->params, &algos[0]);
	if (bpf_prog_test_run_opts(bpf_program__fd(r->setup), &opts))
		return -errno;
	opts.data_in = r->pkt;
	opts.data_size_in = k->size;
	if (k->linear) {
		opts.ctx_in = &skb;
		opts.ctx_size_in = sizeof(skb);
	}
	if (bpf_prog_test_run_opts(bpf_program__fd(r->prog), &opts))
		return -errno;
	r->linear = r->b->linear;
	return 0;
}

/* The programs discard every record: there is nothing to read. */
static int ring_record(void *ctx, void *data, size_t size)
{
	(void)ctx;
	(void)data;
	(void)size;
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int crypto_bounds_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen)
{
	struct bpf_map *map = bpf_object__find_map_by_name(obj, ".bss");
	struct run r = { .prog = prog, .why = why, .whylen = whylen };
	const char *name = bpf_program__name(prog);
	double t0 = now();
	size_t ki, i, sz;
	int err = 0, w;

	for (ki = 0; ki < NR_KINDS; ki++)
		if (!strcmp(kinds[ki].prog, name))
			break;
	if (ki == NR_KINDS || !map ||
	    bpf_map__value_size(map) != sizeof(struct bounds_bss)) {
		snprintf(why, whylen, "%s: not a crypto_bounds kind, or .bss is not one struct bounds_bss",
			 name);
		return -1;
	}
	r.k = &kinds[ki];
	r.t = &tallies[crypto_accelerated()][ki];
	memset(r.t, 0, sizeof(*r.t));
	r.t->ran = true;
	r.linear = r.k->size;
	if (bounds_setup_algos(why, whylen))
		return -1;
	sz = (sizeof(struct bounds_bss) + 4095) & ~4095ul;
	r.b = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_SHARED,
		   bpf_map__fd(map), 0);
	if (r.b == MAP_FAILED) {
		snprintf(why, whylen, "mmap .bss: %s", strerror(errno));
		return -1;
	}
	if (r.k->how == RING) {
		struct bpf_map *ring = bpf_object__find_map_by_name(obj, "ring");

		r.ring = ring ? ring_buffer__new(bpf_map__fd(ring), ring_record,
						 NULL, NULL) : NULL;
		if (!r.ring) {
			snprintf(why, whylen, "ringbuf: %s", strerror(errno));
			err = -1;
			goto out;
		}
	}
	if (r.k->how == SKB || r.k->how == XDP) {
		r.setup = bpf_object__find_program_by_name(obj, "bounds_setup");
		err = r.setup ? probe_packet(&r) : -ENOENT;
		if (err == -EINVAL && r.k->linear) {
			snprintf(r.t->skipped, sizeof(r.t->skipped),
				 "not expressible on this kernel: its BPF_PROG_TEST_RUN builds only linear skbs (ctx data_end refused: EINVAL; 6.19+ builds paged ones)");
			snprintf(why, whylen, "%s", r.t->skipped);
			err = 1;
			goto out;
		}
		if (err) {
			snprintf(why, whylen, "%s: probing the packet: %s", r.k->name,
				 strerror(-err));
			goto out;
		}
		if (r.k->paged && r.linear >= r.k->size) {
			snprintf(why, whylen, "%s: the packet came out linear (%u bytes)",
				 r.k->name, r.linear);
			err = -1;
			goto out;
		}
	}
	for (i = 0; i < NR_ALGOS && !err; i++)
		err = run_algo(&r, &algos[i]);
out:
	r.t->secs = now() - t0;
	if (!r.t->skipped[0]) {	/* a skip: the runner's line says why */
		printf("# crypto_bounds %s: %lu cases (%lu output = AF_ALG, %lu output = the runner's model, %lu errno, %lu partial overlaps), %.1f s",
		       r.k->name, r.t->cases, r.t->af_alg, r.t->model_only,
		       r.t->errno_only, r.t->overlap, r.t->secs);
		for (w = TOO_BIG; w < NR_WHY_NOT; w++)
			if (r.t->not_expr[w])
				printf("; %lu not expressible (%s)", r.t->not_expr[w],
				       why_not_names[w]);
		if (r.k->paged)
			printf("; linear part %u of %u bytes", r.linear, r.k->size);
		printf("\n");
	}
	free(r.pkt);
	ring_buffer__free(r.ring);
	munmap(r.b, sz);
	if (!err && r.failures)
		err = -1;
	if (r.failures > 1)
		snprintf(why + strlen(why), whylen - strlen(why), " (and %d more)",
			 r.failures - 1);
	return err > 0 ? 1 : err ? -1 : 0;
}

/* Whether the running kernel's BTF has function @f. */
static bool kernel_has(const char *f)
{
	struct btf *btf = btf__load_vmlinux_btf();
	bool has = btf && btf__find_by_name_kind(btf, f, BTF_KIND_FUNC) > 0;

	btf__free(btf);
	return has;
}

void crypto_bounds_report(void)
{
	bool adjust = kernel_has("bpf_dynptr_adjust");
	unsigned long total;
	double secs;
	size_t k;
	bool any;

	for (int pass = 0; pass < 2; pass++) {
		const char *name = pass ? "AES-NI and the x86 drivers loaded" :
				   "generic drivers";

		total = 0;
		secs = 0;
		any = false;
		for (k = 0; k < NR_KINDS; k++) {
			total += tallies[pass][k].cases;
			secs += tallies[pass][k].secs;
			any |= tallies[pass][k].ran;
		}
		if (!any) {
			printf("# crypto_bounds table, %s: not run\n", name);
			continue;
		}
		printf("# crypto_bounds table, %s: %lu cases in %.1f s\n", name,
		       total, secs);
		for (k = 0; k < NR_KINDS; k++) {
			struct tally *t = &tallies[pass][k];
			const char *why = kinds[k].never;

			if (!why && !t->ran)
				why = kinds[k].missing && !adjust ? kinds[k].missing :
				      "not run: see its program's test line";
			if (!why && t->skipped[0])
				why = t->skipped;
			if (why)
				printf("#   %-20s %s\n", kinds[k].name, why);
			else
				printf("#   %-20s %6lu cases, %.1f s\n", kinds[k].name,
				       t->cases, t->secs);
		}
	}
	printf("# crypto_bounds: not in the table: a read-only dst (no program type kfx serves makes a read-only dynptr); dst or siv in an skb clone's shared data (BPF_PROG_TEST_RUN's skbs are never clones); kfx_crypto_encrypt() with a NULL siv (the _noiv twins are its cases; crypto.bpf.c has it on 6.11+)\n");
}

