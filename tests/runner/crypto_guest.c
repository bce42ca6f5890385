// SPDX-License-Identifier: GPL-2.0
/*
 * Crypto scenarios of the runner, around the crypto test objects: the
 * kernel's algorithms load on demand, the objects run again on the
 * accelerated modules, and the module's count of live ctxs (back to zero;
 * a ctx in a map pins kfx and goes with the map).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <sys/socket.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "runner.h"
#include "scenario.h"
#include "crypto_accel.h"

/*
 * The guest has the kernel's crypto modules and loads them on demand (xts
 * and ctr are modules on 6.1): the AES modes bind through AF_ALG.  The rest
 * is reported, not required: 7.3 refuses AF_ALG binds of chacha20 and the
 * AEADs with ENOENT even with their modules loaded (AF_ALG is being
 * restricted upstream).
 */
void test_crypto_modules_load(void)
{
	static const struct { const char *type, *alg; bool required; } algs[] = {
		{ "skcipher", "ecb(aes)", true }, { "skcipher", "cbc(aes)", true },
		{ "skcipher", "ctr(aes)", true }, { "skcipher", "xts(aes)", true },
		{ "skcipher", "chacha20", false }, { "aead", "gcm(aes)", false },
		{ "aead", "rfc4106(gcm(aes))", false },
		{ "aead", "rfc7539(chacha20,poly1305)", false },
	};
	const char *name = "guest/kernel-crypto-algorithms-load-on-demand";
	int bad = 0;
	size_t i;

	for (i = 0; i < sizeof(algs) / sizeof(algs[0]); i++) {
		struct sockaddr_alg sa = { .salg_family = AF_ALG };
		int fd = socket(AF_ALG, SOCK_SEQPACKET, 0);

		strcpy((char *)sa.salg_type, algs[i].type);
		strcpy((char *)sa.salg_name, algs[i].alg);
		if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
			printf("# AF_ALG %s %s: %s%s\n", algs[i].type, algs[i].alg,
			       strerror(errno), algs[i].required ? "" : " (not required)");
			bad += algs[i].required;
		}
		if (fd >= 0)
			close(fd);
	}
	if (bad)
		FAIL(name, "%d algorithm(s) unavailable", bad);
	else
		PASS(name);
}


/* The module's count of live ctxs (a read-only parameter), or -errno. */
static int crypto_live(void)
{
	FILE *f = fopen("/sys/module/kfx/parameters/crypto_live", "r");
	int live;

	if (!f)
		return -errno;
	if (fscanf(f, "%d", &live) != 1)
		live = -EINVAL;
	fclose(f);
	return live;
}

/*
 * Wait up to 20 s for the RCU-deferred frees (grace periods stretch in a
 * TCG guest sharing its core); the last count read.
 */
static int crypto_live_settles(void)
{
	int live = crypto_live(), i;

	for (i = 0; i < 200 && live > 0; i++) {
		usleep(100 * 1000);
		live = crypto_live();
	}
	return live;
}

/* Every test released its ctxs: the count drops to 0. */
void test_crypto_live_zero(void)
{
	const char *name = "crypto/live-contexts-back-to-zero";
	int live = crypto_live_settles();

	if (live)
		FAIL(name, "crypto_live is %d 20 s after the last test", live);
	else
		PASS(name);
}

/*
 * A ctx left in a map outlives the programs, keeps kfx from unloading, and
 * is freed with the map (through the destructor kfx registered).
 */
