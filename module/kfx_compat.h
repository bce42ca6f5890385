/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kfx_compat.h - the one place where kfx adapts to the target kernel.
 *
 * Every KFX_HAVE_* comes from kfx_probes.h, generated at build time by
 * compiling the tiny tests in module/probes/ against the target kernel's
 * headers (see the Makefile), never from the kernel version: distributions
 * backport.
 */
#ifndef _KFX_COMPAT_H
#define _KFX_COMPAT_H

#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>

#include "kfx_probes.h"

/*
 * __bpf_kfunc appeared in 6.3; before it a kfunc, global and referenced by
 * BTF_ID, only had to stay out of line.
 */
#ifndef KFX_HAVE_BPF_KFUNC
#define __bpf_kfunc noinline
#endif

/*
 * __bpf_kfunc_start_defs() (6.7) silences -Wmissing-prototypes; kfx's kfuncs
 * have prototypes in bpf/kfx.h, so nothing is needed where it is missing.
 */
#ifndef KFX_HAVE_BPF_KFUNC_START_DEFS
#define __bpf_kfunc_start_defs()
#define __bpf_kfunc_end_defs()
#endif

/*
 * BTF_KFUNCS_START (6.9) marks the set as a kfunc set; 6.9+ rejects a set
 * without that flag with -EINVAL.  Older kernels only know BTF_SET8_START.
 */
#ifndef KFX_HAVE_BTF_KFUNCS_START
#define BTF_KFUNCS_START(name)	BTF_SET8_START(name)
#define BTF_KFUNCS_END(name)	BTF_SET8_END(name)
#endif

/* Trusted arguments became the default and the flag went away in 7.0. */
#ifndef KFX_HAVE_KF_TRUSTED_ARGS
#define KF_TRUSTED_ARGS 0
#endif

/*
 * The SCHED_ACT kfunc hook arrived in 6.4 together with skb dynptrs; the
 * hook itself is private to kernel/bpf/btf.c, so the skb dynptr type (the
 * header-visible half of that change) stands for it.  Registering a set for
 * SCHED_ACT on 6.1 fails with -EINVAL.
 */
#ifdef KFX_HAVE_DYNPTR_TYPE_SKB
#define KFX_HAVE_SCHED_ACT_HOOK 1
#endif

/*
 * The type a kfunc declares for a dynptr argument: struct bpf_dynptr from
 * 6.11, struct bpf_dynptr_kern before (the verifier recognises only its own
 * kernel's).  Either way the memory is a struct bpf_dynptr_kern.
 */
#ifdef KFX_HAVE_DYNPTR_KFUNC_ARG
#define KFX_DYNPTR struct bpf_dynptr
#else
#define KFX_DYNPTR struct bpf_dynptr_kern
#endif

/*
 * KF_RCU (6.2) lets a kfunc take a pointer loaded from a map under RCU.
 * 6.1 has no such trust level: there flags 0 accept the map's pointer,
 * which kfx frees only after an RCU grace period, so it stays valid for
 * the program's run.
 */
#ifndef KF_RCU
#define KF_RCU 0
#endif

#endif /* _KFX_COMPAT_H */
