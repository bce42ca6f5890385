// SPDX-License-Identifier: GPL-2.0
/*
 * name_filter: load name_filter.bpf.o, set the patterns, print every match.
 *
 *   name_filter [--open PAT]... [--exec PAT]... [--deny PAT]... [--comm]
 *               [--seconds N]
 *   name_filter --demo
 *   name_filter --help
 *
 * --open/--exec report opens/execs whose name contains PAT, --deny also
 * refuses such execs (where the BPF LSM is active), --comm tries the
 * patterns on the task's comm too.  --demo sets "kfx-secret" (open) and
 * "kfx-forbidden" (deny), opens /tmp/kfx-secret.txt, execs
 * /tmp/kfx-forbidden, and checks what was reported and refused.
 * Exit status: 0 done (the demo passed), 1 failed or could not run (a line
 * says why), 2 usage, 3 this kernel cannot attach LSM or fentry programs
 * at all (no BPF trampolines: Debian's arm64 6.1).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "sample_cli.h"
#include "name_filter.h"
#include "name_filter.skel.h"

static struct nf_pattern pats[NF_MAX_PATTERNS];
static int npats, seen_open, seen_exec, seen_denied;

static int add(const char *text, __u32 kinds, bool deny)
{
	if (npats == NF_MAX_PATTERNS || strlen(text) >= sizeof(pats[0].text)) {
		fprintf(stderr, "name_filter: at most %d patterns of %zu chars\n",
			NF_MAX_PATTERNS, sizeof(pats[0].text) - 1);
		return -1;
	}
	strcpy(pats[npats].text, text);
	pats[npats].kinds = kinds;
	pats[npats].deny = deny;
	npats++;
	return 0;
}

/* Whether the kernel runs the BPF LSM (it is in the active LSM list). */
static bool bpf_lsm_active(void)
{
	char buf[256] = "";
	FILE *f = fopen("/sys/kernel/security/lsm", "r");

	if (!f && !mount("securityfs", "/sys/kernel/security", "securityfs", 0, NULL))
		f = fopen("/sys/kernel/security/lsm", "r");
	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
	}
	return strstr(buf, "bpf") != NULL;
}

/* Lockdown in confidentiality mode (read after bpf_lsm_active() mounts). */
static bool locked_down(void)
{
	char buf[128] = "";
	FILE *f = fopen("/sys/kernel/security/lockdown", "r");

	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
	}
	return strstr(buf, "[confidentiality]") != NULL;
}

static int on_event(void *ctx, void *data, size_t len)
{
	const struct nf_event *e = data;
	const char *pat = e->pattern >= 0 && e->pattern < npats ?
			  pats[e->pattern].text : "?";

	(void)ctx;
	(void)len;
	printf("%-4s pid %-6u comm %-15s %s  matches \"%s\"%s\n",
	       e->kind == NF_EXEC ? "exec" : "open", e->pid, e->comm,
	       e->name[0] ? e->name : "(name not copied: lockdown)", pat,
	       e->denied ? "  -> denied" : "");
	if (e->kind == NF_OPEN && !strcmp(pat, "kfx-secret"))
		seen_open++;
	if (e->kind == NF_EXEC && !strcmp(pat, "kfx-forbidden")) {
		seen_exec++;
		seen_denied += e->denied;
	}
	return 0;
}

/*
 * Load with the kernel pointers passed as they are, or (6.1) copied; with
 * @copy_names, each event carries the name (a copy).
 */
static struct name_filter *load(bool lsm, bool copy_names)
{
	libbpf_print_fn_t old = libbpf_set_print(NULL);
	struct name_filter *skel = NULL;
	int direct;

