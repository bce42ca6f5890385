// SPDX-License-Identifier: GPL-2.0
/*
 * kfx.h's kfx_dynptr_t, the type every test, bench and sample program gives
 * a dynptr on its stack: 8-byte aligned whatever vmlinux.h says.  The
 * vmlinux.h these programs build with comes from 6.1's BTF, where struct
 * bpf_dynptr is two `long: 64` bit-fields and so has alignment 1.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_test.h"

/* The guarantee, at compile time (kfx.h asserts the first one too). */
_Static_assert(_Alignof(kfx_dynptr_t) == 8, "kfx_dynptr_t is 8-byte aligned");
_Static_assert(sizeof(kfx_dynptr_t) == sizeof(struct bpf_dynptr),
	       "kfx_dynptr_t is a struct bpf_dynptr");

/* After a 5-byte and a 1-byte field: offsets 8 and 32, not 5 and 22. */
struct odd_locals {
	char tag[5];
	kfx_dynptr_t a;
	char sep;
	kfx_dynptr_t b;
};

_Static_assert(__builtin_offsetof(struct odd_locals, a) == 8 &&
	       __builtin_offsetof(struct odd_locals, b) == 32,
	       "kfx_dynptr_t fields land on 8-byte slots");

struct kfx_crypto_params params;
char src[16], dst[16];
int err;

/* Dynptrs placed after odd-sized locals load and work on every kernel. */
SEC("syscall")
__success __retval(0)
int dynptrs_after_odd_locals(void *ctx)
{
	struct kfx_crypto_ctx *c;
	struct odd_locals l;
	int r;

	__builtin_memset(&l, 0, sizeof(l));
	c = CREATE_CTX("skcipher", "ecb(aes)", "0123456789abcdef", 0);
	if (!c)
		return err;
	bpf_dynptr_from_mem(src, sizeof(src), 0, &l.a);
	bpf_dynptr_from_mem(dst, sizeof(dst), 0, &l.b);
	r = kfx_crypto_encrypt_noiv(c, &l.a, &l.b);
	kfx_crypto_ctx_release(c);
	return r;
}

/*
 * What the alignment is for: a dynptr 4 bytes into an 8-byte slot, where
 * 6.1's vmlinux.h lets clang put a plain struct bpf_dynptr, is refused
 * (6.1 and 7.3 alike: "cannot pass in dynptr at an offset").
 */
SEC("syscall")
__failure __msg("cannot pass in dynptr at an offset")
int dynptr_off_slot_refused(void *ctx)
{
	char stack[40] __attribute__((aligned(8)));

	__builtin_memset(stack, 0, sizeof(stack));
	return bpf_dynptr_from_mem(src, sizeof(src), 0,
				   (struct bpf_dynptr *)(stack + 4));
}

char _license[] SEC("license") = "GPL";
