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
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "runner.h"

struct btf *__real_btf__load_vmlinux_btf(void);
void __real_btf__free(struct btf *btf);

struct btf *__wrap_btf__load_vmlinux_btf(void);
void __wrap_btf__free(struct btf *btf);

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
		printf("# vmlinux BTF parsed %lu time(s), served %lu calls, %lu bpf_object loads\n",
		       vmlinux_parses, vmlinux_uses, objects_loaded);
}
