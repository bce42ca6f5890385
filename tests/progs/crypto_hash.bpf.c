// SPDX-License-Identifier: GPL-2.0
/*
 * Type "hash" (issue 15): kfx_crypto_hash() and kfx_crypto_ctx_digestsize()
 * against the standards' known answers (tests/vectors/: FIPS 180-2, FIPS
 * 202, RFC 4231, RFC 4493, RFC 3720, RFC 7693, checked on the host by
 * check-vectors.py), and every errno of the contract for create and hash.
 *
 * Each SYSCALL program creates its ctx, hashes global buffers through
 * local dynptrs and releases the ctx: one program per case, the expected
 * value beside it.  hash_kat()'s return codes are in crypto_hash.h; a
 * negative one is create's errno.  Packet and tracing programs take a
 * sha256 ctx a setup program put in a map.  6.1 spells the map's kptr
 * tag differently: its tracing cases are in crypto_hash_6_1.bpf.c.
 *
 * Algorithms every kernel of the matrix has (Debian's configs): sha1,
 * sha224, sha256, md5, hmac built in; sha384/sha512 built in from 6.12
 * (module sha512_generic on 6.1); sha3 (module on 6.1, 7.x), cmac and
 * crc32c (modules), all shipped by tests/guest-modules.list.  blake2b-512
 * only on 6.1 and 6.12 (see blake2b512_abc).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_hash.h"

#define TC_ACT_OK	0

extern int bpf_dynptr_from_skb(struct __sk_buff *skb, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;
extern int bpf_dynptr_from_xdp(struct xdp_md *xdp, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;

/* FIPS 180-2, the long message of each appendix: a million "a". */
#define MILLION_A	1000000
/* tests/vectors/longmsg.vec: LONGMSG's length and generator. */
#define LONGMSG_LEN	100003

/*
 * The long messages live in a map value of their own (a million bytes is
 * no stack or .bss object); the programs fill it with bpf_loop().
 */
struct big_msg {
	char b[MILLION_A];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct big_msg);
} big SEC(".maps");

static __always_inline struct big_msg *big_msg(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&big, &zero);
}

/*
 * bpf_loop() callbacks.  The index is taken as 64 bits (bpf_loop() passes
 * a u32, zero-extended): with a __u32 parameter clang bounds-checks one
 * zero-extended copy and indexes with another, which the verifier then
 * finds unbounded.
 */

/* The @i-th 8 bytes of the message are "aaaaaaaa". */
static int fill_a(__u64 i, void *unused)
{
	struct big_msg *m = big_msg();

	if (!m || i >= MILLION_A / 8)
		return 1;
	*(__u64 *)&m->b[i * 8] = 0x6161616161616161ULL;
	return 0;
}

/* Byte @i of LONGMSG, from the generator's state. */
static int fill_longmsg(__u64 i, void *state)
{
	struct big_msg *m = big_msg();
	__u32 *x = state;

	if (!m || i >= LONGMSG_LEN)
		return 1;
	*x = *x * 1103515245 + 12345;
	m->b[i] = *x >> 16;
	return 0;
}

/*
 * hash_kat() for the first @n bytes of the big message (filled by the
 * caller), @c not NULL: the same return codes; 1005 when the map value is
 * missing.
 */
static __always_inline int big_kat(struct kfx_crypto_ctx *c, int n,
				   const char *md, int dlen)
{
	struct big_msg *m = big_msg();
	int r;

	r = m ? hash_into(c, m->b, n, dlen) : -5;
	kfx_crypto_ctx_release(c);
	if (r)
		return 1000 - r;
	r = differ(out, md, dlen);
	if (r)
		return 100 + r;
	return untouched(dlen) ? 0 : 300;
}

static __always_inline int million_a(struct kfx_crypto_ctx *c, const char *md,
				     int dlen)
{
	if (!c)
		return err;
	if (bpf_loop(MILLION_A / 8, fill_a, NULL, 0) != MILLION_A / 8) {
		kfx_crypto_ctx_release(c);
		return 6;
	}
	return big_kat(c, MILLION_A, md, dlen);
}

static __always_inline int longmsg(struct kfx_crypto_ctx *c, const char *md,
				   int dlen)
{
	struct big_msg *m;
	__u32 x = 1;

	if (!c)
		return err;
	m = big_msg();
	if (bpf_loop(LONGMSG_LEN, fill_longmsg, &x, 0) != LONGMSG_LEN ||
	    !m || differ(m->b, LONGMSG_HEAD, 16)) {
		kfx_crypto_ctx_release(c);
		return 7;	/* the generator is not the vector file's */
	}
	return big_kat(c, LONGMSG_LEN, md, dlen);
}

