// SPDX-License-Identifier: GPL-2.0
/*
 * hash_bench: kfx_crypto_hash() from an XDP program against AF_ALG from
 * user space and against an open-coded BPF hash (FNV-1a, a byte at a
 * time), side by side in one boot, for sha256 and crc32c at 16, 64, 256,
 * 576 and 1500 bytes.  As crypto_bench: for each point every variant runs
 * ROUNDS samples in turn (A B C A B C ...), each sample calibrated to
 * about SAMPLE_NS of guest time; a BPF variant's figure is the median ns
 * per run (BPF_PROG_TEST_RUN's duration over `repeat` runs) net of the
 * same program without the hash, AF_ALG's the median ns per send + read
 * on the guest clock, each with its min-max spread.  Under make bench's
 * qemu -icount a guest ns is one instruction: compare ratios.  Before
 * timing, each point's kfx digest is checked against AF_ALG's and the
 * loop's FNV-1a against this file's.  Two passes: the kernel's generic
 * drivers (the x86 hash modules kept from loading), then with them loaded
 * where the kernel has them (6.1, 6.12; 7.x's library has its own).
 * Prints a table, "csv,hash," lines for the host, one target line per
 * point (kfx_crypto_hash faster than AF_ALG), then a summary line.
 * Usage: hash_bench kfx.ko [quick]  (quick: 16 and 1500 bytes)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/if_alg.h>
#include <stdbool.h>
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
#include "hash_bench.h"
#include "hash_bench.skel.h"
#include "hash_bench_6_1.skel.h"

#define GENERIC_ONLY	"/etc/modprobe.d/kfx-hash-generic.conf"

enum { V_KFX, V_AF_ALG, V_LOOP, NR_V };
static const char *const vnames[NR_V] = { "kfx", "AF_ALG", "BPF loop" };

static const char *const algos[] = { "sha256", "crc32c" };
static const unsigned int sizes[] = { 16, 64, 256, 576, 1500 };
/*
 * The architecture's drivers of those two on 6.1 and 6.12, kept out of the
 * first pass (7.x has that code in its libraries, which the generic drivers
 * call).  arm64 has no crc32c module: its library uses the CRC32
 * instructions on every kernel.
 */
#ifdef __aarch64__
static const char *const arch_mods[] = { "sha2_ce", "sha256_arm64" };
#else
static const char *const arch_mods[] = { "sha256_ssse3", "crc32c_intel" };
#endif
#define NR_ALGOS	(sizeof(algos) / sizeof(algos[0]))

static bool old_kptr, quick;
static const char *kernel, *pass;
static char first_driver[NR_ALGOS][64];
static int targets_missed, checks_failed;
static __u8 msg[HB_MAX];

/* One loaded program, ready to time. */
struct inst {
	struct hash_bench *skel;
	struct bpf_program *prog;
	unsigned long long repeat;
	unsigned int t[ROUNDS], base[ROUNDS];
};

/*
 * The skeleton, opened on hash_bench.bpf.o, or on 6.1 (@kptr_ref) on
 * hash_bench_6_1.bpf.o: the same source with 6.1's kptr tag.
 */
static struct hash_bench *open_obj(bool kptr_ref)
{
	struct hash_bench *skel;

	if (!kptr_ref)
		return hash_bench__open();
	skel = calloc(1, sizeof(*skel));
	if (!skel || hash_bench__create_skeleton(skel))
		goto fail;
	skel->skeleton->data = hash_bench_6_1__elf_bytes(&skel->skeleton->data_sz);
	if (bpf_object__open_skeleton(skel->skeleton, NULL))
		goto fail;
	return skel;
fail:
	hash_bench__destroy(skel);
	return NULL;
}

/* Run SYSCALL program @p; its return value, or -1. */
static int run_syscall(struct bpf_program *p)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);

	if (bpf_prog_test_run_opts(bpf_program__fd(p), &run))
		return -1;
	return run.retval;
}

/*
 * Load bench_kfx for @algo (or, @loop, bench_loop) over @size bytes of
 * msg, with the hash or (!@call) without; create the kfx ctx.  0, or -1
 * after saying why.
 */
