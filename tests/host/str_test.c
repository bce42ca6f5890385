// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the string core: the contract's cases, stated one per
 * line, then random and adversarial inputs against the reference model.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "str_host.h"
#include "str_diff.h"

static int fails, checks;

#define EXPECT(expr, want) do {						\
	int got_ = (expr);						\
	checks++;							\
	if (got_ != (want)) {						\
		fails++;						\
		printf("FAIL %s:%d: %s = %d, want %d\n", __FILE__,	\
		       __LINE__, #expr, got_, (want));			\
	}								\
} while (0)

static char big[3 * 65536] __attribute__((aligned(4096)));

static void spec_cases(void)
{
	const char *null = NULL, *user = (const char *)0x1000;

	/* strlen / strnlen */
	EXPECT(kfx_str_strlen(""), 0);
	EXPECT(kfx_str_strlen("a"), 1);
	EXPECT(kfx_str_strlen("hello, world"), 12);
	EXPECT(kfx_str_strnlen("hello", 0), 0);
	EXPECT(kfx_str_strnlen("hello", 1), 1);
	EXPECT(kfx_str_strnlen("hello", 5), 5);
	EXPECT(kfx_str_strnlen("hello", 6), 5);
	EXPECT(kfx_str_strlen(null), -ERANGE);
	EXPECT(kfx_str_strnlen(user, 0), -ERANGE);
	/* strchr family: first, last, absent, NUL as target */
	EXPECT(kfx_str_strchr("abcabc", 'a'), 0);
	EXPECT(kfx_str_strchr("abcabc", 'c'), 2);
	EXPECT(kfx_str_strchr("abcabc", 'z'), -ENOENT);
	EXPECT(kfx_str_strchr("abc", '\0'), 3);
	EXPECT(kfx_str_strchr("", '\0'), 0);
	EXPECT(kfx_str_strchr("a\xe9z", '\xe9'), 1);
	EXPECT(kfx_str_strnchr("abcabc", 3, 'c'), 2);
	EXPECT(kfx_str_strnchr("abcabc", 2, 'c'), -ENOENT);
	EXPECT(kfx_str_strnchr("abc", 0, 'a'), -ENOENT);
	EXPECT(kfx_str_strnchr("abc", 4, '\0'), 3);
	EXPECT(kfx_str_strnchr("abc", 3, '\0'), -ENOENT);
	EXPECT(kfx_str_strchrnul("abc", 'b'), 1);
	EXPECT(kfx_str_strchrnul("abc", 'z'), 3);
	EXPECT(kfx_str_strrchr("abcabc", 'a'), 3);
	EXPECT(kfx_str_strrchr("abcabc", 'c'), 5);
	EXPECT(kfx_str_strrchr("abcabc", 'z'), -ENOENT);
	EXPECT(kfx_str_strrchr("abcabc", 0), 6);
	EXPECT(kfx_str_strrchr("a\xe9\xe9", 0xe9), 2);
	EXPECT(kfx_str_strrchr("a\xe9\xe9", -23), -ENOENT);	/* unsigned chars */
	/* strcmp family: signed chars, case folding incl. Latin-1 */
	EXPECT(kfx_str_strncasecmp("abc", "abc", false, KFX_STR_MAX), 0);
	EXPECT(kfx_str_strncasecmp("abc", "abd", false, KFX_STR_MAX), -1);
	EXPECT(kfx_str_strncasecmp("abd", "abc", false, KFX_STR_MAX), 1);
	EXPECT(kfx_str_strncasecmp("ab", "abc", false, KFX_STR_MAX), -1);
	EXPECT(kfx_str_strncasecmp("", "", false, KFX_STR_MAX), 0);
	EXPECT(kfx_str_strncasecmp("\x80", "a", false, KFX_STR_MAX), 1);
	EXPECT(kfx_str_strncasecmp("HeLLo", "hello", true, KFX_STR_MAX), 0);
	EXPECT(kfx_str_strncasecmp("[", "{", true, KFX_STR_MAX), -1);
	EXPECT(kfx_str_strncasecmp("\xc9", "\xe9", true, KFX_STR_MAX), 0);
	EXPECT(kfx_str_strncasecmp("\xd7", "\xf7", true, KFX_STR_MAX), -1);
	EXPECT(kfx_str_strncasecmp("\xff", "\x01", false, KFX_STR_MAX), 1);
	EXPECT(kfx_str_strncasecmp("abcX", "ABCy", true, 3), 0);
	EXPECT(kfx_str_strncasecmp("abcX", "ABCy", true, 4), -1);
	EXPECT(kfx_str_strncasecmp("x", "y", true, 0), 0);
	EXPECT(kfx_str_strncasecmp("x", null, false, 1), -ERANGE);
	/* strspn / strcspn */
	EXPECT(kfx_str_span("aabbc", "ab", true), 4);
	EXPECT(kfx_str_span("aabbc", "", true), 0);
	EXPECT(kfx_str_span("", "abc", true), 0);
	EXPECT(kfx_str_span("aabbc", "c", false), 4);
	EXPECT(kfx_str_span("aabbc", "", false), 5);
	EXPECT(kfx_str_span("abc", null, false), -ERANGE);
	/* strstr family */
	EXPECT(kfx_str_strnstr("hello", "ll", KFX_STR_MAX, false), 2);
	EXPECT(kfx_str_strnstr("hello", "", KFX_STR_MAX, false), 0);
	EXPECT(kfx_str_strnstr("hello", "lo", KFX_STR_MAX, false), 3);
	EXPECT(kfx_str_strnstr("hello", "low", KFX_STR_MAX, false), -ENOENT);
	EXPECT(kfx_str_strnstr("hello", "", 0, false), 0);
	EXPECT(kfx_str_strnstr("hello", "he", 1, false), -ENOENT);
	EXPECT(kfx_str_strnstr("hello", "he", 2, false), 0);
	EXPECT(kfx_str_strnstr("hello", "lo", 4, false), -ENOENT);
	EXPECT(kfx_str_strnstr("hello", "lo", 5, false), 3);
	EXPECT(kfx_str_strnstr("HeLLo", "ll", KFX_STR_MAX, true), 2);
	EXPECT(kfx_str_strnstr("HeLLo", "ll", 3, true), -ENOENT);

	/* -E2BIG from each input position, at the exact boundary */
	memset(big, 'a', sizeof(big) - 1);
	big[65536] = '\0';
	EXPECT(kfx_str_strlen(big), -E2BIG);
	EXPECT(kfx_str_strnlen(big, 65535), 65535);
	EXPECT(kfx_str_strchr(big, 'b'), -E2BIG);
	EXPECT(kfx_str_strrchr(big, 'a'), -E2BIG);
	EXPECT(kfx_str_strncasecmp(big, big, false, KFX_STR_MAX), -E2BIG);
	EXPECT(kfx_str_span("b", big, true), -E2BIG);
	EXPECT(kfx_str_span(big, "a", true), -E2BIG);
	EXPECT(kfx_str_strnstr("aaa", big, KFX_STR_MAX, false), -ENOENT);
	big[65535] = '\0';
	EXPECT(kfx_str_strlen(big), 65535);
	EXPECT(kfx_str_strrchr(big, 'a'), 65534);
	EXPECT(kfx_str_strncasecmp(big, big, false, KFX_STR_MAX), 0);
}

