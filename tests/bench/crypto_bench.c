// SPDX-License-Identifier: GPL-2.0
/*
 * crypto_bench: kfx_crypto_* against upstream's bpf_crypto_* and against
 * AF_ALG from user space, side by side in one boot.  For each algorithm,
 * direction and size, every variant runs ROUNDS samples in turn (A B C A B
 * C ...), each sample calibrated to about SAMPLE_NS of guest time; a
 * variant's figure is the median ns per call net of the same program
 * without the call, with the min-max spread.  Run once on the generic
 * code (the accelerated x86 modules kept from loading) and once with them
 * loaded.  Prints a table, "csv," lines for the host, and one line per
 * target of the crypto issue.  Usage: crypto_bench kfx.ko [quick]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/if_alg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "kfx.h"
#include "bench_time.h"
#include "bench_target.h"
#include "crypto_accel.h"
#include "crypto_bench.h"
#include "crypto_bench.skel.h"
#include "crypto_bench_6_1.skel.h"

#define MAX_VARIANTS	6

enum { V_KFX, V_KFX_ZERO, V_KFX_NOIV, V_UP, V_UP_ZERO, V_AF_ALG };
static const char *const vnames[] = {
	"kfx", "kfx 0-siv", "kfx noiv", "bpf_", "bpf_ 0-siv", "AF_ALG",
};

static const struct algo {
	const char *name, *type;
	unsigned int key_len, iv_len, authsize, block;
	bool upstream, decrypt;
} algos[] = {
	{ "ecb(aes)", "skcipher", 16, 0, 0, 16, true, true },
	{ "cbc(aes)", "skcipher", 16, 16, 0, 16, true, true },
	{ "ctr(aes)", "skcipher", 16, 16, 0, 1, false, false },
	{ "gcm(aes)", "aead", 16, 12, 16, 1, false, false },
	{ "rfc7539(chacha20,poly1305)", "aead", 32, 12, 16, 1, false, false },
};
static const unsigned int sizes[] = { 16, 64, 256, 1500 };

static bool old_kptr, have_up, null_siv, quick;
static const char *kernel, *pass;

/* One loaded program, ready to time. */
struct inst {
	struct bpf_object *obj;
	struct bpf_program *prog;
	unsigned long long repeat;
	unsigned int t[ROUNDS];
};

static const void *elf_bytes(size_t *sz)
{
	return old_kptr ? crypto_bench_6_1__elf_bytes(sz) :
			  crypto_bench__elf_bytes(sz);
}

#define RO(obj, f)	((char *)ro_of(obj) + offsetof(struct crypto_bench__rodata, f))
#define BSS(obj, f)	((char *)bss_of(obj) + offsetof(struct crypto_bench__bss, f))

static void *initial(struct bpf_object *obj, const char *sec)
{
	size_t sz;

	/* writable until load, as skeletons use it */
	return (void *)bpf_map__initial_value(bpf_object__find_map_by_name(obj, sec), &sz);
}

static void *ro_of(struct bpf_object *obj) { return initial(obj, ".rodata"); }
static void *bss_of(struct bpf_object *obj) { return initial(obj, ".bss"); }

/* Run SYSCALL program @name of @obj; its return value, or -1. */
static int run_syscall(struct bpf_object *obj, const char *name)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);
	struct bpf_program *p = bpf_object__find_program_by_name(obj, name);

	if (!p || bpf_prog_test_run_opts(bpf_program__fd(p), &run))
		return -1;
	return run.retval;
}

/*
 * Load the program of variant @v for @a, @dir, @size, with the kfunc call
 * or without; create its ctx.  0, or -1 after saying why.
 */
