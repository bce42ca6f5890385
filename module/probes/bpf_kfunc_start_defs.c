// SPDX-License-Identifier: GPL-2.0
/* __bpf_kfunc_start_defs() / __bpf_kfunc_end_defs() (6.7) */
#include <linux/btf.h>
__bpf_kfunc_start_defs();
__bpf_kfunc_end_defs();
