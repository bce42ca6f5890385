/* SPDX-License-Identifier: GPL-2.0 */
/* What hash_bench.bpf.c and its loader hash_bench.c share. */
#ifndef _HASH_BENCH_H
#define _HASH_BENCH_H

#define HB_MAX		1536	/* the largest message timed (1500) fits */
#define HB_DIGEST	64	/* out: room for any digest timed */

/* FNV-1a, 64-bit: the open-coded BPF loop's hash */
#define HB_FNV_OFFSET	0xcbf29ce484222325ULL
#define HB_FNV_PRIME	0x00000100000001b3ULL

#endif /* _HASH_BENCH_H */