static int inst_load(struct inst *in, const struct algo *a, int v, bool dec,
		     unsigned int size, bool call, char *driver)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo, .object_name = "crypto_bench");
	bool up = v == V_UP || v == V_UP_ZERO;
	struct kfx_crypto_params *p;
	struct bpf_program *prog;
	struct bpf_map *bss;
	const void *elf;
	size_t sz;
	int key = 0, mode;
	static char val[sizeof(struct crypto_bench__bss)];

	memset(in, 0, sizeof(*in));
	elf = elf_bytes(&sz);
	in->obj = bpf_object__open_mem(elf, sz, &oo);
	if (!in->obj)
		return -1;
	bpf_object__for_each_program(prog, in->obj) {
		const char *n = bpf_program__name(prog);

		bpf_program__set_autoload(prog, up ? !strcmp(n, "bench_up") ||
					  !strcmp(n, "setup_up") :
					  !strcmp(n, "bench_kfx") ||
					  !strcmp(n, "setup_kfx"));
	}
	bpf_map__set_autocreate(bpf_object__find_map_by_name(in->obj, "up_ctx"), up);
	mode = v == V_KFX_NOIV ? SIV_NOIV :
	       (v == V_KFX || v == V_UP) && !a->iv_len && null_siv ? SIV_NULL :
	       SIV_DYNPTR;
	*(int *)RO(in->obj, decrypt) = dec;
	*(int *)RO(in->obj, siv_mode) = mode;
	*(int *)RO(in->obj, call) = call;
	p = (void *)BSS(in->obj, params);
	strcpy(p->type, a->type);
	strcpy(p->algo, a->name);
	p->key_len = a->key_len;
	memset(p->key, 0x42, a->key_len);
	p->authsize = a->authsize;
	*(__u32 *)BSS(in->obj, len) = size;
	*(__u32 *)BSS(in->obj, dst_len) = size + a->authsize;
	*(__u32 *)BSS(in->obj, siv_len) = a->iv_len;
	if (bpf_object__load(in->obj))
		return -1;
	in->prog = bpf_object__find_program_by_name(in->obj, up ? "bench_up" : "bench_kfx");
	if (run_syscall(in->obj, up ? "setup_up" : "setup_kfx")) {
		bss = bpf_object__find_map_by_name(in->obj, ".bss");
		bpf_map_lookup_elem(bpf_map__fd(bss), &key, val);
		fprintf(stderr, "crypto_bench: %s %s ctx: %d\n", up ? "bpf_" : "kfx",
			a->name, ((struct crypto_bench__bss *)val)->err);
		return -1;
	}
	if (driver && !up) {
		bss = bpf_object__find_map_by_name(in->obj, ".bss");
		if (!bpf_map_lookup_elem(bpf_map__fd(bss), &key, val))
			snprintf(driver, 64, "%.63s", ((struct crypto_bench__bss *)val)->driver);
	}
	return 0;
}

/* ns per run of @in over @repeat runs; 0 on error. */
static unsigned int time_prog(struct inst *in, unsigned long long repeat)
{
	return bench_xdp_ns(bpf_program__fd(in->prog), repeat);
}

/* ---------- AF_ALG: the same work from user space, per operation ---------- */

struct af_alg {
	int tfm, op;
	const struct algo *a;
	bool dec;
	unsigned int size;
	char in[CB_MAX], out[CB_MAX + 32];
};

static int af_alg_open(struct af_alg *s, const struct algo *a, bool dec,
		       unsigned int size)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	char key[64];

	memset(s, 0, sizeof(*s));
	s->a = a;
	s->dec = dec;
	s->size = size;
	s->op = -1;
	memset(key, 0x42, sizeof(key));
	strcpy((char *)sa.salg_type, a->type);
	strcpy((char *)sa.salg_name, a->name);
	s->tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (s->tfm < 0 || bind(s->tfm, (struct sockaddr *)&sa, sizeof(sa)) ||
	    setsockopt(s->tfm, SOL_ALG, ALG_SET_KEY, key, a->key_len) ||
	    (a->authsize && setsockopt(s->tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE,
				       NULL, a->authsize)) ||
	    (s->op = accept(s->tfm, NULL, 0)) < 0) {
		if (s->tfm >= 0)
			close(s->tfm);
		return -errno;
	}
	return 0;
}

static void af_alg_close(struct af_alg *s)
{
	close(s->op);
	close(s->tfm);
}

/* One operation: the op, IV (and AEAD's assoclen 0) with the data. */
static int af_alg_once(struct af_alg *s)
{
	char cbuf[CMSG_SPACE(4) + CMSG_SPACE(sizeof(struct af_alg_iv) + 16) +
		  CMSG_SPACE(4)] = { 0 };
	struct iovec iov = { .iov_base = s->in, .iov_len = s->size };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
			      .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	unsigned int out = s->size + s->a->authsize;
	struct af_alg_iv *aiv;
	struct cmsghdr *cm;

	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_OP;
	cm->cmsg_len = CMSG_LEN(4);
	*(__u32 *)CMSG_DATA(cm) = s->dec ? ALG_OP_DECRYPT : ALG_OP_ENCRYPT;
	cm = CMSG_NXTHDR(&msg, cm);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_IV;
	cm->cmsg_len = CMSG_LEN(sizeof(*aiv) + 16);
	aiv = (struct af_alg_iv *)CMSG_DATA(cm);
	aiv->ivlen = s->a->iv_len;
	cm = CMSG_NXTHDR(&msg, cm);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
	cm->cmsg_len = CMSG_LEN(4);
	*(__u32 *)CMSG_DATA(cm) = 0;
	if (sendmsg(s->op, &msg, 0) != (ssize_t)s->size ||
	    read(s->op, s->out, out) != (ssize_t)out)
		return -1;
	return 0;
}

