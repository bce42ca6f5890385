// SPDX-License-Identifier: GPL-2.0
/*
 * The crypto kfuncs' boundary tables, memory a SYSCALL program reaches:
 * one program per memory kind (crypto_bounds_mem.h), each running a batch
 * of cases the driver (tests/runner/crypto_bounds.c) generated and judges
 * against its model of the contract.  crypto_bounds_pkt.bpf.c has the
 * packet kinds; crypto_bounds_hash.bpf.c and crypto_bounds_sig.bpf.c the
 * same kinds for kfx_crypto_hash() and kfx_sig_verify().
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_bounds.h"

struct bounds_bss bss;

#include "crypto_bounds_mem.h"

/*
 * The stack is not a kind: bpf_dynptr_from_mem() takes map values only,
 * on every kernel (the verifier's own check), so no dynptr covers a stack
 * buffer.  The driver reports the kind as not expressible.
 */
SEC("syscall")
__failure __msg("Unsupported reg type fp for bpf_dynptr_from_mem data")
int bounds_stack(void *ctx)
{
	char buf[32];
	kfx_dynptr_t d;

	__builtin_memset(buf, 0, sizeof(buf));
	return bpf_dynptr_from_mem(buf, sizeof(buf), 0, &d);
}

SEC("syscall")
__success __driver("crypto_bounds")
int bounds_bss(void *ctx)
{
	return mem_batch(bss.region, BOUNDS_WIN);
}

SEC("syscall")
__success __driver("crypto_bounds")
int bounds_map_kmalloc(void *ctx)
{
	return map_kmalloc_batch();
}

SEC("syscall")
__success __driver("crypto_bounds")
int bounds_map_vmalloc(void *ctx)
{
	return map_vmalloc_batch();
}

SEC("syscall")
__success __driver("crypto_bounds") __needs_ksym("bpf_dynptr_adjust")
int bounds_ringbuf(void *ctx)
{
	return ring_batch();
}

char _license[] SEC("license") = "GPL";
