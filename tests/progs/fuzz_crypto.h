/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kfunc fuzzer, crypto family: the body of fuzz_crypto.bpf.c (6.12+)
 * and fuzz_crypto_6_1.bpf.c (6.1: kptr_ref, local dynptrs over maps only,
 * no NULL siv, no clone or adjust).  One run is one step the driver
 * (tests/runner/fuzz.c) wrote into .bss: create a ctx into a slot of a
 * kptr map, acquire it into another slot, release it, name its driver, or
 * call a data kfunc with it (encrypt/decrypt, kfx_crypto_hash, kfx_sig_verify:
 * enum fz_kfn, whatever the ctx's type) between dynptrs over the memory
 * kinds of enum fz_mem_kind; after an encryption's 0, decrypt the output
 * back into img.back (and, for an AEAD, once more with one byte flipped).
 * Every area is copied in
 * from its image in .bss before the call and out again after it, so the
 * driver sees each byte the kfuncs touched.
 *
 * FZ_FULL (6.12+): ringbuf records, bpf_dynptr_adjust() offsets, NULL
 * siv, packets (the tc and xdp programs).
 */
#ifndef _FUZZ_CRYPTO_H
#define _FUZZ_CRYPTO_H

#include "fuzz.h"

extern int bpf_dynptr_adjust(const struct bpf_dynptr *p, __u32 start,
			     __u32 end) __ksym __weak;
extern int bpf_dynptr_clone(const struct bpf_dynptr *p,
			    struct bpf_dynptr *clone__uninit) __ksym __weak;
extern int bpf_dynptr_from_skb(struct __sk_buff *skb, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;
extern int bpf_dynptr_from_xdp(struct xdp_md *xdp, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;

#define DYNPTR struct bpf_dynptr __attribute__((aligned(8)))

struct ctx_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, FZ_SLOTS);
	__type(key, __u32);
	__type(value, struct ctx_slot);
} fz_slots SEC(".maps");

struct kmap {
	char b[FZ_KMAP];
};

/* One value per area (src, dst, siv): 12 KiB in all, kmalloc'd. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 3);
	__type(key, __u32);
	__type(value, struct kmap);
} fz_kmap SEC(".maps");

struct vmap {
	char b[2 * FZ_AREA];
};

/* Past 32 KiB: vmalloc'd. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 3);
	__type(key, __u32);
	__type(value, struct vmap);
} fz_vmap SEC(".maps");

#ifdef FZ_FULL
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, FZ_RING);
} fz_ring SEC(".maps");
#endif

struct kfx_crypto_params params;
struct fz_crypt_step cstep;
struct fz_crypt_res cres;
char drv[FZ_DRV_BUF + 64];
int err;
struct fz_img img;

static __always_inline struct kfx_crypto_ctx *take(__u32 slot,
						   struct ctx_slot **sl)
{
	__u32 key = slot;

	*sl = bpf_map_lookup_elem(&fz_slots, &key);
	return *sl ? bpf_kptr_xchg(&(*sl)->ctx, NULL) : NULL;
}

static __always_inline void *map_area(void *map, __u32 area)
{
	__u32 key = area;

	return bpf_map_lookup_elem(map, &key);
}

/*
 * @v at most @max, on the very register it is used from: clang compares
 * a zero-extended copy, and the verifier learns nothing of the original.
 * The driver never asks for more: it changes no value.
 */
#define FZ_BOUND(v, max)						\
	asm volatile("if %[x] <= %[m] goto +1; %[x] = %[m]"		\
		     : [x] "+r"(v) : [m] "i"(max))

/*
 * A local dynptr over [off, off + len) of @mem: directly, or (@adj) over
 * [0, ext) and then adjusted.  @lim: what the verifier may assume of off
 * and len (the memory holds 2 * lim bytes).
 */
static __always_inline int mk_local(char *mem, __u64 off, __u64 len,
				    __u64 ext, const __u64 lim, bool adj,
				    struct bpf_dynptr *d)
{
	if (off > lim || len > lim || ext > 2 * lim)
		return -1;
	FZ_BOUND(off, lim);
	FZ_BOUND(len, lim);
	FZ_BOUND(ext, 2 * lim);
#ifdef FZ_FULL
	if (adj && bpf_ksym_exists(bpf_dynptr_adjust)) {
		bpf_dynptr_from_mem(mem, ext, 0, d);
		bpf_dynptr_adjust(d, off, off + len);
		return 0;
	}
#endif
	bpf_dynptr_from_mem(mem + off, len, 0, d);
	return 0;
}

#ifdef FZ_FULL
/* A dynptr over [off, off + len) of the whole-memory dynptr @whole. */
static __always_inline int mk_sub(struct bpf_dynptr *whole, __u64 off,
				  __u64 len, struct bpf_dynptr *d)
{
	bpf_dynptr_clone(whole, d);
	return bpf_dynptr_adjust(d, off, off + len) ? -1 : 0;
}
#endif

#include "fuzz_crypto_area.h"

FZ_HELPER int crypt(struct kfx_crypto_ctx *c, bool decrypt,
		    struct bpf_dynptr *s, struct bpf_dynptr *d,
		    struct bpf_dynptr *v)
{
	__u32 vkind = cstep.kind_v;

	if (vkind == FZ_M_NOIV)
		return decrypt ? kfx_crypto_decrypt_noiv(c, s, d) :
				 kfx_crypto_encrypt_noiv(c, s, d);
#ifdef FZ_FULL
	if (vkind == FZ_M_NONE)
		return decrypt ? kfx_crypto_decrypt(c, s, d, NULL) :
				 kfx_crypto_encrypt(c, s, d, NULL);
#endif
	return decrypt ? kfx_crypto_decrypt(c, s, d, v) :
			 kfx_crypto_encrypt(c, s, d, v);
}

/*
 * The step's kfunc on any ctx (a wrong type is a case too): hash with A
 * as the data and B as out, sig with A as the message and V as the
 * signature, else encrypt or decrypt.
 */
FZ_HELPER int kfn(struct kfx_crypto_ctx *c, struct bpf_dynptr *s,
		  struct bpf_dynptr *d, struct bpf_dynptr *v)
{
	switch (cstep.kfn) {
	case FZ_K_HASH:
		cres.dsize = kfx_crypto_ctx_digestsize(c);
		return kfx_crypto_hash(c, s, d);
	case FZ_K_SIG:
		return kfx_sig_verify(c, s, v);
	default:
		return crypt(c, cstep.decrypt, s, d, v);
	}
}

/* Flip bit 0 of byte @at of @d. */
static __always_inline void flip(struct bpf_dynptr *d, __u32 at)
{
	char x = 0;

	if (!bpf_dynptr_read(&x, 1, d, at, 0)) {
		x ^= 1;
		bpf_dynptr_write(d, at, &x, 1, 0);
	}
}

/*
 * The roundtrip's src on 6.1 (no clone): [doff, doff + rt_len) of the
 * dst's memory.
 */
static __always_inline int rt_src(struct bpf_dynptr *td)
{
#ifdef FZ_FULL
	return -1;
#else
	__u32 kind, idx;
	__u64 off, len, ext, rl = cstep.rt_len;
	struct kmap *km;
	struct vmap *vm;
	char *image;
	bool adj;

	area_of(FZ_DST, &kind, &image, &idx, &off, &len, &ext, &adj);
	switch (kind) {
	case FZ_M_BSS:
		return mk_local(image, off, rl, 0, FZ_AREA, false, td);
	case FZ_M_KMAP:
		km = map_area(&fz_kmap, idx);
		return km ? mk_local(km->b, off, rl, 0, FZ_KMAP_HALF, false, td) :
			    -1;
	case FZ_M_VMAP:
		vm = map_area(&fz_vmap, idx);
		return vm ? mk_local(vm->b, off, rl, 0, FZ_AREA, false, td) : -1;
	default:
		return -1;
	}
#endif
}

/*
 * One CRYPT step; @pkt is a dynptr over the whole packet in the tc and xdp
 * programs, else NULL.
 */
static __always_inline int do_crypt(struct bpf_dynptr *pkt)
{
	const struct fz_crypt_step *s = &cstep;
	DYNPTR sd, dd, vd, td, bd, pd;
	DYNPTR ring;
	struct kfx_crypto_ctx *c;
	struct ctx_slot *sl;
	__u64 rt_dlen;
	int r;

	c = take(s->slot, &sl);
	if (!c) {
		cres.noctx = 1;
		return 0;
	}
#ifdef FZ_FULL
	__u32 rlen = s->kind_a == FZ_M_RING ? s->ext_a :
		     !s->same && s->kind_b == FZ_M_RING ? s->ext_b : 8;

	if (rlen > FZ_RING_REC)
		rlen = 8;
	bpf_ringbuf_reserve_dynptr(&fz_ring, rlen, 0, &ring);
#endif
	if (mk_area(FZ_SRC, &ring, pkt, &sd) ||
	    mk_area(FZ_DST, &ring, pkt, &dd))
		goto out;
	if (s->kind_v == FZ_M_NONE || s->kind_v == FZ_M_NOIV)
		bpf_dynptr_from_mem(img.v, 0, 0, &vd);
	else if (mk_area(FZ_SIV, NULL, NULL, &vd))
		goto out;
	cres.ran = 1;
	r = kfn(c, &sd, &dd, &vd);
	cres.r = r;
	if (s->kind_v != FZ_M_NONE && s->kind_v != FZ_M_NOIV)
		copy_out(FZ_SIV, NULL, img.v_after);
	if (r || !s->rt || s->kfn != FZ_K_CRYPT)
		goto copy_back;
	/* the roundtrip: [doff, doff + rt_len) of dst back into img.back */
#ifdef FZ_FULL
	bpf_dynptr_clone(&dd, &td);
	if (bpf_dynptr_adjust(&td, 0, s->rt_len))
		goto copy_back;
#else
	if (rt_src(&td))
		goto copy_back;
#endif
	rt_dlen = s->rt_dlen;
	if (rt_dlen > FZ_AREA)
		goto copy_back;
	FZ_BOUND(rt_dlen, FZ_AREA);
	bpf_dynptr_from_mem(img.back, rt_dlen, 0, &bd);
	siv_restore();
	cres.r_rt = crypt(c, true, &td, &bd, &vd);
	if (cres.r_rt || !s->tamper)
		goto copy_back;
	/* into img.pad: img.back keeps the roundtrip's plaintext */
	bpf_dynptr_from_mem(img.pad, rt_dlen, 0, &pd);
	flip(&td, s->tamper - 1);
	siv_restore();
	cres.r_tamper = crypt(c, true, &td, &pd, &vd);
	flip(&td, s->tamper - 1);
copy_back:
	copy_out(FZ_SRC, &ring, NULL);
	if (!s->same)
		copy_out(FZ_DST, &ring, NULL);
out:
#ifdef FZ_FULL
	bpf_ringbuf_discard_dynptr(&ring, 0);
#endif
	kfx_crypto_ctx_store(&sl->ctx, c);
	return 0;
}

/* The steps without data: create, acquire, release, driver. */
static __always_inline int do_step(void)
{
	const struct fz_crypt_step *s = &cstep;
	struct kfx_crypto_ctx *c, *a;
	struct ctx_slot *sl, *sl2;
	__u32 sz = s->params_sz, bufsz = s->bufsz;

	cres.version = kfx_version();
	switch (s->op) {
	case FZ_C_CREATE:
		if (sz > sizeof(params))
			sz = sizeof(params);
		err = 0;
		c = kfx_crypto_ctx_create(&params, sz, &err);
		cres.ran = 1;
		/* the slot holds the new ctx, or none: never an older one */
		a = take(s->slot, &sl);
		if (a)
			kfx_crypto_ctx_release(a);
		/* tested once: 6.1 would walk "NULL" again after a second test */
		if (!c) {
			cres.r = err;
			return 0;
		}
		cres.r = 0;
		if (sl)
			kfx_crypto_ctx_store(&sl->ctx, c);
		else
			kfx_crypto_ctx_release(c);
		return 0;
	case FZ_C_ACQUIRE:
		/* slot2 holds the new reference, or none: never an older one */
		a = take(s->slot2, &sl2);
		if (a)
			kfx_crypto_ctx_release(a);
		c = take(s->slot, &sl);
		if (!c) {
			cres.noctx = 1;
			return 0;
		}
		cres.ran = 1;
		a = kfx_crypto_ctx_acquire(c);
		if (!a) {
			kfx_crypto_ctx_store(&sl->ctx, c);
			return 0;
		}
		cres.acquired = a == c ? 1 : 2;
		kfx_crypto_ctx_store(&sl->ctx, c);
		if (sl2)
			kfx_crypto_ctx_store(&sl2->ctx, a);
		else
			kfx_crypto_ctx_release(a);
		return 0;
	case FZ_C_RELEASE:
		c = take(s->slot, &sl);
		if (!c) {
			cres.noctx = 1;
			return 0;
		}
		cres.ran = 1;
		kfx_crypto_ctx_release(c);
		return 0;
	case FZ_C_DRIVER:
		c = take(s->slot, &sl);
		if (!c) {
			cres.noctx = 1;
			return 0;
		}
		if (bufsz > FZ_DRV_BUF)
			bufsz = FZ_DRV_BUF;
		cres.ran = 1;
		cres.r = kfx_crypto_ctx_driver(c, drv, bufsz);
		kfx_crypto_ctx_store(&sl->ctx, c);
		return 0;
	case FZ_C_CRYPT:
		return do_crypt(NULL);
	default:
		return 1;
	}
}

#endif /* _FUZZ_CRYPTO_H */
