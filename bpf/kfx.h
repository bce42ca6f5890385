/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kfx.h - every kfx kfunc, declared once.
 *
 * This header is shared by the kfx module (built with __KERNEL__) and by
 * BPF programs (built with clang -target bpf after vmlinux.h and
 * bpf_helpers.h), the way the kernel's bpf_testmod shares its kfunc header.
 * In the kernel the declarations are plain prototypes; in BPF programs they
 * are __ksym externs resolved against the kfx module's BTF at load time.
 *
 * Naming: every kfunc and every BTF type kfx defines starts with kfx_, so that
 * libbpf, which looks in vmlinux BTF before module BTF, never binds a kfx
 * extern to an in-kernel kfunc of the same name.
 */
#ifndef _KFX_H
#define _KFX_H

#define KFX_VERSION_MAJOR	0
#define KFX_VERSION_MINOR	1
#define KFX_VERSION_PATCH	0
/*
 * The value kfx_version() returns, (major << 16) | (minor << 8) | patch.
 * A plain literal so that tests can state it; the module checks it against
 * the three parts at build time.
 */
#define KFX_VERSION	0x000100

/*
 * User space (loaders, the test runner) only gets the constants above and
 * the types below; the kfunc declarations are for the module and BPF.
 */
#if defined(__KERNEL__)
#include <linux/types.h>
/* In the module the declarations are the kfuncs' plain prototypes. */
#define __ksym
#define KFX_DECLARE_KFUNCS
#elif defined(__bpf__)
/* __ksym comes from bpf_helpers.h, included before this header. */
#define KFX_DECLARE_KFUNCS
#endif

#ifdef KFX_DECLARE_KFUNCS

/*
 * Core family: available to SYSCALL, SCHED_CLS, XDP, TRACING and LSM
 * programs, and SCHED_ACT where the kernel has that kfunc hook (6.4+).
 */

/**
 * kfx_version() - version of the loaded kfx module
 *
 * Return: KFX_VERSION of the module, (major << 16) | (minor << 8) | patch.
 * It never fails.
 */
__ksym __u32 kfx_version(void);

#endif /* KFX_DECLARE_KFUNCS */

#endif /* _KFX_H */
