/* SPDX-License-Identifier: GPL-2.0 */
/* The case the string oracle program runs: shared with its driver. */
#ifndef _STRING_ORACLE_H
#define _STRING_ORACLE_H

#define ORACLE_STR	512
#define ORACLE_BIG	65536

enum oracle_op {
	OP_STRCMP, OP_STRCASECMP, OP_STRNCASECMP, OP_STRCHR, OP_STRNCHR,
	OP_STRCHRNUL, OP_STRRCHR, OP_STRLEN, OP_STRNLEN, OP_STRSPN,
	OP_STRCSPN, OP_STRSTR, OP_STRCASESTR, OP_STRNSTR, OP_STRNCASESTR,
	OP_COUNT
};

struct oracle_case {
	__u32 op;
	__u32 big_tail;	/* 0: s1 as given; else s1 = 65536 - big_tail 'a' + s1 */
	__u64 n;	/* count/len argument */
	__s32 c;	/* character argument */
	__s32 pad;
	char s1[ORACLE_STR];
	char s2[ORACLE_STR];
};

struct oracle_result {
	__s32 kfx;
	__s32 bpf;
};

#endif
