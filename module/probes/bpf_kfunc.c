// SPDX-License-Identifier: GPL-2.0
/* __bpf_kfunc annotation (6.3) */
#include <linux/btf.h>
__bpf_kfunc int kfx_probe(void);
