// SPDX-License-Identifier: GPL-2.0
/*
 * kfx_test - the in-guest test runner.
 *
 *   kfx_test --module kfx.ko [--nobtf kfx-nobtf.ko] [--badbtf kfx-badbtf.ko]
 *            [--only NAME]
 *            [--fuzz-seconds N] [--fuzz-seed S] [--fuzz-family str|crypto]
 *            [--fuzz-replay SEED:INDEX[-LAST] | --fuzz-case FILE]
 *            [--fuzz-only] [--fuzz-no-regressions] [--fuzz-skip d1,d2,...]
 *
 * Runs the module-level tests (load/unload, BTF visible, refusal to load
 * without BTF, rmmod blocked by a live program), then every BPF program of
 * every test object embedded from tests/progs/, each checked against the
 * expectations declared next to it (tests/progs/kfx_test.h).  --only NAME
 * loads kfx and runs only the programs whose "object/program" holds NAME
 * (to replay one case on a kernel by hand, through run-guest.sh's
 * KFX_PAYLOAD).
 *
 * Last, before lockdown, the kfunc fuzzer (tests/runner/fuzz.c): its
 * regression cases, then N seconds of random ones (KFX_FUZZ_SECONDS, 0
 * for none; seed KFX_FUZZ_SEED or the time).  --fuzz-only runs only it
 * (kfx loaded); --fuzz-replay and --fuzz-case replay what it printed.
 *
 * Output, one line per test: "ok <name>", "not ok <name>: why" or
 * "skip <name>: why", and last "kfx-summary: passed=N failed=N skipped=N".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/if_alg.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "kfx.h"
#include "runner.h"
#include "string_oracle.h"
#include "string_badptr.h"
#include "crypto_accel.h"
#include "crypto_af_alg.h"	/* types of the test objects' globals */
#include "crypto_driver.h"
#include "fuzz_int.h"		/* types of the fuzz objects' globals; fuzz_run() */
#include "kfx_kfunc_names.h"	/* generated from bpf/kfx.h */
#include "kfx_test_objs.h"	/* generated: the embedded test objects */

static int passed, failed, skipped;
static const char *only;	/* --only: program tests whose name holds it */
static bool locked_down;	/* test_lockdown() raised it: __locked_down */
static bool quiet_libbpf;	/* a rejection is the expected outcome */
static char vlog[1 << 20];

static void result(int kind, const char *name, const char *fmt, ...)
{
	va_list ap;

	if (kind > 0) {
		passed++;
		printf("ok %s\n", name);
	} else {
		if (kind < 0)
			failed++;
		else
			skipped++;
		printf("%s %s: ", kind < 0 ? "not ok" : "skip", name);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	}
	fflush(stdout);
}

#define PASS(name)		result(1, name, NULL)
#define FAIL(name, ...)		result(-1, name, __VA_ARGS__)
#define SKIP(name, ...)		result(0, name, __VA_ARGS__)

/* ---------- module handling ---------- */

static int mod_load(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;

	if (fd < 0)
		return -errno;
	err = syscall(SYS_finit_module, fd, "", 0) ? -errno : 0;
	close(fd);
	return err;
}

static int mod_unload(void)
{
	return syscall(SYS_delete_module, "kfx", O_NONBLOCK) ? -errno : 0;
}

/*
 * Unload kfx once the programs that used it are gone: a closed program
 * is freed after an RCU grace period, so retry for up to 2 s.
 */
static int mod_unload_settled(void)
{
	int err = mod_unload();

	for (int i = 0; i < 100 && err; i++) {
		usleep(20000);
		err = mod_unload();
	}
	return err;
}

static bool kernel_log_has(const char *needle)
{
	int len = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	char *buf;
	bool found;

	if (len <= 0)
		return false;
	buf = calloc(1, len + 1);
	if (!buf)
		return false;
	len = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, len);
	found = len > 0 && strstr(buf, needle);
	free(buf);
	return found;
}

/*
 * Loading @ko must fail, and the kernel log must say why with one of @lines
 * (first found is reported).  A module that loads is unloaded again.
 */
static void expect_refused(const char *name, const char *ko,
			   const char *const *lines, int nr_lines)
{
	int err, i;

	if (!ko) {
		SKIP(name, "no such test module given");
		return;
	}
	err = mod_load(ko);
	if (!err) {
		mod_unload();
		FAIL(name, "insmod of %s succeeded", ko);
		return;
	}
	for (i = 0; i < nr_lines; i++) {
		if (kernel_log_has(lines[i])) {
			printf("# refused (%s): \"%s\"\n", strerror(-err), lines[i]);
			PASS(name);
			return;
		}
	}
	FAIL(name, "insmod failed (%s) but the log has none of the %d expected lines",
	     strerror(-err), nr_lines);
}

