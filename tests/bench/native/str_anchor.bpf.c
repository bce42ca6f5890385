// SPDX-License-Identifier: GPL-2.0
/*
 * The running kernel's own bpf_str*() kfuncs, CALLS calls per run, for
 * str_anchor (make bench-native): XDP programs because BPF_PROG_TEST_RUN
 * repeats them and reports the time.  t_empty is the same loop without the
 * call, subtracted by the loader.  The strings are this object's .bss,
 * filled by the loader; @oa/@ob place them in their areas.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#define CALLS	64
#define AREA	8192

/* upstream's signatures (kernel/bpf/helpers.c, 6.17+), nothing of kfx */
extern int bpf_strlen(const char *s__ign) __ksym;
extern int bpf_strnlen(const char *s__ign, size_t count) __ksym;
extern int bpf_strchr(const char *s__ign, char c) __ksym;
extern int bpf_strnchr(const char *s__ign, size_t count, char c) __ksym;
extern int bpf_strchrnul(const char *s__ign, char c) __ksym;
extern int bpf_strrchr(const char *s__ign, int c) __ksym;
extern int bpf_strcmp(const char *s1__ign, const char *s2__ign) __ksym;
extern int bpf_strcasecmp(const char *s1__ign, const char *s2__ign) __ksym;
extern int bpf_strspn(const char *s__ign, const char *accept__ign) __ksym;
extern int bpf_strcspn(const char *s__ign, const char *reject__ign) __ksym;
extern int bpf_strstr(const char *s1__ign, const char *s2__ign) __ksym;
extern int bpf_strnstr(const char *s1__ign, const char *s2__ign, size_t len) __ksym;

char area_a[AREA], area_b[AREA];
unsigned int oa, ob;
__u64 n;
int c, result;

#define A	(area_a + (oa & 4095))
#define B	(area_b + (ob & 4095))

/* CALLS calls of @call; the last result kept for the loader's check */
#define TIMED(name, call)						\
SEC("xdp") int name(struct xdp_md *ctx)				\
{									\
	int k, r = 0;							\
									\
	_Pragma("clang loop unroll(disable)")				\
	for (k = 0; k < CALLS; k++) {					\
		r = (call);						\
		asm volatile("" : "+r"(r));				\
	}								\
	result = r;							\
	return XDP_PASS;						\
}

TIMED(t_empty, k)
TIMED(t_strlen, bpf_strlen(A))
TIMED(t_strnlen, bpf_strnlen(A, n))
TIMED(t_strchr, bpf_strchr(A, c))
TIMED(t_strnchr, bpf_strnchr(A, n, c))
TIMED(t_strchrnul, bpf_strchrnul(A, c))
TIMED(t_strrchr, bpf_strrchr(A, c))
TIMED(t_strcmp, bpf_strcmp(A, B))
TIMED(t_strcasecmp, bpf_strcasecmp(A, B))
TIMED(t_strspn, bpf_strspn(A, B))
TIMED(t_strcspn, bpf_strcspn(A, B))
TIMED(t_strstr, bpf_strstr(A, B))
TIMED(t_strnstr, bpf_strnstr(A, B, n))

char LICENSE[] SEC("license") = "GPL";