/* ---- FIPS 180-2: SHA-1, SHA-224, SHA-256, SHA-384, SHA-512 ---- */

SEC("syscall")
__success __retval(0)
int sha1_abc(void *ctx)
{
	return KAT("sha1", "", FIPS180_MSG_ABC, FIPS180_SHA1_ABC);
}

SEC("syscall")
__success __retval(0)
int sha1_448_bits(void *ctx)
{
	return KAT("sha1", "", FIPS180_MSG_448, FIPS180_SHA1_448);
}

SEC("syscall")
__success __retval(0)
int sha224_abc(void *ctx)
{
	return KAT("sha224", "", FIPS180_MSG_ABC, FIPS180_SHA224_ABC);
}

SEC("syscall")
__success __retval(0)
int sha224_448_bits(void *ctx)
{
	return KAT("sha224", "", FIPS180_MSG_448, FIPS180_SHA224_448);
}

SEC("syscall")
__success __retval(0)
int sha256_abc(void *ctx)
{
	return KAT("sha256", "", FIPS180_MSG_ABC, FIPS180_SHA256_ABC);
}

SEC("syscall")
__success __retval(0)
int sha256_448_bits(void *ctx)
{
	return KAT("sha256", "", FIPS180_MSG_448, FIPS180_SHA256_448);
}

SEC("syscall")
__success __retval(0)
int sha384_abc(void *ctx)
{
	return KAT("sha384", "", FIPS180_MSG_ABC, FIPS180_SHA384_ABC);
}

SEC("syscall")
__success __retval(0)
int sha384_448_bits(void *ctx)
{
	return KAT("sha384", "", FIPS180_MSG_448, FIPS180_SHA384_448);
}

SEC("syscall")
__success __retval(0)
int sha384_896_bits(void *ctx)
{
	return KAT("sha384", "", FIPS180_MSG_896, FIPS180_SHA384_896);
}

SEC("syscall")
__success __retval(0)
int sha512_abc(void *ctx)
{
	return KAT("sha512", "", FIPS180_MSG_ABC, FIPS180_SHA512_ABC);
}

SEC("syscall")
__success __retval(0)
int sha512_448_bits(void *ctx)
{
	return KAT("sha512", "", FIPS180_MSG_448, FIPS180_SHA512_448);
}

SEC("syscall")
__success __retval(0)
int sha512_896_bits(void *ctx)
{
	return KAT("sha512", "", FIPS180_MSG_896, FIPS180_SHA512_896);
}

/*
 * The long messages: a million bytes in one call, across ~245 pages; for
 * SHA-1, SHA-256 and SHA-512 (SHA-224 and SHA-384 run the same
 * compression functions as SHA-256 and SHA-512, and each million costs
 * seconds on the debug kernel).
 */
SEC("syscall")
__success __retval(0)
int sha1_million_a(void *ctx)
{
	return million_a(HASH_CTX("sha1", ""), FIPS180_SHA1_MILLION_A, 20);
}

SEC("syscall")
__success __retval(0)
int sha256_million_a(void *ctx)
{
	return million_a(HASH_CTX("sha256", ""), FIPS180_SHA256_MILLION_A, 32);
}

SEC("syscall")
__success __retval(0)
int sha512_million_a(void *ctx)
{
	return million_a(HASH_CTX("sha512", ""), FIPS180_SHA512_MILLION_A, 64);
}

/*
 * LONGMSG (longmsg.vec): not a standard vector, a generated 100,003-byte
 * message whose digests Python and OpenSSL agree on.
 */
SEC("syscall")
__success __retval(0)
int sha256_longmsg(void *ctx)
{
	return longmsg(HASH_CTX("sha256", ""), LONGMSG_SHA256, 32);
}

SEC("syscall")
__success __retval(0)
int sha512_longmsg(void *ctx)
{
	return longmsg(HASH_CTX("sha512", ""), LONGMSG_SHA512, 64);
}

SEC("syscall")
__success __retval(0)
int hmac_sha256_longmsg(void *ctx)
{
	return longmsg(HASH_CTX("hmac(sha256)", RFC4231_TC2_KEY),
		       LONGMSG_HMAC_SHA256, 32);
}

/*
 * One ctx, three messages: each call is a whole digest, nothing of the
 * previous message carries over.
 */
