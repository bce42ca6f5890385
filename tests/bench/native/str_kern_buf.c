// SPDX-License-Identifier: GPL-2.0
/*
 * The _buf twins the native bench times, compiled apart from the
 * unbounded kfuncs as module/kfx_string_buf.c is: the core over plain
 * loads (the buffers are BPF memory the verifier proved), no pagefault
 * guard, the first-byte test a constant 0.  read_word_at_a_time() is a
 * plain load in a kernel without KASAN.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include "str_native.h"

static inline int kfx_mem_check(const char *p)
{
	return 0;
}

static __always_inline int kfx_mem_word(unsigned long addr, unsigned long *w)
{
	*w = *(const unsigned long *)addr;
	return 0;
}

static __always_inline int kfx_mem_byte(const char *p, char *c)
{
	*c = *p;
	return 0;
}

#include "../../../module/kfx_str_core.h"

#define WRAP(name, expr)						\
static noinline int name(const struct nb_args *x)	\
{									\
	return (expr);							\
}

NB_KFX(kfxbuf, x->a_end, x->b_end)

const nb_fn nb_fns_buf[NB_OPS] = NB_TABLE(kfxbuf);
