// SPDX-License-Identifier: GPL-2.0
/* KF_TRUSTED_ARGS (6.0; removed in 7.0 when trusted became the default) */
#include <linux/btf.h>
int kfx_probe = KF_TRUSTED_ARGS;
