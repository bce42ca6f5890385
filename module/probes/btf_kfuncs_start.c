// SPDX-License-Identifier: GPL-2.0
/* BTF_KFUNCS_START / BTF_KFUNCS_END (6.9) */
#include <linux/btf_ids.h>
BTF_KFUNCS_START(kfx_probe_set)
BTF_KFUNCS_END(kfx_probe_set)
