// SPDX-License-Identifier: GPL-2.0
/* crypto_bench.bpf.c for 6.1, whose referenced kptr tag is kptr_ref. */
#define KFX_CTX_KPTR	__attribute__((btf_type_tag("kptr_ref")))
#include "crypto_bench.bpf.c"
