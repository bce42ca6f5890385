// SPDX-License-Identifier: GPL-2.0
/*
 * exec_hash.bpf.c for 6.1, whose referenced kptr tag is kptr_ref; the
 * loader (exec_hash.c) uses this object where the other does not load.
 */
#define KFX_KPTR_REF
#include "exec_hash.bpf.c"
