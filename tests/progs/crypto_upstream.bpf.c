// SPDX-License-Identifier: GPL-2.0
/*
 * kfx_crypto_* against upstream's bpf_crypto_* (6.10+; in the matrix 6.12
 * and 7.x) on the same keys and pseudo-random inputs: every output byte,
 * and the IV each leaves behind, identical.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"

#define TC_ACT_OK	0
#define MAX		256

#include "bpf_crypto_upstream.h"

struct ctxs {
	struct bpf_crypto_ctx __kptr *up;
	struct kfx_crypto_ctx __kptr *kfx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2);		/* 0: ecb(aes), 1: cbc(aes) */
	__type(key, __u32);
	__type(value, struct ctxs);
} pairs SEC(".maps");

struct kfx_crypto_params params;	/* upstream's layout: one for both */
char in[MAX], out_up[MAX], out_kfx[MAX], iv_up[16], iv_kfx[16];
int err;

static __u64 rng = 0x9e3779b97f4a7c15;

static __always_inline __u8 next_byte(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng >> 56;
}

/* The same random 16-byte key for both, @algo given. */
static __always_inline int make_pair(__u32 slot, const char *algo, int alen)
{
	struct bpf_crypto_ctx *up, *old_up;
	struct kfx_crypto_ctx *kfx;
	struct ctxs *v = bpf_map_lookup_elem(&pairs, &slot);

	if (!v)
		return 1;
	__builtin_memcpy(params.type, "skcipher", 9);
	for (int i = 0; i < 9 && i < alen; i++)
		params.algo[i] = algo[i];
	for (int i = 0; i < 16; i++)
		params.key[i] = next_byte();
	params.key_len = 16;
	up = bpf_crypto_ctx_create(&params, sizeof(params), &err);
	if (!up)
		return 2;
	kfx = kfx_crypto_ctx_create(&params, sizeof(params), &err);
	if (!kfx) {
		bpf_crypto_ctx_release(up);
		return 3;
	}
	old_up = bpf_kptr_xchg(&v->up, up);
	if (old_up)
		bpf_crypto_ctx_release(old_up);
	kfx_crypto_ctx_store(&v->kfx, kfx);
	return 0;
}

SEC("syscall")
__success __retval(0) __needs_ksym("bpf_crypto_ctx_create")
int setup_pairs(void *ctx)
{
	return make_pair(0, "ecb(aes)", 9) ?: make_pair(1, "cbc(aes)", 9);
}

/* 0 if the @n bytes match, else 1 + the index of the first that differs */
static __always_inline int differ(const char *a, const char *b, int n)
{
	for (int i = 0; i < n && i < MAX; i++)
		if (a[i] != b[i])
			return i + 1;
	return 0;
}

/*
 * @len random bytes through both ctxs of @slot, encrypt (@dec false) or
 * decrypt, with a random IV when @with_iv.  0 when all agree.  A global
 * function, verified once on its own: each call needs fresh stack slots
 * for its dynptrs.
 */
__noinline int compare(__u32 slot, __u32 len, bool with_iv, bool dec)
{
	kfx_dynptr_t s, du, dk, vu, vk;
	struct bpf_crypto_ctx *up;
	struct kfx_crypto_ctx *kfx;
	struct ctxs *v;
	int ru, rk, r;

	len &= 2 * MAX - 1;	/* a global function's argument has no bounds */
	if (len > MAX)
		return 1;
	v = bpf_map_lookup_elem(&pairs, &slot);
	if (!v)
		return 1;
	/*
	 * Upstream's ctx is used where it lies (an RCU-protected type; its
	 * release is SYSCALL-only); kfx's is taken out and put back.
	 */
	up = v->up;
	kfx = bpf_kptr_xchg(&v->kfx, NULL);
	for (int i = 0; i < MAX; i++)
		in[i] = next_byte();
	for (int i = 0; i < 16; i++)
		iv_up[i] = iv_kfx[i] = next_byte();
	bpf_dynptr_from_mem(in, len, 0, &s);
	bpf_dynptr_from_mem(out_up, len, 0, &du);
	bpf_dynptr_from_mem(out_kfx, len, 0, &dk);
	bpf_dynptr_from_mem(iv_up, 16, 0, &vu);
	bpf_dynptr_from_mem(iv_kfx, 16, 0, &vk);
	ru = rk = -1;
	if (up && kfx) {
		if (dec) {
			ru = bpf_crypto_decrypt(up, &s, &du, with_iv ? &vu : NULL);
			rk = kfx_crypto_decrypt(kfx, &s, &dk, with_iv ? &vk : NULL);
		} else {
			ru = bpf_crypto_encrypt(up, &s, &du, with_iv ? &vu : NULL);
			rk = kfx_crypto_encrypt(kfx, &s, &dk, with_iv ? &vk : NULL);
		}
	}
	if (kfx)
		kfx_crypto_ctx_store(&v->kfx, kfx);
	if (ru || rk)
		return 1000 + (ru ? 100 : 0) + (rk ? 200 : 0);
	r = differ(out_up, out_kfx, len);
	if (r)
		return 2000 + r;
	return differ(iv_up, iv_kfx, 16) ? 3000 : 0;
}

/* Every size from one block to MAX, both directions. */
static __always_inline int sweep(__u32 slot, bool with_iv)
{
	int r;

	for (__u32 len = 16; len <= MAX; len += 16) {
		r = compare(slot, len, with_iv, false);
		if (r)
			return r + len * 10000;
		r = compare(slot, len, with_iv, true);
		if (r)
			return r + len * 10000;
	}
	return 0;
}

SEC("tc")
__success __retval(TC_ACT_OK) __setup("setup_pairs")
__needs_ksym("bpf_crypto_ctx_create")
int ecb_same_as_upstream(struct __sk_buff *skb)
{
	return sweep(0, false);
}

SEC("tc")
__success __retval(TC_ACT_OK) __setup("setup_pairs")
__needs_ksym("bpf_crypto_ctx_create")
int cbc_same_as_upstream(struct __sk_buff *skb)
{
	return sweep(1, true);
}

char _license[] SEC("license") = "GPL";