/* A string running into an unmapped hole faults; one ending before it not. */
static void fault_cases(void)
{
	char *end = big + 8192;
	char *s = end - 5;

	memset(big, 'a', 8192);
	kfx_host_hole_lo = (uintptr_t)end;
	kfx_host_hole_hi = (uintptr_t)end + 4096;
	EXPECT(kfx_str_strlen(s), -EFAULT);
	EXPECT(kfx_str_strnlen(s, 5), 5);
	EXPECT(kfx_str_strnlen(s, 6), -EFAULT);
	EXPECT(kfx_str_strchr(s, 'a'), 0);
	EXPECT(kfx_str_strchr(s, 'b'), -EFAULT);
	EXPECT(kfx_str_strnchr(s, 5, 'b'), -ENOENT);
	EXPECT(kfx_str_strrchr(s, 'a'), -EFAULT);
	EXPECT(kfx_str_strncasecmp(s, "aab", false, KFX_STR_MAX), -1);
	EXPECT(kfx_str_strncasecmp(s, s, false, KFX_STR_MAX), -EFAULT);
	EXPECT(kfx_str_span("b", s, true), -EFAULT);
	EXPECT(kfx_str_span("a", s, true), 1);
	EXPECT(kfx_str_strnstr(s, "b", KFX_STR_MAX, false), -EFAULT);
	EXPECT(kfx_str_strnstr("xyz", s, KFX_STR_MAX, false), -ENOENT);
	EXPECT(kfx_str_strlen(end), -EFAULT);
	kfx_host_hole_lo = kfx_host_hole_hi = UINTPTR_MAX;
}

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint8_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* Random cases biased towards small alphabets, repeats and high bytes. */
static int random_cases(int n)
{
	static const char alpha[] = "aAbB\xc9\xe9\x80\xff ";
	uint8_t buf[96];
	int i, k, len, bad = 0;

	for (i = 0; i < n; i++) {
		len = 6 + rnd() % 90;
		for (k = 0; k < len; k++) {
			uint8_t r = rnd();

			buf[k] = k < 6 ? r : (r % 8 == 0 ? 0 : alpha[r % 9]);
		}
		if (kfx_diff_one(buf, len, false))
			bad++;
	}
	return bad;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 200000, bad;

	spec_cases();
	fault_cases();
	printf("spec: %d checks, %d failed\n", checks, fails);
	bad = random_cases(n);
	printf("random: %d cases against the reference model, %d mismatches\n", n, bad);
	return fails || bad;
}
