// SPDX-License-Identifier: GPL-2.0
/*
 * kfxctl: is kfx usable here, and does every kfunc work?
 *
 *   kfxctl status [--json]     module, version, BTF, kfuncs and the program
 *                              types they serve, the kernel's own twins
 *   kfxctl selftest [--json]   one small program per kfunc (kfxctl.bpf.c),
 *                              loaded and run on this kernel
 *   kfxctl --help | --version
 *
 * Exit status: 0 all well, 1 a check or test failed, 2 usage.  Every
 * problem is reported with what fixes it.  `status --json` is one object
 * whose members are stable (schema 1; kfxctl.8.scd lists them): a fleet's
 * health check reads it.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "kfx.h"
#include "kfxctl.skel.h"

/* The kfuncs kfx registers and the program types each gets: the table. */
enum progs { KFX_PROGS_ANY, KFX_PROGS_PKT, KFX_PROGS_SYSCALL };
static const struct kfunc {
	const char *name;
	enum progs progs;
} kfuncs[] = {
#define KFX_KFUNC(name, family, flags, progs)	{ #name, KFX_PROGS_##progs },
#include "../module/kfx_kfuncs.h"
};
#define NR_KFUNCS	(sizeof(kfuncs) / sizeof(kfuncs[0]))

static const char *const progs_types[] = {
#define KFX_KFUNC(name, family, flags, progs)
#define KFX_PROGS(progs, types)	[KFX_PROGS_##progs] = types,
#include "../module/kfx_kfuncs.h"
};

static bool json;
static char json_error[256], json_fix[512];

/* A problem and its fix: said on stderr, or kept for the JSON report. */
static void problem(const char *what, const char *fix)
{
	if (json) {
		snprintf(json_error, sizeof(json_error), "%s", what);
		snprintf(json_fix, sizeof(json_fix), "%s", fix);
	} else {
		fprintf(stderr, "kfxctl: %s\n  fix: %s\n", what, fix);
	}
}

/* @s as a JSON string (quoted, escaped), or null. */
static void json_string(const char *s)
{
	if (!s) {
		printf("null");
		return;
	}
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", *s);
		else
			putchar(*s);
	}
	putchar('"');
}

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -errno;
	if (!fgets(buf, len, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
	return 0;
}

/* Whether this process may use BPF: CAP_BPF (5.8+) or CAP_SYS_ADMIN. */
static int check_bpf_allowed(void)
{
	unsigned long long caps = 0;
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &caps) == 1)
			break;
	if (f)
		fclose(f);
	if (caps & (1ULL << 21 | 1ULL << 39))
		return 0;
	problem("needs root (CAP_BPF): BPF is not permitted to this process (no CAP_BPF or CAP_SYS_ADMIN)",
		"run as root, or with CAP_BPF and CAP_PERFMON (CAP_NET_ADMIN too for tc and xdp)");
	return -1;
}

/*
 * Lockdown in confidentiality mode takes the helpers that read kernel
 * memory (bpf_probe_read_kernel*() ...) from BPF programs when they load;
 * kfx's unbounded string kfuncs, which read any kernel address, then
 * return -EPERM (6.2+; 6.1's verifier gives them only BPF memory).  The
 * bounded twins and the crypto kfuncs stay.
 */
static bool locked_down(void)
{
	char buf[128];

	return !read_line("/sys/kernel/security/lockdown", buf, sizeof(buf)) &&
	       strstr(buf, "[confidentiality]");
}

/* The lockdown mode in force: none, integrity, confidentiality, unknown. */
static const char *lockdown_mode(void)
{
	static const char *const modes[] = { "none", "integrity", "confidentiality" };
	char buf[128], want[32];
	size_t i;

	if (read_line("/sys/kernel/security/lockdown", buf, sizeof(buf)))
		return access("/sys/kernel/security", F_OK) ? "unknown" : "none";
	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		snprintf(want, sizeof(want), "[%s]", modes[i]);
		if (strstr(buf, want))
			return modes[i];
	}
	return "unknown";
}

struct module_state {
	char version[32];
	bool loaded;
	const char *btf_state;	/* matches, missing, mismatch, no-kernel-btf */
	struct btf *vmlinux, *btf;
};

