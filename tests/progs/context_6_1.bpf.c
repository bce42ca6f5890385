// SPDX-License-Identifier: GPL-2.0
/* context.bpf.c for 6.1, whose referenced kptr tag is kptr_ref. */
#define KFX_KPTR_REF	/* kfx.h: __kfx_ctx_kptr is kptr_ref */
#include "context.bpf.c"
