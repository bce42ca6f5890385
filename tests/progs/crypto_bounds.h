/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What crypto_bounds*.bpf.c and their driver (tests/runner/crypto_bounds.c)
 * share: a batch of cases, each one call of a crypto kfunc on slices of
 * one memory region (.bss, a map value, a ringbuf record, a packet).
 * The hash tables pass src as the data and dst as out, the sig tables src
 * as the message and siv as the signature.
 *
 * For each case the program copies the case's window image from io_in into
 * the region (restore_len bytes of it: a packet's paged part is never
 * written, which would linearise it), makes the src, dst and siv dynptrs
 * over the slices, calls the kfunc, and copies the whole window back to
 * io_out, where the driver compares it with the contract's model.
 */
#ifndef _CRYPTO_BOUNDS_H
#define _CRYPTO_BOUNDS_H

/*
 * Every window (and so slice start or length) in the big regions is
 * shorter than BOUNDS_WIN.  The programs mask each offset and length with
 * BOUNDS_WIN - 1 (a power of two), which the verifier follows wherever the
 * compiler keeps the value, and regions whose slices it must prove in
 * bounds (bpf_dynptr_from_mem at region + off, len) are twice that: it
 * cannot relate the one to the other.
 */
#define BOUNDS_WIN		(256 * 1024)
#define BOUNDS_REGION		(2 * BOUNDS_WIN)
/* A map value small enough to be kmalloc'd (< 32 KiB with the array) */
#define BOUNDS_KMALLOC_WIN	(8 * 1024)
#define BOUNDS_KMALLOC_REGION	(2 * BOUNDS_KMALLOC_WIN)

#define BOUNDS_BATCH		32

/* struct bounds_case.op */
enum {
	BOUNDS_ENCRYPT,
	BOUNDS_DECRYPT,
	BOUNDS_ENCRYPT_NOIV,
	BOUNDS_DECRYPT_NOIV,
	BOUNDS_OP_MASK = 3,
	/* pass the src dynptr itself as dst (in place, equal lengths) */
	BOUNDS_SAME_DYNPTR = 4,
};

/* struct bounds_case.ret when the program could not build the slices */
#define BOUNDS_NO_SLICE		(-10000)

/**
 * struct bounds_case - one kfunc call
 * @op: BOUNDS_ENCRYPT ... BOUNDS_DECRYPT_NOIV, maybe | BOUNDS_SAME_DYNPTR
 * @io_off: where the window's image is in io_in, and goes in io_out
 * @win_off: the window's offset in the region
 * @win_len: its length
 * @restore_len: how many of its first bytes to copy in
 * @src_off: the slices, by offset in the region and length
 * @src_len: see @src_off
 * @dst_off: see @src_off
 * @dst_len: see @src_off
 * @siv_off: see @src_off
 * @siv_len: see @src_off (unused by the _noiv ops)
 * @ret: what the kfunc returned (out)
 */
struct bounds_case {
	__u32 op;
	__u32 io_off;
	__u32 win_off;
	__u32 win_len;
	__u32 restore_len;
	__u32 src_off;
	__u32 src_len;
	__u32 dst_off;
	__u32 dst_len;
	__u32 siv_off;
	__u32 siv_len;
	__s32 ret;
};

/**
 * struct bounds_bss - the programs' whole .bss
 * @params: the ctx the SYSCALL programs (or the packet programs' setup)
 *	    create for the batch
 * @n: cases in @c
 * @err: create's errno (out)
 * @linear: the packet's bytes in its linear part / first buffer (out)
 * @armed: the read-only kind: the length of the packet whose free the
 *	   tp_btf program is to act on, once; it clears it (in and out)
 * @c: the cases
 * @io_in: the windows' images, in
 * @io_out: the windows after the call, out
 * @region: the .bss region (kind "bss")
 */
struct bounds_bss {
	struct kfx_crypto_params params;
	__u32 n;
	__s32 err;
	__u32 linear;
	__u32 armed;
	struct bounds_case c[BOUNDS_BATCH];
	char io_in[BOUNDS_REGION];
	char io_out[BOUNDS_REGION];
	char region[BOUNDS_REGION];
};

#ifdef __bpf__
/* The case @i of the batch. */
static __always_inline struct bounds_case *bounds_case(struct bounds_bss *b,
						       __u32 i)
{
	return &b->c[i & (BOUNDS_BATCH - 1)];
}

/* The kfunc @op names on the dynptrs @s, @d, @v. */
static __always_inline int bounds_crypt(struct kfx_crypto_ctx *ctx, __u32 op,
					kfx_dynptr_t *s, kfx_dynptr_t *d,
					kfx_dynptr_t *v)
{
	if (op & BOUNDS_SAME_DYNPTR)
		d = s;
	switch (op & BOUNDS_OP_MASK) {
	case BOUNDS_ENCRYPT:
		return kfx_crypto_encrypt(ctx, s, d, v);
	case BOUNDS_DECRYPT:
		return kfx_crypto_decrypt(ctx, s, d, v);
	case BOUNDS_ENCRYPT_NOIV:
		return kfx_crypto_encrypt_noiv(ctx, s, d);
	default:
		return kfx_crypto_decrypt_noiv(ctx, s, d);
	}
}

/*
 * The kfunc a case calls on its slices: the includer may define
 * BOUNDS_CALL(ctx, op, src, dst, siv) first (the hash and sig tables).
 */
#ifndef BOUNDS_CALL
#define BOUNDS_CALL(ctx, op, s, d, v)	bounds_crypt(ctx, op, s, d, v)
#endif

/* bpf_dynptr_adjust and _clone came in 6.5; the 6.1 vmlinux.h lacks them */
extern int bpf_dynptr_adjust(const struct bpf_dynptr *p, __u32 start,
			     __u32 end) __ksym __weak;
extern int bpf_dynptr_clone(const struct bpf_dynptr *p,
			    struct bpf_dynptr *clone__init) __ksym __weak;

/* @out: the @len bytes of @r at @off, as a clone of @r narrowed. */
static __always_inline int bounds_slice(kfx_dynptr_t *r, __u32 off, __u32 len,
					kfx_dynptr_t *out)
{
	bpf_dynptr_clone(r, out);
	return bpf_dynptr_adjust(out, off, off + len);
}

/*
 * Case @i on the region dynptr @r (ringbuf record, packet), its slices
 * clones of @r narrowed with bpf_dynptr_adjust().
 */
static __always_inline void bounds_adjusted_case(struct bounds_bss *b,
						 struct kfx_crypto_ctx *ctx,
						 kfx_dynptr_t *r, __u32 i)
{
	struct bounds_case *c = bounds_case(b, i);
	__u32 io = c->io_off & (BOUNDS_WIN - 1), wl = c->win_len & (BOUNDS_WIN - 1);
	__u32 rl = c->restore_len & (BOUNDS_WIN - 1);
	kfx_dynptr_t s, d, v;

	c->ret = BOUNDS_NO_SLICE;
	if (rl && bpf_dynptr_write(r, c->win_off, b->io_in + io, rl, 0))
		return;
	if (bounds_slice(r, c->src_off, c->src_len, &s) |
	    bounds_slice(r, c->dst_off, c->dst_len, &d) |
	    bounds_slice(r, c->siv_off, c->siv_len, &v))
		return;
	c->ret = BOUNDS_CALL(ctx, c->op, &s, &d, &v);
	if (bpf_dynptr_read(b->io_out + io, wl, r, c->win_off, 0))
		c->ret = BOUNDS_NO_SLICE;
}
#endif /* __bpf__ */

#endif /* _CRYPTO_BOUNDS_H */