/* kfx loaded, with BTF that matches this kernel; 0 or -1 after saying why. */
static int check_module(struct module_state *m)
{
	struct utsname u;
	char fix[256];

	uname(&u);
	if (access("/sys/module/kfx", F_OK)) {
		snprintf(fix, sizeof(fix),
			 "modprobe kfx (installed by dkms for %s? dkms status kfx; dkms install kfx/%d.%d.%d -k %s)",
			 u.release, KFX_VERSION_MAJOR, KFX_VERSION_MINOR,
			 KFX_VERSION_PATCH, u.release);
		problem("kfx is not loaded", fix);
		return -1;
	}
	m->loaded = true;
	if (read_line("/sys/module/kfx/version", m->version, sizeof(m->version)))
		strcpy(m->version, "?");
	m->vmlinux = btf__load_vmlinux_btf();
	if (!m->vmlinux) {
		problem("this kernel has no BTF (/sys/kernel/btf/vmlinux)",
			"kfuncs need a kernel built with CONFIG_DEBUG_INFO_BTF (every Debian kernel has it)");
		m->btf_state = "no-kernel-btf";
		return -1;
	}
	if (access("/sys/kernel/btf/kfx", F_OK)) {
		snprintf(fix, sizeof(fix),
			 "rebuild kfx for %s with its headers and pahole (dkms build kfx -k %s --force), then reload it",
			 u.release, u.release);
		problem("kfx is loaded without BTF: its kfuncs are not registered", fix);
		m->btf_state = "missing";
		return -1;
	}
	m->btf = btf__parse_split("/sys/kernel/btf/kfx", m->vmlinux);
	if (!m->btf ||
	    btf__find_by_name_kind(m->btf, "kfx_version", BTF_KIND_FUNC) <= 0) {
		snprintf(fix, sizeof(fix),
			 "kfx was built against another kernel's BTF: rebuild it for %s (dkms build kfx -k %s --force) and reload it",
			 u.release, u.release);
		problem("kfx's BTF does not match this kernel", fix);
		m->btf_state = "mismatch";
		return -1;
	}
	m->btf_state = "matches";
	return 0;
}

/* "kfx_strlen" -> "bpf_strlen"; the bounded twins have none upstream. */
static bool kernel_twin(struct btf *vmlinux, const char *name, char *twin,
			size_t len)
{
	const char *n = name + 4;
	size_t l = strlen(n);

	if (l > 4 && !strcmp(n + l - 4, "_buf"))
		return false;
	if (!strcmp(n, "crypto_ctx_driver") || strstr(n, "_noiv") ||
	    !strcmp(n, "version"))
		return false;
	snprintf(twin, len, "bpf_%s", n);
	return btf__find_by_name_kind(vmlinux, twin, BTF_KIND_FUNC) > 0;
}

/*
 * Start a report: BPF allowed, kfx loaded with its BTF (@m filled in);
 * on failure say why with the fix (a closed JSON object) and return 1.
 */
static int open_report(struct module_state *m)
{
	if (check_bpf_allowed() || check_module(m)) {
		if (json) {
			printf("{\"ok\":false,\"error\":");
			json_string(json_error);
			printf(",\"fix\":");
			json_string(json_fix);
			printf("}\n");
		}
		return 1;
	}
	if (json)
		printf("{");
	return 0;
}

/*
 * status --json, schema 1: every member always there, in this order.
 * ok is what the exit status says; kfuncs_available counts those in kfx's
 * BTF; version, btf, error and fix are null where they do not apply.
 */
static void status_json_head(const struct module_state *m, bool ok,
			     int available)
{
	struct utsname u;

	uname(&u);
	printf("{\"schema\":1,\"ok\":%s,\"kernel\":", ok ? "true" : "false");
	json_string(u.release);
	printf(",\"kfxctl_version\":\"%d.%d.%d\",\"loaded\":%s,\"version\":",
	       KFX_VERSION_MAJOR, KFX_VERSION_MINOR, KFX_VERSION_PATCH,
	       m->loaded ? "true" : "false");
	json_string(m->loaded ? m->version : NULL);
	printf(",\"btf\":");
	json_string(m->btf_state);
	printf(",\"lockdown\":");
	json_string(lockdown_mode());
	printf(",\"kfuncs_available\":%d,\"kfuncs_total\":%zu,\"error\":",
	       available, NR_KFUNCS);
	json_string(json_error[0] ? json_error : NULL);
	printf(",\"fix\":");
	json_string(json_fix[0] ? json_fix : NULL);
}

