// SPDX-License-Identifier: GPL-2.0
/*
 * The five inputs that crashed or corrupted the kernel before 1ec9a02's
 * successor (issue 12: D1-D4 here, D5 is checked at build time because
 * qemu does not enforce IBT), each with the result the contract gives.
 * Every program failed on 1ec9a02: an oops, or memory written past dst.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "kfx_check.h"
#include "crypto_test.h"
#include "crypto_vectors.h"

#define VSYSCALL	((const char *)0xffffffffff600000UL)
#define CANARY		0x5a

/*
 * D1: the vsyscall page is above the user range but mapped for user
 * space; a fault-safe read of it oopses under SMAP.  Upstream's
 * copy_from_kernel_nofault_allowed() refuses it: -ERANGE, in any position.
 * (6.1 has no __ign: its verifier refuses the scalar outright.)
 */
SEC("syscall")
__success __retval(0) __needs_ksym("bpf_rcu_read_lock") __arch("x86")
int d1_vsyscall_page_is_not_kernel_memory(void *ctx)
{
	CHECK(kfx_strlen(VSYSCALL) == -ERANGE);
	CHECK(kfx_strlen(VSYSCALL + 0x800) == -ERANGE);
	CHECK(kfx_strnlen(VSYSCALL + 0xfff, 1) == -ERANGE);
	CHECK(kfx_strcmp(S("a"), VSYSCALL) == -ERANGE);
	CHECK(kfx_strstr(S("a"), VSYSCALL) == -ERANGE);
	CHECK(kfx_strspn(S("a"), VSYSCALL) == -ERANGE);
	return 0;
}

/*
 * D2: verifiers before 7.0 pass NULL for a buffer of size 0; the core took
 * the end address 0 for "unbounded" and read NULL.  An empty buffer holds
 * the empty string, whatever its pointer.
 */
SEC("syscall")
__success __retval(0) __without_ksym("bpf_strncasecmp")
int d2_null_empty_buffer_is_the_empty_string(void *ctx)
{
	CHECK(kfx_strlen_buf(NULL, 0) == 0);
	CHECK(kfx_strnlen_buf(NULL, 0, 5) == 0);
	CHECK(kfx_strchr_buf(NULL, 0, 'a') == -ENOENT);
	CHECK(kfx_strchr_buf(NULL, 0, 0) == 0);
	CHECK(kfx_strrchr_buf(NULL, 0, 0) == 0);
	CHECK(kfx_strchrnul_buf(NULL, 0, 'a') == 0);
	CHECK(kfx_strcmp_buf(NULL, 0, S("a"), 2) == -1);
	CHECK(kfx_strcmp_buf(S("a"), 2, NULL, 0) == 1);
	CHECK(kfx_strspn_buf(S("a"), 2, NULL, 0) == 0);
	CHECK(kfx_strcspn_buf(S("ab"), 3, NULL, 0) == 2);
	CHECK(kfx_strstr_buf(S("ab"), 3, NULL, 0) == 0);
	CHECK(kfx_strstr_buf(NULL, 0, S("a"), 2) == -ENOENT);
	return 0;
}

/* From 7.0 on the verifier refuses the NULL itself. */
SEC("syscall")
__failure __msg("R1") __needs_ksym("bpf_strncasecmp")
int d2_null_empty_buffer_refused_from_7_0(void *ctx)
{
	return kfx_strlen_buf(NULL, 0);
}

struct kfx_crypto_params params;
int err;
/* .bss: vmalloc'ed, as the D3/D4 crashes needed; canaries around dst */
char src[64], siv[12];
struct {
	char before[16];
	char dst[16];
	char after[64];
} out;

static __always_inline void fill_out(void)
{
	__builtin_memset(&out, CANARY, sizeof(out));
}

/* 0 if every byte of @p is the canary, else its index + 1. */
static __always_inline int not_canary(const char *p, int n)
{
	for (int i = 0; i < n; i++)
		if (p[i] != CANARY)
			return i + 1;
	return 0;
}

/*
 * D3: AEAD encryption writes src_len + 16 bytes; with dst shorter than
 * src, "dst_len - src_len < authsize" wrapped and the check passed: 48
 * bytes went into a 16-byte dst.  -EINVAL, and nothing written.
 */
static __always_inline int encrypt_into_16(int src_len)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("aead", "gcm(aes)", GCM_TC2_KEY, 16);
	kfx_dynptr_t s, d, v;
	int r;

	if (!c)
		return err;
	fill_out();
	bpf_dynptr_from_mem(src, src_len, 0, &s);
	bpf_dynptr_from_mem(out.dst, 16, 0, &d);
	bpf_dynptr_from_mem(siv, 12, 0, &v);
	r = kfx_crypto_encrypt(c, &s, &d, &v);
	kfx_crypto_ctx_release(c);
	if (r != -EINVAL)
		return 1000 - r;
	return not_canary((char *)&out, sizeof(out));
}

