// SPDX-License-Identifier: GPL-2.0
/*
 * Module scenarios of the runner: loading and unloading kfx (mod_load()
 * and friends, used by every scenario that needs kfx gone or back), the
 * refusals of the test modules without BTF or with another kernel's, the
 * version and BTF checks, and rmmod blocked while a program uses kfx.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/klog.h>
#include <sys/syscall.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "kfx.h"
#include "scenario.h"

/* Every kfunc kfx registers: the kfunc table. */
static const char *const kfx_kfunc_names[] = {
#define KFX_KFUNC(name, family, flags, progs)	#name,
#include "../../module/kfx_kfuncs.h"
};

/*
 * What modprobe would do first: load the modules @path depends on (on
 * 6.1, whose ECDSA kfx brings itself, the kernel's ecc.ko).  The guest
 * has the kernel's modules and their depmod index.
 */
static void mod_load_depends(const char *path)
{
	char cmd[512], deps[256] = "";
	FILE *f;

	snprintf(cmd, sizeof(cmd), "modinfo -F depends %s 2>/dev/null", path);
	f = popen(cmd, "r");
	if (!f)
		return;
	if (!fgets(deps, sizeof(deps), f))
		deps[0] = 0;
	pclose(f);
	deps[strcspn(deps, "\n")] = 0;
	for (char *d = strtok(deps, ","); d; d = strtok(NULL, ",")) {
		snprintf(cmd, sizeof(cmd), "modprobe %s", d);
		if (system(cmd))
			printf("# modprobe %s (a dependency of %s) failed\n", d, path);
	}
}

int mod_load(const char *path)
{
	int fd, err;

	mod_load_depends(path);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = syscall(SYS_finit_module, fd, "", 0) ? -errno : 0;
	close(fd);
	return err;
}

int mod_unload(void)
{
	return syscall(SYS_delete_module, "kfx", O_NONBLOCK) ? -errno : 0;
}

/*
 * Unload kfx once the programs that used it are gone: a closed program
 * is freed after an RCU grace period (a tasks-trace one for a sleepable
 * program), which a TCG guest sharing its core can stretch to seconds:
 * retry for up to 20 s.  Only a failure waits that long.
 */
int mod_unload_settled(void)
{
	int err = mod_unload();

	for (int i = 0; i < 1000 && err; i++) {
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

/* A line the kernel log must hold when a load is refused, and the errno. */
struct refusal {
	const char *line;
	int err;	/* what insmod must fail with; 0: whatever the kernel says */
};

/*
 * Loading @ko must fail, and the kernel log must say why with one of @why
 * (first found is reported), with that line's errno.  A module that loads
 * is unloaded again.
 */
static void expect_refused(const char *name, const char *ko,
			   const struct refusal *why, int nr_why)
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
	for (i = 0; i < nr_why; i++) {
		if (!kernel_log_has(why[i].line))
			continue;
		printf("# refused (%s, %d): \"%s\"\n", strerror(-err), err, why[i].line);
		if (why[i].err && -err != why[i].err)
			FAIL(name, "insmod failed with %s, expected %s", strerror(-err),
			     strerror(why[i].err));
		else
			PASS(name);
		return;
	}
	FAIL(name, "insmod failed (%s) but the log has none of the %d expected lines",
	     strerror(-err), nr_why);
}

/* kfx's init refuses a module without BTF: -ENOEXEC. */
void test_refuses_without_btf(const char *nobtf)
{
	static const struct refusal why[] = {
		{ "kfx: module has no .BTF section", ENOEXEC },
	};

	expect_refused("module/refuses-to-load-without-btf", nobtf, why, 1);
}

/*
 * Kernels that allow BTF mismatches (Debian's 6.1, 6.12) load the module
 * and kfx init refuses (-ENOEXEC); the others (7.2, and 7.3 as measured)
 * refuse it themselves, with their own errno (printed, not asserted).
 */
void test_refuses_mismatched_btf(const char *bad)
{
	static const struct refusal why[] = {
		{ "kfx: kernel did not accept the module BTF", ENOEXEC },
		{ "failed to validate module [kfx] BTF", 0 },
	};

	expect_refused("module/refuses-to-load-with-btf-of-another-kernel",
		       bad, why, 2);
}

/* Everything the kernel logs after this line must be clean. */
void mark_expected_errors_done(void)
{
	static const char line[] = "kfx-test: end of expected module load errors\n";
	int fd = open("/dev/kmsg", O_WRONLY);

	if (fd < 0 || write(fd, line, sizeof(line) - 1) < 0)
		printf("# cannot write to /dev/kmsg: %s\n", strerror(errno));
	if (fd >= 0)
		close(fd);
}

void test_load_unload(const char *ko, int rounds)
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

void test_version_string(void)
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
void test_btf_has_every_kfunc(void)
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

/* A program that calls a kfx kfunc holds a reference on the module. */
void test_prog_pins_module(void)
{
	const char *name = "module/rmmod-blocked-while-a-program-uses-kfx";
	struct bpf_object *obj;
	struct bpf_program *p;
	const void *elf;
	size_t sz;
	int err;

	elf = test_obj_elf("core", &sz);
	if (!elf) {
		FAIL(name, "the core test object is not built in");
		return;
	}
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
