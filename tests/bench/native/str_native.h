/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The string ops the native bench times: upstream's bpf_str*() loops and
 * kfx's core (unbounded and _buf), one signature for all.
 */
#ifndef STR_NATIVE_H
#define STR_NATIVE_H

#include <stddef.h>

enum nb_op {
	NB_STRLEN, NB_STRNLEN, NB_STRCHR, NB_STRNCHR, NB_STRCHRNUL,
	NB_STRRCHR, NB_STRCMP, NB_STRCASECMP, NB_STRNCASECMP, NB_STRSPN,
	NB_STRCSPN, NB_STRSTR, NB_STRCASESTR, NB_STRNSTR, NB_STRNCASESTR,
	NB_OPS
};

enum nb_impl { NB_UPSTREAM, NB_KFX, NB_KFX_BUF, NB_IMPLS };
extern const char *const op_names[NB_OPS];

/* One call: @a (ending at @a_end for _buf), @b likewise, @n, @c. */
struct nb_args {
	const char *a, *b;
	unsigned long a_end, b_end;
	size_t n;
	int c;
};

typedef int (*nb_fn)(const struct nb_args *x);

/* The inputs: random lower-case text, placed at a chosen offset. */
enum shape { SH_TEXT, SH_MIXED_CASE, SH_PERIODIC, SH_CORPUS, SH_SHAPES };
extern const char *const shape_names[SH_SHAPES];

/* str_inputs.c: one input of @op (enum nb_op) and @sh, @a @len bytes long. */
void fill(int op, enum shape sh, char *a, char *b, int len);
void set_args(int op, int len, struct nb_args *x);
unsigned int nb_rand(void);
double now_ns(void);
int cmp_double(const void *x, const void *y);

/* str_kern.c, built with the kernel's flags */
extern const nb_fn nb_fns[NB_IMPLS][NB_OPS];

#endif
