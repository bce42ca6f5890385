// SPDX-License-Identifier: GPL-2.0
/*
 * The inputs of the native bench, for str_native (the model) and
 * str_anchor (the running kernel's bpf_str*()) alike.
 */
#include <string.h>
#include <time.h>
#include "str_native.h"

const char *const op_names[NB_OPS] = {
	"strlen", "strnlen", "strchr", "strnchr", "strchrnul", "strrchr",
	"strcmp", "strcasecmp", "strncasecmp", "strspn", "strcspn",
	"strstr", "strcasestr", "strnstr", "strncasestr",
};

const char *const shape_names[SH_SHAPES] = {
	"text", "mixed-case", "periodic", "corpus",
};

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

unsigned int nb_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng >> 32;
}

/* Paths and URLs a filter matches against: the strstr corpus. */
static const char *const corpus[] = {
	"/usr/lib/x86_64-linux-gnu/libc.so.6", "/etc/ssl/certs/ca-certificates.crt",
	"/proc/self/mountinfo", "/var/log/journal/system.journal",
	"https://deb.debian.org/debian/dists/bookworm/InRelease",
	"/home/user/.cache/mozilla/firefox/cache2/entries",
	"/sys/fs/cgroup/system.slice/ssh.service/memory.max",
	"http://169.254.169.254/latest/meta-data/iam/security-credentials/",
	"/usr/share/locale/de/LC_MESSAGES/coreutils.mo", "/run/systemd/journal/socket",
};
static const char *const corpus_needle = "/home/user/.ssh/id_ed25519";

/*
 * Fill @a (@len bytes, NUL after) and @b for @op and @shape: every input
 * makes each implementation read the whole of @a.
 */
void fill(int op, enum shape sh, char *a, char *b, int len)
{
	int i, k;

	for (i = 0; i < len; i++)
		a[i] = 'a' + nb_rand() % 26;
	if (sh == SH_PERIODIC)
		for (i = 0; i < len; i++)
			a[i] = "ab"[i % 2];
	if (sh == SH_CORPUS)
		for (i = 0, k = nb_rand() % 10; i < len; k = (k + 1) % 10) {
			int l = strlen(corpus[k]);

			memcpy(a + i, corpus[k], l < len - i ? l : len - i);
			i += l;
			if (i < len)
				a[i++] = ' ';
		}
	a[len] = '\0';
	switch (op) {
	case NB_STRCMP: case NB_STRCASECMP: case NB_STRNCASECMP:
		memcpy(b, a, len + 1);
		if (sh == SH_MIXED_CASE)
			for (i = 0; i < len; i++)
				b[i] = nb_rand() % 2 ? b[i] - 32 : b[i];
		b[len - 1] = '~';	/* they differ in the last byte */
		break;
	case NB_STRSPN:
		strcpy(b, "abcdefghijklmnopqrstuvwxyz /._-:");
		break;
	case NB_STRCSPN:
		strcpy(b, "#!");
		break;
	default:	/* substrings: a near miss, never found */
		if (sh == SH_CORPUS)
			strcpy(b, corpus_needle);
		else if (sh == SH_PERIODIC)
			strcpy(b, "abababababababac");
		else
			strcpy(b, "needle#");
		break;
	}
}


/* The rest of @x for @op, its strings filled for @len: ends, n and c. */
void set_args(int op, int len, struct nb_args *x)
{
	x->a_end = (unsigned long)x->a + len + 1;
	x->b_end = (unsigned long)x->b + strlen(x->b) + 1;
	x->n = 65536;
	if (op == NB_STRNLEN || op == NB_STRNCHR || op == NB_STRNCASECMP ||
	    op == NB_STRNSTR || op == NB_STRNCASESTR)
		x->n = len + 1;
	x->c = op == NB_STRRCHR ? 'q' : 'Z';
}

/* The clock both harnesses time with, and qsort()'s order for doubles. */
double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}
