// SPDX-License-Identifier: GPL-2.0
/*
 * Driver of crypto_driver.bpf.c: which crypto driver each ctx got.  While
 * the accelerated modules are not loaded (the first pass of the crypto
 * tests) the AES modes must run the generic or library code; once they
 * are (the runner loads them, as udev does at boot on such a CPU, and runs
 * the crypto tests again), they must run AES-NI (x86-64) or the AES
 * instructions (arm64: *-aes-ce), and chacha20 the SIMD driver where the
 * kernel has one (6.1 to 6.18; later kernels fold it into the library,
 * whose driver name does not say).  crypto_accel.h names them.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "kfx.h"
#include "crypto_accel.h"
#include "crypto_driver.h"
#include "runner.h"

static const struct {
	const char *type, *algo;
	unsigned int key_len, authsize;
	const char *accel;
} algs[DRIVER_JOBS] = {
	{ "skcipher", "ecb(aes)", 16, 0, KFX_ACCEL_AES },
	{ "skcipher", "cbc(aes)", 16, 0, KFX_ACCEL_AES },
	{ "skcipher", "ctr(aes)", 16, 0, KFX_ACCEL_AES },
	{ "skcipher", "xts(aes)", 32, 0, KFX_ACCEL_AES },
	{ "aead", "gcm(aes)", 16, 16, KFX_ACCEL_AES },
	{ "aead", "rfc4106(gcm(aes))", 20, 16, KFX_ACCEL_AES },
	{ "skcipher", "chacha20", 32, 0, KFX_ACCEL_CHACHA },
};

/* Whether a line of @path (/proc/modules, /proc/crypto...) holds @needle. */
bool file_has(const char *path, const char *needle)
{
	char line[512];
	bool found = false;
	FILE *f = fopen(path, "r");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = strstr(line, needle) != NULL;
	fclose(f);
	return found;
}

bool crypto_accelerated(void)
{
	return file_has("/proc/modules", KFX_ACCEL_MARKER " ");
}

int crypto_driver_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen)
{
	struct bpf_map *bss = bpf_object__find_map_by_name(obj, ".bss");
	LIBBPF_OPTS(bpf_test_run_opts, run);
	bool accel = crypto_accelerated(), want;
	bool chacha_simd = file_has("/proc/crypto", KFX_ACCEL_CHACHA);
	static char val[65536];
	struct driver_job *jobs = (struct driver_job *)val;
	int key = 0, bad = 0;
	unsigned int i;

	if (!bss || bpf_map__value_size(bss) > sizeof(val) ||
	    bpf_map__value_size(bss) < sizeof(struct driver_job) * DRIVER_JOBS) {
		snprintf(why, whylen, ".bss does not start with the jobs");
		return -1;
	}
	memset(val, 0, sizeof(val));
	for (i = 0; i < DRIVER_JOBS; i++) {
		strcpy(jobs[i].params.type, algs[i].type);
		strcpy(jobs[i].params.algo, algs[i].algo);
		jobs[i].params.key_len = algs[i].key_len;
		memset(jobs[i].params.key, 0x5a, algs[i].key_len);
		jobs[i].params.authsize = algs[i].authsize;
	}
	if (bpf_map_update_elem(bpf_map__fd(bss), &key, val, 0) ||
	    bpf_prog_test_run_opts(bpf_program__fd(prog), &run) ||
	    bpf_map_lookup_elem(bpf_map__fd(bss), &key, val)) {
		snprintf(why, whylen, "running the program: %s", strerror(errno));
		return -1;
	}
	for (i = 0; i < DRIVER_JOBS; i++) {
		const char *name = jobs[i].name;

		if (jobs[i].err || jobs[i].len != (int)strlen(name)) {
			snprintf(why, whylen, "%s: create said %d, driver %d",
				 algs[i].algo, jobs[i].err, jobs[i].len);
			return -1;
		}
		want = accel && (strcmp(algs[i].accel, KFX_ACCEL_CHACHA) || chacha_simd);
		printf("# %s %s runs %s\n", accel ? "accelerated:" : "generic:",
		       algs[i].algo, name);
		if (!accel && (strstr(name, KFX_ACCEL_AES) ||
			       strstr(name, KFX_ACCEL_CHACHA))) {
			printf("#   expected the generic code before " KFX_ACCEL_MARKER
			       " is loaded\n");
			bad++;
		} else if (want && !strstr(name, algs[i].accel)) {
			printf("#   expected a driver named *%s*\n", algs[i].accel);
			bad++;
		}
	}
	if (bad) {
		snprintf(why, whylen, "%d ctx(s) run the wrong driver", bad);
		return -1;
	}
	return 0;
}
