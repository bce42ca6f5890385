// SPDX-License-Identifier: GPL-2.0
/* crypto_bench.bpf.c for 6.1, whose referenced kptr tag is kptr_ref. */
#define KFX_KPTR_REF
#include "crypto_bench.bpf.c"
