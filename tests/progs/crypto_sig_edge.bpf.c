// SPDX-License-Identifier: GPL-2.0
/*
 * kfx_sig_verify() on the keys and digests where ECDSA verifiers go wrong
 * (issue 30), one answer on every kernel: tests/vectors/ecdsa-edge.vec,
 * made by tests/vectors/gen-ecdsa-edge.py with Python's big integers and
 * checked with OpenSSL by check-vectors.py, never with kfx.
 *
 * For each curve and key (d = 1, 2, n - 1, n - 2 and two random ones):
 *   _valid                 a valid signature of a digest of the curve's
 *                          size: 0
 *   _s_bit_flipped         the same with s's lowest bit flipped:
 *                          -EKEYREJECTED
 *   _u1g_is_u2q_a_doubling a valid signature of the digest e = d r, where
 *                          u1 G = u2 Q and their sum is a doubling: 0
 *                          (one Shamir ladder over the kernel's library
 *                          before 7.3 rejects these and the keys d = 1,
 *                          n - 1, n - 2: kfx's own once did, 7.2's
 *                          kernel verifier does)
 *   _u1g_is_minus_u2q_infinity  e = -d r: u1 G + u2 Q is the point at
 *                          infinity, which FIPS 186-5 6.4.2 rejects:
 *                          -EKEYREJECTED
 *   _ladder_meets_a_doubling  (d = 1, 2, n - 1, n - 2; not P-521) a valid
 *                          signature for which Shamir's ladder computing
 *                          u1 G + u2 Q adds a point to itself or its
 *                          negative midway: 0
 * then digests of other lengths (1 byte, one more than the curve, 64;
 * P-521: 64 to 256): valid signatures, 0, and signatures of the digest
 * read by another rule (padded on the right, its rightmost bytes, P-521's
 * first 72 bytes as a number), -EKEYREJECTED: a digest longer than the
 * order counts by its leftmost bits, as many as the order has (P-521:
 * 521 bits, not 66 bytes).  Last the key encodings: only 04 || X || Y,
 * each coordinate the curve's size; a key whose X and Y start with a zero
 * byte is valid so, and -EINVAL at create without those bytes (which
 * 7.3's kernel took), with the first byte 02, compressed, without 04, or
 * one byte long.
 *
 * Every curve is kfx's own ECDSA, on every kernel (P-521 where the
 * kernel's library has it, ECC_P521_API): the same vectors and the same
 * answers everywhere.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_sig.h"

#define ALGO_P192	"p1363(ecdsa-nist-p192)"
#define ALGO_P256	"p1363(ecdsa-nist-p256)"
#define ALGO_P384	"p1363(ecdsa-nist-p384)"
#define ALGO_P521	"p1363(ecdsa-nist-p521)"
#define NEEDS_P192
#define NEEDS_P256
#define NEEDS_P384
#define NEEDS_P521	__needs_ksym(ECC_P521_API)

/*
 * @name: kfx_sig_verify() with @curve's key ECDSA_E_<curve>_<key>_PUB of
 * ECDSA_E_<curve>_<key>_<digest> and _<sig> gives @want (1000 + e: create
 * failed with -e; 500: verify wrote into its buffers).
 */
