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

/* @e1/@e2: 0 for the unbounded kfuncs, buffer ends for the bounded twins. */
static int core(int op, const char *a, unsigned long e1, const char *b,
		unsigned long e2, size_t n, int c)
{
	switch (op) {
	case 0: return __kfx_strncasecmp(a, e1, b, e2, false, KFX_STR_MAX);
	case 1: return __kfx_strncasecmp(a, e1, b, e2, true, KFX_STR_MAX);
	case 2: return __kfx_strncasecmp(a, e1, b, e2, true, n);
	case 3: return __kfx_strchr(a, e1, c);
	case 4: return __kfx_strnchr(a, e1, n, c);
	case 5: return __kfx_strchrnul(a, e1, c);
	case 6: return __kfx_strrchr(a, e1, c);
	case 7: return __kfx_strlen(a, e1);
	case 8: return __kfx_strnlen(a, e1, n);
	case 9: return __kfx_span(a, e1, b, e2, true);
	case 10: return __kfx_span(a, e1, b, e2, false);
	case 11: return __kfx_strnstr(a, e1, b, e2, KFX_STR_MAX, false);
	case 12: return __kfx_strnstr(a, e1, b, e2, KFX_STR_MAX, true);
	case 13: return __kfx_strnstr(a, e1, b, e2, n, false);
	default: return __kfx_strnstr(a, e1, b, e2, n, true);
	}
}

static int ref(int op, const char *a, const char *b, size_t n, int c)
{
	switch (op) {
	case 0: return ref_strcmp(a, b);
	case 1: return ref_strcasecmp(a, b);
	case 2: return ref_strncasecmp(a, b, n);
	case 3: return ref_strchr(a, c);
	case 4: return ref_strnchr(a, n, c);
	case 5: return ref_strchrnul(a, c);
	case 6: return ref_strrchr(a, c);
	case 7: return ref_strlen(a);
	case 8: return ref_strnlen(a, n);
	case 9: return ref_strspn(a, b);
	case 10: return ref_strcspn(a, b);
	case 11: return ref_strstr(a, b);
	case 12: return ref_strcasestr(a, b);
	case 13: return ref_strnstr(a, b, n);
	default: return ref_strncasestr(a, b, n);
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

	/* the page after the string's: read only where the reference reads */
	kfx_host_trap_lo[i] = (uintptr_t)end;

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
	kfx_host_trap_core = kfx_host_trap_ref = 0;
	rc = core(op, a, 0, b, 0, n, c);
	rr = ref(op, a, b, n, c);
	if (rc != rr) {
		fprintf(stderr, "MISMATCH %s: core %d, reference %d (n=%zu c=%d flags=%#x l1=%zu l2=%zu)\n",
			kfx_diff_ops[op], rc, rr, n, c, flags, l1, l2);
		return -1;
	}
	if (kfx_host_trap_core && !kfx_host_trap_ref) {
		fprintf(stderr, "MISMATCH %s: core read the page after a string, the reference did not (flags=%#x l1=%zu l2=%zu)\n",
			kfx_diff_ops[op], flags, l1, l2);
		return -1;
	}
	/*
	 * The bounded twin on buffers that end at the terminator or just
	 * before it (no NUL inside) must say the same, without any hole.
	 */
	if (!(flags & 0x0c)) {
		int rb;

		kfx_host_trap_core = 0;
		rb = core(op, a, (uintptr_t)a + strlen(a) + (data[3] & 1),
			      b, (uintptr_t)b + strlen(b) + (data[3] >> 1 & 1),
			      n, c);

		if (rb != rr) {
			fprintf(stderr, "MISMATCH %s_buf: bounded %d, reference %d (n=%zu c=%d flags=%#x)\n",
				kfx_diff_ops[op], rb, rr, n, c, flags);
			return -1;
		}
		if (kfx_host_trap_core && !kfx_host_trap_ref) {
			fprintf(stderr, "MISMATCH %s_buf: read the page after a buffer\n",
				kfx_diff_ops[op]);
			return -1;
		}
	}
	if (verbose)
		printf("%s -> %d\n", kfx_diff_ops[op], rc);
	return 0;
}
