// SPDX-License-Identifier: GPL-2.0
/*
 * The algorithms the fuzzer's model knows (fuzz_int.h's struct fz_algo):
 * the ciphers, hashes and signatures with the contract's rules for their
 * keys, tags and sizes; the names whose outcome it leaves alone (exotic)
 * and those create must refuse; and looking them up.
 */
#include <string.h>

#include "fuzz_int.h"
#include "crypto_model_ec.h"

#define HASH(n, d, kg, m, ...)						\
	{ .type = "hash", .name = n, .t = FZ_T_HASH, .digest = d,	\
	  .keying = kg, .model = m, .keys = { __VA_ARGS__ } }
#define SIG(n, c)	{ .type = "sig", .name = n, .t = FZ_T_SIG, .curve = c }

/*
 * A cipher: its name, its rules in the contract (crypt_rules[@c]: the
 * lengths, IV and AD), the keys and tags create takes; @iv_after: the
 * siv after a call is the crypto API's (cbc, ctr).
 */
#define SKCIPHER(n, c, iv_after, ...)					\
	{ .type = "skcipher", .name = n, .rules = &crypt_rules[c],	\
	  .iv_out = iv_after, .keys = { __VA_ARGS__ }, .t = FZ_T_SKCIPHER }
#define AEAD(n, c, keys_, ...)						\
	{ .type = "aead", .name = n, .rules = &crypt_rules[c],		\
	  .aead = true, .keys = keys_, .auths = { __VA_ARGS__ },	\
	  .t = FZ_T_AEAD }
#define KEYS(...)	{ __VA_ARGS__ }

const struct fz_algo fz_algos[] = {
	SKCIPHER("ecb(aes)", CRYPT_ECB_AES, false, 16, 24, 32),
	SKCIPHER("cbc(aes)", CRYPT_CBC_AES, true, 16, 24, 32),
	SKCIPHER("ctr(aes)", CRYPT_CTR_AES, true, 16, 24, 32),
	SKCIPHER("xts(aes)", CRYPT_XTS_AES, false, 32, 48, 64),
	SKCIPHER("chacha20", CRYPT_CHACHA20, false, 32),
	AEAD("gcm(aes)", CRYPT_GCM_AES, KEYS(16, 24, 32), 4, 8, 12, 13, 14, 15,
	     16),
	AEAD("rfc4106(gcm(aes))", CRYPT_RFC4106_GCM_AES, KEYS(20, 28, 36), 8,
	     12, 16),
	AEAD("rfc7539(chacha20,poly1305)", CRYPT_RFC7539, KEYS(32), 16),
	/* the contract's hashes: key rules, digest sizes */
	HASH("sha1", 20, FZ_KEY_NONE, FZ_HM_NONE, 0),
	HASH("sha224", 28, FZ_KEY_NONE, FZ_HM_NONE, 0),
	HASH("sha256", 32, FZ_KEY_NONE, FZ_HM_SHA256, 0),
	HASH("sha384", 48, FZ_KEY_NONE, FZ_HM_NONE, 0),
	HASH("sha512", 64, FZ_KEY_NONE, FZ_HM_NONE, 0),
	HASH("sha3-256", 32, FZ_KEY_NONE, FZ_HM_NONE, 0),
	HASH("md5", 16, FZ_KEY_NONE, FZ_HM_NONE, 0),
	HASH("hmac(sha1)", 20, FZ_KEY_ANY, FZ_HM_NONE, 0),
	HASH("hmac(sha256)", 32, FZ_KEY_ANY, FZ_HM_HMAC_SHA256, 0),
	HASH("hmac(sha512)", 64, FZ_KEY_ANY, FZ_HM_NONE, 0),
	HASH("cmac(aes)", 16, FZ_KEY_SET, FZ_HM_NONE, 16, 24, 32),
	HASH("crc32c", 4, FZ_KEY_SEED, FZ_HM_CRC32C, 4),
	HASH("xxhash64", 8, FZ_KEY_SEED, FZ_HM_NONE, 8),
	/* the contract's signatures: p1363 only */
	SIG("p1363(ecdsa-nist-p192)", EC_P192),
	SIG("p1363(ecdsa-nist-p256)", EC_P256),
	SIG("p1363(ecdsa-nist-p384)", EC_P384),
};

const int fz_nalgos = sizeof(fz_algos) / sizeof(fz_algos[0]);

_Static_assert(sizeof(fz_algos) / sizeof(fz_algos[0]) <= 32,
	       "struct fz_env's algo_avail has a bit per algorithm");

/*
 * Real and plausible names whose outcome the model does not know: other
 * templates, driver names, internal and asynchronous-only algorithms.
 */
