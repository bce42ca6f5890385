/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the samples' command lines share: numbers checked whole, and why a
 * BPF object did not load said in terms of what fixes it.
 */
#ifndef _KFX_SAMPLE_CLI_H
#define _KFX_SAMPLE_CLI_H

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* @s as a whole decimal number in [@min, @max], or -1 after saying why. */
static inline int cli_number(const char *prog, const char *opt, const char *s,
			     long min, long max, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > max) {
		fprintf(stderr, "%s: %s wants a number from %ld to %ld, not \"%s\"\n",
			prog, opt, min, max, s);
		return -1;
	}
	*out = (int)v;
	return 0;
}

/*
 * An object that did not load (@err, an errno), said in terms of what
 * fixes it: bpf() refuses a process without CAP_BPF with EPERM or EACCES;
 * without kfx, the verifier refuses the calls to its kfuncs (weak externs
 * in bpf/kfx.h, so libbpf itself does not say which), with EACCES or
 * EINVAL, hence the module is looked for rather than guessed from @err.
 */
static inline void cli_load_failed(const char *prog, const char *what, int err)
{
	if ((err == EPERM || err == EACCES) && geteuid() != 0)
		fprintf(stderr, "%s: loading %s failed: %s: needs root (CAP_BPF, CAP_PERFMON and CAP_NET_ADMIN, or CAP_SYS_ADMIN)\n",
			prog, what, strerror(err));
	else if (access("/sys/kernel/btf/kfx", F_OK))
		fprintf(stderr, "%s: loading %s failed: %s: kfx is not loaded (modprobe kfx; kfxctl status)\n",
			prog, what, strerror(err));
	else
		fprintf(stderr, "%s: loading %s failed: %s (kfxctl status and kfxctl selftest say which kfunc)\n",
			prog, what, strerror(err));
}

#endif /* _KFX_SAMPLE_CLI_H */
