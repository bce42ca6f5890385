// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's ST_HASH and ST_SIG steps and their models (fuzz_crypt.c
 * runs their programs): what kfx_crypto_hash() and kfx_sig_verify() must
 * return by the contract, and every byte of their areas afterwards.
 *
 *   hash  -EINVAL for empty data, out shorter than the digest or past a
 *         packet's linear part; then out zeroed where it is plain memory;
 *         0 with the digest (the runner's own for sha256, hmac(sha256),
 *         crc32c) and out's other bytes untouched; data never written;
 *         kfx_crypto_ctx_digestsize() the algorithm's digest size.
 *   sig   -EINVAL for an empty message, a signature not 2n bytes; else
 *         0, -EBADMSG or -EKEYREJECTED as the runner's ECDSA says of the
 *         bytes given; nothing written.
 *   any   a ctx of another type: -EINVAL (a hash's out zeroed), and
 *         digestsize -EINVAL for anything but a hash ctx.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runner.h"
#include "fuzz_run.h"
#include "crypto_model_ec.h"
#include "crypto_model_hash.h"

static const char *const type_names[] = {
	"no", "skcipher", "aead", "hash", "sig",
};

/* The runner's key pairs, one per curve, from fixed private keys. */
static uint8_t priv[EC_NCURVES][EC_MAX_BYTES], pubs[EC_NCURVES][EC_MAX_PUB];

uint32_t fz_sig_pub(struct fz_run *R, int curve, uint8_t *pub)
{
	uint32_t n = ec_bytes(curve);

	(void)R;
	if (!pubs[curve][0]) {
		fz_fill(priv[curve], n, 0x5167 + curve);
		priv[curve][0] &= 0x7f;	/* below the order */
		ec_public(curve, priv[curve], pubs[curve]);
	}
	memcpy(pub, pubs[curve], 1 + 2 * n);
	return 1 + 2 * n;
}

bool fz_wrong_type(struct fz_run *R, const struct fz_step *st,
		   const struct fz_data *d, enum fz_type kt)
{
	const struct fz_crypt_step *k = &st->c;
	int slot = k->slot % FZ_SLOTS;
	enum fz_type t = R->slot[slot].type;
	bool zero;

	if (kt == FZ_T_SKCIPHER ? t == FZ_T_SKCIPHER || t == FZ_T_AEAD : t == kt)
		return false;
	if (d->r != -EINVAL)
		fz_fail(R, "wrong-type", "%s with a %s ctx returned %d, the contract says -EINVAL",
			fz_step_names[st->type], type_names[t], d->r);
	if (st->type == ST_HASH && R->cres->dsize != -EINVAL)
		fz_fail(R, "wrong-type", "kfx_crypto_ctx_digestsize() of a %s ctx returned %d",
			type_names[t], R->cres->dsize);
	/* nothing written; a hash's out zeroed where it is plain memory */
	zero = st->type == ST_HASH &&
	       !(k->kind_b == FZ_M_PKT && (uint64_t)k->doff + k->dlen > d->lin);
	if (!k->same)
		fz_area_check(R, "src area", d->a_before, d->a_after, d->ext_a, 0, 0,
			      "(a ctx of another type)");
	fz_area_check(R, k->same ? "src/dst area" : "dst area", d->b_before,
		      d->b_after, d->ext_b, k->doff, zero ? k->doff + k->dlen : k->doff,
		      "(a ctx of another type)");
	for (uint32_t i = 0; zero && i < k->dlen; i++)
		if (d->b_after[k->doff + i]) {
			fz_fail(R, "wrong-type", "kfx_crypto_hash() failed and out byte %u is 0x%02x, not zeroed",
				i, d->b_after[k->doff + i]);
			break;
		}
	if (k->kind_v != FZ_M_NONE && k->kind_v != FZ_M_NOIV)
		fz_area_check(R, "siv area", d->v_before, d->v_after, d->ext_v, 0, 0,
			      "(a ctx of another type)");
	return true;
}

/* The runner's digest of @n bytes at @p by @a with the slot's key; false: none. */
static bool model_digest(struct fz_run *R, int slot, const struct fz_algo *a,
			 const uint8_t *p, uint32_t n, uint8_t *out)
{
	uint8_t key[256];
	uint32_t kl = R->slot[slot].key_len;

	fz_fill(key, sizeof(key), R->slot[slot].key_fill);
	switch (a->model) {
	case FZ_HM_SHA256:
		model_sha256(p, n, out);
		return true;
	case FZ_HM_HMAC_SHA256:
		model_hmac_sha256(key, kl, p, n, out);
		return true;
	case FZ_HM_CRC32C:
		model_crc32c(kl ? (uint32_t)key[0] | key[1] << 8 | key[2] << 16 |
			     (uint32_t)key[3] << 24 : 0xffffffff, p, n, out);
		return true;
	default:
		return false;
	}
}

/*
 * The one -EBUSY of kfx_crypto_hash()'s kernel-doc a run here can meet
 * without nesting: on x86, a packet program run in task context with
 * bottom halves off (BPF_PROG_TEST_RUN), hashing BPF memory into BPF
 * memory, where the task's registers are not marked live (after an
 * earlier kernel FPU use in the same run) and the algorithm has no
 * generic driver (Debian's 7.x: sha256, sha512 and their hmac()s).
 * Allowed there, never required: the registers' state is not visible.
 */
static bool fz_hash_may_be_busy(const struct fz_algo *a,
				const struct fz_crypt_step *k)
{
	char leaf[64], drv[80];
	const char *p, *q;

	if (strcmp(KFX_RUNNER_ARCH, "x86") || !a ||
	    k->kind_a % FZ_NMEM == FZ_M_PKT || k->kind_b % FZ_NMEM == FZ_M_PKT)
		return false;
	/* the innermost algorithm: "hmac(sha512)" -> "sha512" */
	p = strrchr(a->name, '(');
	p = p ? p + 1 : a->name;
	q = strchr(p, ')');
	snprintf(leaf, sizeof(leaf), "%.*s", q ? (int)(q - p) : (int)strlen(p), p);
	snprintf(drv, sizeof(drv), "%s-generic", leaf);
	return !file_has("/proc/crypto", drv);
}

void fz_step_hash(struct fz_run *R, const struct fz_step *st)
{
	const struct fz_crypt_step *k = &st->c;
	int slot = k->slot % FZ_SLOTS, r, dsize, want;
	const struct fz_algo *a;
	uint8_t digest[64];
	uint32_t d, i, w_hi;
	bool reach;
	struct fz_data D;

	if (fz_data_run(R, st, NULL, &D) || fz_wrong_type(R, st, &D, FZ_T_HASH))
		return;
	r = D.r;
	dsize = R->cres->dsize;
	a = R->slot[slot].lax ? NULL : &fz_algos[R->slot[slot].algo];
	/* not modelled: kfx's own digest size, only to say what out holds */
	d = a ? (uint32_t)a->digest : dsize > 0 ? (uint32_t)dsize : 0;
	if (a ? dsize != a->digest : dsize <= 0)
		fz_fail(R, "hash-digestsize", "kfx_crypto_ctx_digestsize() of %s said %d",
			a ? a->name : "a hash ctx", dsize);
	reach = !(k->kind_b == FZ_M_PKT && (uint64_t)k->doff + k->dlen > D.lin);
	want = !k->slen || k->dlen < d || !reach ? -EINVAL : 0;
	if (R->verbose)
		printf("# hash: r %d, digestsize %d; the contract says %d\n", r, dsize, want);
	/*
	 * not modelled: 0 with out as long as its own digest, or any errno
	 * ("another error of the crypto API", the kernel-doc says: poly1305,
	 * whose key comes in its data, is -ENOKEY on a message shorter than
	 * that key; seen on 6.1)
	 */
	if (!a && k->slen && reach && (r < 0 || (!r && k->dlen >= d)))
		want = r;
	if (!want && r == -EBUSY && fz_hash_may_be_busy(a, k))
		want = r;
	if (r != want)
		fz_fail(R, "hash-errno", "%s, %u bytes (%s) into %u (%s%s): returned %d, the contract says %d",
			a ? a->name : "a hash", k->slen, fz_mem_kinds[k->kind_a % FZ_NMEM],
			k->dlen, fz_mem_kinds[k->kind_b % FZ_NMEM],
			reach ? "" : ", past the linear part", r, want);
	/* data never written; out's bytes by the result */
	fz_area_check(R, "data area", D.a_before, D.a_after, D.ext_a, 0, 0,
		      "(data is read-only)");
	w_hi = !r ? k->doff + (d < k->dlen ? d : k->dlen) : reach ? k->doff + k->dlen : k->doff;
	fz_area_check(R, "out area", D.b_before, D.b_after, D.ext_b, k->doff, w_hi,
		      r ? "(an error: out zeroed, nothing else)" : "(the digest, nothing else)");
	if (r && reach) {
		for (i = 0; i < k->dlen; i++)
			if (D.b_after[k->doff + i]) {
				fz_fail(R, "hash-zeroed", "returned %d and out byte %u is 0x%02x, not zeroed",
					r, i, D.b_after[k->doff + i]);
				break;
			}
	}
	if (!r && a && model_digest(R, slot, a, D.a_before + k->soff, k->slen, digest) &&
	    memcmp(digest, D.b_after + k->doff, a->digest))
		fz_fail(R, "hash-digest", "%s of %u bytes: out is not the runner's digest",
			a->name, k->slen);
}

/* Write the step's signature of the message's digest into V's image. */
static void sig_patch(struct fz_run *R, const struct fz_step *st)
{
	const struct fz_crypt_step *k = &st->c;
	int slot = k->slot % FZ_SLOTS;
	const uint8_t *msg = (uint8_t *)R->img->a + k->soff;
	uint8_t rs[2 * EC_MAX_BYTES], order[EC_MAX_BYTES], nonce[EC_MAX_BYTES];
	/* the slot's curve; any, for a ctx the model does not know */
	int curve = R->slot[slot].type == FZ_T_SIG && !R->slot[slot].lax ?
		    fz_algos[R->slot[slot].algo].curve : EC_P256;
	uint32_t n = ec_bytes(curve), elen = k->slen < n ? k->slen : n, i;
	int borrow = 0;

	if (k->sigform == FZ_SF_FILL)
		return;
	fz_fill(nonce, n, st->fill[2] ^ 0x6e6f6e6365);
	nonce[0] &= 0x7f;
	ec_order(curve, order);
	if (ec_sign(curve, priv[curve], nonce, k->sigform == FZ_SF_RIGHTMOST ?
		    msg + k->slen - elen : msg, elen, rs))
		return;
	switch (k->sigform) {
	case FZ_SF_FLIP:
		rs[2 * n - 1] ^= 1;
		break;
	case FZ_SF_LOW_S:
		for (i = n; i-- > 0; ) {
			int v = order[i] - rs[n + i] - borrow;

			borrow = v < 0;
			rs[n + i] = v;
		}
		break;
	case FZ_SF_R0:
	case FZ_SF_S0:
		memset(rs + (k->sigform == FZ_SF_S0 ? n : 0), 0, n);
		break;
	case FZ_SF_RN:
	case FZ_SF_SN:
		memcpy(rs + (k->sigform == FZ_SF_SN ? n : 0), order, n);
		break;
	case FZ_SF_RMAX:
		memset(rs, 0xff, n);
		break;
	default:
		break;
	}
	memcpy(R->img->v + k->voff, rs, k->vlen < 2 * n ? k->vlen : 2 * n);
}

void fz_step_sig(struct fz_run *R, const struct fz_step *st)
{
	const struct fz_crypt_step *k = &st->c;
	int slot = k->slot % FZ_SLOTS, r, want;
	const struct fz_algo *a;
	uint8_t pub[EC_MAX_PUB];
	bool paged;
	struct fz_data D;
	uint32_t n;

	/* the runner's keys before the patch signs with them */
	for (int c = 0; c < EC_NCURVES; c++)
		fz_sig_pub(R, c, pub);
	if (fz_data_run(R, st, sig_patch, &D) || fz_wrong_type(R, st, &D, FZ_T_SIG))
		return;
	r = D.r;
	a = R->slot[slot].lax ? NULL : &fz_algos[R->slot[slot].algo];
	fz_area_check(R, "message area", D.a_before, D.a_after, D.ext_a, 0, 0,
		      "(nothing is ever written)");
	fz_area_check(R, "signature area", D.v_before, D.v_after, D.ext_v, 0, 0,
		      "(nothing is ever written)");
	if (!a) {
		if (r != 0 && r != -EINVAL && r != -EBADMSG && r != -EKEYREJECTED)
			fz_fail(R, "sig-errno", "returned %d", r);
		return;
	}
	n = ec_bytes(a->curve);
	fz_sig_pub(R, a->curve, pub);
	if (!k->slen || k->vlen != 2 * n)
		want = -EINVAL;
	else
		want = ec_verify(a->curve, pub, D.a_before + k->soff, k->slen,
				 D.v_before + k->voff);
	/* the contract does not say whether paged bytes reach a message */
	paged = k->kind_a == FZ_M_PKT && (uint64_t)k->soff + k->slen > D.lin;
	if (R->verbose)
		printf("# sig: r %d; the contract says %d%s\n", r, want,
		       paged ? " (or -EINVAL: paged)" : "");
	if (r != want && !(paged && r == -EINVAL))
		fz_fail(R, "sig-errno", "%s, message %u bytes (%s), signature %u bytes, form %u: returned %d, the contract says %d",
			a->name, k->slen, fz_mem_kinds[k->kind_a % FZ_NMEM],
			k->vlen, k->sigform, r, want);
}
