// SPDX-License-Identifier: GPL-2.0
/*
 * String family, unbounded: conformance to upstream's contract on every
 * kernel (api-contract.md).  Each program states the facts of one kfunc.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "kfx_check.h"

/* 65536 'a' and no NUL within them: -E2BIG from any input position. */
char big[65536 + 8] = { [0 ... 65535] = 'a' };

SEC("syscall")
__success __retval(0)
int strlen_cases(void *ctx)
{
	CHECK(kfx_strlen(S("")) == 0);
	CHECK(kfx_strlen(S("a")) == 1);
	CHECK(kfx_strlen(S("hello, world")) == 12);
	CHECK(kfx_strlen(S("\xff\x80\x01")) == 3);
	CHECK(kfx_strlen(big) == -E2BIG);
	CHECK(kfx_strlen(big + 1) == 65535);
	return 0;
}

SEC("syscall")
__success __retval(0)
int strnlen_cases(void *ctx)
{
	CHECK(kfx_strnlen(S("hello"), 0) == 0);
	CHECK(kfx_strnlen(S("hello"), 1) == 1);
	CHECK(kfx_strnlen(S("hello"), 5) == 5);
	CHECK(kfx_strnlen(S("hello"), 6) == 5);
	CHECK(kfx_strnlen(S(""), 3) == 0);
	CHECK(kfx_strnlen(big, 65535) == 65535);
	CHECK(kfx_strnlen(big, 65536) == -E2BIG);
	CHECK(kfx_strnlen(big, -1UL) == -E2BIG);
	return 0;
}

SEC("syscall")
__success __retval(0)
int strchr_cases(void *ctx)
{
	CHECK(kfx_strchr(S("abcabc"), 'a') == 0);
	CHECK(kfx_strchr(S("abcabc"), 'c') == 2);
	CHECK(kfx_strchr(S("abcabc"), 'z') == -ENOENT);
	CHECK(kfx_strchr(S("abc"), '\0') == 3);
	CHECK(kfx_strchr(S(""), '\0') == 0);
	CHECK(kfx_strchr(S(""), 'a') == -ENOENT);
	CHECK(kfx_strchr(S("a\xe9z"), '\xe9') == 1);
	CHECK(kfx_strchr(big, 'b') == -E2BIG);
	CHECK(kfx_strchr(big + 1, '\0') == 65535);
	return 0;
}

SEC("syscall")
__success __retval(0)
int strnchr_cases(void *ctx)
{
	CHECK(kfx_strnchr(S("abcabc"), 3, 'c') == 2);
	CHECK(kfx_strnchr(S("abcabc"), 2, 'c') == -ENOENT);
	CHECK(kfx_strnchr(S("abc"), 0, 'a') == -ENOENT);
	CHECK(kfx_strnchr(S("abc"), 1, 'a') == 0);
	CHECK(kfx_strnchr(S("abc"), 4, '\0') == 3);
	CHECK(kfx_strnchr(S("abc"), 3, '\0') == -ENOENT);
	CHECK(kfx_strnchr(S("abc"), 99, 'z') == -ENOENT);
	CHECK(kfx_strnchr(big, 65535, 'b') == -ENOENT);
	CHECK(kfx_strnchr(big, 65536, 'b') == -E2BIG);
	return 0;
}

SEC("syscall")
__success __retval(0)
int strchrnul_cases(void *ctx)
{
	CHECK(kfx_strchrnul(S("abc"), 'a') == 0);
	CHECK(kfx_strchrnul(S("abc"), 'c') == 2);
	CHECK(kfx_strchrnul(S("abc"), 'z') == 3);
	CHECK(kfx_strchrnul(S("abc"), '\0') == 3);
	CHECK(kfx_strchrnul(S(""), 'z') == 0);
	CHECK(kfx_strchrnul(big, 'b') == -E2BIG);
	return 0;
}

