// SPDX-License-Identifier: GPL-2.0
/*
 * Driver of crypto_hash_af_alg.bpf.c: random data (every length around
 * the block sizes, then random ones up to 16 KiB) and random keys through
 * kfx_crypto_hash() and through an AF_ALG "hash" socket in the same
 * guest; every digest byte identical, kfx_crypto_ctx_digestsize() the
 * digest's size, and the bytes of out after the digest as they were.
 * sha256 and hmac(sha256) are required; an algorithm AF_ALG will not bind
 * here (sha3-256 without its module, say) is reported and left out.  For
 * sha256, hmac(sha256) and crc32c, AF_ALG is first checked against the
 * runner's own models, which the boundary tables use.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "kfx.h"
#include "crypto_hash_af_alg.h"
#include "crypto_model_hash.h"
#include "runner.h"

#define ROUNDS	24	/* random lengths after the fixed ones */

enum keying {
	NO_KEY,		/* key_len 0 */
	ANY_KEY,	/* hmac: 1 to 256 bytes, a block's edges among them */
	AES_KEY,	/* cmac(aes): 16, 24 or 32 */
	SEED_KEY,	/* crc32c's 4-byte seed */
};

enum model { NO_MODEL, M_SHA256, M_HMAC_SHA256, M_CRC32C };

static const struct {
	const char *algo;
	unsigned int digest, block;
	enum keying key;
	bool required;
	enum model model;
} algs[] = {
	{ "sha1", 20, 64, NO_KEY, false, NO_MODEL },
	{ "sha256", 32, 64, NO_KEY, true, M_SHA256 },
	{ "sha384", 48, 128, NO_KEY, false, NO_MODEL },
	{ "sha512", 64, 128, NO_KEY, false, NO_MODEL },
	{ "sha3-256", 32, 136, NO_KEY, false, NO_MODEL },
	{ "hmac(sha256)", 32, 64, ANY_KEY, true, M_HMAC_SHA256 },
	{ "hmac(sha512)", 64, 128, ANY_KEY, false, NO_MODEL },
	{ "cmac(aes)", 16, 16, AES_KEY, false, NO_MODEL },
	{ "crc32c", 4, 8, NO_KEY, false, M_CRC32C },
	{ "crc32c", 4, 8, SEED_KEY, false, M_CRC32C },
};

/* Lengths every algorithm gets: SHA-1/2 padding edges, sha3-256's rate, pages. */
static const unsigned int fixed_lens[] = {
	1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 55, 56, 57, 63, 64, 65,
	111, 112, 113, 127, 128, 129, 135, 136, 137, 255, 256, 257, 1000,
	4095, 4096, 4097, 8191, 8192, 8193, 12345, HASH_JOB_MAX - 1,
};

#define NR_FIXED	(sizeof(fixed_lens) / sizeof(fixed_lens[0]))

static void fill(void *p, unsigned int n)
{
	for (unsigned char *b = p; n--; )
		*b++ = random();
}

static unsigned int key_len(enum keying k, unsigned int block)
{
	const unsigned int edges[] = { 1, block - 1, block, block + 1,
				       2 * block < 256 ? 2 * block + 1 : 254,
				       255, 256 };

	switch (k) {
	case ANY_KEY:
		return random() % 2 ? edges[random() % 7] : 1 + random() % 256;
	case AES_KEY:
		return 16 + 8 * (random() % 3);
	case SEED_KEY:
		return 4;
	default:
		return 0;
	}
}

/* The runner's model of @a's digest, where it has one; 0, or 1: none. */
static int model_digest(unsigned int a, const struct hash_job *j, uint8_t *out)
{
	const uint8_t *k = j->params.key;

	switch (algs[a].model) {
	case M_SHA256:
		model_sha256(j->in, j->len, out);
		return 0;
	case M_HMAC_SHA256:
		model_hmac_sha256(k, j->params.key_len, j->in, j->len, out);
		return 0;
	case M_CRC32C:
		model_crc32c(j->params.key_len ? (uint32_t)k[0] | k[1] << 8 |
			     k[2] << 16 | (uint32_t)k[3] << 24 : 0xffffffff,
			     j->in, j->len, out);
		return 0;
	default:
		return 1;
	}
}

/*
 * One case of @a on @len bytes through both; 0, 1 (AF_ALG will not bind
 * it) or -1 with @why.
 */
