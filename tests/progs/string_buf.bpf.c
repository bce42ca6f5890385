// SPDX-License-Identifier: GPL-2.0
/*
 * String family, bounded (the _buf twins): the same results as the
 * unbounded kfuncs on the same strings, strings ending at the end of a
 * buffer without a NUL, and the verifier refusing a size larger than the
 * buffer.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "kfx_check.h"

#define N 8
#define W 24

/* Writable (.data), as 6.1 wants; each string NUL-terminated in W bytes. */
char strs[N][W] = {
	"", "a", "abcabc", "HeLLo", "hello", "\xc9t\xe9", "aab", "ll",
};

SEC("syscall")
__success __retval(0)
int same_results_as_unbounded(void *ctx)
{
	int i, j;

	for (i = 0; i < N; i++) {
		const char *a = strs[i];

		CHECK(kfx_strlen_buf(a, W) == kfx_strlen(a));
		CHECK(kfx_strnlen_buf(a, W, 3) == kfx_strnlen(a, 3));
		CHECK(kfx_strchr_buf(a, W, 'l') == kfx_strchr(a, 'l'));
		CHECK(kfx_strchr_buf(a, W, 0) == kfx_strchr(a, 0));
		CHECK(kfx_strnchr_buf(a, W, 2, 'b') == kfx_strnchr(a, 2, 'b'));
		CHECK(kfx_strchrnul_buf(a, W, 'c') == kfx_strchrnul(a, 'c'));
		CHECK(kfx_strrchr_buf(a, W, 'a') == kfx_strrchr(a, 'a'));
		CHECK(kfx_strrchr_buf(a, W, 0xe9) == kfx_strrchr(a, 0xe9));
		for (j = 0; j < N; j++) {
			const char *b = strs[j];

			CHECK(kfx_strcmp_buf(a, W, b, W) == kfx_strcmp(a, b));
			CHECK(kfx_strcasecmp_buf(a, W, b, W) == kfx_strcasecmp(a, b));
			CHECK(kfx_strncasecmp_buf(a, W, b, W, 2) ==
			      kfx_strncasecmp(a, b, 2));
			CHECK(kfx_strspn_buf(a, W, b, W) == kfx_strspn(a, b));
			CHECK(kfx_strcspn_buf(a, W, b, W) == kfx_strcspn(a, b));
			CHECK(kfx_strstr_buf(a, W, b, W) == kfx_strstr(a, b));
			CHECK(kfx_strcasestr_buf(a, W, b, W) == kfx_strcasestr(a, b));
			CHECK(kfx_strnstr_buf(a, W, b, W, 4) == kfx_strnstr(a, b, 4));
			CHECK(kfx_strncasestr_buf(a, W, b, W, 4) ==
			      kfx_strncasestr(a, b, 4));
		}
	}
	return 0;
}

char unterminated[3] = { 'a', 'b', 'c' };
char abc[4] = "abc";

SEC("syscall")
__success __retval(0)
int buffer_end_ends_the_string(void *ctx)
{
	CHECK(kfx_strlen_buf(unterminated, 3) == 3);
	CHECK(kfx_strlen_buf(unterminated, 2) == 2);
	CHECK(kfx_strchr_buf(unterminated, 3, '\0') == 3);
	CHECK(kfx_strrchr_buf(unterminated, 3, 0) == 3);
	CHECK(kfx_strcmp_buf(unterminated, 3, abc, 4) == 0);
	CHECK(kfx_strcmp_buf(unterminated, 2, abc, 4) == -1);
	CHECK(kfx_strstr_buf(abc, 4, unterminated, 2) == 0);
	CHECK(kfx_strspn_buf(abc, 4, unterminated, 1) == 1);
	return 0;
}

/*
 * The size is proven: one larger than the buffer does not load.  6.1 says
 * "arg#0 arg#1 memory, len pair ...", 6.12+ "R1 and R2 memory, len pair ...".
 */
SEC("syscall")
__failure __msg("off=-8 size=16")
__msg("memory, len pair leads to invalid memory access")
int size_larger_than_buffer(void *ctx)
{
	char buf[8] = "1234567";

	return kfx_strlen_buf(buf, 16);
}

char _license[] SEC("license") = "GPL";