SEC("syscall")
__success __retval(0)
int sha256_ctx_used_three_times(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha256", "");
	kfx_dynptr_t d1, o1, d2, o2, d3, o3;
	int r1, r2, r3;

	if (!c)
		return err;
	__builtin_memcpy(data, FIPS180_MSG_ABC, 3);
	r1 = hash_with(c, &d1, &o1, data, 3, 32) ?:
	     differ(out, FIPS180_SHA256_ABC, 32);
	__builtin_memcpy(data, FIPS180_MSG_448, FIPS180_MSG_448_LEN);
	r2 = hash_with(c, &d2, &o2, data, FIPS180_MSG_448_LEN, 32) ?:
	     differ(out, FIPS180_SHA256_448, 32);
	__builtin_memcpy(data, FIPS180_MSG_ABC, 3);
	r3 = hash_with(c, &d3, &o3, data, 3, 32) ?:
	     differ(out, FIPS180_SHA256_ABC, 32);
	kfx_crypto_ctx_release(c);
	return r1 ? 1 : r2 ? 2 : r3 ? 3 : 0;
}

/* ---- FIPS 202: SHA3-256, SHA3-512 ---- */

SEC("syscall")
__success __retval(0)
int sha3_256_abc(void *ctx)
{
	return KAT("sha3-256", "", SHA3_MSG_ABC, SHA3_256_ABC);
}

SEC("syscall")
__success __retval(0)
int sha3_512_abc(void *ctx)
{
	return KAT("sha3-512", "", SHA3_MSG_ABC, SHA3_512_ABC);
}

/* NIST's Msg1600 example: 200 bytes of 0xa3, two SHA3-256 blocks. */
SEC("syscall")
__success __retval(0)
int sha3_256_1600_bits(void *ctx)
{
	return KAT("sha3-256", "", SHA3_MSG_1600, SHA3_256_1600);
}

SEC("syscall")
__success __retval(0)
int sha3_512_1600_bits(void *ctx)
{
	return KAT("sha3-512", "", SHA3_MSG_1600, SHA3_512_1600);
}

/*
 * The empty message has a digest (SHA3_256_EMPTY), but kfx refuses empty
 * data: -EINVAL, and out all zeros, not that digest.
 */
SEC("syscall")
__success __retval(-EINVAL)
int sha3_256_empty_refused(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha3-256", "");
	int r;

	if (!c)
		return 1000 + err;
	r = hash_into(c, data, 0, 32);
	kfx_crypto_ctx_release(c);
	if (!zeroed(32) || !differ(out, SHA3_256_EMPTY, 32))
		return 1;
	return untouched(32) ? r : 2;
}

/* ---- RFC 7693: BLAKE2b-512 ---- */

/*
 * Debian builds blake2b_generic for 6.1 and 6.12 only: 7.2 and 7.3 have
 * no CONFIG_CRYPTO_BLAKE2B (only lib/crypto's libblake2b, no shash).
 * vmlinux BTF tells those kernels apart by crypto_register_sig (6.13+);
 * that marks the generation, not the config, so a kernel built otherwise
 * may need these two swapped.
 */
SEC("syscall")
__success __retval(0) __without_ksym("crypto_register_sig")
int blake2b512_abc(void *ctx)
{
	return KAT("blake2b-512", "", RFC7693_MSG_ABC, RFC7693_BLAKE2B512_ABC);
}

SEC("syscall")
__success __retval(-EOPNOTSUPP) __needs_ksym("crypto_register_sig")
int blake2b512_absent_on_debian_7(void *ctx)
{
	return KAT("blake2b-512", "", RFC7693_MSG_ABC, RFC7693_BLAKE2B512_ABC);
}

/* ---- RFC 4231: HMAC-SHA-256, HMAC-SHA-512 ---- */

SEC("syscall")
__success __retval(0)
int hmac_sha256_tc1(void *ctx)
{
	return KAT("hmac(sha256)", RFC4231_TC1_KEY, RFC4231_TC1_DATA,
		   RFC4231_TC1_SHA256);
}

SEC("syscall")
__success __retval(0)
int hmac_sha512_tc1(void *ctx)
{
	return KAT("hmac(sha512)", RFC4231_TC1_KEY, RFC4231_TC1_DATA,
		   RFC4231_TC1_SHA512);
}

/* A key shorter than the digest, "Jefe". */
SEC("syscall")
__success __retval(0)
int hmac_sha256_tc2(void *ctx)
{
	return KAT("hmac(sha256)", RFC4231_TC2_KEY, RFC4231_TC2_DATA,
		   RFC4231_TC2_SHA256);
}

SEC("syscall")
__success __retval(0)
int hmac_sha512_tc2(void *ctx)
{
	return KAT("hmac(sha512)", RFC4231_TC2_KEY, RFC4231_TC2_DATA,
		   RFC4231_TC2_SHA512);
}

SEC("syscall")
__success __retval(0)
int hmac_sha256_tc3(void *ctx)
{
	return KAT("hmac(sha256)", RFC4231_TC3_KEY, RFC4231_TC3_DATA,
		   RFC4231_TC3_SHA256);
}