/* ns per operation over @n operations; 0 on error. */
static unsigned int af_alg_time(struct af_alg *s, unsigned long long n)
{
	unsigned long long t0 = bench_now_ns(), i;

	for (i = 0; i < n; i++)
		if (af_alg_once(s))
			return 0;
	return (bench_now_ns() - t0) / n;
}

/* ---------- one point: every variant, interleaved ---------- */

struct result {
	bool ok;
	double med, min, max;	/* net ns per call */
	char driver[64];
};

static int targets_missed;

/* @strict: the target is a margin itself (bench_target.h) */
static void check(const char *what, const char *algo, bool dec,
		  unsigned int size, double ratio, double want, bool strict)
{
	bool ok = ratio >= want * (strict ? 1.0 : BENCH_TOLERANCE);
	char tol[16] = "";

	if (!strict)
		snprintf(tol, sizeof(tol), " less %.0f%%", BENCH_TOLERANCE_PCT);
	printf("target %-32s %-9s %-3s %5u  %6.3fx  (>= %.2fx%s) %s\n", what,
	       algo, dec ? "dec" : "enc", size, ratio, want, tol,
	       ok ? "holds" : "MISSED");
	targets_missed += !ok;
}

static bool variant_applies(const struct algo *a, int v)
{
	switch (v) {
	case V_KFX:
		return true;
	case V_KFX_ZERO:
		return !a->iv_len && null_siv;	/* the NULL it is compared with */
	case V_KFX_NOIV:
		return !a->iv_len;
	case V_UP:
		return have_up && a->upstream;
	case V_UP_ZERO:
		return have_up && a->upstream && !a->iv_len;
	case V_AF_ALG:
		return true;
	}
	return false;
}

static void measure(const struct algo *a, bool dec, unsigned int size,
		    struct result res[MAX_VARIANTS])
{
	static struct inst with[MAX_VARIANTS], without[MAX_VARIANTS];
	static struct af_alg af;
	unsigned int nocall[MAX_VARIANTS][ROUNDS], af_t[ROUNDS];
	unsigned long long af_n = 0;
	bool live[MAX_VARIANTS] = { 0 }, have_af = false;
	int v, r;

	memset(res, 0, sizeof(*res) * MAX_VARIANTS);
	for (v = 0; v < V_AF_ALG; v++) {
		if (!variant_applies(a, v))
			continue;
		if (inst_load(&with[v], a, v, dec, size, true, res[v].driver) ||
		    inst_load(&without[v], a, v, dec, size, false, NULL)) {
			bpf_object__close(with[v].obj);
			bpf_object__close(without[v].obj);
			continue;
		}
		with[v].repeat = bench_calibrate(time_prog(&with[v], 32));
		live[v] = true;
	}
	if (af_alg_open(&af, a, dec, size) == 0) {
		unsigned int ns = af_alg_time(&af, 4);

		af_n = SAMPLE_NS / (ns ? ns : 1);
		af_n = af_n < 4 ? 4 : af_n > 100000 ? 100000 : af_n;
		have_af = true;
	}
	for (r = 0; r < ROUNDS; r++) {
		for (v = 0; v < V_AF_ALG; v++) {
			if (!live[v])
				continue;
			with[v].t[r] = time_prog(&with[v], with[v].repeat);
			nocall[v][r] = time_prog(&without[v], with[v].repeat);
		}
		if (have_af)
			af_t[r] = af_alg_time(&af, af_n);
	}
	for (v = 0; v < V_AF_ALG; v++) {
		unsigned int base;

		if (!live[v])
			continue;
		qsort(with[v].t, ROUNDS, sizeof(unsigned int), bench_cmp_u32);
		qsort(nocall[v], ROUNDS, sizeof(unsigned int), bench_cmp_u32);
		base = nocall[v][ROUNDS / 2];
		res[v].ok = with[v].t[0] != 0;
		res[v].med = (double)with[v].t[ROUNDS / 2] - base;
		res[v].min = (double)with[v].t[0] - base;
		res[v].max = (double)with[v].t[ROUNDS - 1] - base;
		bpf_object__close(with[v].obj);
		bpf_object__close(without[v].obj);
	}
	if (have_af) {
		qsort(af_t, ROUNDS, sizeof(unsigned int), bench_cmp_u32);
		res[V_AF_ALG].ok = af_t[0] != 0;
		res[V_AF_ALG].med = af_t[ROUNDS / 2];
		res[V_AF_ALG].min = af_t[0];
		res[V_AF_ALG].max = af_t[ROUNDS - 1];
		snprintf(res[V_AF_ALG].driver, 64, "(user space)");
		af_alg_close(&af);
	}
}

static void report(const struct algo *a, bool dec, unsigned int size,
		   struct result res[MAX_VARIANTS])
{
	int v;

