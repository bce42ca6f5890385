// SPDX-License-Identifier: GPL-2.0
/* btf_kfunc_id_set.filter callback (6.5) */
#include <linux/btf.h>
struct btf_kfunc_id_set kfx_probe = { .filter = NULL };
