/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The string ops the native bench times: upstream's bpf_str*() loops and
 * kfx's core (unbounded and _buf), one signature for all.
 */
#ifndef STR_NATIVE_H
#define STR_NATIVE_H

#include <stddef.h>

/* The kernel's macros the core (module/kfx_str_core.h) uses. */
#ifndef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#endif
#ifndef likely
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#endif
#ifndef noinline
#define noinline	__attribute__((__noinline__))
#endif

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

/*
 * kfx's wrappers, one per op, over the core as a kfunc calls it: @e1 and
 * @e2 are the strings' ends (0: unbounded).  WRAP(name, expr) is the
 * including file's: a function @name returning @expr.
 */
#define NB_KFX(name, e1, e2)						\
WRAP(name##_strlen, __kfx_strlen(x->a, e1))				\
WRAP(name##_strnlen, __kfx_strnlen(x->a, e1, x->n))			\
WRAP(name##_strchr, __kfx_strchr(x->a, e1, x->c))			\
WRAP(name##_strnchr, __kfx_strnchr(x->a, e1, x->n, x->c))		\
WRAP(name##_strchrnul, __kfx_strchrnul(x->a, e1, x->c))		\
WRAP(name##_strrchr, __kfx_strrchr(x->a, e1, x->c))			\
WRAP(name##_strcmp, __kfx_strncasecmp(x->a, e1, x->b, e2, false, KFX_STR_MAX)) \
WRAP(name##_strcasecmp, __kfx_strncasecmp(x->a, e1, x->b, e2, true, KFX_STR_MAX)) \
WRAP(name##_strncasecmp, __kfx_strncasecmp(x->a, e1, x->b, e2, true, x->n)) \
WRAP(name##_strspn, __kfx_span(x->a, e1, x->b, e2, true))		\
WRAP(name##_strcspn, __kfx_span(x->a, e1, x->b, e2, false))		\
WRAP(name##_strstr, __kfx_strnstr(x->a, e1, x->b, e2, KFX_STR_MAX, false)) \
WRAP(name##_strcasestr, __kfx_strnstr(x->a, e1, x->b, e2, KFX_STR_MAX, true)) \
WRAP(name##_strnstr, __kfx_strnstr(x->a, e1, x->b, e2, x->n, false))	\
WRAP(name##_strncasestr, __kfx_strnstr(x->a, e1, x->b, e2, x->n, true))

#define NB_TABLE(name) { name##_strlen, name##_strnlen, name##_strchr,	\
	name##_strnchr, name##_strchrnul, name##_strrchr, name##_strcmp,	\
	name##_strcasecmp, name##_strncasecmp, name##_strspn,		\
	name##_strcspn, name##_strstr, name##_strcasestr, name##_strnstr,	\
	name##_strncasestr }

/*
 * Built with the kernel's flags: str_kern.c (upstream's loops and kfx's
 * unbounded kfuncs, over nofault loads) and str_kern_buf.c (the _buf
 * twins over plain loads, as module/kfx_string_buf.c builds them).
 */
extern const nb_fn nb_fns_buf[NB_OPS];
extern const nb_fn *const nb_fns[NB_IMPLS];

#endif
