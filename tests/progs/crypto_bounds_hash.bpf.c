// SPDX-License-Identifier: GPL-2.0
/*
 * kfx_crypto_hash()'s boundary tables: the memory kinds of
 * crypto_bounds_mem.h here, the packets' in crypto_bounds_hash_pkt.bpf.c;
 * each case one call with the src slice as the data and the dst slice as
 * out (the siv slice is made and left unused).  The driver
 * (tests/runner/crypto_bounds.c, the tables in crypto_bounds_hash.c)
 * judges every byte of each window by its model of the contract: the
 * digest computed in user space from the bytes it wrote or sent (a
 * packet's paged part included), out zeroed on an error, nothing written
 * outside out.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"

#define BOUNDS_CALL(ctx, op, s, d, v)	kfx_crypto_hash(ctx, s, d)
#include "crypto_bounds.h"

struct bounds_bss bss;

#include "crypto_bounds_mem.h"

SEC("syscall")
__success __driver("crypto_bounds")
int bounds_hash_bss(void *ctx)
{
	return mem_batch(bss.region, BOUNDS_WIN);
}

SEC("syscall")
__success __driver("crypto_bounds")
int bounds_hash_map_kmalloc(void *ctx)
{
	return map_kmalloc_batch();
}

SEC("syscall")
__success __driver("crypto_bounds")
int bounds_hash_map_vmalloc(void *ctx)
{
	return map_vmalloc_batch();
}

SEC("syscall")
__success __driver("crypto_bounds") __needs_ksym("bpf_dynptr_adjust")
int bounds_hash_ringbuf(void *ctx)
{
	return ring_batch();
}

char _license[] SEC("license") = "GPL";
