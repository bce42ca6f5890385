// SPDX-License-Identifier: GPL-2.0
/*
 * The exec_hash sample (bpf/samples/exec_hash.c) run as a user would:
 * the runner execs three files it knows while exec_hash watches, and
 * checks each printed digest against SHA-256 computed here, in user space,
 * by the runner's own SHA-256 (crypto_model_hash.c, checked against FIPS
 * 180-2's examples first): never kfx, never the kernel.
 *
 *   a 129-byte ELF (132 on arm64) the runner writes (exit(0)): hashed whole
 *   /bin/busybox under another name (a symlink): its first 256 bytes
 *   a script whose interpreter is /bin/busybox: busybox's first 256
 *   bytes, exec reading the interpreter last, and the line names it
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "crypto_model_hash.h"
#include "scenario.h"

#ifndef EXEC_HASH
#define EXEC_HASH	"/exec_hash"	/* where run-guest.sh puts it */
#endif
#define TINY	"/tmp/kfx-exec-hash-tiny"
#define TARGET	"/tmp/kfx-exec-hash-target"
#define SCRIPT	"/tmp/kfx-exec-hash.sh"

/* SHA-256 of @n bytes of @data (the runner's model), as 64 hex digits. */
static void sha256_hex(const void *data, size_t n, char hex[65])
{
	uint8_t md[32];
	int i;

	model_sha256(data, n, md);
	for (i = 0; i < 32; i++)
		sprintf(hex + 2 * i, "%02x", md[i]);
}

/* ---------- the files exec'd ---------- */

/*
 * The smallest executable of the runner's architecture: the ELF header,
 * one PT_LOAD mapping the file at 0x400000, and at its entry exit(0).
 * 129 bytes on x86-64, 132 on arm64: exec reads all of it, so exec_hash
 * hashes it whole.
 */
#if defined(__x86_64__)
#define TINY_MACHINE	0x3e			/* EM_X86_64 */
#define TINY_SIZE	129
#define TINY_CODE \
	0x31, 0xff,				/* xor %edi, %edi */ \
	0xb8, 60, 0, 0, 0,			/* mov $60 (exit), %eax */ \
	0x0f, 0x05				/* syscall */
#elif defined(__aarch64__)
#define TINY_MACHINE	0xb7			/* EM_AARCH64 */
#define TINY_SIZE	132
#define TINY_CODE \
	0x00, 0x00, 0x80, 0xd2,			/* mov x0, #0 */ \
	0xa8, 0x0b, 0x80, 0xd2,			/* mov x8, #93 (exit) */ \
	0x01, 0x00, 0x00, 0xd4			/* svc #0 */
#endif

static const uint8_t tiny_elf[] = {
	0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	2, 0, TINY_MACHINE, 0, 1, 0, 0, 0,	/* ET_EXEC, machine, v1 */
	0x78, 0, 0x40, 0, 0, 0, 0, 0,		/* e_entry 0x400078 */
	64, 0, 0, 0, 0, 0, 0, 0,		/* e_phoff */
	0, 0, 0, 0, 0, 0, 0, 0,			/* e_shoff: none */
	0, 0, 0, 0, 64, 0, 56, 0,		/* flags, ehsize, phentsize */
	1, 0, 64, 0, 0, 0, 0, 0,		/* phnum, shentsize, 0, 0 */
	1, 0, 0, 0, 5, 0, 0, 0,			/* PT_LOAD, R+X */
	0, 0, 0, 0, 0, 0, 0, 0,			/* p_offset */
	0, 0, 0x40, 0, 0, 0, 0, 0,		/* p_vaddr */
	0, 0, 0x40, 0, 0, 0, 0, 0,		/* p_paddr */
	TINY_SIZE, 0, 0, 0, 0, 0, 0, 0,		/* p_filesz */
	TINY_SIZE, 0, 0, 0, 0, 0, 0, 0,		/* p_memsz */
	0, 0x10, 0, 0, 0, 0, 0, 0,		/* p_align */
	TINY_CODE
};

_Static_assert(sizeof(tiny_elf) == TINY_SIZE, "the tiny executable's size is its p_filesz");

#define __stringify_1(x)	#x
#define __stringify(x)		__stringify_1(x)

static const char script[] = "#!/bin/busybox true\n# exec_hash: a script\n";

static int write_file(const char *path, const void *data, size_t n)
{
	int fd, ok;

	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (fd < 0)
		return -1;
	ok = write(fd, data, n) == (ssize_t)n;
	return close(fd) || !ok ? -1 : 0;
}

/* The three files; 0, or -1 with @why. */
static int make_files(char *why, size_t len)
{
	unlink(TARGET);
	if (write_file(TINY, tiny_elf, sizeof(tiny_elf)) ||
	    write_file(SCRIPT, script, sizeof(script) - 1) ||
	    symlink("/bin/busybox", TARGET)) {
		snprintf(why, len, "writing the files to exec: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* SHA-256 of what exec reads of @path (its first 256 bytes); 0 or -1. */
static int expected(const char *path, char hex[65])
{
	uint8_t buf[256];
	ssize_t n = -1;
	int fd = open(path, O_RDONLY);

	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf));
		close(fd);
	}
	if (n <= 0)
		return -1;
	sha256_hex(buf, n, hex);
	return 0;
}

