// SPDX-License-Identifier: GPL-2.0
/*
 * String kfunc timing: one call per run of the program, upstream bpf_X,
 * kfx_X and kfx_X_buf on the same buffers.  The loader (string_bench.c)
 * runs it with BPF_PROG_TEST_RUN's repeat and reports side by side.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "string_bench.h"

extern int bpf_strlen(const char *s__ign) __ksym __weak;
extern int bpf_strnlen(const char *s__ign, size_t count) __ksym __weak;
extern int bpf_strchr(const char *s__ign, char c) __ksym __weak;
extern int bpf_strnchr(const char *s__ign, size_t count, char c) __ksym __weak;
extern int bpf_strchrnul(const char *s__ign, char c) __ksym __weak;
extern int bpf_strrchr(const char *s__ign, int c) __ksym __weak;
extern int bpf_strcmp(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strcasecmp(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strncasecmp(const char *s1__ign, const char *s2__ign,
			   size_t len) __ksym __weak;
extern int bpf_strspn(const char *s__ign, const char *accept__ign) __ksym __weak;
extern int bpf_strcspn(const char *s__ign, const char *reject__ign) __ksym __weak;
extern int bpf_strstr(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strcasestr(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strnstr(const char *s1__ign, const char *s2__ign,
		       size_t len) __ksym __weak;
extern int bpf_strncasestr(const char *s1__ign, const char *s2__ign,
			   size_t len) __ksym __weak;

char a[BENCH_MAX + 8];
char b[BENCH_MAX + 8];
const volatile int op, impl;
const volatile char b_ro[BENCH_MAX + 8];	/* b, for bpf_strncmp() */
int result;

/*
 * ---------- without kfuncs: bounded loops over the same buffers ----------
 * The needle and set come from .rodata, as a user's constant pattern would:
 * the verifier then knows them, or it could not follow 4095 iterations.
 */

static __always_inline int loop_strnlen(int n)
{
	int i;

	for (i = 0; i < n && i < BENCH_MAX; i++)
		if (!a[i])
			break;
	return i;
}

static __always_inline int loop_strnchr(int n, char c)
{
	for (int i = 0; i < n && i < BENCH_MAX; i++) {
		if (a[i] == c)
			return i;
		if (!a[i])
			break;
	}
	return -2;	/* -ENOENT */
}

static __always_inline int loop_strnstr(int n)
{
	for (int i = 0; i < n && i < BENCH_MAX; i++) {
		int j;

		if (!a[i])
			break;
		for (j = 0; j < LOOP_SET_MAX && i + j < BENCH_MAX; j++)
			if (!b_ro[j] || a[i + j] != b_ro[j])
				break;
		if (j < LOOP_SET_MAX && !b_ro[j])
			return i;
	}
	return -2;
}

static __always_inline int loop_strspn(void)
{
	int i;

	for (i = 0; i < BENCH_MAX; i++) {
		int j;

		if (!a[i])
			break;
		for (j = 0; j < LOOP_SET_MAX; j++)
			if (!b_ro[j] || b_ro[j] == a[i])
				break;
		if (j == LOOP_SET_MAX || !b_ro[j])
			break;
	}
	return i;
}

static __always_inline int loop_op(void)
{
	switch (op) {
	case B_STRLEN:
		return loop_strnlen(BENCH_MAX);
	case B_STRNLEN:
		return loop_strnlen(BENCH_MAX);
	case B_STRCHR:
	case B_STRNCHR:
		return loop_strnchr(BENCH_MAX, 'z');
	case B_STRSTR:
	case B_STRNSTR:
		return loop_strnstr(BENCH_MAX);
	case B_STRCMP:
		return bpf_strncmp(a, BENCH_MAX, (const char *)b_ro);
	case B_STRSPN:
		return loop_strspn();
	}
	return 0;
}

#define A	a, BENCH_MAX
#define B	b, BENCH_MAX
/* One op: the bounded call, then the unbounded arguments after a name. */
#define OP(id, name, bufargs, ...)					\
	case id:							\
		result = impl == IMPL_NONE ? 0 :			\
			 impl == IMPL_BUF ? kfx_##name##_buf bufargs :	\
			 impl == IMPL_KFX ? kfx_##name(__VA_ARGS__) :	\
			 bpf_##name(__VA_ARGS__);			\
		break

/* XDP, not SYSCALL: only the former's test run repeats and times. */
SEC("xdp")
int bench(struct xdp_md *ctx)
{
	if (impl == IMPL_LOOP) {
		result = loop_op();
		return XDP_PASS;
	}
	switch (op) {
	OP(B_STRLEN, strlen, (A), a);
	OP(B_STRNLEN, strnlen, (A, BENCH_MAX), a, BENCH_MAX);
	OP(B_STRCHR, strchr, (A, 'z'), a, 'z');
	OP(B_STRNCHR, strnchr, (A, BENCH_MAX, 'z'), a, BENCH_MAX, 'z');
	OP(B_STRCHRNUL, strchrnul, (A, 'z'), a, 'z');
	OP(B_STRRCHR, strrchr, (A, 'z'), a, 'z');
	OP(B_STRCMP, strcmp, (A, B), a, b);
	OP(B_STRCASECMP, strcasecmp, (A, B), a, b);
	OP(B_STRNCASECMP, strncasecmp, (A, B, BENCH_MAX), a, b, BENCH_MAX);
	OP(B_STRSPN, strspn, (A, B), a, b);
	OP(B_STRCSPN, strcspn, (A, B), a, b);
	OP(B_STRSTR, strstr, (A, B), a, b);
	OP(B_STRCASESTR, strcasestr, (A, B), a, b);
	OP(B_STRNSTR, strnstr, (A, B, BENCH_MAX), a, b, BENCH_MAX);
	OP(B_STRNCASESTR, strncasestr, (A, B, BENCH_MAX), a, b, BENCH_MAX);
	}
	return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
