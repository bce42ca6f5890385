/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The boundary tables' memory kinds a SYSCALL program reaches, shared by
 * crypto_bounds.bpf.c (ciphers), crypto_bounds_hash.bpf.c and
 * crypto_bounds_sig.bpf.c, which differ only in BOUNDS_CALL: .bss (an
 * mmapable array: vmalloc), an array map value small enough to be
 * kmalloc'd, one large enough to be vmalloc'd, and a ringbuf record
 * (6.2+ passes ringbuf dynptrs to kfuncs; its slices need
 * bpf_dynptr_adjust, 6.5+).  The includer defines `struct bounds_bss bss`.
 */
#ifndef _CRYPTO_BOUNDS_MEM_H
#define _CRYPTO_BOUNDS_MEM_H

#include "crypto_bounds.h"

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
 * bpf_dynptr_from_mem() of region + offset.  Not inlined: each case gets
 * fresh dynptr slots (6.1 cannot initialise one twice).
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
	c->ret = BOUNDS_CALL(ctx, c->op, &s, &d, &v);
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

static __always_inline int map_kmalloc_batch(void)
{
	__u32 zero = 0;
	struct kmalloc_value *v = bpf_map_lookup_elem(&map_kmalloc, &zero);

	return v ? mem_batch(v->region, BOUNDS_KMALLOC_WIN) : 1;
}

static __always_inline int map_vmalloc_batch(void)
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

static __always_inline int ring_batch(void)
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

#endif /* _CRYPTO_BOUNDS_MEM_H */