const char *const fz_exotic[] = {
	"cbc(aes-generic)", "ecb(aes-generic)", "ctr(aes-generic)",
	"cbc(cbc(aes))", "ecb(cipher_null)", "ecb(des3_ede)", "cbc(des3_ede)",
	"xchacha20", "xchacha12", "chacha12", "lrw(aes)", "cts(cbc(aes))",
	"ccm(aes)", "rfc4309(ccm(aes))", "gcm_base(ctr(aes),ghash-generic)",
	"authenc(hmac(sha256),cbc(aes))", "seqiv(rfc4106(gcm(aes)))",
	"__ecb-aes-aesni", "ecb-aes-aesni", "__gcm-aes-aesni",
	"cryptd(__ecb-aes-aesni)", "pcbc(aes)", "essiv(cbc(aes),sha256)",
	"hctr2(aes)", "ecb(aes-aesni)", "rfc7539esp(chacha20,poly1305)",
	"sha256", "aes", "ctr(aes-aesni)", "xctr(aes)",
};

const int fz_nexotic = sizeof(fz_exotic) / sizeof(fz_exotic[0]);

/* Hashes and signatures some kernels have, under names the model leaves alone. */
const char *const fz_hash_exotic[] = {
	"sha256-generic", "sha256-lib", "sha256-ni", "sha256-avx2",
	"crc32c-generic", "crc32c-intel", "crc32c-lib", "blake2b-256",
	"blake2b-512", "crc32", "ghash", "sha3-512", "sha512-generic",
	"hmac(sha3-256)", "hmac(md5)", "xcbc(aes)", "poly1305", "polyval",
	"ghash-clmulni", "hmac(sha256-generic)", "sha3-224", "sha3-384",
};

const int fz_nhash_exotic = sizeof(fz_hash_exotic) / sizeof(fz_hash_exotic[0]);

const char *const fz_sig_exotic[] = {
	"p1363(ecdsa-nist-p521)", "p1363(ecdsa-nist-p256-generic)",
	"p1363(ecdsa-nist-p384-generic)",
};

const int fz_nsig_exotic = sizeof(fz_sig_exotic) / sizeof(fz_sig_exotic[0]);

/*
 * Names the contract makes create refuse (-EOPNOTSUPP): not a hash,
 * asynchronous only, unknown; x962, bare ECDSA, RSA and the like.
 */
const char *const fz_hash_refused[] = {
	"cbc(aes)", "gcm(aes)", "aes", "ecb(aes)", "chacha20",
	"rfc7539(chacha20,poly1305)", "cryptd(sha256-generic)", "kfx-none",
	"hmac(kfx-none)", "sha256)", "hmac(", "SHA256", "sha256 ",
};

const int fz_nhash_refused = sizeof(fz_hash_refused) / sizeof(fz_hash_refused[0]);

const char *const fz_sig_refused[] = {
	"x962(ecdsa-nist-p256)", "x962(ecdsa-nist-p384)", "ecdsa-nist-p256",
	"ecdsa-nist-p384", "rsa", "pkcs1pad(rsa,sha256)",
	"p1363(ecdsa-nist-p255)", "p1363(rsa)", "ecrdsa", "sm2",
	"P1363(ecdsa-nist-p256)", "p1363(ecdsa-nist-p256",
};

const int fz_nsig_refused = sizeof(fz_sig_refused) / sizeof(fz_sig_refused[0]);

enum fz_type fz_type_of(const uint8_t *type)
{
	static const char *const names[] = { "skcipher", "aead", "hash", "sig" };

	for (int i = 0; i < 4; i++)
		if (!strncmp((const char *)type, names[i], 14))
			return FZ_T_SKCIPHER + i;
	return FZ_T_NONE;
}

/* The table entry for type @type and name @algo (NUL within), or -1. */
int fz_algo_find(const uint8_t *type, const uint8_t *algo)
{
	int i;

	if (!memchr(algo, 0, 128))
		return -1;
	for (i = 0; i < fz_nalgos; i++)
		if (!strncmp((const char *)type, fz_algos[i].type, 14) &&
		    !strcmp((const char *)algo, fz_algos[i].name))
			return i;
	return -1;
}

bool fz_key_ok(const struct fz_algo *a, uint32_t key_len)
{
	if (a->t == FZ_T_HASH && a->keying == FZ_KEY_NONE)
		return !key_len;
	if (a->t == FZ_T_HASH && a->keying == FZ_KEY_ANY)
		return key_len >= 1 && key_len <= 256;
	if (a->t == FZ_T_HASH && a->keying == FZ_KEY_SEED && !key_len)
		return true;
	for (int i = 0; i < 4 && a->keys[i]; i++)
		if ((uint32_t)a->keys[i] == key_len)
			return true;
	return false;
}

bool fz_auth_ok(const struct fz_algo *a, uint32_t authsize)
{
	for (int i = 0; i < 8 && a->auths[i]; i++)
		if ((uint32_t)a->auths[i] == authsize)
			return true;
	return false;
}
