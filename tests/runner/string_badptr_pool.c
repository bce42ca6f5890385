// SPDX-License-Identifier: GPL-2.0
/*
 * The bad-pointer differential's pool (string_badptr.c runs it): every
 * entry with its address class, in the order they run; the addresses
 * found in /proc/kallsyms (kfx's text, another module's, the kernel's text
 * and rodata), and the freed slab object a dropped map leaves.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/types.h>

#include "string_badptr.h"
#include "string_badptr_int.h"

#define EDGE(k)	{ "edge-" #k, S_PROG, C_KNOWN, 0, BP_FILL_EDGE, k, NULL, NULL, 1, false }
/* bp_user_page with top byte @tag (its class: bp_user_class()) */
#define USER(label, tag) { label, S_USER, C_FAULT, (__u64)(tag) << 56, 0, 0, NULL, NULL, 12, false }

/*
 * What the contract says of an address outside the kernel's (NULL, user
 * space, non-canonical): x86-64 refuses it before reading (-ERANGE);
 * arm64 has no such test, upstream reads it and the read faults under PAN
 * (-EFAULT; kfx does not read it).  The unmapped kernel address: x86-64's
 * guard hole; on arm64 the linear map far past the guest's memory.
 */
#if defined(__aarch64__)
#define C_USER		C_FAULT
#define KERNEL_HOLE	0xffff400000000000ULL
#else
#define C_USER		C_RANGE
#define KERNEL_HOLE	0xffff800000000000ULL
#endif

/*
 * Harmless first; the vsyscall page, which oopses kfx before the D1 fix,
 * last, so that a crash there leaves every other result in place.
 */
const struct pool_def bp_pool_defs[] = {
	{ "valid \"" BP_VALID "\"", S_PROG, C_KNOWN, 0, BP_FILL_VALID, 0, NULL, NULL, 0, false },
	EDGE(1), EDGE(2), EDGE(3), EDGE(4), EDGE(5), EDGE(6), EDGE(7), EDGE(8),
	{ "vmalloc-guard-page", S_PROG, C_FAULT, 0, BP_FILL_GUARD, 0, NULL, NULL, 2, false },
	{ "NULL", S_PROG, C_USER, 0, BP_FILL_NULL, 0, NULL, NULL, 3, false },
	{ "1", S_CONST, C_USER, 1, 0, 0, NULL, NULL, 3, false },
	{ "user", S_CONST, C_USER, 0x10000, 0, 0, NULL, NULL, 4, false },
	{ "user-last-byte", S_CONST, C_USER, 0x7fffffffefffULL, 0, 0, NULL, NULL, 4, false },
	{ "user-top-guard", S_CONST, C_USER, 0x7ffffffff000ULL, 0, 0, NULL, NULL, 4, false },
	{ "non-canonical-low", S_CONST, C_USER, 0x0000800000000000ULL, 0, 0, NULL, NULL, 5, false },
	{ "non-canonical-high", S_CONST, C_USER, 0x8000000000000000ULL, 0, 0, NULL, NULL, 5, false },
	USER("user-mapped", 0x00), USER("user-mapped-tag-0x01", 0x01),
	USER("user-mapped-tag-0x80", 0x80), USER("user-mapped-tag-0xff", 0xff),
	{ "-1", S_CONST, C_FAULT, 0xffffffffffffffffULL, 0, 0, NULL, NULL, 6, false },
	{ "kernel-hole", S_HOLE, C_FAULT, KERNEL_HOLE, 0, 0, NULL, NULL, 6, false },
	{ "kfx-text", S_KSYM, C_READABLE, 0, 0, 0, "kfx_strlen", "kfx", 7, false },
	{ "module-text", S_KSYM, C_READABLE, 0, 0, 0, NULL, "*", 7, false },
	{ "kernel-text", S_KSYM, C_READABLE, 0, 0, 0, "_stext", NULL, 8, false },
	{ "kernel-rodata", S_KSYM, C_READABLE, 0, 0, 0, "linux_banner", NULL, 8, false },
	{ "percpu-this-cpu", S_PROG, C_READABLE, 0, BP_FILL_THIS_CPU, 0, NULL, NULL, 9, true },
	{ "percpu-cpu0", S_PROG, C_READABLE, 0, BP_FILL_CPU, 0, NULL, NULL, 9, true },
	{ "percpu-cpu1", S_PROG, C_READABLE, 0, BP_FILL_CPU, 1, NULL, NULL, 9, true },
	{ "freed-slab", S_FREED, C_READABLE, 0, 0, 0, NULL, NULL, 10, true },
#if defined(__x86_64__)
	/* x86-64's vsyscall page: arm64 has none */
	{ "vsyscall", S_CONST, C_RANGE, 0xffffffffff600000ULL, 0, 0, NULL, NULL, 11, false },
	{ "vsyscall+0x800", S_CONST, C_RANGE, 0xffffffffff600800ULL, 0, 0, NULL, NULL, 11, false },
	{ "vsyscall+0xfff", S_CONST, C_RANGE, 0xffffffffff600fffULL, 0, 0, NULL, NULL, 11, false },
#endif
};

const unsigned int bp_ndefs = sizeof(bp_pool_defs) / sizeof(bp_pool_defs[0]);

_Static_assert(sizeof(bp_pool_defs) / sizeof(bp_pool_defs[0]) <= BP_POOL_MAX,
	       "pool too large");