	for (direct = 1; direct >= !copy_names && !skel; direct--) {
		skel = name_filter__open();
		if (!skel)
			break;
		skel->rodata->direct = direct;
		skel->rodata->copy_names = copy_names;
		bpf_program__set_autoload(skel->progs.lsm_exec, lsm);
		bpf_program__set_autoload(skel->progs.lsm_open, lsm);
		bpf_program__set_autoload(skel->progs.fentry_exec, !lsm);
		bpf_program__set_autoload(skel->progs.fentry_open, !lsm);
		if (direct == !copy_names)
			libbpf_set_print(old);	/* the last try says why */
		if (name_filter__load(skel)) {
			int e = errno;

			name_filter__destroy(skel);
			skel = NULL;
			errno = e;
		} else {
			printf("name_filter: kernel strings passed %s\n",
			       direct ? "directly to the kfuncs" :
			       "as copies (6.1's verifier takes only BPF memory)");
		}
	}
	libbpf_set_print(old);
	return skel;
}

/* Exec /tmp/kfx-forbidden; 0 if it ran, else the errno execv gave. */
static int try_exec(void)
{
	int st, pfd[2], err = 0;
	pid_t pid;

	if (pipe(pfd))
		return -1;
	pid = fork();
	if (!pid) {
		execl("/tmp/kfx-forbidden", "kfx-forbidden", "true", (char *)NULL);
		err = errno;
		if (write(pfd[1], &err, sizeof(err)) < 0)
			_exit(2);
		_exit(1);
	}
	close(pfd[1]);
	if (read(pfd[0], &err, sizeof(err)) != sizeof(err))
		err = 0;
	close(pfd[0]);
	waitpid(pid, &st, 0);
	return err;
}

static int demo_setup(void)
{
	FILE *f;

	if (add("kfx-secret", 1 << NF_OPEN, false) ||
	    add("kfx-forbidden", 1 << NF_EXEC, true))
		return -1;
	unlink("/tmp/kfx-forbidden");
	if (symlink("/bin/busybox", "/tmp/kfx-forbidden") && errno != EEXIST &&
	    link("/bin/true", "/tmp/kfx-forbidden")) {
		fprintf(stderr, "name_filter: cannot create /tmp/kfx-forbidden to exec: %s\n",
			strerror(errno));
		return -1;
	}
	f = fopen("/tmp/kfx-secret.txt", "w");
	if (f)
		fclose(f);
	return 0;
}

static bool takes_value(const char *opt)
{
	return !strcmp(opt, "--seconds") || !strcmp(opt, "--open") ||
	       !strcmp(opt, "--exec") || !strcmp(opt, "--deny");
}

static void usage(FILE *f)
{
	fprintf(f, "usage: name_filter [--open PAT]... [--exec PAT]... [--deny PAT]... [--comm] [--seconds N]\n"
		"       name_filter --demo\n"
		"       name_filter --help\n"
		"Reports opens and execs whose file name contains a pattern, matched with\n"
		"kfx_strstr() on the kernel's strings, and with the BPF LSM active refuses\n"
		"the execs that match --deny.  Needs root (CAP_BPF, CAP_PERFMON) and kfx loaded.\n"
		"\n"
		"  --open PAT    report opens of files whose name contains PAT\n"
		"  --exec PAT    report execs whose file name contains PAT\n"
		"  --deny PAT    report and refuse such execs (BPF LSM only)\n"
		"  --comm        match the patterns against the task's comm too\n"
		"  --seconds N   watch for N seconds, 1 to 86400 (default 10)\n"
		"  --demo        open /tmp/kfx-secret.txt, exec /tmp/kfx-forbidden, check both\n"
		"  -h, --help    this text\n"
		"\n"
		"At most %d patterns of %zu characters.\n"
		"Exit status: 0 done (the demo passed), 1 failed or could not run, 2 usage,\n"
		"3 this kernel cannot attach LSM or fentry programs (no BPF trampolines).\n",
		NF_MAX_PATTERNS, sizeof(pats[0].text) - 1);
}

