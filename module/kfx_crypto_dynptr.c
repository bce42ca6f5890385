// SPDX-License-Identifier: GPL-2.0
/*
 * kfx crypto family: its dynptr access.  The module cannot call the
 * kernel's dynptr accessors (not exported), so it decodes struct
 * bpf_dynptr_kern itself: the size, the bytes as plain memory, and an
 * skb's or xdp buffer's bytes piece by piece, paged and fragment data
 * included (kfx_crypto_hash() reads whole packets).
 */
#include <linux/bpf.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/skbuff.h>
#include <net/xdp.h>

#include "kfx_compat.h"
#include "kfx_crypto.h"

/*
 * The size word of struct bpf_dynptr_kern (kernel/bpf/helpers.c, private,
 * the same from 6.1 to 7.3): bits 0-23 the size, 28-30 the type, 31 the
 * read-only flag.
 */
#define KFX_DYNPTR_SIZE_MASK	0xffffff
#define KFX_DYNPTR_TYPE_SHIFT	28
#define KFX_DYNPTR_TYPE_MASK	0x7
#define KFX_DYNPTR_RDONLY	BIT(31)

u32 kfx_dynptr_size(const struct bpf_dynptr_kern *p)
{
	return p->size & KFX_DYNPTR_SIZE_MASK;
}

static u32 kfx_dynptr_type(const struct bpf_dynptr_kern *p)
{
	return p->size >> KFX_DYNPTR_TYPE_SHIFT & KFX_DYNPTR_TYPE_MASK;
}

/* Whether @p is over an skb or xdp buffer: made by a packet program. */
bool kfx_dynptr_is_packet(const struct bpf_dynptr_kern *p)
{
	u32 type = kfx_dynptr_type(p);

	return type == KFX_DYNPTR_TYPE_SKB || type == KFX_DYNPTR_TYPE_XDP;
}

/*
 * The address of the @len bytes dynptr @p covers, or NULL: not
 * initialised, read-only when @write, or not reachable as plain memory
 * (skb and xdp data beyond their linear part, as upstream refuses too).
 */
void *kfx_dynptr_data(const struct bpf_dynptr_kern *p, u32 len, bool write)
{
	u32 type = kfx_dynptr_type(p);

	if (!p->data || (write && (p->size & KFX_DYNPTR_RDONLY)))
		return NULL;
	switch (type) {
	case BPF_DYNPTR_TYPE_LOCAL:
	case BPF_DYNPTR_TYPE_RINGBUF:
		return p->data + p->offset;
	case KFX_DYNPTR_TYPE_SKB: {
		struct sk_buff *skb = p->data;

		if ((u64)p->offset + len > skb_headlen(skb))
			return NULL;
		/* a clone's shared data is not ours to write (pull it first) */
		if (write && skb_cloned(skb) &&
		    !skb_clone_writable(skb, p->offset + len))
			return NULL;
		return skb->data + p->offset;
	}
	case KFX_DYNPTR_TYPE_XDP: {
		struct xdp_buff *xdp = p->data;

		if ((u64)p->offset + len > xdp->data_end - xdp->data)
			return NULL;
		return xdp->data + p->offset;
	}
	default:
		return NULL;
	}
}

/*
 * Bytes @off to @off + @len of @skb, linear part, paged fragments and the
 * frag_list alike, piece by piece: skb_seq_read() maps each page in turn
 * (and may hand back more than asked: trimmed).  Fragments the CPU may
 * not read (device memory) are refused, as skb_copy_bits() refuses them.
 */
static int kfx_skb_for_each(struct sk_buff *skb, u32 off, u32 len,
			    kfx_dynptr_piece_fn fn, void *arg)
{
	struct skb_seq_state st;
	const u8 *data;
	u32 done = 0, n;
	int err;

	if ((u64)off + len > skb->len)
		return -EINVAL;
	if ((u64)off + len > skb_headlen(skb) && !kfx_skb_frags_readable(skb))
		return -EINVAL;
	skb_prepare_seq_read(skb, off, off + len, &st);
	while (done < len) {
		n = skb_seq_read(done, &data, &st);
		if (!n) {
			err = -EINVAL;
			goto abort;
		}
		n = min(n, len - done);
		err = fn(arg, data, n);
		if (err)
			goto abort;
		done += n;
	}
	skb_abort_seq_read(&st);
	return 0;
abort:
	skb_abort_seq_read(&st);
	return err;
}

/* The same for an xdp buffer: its linear part, then its fragments. */
static int kfx_xdp_for_each(struct xdp_buff *xdp, u32 off, u32 len,
			    kfx_dynptr_piece_fn fn, void *arg)
{
	u32 head = xdp->data_end - xdp->data, n, i, size;
	struct skb_shared_info *sinfo;
	struct page *page;
	skb_frag_t *frag;
	int err;

	if ((u64)off + len > xdp_get_buff_len(xdp))
		return -EINVAL;
	if (off < head) {
		n = min(len, head - off);
		err = fn(arg, xdp->data + off, n);
		if (err)
			return err;
		len -= n;
		off = 0;
	} else {
		off -= head;
	}
	sinfo = xdp_get_shared_info_from_buff(xdp);
	for (i = 0; len && i < sinfo->nr_frags; i++) {
		frag = &sinfo->frags[i];
		size = skb_frag_size(frag);
		if (off >= size) {
			off -= size;
			continue;
		}
		page = skb_frag_page(frag);
		if (!page)
			return -EINVAL;
		n = min(len, size - off);
		err = fn(arg, page_address(page) + skb_frag_off(frag) + off, n);
		if (err)
			return err;
		len -= n;
		off = 0;
	}
	return len ? -EINVAL : 0;
}

/**
 * kfx_dynptr_for_each() - Hand every piece of a dynptr's data to @fn
 * @p: The dynptr, @len bytes from its offset
 * @len: How many bytes, at most its size
 * @fn: Called for each piece in order; a non-zero return stops the walk
 * @arg: Passed to @fn
 *
 * Local and ringbuf memory is one piece; an skb's or xdp buffer's data is
 * as many as it has pages, read where they are, never copied.
 *
 * Return: 0, what @fn returned, or -EINVAL when the bytes are not there.
 */
int kfx_dynptr_for_each(const struct bpf_dynptr_kern *p, u32 len,
			kfx_dynptr_piece_fn fn, void *arg)
{
	void *data;

	if (!p->data || len > kfx_dynptr_size(p))
		return -EINVAL;
	switch (kfx_dynptr_type(p)) {
	case KFX_DYNPTR_TYPE_SKB:
		return kfx_skb_for_each(p->data, p->offset, len, fn, arg);
	case KFX_DYNPTR_TYPE_XDP:
		return kfx_xdp_for_each(p->data, p->offset, len, fn, arg);
	default:
		data = kfx_dynptr_data(p, len, false);
		return data ? fn(arg, data, len) : -EINVAL;
	}
}