	for (v = 0; v < MAX_VARIANTS; v++) {
		if (!res[v].ok)
			continue;
		printf("%-26s %-3s %5u  %-10s %-28s %9.0f (%.0f-%.0f)  %8.3f\n",
		       a->name, dec ? "dec" : "enc", size, vnames[v],
		       res[v].driver, res[v].med, res[v].min, res[v].max,
		       res[v].med > 0 ? 1000.0 / res[v].med : 0);
		printf("csv,crypto,%s,%s,\"%s\",%s,%u,%s,\"%s\",%.0f,%.0f,%.0f\n", kernel,
		       pass, a->name, dec ? "dec" : "enc", size, vnames[v],
		       res[v].driver, res[v].med, res[v].min, res[v].max);
	}
}

static void targets(const struct algo *a, bool dec, unsigned int size,
		    struct result res[MAX_VARIANTS])
{
	char what[64];

	if (res[V_UP].ok && res[V_KFX].ok) {
		snprintf(what, sizeof(what), "kfx >= bpf_crypto (%s)", pass);
		check(what, a->name, dec, size, res[V_UP].med / res[V_KFX].med,
		      1.0, false);
	}
	if (res[V_KFX_ZERO].ok && res[V_KFX].ok && size == 16 && !dec) {
		snprintf(what, sizeof(what), "NULL siv >= 1.04 x 0-siv (%s)", pass);
		check(what, a->name, dec, size,
		      res[V_KFX_ZERO].med / res[V_KFX].med, 1.04, true);
	}
}

static void run_pass(void)
{
	static struct result res[MAX_VARIANTS];
	size_t a, s;
	int dec;

	printf("crypto_bench: pass \"%s\"\n", pass);
	printf("%-26s %-3s %5s  %-10s %-28s %s  %8s\n", "algorithm", "dir",
	       "bytes", "variant", "driver", "ns/op net (min-max)", "Mops/s");
	for (a = 0; a < sizeof(algos) / sizeof(algos[0]); a++) {
		for (dec = 0; dec <= (int)algos[a].decrypt; dec++) {
			for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
				/* whole blocks: 1500 becomes 1504 for ecb/cbc */
				unsigned int b = algos[a].block;
				unsigned int size = (sizes[s] + b - 1) / b * b;

				if (quick && s != 0 && s != 3)
					continue;
				measure(&algos[a], dec, size, res);
				report(&algos[a], dec, size, res);
				targets(&algos[a], dec, size, res);
			}
		}
	}
}

/* Whether vmlinux BTF has function @f. */
static bool kernel_has(const char *f)
{
	struct btf *btf = btf__load_vmlinux_btf();
	bool ok = btf && btf__find_by_name_kind(btf, f, BTF_KIND_FUNC) > 0;

	btf__free(btf);
	return ok;
}

/* Whether the verifier takes a NULL siv (__nullable kfunc args, 6.11+). */
static bool probe_null_siv(void)
{
	libbpf_print_fn_t old = libbpf_set_print(NULL);
	struct inst in;
	bool ok;

	null_siv = true;
	ok = !inst_load(&in, &algos[0], V_KFX, false, 16, true, NULL);
	bpf_object__close(in.obj);
	libbpf_set_print(old);
	return ok;
}

int main(int argc, char **argv)
{
	static struct utsname u;
	int fd;

	if (argc < 2) {
		fprintf(stderr, "usage: %s kfx.ko [quick]\n", argv[0]);
		return 2;
	}
	quick = argc > 2 && !strcmp(argv[2], "quick");
	setvbuf(stdout, NULL, _IOLBF, 0);
	uname(&u);
	kernel = u.release;
	/* the generic pass first: keep the accelerated modules out */
	if (kfx_accel_block())
		perror("crypto_bench: " KFX_GENERIC_FIRST);
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || (syscall(SYS_finit_module, fd, "", 0) && errno != EEXIST)) {
		perror("crypto_bench: loading kfx");
		return 1;
	}
	close(fd);
	old_kptr = !kernel_has("bpf_rcu_read_lock");	/* 6.1: kptr_ref */
	have_up = kernel_has("bpf_crypto_encrypt");
	null_siv = probe_null_siv();
	printf("crypto_bench: kernel %s; upstream bpf_crypto_* %s; %s\n", kernel,
	       have_up ? "present" : "absent",
	       null_siv ? "NULL siv accepted" : "no NULL siv (kfx noiv instead)");
	printf("crypto_bench: ns per call net of the same program without it, median of %d samples of ~%llu us each (min-max)%s\n",
	       ROUNDS, SAMPLE_NS / 1000, quick ? "; quick: 16 and 1500 bytes only" : "");
	pass = "generic";
	run_pass();
	kfx_accel_load(NULL);
	pass = KFX_ACCEL_PASS;
	run_pass();
	printf("crypto_bench: %d target%s missed\n", targets_missed,
	       targets_missed == 1 ? "" : "s");
	return 0;
}