static void test_refuses_without_btf(const char *nobtf)
{
	static const char *const lines[] = { "kfx: module has no .BTF section" };

	expect_refused("module/refuses-to-load-without-btf", nobtf, lines, 1);
}

/*
 * Kernels that allow BTF mismatches (Debian's 6.1, 6.12) load the module
 * and kfx init refuses; the others (7.2, and 7.3 as measured) refuse it
 * themselves.
 */
static void test_refuses_mismatched_btf(const char *bad)
{
	static const char *const lines[] = {
		"kfx: kernel did not accept the module BTF",
		"failed to validate module [kfx] BTF",
	};

	expect_refused("module/refuses-to-load-with-btf-of-another-kernel",
		       bad, lines, 2);
}

/* Everything the kernel logs after this line must be clean. */
static void mark_expected_errors_done(void)
{
	static const char line[] = "kfx-test: end of expected module load errors\n";
	int fd = open("/dev/kmsg", O_WRONLY);

	if (fd < 0 || write(fd, line, sizeof(line) - 1) < 0)
		printf("# cannot write to /dev/kmsg: %s\n", strerror(errno));
	if (fd >= 0)
		close(fd);
}

/*
 * The guest has the kernel's crypto modules and loads them on demand (xts
 * and ctr are modules on 6.1): the AES modes bind through AF_ALG.  The rest
 * is reported, not required: 7.3 refuses AF_ALG binds of chacha20 and the
 * AEADs with ENOENT even with their modules loaded (AF_ALG is being
 * restricted upstream).
 */
static void test_crypto_modules_load(void)
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

static void test_load_unload(const char *ko, int rounds)
{
	const char *name = "module/load-unload-20-times";
	int i, err;

	for (i = 0; i < rounds; i++) {
		err = mod_load(ko);
		if (err) {
			FAIL(name, "round %d: insmod: %s", i + 1, strerror(-err));
			return;
		}
		err = mod_unload();
		if (err) {
			FAIL(name, "round %d: rmmod: %s", i + 1, strerror(-err));
			return;
		}
	}
	PASS(name);
}

static void test_version_string(void)
{
	const char *name = "module/version-matches-kfx.h";
	char buf[32] = "", want[32];
	FILE *f = fopen("/sys/module/kfx/version", "r");

	snprintf(want, sizeof(want), "%d.%d.%d\n", KFX_VERSION_MAJOR,
		 KFX_VERSION_MINOR, KFX_VERSION_PATCH);
	if (!f) {
		FAIL(name, "/sys/module/kfx/version: %s", strerror(errno));
		return;
	}
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	if (strcmp(buf, want))
		FAIL(name, "MODULE_VERSION is \"%.*s\", kfx.h says %.*s",
		     (int)strcspn(buf, "\n"), buf, (int)strcspn(want, "\n"), want);
	else
		PASS(name);
}

/* Every kfunc bpf/kfx.h declares is a FUNC in /sys/kernel/btf/kfx. */
static void test_btf_has_every_kfunc(void)
{
	const char *name = "module/btf-lists-every-kfunc";
	struct btf *vmlinux, *btf;
	size_t i;
	int missing = 0;

	vmlinux = btf__load_vmlinux_btf();
	if (!vmlinux) {
		FAIL(name, "no vmlinux BTF: %s", strerror(errno));
		return;
	}
	btf = btf__parse_split("/sys/kernel/btf/kfx", vmlinux);
	if (!btf) {
		FAIL(name, "/sys/kernel/btf/kfx: %s", strerror(errno));
		btf__free(vmlinux);
		return;
	}
	for (i = 0; i < sizeof(kfx_kfunc_names) / sizeof(kfx_kfunc_names[0]); i++) {
		if (btf__find_by_name_kind(btf, kfx_kfunc_names[i], BTF_KIND_FUNC) <= 0) {
			printf("# %s is not in /sys/kernel/btf/kfx\n", kfx_kfunc_names[i]);
			missing++;
		}
	}
	btf__free(btf);
	btf__free(vmlinux);
	if (missing)
		FAIL(name, "%d kfunc(s) missing", missing);
	else
		PASS(name);
}

/* ---------- BPF program tests ---------- */

