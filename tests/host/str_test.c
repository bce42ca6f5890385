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
	EXPECT(__kfx_strlen("", 0), 0);
	EXPECT(__kfx_strlen("a", 0), 1);
	EXPECT(__kfx_strlen("hello, world", 0), 12);
	EXPECT(__kfx_strnlen("hello", 0, 0), 0);
	EXPECT(__kfx_strnlen("hello", 0, 1), 1);
	EXPECT(__kfx_strnlen("hello", 0, 5), 5);
	EXPECT(__kfx_strnlen("hello", 0, 6), 5);
	EXPECT(__kfx_strlen(null, 0), -ERANGE);
	EXPECT(__kfx_strnlen(user, 0, 0), -ERANGE);
	/* strchr family: first, last, absent, NUL as target */
	EXPECT(__kfx_strchr("abcabc", 0, 'a'), 0);
	EXPECT(__kfx_strchr("abcabc", 0, 'c'), 2);
	EXPECT(__kfx_strchr("abcabc", 0, 'z'), -ENOENT);
	EXPECT(__kfx_strchr("abc", 0, '\0'), 3);
	EXPECT(__kfx_strchr("", 0, '\0'), 0);
	EXPECT(__kfx_strchr("a\xe9z", 0, '\xe9'), 1);
	EXPECT(__kfx_strnchr("abcabc", 0, 3, 'c'), 2);
	EXPECT(__kfx_strnchr("abcabc", 0, 2, 'c'), -ENOENT);
	EXPECT(__kfx_strnchr("abc", 0, 0, 'a'), -ENOENT);
	EXPECT(__kfx_strnchr("abc", 0, 4, '\0'), 3);
	EXPECT(__kfx_strnchr("abc", 0, 3, '\0'), -ENOENT);
	EXPECT(__kfx_strchrnul("abc", 0, 'b'), 1);
	EXPECT(__kfx_strchrnul("abc", 0, 'z'), 3);
	EXPECT(__kfx_strrchr("abcabc", 0, 'a'), 3);
	EXPECT(__kfx_strrchr("abcabc", 0, 'c'), 5);
	EXPECT(__kfx_strrchr("abcabc", 0, 'z'), -ENOENT);
	EXPECT(__kfx_strrchr("abcabc", 0, 0), 6);
	EXPECT(__kfx_strrchr("a\xe9\xe9", 0, 0xe9), 2);
	EXPECT(__kfx_strrchr("a\xe9\xe9", 0, -23), -ENOENT);	/* unsigned chars */
	/* strcmp family: signed chars, case folding incl. Latin-1 */
	EXPECT(__kfx_strncasecmp("abc", 0, "abc", 0, false, KFX_STR_MAX), 0);
	EXPECT(__kfx_strncasecmp("abc", 0, "abd", 0, false, KFX_STR_MAX), -1);
	EXPECT(__kfx_strncasecmp("abd", 0, "abc", 0, false, KFX_STR_MAX), 1);
	EXPECT(__kfx_strncasecmp("ab", 0, "abc", 0, false, KFX_STR_MAX), -1);
	EXPECT(__kfx_strncasecmp("", 0, "", 0, false, KFX_STR_MAX), 0);
	EXPECT(__kfx_strncasecmp("\x80", 0, "a", 0, false, KFX_STR_MAX), 1);
	EXPECT(__kfx_strncasecmp("HeLLo", 0, "hello", 0, true, KFX_STR_MAX), 0);
	EXPECT(__kfx_strncasecmp("[", 0, "{", 0, true, KFX_STR_MAX), -1);
	EXPECT(__kfx_strncasecmp("\xc9", 0, "\xe9", 0, true, KFX_STR_MAX), 0);
	EXPECT(__kfx_strncasecmp("\xd7", 0, "\xf7", 0, true, KFX_STR_MAX), -1);
	EXPECT(__kfx_strncasecmp("\xff", 0, "\x01", 0, false, KFX_STR_MAX), 1);
	EXPECT(__kfx_strncasecmp("abcX", 0, "ABCy", 0, true, 3), 0);
	EXPECT(__kfx_strncasecmp("abcX", 0, "ABCy", 0, true, 4), -1);
	EXPECT(__kfx_strncasecmp("x", 0, "y", 0, true, 0), 0);
	EXPECT(__kfx_strncasecmp("x", 0, null, 0, false, 1), -ERANGE);
	/* strspn / strcspn */
	EXPECT(__kfx_span("aabbc", 0, "ab", 0, true), 4);
	EXPECT(__kfx_span("aabbc", 0, "", 0, true), 0);
	EXPECT(__kfx_span("", 0, "abc", 0, true), 0);
	EXPECT(__kfx_span("aabbc", 0, "c", 0, false), 4);
	EXPECT(__kfx_span("aabbc", 0, "", 0, false), 5);
	EXPECT(__kfx_span("abc", 0, null, 0, false), -ERANGE);
	/* strstr family */
	EXPECT(__kfx_strnstr("hello", 0, "ll", 0, KFX_STR_MAX, false), 2);
	EXPECT(__kfx_strnstr("hello", 0, "", 0, KFX_STR_MAX, false), 0);
	EXPECT(__kfx_strnstr("hello", 0, "lo", 0, KFX_STR_MAX, false), 3);
	EXPECT(__kfx_strnstr("hello", 0, "low", 0, KFX_STR_MAX, false), -ENOENT);
	EXPECT(__kfx_strnstr("hello", 0, "", 0, 0, false), 0);
	EXPECT(__kfx_strnstr("hello", 0, "he", 0, 1, false), -ENOENT);
	EXPECT(__kfx_strnstr("hello", 0, "he", 0, 2, false), 0);
	EXPECT(__kfx_strnstr("hello", 0, "lo", 0, 4, false), -ENOENT);
	EXPECT(__kfx_strnstr("hello", 0, "lo", 0, 5, false), 3);
	EXPECT(__kfx_strnstr("HeLLo", 0, "ll", 0, KFX_STR_MAX, true), 2);
	EXPECT(__kfx_strnstr("HeLLo", 0, "ll", 0, 3, true), -ENOENT);
	/* the pair skip: every char the needle's first, the match at the end */
	EXPECT(__kfx_strnstr("aaaaaaaaaaaaaaaaaaaab", 0, "ab", 0, KFX_STR_MAX, false), 19);
	EXPECT(__kfx_strnstr("AAAAAAAAAAAAAAAAAAAAB", 0, "ab", 0, KFX_STR_MAX, true), 19);
	EXPECT(__kfx_strnstr("aaaaaaaaaaaaaaaaaaaab", 0, "ab", 0, 20, false), -ENOENT);
	EXPECT(__kfx_strnstr("abababababababababac", 0, "abac", 0, KFX_STR_MAX, false), 16);

	/* -E2BIG from each input position, at the exact boundary */
	memset(big, 'a', sizeof(big) - 1);
	big[65536] = '\0';
	EXPECT(__kfx_strlen(big, 0), -E2BIG);
	EXPECT(__kfx_strnlen(big, 0, 65535), 65535);
	EXPECT(__kfx_strchr(big, 0, 'b'), -E2BIG);
	EXPECT(__kfx_strrchr(big, 0, 'a'), -E2BIG);
	EXPECT(__kfx_strncasecmp(big, 0, big, 0, false, KFX_STR_MAX), -E2BIG);
	EXPECT(__kfx_span("b", 0, big, 0, true), -E2BIG);
	EXPECT(__kfx_span(big, 0, "a", 0, true), -E2BIG);
	EXPECT(__kfx_strnstr("aaa", 0, big, 0, KFX_STR_MAX, false), -ENOENT);
	big[65535] = '\0';
	EXPECT(__kfx_strlen(big, 0), 65535);
	EXPECT(__kfx_strrchr(big, 0, 'a'), 65534);
	EXPECT(__kfx_strncasecmp(big, 0, big, 0, false, KFX_STR_MAX), 0);
}