int main(int argc, char **argv)
{
	struct ring_buffer *rb = NULL;
	struct name_filter *skel;
	bool demo = false, comm = false, lsm, locked;
	int seconds = 10, i, err = 1, exec_err = 0;
	__u32 k;

	for (i = 1; i < argc; i++) {
		err = 0;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--demo"))
			demo = true;
		else if (!strcmp(argv[i], "--comm"))
			comm = true;
		else if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
			err = cli_number("name_filter", "--seconds", argv[++i], 1,
					 86400, &seconds);
		else if (!strcmp(argv[i], "--open") && i + 1 < argc)
			err = add(argv[++i], 1 << NF_OPEN, false);
		else if (!strcmp(argv[i], "--exec") && i + 1 < argc)
			err = add(argv[++i], 1 << NF_EXEC, false);
		else if (!strcmp(argv[i], "--deny") && i + 1 < argc)
			err = add(argv[++i], 1 << NF_EXEC, true);
		else
			err = -2;
		if (err == -2 && takes_value(argv[i]))
			fprintf(stderr, "name_filter: %s needs a value\n", argv[i]);
		else if (err == -2)
			fprintf(stderr, "name_filter: unknown %s %s\n",
				argv[i][0] == '-' ? "option" : "argument", argv[i]);
		if (err < 0) {
			usage(stderr);
			return 2;
		}
	}
	if (demo && npats) {
		fprintf(stderr, "name_filter: --demo sets its own patterns: no --open, --exec or --deny with it\n");
		usage(stderr);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (demo && demo_setup())
		return 1;	/* it said why */
	for (i = 0; comm && i < npats; i++)
		pats[i].kinds |= NF_MATCH_COMM;
	lsm = bpf_lsm_active();
	printf("name_filter: %s\n", lsm ?
	       "BPF LSM active: LSM programs, denying execs that match --deny" :
	       "BPF LSM not active (not in the lsm= list): fentry programs, reporting only");
	locked = locked_down();
	if (locked) {
		fprintf(stderr, "name_filter: kernel lockdown (confidentiality) is on: it refuses programs that read kernel memory, bpf_probe_read_kernel*() and kfx's unbounded string kfuncs alike, and name_filter reads file names\n");
		return 1;
	}
	skel = load(lsm, true);
	if (!skel) {
		cli_load_failed("name_filter", "name_filter.bpf.o", errno);
		return 1;
	}
	for (k = 0; k < (__u32)npats; k++)
		bpf_map_update_elem(bpf_map__fd(skel->maps.patterns), &k, &pats[k], 0);
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_event, NULL, NULL);
	if (!rb || name_filter__attach(skel)) {
		err = 1;
		if (errno == 524) {	/* the kernel's ENOTSUPP */
			err = 3;
			fprintf(stderr, "name_filter: this kernel cannot attach LSM or fentry programs (no BPF trampolines, as on Debian's arm64 6.1: ftrace has no direct calls there)\n");
			goto out;
		}
		fprintf(stderr, "name_filter: attaching failed: %s\n", strerror(errno));
		goto out;
	}
	if (demo) {
		FILE *f = fopen("/tmp/kfx-secret.txt", "r");

		if (f)
			fclose(f);
		exec_err = try_exec();
		seconds = 1;
	}
	for (time_t end = time(NULL) + seconds; time(NULL) < end;)
		ring_buffer__poll(rb, 100);
	ring_buffer__consume(rb);
	err = 0;
	if (demo) {
		printf("name_filter: exec of /tmp/kfx-forbidden %s\n",
		       exec_err ? strerror(exec_err) : "ran");
		err = !seen_open || !seen_exec ||
		      (lsm && (exec_err != EPERM || !seen_denied)) ||
		      (!lsm && exec_err);
		printf("name_filter: demo %s (open reported %d, exec reported %d, denied %d)\n",
		       err ? "FAILED" : "passed", seen_open, seen_exec, seen_denied);
	}
out:
	ring_buffer__free(rb);
	name_filter__destroy(skel);
	return err;
}
