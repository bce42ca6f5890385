// SPDX-License-Identifier: GPL-2.0
/* hash_bench.bpf.c for 6.1, whose referenced kptr tag is kptr_ref. */
#define KFX_KPTR_REF
#include "hash_bench.bpf.c"
