// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's reporting (fuzz.c runs the cases): failures counted by
 * tag and the first few printed with their case, the kernel log checked
 * for splats after each case, and running one program of a step.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "fuzz_int.h"
#include "fuzz_run.h"

#define MAX_REPORTS	40

double fz_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void *fz_xcalloc(size_t n)
{
	void *p = calloc(1, n);

	if (!p) {
		perror("fuzz");
		exit(2);
	}
	return p;
}

/* ---- reporting ---- */

void fz_case_dump(const struct fz_case *c, const char *prefix)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	char *line, *save = NULL;

	if (!m)
		return;
	fz_case_write(c, m);
	fclose(m);
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		printf("%s%s\n", prefix, line);
	free(buf);
}

/* Count a failure of kind @tag; how many of it so far. */
static int add_tag(struct fz_run *R, const char *tag)
{
	int i;

	for (i = 0; i < R->ntags; i++)
		if (!strcmp(R->tag[i], tag))
			break;
	if (i == R->ntags) {
		if (R->ntags == 32)
			return 1000;
		R->tag[R->ntags] = tag;
		R->tag_n[R->ntags++] = 0;
	}
	return ++R->tag_n[i];
}

/* " tag xN, ..." of the failures since fz_tags_reset(). */
const char *fz_tags(struct fz_run *R)
{
	static char buf[1024];

	buf[0] = 0;
	for (int i = 0; i < R->ntags; i++)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s %s x%d",
			 i ? "," : "", R->tag[i], R->tag_n[i]);
	return buf;
}

void fz_tags_reset(struct fz_run *R)
{
	R->ntags = 0;
	R->reports = 0;
}

const struct fz_case *fz_cur_case;
int fz_cur_step;
double fz_t0;		/* when the fuzz phase started */

void __attribute__((format(printf, 3, 4)))
fz_fail(struct fz_run *R, const char *tag, const char *fmt, ...)
{
	va_list ap;

	R->failures++;
	/* the first few of each kind, and not too many in all */
	if (add_tag(R, tag) > 3 && !R->verbose)
		return;
	if (R->reports++ >= MAX_REPORTS && !R->verbose)
		return;
	printf("# FAIL [%s] %s step %d (+%.1f s): ", tag, R->where, fz_cur_step,
	       fz_now() - fz_t0);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (fz_cur_case)
		fz_case_dump(fz_cur_case, "#   ");
	fflush(stdout);
}

/* ---- kernel log ---- */

/* A bare stack dump: "Call Trace:" on x86-64, "Call trace:" on arm64. */
static const char *const splats[] = {
	"BUG:", "BUG ", "WARNING:", "Oops", "KFENCE:", "general protection",
	"kernel BUG", "Call Trace", "Call trace", "UBSAN", "Kernel panic",
	"refcount_t:", "list_add corruption", "list_del corruption",
	"Poison overwritten", "Redzone", "Object padding",
};

/* New kernel log lines since the last look; a splat fails the case. */
void fz_kmsg_check(struct fz_run *R)
{
	char rec[2048];
	ssize_t n;

	if (R->kmsg < 0)
		return;
	while ((n = read(R->kmsg, rec, sizeof(rec) - 1)) != 0) {
		char *msg;

		if (n < 0) {
			if (errno == EPIPE)
				continue;	/* overwritten: read on */
			break;		/* EAGAIN: nothing new */
		}
		rec[n] = 0;
		msg = strchr(rec, ';');
		msg = msg ? msg + 1 : rec;
		for (size_t i = 0; i < sizeof(splats) / sizeof(splats[0]); i++) {
			const char *hit = strstr(msg, splats[i]);

			if (!hit || (i == 1 && hit > msg && hit[-1] >= 'A' && hit[-1] <= 'Z'))
				continue;
			msg[strcspn(msg, "\n")] = 0;
			fz_fail(R, "splat", "kernel: %s", msg);
			R->stop = true;
			break;
		}
	}
}

/* ---- running programs ---- */

int fz_run_syscall(struct bpf_program *p)
{
	LIBBPF_OPTS(bpf_test_run_opts, o);

	return bpf_prog_test_run_opts(bpf_program__fd(p), &o) ? -errno : (int)o.retval;
}

int fz_run_pkt(struct bpf_program *p, const void *pkt, uint32_t len,
		   void *out, uint32_t *out_len)
{
	LIBBPF_OPTS(bpf_test_run_opts, o, .data_in = pkt, .data_size_in = len,
		    .data_out = out, .data_size_out = *out_len, .repeat = 1);
	int err = bpf_prog_test_run_opts(bpf_program__fd(p), &o);

	*out_len = o.data_size_out;
	return err ? -errno : 0;
}
