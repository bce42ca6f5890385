// SPDX-License-Identifier: GPL-2.0
/*
 * Kfuncs take dynptrs as struct bpf_dynptr * (6.11), no longer as struct
 * bpf_dynptr_kern *: the verifier only knows the type its own kfuncs use.
 * The header side of that change: bpf_dynptr_from_skb_rdonly()'s argument.
 */
#include <linux/bpf.h>
#include <linux/build_bug.h>

typedef int (*kfx_probe_fn)(struct __sk_buff *skb, u64 flags,
			    struct bpf_dynptr *ptr);
static_assert(__builtin_types_compatible_p(typeof(bpf_dynptr_from_skb_rdonly) *,
					   kfx_probe_fn));
int kfx_probe;
