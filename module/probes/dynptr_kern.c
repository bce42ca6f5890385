// SPDX-License-Identifier: GPL-2.0
/* struct bpf_dynptr_kern, the kernel side of a dynptr kfunc argument (6.1) */
#include <linux/bpf.h>
int kfx_probe = sizeof(struct bpf_dynptr_kern);