struct expect {
	bool success, failure;
	bool has_retval;
	long long retval;
	const char *msgs[8];
	int nr_msgs;
	const char *needs_ksym, *without_ksym;
	const char *driver;
	const char *setup;
	unsigned int pkt_size;
	bool locked_down;
};

static const struct {
	const char *name;
	int (*run)(struct bpf_object *obj, struct bpf_program *prog,
		   char *why, size_t whylen);
} drivers[] = {
	{ "string_oracle", string_oracle_driver },
	{ "string_badptr", string_badptr_driver },
	{ "tracing_comm", tracing_comm_driver },
	{ "crypto_af_alg", crypto_af_alg_driver },
	{ "crypto_concurrency", crypto_concurrency_driver },
	{ "crypto_driver", crypto_driver_driver },
	{ "compat", compat_driver },
};

static struct btf *vmlinux_btf;

static bool vmlinux_has_func(const char *f)
{
	if (!vmlinux_btf)
		vmlinux_btf = btf__load_vmlinux_btf();
	return vmlinux_btf && btf__find_by_name_kind(vmlinux_btf, f, BTF_KIND_FUNC) > 0;
}

static int read_expect(const struct btf *btf, const char *func, struct expect *e)
{
	int id, n = btf__type_cnt(btf), i;

	memset(e, 0, sizeof(*e));
	id = btf__find_by_name_kind(btf, func, BTF_KIND_FUNC);
	if (id <= 0)
		return -ENOENT;
	for (i = 1; i < n; i++) {
		const struct btf_type *t = btf__type_by_id(btf, i);
		const char *s;

		if (!btf_is_decl_tag(t) || t->type != (unsigned int)id ||
		    btf_decl_tag(t)->component_idx != -1)
			continue;
		s = btf__name_by_offset(btf, t->name_off);
		if (strncmp(s, "kfx_test:", 9))
			continue;
		s += 9;
		if (!strcmp(s, "success"))
			e->success = true;
		else if (!strcmp(s, "failure"))
			e->failure = true;
		else if (!strncmp(s, "msg=", 4) && e->nr_msgs < 8)
			e->msgs[e->nr_msgs++] = s + 4;
		else if (!strncmp(s, "retval=", 7)) {
			char *end;

			e->has_retval = true;
			e->retval = strtoll(s + 7, &end, 0);
			if (end == s + 7 || *end)
				return -EINVAL;	/* not a number: say so */
		} else if (!strncmp(s, "needs_ksym=", 11))
			e->needs_ksym = s + 11;
		else if (!strncmp(s, "without_ksym=", 13))
			e->without_ksym = s + 13;
		else if (!strncmp(s, "driver=", 7))
			e->driver = s + 7;
		else if (!strncmp(s, "setup=", 6))
			e->setup = s + 6;
		else if (!strncmp(s, "pkt_size=", 9))
			e->pkt_size = strtoul(s + 9, NULL, 0);
		else if (!strcmp(s, "locked_down"))
			e->locked_down = true;
		else
			return -EINVAL;
	}
	return e->success != e->failure ? 0 : -EINVAL;
}

/* Run @prog once, on a @size-byte IPv4 test packet (0: 64) unless SYSCALL. */
static int run_prog(struct bpf_program *prog, long long *retval,
		    unsigned int size)
{
	static char pkt[16384] = { [12] = 0x08, [13] = 0x00 };	/* IPv4 */
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	enum bpf_prog_type type = bpf_program__type(prog);
	int err;

	if (size > sizeof(pkt))
		return -E2BIG;
	if (type != BPF_PROG_TYPE_SYSCALL) {
		opts.data_in = pkt;
		opts.data_size_in = size ? size : 64;
		opts.repeat = 1;
	}
	err = bpf_prog_test_run_opts(bpf_program__fd(prog), &opts);
	if (err)
		return err;
	*retval = (int)opts.retval;
	return 0;
}

