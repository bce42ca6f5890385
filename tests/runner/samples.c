// SPDX-License-Identifier: GPL-2.0
/*
 * Sample scenarios of the runner: bpf/samples/ binaries run as a user
 * would, their output echoed as comments.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "runner.h"
#include "scenario.h"

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
void test_sample_udp_crypt(void)
{
	const char *name = "sample/udp_crypt-encrypts-between-namespaces";
	int st;

	st = run_sample("/udp_crypt --messages 3");
	if (st)
		FAIL(name, "udp_crypt exited %d (output above)", st);
	else
		PASS(name);
}

/*
 * name_filter: an open and an exec reported, the exec denied under LSM;
 * a skip where it says (status 3) that the kernel has no BPF trampolines
 * (arm64's 6.1; every x86-64 kernel kfx serves has them).
 */
void test_sample_name_filter(void)
{
	const char *name = "sample/name_filter-reports-and-denies";
	int st = run_sample("/name_filter --demo");

	if (st == 3 && !strcmp(KFX_RUNNER_ARCH, "arm64"))
		SKIP(name, "this kernel cannot attach LSM or fentry programs (name_filter says why)");
	else if (st)
		FAIL(name, "name_filter exited %d (output above)", st);
	else
		PASS(name);
}
