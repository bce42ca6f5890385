/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the bad-pointer differential's driver (string_badptr.c), its pool
 * (string_badptr_pool.c) and its model (string_badptr_model.c) share: the pool's address classes and
 * entries, and the model's entry points.
 */
#ifndef _KFX_STRING_BADPTR_INT_H
#define _KFX_STRING_BADPTR_INT_H
#include <stdbool.h>
#include <linux/types.h>

enum bp_class { C_RANGE, C_FAULT, C_KNOWN, C_READABLE };

/* Where an entry's address comes from. */
enum bp_src {
	S_CONST,	/* .addr */
	S_KSYM,		/* .sym in /proc/kallsyms (.mod: its module, "*" any other) */
	S_PROG,		/* the program (.fill, .arg) */
	S_FREED,	/* a kmalloc'ed struct bpf_map, freed before the run */
	S_HOLE,		/* the 4-level guard hole; with 5-level paging unknown */
	S_USER,		/* the runner's user string, .addr its top byte (tag) */
};

struct pool_def {
	const char *label;
	enum bp_src src;
	enum bp_class cls;
	__u64 addr;
	__u32 fill, arg;
	const char *sym, *mod;
	int group;		/* entries skipped together once one oopsed */
	bool moving;		/* content others change: retried on a difference */
};

/* The pool (string_badptr_pool.c), in the order the entries run. */
extern const struct pool_def bp_pool_defs[];
extern const unsigned int bp_ndefs;
#define BP_NDEFS	bp_ndefs
/* An S_KSYM entry's address from /proc/kallsyms (0: none). */
__u64 bp_ksym_addr(const struct pool_def *d);
/* The entry's label (module-text: which module's symbol). */
const char *bp_def_label(const struct pool_def *d);
/* The user string S_USER entries point to (mapped, readable). */
#define BP_USER_STR	"a user string kfx never reads"
const char *bp_user_str(void);
/* An S_USER entry's address: the user string, its tag on top. */
__u64 bp_user_addr(const struct pool_def *d);
/* An S_USER entry's class by the contract (x86-64: by paging mode). */
enum bp_class bp_user_class(const struct pool_def *d, bool la57);
/* Where the freed slab object was (bp_make_freed()), 0 before. */
extern __u64 bp_freed_addr;
struct bpf_object;
struct badptr_io;
/* A bpf_map kmalloc'ed and freed, its address in slot @slot; 0 or -errno. */
int bp_make_freed(struct bpf_object *obj, int prog_fd, struct badptr_io *io,
		  int bss_fd, int slot);

/* The model's address for an entry of class @cls (NULL: no model). */
const char *bp_model_ptr(const struct pool_def *d, enum bp_class cls);
/* Lay the model's memory out as the program does the kernel's. */
void bp_model_setup(void);
/* The contract's result of @op on @a (and @b). */
int bp_model(int op, const char *a, const char *b);
/* Whether @r is a result the contract allows on readable memory. */
bool bp_plausible(int op, int pos, int r);
/* @r as text, errnos by name. */
const char *bp_res_str(int r);
#endif
