// SPDX-License-Identifier: GPL-2.0
/*
 * One differential case from a byte string: decode an operation, its
 * strings (placed at chosen alignments, optionally long runs near the 65536
 * limit, optionally running into an unmapped hole) and its scalar argument,
 * then require the core and the reference model to agree.  Used by the unit
 * test (random inputs) and by the libFuzzer target.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "str_host.h"
#include "str_diff.h"

uintptr_t kfx_host_hole_lo = UINTPTR_MAX, kfx_host_hole_hi = UINTPTR_MAX;

#define REGION	(3 * 65536)
static char region[2][REGION] __attribute__((aligned(4096)));

const char *const kfx_diff_ops[KFX_DIFF_NOPS] = {
	"strcmp", "strcasecmp", "strncasecmp", "strchr", "strnchr",
	"strchrnul", "strrchr", "strlen", "strnlen", "strspn", "strcspn",
	"strstr", "strcasestr", "strnstr", "strncasestr",
};

static int run(int op, bool core, const char *a, const char *b, size_t n, int c)
{
	switch (op) {
	case 0: return core ? kfx_str_strncasecmp(a, b, false, KFX_STR_MAX) : ref_strcmp(a, b);
	case 1: return core ? kfx_str_strncasecmp(a, b, true, KFX_STR_MAX) : ref_strcasecmp(a, b);
	case 2: return core ? kfx_str_strncasecmp(a, b, true, n) : ref_strncasecmp(a, b, n);
	case 3: return core ? kfx_str_strchr(a, c) : ref_strchr(a, c);
	case 4: return core ? kfx_str_strnchr(a, n, c) : ref_strnchr(a, n, c);
	case 5: return core ? kfx_str_strchrnul(a, c) : ref_strchrnul(a, c);
	case 6: return core ? kfx_str_strrchr(a, c) : ref_strrchr(a, c);
	case 7: return core ? kfx_str_strlen(a) : ref_strlen(a);
	case 8: return core ? kfx_str_strnlen(a, n) : ref_strnlen(a, n);
	case 9: return core ? kfx_str_span(a, b, true) : ref_strspn(a, b);
	case 10: return core ? kfx_str_span(a, b, false) : ref_strcspn(a, b);
	case 11: return core ? kfx_str_strnstr(a, b, KFX_STR_MAX, false) : ref_strstr(a, b);
	case 12: return core ? kfx_str_strnstr(a, b, KFX_STR_MAX, true) : ref_strcasestr(a, b);
	case 13: return core ? kfx_str_strnstr(a, b, n, false) : ref_strnstr(a, b, n);
	default: return core ? kfx_str_strnstr(a, b, n, true) : ref_strncasestr(a, b, n);
	}
}

/*
 * Place string @i: optional run of @fill of about 65536 chars, then @src,
 * then NUL unless @hole, in which case the string ends at an unmapped hole.
 */
static const char *place(int i, const uint8_t *src, size_t len, bool longrun,
			 char fill, unsigned int skew, bool hole)
{
	size_t run = longrun ? 65536 - 8 + (skew * 5) % 17 : 0;
	size_t total = run + len + !hole;
	char *end = region[i] + REGION - 4096;
	char *s = end - total - (hole ? 0 : skew % 8);

	memset(s, fill, run);
	memcpy(s + run, src, len);
	if (!hole)
		s[run + len] = '\0';
	else {
		/* The hole starts at the next word boundary after the string. */
		uintptr_t lo = ((uintptr_t)(s + run + len) + 7) & ~7UL;

		memset(s + run + len, fill ? fill : 'x', lo - (uintptr_t)(s + run + len));
		kfx_host_hole_lo = lo;
		kfx_host_hole_hi = lo + 4096;
	}
	return s;
}

int kfx_diff_one(const uint8_t *data, size_t size, bool verbose)
{
	const uint8_t *body, *sep;
	size_t n, l1, l2;
	const char *a, *b;
	uint8_t flags;
	int op, c, rc, rr;

	if (size < 6)
		return 0;
	op = data[0] % KFX_DIFF_NOPS;
	flags = data[1];
	n = data[2] | data[3] << 8;
	switch (data[4] % 4) {
	case 1: n = 65534 + n % 4; break;
	case 2: n = (size_t)-1 - n; break;
	case 3: n %= 16; break;
	}
	c = (signed char)data[5];
	if (data[4] & 0x80)
		c = data[5] | 0x100;	/* strrchr: an int outside char range */
	body = data + 6;
	size -= 6;
	sep = memchr(body, 0, size);
	l1 = sep ? (size_t)(sep - body) : size;
	l2 = sep ? size - l1 - 1 : 0;

	kfx_host_hole_lo = kfx_host_hole_hi = UINTPTR_MAX;
	a = place(0, body, l1, flags & 1, (char)(data[5] ? data[5] : 'a'),
		  flags >> 4, flags & 4);
	/* A long needle against a long haystack is quadratic upstream too. */
	if (op >= 11)
		flags &= ~2;
	b = place(1, sep ? sep + 1 : body, l2, flags & 2,
		  (char)(data[5] ? data[5] : 'a'), flags >> 6,
		  (flags & 8) && !(flags & 4));
	if ((flags & 0x0c) == 0x0c)
		a = (const char *)(uintptr_t)(data[2] & 1 ? 0 : 0x1000);
	rc = run(op, true, a, b, n, c);
	rr = run(op, false, a, b, n, c);
	if (rc != rr) {
		fprintf(stderr, "MISMATCH %s: core %d, reference %d (n=%zu c=%d flags=%#x l1=%zu l2=%zu)\n",
			kfx_diff_ops[op], rc, rr, n, c, flags, l1, l2);
		return -1;
	}
	if (verbose)
		printf("%s -> %d\n", kfx_diff_ops[op], rc);
	return 0;
}