static int cmd_status(void)
{
	struct module_state m = { 0 };
	int missing = 0, twins = 0;
	char twin[64];
	size_t i;

	if (check_bpf_allowed() || check_module(&m)) {
		m.loaded = !access("/sys/module/kfx", F_OK);
		if (json) {
			status_json_head(&m, false, 0);
			printf(",\"missing\":%zu,\"kernel_twins\":0,\"kfuncs\":[]}\n",
			       NR_KFUNCS);
		}
		btf__free(m.btf);
		btf__free(m.vmlinux);
		return 1;
	}
	if (json) {
		for (i = 0; i < NR_KFUNCS; i++) {
			missing += btf__find_by_name_kind(m.btf, kfuncs[i].name,
							  BTF_KIND_FUNC) <= 0;
			twins += kernel_twin(m.vmlinux, kfuncs[i].name, twin,
					     sizeof(twin));
		}
		if (missing)
			problem("kfx lacks kfuncs this kfxctl knows",
				"install the kfx module and kfxctl of the same version");
		status_json_head(&m, !missing, (int)NR_KFUNCS - missing);
		printf(",\"missing\":%d,\"kernel_twins\":%d,\"kfuncs\":[",
		       missing, twins);
		missing = 0;
		twins = 0;
	} else {
		printf("kfx %s loaded (kfxctl built for %d.%d.%d); BTF present and matching this kernel\n",
		       m.version, KFX_VERSION_MAJOR, KFX_VERSION_MINOR,
		       KFX_VERSION_PATCH);
	}
	if (!json && locked_down())
		printf("warning: kernel lockdown (confidentiality) is on: BPF programs may not call bpf_probe_read_kernel*() and the other helpers that read kernel memory, and kfx's unbounded string kfuncs return -EPERM; the bounded _buf twins and the crypto kfuncs work\n");
	if (!json)
		printf("%-26s %-10s %-42s %s\n", "kfunc", "in BTF", "program types",
		       "kernel's own");
	for (i = 0; i < NR_KFUNCS; i++) {
		bool here = btf__find_by_name_kind(m.btf, kfuncs[i].name,
						   BTF_KIND_FUNC) > 0;
		bool has_twin = kernel_twin(m.vmlinux, kfuncs[i].name, twin,
					    sizeof(twin));

		missing += !here;
		twins += has_twin;
		if (json)
			printf("%s{\"name\":\"%s\",\"registered\":%s,\"program_types\":\"%s\",\"kernel_twin\":%s%s%s}",
			       i ? "," : "", kfuncs[i].name, here ? "true" : "false",
			       progs_types[kfuncs[i].progs],
			       has_twin ? "\"" : "", has_twin ? twin : "null",
			       has_twin ? "\"" : "");
		else
			printf("%-26s %-10s %-42s %s\n", kfuncs[i].name,
			       here ? "yes" : "MISSING",
			       progs_types[kfuncs[i].progs],
			       has_twin ? twin : "-");
	}
	if (json)
		printf("]}\n");
	else
		printf("%zu kfuncs, %d missing; the kernel has its own version of %d\n",
		       NR_KFUNCS, missing, twins);
	if (missing && !json)
		fprintf(stderr, "kfxctl: kfx %s lacks kfuncs this kfxctl knows\n  fix: install the kfx module and kfxctl of the same version\n",
			m.version);
	btf__free(m.btf);
	btf__free(m.vmlinux);
	return missing ? 1 : 0;
}

static int quiet(enum libbpf_print_level l __attribute__((unused)),
		 const char *f __attribute__((unused)),
		 va_list ap __attribute__((unused)))
{
	return 0;
}

/* An unbounded string kfunc: under lockdown it refuses to read (6.2+). */
static bool reads_kernel(const char *kfunc)
{
	return !strncmp(kfunc, "kfx_str", 7) && !strstr(kfunc, "_buf");
}

/* Run a loaded st_<kfunc> program: "pass", "FAIL (n)" or why not. */
static const char *selftest_run(const struct bpf_program *p,
				const char *prog_name, char *res, size_t len)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);

	if (bpf_prog_test_run_opts(bpf_program__fd(p), &run))
		snprintf(res, len, "FAIL (run: %s)", strerror(errno));
	else if (run.retval && reads_kernel(prog_name + 3) && locked_down())
		snprintf(res, len, "refused (lockdown)");
	else if (run.retval)
		snprintf(res, len, "FAIL (check %u)", run.retval);
	else
		snprintf(res, len, "pass");
	return res;
}

/* Open kfxctl.bpf.c's object with only program @only, or all when NULL. */
static struct bpf_object *selftest_open(const char *only)
{
	struct bpf_program *p;
	struct bpf_object *obj;
	const void *elf;
	size_t sz;

	elf = kfxctl__elf_bytes(&sz);
	obj = bpf_object__open_mem(elf, sz, NULL);
	if (!obj || !only)
		return obj;
	bpf_object__for_each_program(p, obj)
		bpf_program__set_autoload(p, !strcmp(bpf_program__name(p), only));
	return obj;
}