SEC("syscall")
__success __retval(0)
int hmac_sha512_tc3(void *ctx)
{
	return KAT("hmac(sha512)", RFC4231_TC3_KEY, RFC4231_TC3_DATA,
		   RFC4231_TC3_SHA512);
}

SEC("syscall")
__success __retval(0)
int hmac_sha256_tc4(void *ctx)
{
	return KAT("hmac(sha256)", RFC4231_TC4_KEY, RFC4231_TC4_DATA,
		   RFC4231_TC4_SHA256);
}

SEC("syscall")
__success __retval(0)
int hmac_sha512_tc4(void *ctx)
{
	return KAT("hmac(sha512)", RFC4231_TC4_KEY, RFC4231_TC4_DATA,
		   RFC4231_TC4_SHA512);
}

/*
 * Test case 5, output truncated to 128 bits: kfx does not truncate.  An
 * out of 16 bytes is shorter than the digest (-EINVAL, zeroed); the caller
 * reads the first 16 bytes of the full digest.  0, or 1 the short out was
 * accepted or not zeroed, 1000 + e the full hash failed, 100 + i wrong.
 */
SEC("syscall")
__success __retval(0)
int hmac_sha256_tc5_truncation_is_the_callers(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("hmac(sha256)", RFC4231_TC5_KEY);
	kfx_dynptr_t d1, o1, d2, o2;
	int r1, r2;

	if (!c)
		return err;
	__builtin_memcpy(data, RFC4231_TC5_DATA, RFC4231_TC5_DATA_LEN);
	r1 = hash_with(c, &d1, &o1, data, RFC4231_TC5_DATA_LEN, 16);
	if (r1 == -EINVAL && zeroed(16) && untouched(16))
		r1 = 0;
	r2 = hash_with(c, &d2, &o2, data, RFC4231_TC5_DATA_LEN, 32);
	kfx_crypto_ctx_release(c);
	if (r1)
		return 1;
	if (r2)
		return 1000 - r2;
	r2 = differ(out, RFC4231_TC5_SHA256_TRUNC128, 16);
	return r2 ? 100 + r2 : 0;
}

SEC("syscall")
__success __retval(0)
int hmac_sha512_tc5_truncation_is_the_callers(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("hmac(sha512)", RFC4231_TC5_KEY);
	kfx_dynptr_t d1, o1, d2, o2;
	int r1, r2;

	if (!c)
		return err;
	__builtin_memcpy(data, RFC4231_TC5_DATA, RFC4231_TC5_DATA_LEN);
	r1 = hash_with(c, &d1, &o1, data, RFC4231_TC5_DATA_LEN, 16);
	if (r1 == -EINVAL && zeroed(16) && untouched(16))
		r1 = 0;
	r2 = hash_with(c, &d2, &o2, data, RFC4231_TC5_DATA_LEN, 64);
	kfx_crypto_ctx_release(c);
	if (r1)
		return 1;
	if (r2)
		return 1000 - r2;
	r2 = differ(out, RFC4231_TC5_SHA512_TRUNC128, 16);
	return r2 ? 100 + r2 : 0;
}

/* A 131-byte key, longer than the block: HMAC hashes it first. */
SEC("syscall")
__success __retval(0)
int hmac_sha256_tc6(void *ctx)
{
	return KAT("hmac(sha256)", RFC4231_TC6_KEY, RFC4231_TC6_DATA,
		   RFC4231_TC6_SHA256);
}

SEC("syscall")
__success __retval(0)
int hmac_sha512_tc6(void *ctx)
{
	return KAT("hmac(sha512)", RFC4231_TC6_KEY, RFC4231_TC6_DATA,
		   RFC4231_TC6_SHA512);
}

SEC("syscall")
__success __retval(0)
int hmac_sha256_tc7(void *ctx)
{
	return KAT("hmac(sha256)", RFC4231_TC7_KEY, RFC4231_TC7_DATA,
		   RFC4231_TC7_SHA256);
}

SEC("syscall")
__success __retval(0)
int hmac_sha512_tc7(void *ctx)
{
	return KAT("hmac(sha512)", RFC4231_TC7_KEY, RFC4231_TC7_DATA,
		   RFC4231_TC7_SHA512);
}

/* ---- RFC 4493: AES-CMAC ---- */

SEC("syscall")
__success __retval(0)
int cmac_aes_example2(void *ctx)
{
	return KAT("cmac(aes)", RFC4493_KEY, RFC4493_EX2_MSG, RFC4493_EX2_MAC);
}

SEC("syscall")
__success __retval(0)
int cmac_aes_example3(void *ctx)
{
	return KAT("cmac(aes)", RFC4493_KEY, RFC4493_EX3_MSG, RFC4493_EX3_MAC);
}

