// SPDX-License-Identifier: GPL-2.0
/*
 * Driver of crypto_bounds*.bpf.c: boundary tables for kfx_crypto_encrypt,
 * _decrypt and their _noiv twins, kfx_crypto_hash (crypto_bounds_hash.c)
 * and kfx_sig_verify (crypto_bounds_sig.c), generated here and judged by
 * a model of the documented contract (kfx.h and the
 * crypto kfunc contract with its amendments: bounds_model(), in
 * crypto_bounds_table.c, and bounds_prepare(), in crypto_bounds_place.c,
 * say which rule each expectation comes from), never by what kfx returned.
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
 *
 * The kinds (crypto_bounds_kinds.c, with the report) are one program
 * each per family; this file runs a kind's batches for any family.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
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
#include "crypto_bounds_run.h"
#include "crypto_model.h"
#include "runner.h"

/* ---------- one kind's run ---------- */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One line about case @p, for a failure. */
static void describe(const struct run *r, const struct pcase *p, char *buf,
		     size_t len)
{
	switch (p->a->family) {
	case FAM_HASH:
		bounds_hash_describe(r, p, buf, len);
		break;
	case FAM_SIG:
		bounds_sig_describe(r, p, buf, len);
		break;
	default:
		bounds_describe(r, p, buf, len);
		break;
	}
}

/*
 * Run the kind's program once on its memory: the packet kinds on r->pkt
 * (with the linear part asked for); the read-only kind is a tp_btf
 * program, run by the free of a trivial tc program's test packet.
 */
int bounds_run_prog(struct run *r, struct bpf_test_run_opts *opts)
{
	struct __sk_buff *skb = &r->skb_ctx;
	int fd = bpf_program__fd(r->prog), err;

	if (r->k->how == SKB || r->k->how == XDP || r->k->how == SKB_RO) {
		opts->data_in = r->pkt;
		opts->data_size_in = r->k->size;
		memset(skb, 0, sizeof(*skb));
		skb->data_end = r->k->linear;
		if (r->k->linear) {
			opts->ctx_in = skb;
			opts->ctx_size_in = sizeof(*skb);
		}
	}
	if (r->k->how == SKB_RO) {
		fd = r->trigger;
		r->b->armed = r->k->size;
	}
	err = bpf_prog_test_run_opts(fd, opts);
	if (!err && r->k->how == SKB_RO && r->b->armed) {
		errno = ENOENT;	/* the tp_btf program never saw the packet */
		return -1;
	}
	return err;
}

/*
 * The bytes of @got (@n) that differ from @exp where @mask is 0xff, and
 * the first of them in *@first.  Eight at a time until one differs: a byte
 * loop over 64 KiB windows was much of a case's time in a TCG guest.
 */
static uint32_t differences(const uint8_t *got, const uint8_t *exp,
			    const uint8_t *mask, uint32_t n, uint32_t *first)
{
	uint32_t j, bad = 0;
	uint64_t g, e, m;

	for (j = 0; j + 8 <= n; j += 8) {
		memcpy(&g, got + j, 8);
		memcpy(&e, exp + j, 8);
		memcpy(&m, mask + j, 8);
		if ((g ^ e) & m)
			break;
	}
	for (; j < n; j++)
		if (mask[j] && got[j] != exp[j] && !bad++)
			*first = j;
	return bad;
}