SEC("syscall")
__success __retval(0)
int d3_aead_dst_shorter_than_src(void *ctx)
{
	return encrypt_into_16(32);
}

/* dst as long as src: no room for the tag */
SEC("syscall")
__success __retval(0)
int d3_aead_dst_as_long_as_src(void *ctx)
{
	return encrypt_into_16(16);
}

/* one byte of plaintext: 17 bytes out, one more than dst holds */
SEC("syscall")
__success __retval(0)
int d3_aead_dst_one_byte_short(void *ctx)
{
	return encrypt_into_16(1);
}

/*
 * D4: decrypting a tag-only message (no plaintext, no associated data)
 * left the output scatterlist empty and marked the entry before it.  The
 * GCM specification's test case 1 is exactly that message: it opens (0,
 * nothing written), and with one bit of the tag flipped it does not
 * (-EBADMSG, still nothing written: the output is 0 bytes long).
 */
SEC("syscall")
__success __retval(0)
int d4_aead_tag_only_message(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("aead", "gcm(aes)", GCM_TC1_KEY, 16);
	kfx_dynptr_t s, d, v;
	int r = 0, ret;

	if (!c)
		return err;
	__builtin_memcpy(src, GCM_TC1_TAG, 16);
	__builtin_memcpy(siv, GCM_TC1_IV, 12);
	fill_out();
	bpf_dynptr_from_mem(src, 16, 0, &s);
	bpf_dynptr_from_mem(out.dst, 1, 0, &d);
	bpf_dynptr_from_mem(siv, 12, 0, &v);
	ret = kfx_crypto_decrypt(c, &s, &d, &v);
	if (ret)
		r = 1000 - ret;
	else if (not_canary((char *)&out, sizeof(out)))
		r = 2;
	src[15] ^= 1;
	if (!r) {
		ret = kfx_crypto_decrypt(c, &s, &d, &v);
		if (ret != -EBADMSG)
			r = 3000 - ret;
		else if (not_canary((char *)&out, sizeof(out)))
			r = 4;
	}
	kfx_crypto_ctx_release(c);
	return r;
}

/*
 * Found in review: ecb and cbc wrote the whole blocks of a message with a
 * partial one, then said -EINVAL.  Now nothing is written.
 */
SEC("syscall")
__success __retval(0)
int ecb_partial_block_writes_nothing(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("skcipher", "ecb(aes)", GCM_TC2_KEY, 0);
	kfx_dynptr_t s, d;
	int r;

	if (!c)
		return err;
	fill_out();
	bpf_dynptr_from_mem(src, 17, 0, &s);
	bpf_dynptr_from_mem(out.dst, 16 + 17, 0, &d);
	r = kfx_crypto_encrypt_noiv(c, &s, &d);
	kfx_crypto_ctx_release(c);
	if (r != -EINVAL)
		return 1000 - r;
	return not_canary((char *)&out, sizeof(out));
}

SEC("syscall")
__success __retval(0)
int cbc_partial_block_writes_nothing(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("skcipher", "cbc(aes)", GCM_TC2_KEY, 0);
	kfx_dynptr_t s, d, v;
	int r;

	if (!c)
		return err;
	fill_out();	/* the IV too: 16 canary bytes in out.after */
	bpf_dynptr_from_mem(src, 31, 0, &s);
	bpf_dynptr_from_mem(out.dst, 16 + 16, 0, &d);
	bpf_dynptr_from_mem(out.after + 32, 16, 0, &v);
	r = kfx_crypto_encrypt(c, &s, &d, &v);
	kfx_crypto_ctx_release(c);
	if (r != -EINVAL)
		return 1000 - r;
	/* dst, its surroundings and the IV: as they were */
	return not_canary((char *)&out, sizeof(out));
}

/*
 * Lockdown (confidentiality), run after the runner raised it: where the
 * verifier passes arbitrary pointers (6.2+) the unbounded string kfuncs
 * refuse to read, like bpf_probe_read_kernel(); the bounded twins work.
 */
SEC("syscall")
__success __retval(0) __locked_down __needs_ksym("bpf_rcu_read_lock")
int lockdown_refuses_unbounded_reads(void *ctx)
{
	CHECK(kfx_strlen(S("abc")) == -EPERM);
	CHECK(kfx_strcmp(S("a"), S("a")) == -EPERM);
	CHECK(kfx_strstr(S("abc"), S("b")) == -EPERM);
	CHECK(kfx_strlen(VSYSCALL) == -EPERM);
	CHECK(kfx_strlen_buf(S("abc"), 4) == 3);
	return 0;
}

/* 6.1's verifier passes them only BPF memory, which lockdown leaves. */
SEC("syscall")
__success __retval(0) __locked_down __without_ksym("bpf_rcu_read_lock")
int lockdown_leaves_bpf_memory_on_6_1(void *ctx)
{
	CHECK(kfx_strlen(S("abc")) == 3);
	CHECK(kfx_strlen_buf(S("abc"), 4) == 3);
	return 0;
}

char _license[] SEC("license") = "GPL";