static void test_one_prog(const char *objname, const char *label,
			  const void *elf, size_t sz, const char *progname)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo, .object_name = objname);
	struct bpf_program *prog, *p, *setup = NULL;
	struct bpf_object *obj;
	struct expect e;
	char name[256];
	long long rv = 0;
	int err, i;

	snprintf(name, sizeof(name), "%s/%s", label, progname);
	if (only && !strstr(name, only))
		return;
	obj = bpf_object__open_mem(elf, sz, &oo);
	if (!obj) {
		FAIL(name, "open: %s", strerror(errno));
		return;
	}
	prog = bpf_object__find_program_by_name(obj, progname);
	if (read_expect(bpf_object__btf(obj), progname, &e)) {
		FAIL(name, "unreadable expectations: one of __success or __failure, numeric __retval");
		goto out;
	}
	if (e.locked_down != locked_down)
		goto out;	/* its turn is before or after lockdown */
	if (e.needs_ksym && !vmlinux_has_func(e.needs_ksym)) {
		SKIP(name, "kernel lacks %s", e.needs_ksym);
		goto out;
	}
	if (e.without_ksym && vmlinux_has_func(e.without_ksym)) {
		SKIP(name, "kernel has %s", e.without_ksym);
		goto out;
	}
	if (e.setup) {
		setup = bpf_object__find_program_by_name(obj, e.setup);
		if (!setup) {
			FAIL(name, "no setup program %s", e.setup);
			goto out;
		}
	}
	bpf_object__for_each_program(p, obj)
		bpf_program__set_autoload(p, p == prog || p == setup);
	/*
	 * Rejections are judged on the verifier log; for programs that must
	 * load, libbpf itself prints the log if they do not.
	 */
	vlog[0] = '\0';
	if (e.failure) {
		bpf_program__set_log_buf(prog, vlog, sizeof(vlog));
		bpf_program__set_log_level(prog, 1);
	}

	quiet_libbpf = e.failure;
	err = bpf_object__load(obj);
	quiet_libbpf = false;
	if (e.success && err) {
		FAIL(name, "verifier rejected it: %s (log above)", strerror(-err));
		goto out;
	}
	if (e.failure && !err) {
		FAIL(name, "verifier accepted a program it must reject");
		goto out;
	}
	for (i = 0; i < e.nr_msgs; i++) {
		if (!strstr(vlog, e.msgs[i])) {
			FAIL(name, "verifier log lacks \"%s\"", e.msgs[i]);
			printf("# verifier log:\n%s\n", vlog);
			goto out;
		}
	}
	if (e.success && setup) {
		err = run_prog(setup, &rv, 0);
		if (err || rv) {
			FAIL(name, "setup %s: %s, returned %lld", e.setup,
			     strerror(-err), rv);
			goto out;
		}
	}
	if (e.success && e.driver) {
		char why[256] = "unknown driver";
		size_t d;

		for (d = 0; d < sizeof(drivers) / sizeof(drivers[0]); d++)
			if (!strcmp(drivers[d].name, e.driver))
				break;
		if (d == sizeof(drivers) / sizeof(drivers[0]) ||
		    drivers[d].run(obj, prog, why, sizeof(why))) {
			FAIL(name, "%s", why);
			goto out;
		}
	}
	if (e.success && e.has_retval) {
		err = run_prog(prog, &rv, e.pkt_size);
		if (err) {
			FAIL(name, "BPF_PROG_TEST_RUN: %s", strerror(-err));
			goto out;
		}
		if (rv != e.retval) {
			FAIL(name, "returned %lld (0x%llx), expected %lld (0x%llx)",
			     rv, rv, e.retval, e.retval);
			goto out;
		}
	}
	PASS(name);
out:
	bpf_object__close(obj);
}

/* ---------- crypto ctx lifetime ---------- */

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

/* Wait up to 5 s for the RCU-deferred frees; the last count read. */
static int crypto_live_settles(void)
{
	int live = crypto_live(), i;

	for (i = 0; i < 50 && live > 0; i++) {
		usleep(100 * 1000);
		live = crypto_live();
	}
	return live;
}

/* Every test released its ctxs: the count drops to 0. */
static void test_crypto_live_zero(void)
{
	const char *name = "crypto/live-contexts-back-to-zero";
	int live = crypto_live_settles();

	if (live)
		FAIL(name, "crypto_live is %d 5 s after the last test", live);
	else
		PASS(name);
}

/*
 * A ctx left in a map outlives the programs, keeps kfx from unloading, and
 * is freed with the map (through the destructor kfx registered).
 */
static void test_crypto_map_frees_ctx(void)
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
	size_t i, sz;

	for (i = 0; i < sizeof(kfx_test_objs) / sizeof(kfx_test_objs[0]); i++)
		if (!strcmp(kfx_test_objs[i].name, objname))
			elf = kfx_test_objs[i].elf_bytes(&sz);
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
		FAIL(name, "crypto_live is %d 5 s after the map was closed", live);
	else
		PASS(name);
out:
	if (map_fd >= 0)
		close(map_fd);
	bpf_object__close(obj);
}