/* Bounded: a buffer without a terminator holds a string ending at its end. */
static void bounded_cases(void)
{
	static const char abc[] = "abcabc";
	static const char a20b[] = "aaaaaaaaaaaaaaaaaaaab";
	unsigned long e3 = (unsigned long)abc + 3;

	EXPECT(__kfx_strlen(abc, e3), 3);
	EXPECT(__kfx_strnlen(abc, e3, 2), 2);
	EXPECT(__kfx_strchr(abc, e3, 'c'), 2);
	EXPECT(__kfx_strchr(abc, e3, '\0'), 3);
	EXPECT(__kfx_strrchr(abc, e3, 'a'), 0);
	EXPECT(__kfx_strncasecmp(abc, e3, "abc", 0, false, KFX_STR_MAX), 0);
	EXPECT(__kfx_strncasecmp(abc, e3, "abcd", 0, false, KFX_STR_MAX), -1);
	EXPECT(__kfx_span(abc, e3, "abc", 0, true), 3);
	EXPECT(__kfx_strnstr(abc, e3, "ca", 0, KFX_STR_MAX, false), -ENOENT);
	EXPECT(__kfx_strnstr(abc, 0, "ca", 0, KFX_STR_MAX, false), 2);
	/* a needle longer than the haystack, its start matching: not found */
	EXPECT(__kfx_strnstr(abc, e3, "abca", (unsigned long)"abca" + 5,
			     KFX_STR_MAX, false), -ENOENT);
	EXPECT(__kfx_strnstr(abc, e3, "abc", (unsigned long)"abc" + 4,
			     KFX_STR_MAX, false), 0);
	/* the pair skip: every char the needle's first, or its second */
	EXPECT(__kfx_strnstr(a20b, (unsigned long)a20b + 22, "ab",
			     (unsigned long)"ab" + 3, KFX_STR_MAX, false), 19);
	EXPECT(__kfx_strnstr(a20b, (unsigned long)a20b + 22, "Ab",
			     (unsigned long)"Ab" + 3, KFX_STR_MAX, true), 19);
	EXPECT(__kfx_strnstr(a20b, (unsigned long)a20b + 22, "bb",
			     (unsigned long)"bb" + 3, KFX_STR_MAX, false), -ENOENT);
	EXPECT(__kfx_strlen(abc + 1, e3), 2);
}