static int inst_load(struct inst *in, const char *algo, unsigned int size,
		     bool loop, bool call)
{
	struct hash_bench *s;

	memset(in, 0, sizeof(*in));
	s = open_obj(old_kptr);
	if (!s)
		return -1;
	in->skel = s;
	s->rodata->len = size;
	s->rodata->call = call;
	bpf_program__set_autoload(s->progs.setup, !loop);
	bpf_program__set_autoload(s->progs.bench_kfx, !loop);
	bpf_program__set_autoload(s->progs.bench_loop, loop);
	strcpy(s->bss->params.type, "hash");
	snprintf(s->bss->params.algo, sizeof(s->bss->params.algo), "%s", algo);
	memcpy(s->bss->src, msg, sizeof(msg));
	if (hash_bench__load(s)) {
		fprintf(stderr, "hash_bench: loading %s for %s failed: %s\n",
			loop ? "bench_loop" : "bench_kfx", algo, strerror(errno));
		return -1;
	}
	in->prog = loop ? s->progs.bench_loop : s->progs.bench_kfx;
	if (!loop && run_syscall(s->progs.setup)) {
		fprintf(stderr, "hash_bench: kfx %s ctx: %d\n", algo, s->bss->err);
		return -1;
	}
	return 0;
}

static void inst_close(struct inst *in)
{
	hash_bench__destroy(in->skel);
	in->skel = NULL;
}

/* ns per run of @in over @repeat runs; 0 on error. */
static unsigned int time_prog(struct inst *in, unsigned long long repeat)
{
	return bench_xdp_ns(bpf_program__fd(in->prog), repeat);
}

/* ---------- AF_ALG: the same hash from user space, per operation ---------- */

struct af_hash {
	int tfm, op;
	unsigned int size;
	__u8 out[HB_DIGEST];
};

static int af_open(struct af_hash *a, const char *algo, unsigned int size)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash" };

	a->size = size;
	a->op = -1;
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", algo);
	a->tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (a->tfm < 0 || bind(a->tfm, (struct sockaddr *)&sa, sizeof(sa)) ||
	    (a->op = accept(a->tfm, NULL, 0)) < 0) {
		if (a->tfm >= 0)
			close(a->tfm);
		return -errno;
	}
	return 0;
}

static void af_close(struct af_hash *a)
{
	close(a->op);
	close(a->tfm);
}

/* One digest of msg's first a->size bytes: its size, or -1. */
static int af_once(struct af_hash *a)
{
	if (send(a->op, msg, a->size, 0) != (ssize_t)a->size)
		return -1;
	return read(a->op, a->out, sizeof(a->out));
}

/* ns per operation over @n operations; 0 on error. */
static unsigned int af_time(struct af_hash *a, unsigned long long n)
{
	unsigned long long t0 = bench_now_ns(), i;

	for (i = 0; i < n; i++)
		if (af_once(a) <= 0)
			return 0;
	return (bench_now_ns() - t0) / n;
}

/* ---------- checks: kfx against AF_ALG, the loop against C ---------- */

static __u64 fnv1a(const __u8 *p, unsigned int n)
{
	__u64 h = HB_FNV_OFFSET;

	while (n--) {
		h ^= *p++;
		h *= HB_FNV_PRIME;
	}
	return h;
}

static void check_failed(const char *algo, unsigned int size, const char *what)
{
	printf("hash_bench: CHECK FAILED %s %s %u bytes: %s\n", pass, algo, size, what);
	checks_failed++;
}

/*
 * Run @kfx once; its digest must be AF_ALG's (@af holds it, @ds bytes; no
 * AF_ALG for @algo when @ds <= 0, then only the result is checked).
 */
static bool kfx_right(struct inst *kfx, const char *algo, unsigned int size,
		      const struct af_hash *af, int ds)
{
	struct hash_bench__bss *b = kfx->skel->bss;

	if (!time_prog(kfx, 1) || b->result || b->digest_size <= 0) {
		check_failed(algo, size, "kfx_crypto_hash() failed");
		return false;
	}
	if (ds <= 0) {
		printf("hash_bench: AF_ALG will not hash with %s here: kfx's digest not compared\n",
		       algo);
		return true;
	}
	if (b->digest_size != ds || memcmp(b->digest, af->out, ds)) {
		check_failed(algo, size, "kfx's digest differs from AF_ALG's");
		return false;
	}
	return true;
}

static bool loop_right(struct inst *loop, const char *algo, unsigned int size)
{
	if (!time_prog(loop, 1) || loop->skel->bss->fnv != fnv1a(msg, size)) {
		check_failed(algo, size, "the BPF loop's FNV-1a differs from C's");
		return false;
	}
	return true;
}

