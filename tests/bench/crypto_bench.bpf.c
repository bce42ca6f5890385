// SPDX-License-Identifier: GPL-2.0
/*
 * Crypto kfunc timing: one encrypt or decrypt per run of an XDP program,
 * through kfx (ctx taken out of its map with bpf_kptr_xchg() and put back,
 * as kfx.h tells users to) or upstream's bpf_crypto_* (ctx read from its
 * map under RCU, as upstream's users do).  `call` = 0 times the same
 * program without the kfunc call and without building the siv dynptr,
 * which the loader (crypto_bench.c) subtracts: a 0-sized siv's cost is
 * the call's.  crypto_bench_6_1.bpf.c is this file for 6.1's kptr tag.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "crypto_bench.h"

#include "bpf_crypto_upstream.h"

extern void bpf_rcu_read_lock(void) __ksym __weak;
extern void bpf_rcu_read_unlock(void) __ksym __weak;

struct kfx_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct up_slot {
	struct bpf_crypto_ctx __kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct kfx_slot);
} kfx_ctx SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct up_slot);
} up_ctx SEC(".maps");

struct kfx_crypto_params params;	/* upstream's layout too */
char src[CB_MAX], dst[CB_MAX + 32], siv[CB_SIV_MAX];
__u32 len, dst_len, siv_len;
int err, result;
char driver[128];

const volatile int decrypt, siv_mode, call;

SEC("syscall")
int setup_kfx(void *ctx)
{
	struct kfx_crypto_ctx *c;
	struct kfx_slot *s;
	__u32 zero = 0;

	s = bpf_map_lookup_elem(&kfx_ctx, &zero);
	if (!s)
		return 1;
	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);
	if (!c)
		return 2;
	kfx_crypto_ctx_driver(c, driver, sizeof(driver));
	kfx_crypto_ctx_store(&s->ctx, c);
	return 0;
}

SEC("syscall")
int setup_up(void *ctx)
{
	struct bpf_crypto_ctx *c;
	struct up_slot *s;
	__u32 zero = 0;

	s = bpf_map_lookup_elem(&up_ctx, &zero);
	if (!s)
		return 1;
	c = bpf_crypto_ctx_create(&params, sizeof(params), &err);
	if (!c)
		return 2;
	c = bpf_kptr_xchg(&s->ctx, c);
	if (c)
		bpf_crypto_ctx_release(c);
	return 0;
}

/* The dynptrs, sized by what the loader set. */
static __always_inline void dynptrs(struct bpf_dynptr *s, struct bpf_dynptr *d,
				    struct bpf_dynptr *v)
{
	__u32 n = len, m = dst_len, k = siv_len;

	if (n > CB_MAX)
		n = CB_MAX;
	if (m > sizeof(dst))
		m = sizeof(dst);
	if (k > CB_SIV_MAX)
		k = CB_SIV_MAX;
	bpf_dynptr_from_mem(src, n, 0, s);
	bpf_dynptr_from_mem(dst, m, 0, d);
	/* what passing a siv costs is the call's: not in the baseline */
	if (call && siv_mode == SIV_DYNPTR)
		bpf_dynptr_from_mem(siv, k, 0, v);
}

SEC("xdp")
int bench_kfx(struct xdp_md *x)
{
	kfx_dynptr_t s, d, v;
	struct kfx_crypto_ctx *c;
	struct kfx_slot *slot;
	__u32 zero = 0;

	slot = bpf_map_lookup_elem(&kfx_ctx, &zero);
	if (!slot)
		return XDP_ABORTED;
	c = bpf_kptr_xchg(&slot->ctx, NULL);
	if (!c)
		return XDP_ABORTED;
	dynptrs(&s, &d, &v);
	if (!call)
		result = 0;
	else if (siv_mode == SIV_NOIV)
		result = decrypt ? kfx_crypto_decrypt_noiv(c, &s, &d) :
				   kfx_crypto_encrypt_noiv(c, &s, &d);
	else if (siv_mode == SIV_NULL)
		result = decrypt ? kfx_crypto_decrypt(c, &s, &d, NULL) :
				   kfx_crypto_encrypt(c, &s, &d, NULL);
	else
		result = decrypt ? kfx_crypto_decrypt(c, &s, &d, &v) :
				   kfx_crypto_encrypt(c, &s, &d, &v);
	kfx_crypto_ctx_store(&slot->ctx, c);
	return XDP_PASS;
}

SEC("xdp")
int bench_up(struct xdp_md *x)
{
	kfx_dynptr_t s, d, v;
	struct bpf_crypto_ctx *c;
	struct up_slot *slot;
	__u32 zero = 0;

	slot = bpf_map_lookup_elem(&up_ctx, &zero);
	if (!slot)
		return XDP_ABORTED;
	bpf_rcu_read_lock();
	c = slot->ctx;
	if (!c) {
		bpf_rcu_read_unlock();
		return XDP_ABORTED;
	}
	dynptrs(&s, &d, &v);
	if (!call)
		result = 0;
	else if (siv_mode == SIV_NULL)
		result = decrypt ? bpf_crypto_decrypt(c, &s, &d, NULL) :
				   bpf_crypto_encrypt(c, &s, &d, NULL);
	else
		result = decrypt ? bpf_crypto_decrypt(c, &s, &d, &v) :
				   bpf_crypto_encrypt(c, &s, &d, &v);
	bpf_rcu_read_unlock();
	return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
