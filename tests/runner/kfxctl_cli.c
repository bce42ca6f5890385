// SPDX-License-Identifier: GPL-2.0
/*
 * kfxctl scenarios of the runner: the user's tool run as a user would,
 * without the module, unprivileged, and with it (status, selftest).
 * run_capture() and kfxctl() serve the lockdown scenario too.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "kfx.h"
#include "scenario.h"

/* Run @cmd (stderr too); its exit status, its output in @out. */
int run_capture(const char *cmd, char *out, size_t len)
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
int kfxctl(const char *args, char *out, size_t len)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "/kfxctl %s 2>&1", args);
	return run_capture(cmd, out, len);
}

/* Without the module: exit 1, the problem named and its fix. */
void test_kfxctl_without_module(void)
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
void test_kfxctl_unprivileged(void)
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
void test_kfxctl(void)
{
	static char out[16384];
	char want[64];
	int st;

	st = kfxctl("status --json", out, sizeof(out));
	snprintf(want, sizeof(want), "\"version\":\"%d.%d.%d\"",
		 KFX_VERSION_MAJOR, KFX_VERSION_MINOR, KFX_VERSION_PATCH);
	if (st || !strstr(out, "\"missing\":0") || !strstr(out, want) ||
	    !strstr(out, "\"name\":\"kfx_crypto_encrypt\"") ||
	    !strstr(out, "\"name\":\"kfx_crypto_hash\"") ||
	    !strstr(out, "\"name\":\"kfx_sig_verify\""))
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
