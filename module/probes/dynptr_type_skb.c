// SPDX-License-Identifier: GPL-2.0
/* skb and xdp dynptrs (6.4; with them came the SCHED_ACT kfunc hook) */
#include <linux/bpf.h>
int kfx_probe[] = { BPF_DYNPTR_TYPE_SKB, BPF_DYNPTR_TYPE_XDP };
