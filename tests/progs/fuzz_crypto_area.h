/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kfunc fuzzer's crypto areas (part of fuzz_crypto.h, included there
 * after its maps and mk_local): which memory each of a step's areas A
 * (src, data, message), B (dst, out) and V (siv, signature) lives in,
 * its dynptr, and copying it in from its .bss image and back out.
 */
#ifndef _FUZZ_CRYPTO_AREA_H
#define _FUZZ_CRYPTO_AREA_H

/* Copy @len bytes in (or out) between an image and a map area. */
static __always_inline void copy(void *to, __u64 len, const __u64 lim,
				 const void *from)
{
	if (len > lim)
		return;
	FZ_BOUND(len, lim);
	bpf_probe_read_kernel(to, len, from);
}

/*
 * 6.12+ programs do more per step than clang can keep within the 512
 * bytes of one BPF frame: the helpers below are subprograms there.
 */
#ifdef FZ_FULL
#define FZ_HELPER	static __noinline
#else
#define FZ_HELPER	static __always_inline
#endif

#define FZ_SRC	0
#define FZ_DST	1
#define FZ_SIV	2

/* Area @which's kind, image, map index, range and extent. */
static __always_inline void area_of(__u32 which, __u32 *kind, char **image,
				    __u32 *idx, __u64 *off, __u64 *len,
				    __u64 *ext, bool *adj)
{
	const struct fz_crypt_step *s = &cstep;

	if (which == FZ_SRC || (which == FZ_DST && s->same)) {
		*kind = s->kind_a;
		*image = img.a;
		*idx = 0;
		*ext = s->ext_a;
	} else if (which == FZ_DST) {
		*kind = s->kind_b;
		*image = img.b;
		*idx = 1;
		*ext = s->ext_b;
	} else {
		*kind = s->kind_v;
		*image = img.v;
		*idx = 2;
		*ext = s->ext_v;
	}
	*off = which == FZ_SRC ? s->soff : which == FZ_DST ? s->doff : s->voff;
	*len = which == FZ_SRC ? s->slen : which == FZ_DST ? s->dlen : s->vlen;
	*adj = s->adjust & (which == FZ_SRC ? FZ_ADJ_SRC :
			    which == FZ_DST ? FZ_ADJ_DST : FZ_ADJ_SIV);
}

/*
 * The dynptr of area @which over its [off, off + len), its memory first
 * filled from its image.  (No stack memory: bpf_dynptr_from_mem() takes
 * map values only, "Unsupported reg type fp" up to 7.3.)
 */
FZ_HELPER int mk_area(__u32 which, struct bpf_dynptr *ring,
		      struct bpf_dynptr *pkt, struct bpf_dynptr *d)
{
	__u32 kind, idx;
	__u64 off, len, ext;
	struct kmap *km;
	struct vmap *vm;
	char *image;
	bool adj;

	area_of(which, &kind, &image, &idx, &off, &len, &ext, &adj);
	switch (kind) {
	case FZ_M_BSS:
		return mk_local(image, off, len, ext, FZ_AREA, adj, d);
	case FZ_M_KMAP:
		km = map_area(&fz_kmap, idx);
		if (!km)
			return -1;
		copy(km->b, ext, FZ_KMAP, image);
		return mk_local(km->b, off, len, ext, FZ_KMAP_HALF, adj, d);
	case FZ_M_VMAP:
		vm = map_area(&fz_vmap, idx);
		if (!vm)
			return -1;
		copy(vm->b, ext, FZ_AREA, image);
		return mk_local(vm->b, off, len, ext, FZ_AREA, adj, d);
#ifdef FZ_FULL
	case FZ_M_RING:
		if (!ring || which == FZ_SIV || ext > FZ_RING_REC)
			return -1;
		FZ_BOUND(ext, FZ_RING_REC);
		if (bpf_dynptr_write(ring, 0, image, ext, 0))
			return -1;
		return mk_sub(ring, off, len, d);
	case FZ_M_PKT:
		if (!pkt || which == FZ_SIV)
			return -1;
		return mk_sub(pkt, off, len, d);
#endif
	default:
		return -1;
	}
}

/*
 * Area @which's memory back into its image (@to: another image, for the
 * siv); packets the driver reads itself.
 */
FZ_HELPER void copy_out(__u32 which, struct bpf_dynptr *ring, char *to)
{
	__u32 kind, idx;
	__u64 off, len, ext;
	struct kmap *km;
	struct vmap *vm;
	char *image;
	bool adj;

	area_of(which, &kind, &image, &idx, &off, &len, &ext, &adj);
	if (to)
		image = to;
	switch (kind) {
	case FZ_M_BSS:
		if (to)
			copy(to, ext, FZ_VAREA, img.v);
		break;
	case FZ_M_KMAP:
		km = map_area(&fz_kmap, idx);
		if (km)
			copy(image, ext, FZ_KMAP, km->b);
		break;
	case FZ_M_VMAP:
		vm = map_area(&fz_vmap, idx);
		if (vm)
			copy(image, ext, FZ_AREA, vm->b);
		break;
#ifdef FZ_FULL
	case FZ_M_RING:
		if (!ring || ext > FZ_RING_REC)
			break;
		FZ_BOUND(ext, FZ_RING_REC);
		bpf_dynptr_read(image, ext, ring, 0, 0);
		break;
#endif
	default:
		break;
	}
}

/* The siv's memory restored from img.v0 for a decrypt. */
FZ_HELPER void siv_restore(void)
{
	__u64 ext = cstep.ext_v;
	struct kmap *km;
	struct vmap *vm;

	switch (cstep.kind_v) {
	case FZ_M_BSS:
		copy(img.v, ext, FZ_VAREA, img.v0);
		break;
	case FZ_M_KMAP:
		km = map_area(&fz_kmap, 2);
		if (km)
			copy(km->b, ext, FZ_KMAP, img.v0);
		break;
	case FZ_M_VMAP:
		vm = map_area(&fz_vmap, 2);
		if (vm)
			copy(vm->b, ext, FZ_AREA, img.v0);
		break;
	default:
		break;
	}
}

#endif /* _FUZZ_CRYPTO_AREA_H */
