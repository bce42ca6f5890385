/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The context matrix (context.bpf.c, tests/runner/context.c): what every
 * program of it counts, shared by the programs and their driver.
 */
#ifndef _CONTEXT_H
#define _CONTEXT_H

/* The families each program calls, in this order. */
enum ctx_family {
	CF_STRLEN,	/* kfx_strlen() on a global: 11 */
	CF_STRLEN_BUF,	/* kfx_strlen_buf() on the same: 11 */
	CF_SHA256,	/* kfx_crypto_hash(), sha256 of 1 KiB: SIMD drivers */
	CF_CRC32C,	/* kfx_crypto_hash(), crc32c of 1 KiB: pclmul/pmull */
	CF_SIG,		/* kfx_sig_verify(), RFC 6979's P-256 "sample" */
	CF_NR,
};

/*
 * What a program's attach point is documented to give the crypto
 * families (the string ones always answer): the right answer, -EBUSY
 * (hard interrupt, interrupts off), or either (a point that fires both
 * with interrupts on and off).  Never a wrong answer.
 */
enum ctx_expect {
	CE_ANSWER,
	CE_BUSY,
	CE_EITHER,
};

struct ctx_count {
	__u32 answer;	/* the right answer */
	__u32 busy;	/* -EBUSY */
	__u32 bad;	/* anything else, or -EBUSY where not allowed */
	__s32 last_bad;	/* the last such result */
};

/* context.bpf.c's section .data.res: the driver zeroes and reads it. */
struct ctx_result {
	__u32 runs;	/* the program ran (with every ctx in place) */
	__u32 no_ctx;	/* its CPU's ctx slot was empty: not counted */
	__u32 expect;	/* enum ctx_expect of the last run */
	__u32 pad;
	struct ctx_count fam[CF_NR];
};

/*
 * context.bpf.c's section .data.mode: setup_context as the load, and the
 * signal return of at_sigreturn_regs_activated.
 */
struct ctx_mode {
	__u32 hash_rounds;	/* non-zero: setup_context hashes instead */
	__u32 hashed;		/* KiB it hashed */
	__u32 tid;		/* the driver's thread: its signal returns */
	__u32 strict;		/* generic twins here: the answer is due */
	__u32 armed;		/* in tid's rt_sigreturn, before its restore */
	__u32 primed;		/* rt_sigreturns entered with SIMD used first */
};

#define CTX_SLOTS	64	/* ctx slots: one per CPU, up to 64 CPUs */
#define CTX_ORIGIN	CTX_SLOTS	/* the slot setup fills */
#define CTX_DATA_LEN	1024	/* bytes hashed: byte i is i * 7 + 3 */

#endif /* _CONTEXT_H */
