// SPDX-License-Identifier: GPL-2.0
/*
 * String family, unbounded: fault safety.  Bad pointers in every position
 * give the exact errno, and the harness checks the kernel log stays clean.
 *
 * The string that runs into an unmapped page lives at the end of an
 * mmapable array's value: that memory is vmalloc'ed, page aligned and
 * followed by a guard page.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "kfx_check.h"

#define PAGE 4096

struct page_buf {
	char data[PAGE];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(map_flags, BPF_F_MMAPABLE);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct page_buf);
} guarded SEC(".maps");

/* 8 'a' and then the guard page: no terminator before the fault. */
static char *edge_string(void)
{
	struct page_buf *v;
	__u32 key = 0;
	__u64 *q;
	int i;

	v = bpf_map_lookup_elem(&guarded, &key);
	if (!v)
		return NULL;
	q = (__u64 *)v->data;
	for (i = 0; i < PAGE / 8; i++) {
		q[i] = 0x6161616161616161ULL;	/* 'a' x 8 */
		asm volatile("" : "+r"(i));	/* not a memset() call */
	}
	return v->data + PAGE - 8;
}

SEC("syscall")
__success __retval(0)
int runs_into_unmapped_page(void *ctx)
{
	const char *p = edge_string();

	if (!p)
		return 1;
	CHECK(kfx_strlen(p) == -EFAULT);
	CHECK(kfx_strnlen(p, 8) == 8);
	CHECK(kfx_strnlen(p, 9) == -EFAULT);
	CHECK(kfx_strchr(p, 'a') == 0);
	CHECK(kfx_strchr(p, 'b') == -EFAULT);
	CHECK(kfx_strnchr(p, 8, 'b') == -ENOENT);
	CHECK(kfx_strnchr(p, 9, 'b') == -EFAULT);
	CHECK(kfx_strchrnul(p, 'b') == -EFAULT);
	CHECK(kfx_strrchr(p, 'a') == -EFAULT);
	CHECK(kfx_strcmp(p, S("ab")) == -1);
	CHECK(kfx_strcmp(p, p) == -EFAULT);
	CHECK(kfx_strcmp(S("aaaaaaaaa"), p) == -EFAULT);
	CHECK(kfx_strcasecmp(p, S("AAAAAAAAAA")) == -EFAULT);
	CHECK(kfx_strncasecmp(p, p, 8) == 0);
	CHECK(kfx_strncasecmp(p, p, 9) == -EFAULT);
	CHECK(kfx_strspn(p, S("a")) == -EFAULT);
	CHECK(kfx_strspn(S("b"), p) == -EFAULT);
	CHECK(kfx_strspn(S("a"), p) == 1);
	CHECK(kfx_strcspn(p, S("b")) == -EFAULT);
	CHECK(kfx_strcspn(S("b"), p) == -EFAULT);
	CHECK(kfx_strstr(p, S("b")) == -EFAULT);
	CHECK(kfx_strstr(S("aaaaaaaaaa"), p) == -EFAULT);
	CHECK(kfx_strstr(S("xyz"), p) == -ENOENT);
	CHECK(kfx_strcasestr(p, S("B")) == -EFAULT);
	CHECK(kfx_strnstr(p, S("b"), 8) == -ENOENT);
	CHECK(kfx_strnstr(p, S("b"), 9) == -EFAULT);
	CHECK(kfx_strncasestr(S("AAAAAAAAAA"), p, 99) == -EFAULT);
	return 0;
}

#define NUL_PTR		((const char *)0)
#define USER_PTR	((const char *)0x10000)
#define TOP_PTR		((const char *)-1L)

/*
 * NULL, a user address, (char *)-1 and an unmapped kernel address (the
 * guard page itself) in every pointer position of every kfunc.  Only
 * kernels with the __ign argument suffix (6.2+, with bpf_rcu_read_lock)
 * let a program pass them at all.
 */
SEC("syscall")
__success __retval(0) __needs_ksym("bpf_rcu_read_lock")
int bad_pointers(void *ctx)
{
	const char *edge = edge_string();
	const char *bad[4] = { NUL_PTR, USER_PTR, TOP_PTR, edge + 8 };
	const int want[4] = { USER_PTR_ERR, USER_PTR_ERR, -EFAULT, -EFAULT };
	const char *ok = S("abc");
	int i;

	if (!edge)
		return 1;
	for (i = 0; i < 4; i++) {
		const char *b = bad[i];
		int w = want[i];

		CHECK(kfx_strlen(b) == w);
		CHECK(kfx_strnlen(b, 3) == w);
		CHECK(kfx_strchr(b, 'a') == w);
		CHECK(kfx_strnchr(b, 3, 'a') == w);
		CHECK(kfx_strchrnul(b, 'a') == w);
		CHECK(kfx_strrchr(b, 'a') == w);
		CHECK(kfx_strcmp(b, ok) == w);
		CHECK(kfx_strcmp(ok, b) == w);
		CHECK(kfx_strcasecmp(b, ok) == w);
		CHECK(kfx_strcasecmp(ok, b) == w);
		CHECK(kfx_strncasecmp(b, ok, 3) == w);
		CHECK(kfx_strncasecmp(ok, b, 3) == w);
		CHECK(kfx_strspn(b, ok) == w);
		CHECK(kfx_strspn(ok, b) == w);
		CHECK(kfx_strcspn(b, ok) == w);
		CHECK(kfx_strcspn(ok, b) == w);
		CHECK(kfx_strstr(b, ok) == w);
		CHECK(kfx_strstr(ok, b) == w);
		CHECK(kfx_strcasestr(b, ok) == w);
		CHECK(kfx_strcasestr(ok, b) == w);
		CHECK(kfx_strnstr(b, ok, 3) == w);
		CHECK(kfx_strnstr(ok, b, 3) == w);
		CHECK(kfx_strncasestr(b, ok, 3) == w);
		CHECK(kfx_strncasestr(ok, b, 3) == w);
	}
	/*
	 * x86-64: -ERANGE is decided before any read, so a user pointer wins;
	 * arm64: every read faults.
	 */
	CHECK(kfx_strcmp(TOP_PTR, NUL_PTR) == USER_PTR_ERR);
	CHECK(kfx_strcmp(edge + 8, USER_PTR) == USER_PTR_ERR);
	/* arm64 reads nothing for a count of 0, so nothing faults */
	CHECK(kfx_strnlen(USER_PTR, 0) == (USER_PTR_ERR == -ERANGE ? -ERANGE : 0));
	CHECK(kfx_strnchr(NUL_PTR, 0, 'a') == (USER_PTR_ERR == -ERANGE ? -ERANGE : -ENOENT));
	return 0;
}

/* 6.1's verifier lets a NULL through (as an empty memory argument). */
SEC("syscall")
__success __retval(0)
int null_pointer_everywhere(void *ctx)
{
	CHECK(kfx_strlen(NUL_PTR) == USER_PTR_ERR);
	CHECK(kfx_strcmp(S("a"), NUL_PTR) == USER_PTR_ERR);
	CHECK(kfx_strstr(NUL_PTR, S("a")) == USER_PTR_ERR);
	return 0;
}

/* 6.1 has no __ign: any other scalar is refused by the verifier. */
SEC("syscall")
__failure __msg("R1 type=scalar expected=fp") __without_ksym("bpf_rcu_read_lock")
int user_pointer_refused_on_6_1(void *ctx)
{
	return kfx_strlen(USER_PTR);
}

char _license[] SEC("license") = "GPL";