/* ---------- one point: every variant, interleaved ---------- */

struct result {
	bool ok;
	double med, min, max;	/* ns per operation, net for BPF */
	char driver[64];
};

/* Sorted samples (net of @base, if any) into @r. */
static void summarize(struct result *r, unsigned int *t, unsigned int *base)
{
	double b = 0;

	qsort(t, ROUNDS, sizeof(*t), bench_cmp_u32);
	if (base) {
		qsort(base, ROUNDS, sizeof(*base), bench_cmp_u32);
		b = base[ROUNDS / 2];
	}
	r->ok = t[0] != 0;
	r->med = t[ROUNDS / 2] - b;
	r->min = t[0] - b;
	r->max = t[ROUNDS - 1] - b;
}

/* The BPF variants: with the hash (@with) and without (@without). */
struct pair {
	struct inst with, without;
	bool live;
};

static void pair_load(struct pair *p, const char *algo, unsigned int size,
		      bool loop)
{
	p->live = !inst_load(&p->with, algo, size, loop, true) &&
		  !inst_load(&p->without, algo, size, loop, false);
	if (p->live)
		p->with.repeat = bench_calibrate(time_prog(&p->with, 32));
}

static void pair_sample(struct pair *p, int r)
{
	if (!p->live)
		return;
	p->with.t[r] = time_prog(&p->with, p->with.repeat);
	p->with.base[r] = time_prog(&p->without, p->with.repeat);
}

static void pair_close(struct pair *p, struct result *res)
{
	if (p->live)
		summarize(res, p->with.t, p->with.base);
	inst_close(&p->with);
	inst_close(&p->without);
}

static void measure(const char *algo, unsigned int size, struct result res[NR_V])
{
	static struct pair kfx, loop;
	static struct af_hash af;
	unsigned int af_t[ROUNDS];
	unsigned long long af_n = 0;
	int r, ds = -1;

	memset(res, 0, sizeof(*res) * NR_V);
	pair_load(&kfx, algo, size, false);
	pair_load(&loop, algo, size, true);
	if (!af_open(&af, algo, size)) {
		ds = af_once(&af);
		af_n = bench_calibrate(af_time(&af, 4));
	}
	if (kfx.live && !kfx_right(&kfx.with, algo, size, &af, ds))
		kfx.live = false;
	if (loop.live && !loop_right(&loop.with, algo, size))
		loop.live = false;
	for (r = 0; r < ROUNDS; r++) {
		pair_sample(&kfx, r);
		if (af_n)
			af_t[r] = af_time(&af, af_n);
		pair_sample(&loop, r);
	}
	if (kfx.live)
		snprintf(res[V_KFX].driver, 64, "%.63s", kfx.with.skel->bss->driver);
	pair_close(&kfx, &res[V_KFX]);
	pair_close(&loop, &res[V_LOOP]);
	snprintf(res[V_LOOP].driver, 64, "(FNV-1a in BPF)");
	if (af_n) {
		summarize(&res[V_AF_ALG], af_t, NULL);
		snprintf(res[V_AF_ALG].driver, 64, "(user space)");
		af_close(&af);
	}
}

static void report(const char *algo, unsigned int size, struct result res[NR_V])
{
	double ratio;
	int v;

	for (v = 0; v < NR_V; v++) {
		if (!res[v].ok)
			continue;
		printf("%-8s %5u  %-8s %-28s %9.0f (%.0f-%.0f)  %8.3f\n", algo,
		       size, vnames[v], res[v].driver, res[v].med, res[v].min,
		       res[v].max, res[v].med > 0 ? 1000.0 / res[v].med : 0);
		printf("csv,hash,%s,%s,%s,%u,%s,\"%s\",%.0f,%.0f,%.0f\n", kernel,
		       pass, algo, size, vnames[v], res[v].driver, res[v].med,
		       res[v].min, res[v].max);
	}
	if (!res[V_KFX].ok || !res[V_AF_ALG].ok || res[V_KFX].med <= 0)
		return;
	ratio = res[V_AF_ALG].med / res[V_KFX].med;
	printf("target %-32s %-9s %5u  %6.3fx  (>= 1.00x) %s\n",
	       "kfx_crypto_hash >= AF_ALG", algo, size, ratio,
	       ratio >= 1.0 ? "holds" : "MISSED");
	targets_missed += ratio < 1.0;
}