void test_crypto_map_frees_ctx(void)
{
	const char *name = "crypto/ctx-in-map-pins-kfx-and-goes-with-the-map";
	const char *objname = vmlinux_has_func("bpf_rcu_read_lock") ?
			      "crypto_map" : "crypto_map_6_1";
	LIBBPF_OPTS(bpf_object_open_opts, oo, .object_name = objname);
	struct bpf_program *setup = NULL, *p;
	struct bpf_object *obj = NULL;
	const void *elf = NULL;
	int map_fd = -1, live, err;
	long long rv = -1;
	size_t sz;

	elf = test_obj_elf(objname, &sz);
	if (elf)
		obj = bpf_object__open_mem(elf, sz, &oo);
	if (obj)
		setup = bpf_object__find_program_by_name(obj, "setup_ecb128");
	if (!setup) {
		FAIL(name, "no %s/setup_ecb128", objname);
		goto out;
	}
	bpf_object__for_each_program(p, obj)
		bpf_program__set_autoload(p, p == setup);
	err = bpf_object__load(obj);
	if (!err)
		err = run_prog(setup, &rv, 0);
	if (err || rv) {
		FAIL(name, "setup: %s, returned %lld", strerror(-err), rv);
		goto out;
	}
	map_fd = dup(bpf_map__fd(bpf_object__find_map_by_name(obj, "ctxs")));
	bpf_object__close(obj);
	obj = NULL;
	live = crypto_live();
	if (live != 1) {
		FAIL(name, "crypto_live is %d with one ctx in a map", live);
		goto out;
	}
	if (!mod_unload()) {
		FAIL(name, "rmmod kfx succeeded while a ctx lived in a map");
		exit(1);	/* nothing further can run */
	}
	close(map_fd);
	map_fd = -1;
	live = crypto_live_settles();
	if (live)
		FAIL(name, "crypto_live is %d 20 s after the map was closed", live);
	else
		PASS(name);
out:
	if (map_fd >= 0)
		close(map_fd);
	bpf_object__close(obj);
}

/* Until test_crypto_accelerated(), the crypto tests run generic code. */
void crypto_generic_first(void)
{
	if (kfx_accel_block())
		printf("# %s: %s\n", KFX_GENERIC_FIRST, strerror(errno));
}

static void accel_missing(const char *mod)
{
	printf("# %s: not on this kernel\n", mod);
}

/*
 * The crypto tests ran on the generic code (crypto_driver checks that
 * aesni_intel was not loaded and no ctx ran AES-NI).  Load the accelerated
 * modules and run them again: now every AES ctx must run AES-NI and give
 * the same known answers.  Every hash and signature test runs once (its
 * known answers, tables, AF_ALG cross-check, egress path): the modules
 * loaded here (aesni_intel, ghash, chacha, poly1305) change no hash or
 * ECDSA driver.  The SIMD hashes (sha256_ssse3, crc32c_intel) came before
 * both passes, with the context tests (context.c), and are
 * hash_bench's second pass.
 */
bool tables_once;

void test_crypto_accelerated(void)
{
	static const char *const generic_only[] = {
		"crypto_hash", "crypto_hash_6_1", "crypto_nested",
		"crypto_nested_sig", "crypto_clone",
		"crypto_sig", "crypto_sig_6_1", "crypto_sig_edge",
		"crypto_bounds_sig", "crypto_bounds_sig_pkt",
		"crypto_bounds_hash", "crypto_bounds_hash_pkt",
		"crypto_hash_af_alg", "crypto_hash_egress", NULL
	};
	/*
	 * --tables-once (the debug kernel, several times slower): the known
	 * answers meet the accelerated drivers, the boundary tables (the same
	 * kfx code around another driver) do not again.
	 */
	static const char *const known_answers_only[] = {
		"crypto_hash", "crypto_hash_6_1", "crypto_nested",
		"crypto_nested_sig", "crypto_clone",
		"crypto_sig", "crypto_sig_6_1", "crypto_sig_edge",
		"crypto_bounds_sig", "crypto_bounds_sig_pkt", "crypto_bounds",
		"crypto_bounds_pkt",
		"crypto_bounds_hash", "crypto_bounds_hash_pkt",
		"crypto_hash_af_alg", "crypto_hash_egress", NULL
	};
	const char *name = "guest/accelerated-crypto-modules-load";

	kfx_accel_load(accel_missing);
	if (!crypto_accelerated()) {
		FAIL(name, KFX_ACCEL_MARKER " did not load");
		return;
	}
	PASS(name);
	test_objects_but("crypto", tables_once ? known_answers_only : generic_only,
			 "@" KFX_ACCEL_PASS);
}
