/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interface between kfx_main.c and the kfunc family files.
 *
 * Each family lists its kfuncs here as BTF_ID_FLAGS() lines; kfx_main.c
 * builds one kfunc set per kernel kfunc hook out of these lists.  One set
 * per hook, registered once, because 6.1 accepts a single set per hook from
 * a module (a second one trips a WARN_ON and frees the first).
 */
#ifndef _KFX_MODULE_H
#define _KFX_MODULE_H

#include <linux/btf_ids.h>

/* Core family (kfx_core.c): every program type kfx serves. */
#define KFX_CORE_KFUNC_IDS \
	BTF_ID_FLAGS(func, kfx_version)

#endif /* _KFX_MODULE_H */
