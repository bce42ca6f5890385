// SPDX-License-Identifier: GPL-2.0
/*
 * kfx core family: kfuncs that tell a BPF program about kfx itself.
 */
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/build_bug.h>
#include <linux/kernel.h>

#include "kfx_compat.h"
#include "../bpf/kfx.h"

__bpf_kfunc_start_defs();

/**
 * kfx_version() - version of the loaded kfx module
 *
 * Return: KFX_VERSION, (major << 16) | (minor << 8) | patch.
 */
__bpf_kfunc __u32 kfx_version(void)
{
	BUILD_BUG_ON(KFX_VERSION != ((KFX_VERSION_MAJOR << 16) |
				     (KFX_VERSION_MINOR << 8) |
				     KFX_VERSION_PATCH));
	return KFX_VERSION;
}

__bpf_kfunc_end_defs();
