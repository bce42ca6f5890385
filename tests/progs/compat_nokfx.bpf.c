// SPDX-License-Identifier: GPL-2.0
/*
 * The compat layer without kfx: several kfx_compat_*() on fixed strings,
 * and no reference to kfx's BTF beyond them (no fentry on kfx_strlen, unlike
 * compat.bpf.c), so that where vmlinux has bpf_strlen (7.x) the object loads
 * with kfx not loaded and runs upstream's kfuncs.  The runner loads it
 * before kfx (tests/runner/compat.c) and again with kfx in the program
 * loop; both times its driver compares the results with the C library's
 * on the same strings.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"

char hay[32] = "Compat Layer, no kfx";
char needle[8] = "ayer";
char other[32] = "Compat LAYER, no KFX";
char accept[8] = "Comapt";
char reject[8] = ",";
int res[9] = { -1, -1, -1, -1, -1, -1, -1, -1, -1 };

SEC("syscall")
__success __driver("compat_nokfx")
int compat_nokfx(void *ctx)
{
	res[0] = kfx_compat_strlen(hay);
	res[1] = kfx_compat_strnlen(hay, 6);
	res[2] = kfx_compat_strchr(hay, 'L');
	res[3] = kfx_compat_strrchr(hay, 'a');
	res[4] = kfx_compat_strcmp(hay, other);
	res[5] = kfx_compat_strspn(hay, accept);
	res[6] = kfx_compat_strcspn(hay, reject);
	res[7] = kfx_compat_strstr(hay, needle);
	res[8] = kfx_compat_strcasecmp(hay, other);
	return 0;
}

char _license[] SEC("license") = "GPL";
