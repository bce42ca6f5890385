// SPDX-License-Identifier: GPL-2.0
/*
 * String family, unbounded, x86-64: the user range's guard page (issue 30,
 * item 7).  Upstream's copy_from_kernel_nofault_allowed() refuses every
 * address below TASK_SIZE_MAX + PAGE_SIZE (the user range and the page
 * after it) and every non-canonical one; kfx_nofault_read_check()
 * (kfx_compat.h) does the same: -ERANGE, decided before any read.
 *
 * TASK_SIZE_MAX is (1 << 47) - PAGE_SIZE with 4-level paging and
 * (1 << 56) - PAGE_SIZE with 5-level paging (LA57, -cpu max), so the guard
 * page is 0x00007ffffffff000 or 0x00fffffffffff000.  Both, their last
 * bytes, the bytes just below them (the user range's last) and just above
 * them are tried here, and every one is -ERANGE in BOTH paging modes:
 *
 *   address              4-level paging           5-level paging
 *   0x00007fffffffefff   user                     user
 *   0x00007ffffffff000   guard page               user
 *   0x00007fffffffffff   guard page               user
 *   0x0000800000000000   non-canonical            user
 *   0x00ffffffffffefff   non-canonical            user
 *   0x00fffffffffff000   non-canonical            guard page
 *   0x00ffffffffffffff   non-canonical            guard page
 *   0x0100000000000000   non-canonical            non-canonical
 *
 * so the program needs no knowledge of the mode the guest runs in (the
 * runner notes it from /proc/cpuinfo's la57 flag elsewhere, in the
 * bad-pointer differential).  A check that lets the guard page through
 * (TASK_SIZE_MAX instead of TASK_SIZE_MAX + PAGE_SIZE) reads it: the page
 * is never mapped, so that read gives -EFAULT instead.  The guard page's
 * cases catch that in either mode.  Only kernels with __ign (6.2+) let a
 * program pass such numbers.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "kfx_check.h"

#define NADDR 8

static const unsigned long addrs[NADDR] = {
	0x00007fffffffefffUL,
	0x00007ffffffff000UL,
	0x00007fffffffffffUL,
	0x0000800000000000UL,
	0x00ffffffffffefffUL,
	0x00fffffffffff000UL,
	0x00ffffffffffffffUL,
	0x0100000000000000UL,
};

SEC("syscall")
__success __retval(0) __arch("x86") __needs_ksym("bpf_rcu_read_lock")
int user_guard_page(void *ctx)
{
	const char *ok = S("abc");
	int i;

	/* returns 0, or (index of the address + 1) * 1000 + the line */
	for (i = 0; i < NADDR; i++) {
		const char *b = (const char *)addrs[i];
		int w = -ERANGE;

#define C(e) do { if (!(e)) return (i + 1) * 1000 + __LINE__; } while (0)
		C(kfx_strlen(b) == w);
		C(kfx_strnlen(b, 3) == w);
		C(kfx_strchr(b, 'a') == w);
		C(kfx_strnchr(b, 3, 'a') == w);
		C(kfx_strchrnul(b, 'a') == w);
		C(kfx_strrchr(b, 'a') == w);
		C(kfx_strcmp(b, ok) == w);
		C(kfx_strcmp(ok, b) == w);
		C(kfx_strcasecmp(b, ok) == w);
		C(kfx_strcasecmp(ok, b) == w);
		C(kfx_strncasecmp(b, ok, 3) == w);
		C(kfx_strncasecmp(ok, b, 3) == w);
		C(kfx_strspn(b, ok) == w);
		C(kfx_strspn(ok, b) == w);
		C(kfx_strcspn(b, ok) == w);
		C(kfx_strcspn(ok, b) == w);
		C(kfx_strstr(b, ok) == w);
		C(kfx_strstr(ok, b) == w);
		C(kfx_strcasestr(b, ok) == w);
		C(kfx_strcasestr(ok, b) == w);
		C(kfx_strnstr(b, ok, 3) == w);
		C(kfx_strnstr(ok, b, 3) == w);
		C(kfx_strncasestr(b, ok, 3) == w);
		C(kfx_strncasestr(ok, b, 3) == w);
#undef C
	}
	return 0;
}

char _license[] SEC("license") = "GPL";