SEC("syscall")
__success __retval(0)
int strrchr_cases(void *ctx)
{
	CHECK(kfx_strrchr(S("abcabc"), 'a') == 3);
	CHECK(kfx_strrchr(S("abcabc"), 'c') == 5);
	CHECK(kfx_strrchr(S("abcabc"), 'z') == -ENOENT);
	CHECK(kfx_strrchr(S("abcabc"), 0) == 6);
	CHECK(kfx_strrchr(S(""), 0) == 0);
	CHECK(kfx_strrchr(S("a\xe9\xe9"), 0xe9) == 2);
	CHECK(kfx_strrchr(S("a\xe9\xe9"), -23) == -ENOENT);	/* unsigned */
	CHECK(kfx_strrchr(S("aaa"), 'a' + 256) == -ENOENT);
	CHECK(kfx_strrchr(big, 'a') == -E2BIG);
	CHECK(kfx_strrchr(big + 1, 'a') == 65534);
	return 0;
}

SEC("syscall")
__success __retval(0)
int strcmp_cases(void *ctx)
{
	CHECK(kfx_strcmp(S("abc"), S("abc")) == 0);
	CHECK(kfx_strcmp(S("abc"), S("abd")) == -1);
	CHECK(kfx_strcmp(S("abd"), S("abc")) == 1);
	CHECK(kfx_strcmp(S("ab"), S("abc")) == -1);
	CHECK(kfx_strcmp(S("abc"), S("ab")) == 1);
	CHECK(kfx_strcmp(S(""), S("")) == 0);
	CHECK(kfx_strcmp(S("A"), S("a")) == -1);
	CHECK(kfx_strcmp(S("\x80"), S("a")) == 1);	/* unsigned, as upstream */
	CHECK(kfx_strcmp(big, big) == -E2BIG);
	CHECK(kfx_strcmp(big + 1, big + 1) == 0);
	CHECK(kfx_strcmp(big, S("a")) == 1);
	return 0;
}

SEC("syscall")
__success __retval(0)
int strcasecmp_cases(void *ctx)
{
	CHECK(kfx_strcasecmp(S("HeLLo"), S("hello")) == 0);
	CHECK(kfx_strcasecmp(S("abc"), S("ABD")) == -1);
	CHECK(kfx_strcasecmp(S("["), S("{")) == -1);
	CHECK(kfx_strcasecmp(S("@"), S("`")) == -1);
	CHECK(kfx_strcasecmp(S("\xc9"), S("\xe9")) == 0);	/* Latin-1 E acute */
	CHECK(kfx_strcasecmp(S("\xd7"), S("\xf7")) == -1);	/* not letters */
	CHECK(kfx_strcasecmp(S("\xdf"), S("\xff")) == -1);
	CHECK(kfx_strcasecmp(big, big) == -E2BIG);
	return 0;
}

SEC("syscall")
__success __retval(0)
int strncasecmp_cases(void *ctx)
{
	CHECK(kfx_strncasecmp(S("abcX"), S("ABCy"), 3) == 0);
	CHECK(kfx_strncasecmp(S("abcX"), S("ABCy"), 4) == -1);
	CHECK(kfx_strncasecmp(S("x"), S("y"), 0) == 0);
	CHECK(kfx_strncasecmp(S("x"), S("y"), 1) == -1);
	CHECK(kfx_strncasecmp(S("ab"), S("AB"), 99) == 0);
	CHECK(kfx_strncasecmp(big, big, 65535) == 0);
	CHECK(kfx_strncasecmp(big, big, 65536) == -E2BIG);
	return 0;
}

SEC("syscall")
__success __retval(0)
int strspn_cases(void *ctx)
{
	CHECK(kfx_strspn(S("aabbc"), S("ab")) == 4);
	CHECK(kfx_strspn(S("aabbc"), S("abc")) == 5);
	CHECK(kfx_strspn(S("aabbc"), S("")) == 0);
	CHECK(kfx_strspn(S(""), S("abc")) == 0);
	CHECK(kfx_strspn(S("\xe9\xe9x"), S("\xe9")) == 2);
	CHECK(kfx_strspn(S("b"), big) == -E2BIG);	/* accept set */
	CHECK(kfx_strspn(big, S("a")) == -E2BIG);	/* string */
	CHECK(kfx_strspn(S("a"), big) == 1);
	return 0;
}

SEC("syscall")
__success __retval(0)
int strcspn_cases(void *ctx)
{
	CHECK(kfx_strcspn(S("aabbc"), S("c")) == 4);
	CHECK(kfx_strcspn(S("aabbc"), S("a")) == 0);
	CHECK(kfx_strcspn(S("aabbc"), S("")) == 5);
	CHECK(kfx_strcspn(S(""), S("a")) == 0);
	CHECK(kfx_strcspn(S("b"), big) == -E2BIG);	/* reject set */
	CHECK(kfx_strcspn(big, S("b")) == -E2BIG);	/* string */
	return 0;
}

