// SPDX-License-Identifier: GPL-2.0
/*
 * exec_hash: print a digest of every file exec'd on this machine, made by
 * a BPF program with kfx_crypto_hash() (exec_hash.bpf.c).
 *
 *   exec_hash [--algo NAME] [--count N] [--timeout SECONDS] [--help]
 *
 * One line per exec on stdout: "pid comm filename algo:hex".  The digest
 * is of the first 256 bytes of the file (what exec reads of it, all a
 * tracing program sees), not of the whole file; a script's line carries
 * its interpreter's bytes and says so.  Status lines go to stderr.
 * Exit status: 0 done (N execs, the timeout, or a signal), 1 failed or
 * could not run, or --timeout came before --count's N (a line says why),
 * 2 usage.
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "kfx.h"
#include "sample_cli.h"
#include "exec_hash.h"
#include "exec_hash.skel.h"
#include "exec_hash_6_1.skel.h"

#define MAX_COUNT	1000000
#define MAX_TIMEOUT	86400

static const char *algo = "sha256";
static int digest_size, want = -1, seen;
static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/*
 * The skeleton, opened on exec_hash.bpf.o, or with @kptr_ref on
 * exec_hash_6_1.bpf.o: the same source with 6.1's kptr tag, so the same
 * maps, programs and variables.
 */
static struct exec_hash *open_obj(bool kptr_ref)
{
	struct exec_hash *skel;

	if (!kptr_ref)
		return exec_hash__open();
	skel = calloc(1, sizeof(*skel));
	if (!skel || exec_hash__create_skeleton(skel))
		goto fail;
	skel->skeleton->data = exec_hash_6_1__elf_bytes(&skel->skeleton->data_sz);
	if (bpf_object__open_skeleton(skel->skeleton, NULL))
		goto fail;
	return skel;
fail:
	exec_hash__destroy(skel);
	return NULL;
}

/* What libbpf says while a build is tried: kept, shown if none loads. */
static FILE *try_log;

static int to_try_log(enum libbpf_print_level level, const char *fmt,
		      va_list ap)
{
	return level == LIBBPF_DEBUG ? 0 : vfprintf(try_log, fmt, ap);
}

/* Whether kernel lockdown (confidentiality) takes bpf_probe_read_kernel(). */
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

static struct exec_hash *try_build(bool kptr_ref, int nr_cpus)
{
	struct exec_hash *skel = open_obj(kptr_ref);

	if (!skel)
		return NULL;
	bpf_map__set_max_entries(skel->maps.slots, nr_cpus);
	strcpy(skel->bss->params.type, "hash");
	snprintf(skel->bss->params.algo, sizeof(skel->bss->params.algo), "%s", algo);
	if (exec_hash__load(skel)) {
		int e = errno;

		exec_hash__destroy(skel);
		errno = e;
		return NULL;
	}
	return skel;
}

/*
 * Load the build this kernel takes.  If neither loads and kfx is there,
 * show what the verifier said of each: one failed for its kptr tag, the
 * other says what is wrong; without kfx one line says so (main).
 */
static struct exec_hash *load(int nr_cpus)
{
	static const char *const builds[] = {
		"exec_hash.bpf.o (__kptr, 6.3+)",
		"exec_hash_6_1.bpf.o (kptr_ref, 6.1)",
	};
	libbpf_print_fn_t old = libbpf_set_print(to_try_log);
	struct exec_hash *skel = NULL;
	char *logs[2] = { NULL, NULL };
	size_t len[2];
	int ref, e = 0;

	for (ref = 0; ref <= 1 && !skel; ref++) {
		try_log = open_memstream(&logs[ref], &len[ref]);
		if (!try_log)
			break;
		skel = try_build(ref, nr_cpus);
		if (!skel)
			e = errno;
		fclose(try_log);
	}
	libbpf_set_print(old);
	if (skel && ref == 2)
		fprintf(stderr, "exec_hash: loaded the 6.1 build (kptr_ref ctx slots)\n");
	if (!skel && geteuid() == 0 && !access("/sys/kernel/btf/kfx", F_OK))
		for (ref = 0; ref <= 1; ref++)
			fprintf(stderr, "exec_hash: %s refused:\n%s", builds[ref],
				logs[ref] ? logs[ref] : "");
	free(logs[0]);
	free(logs[1]);
	errno = e;
	return skel;
}