/*
 * Every program in one load: libbpf parses the kernel's BTF once, not once
 * per kfunc (a second each under emulation).  NULL when the kernel refuses
 * any of them: then each is loaded alone, so that one missing kfunc fails
 * alone.
 */
static struct bpf_object *selftest_load_all(void)
{
	struct bpf_object *obj = selftest_open(NULL);

	if (obj && bpf_object__load(obj)) {
		bpf_object__close(obj);
		obj = NULL;
	}
	return obj;
}

/* Load program st_<kfunc> alone and run it. */
static const char *selftest_one(const char *prog_name, char *res, size_t len)
{
	struct bpf_object *obj = selftest_open(prog_name);
	struct bpf_program *p;

	if (!obj) {
		snprintf(res, len, "open failed");
		return res;
	}
	p = bpf_object__find_program_by_name(obj, prog_name);
	if (!p)
		snprintf(res, len, "no test");
	else if (bpf_object__load(obj))
		snprintf(res, len, "MISSING (did not load: %s)", strerror(errno));
	else
		selftest_run(p, prog_name, res, len);
	bpf_object__close(obj);
	return res;
}

static int cmd_selftest(void)
{
	struct module_state m = { 0 };
	struct bpf_object *all;
	struct bpf_program *p;
	libbpf_print_fn_t old;
	int failed = 0;
	char name[80], res[128];
	size_t i;

	if (open_report(&m))
		return 1;
	old = libbpf_set_print(quiet);
	if (json)
		printf("\"results\":[");
	all = selftest_load_all();
	for (i = 0; i < NR_KFUNCS; i++) {
		snprintf(name, sizeof(name), "st_%s", kfuncs[i].name);
		p = all ? bpf_object__find_program_by_name(all, name) : NULL;
		if (p)
			selftest_run(p, name, res, sizeof(res));
		else
			selftest_one(name, res, sizeof(res));
		/* lockdown refusing a kernel-reading kfunc is no failure */
		failed += strcmp(res, "pass") && strcmp(res, "refused (lockdown)");
		if (json)
			printf("%s{\"kfunc\":\"%s\",\"result\":\"%s\"}",
			       i ? "," : "", kfuncs[i].name, res);
		else
			printf("%-26s %s\n", kfuncs[i].name, res);
	}
	libbpf_set_print(old);
	bpf_object__close(all);
	if (json)
		printf("],\"passed\":%zu,\"failed\":%d}\n", NR_KFUNCS - failed, failed);
	else
		printf("selftest: %zu passed, %d failed\n", NR_KFUNCS - failed, failed);
	btf__free(m.btf);
	btf__free(m.vmlinux);
	return failed ? 1 : 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: kfxctl status|selftest [--json]\n"
		"       kfxctl --help | --version\n"
		"Whether kfx is usable on this kernel, and whether each kfunc works.\n"
		"\n"
		"  status      kfx loaded, its version, its BTF present and matching this\n"
		"              kernel, lockdown, every kfunc with the program types it\n"
		"              serves and the kernel's own twin if any\n"
		"  selftest    load and run one small program per kfunc on this kernel\n"
		"  --json      one JSON object on stdout instead of text (status: the\n"
		"              stable health-check object, kfxctl(1) lists its members)\n"
		"  -h, --help  this text\n"
		"  --version   kfxctl's version\n"
		"\n"
		"status and selftest need root (CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN).\n"
		"Exit status: 0 all well, 1 a check or test failed (a line says why and\n"
		"what fixes it), 2 usage.\n");
}

static int bad_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "kfxctl: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	usage(stderr);
	return 2;
}

int main(int argc, char **argv)
{
	const char *cmd = NULL;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--version")) {
			printf("kfxctl %d.%d.%d\n", KFX_VERSION_MAJOR,
			       KFX_VERSION_MINOR, KFX_VERSION_PATCH);
			return 0;
		} else if (!strcmp(argv[i], "--json")) {
			json = true;
		} else if (argv[i][0] == '-') {
			return bad_usage("unknown option %s", argv[i]);
		} else if (strcmp(argv[i], "status") && strcmp(argv[i], "selftest")) {
			return bad_usage("unknown command %s", argv[i]);
		} else if (cmd) {
			return bad_usage("one command at a time, not also %s", argv[i]);
		} else {
			cmd = argv[i];
		}
	}
	if (!cmd) {
		usage(stderr);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	libbpf_set_strict_mode(LIBBPF_STRICT_ALL);
	if (!strcmp(cmd, "status"))
		return cmd_status();
	return cmd_selftest();
}