SEC("syscall")
__success __retval(0)
int cmac_aes_example4(void *ctx)
{
	return KAT("cmac(aes)", RFC4493_KEY, RFC4493_EX4_MSG, RFC4493_EX4_MAC);
}

/*
 * Example 1, the empty message: refused, -EINVAL, and out zeroed rather
 * than holding the RFC's MAC of nothing.
 */
SEC("syscall")
__success __retval(-EINVAL)
int cmac_aes_example1_empty_refused(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("cmac(aes)", RFC4493_KEY);
	int r;

	if (!c)
		return 1000 + err;
	r = hash_into(c, data, 0, 16);
	kfx_crypto_ctx_release(c);
	if (!zeroed(16) || !differ(out, RFC4493_EX1_MAC, 16))
		return 1;
	return untouched(16) ? r : 2;
}

/* ---- RFC 3720 B.4: CRC32C (the kernel writes the RFC's bytes) ---- */

SEC("syscall")
__success __retval(0)
int crc32c_32_zeros(void *ctx)
{
	return KAT("crc32c", "", RFC3720_ZEROS, RFC3720_ZEROS_CRC);
}

SEC("syscall")
__success __retval(0)
int crc32c_32_ones(void *ctx)
{
	return KAT("crc32c", "", RFC3720_ONES, RFC3720_ONES_CRC);
}

SEC("syscall")
__success __retval(0)
int crc32c_32_incrementing(void *ctx)
{
	return KAT("crc32c", "", RFC3720_INCR, RFC3720_INCR_CRC);
}

SEC("syscall")
__success __retval(0)
int crc32c_32_decrementing(void *ctx)
{
	return KAT("crc32c", "", RFC3720_DECR, RFC3720_DECR_CRC);
}

SEC("syscall")
__success __retval(0)
int crc32c_iscsi_read_pdu(void *ctx)
{
	return KAT("crc32c", "", RFC3720_READ_PDU, RFC3720_READ_PDU_CRC);
}

/* The optional seed is the initial register: ~0, the default, changes nothing. */
SEC("syscall")
__success __retval(0)
int crc32c_seed_ffffffff_is_the_default(void *ctx)
{
	return KAT("crc32c", "\xff\xff\xff\xff", RFC3720_ZEROS,
		   RFC3720_ZEROS_CRC);
}

/*
 * A CRC continued from a seed: the first 16 bytes of the PDU give
 * LE(~R), R the register after them; a ctx seeded with LE(R) takes the
 * other 32 bytes to the RFC's CRC of the whole PDU (rfc3720.vec).
 * 0, or 1/2 a hash failed, 3 the seeded create failed, 100 + i wrong.
 */
SEC("syscall")
__success __retval(0)
int crc32c_seed_continues_a_crc(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("crc32c", "");
	kfx_dynptr_t d1, o1, d2, o2;
	int r;

	if (!c)
		return err;
	__builtin_memcpy(data, RFC3720_READ_PDU, 48);
	r = hash_with(c, &d1, &o1, data, 16, 4);
	kfx_crypto_ctx_release(c);
	if (r)
		return 1;
	for (int i = 0; i < 4; i++)
		params.key[i] = ~out[i];
	params.key_len = 4;
	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);
	if (!c)
		return 3;
	r = hash_with(c, &d2, &o2, data + 16, 32, 4);
	kfx_crypto_ctx_release(c);
	if (r)
		return 2;
	r = differ(out, RFC3720_READ_PDU_CRC, 4);
	return r ? 100 + r : 0;
}

/* ---- kfx_crypto_ctx_digestsize() ---- */

SEC("syscall")
__success __retval(32)
int digestsize_sha256(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha256", "");
	int r;

	if (!c)
		return err;
	r = kfx_crypto_ctx_digestsize(c);
	kfx_crypto_ctx_release(c);
	return r;
}

SEC("syscall")
__success __retval(64)
int digestsize_sha512(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha512", "");
	int r;

	if (!c)
		return err;
	r = kfx_crypto_ctx_digestsize(c);
	kfx_crypto_ctx_release(c);
	return r;
}

SEC("syscall")
__success __retval(4)
int digestsize_crc32c(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("crc32c", "");
	int r;

	if (!c)
		return err;
	r = kfx_crypto_ctx_digestsize(c);
	kfx_crypto_ctx_release(c);
	return r;
}

/* Only a "hash" ctx has a digest size. */
SEC("syscall")
__success __retval(-EINVAL)
int digestsize_of_a_skcipher_ctx(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("skcipher", "ecb(aes)",
					      RFC4493_KEY, 0);
	int r;

	if (!c)
		return 1000 + err;
	r = kfx_crypto_ctx_digestsize(c);
	kfx_crypto_ctx_release(c);
	return r;
}

