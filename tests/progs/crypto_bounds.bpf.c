// SPDX-License-Identifier: GPL-2.0
/*
 * The crypto kfuncs' boundary tables, memory a SYSCALL program reaches:
 * one program per memory kind, each running a batch of cases the driver
 * (tests/runner/crypto_bounds.c) generated and judges against its model
 * of the contract.  The kinds: the BPF stack, .bss (an mmapable array:
 * vmalloc), an array map value small enough to be kmalloc'd, one large
 * enough to be vmalloc'd, and a ringbuf record (6.2+ passes ringbuf
 * dynptrs to kfuncs; its slices need bpf_dynptr_adjust, 6.5+).
 * crypto_bounds_pkt.bpf.c has the packet kinds.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_bounds.h"

struct bounds_bss bss;

struct kmalloc_value {
	char region[BOUNDS_KMALLOC_REGION];
};

struct vmalloc_value {
	char region[BOUNDS_REGION];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct kmalloc_value);
} map_kmalloc SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct vmalloc_value);
} map_vmalloc SEC(".maps");

/* A batch's records (discarded; the driver consumes them) always fit. */
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4 * BOUNDS_WIN);
} ring SEC(".maps");

/*
 * Case @i on @region, whose slices start and end within @win bytes, a
 * power of two (the region is twice that): the dynptrs are
 * bpf_dynptr_from_mem() of region + offset.  Not inlined: each case gets fresh dynptr slots (6.1
 * cannot initialise one twice).
 */
static __noinline int mem_case(struct kfx_crypto_ctx *ctx, char *region,
			       __u32 win, __u32 i)
{
	struct bounds_case *c = bounds_case(&bss, i);
	__u32 m = win - 1, w = BOUNDS_WIN - 1;
	__u32 io = c->io_off & w, wl = c->win_len & w, rl = c->restore_len & w;
	kfx_dynptr_t r, s, d, v;

	c->ret = BOUNDS_NO_SLICE;
	bpf_dynptr_from_mem(region, 2 * win, 0, &r);
	if (rl && bpf_dynptr_write(&r, c->win_off, bss.io_in + io, rl, 0))
		return 0;
	bpf_dynptr_from_mem(region + (c->src_off & m), c->src_len & m, 0, &s);
	bpf_dynptr_from_mem(region + (c->dst_off & m), c->dst_len & m, 0, &d);
	bpf_dynptr_from_mem(region + (c->siv_off & m), c->siv_len & m, 0, &v);
	c->ret = bounds_crypt(ctx, c->op, &s, &d, &v);
	if (bpf_dynptr_read(bss.io_out + io, wl, &r, c->win_off, 0))
		c->ret = BOUNDS_NO_SLICE;
	return 0;
}

/* The batch on @region, with one ctx made from bss.params. */
static __always_inline int mem_batch(char *region, __u32 win)
{
	struct kfx_crypto_ctx *c;

	c = kfx_crypto_ctx_create(&bss.params, sizeof(bss.params), &bss.err);
	if (!c)
		return 0;
	for (__u32 i = 0; i < BOUNDS_BATCH; i++) {
		if (i >= bss.n)
			break;
		mem_case(c, region, win, i);
	}
	kfx_crypto_ctx_release(c);
	return 0;
}

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
	__u32 zero = 0;
	struct kmalloc_value *v = bpf_map_lookup_elem(&map_kmalloc, &zero);

	return v ? mem_batch(v->region, BOUNDS_KMALLOC_WIN) : 1;
}

SEC("syscall")
__success __driver("crypto_bounds")
int bounds_map_vmalloc(void *ctx)
{
	__u32 zero = 0;
	struct vmalloc_value *v = bpf_map_lookup_elem(&map_vmalloc, &zero);

	return v ? mem_batch(v->region, BOUNDS_WIN) : 1;
}

/* Case @i in a ringbuf record of the window's size, discarded after. */
static __noinline int ring_case(struct kfx_crypto_ctx *ctx, __u32 i)
{
	struct bounds_case *c = bounds_case(&bss, i);
	kfx_dynptr_t r;

	if (bpf_ringbuf_reserve_dynptr(&ring, c->win_len, 0, &r))
		c->ret = BOUNDS_NO_SLICE;
	else
		bounds_adjusted_case(&bss, ctx, &r, i);
	bpf_ringbuf_discard_dynptr(&r, 0);
	return 0;
}

SEC("syscall")
__success __driver("crypto_bounds") __needs_ksym("bpf_dynptr_adjust")
int bounds_ringbuf(void *ctx)
{
	struct kfx_crypto_ctx *c;

	c = kfx_crypto_ctx_create(&bss.params, sizeof(bss.params), &bss.err);
	if (!c)
		return 0;
	for (__u32 i = 0; i < BOUNDS_BATCH; i++) {
		if (i >= bss.n)
			break;
		ring_case(c, i);
	}
	kfx_crypto_ctx_release(c);
	return 0;
}

char _license[] SEC("license") = "GPL";