/* Why kfx_crypto_ctx_create() refused @algo (@err: its errno), in a line. */
static void create_failed(int err)
{
	const char *why;

	switch (err) {
	case EOPNOTSUPP:
		why = "this kernel has no synchronous hash of that name (e.g. sha256, sha512, sha3-256, crc32c)";
		break;
	case EINVAL:
		why = "it needs a key, which exec_hash does not take (hmac(...), cmac(...)), or the name is too long";
		break;
	case ENOENT:
		why = "this kfx has no \"hash\" ctx type: install kfx and its tools of the same version";
		break;
	default:
		why = strerror(err);
	}
	fprintf(stderr, "exec_hash: cannot make a \"hash\" ctx for %s: %s (%s)\n",
		algo, strerror(err), why);
}

/*
 * Create the ctx and leave a reference to it in every CPU's slot; its
 * digest size in digest_size.  0, or -1 after saying why.
 */
static int install(struct exec_hash *skel, int nr_cpus)
{
	int fd = bpf_program__fd(skel->progs.install), cpu;

	for (cpu = 0; cpu < nr_cpus; cpu++) {
		LIBBPF_OPTS(bpf_test_run_opts, run);

		skel->bss->install_cpu = cpu;
		if (bpf_prog_test_run_opts(fd, &run)) {
			fprintf(stderr, "exec_hash: running install failed: %s\n",
				strerror(errno));
			return -1;
		}
		if (run.retval == 2) {
			create_failed(-skel->bss->err);
			return -1;
		}
		if (run.retval) {
			fprintf(stderr, "exec_hash: install for CPU %d failed at step %u\n",
				cpu, run.retval);
			return -1;
		}
	}
	digest_size = skel->bss->digest_size;
	if (digest_size <= 0 || digest_size > EH_DIGEST_MAX) {
		fprintf(stderr, "exec_hash: %s has a digest of %d bytes: exec_hash takes 1 to %d\n",
			algo, digest_size, EH_DIGEST_MAX);
		return -1;
	}
	return 0;
}

static int on_event(void *ctx, void *data, size_t size)
{
	const struct eh_event *e = data;
	int i;

	(void)ctx;
	if (size < sizeof(*e) || (want > 0 && seen >= want))
		return 0;
	seen++;
	printf("%-7u %-16.16s %s ", e->pid, e->comm, e->filename);
	if (e->err) {
		printf("%s: hash failed: %s (%d)\n", algo, strerror(-e->err), e->err);
		return 0;
	}
	printf("%s:", algo);
	for (i = 0; i < digest_size; i++)
		printf("%02x", e->digest[i]);
	if (strcmp(e->filename, e->interp))
		printf("  (of the interpreter %s)", e->interp);
	else if (e->len < EH_DATA)
		printf("  (the whole file: %u bytes)", e->len);
	printf("\n");
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: exec_hash [--algo NAME] [--count N] [--timeout SECONDS] [--help]\n"
		"Prints a line for each file exec'd on this machine, with a digest made in\n"
		"the kernel by a BPF program calling kfx_crypto_hash():\n"
		"\n"
		"  pid  comm  filename  sha256:hex\n"
		"\n"
		"The digest is of the FIRST 256 BYTES of the file (what exec reads of it to\n"
		"pick its format, all a tracing program sees), not of the whole file: files\n"
		"that differ further on get the same digest.  A file shorter than 256 bytes\n"
		"is hashed whole.  A script's line carries its interpreter's first bytes and\n"
		"names it.  Needs root (CAP_BPF, CAP_PERFMON) and kfx loaded.\n"
		"\n"
		"  --algo NAME        a hash of the kernel's crypto API without a key:\n"
		"                     sha256 (default), sha1, sha512, sha3-256, crc32c, ...\n"
		"  --count N          stop after N execs, 1 to %d\n"
		"  --timeout SECONDS  stop after SECONDS, 1 to %d (default: at Ctrl-C)\n"
		"  -h, --help         this text\n"
		"\n"
		"Exit status: 0 done, 1 failed or could not run (or the timeout came before\n"
		"N execs), 2 usage.\n",
		MAX_COUNT, MAX_TIMEOUT);
}

