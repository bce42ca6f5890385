// SPDX-License-Identifier: GPL-2.0
/*
 * One parse of the kernel's BTF for the whole run.
 *
 * libbpf reads and parses /sys/kernel/btf/vmlinux for every bpf_object it
 * loads, and the loader opens one object per program (as the selftests'
 * test_loader.c does, so that no program sees another's maps).  Measured in
 * the guests: 0.13-0.19 s a program on a TCG 7.3 guest, 1.3-1.9 s on the
 * KASAN one (6 MB through 4 KiB sysfs reads), about half of that row's time.
 * The kernel's BTF does not change while it runs, so the runner is linked
 * with --wrap for libbpf's btf__load_vmlinux_btf() and btf__free()
 * (tests/Makefile, static libbpf): the first call parses it, every later
 * one gets the same struct btf, and freeing it is a no-op.  What the kernel
 * is given (programs, object BTF, module BTF ids) is unchanged.
 *
 * Nothing may modify it: libbpf only reads it (libbpf 1.1 to 1.8), and so
 * must the runner; nor may a split BTF on it (module BTF) be added to,
 * which would make libbpf turn the base itself modifiable.
 *
 * Name lookups in it go through an index.  btf__find_by_name_kind() scans
 * every type (about 100,000 on these kernels) and libbpf calls it for each
 * ksym of each object (a kfx kfunc misses it, then is found in the module
 * BTF): measured on a TCG 7.3 guest, 5,018 calls took 32 s of the row's
 * 88 s of bpf_object__load() (6.4 ms a call).  Wrapped like the loader:
 * on the shared vmlinux BTF, a hash of (name, kind) to the first id, which
 * is what the scan returns (the lowest id of that name and kind); any
 * other BTF is scanned as before.  The index is checked against the scan
 * on a sample of names when it is built, and not used if they differ.
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "runner.h"

struct btf *__real_btf__load_vmlinux_btf(void);
void __real_btf__free(struct btf *btf);

struct btf *__wrap_btf__load_vmlinux_btf(void);
void __wrap_btf__free(struct btf *btf);
int __real_btf__find_by_name_kind(const struct btf *btf, const char *name, __u32 kind);
int __wrap_btf__find_by_name_kind(const struct btf *btf, const char *name, __u32 kind);

static pthread_mutex_t vmlinux_lock = PTHREAD_MUTEX_INITIALIZER;
static struct btf *vmlinux;
static unsigned long vmlinux_parses, vmlinux_uses;

struct btf *__wrap_btf__load_vmlinux_btf(void)
{
	struct btf *btf;
	int err = 0;

	pthread_mutex_lock(&vmlinux_lock);
	if (!vmlinux) {
		vmlinux = __real_btf__load_vmlinux_btf();
		err = errno;	/* libbpf's error, when NULL */
		vmlinux_parses++;
	}
	btf = vmlinux;
	vmlinux_uses += !!btf;
	pthread_mutex_unlock(&vmlinux_lock);
	if (!btf)
		errno = err;
	return btf;
}

void __wrap_btf__free(struct btf *btf)
{
	if (btf && btf == vmlinux)
		return;
	__real_btf__free(btf);
}

/* The index: open addressing, at most half full. */
struct name_slot {
	const char *name;	/* NULL: empty slot */
	__u32 kind;
	__u32 id;
};

static struct name_slot *index_slots;
static size_t index_mask;
static const struct btf *index_btf;	/* the BTF indexed, once checked */
static bool index_tried;
static unsigned long index_hits, index_scans;

static size_t name_hash(const char *name, __u32 kind)
{
	size_t h = 1469598103934665603ULL ^ kind;	/* FNV-1a */

	while (*name)
		h = (h ^ (unsigned char)*name++) * 1099511628211ULL;
	return h;
}

static struct name_slot *index_slot(const char *name, __u32 kind)
{
	size_t i;

	for (i = name_hash(name, kind) & index_mask; index_slots[i].name;
	     i = (i + 1) & index_mask)
		if (index_slots[i].kind == kind && !strcmp(index_slots[i].name, name))
			break;
	return &index_slots[i];
}

/* What btf__find_by_name_kind() returns, from the index. */
static int index_find(const char *name, __u32 kind)
{
	const struct name_slot *slot;

	if (kind == BTF_KIND_UNKN || !strcmp(name, "void"))
		return 0;
	slot = index_slot(name, kind);
	if (!slot->name) {
		errno = ENOENT;
		return -ENOENT;
	}
	return slot->id;
}

/* A name of each 1/64th of the types, and one no kernel has, both ways. */
static bool index_agrees(const struct btf *btf, __u32 n)
{
	static const char missing[] = "kfx_no_such_kernel_symbol";
	__u32 id;

	if (index_find(missing, BTF_KIND_FUNC) !=
	    __real_btf__find_by_name_kind(btf, missing, BTF_KIND_FUNC))
		return false;
	for (id = 1; id < n; id += n / 64 + 1) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name = btf__name_by_offset(btf, t->name_off);

		if (name && index_find(name, btf_kind(t)) !=
		    __real_btf__find_by_name_kind(btf, name, btf_kind(t)))
			return false;
	}
	return true;
}

/* Under vmlinux_lock: index BTF once; later lookups only read it. */
static void index_build(const struct btf *btf)
{
	__u32 n = btf__type_cnt(btf), id;
	size_t size = 1;

	index_tried = true;
	while (size < 2 * (size_t)n)
		size <<= 1;
	index_slots = calloc(size, sizeof(*index_slots));
	if (!index_slots)
		return;
	index_mask = size - 1;
	/* in id order: a name and kind seen again keeps its first id */
	for (id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name = btf__name_by_offset(btf, t->name_off);
		struct name_slot *slot;

		if (!name)
			continue;
		slot = index_slot(name, btf_kind(t));
		if (!slot->name)
			*slot = (struct name_slot){ name, btf_kind(t), id };
	}
	if (index_agrees(btf, n)) {
		index_btf = btf;
		return;
	}
	printf("# vmlinux BTF index: differs from btf__find_by_name_kind(), not used\n");
	free(index_slots);
	index_slots = NULL;
}

int __wrap_btf__find_by_name_kind(const struct btf *btf, const char *name, __u32 kind)
{
	bool indexed;

	pthread_mutex_lock(&vmlinux_lock);
	if (btf && btf == vmlinux && !index_tried) {
		int err = errno;	/* its check's misses set it */

		index_build(btf);
		errno = err;
	}
	indexed = btf && btf == index_btf;
	if (indexed)
		index_hits++;
	else
		index_scans++;
	pthread_mutex_unlock(&vmlinux_lock);
	return indexed ? index_find(name, kind) : __real_btf__find_by_name_kind(btf, name, kind);
}

/*
 * For the run's last lines: how many objects the parse served.  Loaded
 * objects well above the runner's own few lookups mean libbpf's calls
 * reached the wrap (a shared libbpf would parse on its own, unseen here).
 */
void vmlinux_btf_report(void)
{
	if (!vmlinux)
		printf("# vmlinux BTF: never parsed (%lu tries)\n", vmlinux_parses);
	else
		printf("# vmlinux BTF parsed %lu time(s), served %lu calls, %lu bpf_object loads; name lookups: %lu from its index%s, %lu scans of other BTF\n",
		       vmlinux_parses, vmlinux_uses, objects_loaded, index_hits,
		       index_btf ? "" : " (not used)", index_scans);
}