/* A string running into an unmapped hole faults; one ending before it not. */
static void fault_cases(void)
{
	char *end = big + 8192;
	char *s = end - 5;

	memset(big, 'a', 8192);
	kfx_host_hole_lo = (uintptr_t)end;
	kfx_host_hole_hi = (uintptr_t)end + 4096;
	EXPECT(__kfx_strlen(s, 0), -EFAULT);
	EXPECT(__kfx_strnlen(s, 0, 5), 5);
	EXPECT(__kfx_strnlen(s, 0, 6), -EFAULT);
	EXPECT(__kfx_strchr(s, 0, 'a'), 0);
	EXPECT(__kfx_strchr(s, 0, 'b'), -EFAULT);
	EXPECT(__kfx_strnchr(s, 0, 5, 'b'), -ENOENT);
	EXPECT(__kfx_strrchr(s, 0, 'a'), -EFAULT);
	EXPECT(__kfx_strncasecmp(s, 0, "aab", 0, false, KFX_STR_MAX), -1);
	EXPECT(__kfx_strncasecmp(s, 0, s, 0, false, KFX_STR_MAX), -EFAULT);
	EXPECT(__kfx_span("b", 0, s, 0, true), -EFAULT);
	EXPECT(__kfx_span("a", 0, s, 0, true), 1);
	EXPECT(__kfx_strnstr(s, 0, "b", 0, KFX_STR_MAX, false), -EFAULT);
	EXPECT(__kfx_strnstr("xyz", 0, s, 0, KFX_STR_MAX, false), -ENOENT);
	EXPECT(__kfx_strlen(end, 0), -EFAULT);
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
	bounded_cases();
	fault_cases();
	printf("spec: %d checks, %d failed\n", checks, fails);
	bad = random_cases(n);
	printf("random: %d cases against the reference model, %d mismatches\n", n, bad);
	return fails || bad;
}