/* ---- kfx_crypto_hash(): what it refuses; out zeroed on every error ---- */

/* A skcipher ctx is not a hash: -EINVAL, out zeroed. */
SEC("syscall")
__success __retval(-EINVAL)
int hash_with_a_skcipher_ctx(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("skcipher", "ecb(aes)",
					      RFC4493_KEY, 0);
	int r;

	if (!c)
		return 1000 + err;
	__builtin_memcpy(data, FIPS180_MSG_ABC, 3);
	r = hash_into(c, data, 3, 32);
	kfx_crypto_ctx_release(c);
	if (!zeroed(32))
		return 1;
	return untouched(32) ? r : 2;
}

SEC("syscall")
__success __retval(-EINVAL)
int hash_empty_data(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha256", "");
	int r;

	if (!c)
		return 1000 + err;
	r = hash_into(c, data, 0, 32);
	kfx_crypto_ctx_release(c);
	if (!zeroed(32))
		return 1;
	return untouched(32) ? r : 2;
}

/*
 * out one byte short of the digest: -EINVAL, its 31 bytes zeroed, and
 * the byte after it (not part of the dynptr) left alone.
 */
SEC("syscall")
__success __retval(-EINVAL)
int hash_out_one_byte_short(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha256", "");
	int r;

	if (!c)
		return 1000 + err;
	__builtin_memcpy(data, FIPS180_MSG_ABC, 3);
	r = hash_into(c, data, 3, 31);
	kfx_crypto_ctx_release(c);
	if (!zeroed(31))
		return 1;
	return untouched(31) ? r : 2;
}

/* out larger than the digest: 0, the digest first, the rest untouched. */
SEC("syscall")
__success __retval(0)
int hash_out_larger_than_digest(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha256", "");
	int r;

	if (!c)
		return err;
	__builtin_memcpy(data, FIPS180_MSG_ABC, 3);
	r = hash_into(c, data, 3, OUT_SZ);
	kfx_crypto_ctx_release(c);
	if (r)
		return 1000 - r;
	r = differ(out, FIPS180_SHA256_ABC, 32);
	if (r)
		return 100 + r;
	return untouched(32) ? 0 : 300;
}

/*
 * A dynptr that bpf_dynptr_from_mem() refused (flags must be 0) is a
 * null one: data that cannot be reached, -EINVAL, out zeroed.
 */
SEC("syscall")
__success __retval(-EINVAL)
int hash_null_data_dynptr(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha256", "");
	kfx_dynptr_t d, o;
	int r;

	if (!c)
		return 1000 + err;
	__builtin_memset(out, GUARD, OUT_SZ);
	if (bpf_dynptr_from_mem(data, 3, 1, &d) != -EINVAL) {
		kfx_crypto_ctx_release(c);
		return 3;
	}
	bpf_dynptr_from_mem(out, 32, 0, &o);
	r = kfx_crypto_hash(c, &d, &o);
	kfx_crypto_ctx_release(c);
	if (!zeroed(32))
		return 1;
	return untouched(32) ? r : 2;
}

SEC("syscall")
__success __retval(-EINVAL)
int hash_null_out_dynptr(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha256", "");
	kfx_dynptr_t d, o;
	int r;

	if (!c)
		return 1000 + err;
	__builtin_memset(out, GUARD, OUT_SZ);
	bpf_dynptr_from_mem(data, 3, 0, &d);
	if (bpf_dynptr_from_mem(out, 32, 1, &o) != -EINVAL) {
		kfx_crypto_ctx_release(c);
		return 3;
	}
	r = kfx_crypto_hash(c, &d, &o);
	kfx_crypto_ctx_release(c);
	return untouched(0) ? r : 2;	/* nothing reachable, nothing written */
}

/* ---- create, type "hash": what it refuses ---- */

