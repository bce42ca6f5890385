/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Upstream's crypto kfuncs and types (kernel/bpf/crypto.c, 6.10; nullable
 * siv 6.11), declared weak: not in the 6.1 vmlinux.h the programs are
 * built with.  For the programs that compare kfx with upstream.  The
 * params are kfx's struct, which has upstream's layout (bpf/kfx.h): the
 * verifier takes them as memory of @params__sz bytes, and libbpf matches
 * struct arguments by kind, not by name.
 */
#ifndef _BPF_CRYPTO_UPSTREAM_H
#define _BPF_CRYPTO_UPSTREAM_H

struct bpf_crypto_ctx {
	int opaque;
};

extern struct bpf_crypto_ctx *
bpf_crypto_ctx_create(const struct kfx_crypto_params *params,
		      __u32 params__sz, int *err) __ksym __weak;
extern void bpf_crypto_ctx_release(struct bpf_crypto_ctx *ctx) __ksym __weak;
extern int bpf_crypto_encrypt(struct bpf_crypto_ctx *ctx,
			      const struct bpf_dynptr *src,
			      const struct bpf_dynptr *dst,
			      const struct bpf_dynptr *siv__nullable) __ksym __weak;
extern int bpf_crypto_decrypt(struct bpf_crypto_ctx *ctx,
			      const struct bpf_dynptr *src,
			      const struct bpf_dynptr *dst,
			      const struct bpf_dynptr *siv__nullable) __ksym __weak;

#endif /* _BPF_CRYPTO_UPSTREAM_H */
