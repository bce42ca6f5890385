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
 *
 * On 6.1 and 6.12 kfx_sig_verify is sleepable (the kernel's ECDSA
 * allocates with GFP_KERNEL): the SYSCALL kinds run everywhere, the
 * packet kinds only where the kernel has crypto_sig's sig_alg (6.13+,
 * crypto_register_sig), and bounds_sig_tc_sleepable states the refusal
 * elsewhere.
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

/*
 * Where kfx_sig_verify is sleepable, a tc program may not call it.  The
 * verifier says so before it looks at the arguments (a NULL ctx here: the
 * ctx map of the packet kinds would need 6.1's kptr_ref tag).
 */
SEC("tc")
__failure __msg("sleepable kfunc kfx_sig_verify")
__without_ksym("crypto_register_sig")
int bounds_sig_tc_sleepable(struct __sk_buff *skb)
{
	kfx_dynptr_t m, s;

	bpf_dynptr_from_mem(bss.io_in, 32, 0, &m);
	bpf_dynptr_from_mem(bss.io_in + 32, 64, 0, &s);
	return kfx_sig_verify(NULL, &m, &s);
}

char _license[] SEC("license") = "GPL";
