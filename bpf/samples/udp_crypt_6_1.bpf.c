// SPDX-License-Identifier: GPL-2.0
/*
 * udp_crypt.bpf.c for 6.1, whose referenced kptr tag is kptr_ref; the
 * loader (udp_crypt.c) uses this object where the other does not load.
 */
#define KFX_KPTR_REF
#include "udp_crypt.bpf.c"
