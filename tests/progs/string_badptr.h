/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bad-pointer differential (string_badptr.bpf.c and its driver
 * tests/runner/string_badptr.c): the address pool the driver fills and
 * the results the programs leave, in the object's .bss.
 */
#ifndef _STRING_BADPTR_H
#define _STRING_BADPTR_H

#define BP_POOL_MAX	40
#define BP_PAGE		4096
#define BP_EDGE_MAX	8	/* entries at the last 1..8 bytes before the guard */

/* The arguments that are not the pointer under test. */
#define BP_VALID	"ab"	/* the other string, in .data */
#define BP_COUNT	4	/* count/len of strnlen, strnchr, strncasecmp, strn(case)str */
#define BP_CHAR		'b'	/* strchr, strnchr, strchrnul, strrchr */
#define BP_EDGE_BYTE	'a'	/* what the bytes before the guard page hold */

/* How the program makes an entry's address (the driver says which). */
enum bp_fill {
	BP_FILL_ADDR,		/* as the driver wrote it (kallsyms, constants) */
	BP_FILL_SKIP,		/* not run */
	BP_FILL_NULL,
	BP_FILL_EDGE,		/* @arg bytes before the end of a vmalloc'ed map value */
	BP_FILL_GUARD,		/* the first byte past it: the vmalloc guard page */
	BP_FILL_VALID,		/* BP_VALID */
	BP_FILL_THIS_CPU,	/* bpf_this_cpu_ptr(&runqueues) */
	BP_FILL_CPU,		/* bpf_per_cpu_ptr(&runqueues, @arg) */
	BP_FILL_INNER_MAP,	/* the struct bpf_map of outer[0] (freed later) */
};

enum bp_mode {
	BP_MODE_ADDR,		/* only compute the addresses of the pool */
	BP_MODE_RUN,		/* call the kfuncs on every entry */
};

struct bp_entry {
	__u64 addr;
	__u32 fill;
	__u32 arg;
};

struct bp_res {
	__s32 kfx;
	__s32 bpf;
};

struct badptr_io {
	__u32 mode;
	__u32 op;		/* enum oracle_op, for badptr_table and badptr_bpfmem */
	__u32 n;		/* entries in pool */
	__u32 pad;
	/*
	 * The call about to be made, +1 (0: none yet): entry << 8 | argument
	 * position << 1 | (1 for bpf_X).  What a crashed run got to.
	 */
	__u64 cur;
	__u64 done;		/* set at the end of a run */
	struct bp_entry pool[BP_POOL_MAX];
	struct bp_res res[BP_POOL_MAX][2];
};

#endif