#define CASE(name, want, curve, key, digest, sig)				\
	SEC("syscall") __success __retval(want) NEEDS_##curve		\
	int name(void *ctx)						\
	{								\
		return VERIFY(ALGO_##curve, ECDSA_E_##curve##_##key##_PUB, \
			      ECDSA_E_##curve##_##key##_##digest,		\
			      ECDSA_E_##curve##_##key##_##sig);		\
	}

/* @name: create refuses @curve's key ECDSA_E_<curve>_<key>: -EINVAL. */
#define KEY_REFUSED(name, curve, key)					\
	SEC("syscall") __success __retval(-EINVAL) NEEDS_##curve		\
	int name(void *ctx)						\
	{								\
		return create_refused(SIG_CTX(ALGO_##curve,		\
					      ECDSA_E_##curve##_##key));	\
	}

/* ---- P-192: 24-byte digests, then other lengths, then key encodings ---- */

/* d = 1: Q = G */
CASE(p192_d1_valid, 0, P192, D1, DIGEST, SIG)
CASE(p192_d1_s_bit_flipped, -EKEYREJECTED, P192, D1, DIGEST, BAD)
CASE(p192_d1_u1g_is_u2q_a_doubling, 0, P192, D1, DBL, DBL_SIG)
CASE(p192_d1_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P192, D1, INF, INF_SIG)
CASE(p192_d1_ladder_meets_a_doubling, 0, P192, D1, LADDER, LADDER_SIG)

/* d = 2: Q = 2G */
CASE(p192_d2_valid, 0, P192, D2, DIGEST, SIG)
CASE(p192_d2_s_bit_flipped, -EKEYREJECTED, P192, D2, DIGEST, BAD)
CASE(p192_d2_u1g_is_u2q_a_doubling, 0, P192, D2, DBL, DBL_SIG)
CASE(p192_d2_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P192, D2, INF, INF_SIG)
CASE(p192_d2_ladder_meets_a_doubling, 0, P192, D2, LADDER, LADDER_SIG)

/* d = n - 1: Q = -G */
CASE(p192_nm1_valid, 0, P192, NM1, DIGEST, SIG)
CASE(p192_nm1_s_bit_flipped, -EKEYREJECTED, P192, NM1, DIGEST, BAD)
CASE(p192_nm1_u1g_is_u2q_a_doubling, 0, P192, NM1, DBL, DBL_SIG)
CASE(p192_nm1_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P192, NM1, INF, INF_SIG)
CASE(p192_nm1_ladder_meets_a_doubling, 0, P192, NM1, LADDER, LADDER_SIG)

/* d = n - 2: Q = -2G */
CASE(p192_nm2_valid, 0, P192, NM2, DIGEST, SIG)
CASE(p192_nm2_s_bit_flipped, -EKEYREJECTED, P192, NM2, DIGEST, BAD)
CASE(p192_nm2_u1g_is_u2q_a_doubling, 0, P192, NM2, DBL, DBL_SIG)
CASE(p192_nm2_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P192, NM2, INF, INF_SIG)
CASE(p192_nm2_ladder_meets_a_doubling, 0, P192, NM2, LADDER, LADDER_SIG)

/* d random */
CASE(p192_r1_valid, 0, P192, R1, DIGEST, SIG)
CASE(p192_r1_s_bit_flipped, -EKEYREJECTED, P192, R1, DIGEST, BAD)
CASE(p192_r1_u1g_is_u2q_a_doubling, 0, P192, R1, DBL, DBL_SIG)
CASE(p192_r1_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P192, R1, INF, INF_SIG)

/* another */
CASE(p192_r2_valid, 0, P192, R2, DIGEST, SIG)
CASE(p192_r2_s_bit_flipped, -EKEYREJECTED, P192, R2, DIGEST, BAD)
CASE(p192_r2_u1g_is_u2q_a_doubling, 0, P192, R2, DBL, DBL_SIG)
CASE(p192_r2_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P192, R2, INF, INF_SIG)

CASE(p192_digest_1_bytes, 0, P192, R1, L1, L1_SIG)
CASE(p192_digest_1_bytes_read_otherwise, -EKEYREJECTED, P192, R1, L1, L1_WRONG)
CASE(p192_digest_25_bytes, 0, P192, R1, L25, L25_SIG)
CASE(p192_digest_25_bytes_read_otherwise, -EKEYREJECTED, P192, R1, L25, L25_WRONG)
CASE(p192_digest_64_bytes, 0, P192, R1, L64, L64_SIG)
CASE(p192_digest_64_bytes_read_otherwise, -EKEYREJECTED, P192, R1, L64, L64_WRONG)

CASE(p192_key_x_y_with_leading_zeros, 0, P192, Z, DIGEST, SIG)
KEY_REFUSED(p192_key_without_those_zeros, P192, Z_SHORT)
KEY_REFUSED(p192_key_first_byte_02, P192, Z_02)
KEY_REFUSED(p192_key_compressed, P192, Z_COMPRESSED)
KEY_REFUSED(p192_key_without_04, P192, Z_NO_PREFIX)
KEY_REFUSED(p192_key_one_byte_long, P192, Z_LONG)

/* ---- P-256: 32-byte digests, then other lengths, then key encodings ---- */

/* d = 1: Q = G */
CASE(p256_d1_valid, 0, P256, D1, DIGEST, SIG)
CASE(p256_d1_s_bit_flipped, -EKEYREJECTED, P256, D1, DIGEST, BAD)
CASE(p256_d1_u1g_is_u2q_a_doubling, 0, P256, D1, DBL, DBL_SIG)
CASE(p256_d1_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P256, D1, INF, INF_SIG)
CASE(p256_d1_ladder_meets_a_doubling, 0, P256, D1, LADDER, LADDER_SIG)

/* d = 2: Q = 2G */
CASE(p256_d2_valid, 0, P256, D2, DIGEST, SIG)
CASE(p256_d2_s_bit_flipped, -EKEYREJECTED, P256, D2, DIGEST, BAD)
CASE(p256_d2_u1g_is_u2q_a_doubling, 0, P256, D2, DBL, DBL_SIG)
CASE(p256_d2_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P256, D2, INF, INF_SIG)
CASE(p256_d2_ladder_meets_a_doubling, 0, P256, D2, LADDER, LADDER_SIG)

/* d = n - 1: Q = -G */
CASE(p256_nm1_valid, 0, P256, NM1, DIGEST, SIG)
CASE(p256_nm1_s_bit_flipped, -EKEYREJECTED, P256, NM1, DIGEST, BAD)
CASE(p256_nm1_u1g_is_u2q_a_doubling, 0, P256, NM1, DBL, DBL_SIG)
CASE(p256_nm1_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P256, NM1, INF, INF_SIG)
CASE(p256_nm1_ladder_meets_a_doubling, 0, P256, NM1, LADDER, LADDER_SIG)

/* d = n - 2: Q = -2G */
CASE(p256_nm2_valid, 0, P256, NM2, DIGEST, SIG)
CASE(p256_nm2_s_bit_flipped, -EKEYREJECTED, P256, NM2, DIGEST, BAD)
CASE(p256_nm2_u1g_is_u2q_a_doubling, 0, P256, NM2, DBL, DBL_SIG)
CASE(p256_nm2_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P256, NM2, INF, INF_SIG)
CASE(p256_nm2_ladder_meets_a_doubling, 0, P256, NM2, LADDER, LADDER_SIG)

/* d random */
CASE(p256_r1_valid, 0, P256, R1, DIGEST, SIG)
CASE(p256_r1_s_bit_flipped, -EKEYREJECTED, P256, R1, DIGEST, BAD)
CASE(p256_r1_u1g_is_u2q_a_doubling, 0, P256, R1, DBL, DBL_SIG)
CASE(p256_r1_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P256, R1, INF, INF_SIG)

/* another */
CASE(p256_r2_valid, 0, P256, R2, DIGEST, SIG)
CASE(p256_r2_s_bit_flipped, -EKEYREJECTED, P256, R2, DIGEST, BAD)
CASE(p256_r2_u1g_is_u2q_a_doubling, 0, P256, R2, DBL, DBL_SIG)
CASE(p256_r2_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P256, R2, INF, INF_SIG)

CASE(p256_digest_1_bytes, 0, P256, R1, L1, L1_SIG)
CASE(p256_digest_1_bytes_read_otherwise, -EKEYREJECTED, P256, R1, L1, L1_WRONG)
CASE(p256_digest_33_bytes, 0, P256, R1, L33, L33_SIG)
CASE(p256_digest_33_bytes_read_otherwise, -EKEYREJECTED, P256, R1, L33, L33_WRONG)
CASE(p256_digest_64_bytes, 0, P256, R1, L64, L64_SIG)
CASE(p256_digest_64_bytes_read_otherwise, -EKEYREJECTED, P256, R1, L64, L64_WRONG)

CASE(p256_key_x_y_with_leading_zeros, 0, P256, Z, DIGEST, SIG)
KEY_REFUSED(p256_key_without_those_zeros, P256, Z_SHORT)
KEY_REFUSED(p256_key_first_byte_02, P256, Z_02)
KEY_REFUSED(p256_key_compressed, P256, Z_COMPRESSED)
KEY_REFUSED(p256_key_without_04, P256, Z_NO_PREFIX)
KEY_REFUSED(p256_key_one_byte_long, P256, Z_LONG)

/* ---- P-384: 48-byte digests, then other lengths, then key encodings ---- */

/* d = 1: Q = G */
CASE(p384_d1_valid, 0, P384, D1, DIGEST, SIG)
CASE(p384_d1_s_bit_flipped, -EKEYREJECTED, P384, D1, DIGEST, BAD)
CASE(p384_d1_u1g_is_u2q_a_doubling, 0, P384, D1, DBL, DBL_SIG)
CASE(p384_d1_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P384, D1, INF, INF_SIG)
CASE(p384_d1_ladder_meets_a_doubling, 0, P384, D1, LADDER, LADDER_SIG)

/* d = 2: Q = 2G */
CASE(p384_d2_valid, 0, P384, D2, DIGEST, SIG)
CASE(p384_d2_s_bit_flipped, -EKEYREJECTED, P384, D2, DIGEST, BAD)
CASE(p384_d2_u1g_is_u2q_a_doubling, 0, P384, D2, DBL, DBL_SIG)
CASE(p384_d2_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P384, D2, INF, INF_SIG)
CASE(p384_d2_ladder_meets_a_doubling, 0, P384, D2, LADDER, LADDER_SIG)

/* d = n - 1: Q = -G */
CASE(p384_nm1_valid, 0, P384, NM1, DIGEST, SIG)
CASE(p384_nm1_s_bit_flipped, -EKEYREJECTED, P384, NM1, DIGEST, BAD)
CASE(p384_nm1_u1g_is_u2q_a_doubling, 0, P384, NM1, DBL, DBL_SIG)
CASE(p384_nm1_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P384, NM1, INF, INF_SIG)
CASE(p384_nm1_ladder_meets_a_doubling, 0, P384, NM1, LADDER, LADDER_SIG)

/* d = n - 2: Q = -2G */
CASE(p384_nm2_valid, 0, P384, NM2, DIGEST, SIG)
CASE(p384_nm2_s_bit_flipped, -EKEYREJECTED, P384, NM2, DIGEST, BAD)
CASE(p384_nm2_u1g_is_u2q_a_doubling, 0, P384, NM2, DBL, DBL_SIG)
CASE(p384_nm2_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P384, NM2, INF, INF_SIG)
CASE(p384_nm2_ladder_meets_a_doubling, 0, P384, NM2, LADDER, LADDER_SIG)

/* d random */
CASE(p384_r1_valid, 0, P384, R1, DIGEST, SIG)
CASE(p384_r1_s_bit_flipped, -EKEYREJECTED, P384, R1, DIGEST, BAD)
CASE(p384_r1_u1g_is_u2q_a_doubling, 0, P384, R1, DBL, DBL_SIG)
CASE(p384_r1_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P384, R1, INF, INF_SIG)

/* another */
CASE(p384_r2_valid, 0, P384, R2, DIGEST, SIG)
CASE(p384_r2_s_bit_flipped, -EKEYREJECTED, P384, R2, DIGEST, BAD)
CASE(p384_r2_u1g_is_u2q_a_doubling, 0, P384, R2, DBL, DBL_SIG)
CASE(p384_r2_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P384, R2, INF, INF_SIG)

CASE(p384_digest_1_bytes, 0, P384, R1, L1, L1_SIG)
CASE(p384_digest_1_bytes_read_otherwise, -EKEYREJECTED, P384, R1, L1, L1_WRONG)
CASE(p384_digest_49_bytes, 0, P384, R1, L49, L49_SIG)
CASE(p384_digest_49_bytes_read_otherwise, -EKEYREJECTED, P384, R1, L49, L49_WRONG)
CASE(p384_digest_64_bytes, 0, P384, R1, L64, L64_SIG)
CASE(p384_digest_64_bytes_read_otherwise, -EKEYREJECTED, P384, R1, L64, L64_WRONG)

CASE(p384_key_x_y_with_leading_zeros, 0, P384, Z, DIGEST, SIG)
KEY_REFUSED(p384_key_without_those_zeros, P384, Z_SHORT)
KEY_REFUSED(p384_key_first_byte_02, P384, Z_02)
KEY_REFUSED(p384_key_compressed, P384, Z_COMPRESSED)
KEY_REFUSED(p384_key_without_04, P384, Z_NO_PREFIX)
KEY_REFUSED(p384_key_one_byte_long, P384, Z_LONG)

/* ---- P-521: 66-byte digests, then other lengths, then key encodings ---- */

/* d = 1: Q = G */
CASE(p521_d1_valid, 0, P521, D1, DIGEST, SIG)
CASE(p521_d1_s_bit_flipped, -EKEYREJECTED, P521, D1, DIGEST, BAD)
CASE(p521_d1_u1g_is_u2q_a_doubling, 0, P521, D1, DBL, DBL_SIG)
CASE(p521_d1_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P521, D1, INF, INF_SIG)

/* d = 2: Q = 2G */
CASE(p521_d2_valid, 0, P521, D2, DIGEST, SIG)
CASE(p521_d2_s_bit_flipped, -EKEYREJECTED, P521, D2, DIGEST, BAD)
CASE(p521_d2_u1g_is_u2q_a_doubling, 0, P521, D2, DBL, DBL_SIG)
CASE(p521_d2_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P521, D2, INF, INF_SIG)

/* d = n - 1: Q = -G */
CASE(p521_nm1_valid, 0, P521, NM1, DIGEST, SIG)
CASE(p521_nm1_s_bit_flipped, -EKEYREJECTED, P521, NM1, DIGEST, BAD)
CASE(p521_nm1_u1g_is_u2q_a_doubling, 0, P521, NM1, DBL, DBL_SIG)
CASE(p521_nm1_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P521, NM1, INF, INF_SIG)

/* d = n - 2: Q = -2G */
CASE(p521_nm2_valid, 0, P521, NM2, DIGEST, SIG)
CASE(p521_nm2_s_bit_flipped, -EKEYREJECTED, P521, NM2, DIGEST, BAD)
CASE(p521_nm2_u1g_is_u2q_a_doubling, 0, P521, NM2, DBL, DBL_SIG)
CASE(p521_nm2_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P521, NM2, INF, INF_SIG)

/* d random */
CASE(p521_r1_valid, 0, P521, R1, DIGEST, SIG)
CASE(p521_r1_s_bit_flipped, -EKEYREJECTED, P521, R1, DIGEST, BAD)
CASE(p521_r1_u1g_is_u2q_a_doubling, 0, P521, R1, DBL, DBL_SIG)
CASE(p521_r1_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P521, R1, INF, INF_SIG)

/* another */
CASE(p521_r2_valid, 0, P521, R2, DIGEST, SIG)
CASE(p521_r2_s_bit_flipped, -EKEYREJECTED, P521, R2, DIGEST, BAD)
CASE(p521_r2_u1g_is_u2q_a_doubling, 0, P521, R2, DBL, DBL_SIG)
CASE(p521_r2_u1g_is_minus_u2q_infinity, -EKEYREJECTED, P521, R2, INF, INF_SIG)

CASE(p521_digest_1_bytes, 0, P521, R1, L1, L1_SIG)
CASE(p521_digest_1_bytes_read_otherwise, -EKEYREJECTED, P521, R1, L1, L1_WRONG)
CASE(p521_digest_64_bytes, 0, P521, R1, L64, L64_SIG)
CASE(p521_digest_64_bytes_read_otherwise, -EKEYREJECTED, P521, R1, L64, L64_WRONG)
CASE(p521_digest_65_bytes, 0, P521, R1, L65, L65_SIG)
CASE(p521_digest_65_bytes_read_otherwise, -EKEYREJECTED, P521, R1, L65, L65_WRONG)
CASE(p521_digest_66_bytes, 0, P521, R1, L66, L66_SIG)
CASE(p521_digest_66_bytes_read_otherwise, -EKEYREJECTED, P521, R1, L66, L66_WRONG)
CASE(p521_digest_67_bytes, 0, P521, R1, L67, L67_SIG)
CASE(p521_digest_67_bytes_read_otherwise, -EKEYREJECTED, P521, R1, L67, L67_WRONG)
CASE(p521_digest_100_bytes, 0, P521, R1, L100, L100_SIG)
CASE(p521_digest_100_bytes_read_otherwise, -EKEYREJECTED, P521, R1, L100, L100_WRONG)
CASE(p521_digest_256_bytes, 0, P521, R1, L256, L256_SIG)
CASE(p521_digest_256_bytes_read_otherwise, -EKEYREJECTED, P521, R1, L256, L256_WRONG)

CASE(p521_key_x_y_with_leading_zeros, 0, P521, Z, DIGEST, SIG)
KEY_REFUSED(p521_key_without_those_zeros, P521, Z_SHORT)
KEY_REFUSED(p521_key_first_byte_02, P521, Z_02)
KEY_REFUSED(p521_key_compressed, P521, Z_COMPRESSED)
KEY_REFUSED(p521_key_without_04, P521, Z_NO_PREFIX)
KEY_REFUSED(p521_key_one_byte_long, P521, Z_LONG)

char _license[] SEC("license") = "GPL";
