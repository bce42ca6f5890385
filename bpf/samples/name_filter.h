/* SPDX-License-Identifier: GPL-2.0 */
/* What name_filter.bpf.c and name_filter.c share. */
#ifndef _NAME_FILTER_H
#define _NAME_FILTER_H

#define NF_MAX_PATTERNS	8
#define NF_NAME_MAX	128

enum { NF_OPEN, NF_EXEC };
#define NF_MATCH_COMM	(1 << 4)	/* the pattern is also tried on comm */

/**
 * struct nf_pattern - one pattern; the list ends at the first empty one
 * @text: the substring to look for
 * @kinds: 1 << NF_OPEN, 1 << NF_EXEC, and NF_MATCH_COMM
 * @deny: refuse an exec that matches (LSM only)
 */
struct nf_pattern {
	char text[32];
	__u32 kinds;
	__u32 deny;
};

/* struct nf_event - a match, from the ring buffer */
struct nf_event {
	char name[NF_NAME_MAX];
	char comm[16];
	__u32 pid;
	__u32 kind;
	__s32 pattern;
	__u32 denied;
};

#endif /* _NAME_FILTER_H */
