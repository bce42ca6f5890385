// SPDX-License-Identifier: GPL-2.0
/*
 * Differential oracle: the same case through upstream's bpf_str*() and
 * kfx_str*() in one program, on kernels that have the upstream kfuncs.
 * The driver (tests/runner/string_oracle.c) generates the cases and
 * requires identical results.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "string_oracle.h"

extern int bpf_strcmp(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strcasecmp(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strncasecmp(const char *s1__ign, const char *s2__ign, size_t len) __ksym __weak;
extern int bpf_strchr(const char *s__ign, char c) __ksym __weak;
extern int bpf_strnchr(const char *s__ign, size_t count, char c) __ksym __weak;
extern int bpf_strchrnul(const char *s__ign, char c) __ksym __weak;
extern int bpf_strrchr(const char *s__ign, int c) __ksym __weak;
extern int bpf_strlen(const char *s__ign) __ksym __weak;
extern int bpf_strnlen(const char *s__ign, size_t count) __ksym __weak;
extern int bpf_strspn(const char *s__ign, const char *accept__ign) __ksym __weak;
extern int bpf_strcspn(const char *s__ign, const char *reject__ign) __ksym __weak;
extern int bpf_strstr(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strcasestr(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strnstr(const char *s1__ign, const char *s2__ign, size_t len) __ksym __weak;
extern int bpf_strncasestr(const char *s1__ign, const char *s2__ign, size_t len) __ksym __weak;

char big[ORACLE_BIG + ORACLE_STR + 8] = { [0 ... ORACLE_BIG - 1] = 'a' };
static const char fill[ORACLE_STR] = { [0 ... ORACLE_STR - 1] = 'a' };
struct oracle_result result;

#define BOTH(call, a, ...) do {				\
	result.kfx = kfx_##call(a, ##__VA_ARGS__);	\
	result.bpf = bpf_##call(a, ##__VA_ARGS__);	\
} while (0)

SEC("syscall")
__success __needs_ksym("bpf_strncasestr") __driver("string_oracle")
int string_oracle(struct oracle_case *k)
{
	const char *s1 = k->s1, *s2 = k->s2;
	__u32 t = k->big_tail, pos;

	if (t) {
		if (t > ORACLE_STR)
			return 1;
		pos = ORACLE_BIG - t;
		if (pos > ORACLE_BIG)
			return 1;
		bpf_probe_read_kernel(big + pos, ORACLE_STR, k->s1);
		s1 = big;
	}
	switch (k->op) {
	case OP_STRCMP: BOTH(strcmp, s1, s2); break;
	case OP_STRCASECMP: BOTH(strcasecmp, s1, s2); break;
	case OP_STRNCASECMP: BOTH(strncasecmp, s1, s2, k->n); break;
	case OP_STRCHR: BOTH(strchr, s1, k->c); break;
	case OP_STRNCHR: BOTH(strnchr, s1, k->n, k->c); break;
	case OP_STRCHRNUL: BOTH(strchrnul, s1, k->c); break;
	case OP_STRRCHR: BOTH(strrchr, s1, k->c); break;
	case OP_STRLEN: BOTH(strlen, s1); break;
	case OP_STRNLEN: BOTH(strnlen, s1, k->n); break;
	case OP_STRSPN: BOTH(strspn, s1, s2); break;
	case OP_STRCSPN: BOTH(strcspn, s1, s2); break;
	case OP_STRSTR: BOTH(strstr, s1, s2); break;
	case OP_STRCASESTR: BOTH(strcasestr, s1, s2); break;
	case OP_STRNSTR: BOTH(strnstr, s1, s2, k->n); break;
	case OP_STRNCASESTR: BOTH(strncasestr, s1, s2, k->n); break;
	default: return 1;
	}
	if (t) {
		pos = ORACLE_BIG - t;
		if (pos > ORACLE_BIG)
			return 1;
		bpf_probe_read_kernel(big + pos, ORACLE_STR, fill);
	}
	return 0;
}

char _license[] SEC("license") = "GPL";
