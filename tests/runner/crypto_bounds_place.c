// SPDX-License-Identifier: GPL-2.0
/*
 * Placing the boundary tables' cases (crypto_bounds.c runs them): where a
 * case's src, dst and siv go in a memory kind's window for each layout
 * (separate, in place, overlapping) and, on paged kinds, across the end of
 * the linear part; the window's bytes before the call, and the bytes the
 * model of the contract expects after it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfx.h"
#include "crypto_bounds_run.h"

static const char *const op_names[] = {
	"encrypt", "decrypt", "encrypt_noiv", "decrypt_noiv",
};

static const char *const layout_names[] = {
	"separate", "in place", "in place, one dynptr",
	"dst overlapping src from after its start",
	"dst overlapping src from before its start",
};

static const char *const place_names[] = {
	"", ", dst across the linear end", ", dst past the linear end",
	", src across the linear end", ", siv across the linear end",
};

const char *bounds_errname(int e, char *buf, size_t len)
{
	switch (e) {
	case 0: return "0";
	case -EINVAL: return "-EINVAL";
	case -EBADMSG: return "-EBADMSG";
	case -EKEYREJECTED: return "-EKEYREJECTED";
	case -EOPNOTSUPP: return "-EOPNOTSUPP";
	case BOUNDS_NO_SLICE: return "no slice (the program could not make the dynptrs)";
	case NOT_RUN: return "not run (the program did not reach the case)";
	}
	snprintf(buf, len, "%d", e);
	return buf;
}

/* "decrypt gcm(aes)/16 on .bss, separate: src 16@48 ..." */
void bounds_describe(const struct run *r, const struct pcase *p, char *buf,
		     size_t len)
{
	uint32_t ad = p->a->authsize && p->l.siv_len >= algo_ivsize(p->a) ?
		      p->l.siv_len - algo_ivsize(p->a) : 0;
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
int bounds_place(struct run *r, struct pcase *p)
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

/*
 * The bytes of @p's window a run may write: those before the end of a
 * paged packet's linear part (none of a read-only packet; the packet sent
 * holds them).  Window offsets from this one on are frozen.
 */
static uint32_t live_bytes(const struct run *r, const struct pcase *p)
{
	if (r->k->how == SKB_RO)
		return 0;
	if (!r->k->paged || p->win_off + p->win_len <= r->linear)
		return p->win_len;
	return p->win_off < r->linear ? r->linear - p->win_off : 0;
}

/*
 * bounds_pattern(pos, 0) of every position a window may take, made once:
 * a window is that with salt * 29 added to each byte, eight bytes at a
 * time.  (Byte by byte, with a call per byte, 64 KiB windows took most of
 * the runner's time in a TCG guest.)  NULL: out of memory.
 */
static const uint8_t *pattern_base(void)
{
	static uint8_t *base;
	uint32_t i;

	if (!base) {
		base = malloc(BOUNDS_REGION);
		for (i = 0; base && i < BOUNDS_REGION; i++)
			base[i] = bounds_pattern(i, 0);
	}
	return base;
}

void bounds_window_fill(const struct run *r, const struct pcase *p,
			uint8_t *img)
{
	const uint64_t low7 = 0x7f7f7f7f7f7f7f7fULL, high = ~low7;
	const uint8_t *base = pattern_base();
	uint32_t live = live_bytes(r, p), i = 0;
	uint64_t add = (uint8_t)(r->seq * 29) * 0x0101010101010101ULL, x;

	if (base && p->win_off <= BOUNDS_REGION - live) {
		/* bytewise (x + add) mod 256: no carry out of a byte */
		for (base += p->win_off; i + 8 <= live; i += 8) {
			memcpy(&x, base + i, 8);
			x = ((x & low7) + (add & low7)) ^ ((x ^ add) & high);
			memcpy(img + i, &x, 8);
		}
	}
	for (; i < live; i++)
		img[i] = bounds_pattern(p->win_off + i, r->seq);
	if (live < p->win_len)
		memcpy(img + live, r->pkt + p->win_off + live,
		       p->win_len - live);
}

void bounds_put(const struct run *r, const struct pcase *p, uint8_t *img,
		uint32_t at, const uint8_t *src, uint32_t n)
{
	uint32_t live = live_bytes(r, p);

	if (r->k->how == SKB_RO) {	/* into the packet to send too */
		memcpy(r->pkt + p->win_off + at, src, n);
		memcpy(img + at, src, n);
	} else if (at < live) {
		memcpy(img + at, src, n < live - at ? n : live - at);
	}
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
 * The contract's verdict on @p where it is placed (a byte past a
 * packet's linear part is out of reach), into @p->want and @p->out_len;
 * and whether its lengths alone are legal (what the src must hold).
 */
static bool bounds_verdict(const struct run *r, struct pcase *p)
{
	uint32_t s = p->l.src_len, v = p->l.siv_len, out;
	struct lcase valid = p->l;
	bool reach = true;

	if (r->k->paged)
		reach = p->src_off + s <= r->linear &&
			p->dst_off + p->l.dst_len <= r->linear &&
			(!v || p->l.op >= BOUNDS_ENCRYPT_NOIV ||
			 p->siv_off + v <= r->linear);
	p->want = bounds_model(p->a, &p->l, reach, &p->out_len);
	valid.bad_tag = false;
	return bounds_model(p->a, &valid, true, &out) == 0;
}

/* The siv's @v bytes: the IV, then @ad bytes of associated data (or filler). */
static int bounds_siv(struct run *r, const struct algo *a, uint32_t v,
		      uint32_t ad, uint8_t *sv)
{
	const uint8_t *adb;
	uint32_t i;

	for (i = 0; i < v && (!ad || i < algo_ivsize(a)); i++)
		sv[i] = i < 16 ? a->iv[i] : bounds_pattern(i, 77);
	if (!ad)
		return 0;
	adb = bounds_assoc(a, ad);
	if (!adb) {
		snprintf(r->why, r->whylen, "out of memory");
		return -1;
	}
	memcpy(sv + algo_ivsize(a), adb, ad);
	return 0;
}

/*
 * src's @s bytes in @in: plaintext, or for a decrypt the lengths allow,
 * ciphertext (its tag flipped for a bad one); and in @want what dst gets
 * when the lengths are legal.
 */
static int bounds_src(struct run *r, const struct pcase *p, uint32_t ad,
		      bool lengths_ok, uint8_t *in, uint8_t *want)
{
	const struct algo *a = p->a;
	uint32_t s = p->l.src_len, n;
	const uint8_t *ct, *pt = bounds_plaintext(a, s);

	if (!pt) {
		snprintf(r->why, r->whylen, "out of memory");
		return -1;
	}
	memcpy(in, pt, s);
	if (!lengths_ok)
		return 0;
	if (!is_decrypt(p->l.op)) {
		ct = bounds_sealed(a, s, ad, r->why, r->whylen);
		if (!ct)
			return -1;
		memcpy(want, ct, s + a->authsize);
		return 0;
	}
	n = a->authsize ? s - a->authsize : s;
	ct = bounds_sealed(a, n, ad, r->why, r->whylen);
	if (!ct)
		return -1;
	memcpy(in, ct, s);
	if (p->l.bad_tag)
		in[s - 1] ^= 0x80;
	pt = bounds_plaintext(a, n);
	if (!pt) {
		snprintf(r->why, r->whylen, "out of memory");
		return -1;
	}
	memcpy(want, pt, n);
	return 0;
}

/*
 * Every byte of the window after the call, and which ones are checked
 * (@p->exp, @p->mask): by default as they were, @img.  @wd and @wv: dst's
 * and the siv's place in the window; @in and @want: src and the output.
 */
static void bounds_expect(struct pcase *p, const uint8_t *img, uint32_t wd,
			  uint32_t wv, uint32_t v, const uint8_t *in,
			  const uint8_t *want)
{
	const struct algo *a = p->a;
	uint32_t s = p->l.src_len;

	/*
	 * On an error the contract leaves dst unchanged (and no rule lets an
	 * error touch the siv); on success it writes nothing outside dst's
	 * output.
	 */
	memcpy(p->exp, img, p->win_len);
	memset(p->mask, 0xff, p->win_len);
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
}

/*
 * The window image of case @p (into io_in) and what it must be afterwards
 * (@p->exp where @p->mask is 0xff), by the model: the verdict, the siv
 * and src written in, the expected bytes.  0, or -1 with r->why.
 */
int bounds_prepare(struct run *r, struct pcase *p, uint8_t *img)
{
	const struct algo *a = p->a;
	uint32_t s = p->l.src_len, v = p->l.siv_len, ad = 0;
	uint32_t ws = p->src_off - p->win_off, wd = p->dst_off - p->win_off;
	uint32_t wv = p->siv_off - p->win_off;
	uint8_t *in, *sv, *want;
	bool lengths_ok;
	int ret = -1;

	bounds_window_fill(r, p, img);
	lengths_ok = bounds_verdict(r, p);
	if (p->l.op >= BOUNDS_ENCRYPT_NOIV)
		v = 0;
	if (a->authsize && v >= algo_ivsize(a))
		ad = v - algo_ivsize(a);
	in = malloc(s + 1);
	sv = malloc(v + 1);
	want = malloc(s + a->authsize + 1);
	p->exp = malloc(p->win_len);
	p->mask = malloc(p->win_len);
	if (!in || !sv || !want || !p->exp || !p->mask) {
		snprintf(r->why, r->whylen, "out of memory");
		goto out;
	}
	if (bounds_siv(r, a, v, ad, sv) ||
	    bounds_src(r, p, ad, lengths_ok, in, want))
		goto out;
	bounds_put(r, p, img, wv, sv, v);
	bounds_put(r, p, img, ws, in, s);
	bounds_expect(p, img, wd, wv, v, in, want);
	ret = 0;
out:
	free(in);
	free(sv);
	free(want);
	return ret;
}
