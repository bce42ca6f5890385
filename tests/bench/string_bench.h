/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _STRING_BENCH_H
#define _STRING_BENCH_H
#define BENCH_MAX 4096
enum { B_STRLEN, B_STRNLEN, B_STRCHR, B_STRNCHR, B_STRCHRNUL, B_STRRCHR,
       B_STRCMP, B_STRCASECMP, B_STRNCASECMP, B_STRSPN, B_STRCSPN,
       B_STRSTR, B_STRCASESTR, B_STRNSTR, B_STRNCASESTR, B_COUNT };
/*
 * IMPL_LOOP: what a user writes without kfuncs, a bounded loop in BPF
 * (strcmp: the bpf_strncmp() helper, whose second string must be constant).
 * IMPL_NONE: the same program without the call, subtracted from the rest.
 */
enum { IMPL_BPF, IMPL_KFX, IMPL_BUF, IMPL_LOOP, IMPL_NONE, IMPL_COUNT };
#define LOOP_SET_MAX	8	/* the open-coded strspn/strstr's set or needle */
#endif
