// SPDX-License-Identifier: GPL-2.0
/*
 * kfx_sig_verify()'s boundary tables: the memory kinds of
 * crypto_bounds_mem.h here, the packets' in crypto_bounds_sig_pkt.bpf.c;
 * each case one call with the src slice as the message (the digest) and
 * the siv slice as the signature (the dst slice is made and left
 * unused).  The driver
 * (tests/runner/crypto_bounds.c, the tables in crypto_bounds_sig.c)
 * judges the errno by its ECDSA model and checks that nothing in the
 * window was written.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"

#define BOUNDS_CALL(ctx, op, s, d, v)	kfx_sig_verify(ctx, s, v)
#include "crypto_bounds.h"

struct bounds_bss bss;

#include "crypto_bounds_mem.h"

SEC("syscall")
__success __driver("crypto_bounds")
int bounds_sig_bss(void *ctx)
{
	return mem_batch(bss.region, BOUNDS_WIN);
}

SEC("syscall")
__success __driver("crypto_bounds")
int bounds_sig_map_kmalloc(void *ctx)
{
	return map_kmalloc_batch();
}

SEC("syscall")
__success __driver("crypto_bounds")
int bounds_sig_map_vmalloc(void *ctx)
{
	return map_vmalloc_batch();
}

SEC("syscall")
__success __driver("crypto_bounds") __needs_ksym("bpf_dynptr_adjust")
int bounds_sig_ringbuf(void *ctx)
{
	return ring_batch();
}

char _license[] SEC("license") = "GPL";
