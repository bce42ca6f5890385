/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The boundary tables' run state, shared by the driver (crypto_bounds.c:
 * batches, kinds, the report) and the placement (crypto_bounds_place.c:
 * where a case's buffers go in a kind's memory and what its window must
 * hold afterwards): the memory kinds, a placed case, one kind's run.
 */
#ifndef _KFX_CRYPTO_BOUNDS_RUN_H
#define _KFX_CRYPTO_BOUNDS_RUN_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/bpf.h>

#include "crypto_bounds_int.h"

struct bpf_link;
struct bpf_object;
struct bpf_program;
struct bpf_test_run_opts;
struct ring_buffer;

#define GUARD		16	/* pattern bytes before and after each slice */
#define NOT_RUN		12345	/* a case's ret before the program ran it */

/* SKB_RO: an skb seen from tp_btf, read-only (crypto_bounds_kinds.c) */
enum how { MEM, RING, SKB, XDP, SKB_RO, NEVER };

struct kind {
	const char *prog, *name;
	enum family family;	/* the kfuncs its program calls */
	enum how how;
	uint32_t win;		/* MEM: slice starts and lengths are below it */
	uint32_t size;		/* bytes windows may use (region, record, packet) */
	uint32_t base;		/* first byte they may use */
	uint32_t linear;	/* SKB paged: the linear part asked for */
	bool paged;		/* data beyond the linear part / first buffer */
	const char *never;	/* why no kernel can run the kind */
	const char *missing;	/* why a kernel may not: when it lacks @needs */
	const char *needs;
};

extern const struct kind kinds[];
extern const size_t nr_kinds;

enum layout {
	SEPARATE, IN_PLACE, ONE_DYNPTR, OVERLAP_AFTER, OVERLAP_BEFORE,
	NR_LAYOUTS
};

/* Paged kinds: where the end of the linear part falls. */
enum place {
	ALL_LINEAR, DST_STRADDLES, DST_BEYOND, SRC_STRADDLES, SIV_STRADDLES,
	NR_PLACES
};

enum why_not { FITS, TOO_BIG, NO_OVERLAP, NO_PLACE, NR_WHY_NOT };

extern const char *const why_not_names[NR_WHY_NOT];

/* A case placed in a kind's memory, with what the model expects. */
struct pcase {
	struct lcase l;
	const struct algo *a;
	enum layout layout;
	enum place place;
	uint32_t win_off, win_len, src_off, dst_off, siv_off, restore_len;
	uint32_t io_off, out_len;
	int place_h;	/* hash and sig: their own placements */
	int want;
	bool either;	/* partial overlap: 0 or -EINVAL ... */
	bool or_badmsg;	/* ... or, an AEAD decrypt, -EBADMSG */
	uint8_t *exp, *mask;	/* mask 0xff: the byte must be exp's */
};

/* What one driver call counted, kept for the report. */
struct tally {
	bool ran;
	unsigned long cases, af_alg, model_only, errno_only, overlap;
	unsigned long not_expr[NR_WHY_NOT];
	double secs, runner_secs;	/* runner_secs: preparing and judging */
	char skipped[160];
};

struct run {
	const struct kind *k;
	struct bounds_bss *b;
	struct bpf_program *prog, *setup;
	struct ring_buffer *ring;	/* RING: consumed after each batch */
	struct bpf_link *link;	/* SKB_RO: the tp_btf program attached */
	int trigger;		/* SKB_RO: the tc program whose packet it sees */
	struct __sk_buff skb_ctx;	/* the packet kinds' test run context */
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

/* The tally of kind @k (its index in kinds[]) for this pass of the tests. */
struct tally *bounds_tally(bool accelerated, size_t k);

/*
 * Running a table (crypto_bounds.c): the ctx of @a for the kind's
 * program (the packet kinds' setup run), its cases queued in batches and
 * judged as each batch comes back, then the algorithm's line.  0 or -1
 * (@r->why).
 */
int bounds_algo_begin(struct run *r, const struct algo *a);
int bounds_queue(struct run *r, const struct algo *a, struct pcase *p);
int bounds_algo_end(struct run *r, const struct algo *a, int err);
/*
 * Whether create of @a works on this kernel: 0, or its errno (the kind's
 * program, or its setup, run on no cases).
 */
int bounds_probe_create(struct run *r, const struct algo *a);
/* bss.params for @a. */
void bounds_set_params(struct kfx_crypto_params *pr, const struct algo *a);
/* Run the kind's program once (crypto_bounds.c); 0 or -1 with errno. */
int bounds_run_prog(struct run *r, struct bpf_test_run_opts *opts);
/*
 * A kind's memory ready for its cases (crypto_bounds_kinds.c): the ring
 * consumer, the packet and its linear part, the tp_btf link.  0, 1 (not
 * expressible here: @r->why) or -1 (@r->why); close undoes it.
 */
int bounds_kind_open(struct run *r, struct bpf_object *obj);
void bounds_kind_close(struct run *r);

/* The tables on @r's kind: 0, 1 (a skip, @r->why) or -1. */
int bounds_run_ciphers(struct run *r);
int bounds_run_hash(struct run *r);
int bounds_run_sig(struct run *r);
/* Their failure lines (bounds_describe for the ciphers). */
void bounds_hash_describe(const struct run *r, const struct pcase *p,
			  char *buf, size_t len);
void bounds_sig_describe(const struct run *r, const struct pcase *p,
			 char *buf, size_t len);
/* Their window images and what the model expects; 0 or -1 (@r->why). */
int bounds_hash_prepare(struct run *r, struct pcase *p, uint8_t *img);
int bounds_sig_prepare(struct run *r, struct pcase *p, uint8_t *img);
/*
 * @p's window before the call, into @img: the pattern, or where a run may
 * never write (a packet's paged part: frozen), the packet's bytes.
 */
void bounds_window_fill(const struct run *r, const struct pcase *p,
			uint8_t *img);
/*
 * Copy @n bytes of @src into @img at window offset @at, where not frozen;
 * on the read-only kind into the packet to send too.
 */
void bounds_put(const struct run *r, const struct pcase *p, uint8_t *img,
		uint32_t at, const uint8_t *src, uint32_t n);

/* The name of errno @e (or the number), in @buf. */
const char *bounds_errname(int e, char *buf, size_t len);
/* One line about case @p, for a failure. */
void bounds_describe(const struct run *r, const struct pcase *p, char *buf,
		     size_t len);
/*
 * Put @p in @r's memory (its window and slice offsets): 0, an enum why_not
 * when it cannot, -1 when the layout is not one of this case.
 */
int bounds_place(struct run *r, struct pcase *p);
/* @p's window image in @img and what the model expects; 0 or -1 (@r->why). */
int bounds_prepare(struct run *r, struct pcase *p, uint8_t *img);
#endif