static int one_case(int bss, struct bpf_program *prog, unsigned int a,
		    unsigned int len, bool check_model, char *why, size_t whylen)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);
	static struct hash_job job;
	unsigned int d = algs[a].digest, i;
	uint8_t want[HASH_OUT_MAX], canary[HASH_OUT_MAX], model[64];
	int key = 0, tfm, err;

	memset(&job, 0, sizeof(job));
	strcpy(job.params.type, "hash");
	strcpy(job.params.algo, algs[a].algo);
	job.params.key_len = key_len(algs[a].key, algs[a].block);
	fill(job.params.key, job.params.key_len);
	job.len = len;
	fill(job.in, len);
	/* out: the digest's size, or more (those bytes must stay) */
	job.out_len = random() % 2 ? d : d + 1 + random() % 16;
	fill(canary, sizeof(canary));
	memcpy(job.out, canary, sizeof(job.out));
	tfm = alg_hash_tfm(algs[a].algo, job.params.key, job.params.key_len);
	err = tfm < 0 ? tfm : alg_hash(tfm, job.in, len, want, d);
	if (tfm >= 0)
		close(tfm);
	if (err == -ENOENT && !algs[a].required)
		return 1;
	if (err) {
		snprintf(why, whylen, "AF_ALG %s: %s", algs[a].algo, strerror(-err));
		return -1;
	}
	if (check_model && !model_digest(a, &job, model) && memcmp(model, want, d)) {
		snprintf(why, whylen, "%s, %u bytes: the runner's model and AF_ALG disagree",
			 algs[a].algo, len);
		return -1;
	}
	if (bpf_map_update_elem(bss, &key, &job, 0) ||
	    bpf_prog_test_run_opts(bpf_program__fd(prog), &run) ||
	    bpf_map_lookup_elem(bss, &key, &job)) {
		snprintf(why, whylen, "running the program: %s", strerror(errno));
		return -1;
	}
	if (job.digestsize == -1 || job.err) {
		snprintf(why, whylen, "%s, %u-byte key, %u bytes into %u: %s said %d",
			 algs[a].algo, job.params.key_len, len, job.out_len,
			 job.digestsize == -1 ? "create" : "kfx_crypto_hash", job.err);
		return -1;
	}
	if (job.digestsize != (int)d) {
		snprintf(why, whylen, "%s: kfx_crypto_ctx_digestsize() said %d, AF_ALG's digest is %u bytes",
			 algs[a].algo, job.digestsize, d);
		return -1;
	}
	for (i = 0; i < HASH_OUT_MAX; i++) {
		uint8_t w = i < d ? want[i] : canary[i];

		if ((uint8_t)job.out[i] != w) {
			snprintf(why, whylen, "%s, %u-byte key, %u bytes into %u: out byte %u is 0x%02x, %s 0x%02x",
				 algs[a].algo, job.params.key_len, len, job.out_len, i,
				 (uint8_t)job.out[i],
				 i < d ? "AF_ALG's digest has" : "it was (not the digest's)", w);
			return -1;
		}
	}
	return 0;
}

int crypto_hash_af_alg_driver(struct bpf_object *obj, struct bpf_program *prog,
			      char *why, size_t whylen)
{
	struct bpf_map *bss = bpf_object__find_map_by_name(obj, ".bss");
	unsigned long judged = 0;
	unsigned int a, r, len;
	int res = 0;

	if (!bss || bpf_map__value_size(bss) != sizeof(struct hash_job)) {
		snprintf(why, whylen, ".bss is not one struct hash_job");
		return -1;
	}
	if (model_hash_known_answers(why, whylen))
		return -1;
	srandom(5183);
	for (a = 0; a < sizeof(algs) / sizeof(algs[0]); a++) {
		for (r = 0; r < NR_FIXED + ROUNDS; r++) {
			len = r < NR_FIXED ? fixed_lens[r] :
			      random() % 4 ? 1 + random() % 300 :
			      1 + random() % (HASH_JOB_MAX - 1);
			res = one_case(bpf_map__fd(bss), prog, a, len, r < 8, why, whylen);
			if (res)
				break;
		}
		if (res < 0)
			return -1;
		if (res > 0)
			printf("# AF_ALG will not bind %s on this kernel: not compared\n",
			       algs[a].algo);
		else
			printf("# %s%s: %zu cases (1 to %u bytes), kfx = AF_ALG\n",
			       algs[a].algo, algs[a].key == SEED_KEY ? " with a seed" :
			       algs[a].key != NO_KEY ? ", random keys" : "",
			       NR_FIXED + ROUNDS, HASH_JOB_MAX - 1);
		judged += r;
	}
	cases(judged);
	return 0;
}