/* Parse the command line; 0, or the exit status (help, usage). */
static int parse(int argc, char **argv, int *timeout)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *o = argv[i];

		if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
			usage(stdout);
			return -1;
		} else if (strcmp(o, "--algo") && strcmp(o, "--count") &&
			   strcmp(o, "--timeout")) {
			fprintf(stderr, "exec_hash: unknown %s %s\n",
				o[0] == '-' ? "option" : "argument", o);
		} else if (i + 1 == argc) {
			fprintf(stderr, "exec_hash: %s needs a %s\n", o,
				strcmp(o, "--algo") ? "number" : "value");
		} else if (!strcmp(o, "--algo")) {
			algo = argv[++i];
			if (*algo && strlen(algo) < sizeof(((struct kfx_crypto_params *)0)->algo))
				continue;
			fprintf(stderr, "exec_hash: --algo wants a name of 1 to %zu characters\n",
				sizeof(((struct kfx_crypto_params *)0)->algo) - 1);
		} else if (!strcmp(o, "--count")) {
			if (!cli_number("exec_hash", o, argv[++i], 1, MAX_COUNT, &want))
				continue;
		} else if (!cli_number("exec_hash", o, argv[++i], 1, MAX_TIMEOUT,
				       timeout)) {
			continue;
		}
		usage(stderr);
		return 2;
	}
	return 0;
}

/* Print events until --count, --timeout or a signal; the exit status. */
static int watch(struct exec_hash *skel, int timeout)
{
	struct ring_buffer *rb;
	time_t end = timeout ? time(NULL) + timeout : 0;
	int err = 0;

	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_event, NULL, NULL);
	if (!rb || exec_hash__attach(skel)) {
		fprintf(stderr, "exec_hash: attaching to sched_process_exec failed: %s\n",
			strerror(errno));
		ring_buffer__free(rb);
		return 1;
	}
	fprintf(stderr, "exec_hash: hashing the first 256 bytes of each exec'd file with %s (%d-byte digest)%s\n",
		algo, digest_size, timeout || want > 0 ? "" : "; Ctrl-C stops");
	while (!stop && (want < 0 || seen < want) && (!end || time(NULL) < end)) {
		err = ring_buffer__poll(rb, 100);
		if (err < 0 && err != -EINTR) {
			fprintf(stderr, "exec_hash: reading the ring buffer failed: %s\n",
				strerror(-err));
			break;
		}
		err = 0;
	}
	ring_buffer__consume(rb);
	ring_buffer__free(rb);
	fprintf(stderr, "exec_hash: %llu execs hashed, %llu failed, %llu missed (ctx slot empty), %llu lost (ring buffer full)\n",
		skel->bss->stats.hashed, skel->bss->stats.failed,
		skel->bss->stats.missed, skel->bss->stats.lost);
	if (err)
		return 1;
	if (want > 0 && seen < want && !stop) {
		fprintf(stderr, "exec_hash: timed out after %d s with %d of %d execs\n",
			timeout, seen, want);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int timeout = 0, nr_cpus, st;
	struct exec_hash *skel;

	st = parse(argc, argv, &timeout);
	if (st)
		return st < 0 ? 0 : st;
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	nr_cpus = libbpf_num_possible_cpus();
	if (nr_cpus <= 0) {
		fprintf(stderr, "exec_hash: cannot count the CPUs: %s\n", strerror(-nr_cpus));
		return 1;
	}
	skel = load(nr_cpus);
	if (!skel) {
		int e = errno;

		if (!access("/sys/kernel/btf/kfx", F_OK) && locked_down())
			fprintf(stderr, "exec_hash: kernel lockdown (confidentiality) is on: it refuses programs that read kernel memory (bpf_probe_read_kernel()), and exec_hash reads what exec read of the file\n");
		else
			cli_load_failed("exec_hash", "exec_hash.bpf.o", e);
		return 1;
	}
	st = install(skel, nr_cpus) ? 1 : watch(skel, timeout);
	exec_hash__destroy(skel);
	return st;
}