struct ksyms {
	bool read;
	__u64 kfx_text, module_text, stext, banner;
	char module_label[112];
};

static struct ksyms ks;

static void read_kallsyms(void)
{
	char line[512], name[256], mod[128];
	unsigned long long a;
	char type;
	FILE *f;

	if (ks.read)
		return;
	ks.read = true;
	f = fopen("/proc/kallsyms", "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		mod[0] = '\0';
		if (sscanf(line, "%llx %c %255s [%127[^]]]", &a, &type, name, mod) < 3 || !a)
			continue;
		if (!strcmp(mod, "kfx") && !strcmp(name, "kfx_strlen"))
			ks.kfx_text = a;
		else if (mod[0] && strcmp(mod, "kfx") && !ks.module_text &&
			 (type == 't' || type == 'T')) {
			ks.module_text = a;
			snprintf(ks.module_label, sizeof(ks.module_label),
				 "module-text %.40s:%.50s", mod, name);
		} else if (!mod[0] && !strcmp(name, "_stext"))
			ks.stext = a;
		else if (!mod[0] && !strcmp(name, "linux_banner"))
			ks.banner = a;
	}
	fclose(f);
}

__u64 bp_ksym_addr(const struct pool_def *d)
{
	read_kallsyms();
	if (d->mod && !strcmp(d->mod, "*"))
		return ks.module_text;
	if (d->mod)
		return ks.kfx_text;
	return !strcmp(d->sym, "_stext") ? ks.stext : ks.banner;
}

const char *bp_def_label(const struct pool_def *d)
{
	if (d->src == S_KSYM && d->mod && !strcmp(d->mod, "*") && ks.module_text)
		return ks.module_label;
	return d->label;
}

/*
 * A page of the runner's own, mapped in the child that runs the program
 * (fork copies its written, anonymous page table entries): the user
 * string that the S_USER entries point to, untagged and with a tag in the
 * top byte.  Read, it would give a result other than -EFAULT for every
 * op; the contract says kfx never reads it (docs/arm64.md: "also on CPUs without
 * PAN").
 */
static char bp_user_page[BP_PAGE] __attribute__((aligned(BP_PAGE)));

const char *bp_user_str(void)
{
	if (!bp_user_page[0])
		snprintf(bp_user_page, sizeof(bp_user_page), "%s", BP_USER_STR);
	return bp_user_page;
}

__u64 bp_user_addr(const struct pool_def *d)
{
	return (__u64)(uintptr_t)bp_user_str() | d->addr;
}

/*
 * What the contract makes of a user address with a top byte (S_USER).
 * arm64: the hardware picks the translation by bit 55 and ignores the
 * top byte of user addresses (TBI0), so whatever the tag this is the user
 * half: -EFAULT, never read.  x86-64: a user address or a non-canonical
 * one is not a kernel address, -ERANGE before reading, except top byte
 * 0xff under 5-level paging: canonical (bits 63..56 equal), above the
 * user range, the hole below the LDT remap (0xff00... to 0xff0f...,
 * Documentation/arch/x86/x86_64/mm.rst), which nothing maps: -EFAULT.
 */
enum bp_class bp_user_class(const struct pool_def *d, bool la57)
{
#if defined(__aarch64__)
	(void)d;
	(void)la57;
	return C_FAULT;
#else
	return d->addr >> 56 == 0xff && la57 ? C_FAULT : C_RANGE;
#endif
}

__u64 bp_freed_addr;

/*
 * A small array map in outer[0] whose struct bpf_map the program records
 * (BP_FILL_INNER_MAP); then dropped.  Its bpf_array is kmalloc'ed
 * (bpf_map_area_alloc() takes kmalloc below 32 KiB) and kfree'd after an
 * RCU grace period once its last reference goes: the id vanishing says
 * the reference went; half a second more for the grace period and the
 * deferred free.
 */
int bp_make_freed(struct bpf_object *obj, int prog_fd, struct badptr_io *io,
		  int bss_fd, int slot)
{
	struct bpf_map *outer = bpf_object__find_map_by_name(obj, "outer");
	LIBBPF_OPTS(bpf_test_run_opts, run);
	struct bpf_map_info info = {};
	__u32 len = sizeof(info), key = 0;
	int inner, fd, err, i;

	inner = bpf_map_create(BPF_MAP_TYPE_ARRAY, "kfx_freed", 4, 8, 1, NULL);
	if (inner < 0 || !outer)
		return -errno;
	err = bpf_map_update_elem(bpf_map__fd(outer), &key, &inner, 0);
	if (!err)
		err = bpf_obj_get_info_by_fd(inner, &info, &len);
	io->pool[slot].fill = BP_FILL_INNER_MAP;
	io->mode = BP_MODE_ADDR;
	if (!err)
		err = bpf_map_update_elem(bss_fd, &key, io, 0);
	if (!err)
		err = bpf_prog_test_run_opts(prog_fd, &run);
	if (!err)
		err = bpf_map_lookup_elem(bss_fd, &key, io);
	bpf_map_delete_elem(bpf_map__fd(outer), &key);
	close(inner);
	if (err)
		return err;
	bp_freed_addr = io->pool[slot].addr;
	for (i = 0; i < 100; i++) {
		fd = bpf_map_get_fd_by_id(info.id);
		if (fd < 0)
			break;
		close(fd);
		usleep(50000);
	}
	usleep(500000);
	return bp_freed_addr ? 0 : -ENOENT;
}
