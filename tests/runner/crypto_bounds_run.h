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

#include "crypto_bounds_int.h"

struct bpf_program;
struct ring_buffer;

#define GUARD		16	/* pattern bytes before and after each slice */
#define NOT_RUN		12345	/* a case's ret before the program ran it */

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