SEC("syscall")
__success __retval(0)
int strstr_cases(void *ctx)
{
	CHECK(kfx_strstr(S("hello"), S("ll")) == 2);
	CHECK(kfx_strstr(S("hello"), S("he")) == 0);
	CHECK(kfx_strstr(S("hello"), S("lo")) == 3);
	CHECK(kfx_strstr(S("hello"), S("")) == 0);
	CHECK(kfx_strstr(S(""), S("")) == 0);
	CHECK(kfx_strstr(S("hello"), S("low")) == -ENOENT);
	CHECK(kfx_strstr(S("aaab"), S("aab")) == 1);
	CHECK(kfx_strstr(S("hello"), S("LL")) == -ENOENT);
	CHECK(kfx_strstr(big, S("b")) == -E2BIG);	/* haystack */
	CHECK(kfx_strstr(S("aaa"), big) == -ENOENT);	/* needle outlives s1 */
	CHECK(kfx_strstr(big, big) == -E2BIG);		/* needle */
	return 0;
}

SEC("syscall")
__success __retval(0)
int strcasestr_cases(void *ctx)
{
	CHECK(kfx_strcasestr(S("HeLLo"), S("ll")) == 2);
	CHECK(kfx_strcasestr(S("hello"), S("LO")) == 3);
	CHECK(kfx_strcasestr(S("x\xc9y"), S("\xe9")) == 1);
	CHECK(kfx_strcasestr(S("hello"), S("x")) == -ENOENT);
	CHECK(kfx_strcasestr(big, S("B")) == -E2BIG);
	return 0;
}

SEC("syscall")
__success __retval(0)
int strnstr_cases(void *ctx)
{
	CHECK(kfx_strnstr(S("hello"), S(""), 0) == 0);
	CHECK(kfx_strnstr(S("hello"), S("he"), 1) == -ENOENT);
	CHECK(kfx_strnstr(S("hello"), S("he"), 2) == 0);
	CHECK(kfx_strnstr(S("hello"), S("lo"), 4) == -ENOENT);
	CHECK(kfx_strnstr(S("hello"), S("lo"), 5) == 3);
	CHECK(kfx_strnstr(S("hello"), S("lo"), 99) == 3);
	CHECK(kfx_strnstr(big, S("ab"), 65536) == -ENOENT);
	CHECK(kfx_strnstr(big, S("b"), 65536) == -E2BIG);
	return 0;
}

SEC("syscall")
__success __retval(0)
int strncasestr_cases(void *ctx)
{
	CHECK(kfx_strncasestr(S("HeLLo"), S("ll"), 4) == 2);
	CHECK(kfx_strncasestr(S("HeLLo"), S("ll"), 3) == -ENOENT);
	CHECK(kfx_strncasestr(S("HeLLo"), S(""), 0) == 0);
	CHECK(kfx_strncasestr(S("\xc9t\xc9"), S("\xe9T\xe9"), 3) == 0);
	return 0;
}

/* Callable from every program type kfx serves. */
#define TC_ACT_OK	0

SEC("tc")
__success __retval(TC_ACT_OK)
int from_tc(struct __sk_buff *skb)
{
	return kfx_strlen(S("abc")) == 3 && kfx_strlen_buf(S("abc"), 4) == 3 ?
	       TC_ACT_OK : 2;
}

SEC("xdp")
__success __retval(2) /* XDP_PASS */
int from_xdp(struct xdp_md *xdp)
{
	return kfx_strstr(S("hello"), S("ll")) == 2 ? XDP_PASS : XDP_DROP;
}

SEC("action")
__success __retval(TC_ACT_OK) __needs_ksym("bpf_dynptr_from_skb")
int from_sched_act(struct __sk_buff *skb)
{
	return kfx_strcmp(S("a"), S("a")) == 0 ? TC_ACT_OK : 2;
}

int lsm_seen;

SEC("lsm/file_open")
__success
int BPF_PROG(from_lsm, struct file *file)
{
	lsm_seen = kfx_strchr(S("abc"), 'c');
	return 0;
}

char _license[] SEC("license") = "GPL";
