// SPDX-License-Identifier: GPL-2.0
/*
 * The model of the bad-pointer differential (string_badptr.c): upstream's
 * byte loops (tests/host/str_ref.c) run on a copy of the pool's known
 * memory laid out as the program lays out the kernel's, a hole where the
 * kernel has a guard page; what the contract allows on readable memory of
 * unknown content; results printed with errnos by name.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <linux/types.h>

#include "string_oracle.h"
#include "string_badptr.h"
#include "string_badptr_int.h"
#include "../host/str_host.h"

/* The host model's unmapped range (tests/host/str_host.h). */
uintptr_t kfx_host_hole_lo = UINTPTR_MAX, kfx_host_hole_hi = UINTPTR_MAX;

static char model_mem[3 * BP_PAGE] __attribute__((aligned(BP_PAGE)));

const char *bp_model_ptr(const struct pool_def *d, enum bp_class cls)
{
	char *hole = model_mem + 2 * BP_PAGE;

	switch (cls) {
	case C_RANGE:
		return (const char *)1;		/* below the model's kernel */
	case C_FAULT:
		return hole;
	case C_KNOWN:
		if (d->fill == BP_FILL_EDGE)
			return hole - d->arg;
		return model_mem + 64;		/* the valid string */
	default:
		return NULL;
	}
}

void bp_model_setup(void)
{
	memset(model_mem, 0, sizeof(model_mem));
	strcpy(model_mem + 64, BP_VALID);
	memset(model_mem + 2 * BP_PAGE - 2 * BP_EDGE_MAX, BP_EDGE_BYTE, 2 * BP_EDGE_MAX);
	kfx_host_hole_lo = (uintptr_t)(model_mem + 2 * BP_PAGE);
	kfx_host_hole_hi = kfx_host_hole_lo + BP_PAGE;
}

int bp_model(int op, const char *a, const char *b)
{
	switch (op) {
	case OP_STRCMP: return ref_strcmp(a, b);
	case OP_STRCASECMP: return ref_strcasecmp(a, b);
	case OP_STRNCASECMP: return ref_strncasecmp(a, b, BP_COUNT);
	case OP_STRCHR: return ref_strchr(a, BP_CHAR);
	case OP_STRNCHR: return ref_strnchr(a, BP_COUNT, BP_CHAR);
	case OP_STRCHRNUL: return ref_strchrnul(a, BP_CHAR);
	case OP_STRRCHR: return ref_strrchr(a, BP_CHAR);
	case OP_STRLEN: return ref_strlen(a);
	case OP_STRNLEN: return ref_strnlen(a, BP_COUNT);
	case OP_STRSPN: return ref_strspn(a, b);
	case OP_STRCSPN: return ref_strcspn(a, b);
	case OP_STRSTR: return ref_strstr(a, b);
	case OP_STRCASESTR: return ref_strcasestr(a, b);
	case OP_STRNSTR: return ref_strnstr(a, b, BP_COUNT);
	case OP_STRNCASESTR: return ref_strncasestr(a, b, BP_COUNT);
	}
	return -1000;
}

/*
 * Readable memory of unknown content, the bad string at @pos: what the
 * contract lets @op return.  Never -ERANGE (it is a kernel address); the
 * valid string bounds what it can (BP_VALID is 2 chars).
 */
bool bp_plausible(int op, int pos, int r)
{
	int vlen = sizeof(BP_VALID) - 1;

	if (r == -EFAULT)
		return true;
	switch (op) {
	case OP_STRCMP:
	case OP_STRCASECMP:
		return r == -1 || r == 0 || r == 1;
	case OP_STRNCASECMP:
		return r == -1 || r == 0 || r == 1;
	case OP_STRCHR:
	case OP_STRRCHR:
		return (r >= 0 && r < 65536) || r == -ENOENT || r == -E2BIG;
	case OP_STRNCHR:
		return (r >= 0 && r < BP_COUNT) || r == -ENOENT;
	case OP_STRCHRNUL:
	case OP_STRLEN:
		return (r >= 0 && r < 65536) || r == -E2BIG;
	case OP_STRNLEN:
		return r >= 0 && r <= BP_COUNT;
	case OP_STRSPN:
	case OP_STRCSPN:
		if (pos)	/* the valid string is the one measured */
			return r >= 0 && r <= vlen;
		return (r >= 0 && r < 65536) || r == -E2BIG;
	case OP_STRSTR:
	case OP_STRCASESTR:
		if (pos)	/* found within the valid haystack, or not */
			return (r >= 0 && r <= vlen) || r == -ENOENT;
		return (r >= 0 && r < 65536) || r == -ENOENT || r == -E2BIG;
	case OP_STRNSTR:
	case OP_STRNCASESTR:
		return (r >= 0 && r <= BP_COUNT) || r == -ENOENT;
	}
	return false;
}

const char *bp_res_str(int r)
{
	static char buf[4][24];
	static int k;
	char *b = buf[k++ % 4];

	switch (r) {
	case -ERANGE: return "-ERANGE";
	case -EFAULT: return "-EFAULT";
	case -ENOENT: return "-ENOENT";
	case -E2BIG: return "-E2BIG";
	}
	snprintf(b, sizeof(buf[0]), "%d", r);
	return b;
}
