// SPDX-License-Identifier: GPL-2.0
/*
 * kfx - BPF kfuncs for the kernels distributions ship.
 *
 * Module init refuses to load a kfx that would offer nothing: one without
 * BTF, or one whose BTF the kernel did not accept, or one whose kfunc sets
 * did not register.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/kernfs.h>
#include <linux/kobject.h>
#include <linux/module.h>

#include "kfx_compat.h"
#include "../bpf/kfx.h"
#include "kfx_crypto.h"

/*
 * Which classes of kfx_kfuncs.h's table each set takes (the program types
 * of each class are named there): KFX_<set>_<class> is KFX_IN when the
 * set holds the kfuncs of that class, KFX_OUT when it does not.
 */
#define KFX_IN(name, flags)	BTF_ID_FLAGS(func, name, flags)
#define KFX_OUT(name, flags)

/* Tracing (and LSM) programs hash and verify with a ctx held in a map. */
#define KFX_TRACING_ANY		KFX_IN
#define KFX_TRACING_PKT		KFX_OUT
#define KFX_TRACING_SYSCALL	KFX_OUT
#define KFX_KFUNC(name, family, flags, progs) KFX_TRACING_##progs(name, flags)
BTF_KFUNCS_START(kfx_tracing_kfunc_ids)
#include "kfx_kfuncs.h"
BTF_KFUNCS_END(kfx_tracing_kfunc_ids)

/* SYSCALL programs create ctxs (sleepable) and put them in maps. */
#define KFX_SYSCALL_ANY		KFX_IN
#define KFX_SYSCALL_PKT		KFX_IN
#define KFX_SYSCALL_SYSCALL	KFX_IN
#define KFX_KFUNC(name, family, flags, progs) KFX_SYSCALL_##progs(name, flags)
BTF_KFUNCS_START(kfx_syscall_kfunc_ids)
#include "kfx_kfuncs.h"
BTF_KFUNCS_END(kfx_syscall_kfunc_ids)

/* Packet programs (SCHED_CLS, XDP, SCHED_ACT) encrypt and decrypt. */
#define KFX_NET_ANY		KFX_IN
#define KFX_NET_PKT		KFX_IN
#define KFX_NET_SYSCALL		KFX_OUT
#define KFX_KFUNC(name, family, flags, progs) KFX_NET_##progs(name, flags)
BTF_KFUNCS_START(kfx_net_kfunc_ids)
#include "kfx_kfuncs.h"
BTF_KFUNCS_END(kfx_net_kfunc_ids)

static const struct btf_kfunc_id_set kfx_tracing_kfunc_set = {
	.owner = THIS_MODULE,
	.set = &kfx_tracing_kfunc_ids,
};

static const struct btf_kfunc_id_set kfx_syscall_kfunc_set = {
	.owner = THIS_MODULE,
	.set = &kfx_syscall_kfunc_ids,
};

static const struct btf_kfunc_id_set kfx_net_kfunc_set = {
	.owner = THIS_MODULE,
	.set = &kfx_net_kfunc_ids,
};

/*
 * One set per kernel kfunc hook, registered once per hook: 6.1 accepts a
 * single set per hook from a module (a second trips a WARN_ON and frees the
 * first).  Kfuncs that only some program types may call get their own sets.
 */

/**
 * struct kfx_hook - the kfunc set one program type gets
 * @prog_type: program type whose kfunc hook the set is registered for
 * @set: kfuncs that program type may call
 *
 * One entry per kernel kfunc hook.  LSM has none here: every kernel maps LSM
 * programs to the TRACING hook, so they get the TRACING set, and registering
 * LSM as well would add a second set to that hook.
 */
struct kfx_hook {
	enum bpf_prog_type prog_type;
	const struct btf_kfunc_id_set *set;
};

static const struct kfx_hook kfx_hooks[] = {
	{ BPF_PROG_TYPE_SYSCALL, &kfx_syscall_kfunc_set },
	{ BPF_PROG_TYPE_SCHED_CLS, &kfx_net_kfunc_set },
	{ BPF_PROG_TYPE_XDP, &kfx_net_kfunc_set },
	{ BPF_PROG_TYPE_TRACING, &kfx_tracing_kfunc_set },
	{ BPF_PROG_TYPE_SCHED_ACT, &kfx_net_kfunc_set },
};

/*
 * The kernel registers a module's BTF in a MODULE_STATE_COMING notifier,
 * before our init runs, and publishes it as /sys/kernel/btf/<module>.  When
 * it rejects the BTF (a mismatch with vmlinux) on a kernel built with
 * MODULE_ALLOW_BTF_MISMATCH, as Debian's are, it only warns, and kfunc
 * registration then warns "missing module BTF" and returns 0.  The sysfs
 * node is the one exported witness that the BTF really is registered.
 */
static bool kfx_btf_registered(void)
{
	struct kernfs_node *dir, *node;

	dir = kernfs_find_and_get(kernel_kobj->sd, "btf");
	if (!dir)
		return false;
	node = kernfs_find_and_get(dir, THIS_MODULE->name);
	kernfs_put(dir);
	if (!node)
		return false;
	kernfs_put(node);
	return true;
}

/*
 * A module without usable BTF is, for the kernel's BPF side, a module of
 * the wrong format: -ENOEXEC, which insmod prints as "Invalid module
 * format" (not -ENOENT's "Unknown symbol in module"), next to one line
 * in the log saying which.
 */
static int kfx_check_btf(void)
{
#ifdef CONFIG_DEBUG_INFO_BTF_MODULES
	if (!THIS_MODULE->btf_data_size) {
		pr_err("module has no .BTF section, refusing to load without kfuncs (rebuild with pahole and the target kernel's BTF)\n");
		return -ENOEXEC;
	}
	if (!kfx_btf_registered()) {
		pr_err("kernel did not accept the module BTF (built against another kernel?), refusing to load without kfuncs\n");
		return -ENOEXEC;
	}
	return 0;
#else
	pr_err("kernel lacks CONFIG_DEBUG_INFO_BTF_MODULES, kfuncs cannot be registered\n");
	return -EOPNOTSUPP;
#endif
}

static int __init kfx_init(void)
{
	unsigned int i;
	int err;

	err = kfx_check_btf();
	if (err)
		return err;
	kfx_lockdown_start();

	/*
	 * Registered sets cannot be unregistered: the kernel drops them with
	 * the module's BTF when a failed init unloads the module.
	 */
	for (i = 0; i < ARRAY_SIZE(kfx_hooks); i++) {
		if (!kfx_kfunc_hook_exists(kfx_hooks[i].prog_type))
			continue;
		err = register_btf_kfunc_id_set(kfx_hooks[i].prog_type,
						kfx_hooks[i].set);
		if (err) {
			pr_err("registering kfuncs for program type %d failed: %d\n",
			       kfx_hooks[i].prog_type, err);
			kfx_lockdown_stop();
			return err;
		}
	}
	err = kfx_crypto_init();
	if (err)
		kfx_lockdown_stop();
	return err;
}

static void __exit kfx_exit(void)
{
	kfx_lockdown_stop();
	kfx_crypto_exit();
}

module_init(kfx_init);
module_exit(kfx_exit);

MODULE_AUTHOR("kfx developers");
MODULE_DESCRIPTION("BPF kfuncs for strings and crypto on distribution kernels");
MODULE_LICENSE("GPL");
MODULE_VERSION(__stringify(KFX_VERSION_MAJOR) "."
	       __stringify(KFX_VERSION_MINOR) "."
	       __stringify(KFX_VERSION_PATCH));