/* Run the batch; judge every case.  0, or -1 when it could not run. */
static int run_batch(struct run *r, const struct algo *a)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	struct bounds_bss *b = r->b;
	char buf[512], e1[32];
	double t0;
	int i, err;

	if (!r->n)
		return 0;
	b->n = r->n;
	b->err = 0;
	for (i = 0; i < r->n; i++)
		b->c[i].ret = NOT_RUN;
	err = bounds_run_prog(r, &opts);
	/* the discarded records still hold the ring until consumed */
	if (r->ring && ring_buffer__consume(r->ring) < 0 && !err)
		err = -1;
	if (err || b->err ||
	    opts.retval != (r->k->how == XDP ? XDP_PASS : 0)) {
		snprintf(r->why, r->whylen, "%s on %s: BPF_PROG_TEST_RUN %s, create said %s, program returned %u%s",
			 a->label, r->k->name, strerror(errno), strerror(-b->err),
			 opts.retval, b->armed ? ", tp_btf saw no packet" : "");
		return -1;
	}
	t0 = now();
	for (i = 0; i < r->n; i++) {
		struct pcase *p = &r->batch[i];
		const uint8_t *got = (const uint8_t *)b->io_out + p->io_off;
		int ret = b->c[i].ret;
		uint32_t bad, first = 0;

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
		bad = differences(got, p->exp, p->mask, p->win_len, &first);
		if (ret == p->want || (p->either && ret == -EINVAL) ||
		    (p->or_badmsg && ret == -EBADMSG)) {
			if (!bad)
				continue;
		}
		describe(r, p, buf, sizeof(buf));
		if (bad)
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
				 "; got %s, byte dst%+d is 0x%02x, should be 0x%02x (%u bytes differ)",
				 bounds_errname(ret, e1, sizeof(e1)),
				 (int)first - (int)(p->dst_off - p->win_off),
				 got[first], p->exp[first], bad);
		else
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
				 "; got %s", bounds_errname(ret, e1, sizeof(e1)));
		if (!r->algo_failures++ || getenv("KFX_BOUNDS_VERBOSE"))
			printf("# crypto_bounds: %s for %s: %s\n",
			       r->algo_failures == 1 ? "first difference" : "difference",
			       a->label, buf);
		if (!r->failures++)
			snprintf(r->why, r->whylen, "%s", buf);
	}
	r->t->runner_secs += now() - t0;
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

static int prepare(struct run *r, struct pcase *p, uint8_t *img)
{
	switch (p->a->family) {
	case FAM_HASH:
		return bounds_hash_prepare(r, p, img);
	case FAM_SIG:
		return bounds_sig_prepare(r, p, img);
	default:
		return bounds_prepare(r, p, img);
	}
}

/* The siv slice's length: none for the _noiv ops and the hash table. */
static uint32_t siv_len(const struct lcase *l)
{
	if (l->op == BOUNDS_SIG)
		return l->siv_len;
	if (l->op == BOUNDS_HASH || l->op == BOUNDS_ENCRYPT_NOIV ||
	    l->op == BOUNDS_DECRYPT_NOIV)
		return 0;
	return l->siv_len;
}

/* Add @p to the batch, running the batch first when it is full. */
int bounds_queue(struct run *r, const struct algo *a, struct pcase *p)
{
	struct bounds_case *c;
	double t0;
	int err = 0;

	/* read-only memory is the packet itself: one case per packet */
	if (r->n == BOUNDS_BATCH || r->io_used >= BOUNDS_WIN ||
	    r->io_used + p->win_len > BOUNDS_REGION ||
	    (r->k->how == SKB_RO && r->n)) {
		err = run_batch(r, a);
		free_batch(r);
		if (err)
			return err;
	}
	p->io_off = r->io_used;
	t0 = now();
	if (prepare(r, p, (uint8_t *)r->b->io_in + p->io_off)) {
		free(p->exp);
		free(p->mask);
		return -1;
	}
	r->t->runner_secs += now() - t0;
	c = &r->b->c[r->n];
	*c = (struct bounds_case){
		.op = a->family != FAM_CIPHER ? 0 : p->l.op |
		      (p->layout == ONE_DYNPTR ? BOUNDS_SAME_DYNPTR : 0),
		.io_off = p->io_off, .win_off = p->win_off, .win_len = p->win_len,
		.restore_len = p->restore_len, .src_off = p->src_off,
		.src_len = p->l.src_len, .dst_off = p->dst_off,
		.dst_len = p->l.dst_len, .siv_off = p->siv_off,
		.siv_len = siv_len(&p->l),
	};
	r->batch[r->n++] = *p;
	r->io_used = (p->io_off + p->win_len + 7) & ~7u;
	return 0;
}

void bounds_set_params(struct kfx_crypto_params *pr, const struct algo *a)
{
	memset(pr, 0, sizeof(*pr));
	strcpy(pr->type, a->type);
	strcpy(pr->algo, a->name);
	memcpy(pr->key, a->key, a->key_len);
	pr->key_len = a->key_len;
	pr->authsize = a->authsize;
}

/* The ctx of @a for the run's kind: bss.params, and the setup run. */
int bounds_algo_begin(struct run *r, const struct algo *a)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);

	bounds_set_params(&r->b->params, a);
	if (!r->setup)
		return 0;
	r->b->err = 0;
	if (bpf_prog_test_run_opts(bpf_program__fd(r->setup), &opts) ||
	    opts.retval || r->b->err) {
		snprintf(r->why, r->whylen, "bounds_setup for %s: %s",
			 a->label, strerror(r->b->err ? -r->b->err : errno));
		return -1;
	}
	return 0;
}