/* Exec @path as @argv0 in a child; its exit status, or -1. */
static int exec_once(const char *path, const char *argv0)
{
	pid_t pid = fork();
	int st;

	if (!pid) {
		execl(path, argv0, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* ---------- the scenario ---------- */

/*
 * Run exec_hash for three execs; once it says it is watching, exec the
 * three files.  Its output (echoed as comments) in @out; its exit status,
 * 100 + i when file i did not run, -2 when it never watched.
 */
static int run_exec_hash(char *out, size_t len, int *exec_st)
{
	char line[1024];
	size_t n = 0;
	int p[2], st, i, ran = 0;
	pid_t pid;
	FILE *f;

	if (pipe(p))
		return -1;
	pid = fork();
	if (!pid) {
		dup2(p[1], 1);
		dup2(p[1], 2);
		close(p[0]);
		execl(EXEC_HASH, "exec_hash", "--count", "3", "--timeout", "30",
		      (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	f = fdopen(p[0], "r");
	while (f && fgets(line, sizeof(line), f)) {
		printf("#   %s", line);
		if (n + strlen(line) < len) {
			strcpy(out + n, line);
			n += strlen(line);
		}
		if (ran || !strstr(line, "exec_hash: hashing"))
			continue;
		ran = 1;
		exec_st[0] = exec_once(TINY, "kfx-exec-hash-tiny");
		exec_st[1] = exec_once(TARGET, "true");
		exec_st[2] = exec_once(SCRIPT, "kfx-exec-hash.sh");
	}
	if (f)
		fclose(f);
	else
		close(p[0]);
	if (waitpid(pid, &st, 0) < 0)
		return -1;
	st = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	if (!ran)
		return st ? st : -2;	/* it never said it was watching */
	for (i = 0; i < 3; i++)
		if (exec_st[i])
			return 100 + i;		/* a file did not run */
	return st;
}

/*
 * The line of @out for @path: it must hold "sha256:@hex" and @note (or
 * no note at all when @note is NULL).  0, or -1 with @why.
 */
static int check_line(const char *out, const char *path, const char *hex,
		      const char *note, char *why, size_t len)
{
	char key[128], want[80], line[1024];
	const char *l, *end;

	snprintf(key, sizeof(key), " %s ", path);
	l = strstr(out, key);
	if (!l) {
		snprintf(why, len, "no line for %s", path);
		return -1;
	}
	while (l > out && l[-1] != '\n')
		l--;
	end = strchr(l, '\n');
	snprintf(line, sizeof(line), "%.*s", (int)(end ? end - l : (long)strlen(l)), l);
	snprintf(want, sizeof(want), "sha256:%s", hex);
	if (!strstr(line, want) ||
	    (note ? !strstr(line, note) : strstr(line, "  (") != NULL)) {
		snprintf(why, len, "%s: want %s%s%s, got \"%s\"", path, want,
			 note ? " and " : " and no note", note ? note : "", line);
		return -1;
	}
	return 0;
}

/* The whole check; 0, or -1 with @why. */
static int exec_hash_check(char *why, size_t len)
{
	char tiny_hex[65], bb_hex[65];
	static char out[16384];
	int st, exec_st[3] = { -1, -1, -1 };

	if (model_hash_known_answers(why, len))
		return -1;
	if (make_files(why, len))
		return -1;
	if (expected(TINY, tiny_hex) || expected(TARGET, bb_hex)) {
		snprintf(why, len, "reading the files back: %s", strerror(errno));
		return -1;
	}
	printf("# exec_hash: want %s sha256:%s (%d bytes, whole)\n", TINY, tiny_hex, TINY_SIZE);
	printf("# exec_hash: want %s and %s sha256:%s (busybox's first 256 bytes)\n",
	       TARGET, SCRIPT, bb_hex);
	st = run_exec_hash(out, sizeof(out), exec_st);
	if (st >= 100) {
		snprintf(why, len, "exec of file %d of 3 exited %d", st - 99,
			 exec_st[st - 100]);
		return -1;
	}
	if (st == -2) {
		snprintf(why, len, "exec_hash exited 0 without watching (output above)");
		return -1;
	}
	if (st) {
		snprintf(why, len, "exec_hash exited %d (output above)", st);
		return -1;
	}
	if (check_line(out, TINY, tiny_hex, "(the whole file: " __stringify(TINY_SIZE) " bytes)",
		       why, len) ||
	    check_line(out, TARGET, bb_hex, NULL, why, len) ||
	    check_line(out, SCRIPT, bb_hex, "(of the interpreter /bin/busybox)",
		       why, len))
		return -1;
	return 0;
}

/*
 * exec_hash: the digest it prints for each exec is the SHA-256 of what
 * exec read of the file, computed here in user space.
 */
void test_sample_exec_hash(void)
{
	const char *name = "sample/exec_hash-digests-match-user-space-sha256";
	char why[1536] = "";

	if (exec_hash_check(why, sizeof(why)))
		FAIL(name, "%s", why);
	else
		PASS(name);
	unlink(TINY);
	unlink(TARGET);
	unlink(SCRIPT);
}

/* exec_hash --algo with a name the kernel lacks: exit 1, the name said. */
void test_sample_exec_hash_bad_algo(void)
{
	const char *name = "sample/exec_hash-names-an-unknown-algorithm";
	static char out[4096];
	int st;

	st = run_capture(EXEC_HASH " --algo kfx-no-such-hash --count 1 --timeout 5 2>&1",
			 out, sizeof(out));
	if (st != 1 || !strstr(out, "cannot make a \"hash\" ctx for kfx-no-such-hash"))
		FAIL(name, "exit %d, said: %.300s", st, out);
	else
		PASS(name);
}
