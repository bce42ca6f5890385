// SPDX-License-Identifier: GPL-2.0
/*
 * The lockdown scenario of the runner, its last step: raise lockdown
 * (confidentiality), run the __locked_down programs, and check what
 * kfxctl and name_filter say.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include "runner.h"
#include "scenario.h"

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
void test_lockdown(void)
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
	/*
	 * kfx's kworker notices within a second (none on 6.1); up to 20 s
	 * in a TCG guest sharing its core.
	 */
	for (i = 0; i < 200 && arbitrary &&
	     !file_has("/sys/module/kfx/parameters/lockdown", "Y"); i++)
		usleep(100000);
	locked_down = true;
	test_objects(NULL, "");
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