/* The last batch of @a (unless @err), and its line; @err or the batch's. */
int bounds_algo_end(struct run *r, const struct algo *a, int err)
{
	if (!err)
		err = run_batch(r, a);
	free_batch(r);
	printf("# crypto_bounds %s, %s: %lu cases, %d differ%s\n", r->k->name,
	       a->label, r->algo_cases, r->algo_failures, err ? ", stopped" : "");
	r->algo_cases = 0;
	r->algo_failures = 0;
	return err;
}

int bounds_probe_create(struct run *r, const struct algo *a)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);

	bounds_set_params(&r->b->params, a);
	r->b->n = 0;
	r->b->err = 0;
	if (r->setup ? bpf_prog_test_run_opts(bpf_program__fd(r->setup), &opts) :
	    bounds_run_prog(r, &opts))
		return -errno;
	if (r->ring)
		ring_buffer__consume(r->ring);
	return r->b->err;
}

int crypto_bounds_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen)
{
	struct bpf_map *map = bpf_object__find_map_by_name(obj, ".bss");
	struct run r = { .prog = prog, .why = why, .whylen = whylen };
	const char *name = bpf_program__name(prog);
	double t0 = now();
	size_t ki, sz;
	int err = 0, w;

	for (ki = 0; ki < nr_kinds; ki++)
		if (!strcmp(kinds[ki].prog, name))
			break;
	if (ki == nr_kinds || !map ||
	    bpf_map__value_size(map) != sizeof(struct bounds_bss)) {
		snprintf(why, whylen, "%s: not a crypto_bounds kind, or .bss is not one struct bounds_bss",
			 name);
		return -1;
	}
	/*
	 * A batch's windows (up to 2 x 512 KiB of expected bytes and masks)
	 * stay in the heap once freed: glibc gave them back to the kernel
	 * after each batch and faulted them in again, page by page, for the
	 * next (costly in a TCG guest).
	 */
	mallopt(M_MMAP_THRESHOLD, 4 << 20);
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
	r.k = &kinds[ki];
	r.t = bounds_tally(crypto_accelerated(), ki);
	memset(r.t, 0, sizeof(*r.t));
	r.t->ran = true;
	r.linear = r.k->size;
	sz = (sizeof(struct bounds_bss) + 4095) & ~4095ul;
	r.b = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_SHARED,
		   bpf_map__fd(map), 0);
	if (r.b == MAP_FAILED) {
		snprintf(why, whylen, "mmap .bss: %s", strerror(errno));
		return -1;
	}
	err = bounds_kind_open(&r, obj);
	if (err > 0)
		snprintf(r.t->skipped, sizeof(r.t->skipped), "%s", why);
	if (err)
		goto out;
	switch (r.k->family) {
	case FAM_HASH:
		err = bounds_run_hash(&r);
		break;
	case FAM_SIG:
		err = bounds_run_sig(&r);
		break;
	default:
		err = bounds_run_ciphers(&r);
		break;
	}
	if (err > 0)	/* a skip: why is set, the report says it too */
		snprintf(r.t->skipped, sizeof(r.t->skipped), "%s", why);
out:
	r.t->secs = now() - t0;
	if (!r.t->skipped[0]) {	/* a skip: the runner's line says why */
		printf("# crypto_bounds %s: %lu cases (%lu output = AF_ALG, %lu output = the runner's model, %lu errno, %lu partial overlaps), %.1f s (%.1f s of it the runner's)",
		       r.k->name, r.t->cases, r.t->af_alg, r.t->model_only,
		       r.t->errno_only, r.t->overlap, r.t->secs, r.t->runner_secs);
		for (w = TOO_BIG; w < NR_WHY_NOT; w++)
			if (r.t->not_expr[w])
				printf("; %lu not expressible (%s)", r.t->not_expr[w],
				       why_not_names[w]);
		if (r.k->paged)
			printf("; linear part %u of %u bytes", r.linear, r.k->size);
		printf("\n");
	}
	if (!r.t->skipped[0])
		cases(r.t->cases);
	bounds_kind_close(&r);
	munmap(r.b, sz);
	if (!err && r.failures)
		err = -1;
	if (r.failures > 1)
		snprintf(why + strlen(why), whylen - strlen(why), " (and %d more)",
			 r.failures - 1);
	return err > 0 ? 1 : err ? -1 : 0;
}