/* sha256, sha3-256 and md5 take no key. */
SEC("syscall")
__success __retval(-EINVAL)
int create_sha256_with_a_key(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha256", "key");

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

SEC("syscall")
__success __retval(-EINVAL)
int create_sha3_256_with_a_key(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha3-256", "key");

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

SEC("syscall")
__success __retval(-EINVAL)
int create_md5_with_a_key(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("md5", "key");

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/* A MAC needs its key. */
SEC("syscall")
__success __retval(-EINVAL)
int create_hmac_without_a_key(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("hmac(sha256)", "");

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

SEC("syscall")
__success __retval(-EINVAL)
int create_cmac_without_a_key(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("cmac(aes)", "");

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/* Keys the algorithm refuses: the crypto API's -EINVAL. */
SEC("syscall")
__success __retval(-EINVAL)
int create_cmac_with_a_15_byte_key(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("cmac(aes)",
					    "\x2b\x7e\x15\x16\x28\xae\xd2\xa6"
					    "\xab\xf7\x15\x88\x09\xcf\x4f");

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

SEC("syscall")
__success __retval(-EINVAL)
int create_crc32c_with_a_3_byte_seed(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("crc32c", "\xff\xff\xff");

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/* key_len is at most 256 (the params' key array). */
SEC("syscall")
__success __retval(-EINVAL)
int create_hmac_key_len_257(void *ctx)
{
	struct kfx_crypto_ctx *c;

	__builtin_memcpy(params.type, "hash", 5);
	__builtin_memcpy(params.algo, "hmac(sha256)", 13);
	params.key_len = 257;
	params.authsize = 0;
	c = kfx_crypto_ctx_create(&params, sizeof(params), &err);
	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/* A hash has no tag size to choose. */
SEC("syscall")
__success __retval(-EOPNOTSUPP)
int create_sha256_with_authsize(void *ctx)
{
	struct kfx_crypto_ctx *c = CREATE_CTX("hash", "sha256", "", 32);

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

SEC("syscall")
__success __retval(-EOPNOTSUPP)
int create_unknown_hash(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha257", "");

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/* A cipher is not a hash. */
SEC("syscall")
__success __retval(-EOPNOTSUPP)
int create_cbc_aes_as_a_hash(void *ctx)
{
	struct kfx_crypto_ctx *c = HASH_CTX("cbc(aes)", RFC4493_KEY);

	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

SEC("syscall")
__success __retval(-EINVAL)
int create_hash_with_reserved_bytes(void *ctx)
{
	struct kfx_crypto_ctx *c;

	params.reserved[1] = 1;
	c = HASH_CTX("sha256", "");
	if (c) {
		kfx_crypto_ctx_release(c);
		return 1;
	}
	return err;
}

/* ---- other dynptr kinds ---- */

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} ring SEC(".maps");

/*
 * "abc" hashed from one ringbuf record into another: 0, or 1 a reserve
 * failed, 1000 + e the hash said -e, 2 the digest read back is wrong.
 */
static __always_inline int ringbuf_hash(void)
{
	struct kfx_crypto_ctx *c = HASH_CTX("sha256", "");
	kfx_dynptr_t d, o;
	int e1, e2, r = 0;

	if (!c)
		return err;
	e1 = bpf_ringbuf_reserve_dynptr(&ring, 3, 0, &d);
	e2 = bpf_ringbuf_reserve_dynptr(&ring, 32, 0, &o);
	if (!e1 && !e2)
		r = bpf_dynptr_write(&d, 0, FIPS180_MSG_ABC, 3, 0);
	if (!e1 && !e2 && !r)
		r = kfx_crypto_hash(c, &d, &o);
	if (!e1 && !e2 && !r)
		r = bpf_dynptr_read(out, 32, &o, 0, 0) ? 2 : 0;
	bpf_ringbuf_discard_dynptr(&d, 0);
	bpf_ringbuf_discard_dynptr(&o, 0);
	kfx_crypto_ctx_release(c);
	if (e1 || e2)
		return 1;
	if (r)
		return r < 0 ? 1000 - r : r;
	return differ(out, FIPS180_SHA256_ABC, 32) ? 2 : 0;
}

SEC("syscall")
__success __retval(0) __needs_ksym("bpf_rcu_read_lock")
int hash_ringbuf_to_ringbuf(void *ctx)
{
	return ringbuf_hash();
}

/* 6.1's verifier passes only local dynptrs to kfuncs. */
SEC("syscall")
__failure __msg("points to unsupported dynamic pointer type")
__without_ksym("bpf_rcu_read_lock")
int hash_ringbuf_to_ringbuf_6_1(void *ctx)
{
	return ringbuf_hash();
}

/* The sha256 ctx of the map users below (6.3+ "kptr" tag: not 6.1). */
SEC("syscall")
__success __retval(0) __needs_ksym("bpf_rcu_read_lock")
int setup_sha256(void *ctx)
{
	return store_sha256();
}

/*
 * The runner's 64-byte test packet hashed through an skb dynptr gives the
 * digest of its copy in BPF memory (skb dynptrs: 6.4+), the copy's digest
 * written into the packet: both calls touch packet memory, which marks a
 * packet program (kfx_crypto_hash(): never -EBUSY for the FPU then, also
 * in this task-context test run).  TC_ACT_OK, or 2 no ctx, 1000 + e a
 * hash said -e, 100 + i the digests differ.
 */
static __always_inline int hash_skb(struct __sk_buff *skb)
{
	kfx_dynptr_t d, o1, p, o2;
	struct kfx_crypto_ctx *c;
	struct hash_slot *sl;
	int r;

	c = take_hash_ctx(&sl);
	if (!c)
		return 2;
	r = bpf_skb_load_bytes(skb, 0, data, 64) ? -1 : 0;
	if (!r) {
		bpf_dynptr_from_skb(skb, 0, &p);
		bpf_dynptr_from_mem(out, 32, 0, &o2);
		r = kfx_crypto_hash(c, &p, &o2);
	}
	if (!r) {
		bpf_dynptr_from_mem(data, 64, 0, &d);
		bpf_dynptr_from_skb(skb, 0, &o1);
		r = kfx_crypto_hash(c, &d, &o1);
	}
	kfx_crypto_ctx_store(&sl->ctx, c);
	if (!r)
		r = bpf_skb_load_bytes(skb, 0, data2, 32) ? -1 : 0;
	if (r)
		return 1000 - r;
	r = differ(out, data2, 32);
	return r ? 100 + r : TC_ACT_OK;
}

SEC("tc")
__success __retval(TC_ACT_OK) __setup("setup_sha256")
__needs_ksym("bpf_dynptr_from_skb")
int tc_hash_skb(struct __sk_buff *skb)
{
	return hash_skb(skb);
}

/* SCHED_ACT: the kfunc hook came in 6.4 with bpf_dynptr_from_skb. */
SEC("action")
__success __retval(TC_ACT_OK) __setup("setup_sha256")
__needs_ksym("bpf_dynptr_from_skb")
int act_hash_skb(struct __sk_buff *skb)
{
	return hash_skb(skb);
}

SEC("xdp")
__success __retval(2) __setup("setup_sha256")
__needs_ksym("bpf_dynptr_from_skb")
int xdp_hash_packet(struct xdp_md *xdp)
{
	kfx_dynptr_t d, o1, p, o2;
	struct kfx_crypto_ctx *c;
	struct hash_slot *sl;
	int r;

	c = take_hash_ctx(&sl);
	if (!c)
		return 11;
	r = bpf_xdp_load_bytes(xdp, 0, data, 64) ? -1 : 0;
	if (!r) {	/* as hash_skb(): both calls touch packet memory */
		bpf_dynptr_from_xdp(xdp, 0, &p);
		bpf_dynptr_from_mem(out, 32, 0, &o2);
		r = kfx_crypto_hash(c, &p, &o2);
	}
	if (!r) {
		bpf_dynptr_from_mem(data, 64, 0, &d);
		bpf_dynptr_from_xdp(xdp, 0, &o1);
		r = kfx_crypto_hash(c, &d, &o1);
	}
	kfx_crypto_ctx_store(&sl->ctx, c);
	if (!r)
		r = bpf_xdp_load_bytes(xdp, 0, data2, 32) ? -1 : 0;
	if (r)
		return 12;
	return differ(out, data2, 32) ? 13 : XDP_PASS;
}

/*
 * SCHED_CLS with a local dynptr, on every kernel: the same as the tracing
 * programs below; hash_with_map_ctx()'s codes (crypto_hash.h), 0 when right.
 * A test run is task context with bottom halves off: on x86 kernels where
 * kfx cannot fence the FPU and sha256 has no generic driver (7.x), BPF
 * memory only gets -EBUSY there (kfx_crypto_hash()'s kernel-doc), 1016.
 */
SEC("tc")
__success __retval(0) __setup("setup_sha256")
__needs_ksym("bpf_rcu_read_lock")
int tc_hash_with_a_ctx_from_a_map(struct __sk_buff *skb)
{
	int r = hash_with_map_ctx();

	return r == 1000 + EBUSY ? 0 : r;
}

/* ---- TRACING: hash (and acquire, digestsize, release) served there ---- */

/*
 * Run by the driver on bpf_fentry_test1(): result.result is
 * hash_with_map_ctx()'s code (crypto_hash.h), 0 for the FIPS 180-2 digest.
 */
SEC("fentry/bpf_fentry_test1")
__success __setup("setup_sha256") __driver("tracing_result")
__needs_ksym("bpf_rcu_read_lock")
int BPF_PROG(fentry_hash_with_a_ctx_from_a_map, int a)
{
	result.result = hash_with_map_ctx();
	result.ran = 1;
	return 0;
}

/* LSM programs share the TRACING hook: the verifier's verdict is the test. */
SEC("lsm/file_open")
__success __needs_ksym("bpf_rcu_read_lock")
int BPF_PROG(lsm_hash_with_a_ctx_from_a_map, struct file *file)
{
	hash_with_map_ctx();
	return 0;
}

char _license[] SEC("license") = "GPL";
