// SPDX-License-Identifier: GPL-2.0
/*
 * Driver of crypto_af_alg.bpf.c: random keys, IVs and data through kfx
 * and through AF_ALG in the same guest; every output byte identical.  An
 * algorithm AF_ALG will not bind on this kernel (7.3 refuses chacha20) is
 * reported and left out; the AES modes bind everywhere and are required.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <sys/socket.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "kfx.h"
#include "crypto_af_alg.h"
#include "runner.h"

#define ROUNDS	64

static const struct {
	const char *algo;
	unsigned int key_len, iv_len, block, min;
	bool required;
} algs[] = {
	{ "ecb(aes)", 16, 0, 16, 16, true },
	{ "ecb(aes)", 32, 0, 16, 16, true },
	{ "cbc(aes)", 16, 16, 16, 16, true },
	{ "ctr(aes)", 24, 16, 1, 1, true },
	{ "xts(aes)", 32, 16, 1, 16, true },
	{ "chacha20", 32, 16, 1, 1, false },
};

/* Encrypt @len bytes of @in into @out with AF_ALG; 0 or -errno. */
static int af_alg_encrypt(const char *algo, const void *key, unsigned int klen,
			  const void *iv, unsigned int ivlen, const void *in,
			  void *out, unsigned int len)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "skcipher" };
	char cbuf[CMSG_SPACE(sizeof(__u32)) +
		  CMSG_SPACE(sizeof(struct af_alg_iv) + 16)] = { 0 };
	struct iovec iov = { .iov_base = (void *)in, .iov_len = len };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
			      .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct af_alg_iv *aiv;
	struct cmsghdr *cm;
	int tfm, op = -1, err = 0;

	strncpy((char *)sa.salg_name, algo, sizeof(sa.salg_name) - 1);
	tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (tfm < 0 || bind(tfm, (struct sockaddr *)&sa, sizeof(sa)) ||
	    setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, klen) ||
	    (op = accept(tfm, NULL, 0)) < 0) {
		err = -errno;
		goto out;
	}
	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_OP;
	cm->cmsg_len = CMSG_LEN(sizeof(__u32));
	*(__u32 *)CMSG_DATA(cm) = ALG_OP_ENCRYPT;
	cm = CMSG_NXTHDR(&msg, cm);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_IV;
	cm->cmsg_len = CMSG_LEN(sizeof(*aiv) + 16);
	aiv = (struct af_alg_iv *)CMSG_DATA(cm);
	aiv->ivlen = ivlen;
	memcpy(aiv->iv, iv, ivlen);
	if (sendmsg(op, &msg, 0) != (ssize_t)len ||
	    read(op, out, len) != (ssize_t)len)
		err = -errno ?: -EIO;
out:
	if (op >= 0)
		close(op);
	if (tfm >= 0)
		close(tfm);
	return err;
}

static void fill(char *p, unsigned int n)
{
	while (n--)
		*p++ = random();
}

/* One random case of @a through both; 0, 1 (AF_ALG refused) or -1. */
static int one_case(int bss, struct bpf_program *prog, unsigned int a,
		    char *why, size_t whylen)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);
	static struct af_alg_job job;
	static char want[AF_ALG_JOB_MAX];
	unsigned int span = (AF_ALG_JOB_MAX - 16 - algs[a].min) / algs[a].block;
	int key = 0, err;

	memset(&job, 0, sizeof(job));
	strcpy(job.params.type, "skcipher");
	strcpy(job.params.algo, algs[a].algo);
	job.params.key_len = algs[a].key_len;
	fill((char *)job.params.key, algs[a].key_len);
	job.iv_len = algs[a].iv_len;
	fill(job.iv, job.iv_len);
	job.len = algs[a].min + random() % span * algs[a].block;
	fill(job.in, job.len);
	err = af_alg_encrypt(algs[a].algo, job.params.key, algs[a].key_len,
			     job.iv, job.iv_len, job.in, want, job.len);
	if (err == -ENOENT && !algs[a].required)
		return 1;
	if (err) {
		snprintf(why, whylen, "AF_ALG %s: %s", algs[a].algo,
			 strerror(-err));
		return -1;
	}
	if (bpf_map_update_elem(bss, &key, &job, 0) ||
	    bpf_prog_test_run_opts(bpf_program__fd(prog), &run) ||
	    bpf_map_lookup_elem(bss, &key, &job)) {
		snprintf(why, whylen, "running the program: %s",
			 strerror(errno));
		return -1;
	}
	if (job.err || memcmp(job.out, want, job.len)) {
		snprintf(why, whylen, "%s, %u-byte key, %u bytes: kfx said %d%s",
			 algs[a].algo, algs[a].key_len, job.len, job.err,
			 job.err ? "" : ", output differs from AF_ALG's");
		return -1;
	}
	return 0;
}

int crypto_af_alg_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen)
{
	struct bpf_map *bss = bpf_object__find_map_by_name(obj, ".bss");
	unsigned long judged = 0;
	unsigned int a, r;
	int res;

	if (!bss || bpf_map__value_size(bss) != sizeof(struct af_alg_job)) {
		snprintf(why, whylen, ".bss is not one struct af_alg_job");
		return -1;
	}
	srandom(8439);
	for (a = 0; a < sizeof(algs) / sizeof(algs[0]); a++) {
		for (r = 0; r < ROUNDS; r++) {
			res = one_case(bpf_map__fd(bss), prog, a, why, whylen);
			if (res < 0)
				return -1;
			if (res > 0)
				break;
		}
		if (r < ROUNDS)
			printf("# AF_ALG will not bind %s on this kernel: not compared\n",
			       algs[a].algo);
		else
			printf("# %s, %u-byte key: %d random cases, kfx = AF_ALG\n",
			       algs[a].algo, algs[a].key_len, ROUNDS);
		judged += r;
	}
	cases(judged);
	return 0;
}