/* Every program of @t; results named @label/<program>. */
static void test_object(const struct kfx_test_obj *t, const char *label)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo, .object_name = t->name);
	struct bpf_object *obj;
	struct bpf_program *p;
	const void *elf;
	size_t sz, n = 0, i;
	char **names;

	elf = t->elf_bytes(&sz);
	obj = bpf_object__open_mem(elf, sz, &oo);
	if (!obj) {
		FAIL(t->name, "open: %s", strerror(errno));
		return;
	}
	bpf_object__for_each_program(p, obj)
		n++;
	names = calloc(n, sizeof(*names));
	i = 0;
	bpf_object__for_each_program(p, obj)
		names[i++] = strdup(bpf_program__name(p));
	bpf_object__close(obj);
	for (i = 0; i < n; i++) {
		test_one_prog(t->name, label, elf, sz, names[i]);
		free(names[i]);
	}
	free(names);
}

/* Until test_crypto_accelerated(), the crypto tests run generic code. */
static void crypto_generic_first(void)
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
 * the same known answers.
 */
static void test_crypto_accelerated(void)
{
	const char *name = "guest/accelerated-crypto-modules-load";
	char label[64];
	size_t i;

	kfx_accel_load(accel_missing);
	if (!crypto_accelerated()) {
		FAIL(name, "aesni_intel did not load");
		return;
	}
	PASS(name);
	for (i = 0; i < sizeof(kfx_test_objs) / sizeof(kfx_test_objs[0]); i++) {
		const char *o = kfx_test_objs[i].name;

		if (strncmp(o, "crypto", 6))
			continue;
		snprintf(label, sizeof(label), "%s@aesni", o);
		test_object(&kfx_test_objs[i], label);
	}
}

/* ---------- kfxctl, the user's tool ---------- */

/* Run @cmd (stderr too); its exit status, its output in @out. */
static int run_capture(const char *cmd, char *out, size_t len)
{
	size_t n = 0;
	FILE *p;
	int st;

	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (n + 1 < len && fgets(out + n, len - n, p))
		n += strlen(out + n);
	out[n] = '\0';
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Run "/kfxctl @args"; as run_capture(). */
static int kfxctl(const char *args, char *out, size_t len)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "/kfxctl %s 2>&1", args);
	return run_capture(cmd, out, len);
}

/* Without the module: exit 1, the problem named and its fix. */
static void test_kfxctl_without_module(void)
{
	const char *name = "kfxctl/status-without-kfx-says-modprobe";
	static char out[4096];
	int st = kfxctl("status", out, sizeof(out));

	if (st != 1 || !strstr(out, "kfx is not loaded") ||
	    !strstr(out, "fix: modprobe kfx"))
		FAIL(name, "exit %d, said: %.200s", st, out);
	else
		PASS(name);
}

/* As nobody (no CAP_BPF, no CAP_SYS_ADMIN): exit 1, and what to do. */
static void test_kfxctl_unprivileged(void)
{
	const char *name = "kfxctl/status-unprivileged-says-run-as-root";
	char out[1024] = "";
	int pfd[2], st = -1;
	ssize_t n = 0, r;
	pid_t pid;

	if (pipe(pfd)) {
		FAIL(name, "pipe: %s", strerror(errno));
		return;
	}
	pid = fork();
	if (!pid) {
		dup2(pfd[1], 1);
		dup2(pfd[1], 2);
		if (setgid(65534) || setuid(65534))
			_exit(99);
		execl("/kfxctl", "kfxctl", "status", (char *)NULL);
		_exit(98);
	}
	close(pfd[1]);
	while (n < (ssize_t)sizeof(out) - 1 &&
	       (r = read(pfd[0], out + n, sizeof(out) - 1 - n)) > 0)
		n += r;
	close(pfd[0]);
	waitpid(pid, &st, 0);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 1 ||
	    !strstr(out, "BPF is not permitted") || !strstr(out, "run as root"))
		FAIL(name, "exit %d, said: %.200s", WIFEXITED(st) ? WEXITSTATUS(st) : -1, out);
	else
		PASS(name);
}

