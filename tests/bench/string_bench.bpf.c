// SPDX-License-Identifier: GPL-2.0
/*
 * String kfunc timing: one call per run of the program, upstream bpf_X,
 * kfx_X and kfx_X_buf on the same buffer.  The loader (string_bench.c)
 * runs it with BPF_PROG_TEST_RUN's repeat and reports side by side.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "string_bench.h"

extern int bpf_strlen(const char *s__ign) __ksym __weak;
extern int bpf_strnlen(const char *s__ign, size_t count) __ksym __weak;
extern int bpf_strchr(const char *s__ign, char c) __ksym __weak;
extern int bpf_strrchr(const char *s__ign, int c) __ksym __weak;
extern int bpf_strcmp(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strcasecmp(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strspn(const char *s__ign, const char *accept__ign) __ksym __weak;
extern int bpf_strstr(const char *s1__ign, const char *s2__ign) __ksym __weak;

char a[BENCH_MAX + 8];
char b[BENCH_MAX + 8];
const volatile int op, impl;
int result;

#define PICK(name, ...) (impl == IMPL_BPF ? bpf_##name(__VA_ARGS__) :	\
			 impl == IMPL_KFX ? kfx_##name(__VA_ARGS__) : -1)

/* XDP, not SYSCALL: only the former's test run repeats and times. */
SEC("xdp")
int bench(struct xdp_md *ctx)
{
	switch (op) {
	case B_STRLEN:
		result = impl == IMPL_BUF ? kfx_strlen_buf(a, BENCH_MAX) : PICK(strlen, a);
		break;
	case B_STRNLEN:
		result = impl == IMPL_BUF ? kfx_strnlen_buf(a, BENCH_MAX, BENCH_MAX) :
			 PICK(strnlen, a, BENCH_MAX);
		break;
	case B_STRCHR:
		result = impl == IMPL_BUF ? kfx_strchr_buf(a, BENCH_MAX, 'z') : PICK(strchr, a, 'z');
		break;
	case B_STRRCHR:
		result = impl == IMPL_BUF ? kfx_strrchr_buf(a, BENCH_MAX, 'z') : PICK(strrchr, a, 'z');
		break;
	case B_STRCMP:
		result = impl == IMPL_BUF ? kfx_strcmp_buf(a, BENCH_MAX, b, BENCH_MAX) :
			 PICK(strcmp, a, b);
		break;
	case B_STRCASECMP:
		result = impl == IMPL_BUF ? kfx_strcasecmp_buf(a, BENCH_MAX, b, BENCH_MAX) :
			 PICK(strcasecmp, a, b);
		break;
	case B_STRSPN:
		result = impl == IMPL_BUF ? kfx_strspn_buf(a, BENCH_MAX, b, BENCH_MAX) :
			 PICK(strspn, a, b);
		break;
	case B_STRSTR:
		result = impl == IMPL_BUF ? kfx_strstr_buf(a, BENCH_MAX, b, BENCH_MAX) :
			 PICK(strstr, a, b);
		break;
	}
	return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