/* The driver kfx gets for @algo now, in @drv; 0 or -1. */
static int driver_now(const char *algo, char drv[64])
{
	struct inst in;
	int err = inst_load(&in, algo, 16, false, true);

	if (!err)
		snprintf(drv, 64, "%.63s", in.skel->bss->driver[0] ?
			 in.skel->bss->driver : "?");
	inst_close(&in);
	return err;
}

static void run_pass(bool second)
{
	static struct result res[NR_V];
	char drv[64];
	size_t a, s;

	printf("hash_bench: pass \"%s\"\n", pass);
	printf("%-8s %5s  %-8s %-28s %s  %8s\n", "algo", "bytes", "variant",
	       "driver", "ns/op net (min-max)", "Mops/s");
	for (a = 0; a < NR_ALGOS; a++) {
		if (driver_now(algos[a], drv))
			continue;
		if (second && strcmp(drv, "?") && !strcmp(drv, first_driver[a])) {
			printf("hash_bench: %s: still %s, not timed again\n", algos[a], drv);
			continue;
		}
		snprintf(first_driver[a], 64, "%s", drv);
		for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
			if (quick && sizes[s] != 16 && sizes[s] != 1500)
				continue;
			measure(algos[a], sizes[s], res);
			report(algos[a], sizes[s], res);
		}
	}
}

/* ---------- the passes ---------- */

/* Keep the arch hash modules out: the kernel would load them on demand. */
static void arch_block(void)
{
	FILE *f;
	size_t i;

	mkdir("/etc", 0755);
	mkdir("/etc/modprobe.d", 0755);
	f = fopen(GENERIC_ONLY, "w");
	for (i = 0; f && i < sizeof(arch_mods) / sizeof(arch_mods[0]); i++)
		fprintf(f, "blacklist %s\n", arch_mods[i]);
	if (!f || fclose(f))
		perror("hash_bench: " GENERIC_ONLY);
}

/* Lift the blacklist and load them; how many this kernel has. */
static int arch_load(void)
{
	char cmd[64];
	size_t i;
	int n = 0;

	unlink(GENERIC_ONLY);
	for (i = 0; i < sizeof(arch_mods) / sizeof(arch_mods[0]); i++) {
		snprintf(cmd, sizeof(cmd), "modprobe %s 2>/dev/null", arch_mods[i]);
		n += !system(cmd);
	}
	return n;
}

/* Whether vmlinux BTF has function @f. */
static bool kernel_has(const char *f)
{
	struct btf *btf = btf__load_vmlinux_btf();
	bool ok = btf && btf__find_by_name_kind(btf, f, BTF_KIND_FUNC) > 0;

	btf__free(btf);
	return ok;
}

int main(int argc, char **argv)
{
	static struct utsname u;
	size_t i;
	int fd;

	if (argc < 2) {
		fprintf(stderr, "usage: %s kfx.ko [quick]\n", argv[0]);
		return 2;
	}
	quick = argc > 2 && !strcmp(argv[2], "quick");
	setvbuf(stdout, NULL, _IOLBF, 0);
	uname(&u);
	kernel = u.release;
	arch_block();
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || (syscall(SYS_finit_module, fd, "", 0) && errno != EEXIST)) {
		perror("hash_bench: loading kfx");
		return 1;
	}
	close(fd);
	old_kptr = !kernel_has("bpf_rcu_read_lock");	/* 6.1: kptr_ref */
	for (i = 0; i < sizeof(msg); i++)
		msg[i] = i * 31 + 7;
	printf("hash_bench: kernel %s; kfx_crypto_hash() in XDP (ctx by bpf_kptr_xchg), AF_ALG send+read, FNV-1a BPF loop\n",
	       kernel);
	printf("hash_bench: ns per op, BPF net of the same program without the hash, median of %d samples of ~%llu us each (min-max)%s\n",
	       ROUNDS, SAMPLE_NS / 1000, quick ? "; quick: 16 and 1500 bytes only" : "");
	pass = "generic";
	run_pass(false);
	if (arch_load()) {
		pass = "arch";
		run_pass(true);
	} else {
		printf("hash_bench: no %s or %s module on this kernel (its library has the arch code): one pass\n",
		       arch_mods[0], arch_mods[1]);
	}
	printf("hash_bench: %d target%s missed, %d check%s failed\n", targets_missed,
	       targets_missed == 1 ? "" : "s", checks_failed,
	       checks_failed == 1 ? "" : "s");
	return checks_failed ? 1 : 0;
}