/* With it: status lists every kfunc registered, selftest passes them all. */
static void test_kfxctl(void)
{
	static char out[16384];
	char want[64];
	int st;

	st = kfxctl("status --json", out, sizeof(out));
	snprintf(want, sizeof(want), "\"version\":\"%d.%d.%d\"",
		 KFX_VERSION_MAJOR, KFX_VERSION_MINOR, KFX_VERSION_PATCH);
	if (st || !strstr(out, "\"missing\":0") || !strstr(out, want) ||
	    !strstr(out, "\"name\":\"kfx_crypto_encrypt\""))
		FAIL("kfxctl/status-json-lists-every-kfunc", "exit %d, said: %.300s",
		     st, out);
	else
		PASS("kfxctl/status-json-lists-every-kfunc");
	st = kfxctl("selftest", out, sizeof(out));
	printf("# kfxctl selftest: %s", strstr(out, "selftest:") ?: "no summary\n");
	if (st || !strstr(out, " 0 failed"))
		FAIL("kfxctl/selftest-passes-every-kfunc", "exit %d, said: %.1000s",
		     st, out);
	else
		PASS("kfxctl/selftest-passes-every-kfunc");
}

/* ---------- the samples, run as a user would ---------- */

/* Run @cmd; its exit status, its output echoed as comments. */
static int run_sample(const char *cmd)
{
	char line[512], full[256];
	FILE *p;
	int st;

	snprintf(full, sizeof(full), "%s 2>&1", cmd);
	p = popen(full, "r");
	if (!p)
		return -1;
	while (fgets(line, sizeof(line), p))
		printf("#   %s", line);
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/*
 * udp_crypt: plaintext intact, ciphertext on the wire, forgery dropped;
 * on 6.1 through its kptr_ref build, which the loader picks itself.
 */
static void test_sample_udp_crypt(void)
{
	const char *name = "sample/udp_crypt-encrypts-between-namespaces";
	int st;

	st = run_sample("/udp_crypt --messages 3");
	if (st)
		FAIL(name, "udp_crypt exited %d (output above)", st);
	else
		PASS(name);
}

/* Whether kfxctl's selftest output @out says "pass" for @kfunc. */
static bool selftest_passed(const char *out, const char *kfunc)
{
	char line[128];
	const char *p;

	snprintf(line, sizeof(line), "\n%s ", kfunc);
	p = strstr(out, line);
	if (!p)
		return false;
	p += strlen(line);
	p += strspn(p, " ");
	return !strncmp(p, "pass\n", 5);
}

/* How many times @needle occurs in @hay. */
static int count_of(const char *hay, const char *needle)
{
	int n = 0;

	for (hay = strstr(hay, needle); hay; hay = strstr(hay + 1, needle))
		n++;
	return n;
}

/*
 * Lockdown in confidentiality mode, last of all (it cannot be lifted): it
 * takes bpf_probe_read_kernel*() from BPF programs at load time, and kfx's
 * 15 unbounded string kfuncs, which read any kernel address where the
 * verifier passes them arbitrary pointers (6.2+), return -EPERM.  6.1's
 * verifier gives them only BPF memory, which lockdown leaves readable:
 * they stay.  The bounded twins and crypto stay everywhere.  kfxctl says so and its
 * selftest passes; name_filter, which must read file names, says why it
 * cannot run.
 */
static void test_lockdown(void)
{
	static char out[8192];
	const char *lockdown = "/sys/kernel/security/lockdown";
	bool arbitrary = vmlinux_has_func("bpf_rcu_read_lock");	/* 6.2+ */
	int st, refused, i;
	FILE *f;

	mkdir("/sys/kernel/security", 0755);
	mount("securityfs", "/sys/kernel/security", "securityfs", 0, NULL);
	f = fopen(lockdown, "w");
	if (!f || fputs("confidentiality", f) < 0 || fclose(f) ||
	    !file_has(lockdown, "[confidentiality]")) {
		SKIP("lockdown/kfxctl-warns", "no lockdown LSM to raise");
		return;
	}
	/* kfx's kworker notices within a second (none on 6.1) */
	for (i = 0; i < 30 && arbitrary &&
	     !file_has("/sys/module/kfx/parameters/lockdown", "Y"); i++)
		usleep(100000);
	locked_down = true;
	for (i = 0; i < (int)(sizeof(kfx_test_objs) / sizeof(kfx_test_objs[0])); i++)
		test_object(&kfx_test_objs[i], kfx_test_objs[i].name);
	st = kfxctl("status", out, sizeof(out));
	if (st || !strstr(out, "warning: kernel lockdown (confidentiality)"))
		FAIL("lockdown/kfxctl-status-warns", "exit %d, said: %.300s", st, out);
	else
		PASS("lockdown/kfxctl-status-warns");
	st = kfxctl("selftest", out, sizeof(out));
	refused = count_of(out, "refused (lockdown)");
	if (st)
		FAIL("lockdown/kfxctl-selftest-passes", "exit %d, said: %.1000s", st, out);
	else if (refused != (arbitrary ? 15 : 0))
		FAIL("lockdown/unbounded-string-kfuncs-refused",
		     "%d kfuncs refused, want %d: %.1000s", refused,
		     arbitrary ? 15 : 0, out);
	else if (!selftest_passed(out, "kfx_strlen_buf") ||
		 !selftest_passed(out, "kfx_crypto_encrypt"))
		FAIL("lockdown/bounded-and-crypto-kfuncs-stay", "said: %.1000s", out);
	else
		PASS("lockdown/kfxctl-selftest-passes-kernel-readers-refused");
	st = run_capture("/name_filter --demo 2>&1", out, sizeof(out));
	printf("%s", out);
	if (st != 1 || !strstr(out, "refuses programs that read kernel memory"))
		FAIL("lockdown/name_filter-says-why-not", "exit %d", st);
	else
		PASS("lockdown/name_filter-says-why-not");
}

/* name_filter: an open and an exec reported, the exec denied under LSM. */
static void test_sample_name_filter(void)
{
	const char *name = "sample/name_filter-reports-and-denies";
	int st = run_sample("/name_filter --demo");

	if (st)
		FAIL(name, "name_filter exited %d (output above)", st);
	else
		PASS(name);
}

/* A program that calls a kfx kfunc holds a reference on the module. */
static void test_prog_pins_module(void)
{
	const char *name = "module/rmmod-blocked-while-a-program-uses-kfx";
	const struct kfx_test_obj *t = NULL;
	struct bpf_object *obj;
	struct bpf_program *p;
	const void *elf;
	size_t sz, i;
	int err;

	for (i = 0; i < sizeof(kfx_test_objs) / sizeof(kfx_test_objs[0]); i++)
		if (!strcmp(kfx_test_objs[i].name, "core"))
			t = &kfx_test_objs[i];
	if (!t) {
		FAIL(name, "the core test object is not built in");
		return;
	}
	elf = t->elf_bytes(&sz);
	obj = bpf_object__open_mem(elf, sz, NULL);
	if (!obj) {
		FAIL(name, "open: %s", strerror(errno));
		return;
	}
	bpf_object__for_each_program(p, obj)
		bpf_program__set_autoload(p, !strcmp(bpf_program__name(p), "syscall_version"));
	err = bpf_object__load(obj);
	if (err) {
		FAIL(name, "load: %s", strerror(-err));
		bpf_object__close(obj);
		return;
	}
	err = mod_unload();
	bpf_object__close(obj);
	if (!err) {
		FAIL(name, "rmmod succeeded while a program referenced kfx_version");
		mod_load(getenv("KFX_KO"));
		return;
	}
	if (err != -EWOULDBLOCK && err != -EBUSY) {
		FAIL(name, "rmmod failed with %s, expected EWOULDBLOCK", strerror(-err));
		return;
	}
	err = mod_unload_settled();
	if (err) {
		FAIL(name, "rmmod still fails after the program was closed: %s",
		     strerror(-err));
		return;
	}
	err = mod_load(getenv("KFX_KO"));
	if (err)
		FAIL(name, "reloading kfx failed: %s", strerror(-err));
	else
		PASS(name);
}

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_DEBUG || quiet_libbpf)
		return 0;
	printf("# libbpf: ");
	return vprintf(fmt, ap);
}

/* The kfunc fuzzer; its lines count in the summary. */
static void test_fuzz(const struct fuzz_opts *o)
{
	fuzz_run(o, &passed, &failed, &skipped);
}

int main(int argc, char **argv)
{
	const char *ko = NULL, *nobtf = NULL, *badbtf = NULL;
	struct fuzz_opts fuzz = { .seconds = 20 };
	bool fuzz_only = false;
	size_t i;
	int err;

	if (getenv("KFX_FUZZ_SECONDS"))
		fuzz.seconds = atof(getenv("KFX_FUZZ_SECONDS"));
	if (getenv("KFX_FUZZ_SEED")) {
		fuzz.have_seed = true;
		fuzz.seed = strtoull(getenv("KFX_FUZZ_SEED"), NULL, 0);
	}
	for (i = 1; i < (size_t)argc; i++) {
		if (!strcmp(argv[i], "--module") && i + 1 < (size_t)argc)
			ko = argv[++i];
		else if (!strcmp(argv[i], "--nobtf") && i + 1 < (size_t)argc)
			nobtf = argv[++i];
		else if (!strcmp(argv[i], "--badbtf") && i + 1 < (size_t)argc)
			badbtf = argv[++i];
		else if (!strcmp(argv[i], "--only") && i + 1 < (size_t)argc)
			only = argv[++i];
		else if (!strcmp(argv[i], "--fuzz-seconds") && i + 1 < (size_t)argc)
			fuzz.seconds = atof(argv[++i]);
		else if (!strcmp(argv[i], "--fuzz-seed") && i + 1 < (size_t)argc) {
			fuzz.have_seed = true;
			fuzz.seed = strtoull(argv[++i], NULL, 0);
		} else if (!strcmp(argv[i], "--fuzz-family") && i + 1 < (size_t)argc)
			fuzz.family = argv[++i];
		else if (!strcmp(argv[i], "--fuzz-replay") && i + 1 < (size_t)argc)
			fuzz.replay = argv[++i];
		else if (!strcmp(argv[i], "--fuzz-case") && i + 1 < (size_t)argc)
			fuzz.case_file = argv[++i];
		else if (!strcmp(argv[i], "--fuzz-skip") && i + 1 < (size_t)argc)
			fuzz.skip = argv[++i];
		else if (!strcmp(argv[i], "--fuzz-only"))
			fuzz_only = true;
		else if (!strcmp(argv[i], "--fuzz-no-regressions"))
			fuzz.no_regressions = true;
		else {
			fprintf(stderr, "usage: %s --module kfx.ko [--nobtf kfx-nobtf.ko] [--badbtf kfx-badbtf.ko] [--only NAME]\n"
				"\t[--fuzz-seconds N] [--fuzz-seed S] [--fuzz-family str|crypto]\n"
				"\t[--fuzz-replay SEED:INDEX[-LAST] | --fuzz-case FILE] [--fuzz-only]\n"
				"\t[--fuzz-no-regressions] [--fuzz-skip d1,d2,d3,d4]\n",
				argv[0]);
			return 2;
		}
	}
	if (!ko) {
		fprintf(stderr, "%s: --module is required\n", argv[0]);
		return 2;
	}
	setenv("KFX_KO", ko, 1);
	setvbuf(stdout, NULL, _IOLBF, 0);
	libbpf_set_print(libbpf_print);

	if (fuzz_only) {
		/* as in the full run: after the accelerated modules came */
		mark_expected_errors_done();
		kfx_accel_load(NULL);
		err = mod_load(ko);
		if (err) {
			FAIL("module/insmod", "%s", strerror(-err));
			goto out;
		}
		test_fuzz(&fuzz);
		err = mod_unload_settled();
		if (err)
			FAIL("module/rmmod", "%s", strerror(-err));
		goto out;
	}
	crypto_generic_first();
	test_refuses_without_btf(nobtf);
	test_refuses_mismatched_btf(badbtf);
	mark_expected_errors_done();
	test_crypto_modules_load();
	test_kfxctl_without_module();
	test_load_unload(ko, 20);
	err = mod_load(ko);
	if (err) {
		FAIL("module/insmod", "%s", strerror(-err));
		goto out;
	}
	PASS("module/insmod");
	if (only) {	/* one case, by hand: KFX_PAYLOAD (run-guest.sh) */
		for (i = 0; i < sizeof(kfx_test_objs) / sizeof(kfx_test_objs[0]); i++)
			test_object(&kfx_test_objs[i], kfx_test_objs[i].name);
		goto out;
	}
	test_version_string();
	test_btf_has_every_kfunc();
	test_kfxctl();
	test_kfxctl_unprivileged();
	for (i = 0; i < sizeof(kfx_test_objs) / sizeof(kfx_test_objs[0]); i++)
		test_object(&kfx_test_objs[i], kfx_test_objs[i].name);
	test_crypto_accelerated();
	test_sample_udp_crypt();
	test_sample_name_filter();
	test_crypto_live_zero();
	test_crypto_map_frees_ctx();
	test_prog_pins_module();
	if (fuzz.seconds > 0 || fuzz.replay || fuzz.case_file)
		test_fuzz(&fuzz);
	test_lockdown();
	err = mod_unload_settled();
	if (err)
		FAIL("module/rmmod", "%s", strerror(-err));
	else
		PASS("module/rmmod");
out:
	printf("kfx-summary: passed=%d failed=%d skipped=%d\n", passed, failed, skipped);
	return failed ? 1 : 0;
}
