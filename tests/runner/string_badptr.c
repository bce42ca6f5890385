// SPDX-License-Identifier: GPL-2.0
/*
 * Driver of string_badptr.bpf.c: the bad-pointer differential.
 *
 * The pool: each address with what the contract (api-contract.md) says a
 * kfunc makes of it:
 *
 *   range     x86-64: not a kernel address (NULL, user space, the
 *             vsyscall page, non-canonical): -ERANGE before anything is
 *             read;
 *   fault     an unmapped kernel address: -EFAULT; on arm64 also every
 *             address outside the kernel's (string_badptr_pool.c), a
 *             mapped user string among them, untagged and with top byte
 *             0x01, 0x80 or 0xff (the user half is bit 55's, whatever
 *             the top byte), which kfx never reads, PAN or not;
 *   known     readable, content known (the valid string; the last 1..8
 *             bytes before a vmalloc guard page, BP_EDGE_BYTE each): the
 *             result of the contract's model, upstream's byte loops
 *             (tests/host/str_ref.c, the model the string core is fuzzed
 *             against), run here on a copy laid out the same way;
 *   readable  readable, content unknown (module and kernel text and
 *             rodata, per-cpu data, a freed slab object): any result the
 *             contract allows for readable memory (never -ERANGE), and
 *             where bpf_<op> exists, exactly its result.
 *
 * Where bpf_<op> exists every case must also give kfx_<op> == bpf_<op>,
 * and bpf_<op> must agree with the model (which validates the table the
 * other kernels are held to), except where arm64's upstream reads the
 * mapped user string on a CPU without PAN: there it must give what that
 * string gives.  The cases run in a child process: a kfunc
 * that oopses kills only the child, and the progress the program left in
 * .bss names the call.  An address group that oopsed is not tried again
 * (one oops per group, not one per kfunc).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/wait.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/types.h>

#include "string_oracle.h"
#include "string_badptr.h"
#include "../host/str_host.h"
#include "runner.h"
#include "string_badptr_int.h"

static const char *const class_names[] = {
	[C_RANGE] = "range", [C_FAULT] = "fault",
	[C_KNOWN] = "known", [C_READABLE] = "readable",
};

#define NGROUPS	13

static const char *const op_names[OP_COUNT] = {
	"strcmp", "strcasecmp", "strncasecmp", "strchr", "strnchr",
	"strchrnul", "strrchr", "strlen", "strnlen", "strspn", "strcspn",
	"strstr", "strcasestr", "strnstr", "strncasestr",
};

static int op_nptr(int op)
{
	return op >= OP_STRCHR && op <= OP_STRNLEN ? 1 : 2;
}


/* State kept across the programs of one guest. */
static bool group_crashed[NGROUPS];
static char crash_note[200];
static bool freed_tried, pool_printed, read_user_noted;
static long total_cases;

/*
 * arm64: whether the CPU has PAN, which makes upstream's reads of the
 * user half fault, by the kernel's boot log ("CPU features: detected:
 * Privileged Access Never"): qemu -cpu max has it, cortex-a72 not.
 */
static const char *pan_note(void)
{
#if defined(__aarch64__)
	static char buf[1 << 20];
	int n = klogctl(3, buf, sizeof(buf) - 1);	/* SYSLOG_ACTION_READ_ALL */

	if (n < 0)
		return ", PAN unknown (no kernel log)";
	buf[n] = '\0';
	return strstr(buf, "Privileged Access Never") ? ", CPU with PAN" :
		", CPU without PAN: no \"Privileged Access Never\" in the kernel log";
#else
	return "";
#endif
}

/* Run @prog once in a child: 0, or what went wrong, in @how. */
static int run_isolated(int prog_fd, char *how, size_t len)
{
	int st, i;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		snprintf(how, len, "fork: %s", strerror(errno));
		return -1;
	}
	if (!pid) {
		LIBBPF_OPTS(bpf_test_run_opts, run);
		int err;

		/*
		 * The user string young in this child's page table: fork
		 * made its entry old, and on a CPU that does not set access
		 * flags itself (ARMv8.0: the Cortex-A72 guest) the first read
		 * then faults, which a read with page faults disabled cannot
		 * have fixed: -EFAULT whether it read the user half or not.
		 */
		(void)*(volatile const char *)bp_user_str();
		err = bpf_prog_test_run_opts(prog_fd, &run);
		_exit(err ? 2 : run.retval ? 3 : 0);
	}
	for (i = 0; i < 3000; i++) {	/* 300 s */
		if (waitpid(pid, &st, WNOHANG) == pid)
			break;
		usleep(100000);
	}
	if (i == 3000) {
		kill(pid, SIGKILL);
		waitpid(pid, &st, 0);
		snprintf(how, len, "hung for 300 s (killed)");
		return -1;
	}
	if (WIFSIGNALED(st)) {
		snprintf(how, len, "killed the test process (signal %d): a kernel oops",
			 WTERMSIG(st));
		return -1;
	}
	if (WEXITSTATUS(st)) {
		snprintf(how, len, WEXITSTATUS(st) == 2 ? "BPF_PROG_TEST_RUN failed" :
			 "the program returned an error");
		return -1;
	}
	return 0;
}

enum variant { V_DIFF, V_TABLE, V_BPFMEM };

/* Which variant a program is, from its name (and for a diff, its op). */
static int parse_name(const char *pname, int *op)
{
	static const char diff[] = "badptr_diff_";
	int i;

	if (!strcmp(pname, "badptr_table"))
		return V_TABLE;
	if (!strcmp(pname, "badptr_bpfmem"))
		return V_BPFMEM;
	if (strncmp(pname, diff, sizeof(diff) - 1))
		return -1;
	for (i = 0; i < OP_COUNT; i++)
		if (!strcmp(pname + sizeof(diff) - 1, op_names[i])) {
			*op = i;
			return V_DIFF;
		}
	return -1;
}

/* The pool as the program gets it; the class of each entry in @cls. */
static void build_pool(struct badptr_io *io, enum bp_class *cls, int v, int op,
		       bool la57, int *notrun)
{
	int i;

	memset(io, 0, sizeof(*io));
	io->n = BP_NDEFS;
	io->op = op;
	for (i = 0; i < (int)BP_NDEFS; i++) {
		const struct pool_def *d = &bp_pool_defs[i];
		struct bp_entry *e = &io->pool[i];

		cls[i] = d->cls;
		e->fill = d->fill;
		e->arg = d->arg;
		switch (d->src) {
		case S_CONST:
			e->fill = BP_FILL_ADDR;
			e->addr = d->addr;
			break;
		case S_USER:
			e->fill = BP_FILL_ADDR;
			e->addr = bp_user_addr(d);
			cls[i] = bp_user_class(d, la57);
			break;
		case S_HOLE:
			e->fill = BP_FILL_ADDR;
			e->addr = d->addr;
			if (la57)	/* 5-level: inside KASAN's shadow range */
				cls[i] = C_READABLE;
			break;
		case S_KSYM:
			e->addr = bp_ksym_addr(d);
			e->fill = e->addr ? BP_FILL_ADDR : BP_FILL_SKIP;
			break;
		case S_FREED:
			e->fill = bp_freed_addr ? BP_FILL_ADDR : BP_FILL_SKIP;
			e->addr = bp_freed_addr;
			break;
		case S_PROG:
			break;
		}
		if (v == V_BPFMEM && d->fill != BP_FILL_NULL &&
		    d->fill != BP_FILL_EDGE && d->fill != BP_FILL_VALID)
			e->fill = BP_FILL_SKIP;		/* 6.1 refuses it */
		if (group_crashed[d->group] && e->fill != BP_FILL_SKIP) {
			e->fill = BP_FILL_SKIP;
			*notrun += op_nptr(op);
		}
	}
}

static int run_addr_mode(int prog_fd, int bss_fd, struct badptr_io *io)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);
	int key = 0, i;

	io->mode = BP_MODE_ADDR;
	if (bpf_map_update_elem(bss_fd, &key, io, 0) ||
	    bpf_prog_test_run_opts(prog_fd, &run) || run.retval ||
	    bpf_map_lookup_elem(bss_fd, &key, io))
		return -1;
	for (i = 0; i < (int)BP_NDEFS; i++)
		if (io->pool[i].fill == BP_FILL_CPU && !io->pool[i].addr)
			io->pool[i].fill = BP_FILL_SKIP;	/* no such CPU */
	return 0;
}

/* BP_MODE_RUN in a child; the results in @out.  0, or -1 with @how. */
static int run_sweep(int prog_fd, int bss_fd, const struct badptr_io *in,
		     struct badptr_io *out, char *how, size_t len)
{
	int key = 0, err;

	if (bpf_map_update_elem(bss_fd, &key, in, 0)) {
		snprintf(how, len, "cannot write .bss");
		return -2;
	}
	err = run_isolated(prog_fd, how, len);
	if (bpf_map_lookup_elem(bss_fd, &key, out)) {
		snprintf(how, len, "cannot read .bss");
		return -2;
	}
	return err;
}

/* Whether bpf_<op> read the user string (arm64 without PAN). */
static bool bpf_read_user;

/*
 * Whether @r, bpf_<op>'s result of case (@i, @pos), is upstream's on a
 * CPU without PAN: arm64's upstream reads every address, and the user
 * string's result is what reading it gives.  x86-64's upstream refuses
 * it as kfx does (copy_from_kernel_nofault_allowed()).
 */
#if defined(__aarch64__)
#define UPSTREAM_READS_USER	true
#else
#define UPSTREAM_READS_USER	false
#endif
static bool bpf_reads_user(int op, int i, int pos, int r)
{
	const char *vm = bp_model_ptr(&bp_pool_defs[0], C_KNOWN);
	const char *u = bp_user_str();

	if (!UPSTREAM_READS_USER || bp_pool_defs[i].src != S_USER ||
	    r != (pos ? bp_model(op, vm, u) : bp_model(op, u, vm)))
		return false;
	bpf_read_user = true;
	return true;
}

/* What is wrong with result @r of case (@i, @pos), into @msg ("" if none). */
static void judge(int v, int op, int i, int pos, enum bp_class cls,
		  struct bp_res r, char *msg, size_t len)
{
	const char *vm = bp_model_ptr(&bp_pool_defs[0], C_KNOWN);
	const char *m = bp_model_ptr(&bp_pool_defs[i], cls);
	int want;

	msg[0] = '\0';
	if (v == V_DIFF && r.kfx != r.bpf && !bpf_reads_user(op, i, pos, r.bpf)) {
		snprintf(msg, len, "kfx %s, bpf %s", bp_res_str(r.kfx), bp_res_str(r.bpf));
		return;
	}
	if (cls == C_READABLE) {
		if (!bp_plausible(op, pos, r.kfx))
			snprintf(msg, len, "kfx %s: not a result the contract allows for readable memory",
				 bp_res_str(r.kfx));
		return;
	}
	want = pos ? bp_model(op, vm, m) : bp_model(op, m, vm);
	if (r.kfx != want)
		snprintf(msg, len, "kfx %s, the contract's table says %s%s",
			 bp_res_str(r.kfx), bp_res_str(want),
			 v == V_DIFF ? " (bpf agrees with kfx: the table is wrong)" : "");
}

struct tally {
	int cases, tabled, notrun, bad, reruns;
	char first[400];
};

static void fail(struct tally *t, const char *line)
{
	if (!t->first[0])
		snprintf(t->first, sizeof(t->first), "%s", line);
	if (t->bad++ < 12)
		printf("# badptr FAIL %s\n", line);
}

/*
 * The pool's freed slab object, made once per run before the first sweep
 * that passes kernel addresses (a kmalloc'ed object, kfree'd).
 */
static void make_freed_once(struct bpf_object *obj, int prog_fd, int bss_fd,
			    int v, int op, bool la57, struct badptr_io *io,
			    enum bp_class *cls, struct tally *t)
{
	int slot, err;

	if (v == V_BPFMEM || freed_tried)
		return;
	freed_tried = true;
	for (slot = 0; bp_pool_defs[slot].src != S_FREED; slot++)
		;
	build_pool(io, cls, v, op, la57, &t->notrun);
	err = bp_make_freed(obj, prog_fd, io, bss_fd, slot);
	if (err)
		printf("# badptr: no freed slab object: %s\n", strerror(-err));
}

/* The pool with its classes and addresses, once: the key to the results. */
static void print_pool_once(bool la57, const enum bp_class *cls,
			    const struct badptr_io *io)
{
	int i;

	if (pool_printed)
		return;
	pool_printed = true;
	printf("# badptr pool (%s paging%s), other string \"%s\", count %d, char '%c':\n",
	       la57 ? "5-level" : "4-level", pan_note(), BP_VALID, BP_COUNT, BP_CHAR);
	for (i = 0; i < (int)BP_NDEFS; i++)
		printf("#   %2d %-36s %-8s 0x%016llx%s\n", i, bp_def_label(&bp_pool_defs[i]),
		       class_names[cls[i]], (unsigned long long)io->pool[i].addr,
		       io->pool[i].fill == BP_FILL_SKIP ? " (not passed)" : "");
}

/* One sweep of string op @op over the pool, and what it returned. */
struct sweep {
	int prog_fd, bss_fd, v, op;
	struct badptr_io *io, *res;
	const enum bp_class *cls;
	__u64 at;		/* the call that did not return, or ~0 */
	char how[120];		/* how the run ended, when it did not finish */
	struct tally *t;
};

/* The call that did not return: a failure, and its group's calls skipped. */
static void report_crash(struct sweep *w, int i, int pos)
{
	const struct pool_def *d = &bp_pool_defs[i];
	const char *label = bp_def_label(d), *fam = w->at & 1 ? "bpf" : "kfx";
	char line[400];

	snprintf(line, sizeof(line), "%s_%s(arg %d = %.112s 0x%llx) %s",
		 fam, op_names[w->op], pos + 1, label,
		 (unsigned long long)w->res->pool[i].addr, w->how);
	group_crashed[d->group] = true;
	snprintf(crash_note, sizeof(crash_note), "%.112s oopsed %s_%s earlier",
		 label, fam, op_names[w->op]);
	fail(w->t, line);
}

/*
 * The result of pool entry @i as argument @pos, judged by its class;
 * memory others write (per-cpu, freed) is swept again, twice at most,
 * before a mismatch counts.
 */
static void judge_call(struct sweep *w, int i, int pos)
{
	static struct badptr_io again;
	const struct pool_def *d = &bp_pool_defs[i];
	char line[400], msg[240];
	int retry;

	w->t->cases++;
	w->t->tabled += w->cls[i] != C_READABLE;
	judge(w->v, w->op, i, pos, w->cls[i], w->res->res[i][pos], msg, sizeof(msg));
	for (retry = 0; msg[0] && d->moving && w->at == ~0ULL && retry < 2; retry++) {
		w->t->reruns++;
		if (run_sweep(w->prog_fd, w->bss_fd, w->io, &again, w->how,
			      sizeof(w->how)))
			break;
		judge(w->v, w->op, i, pos, w->cls[i], again.res[i][pos], msg,
		      sizeof(msg));
	}
	if (!msg[0])
		return;
	snprintf(line, sizeof(line), "%s(arg %d = %.112s 0x%llx): %s",
		 op_names[w->op], pos + 1, bp_def_label(d),
		 (unsigned long long)w->res->pool[i].addr, msg);
	fail(w->t, line);
}

/*
 * String op @op (variant @v) over every pool entry in every argument
 * position: one run of the sweep program, then each call judged; the
 * calls after one that did not return are not run.
 */
static int run_op(struct bpf_object *obj, int prog_fd, int bss_fd, int v, int op,
		  struct tally *t)
{
	static struct badptr_io io, res;
	enum bp_class cls[BP_POOL_MAX];
	bool la57 = file_has("/proc/cpuinfo", " la57");
	struct sweep w = { prog_fd, bss_fd, v, op, &io, &res, cls, ~0ULL, "", t };
	char line[400];
	int i, pos, err;
	__u64 id;

	make_freed_once(obj, prog_fd, bss_fd, v, op, la57, &io, cls, t);
	t->notrun = 0;
	build_pool(&io, cls, v, op, la57, &t->notrun);
	if (v != V_BPFMEM && run_addr_mode(prog_fd, bss_fd, &io)) {
		fail(t, "computing the pool's addresses failed");
		return -1;
	}
	print_pool_once(la57, cls, &io);
	io.mode = BP_MODE_RUN;
	err = run_sweep(prog_fd, bss_fd, &io, &res, w.how, sizeof(w.how));
	if (err == -2 || (!err && !res.done) || (err && !res.cur)) {
		snprintf(line, sizeof(line), "%s: the run failed: %s", op_names[op],
			 w.how[0] ? w.how : "it did not finish");
		fail(t, line);
		return -1;
	}
	if (err)
		w.at = res.cur - 1;	/* the call that did not return */
	for (i = 0; i < (int)BP_NDEFS; i++) {
		if (io.pool[i].fill == BP_FILL_SKIP)
			continue;
		for (pos = 0; pos < op_nptr(op); pos++) {
			id = (__u64)i << 8 | pos << 1;
			if (id > (w.at & ~1ULL))
				t->notrun++;
			else if (id == (w.at & ~1ULL))
				report_crash(&w, i, pos);
			else
				judge_call(&w, i, pos);
		}
	}
	return 0;
}

int string_badptr_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen)
{
	struct bpf_map *bss = bpf_object__find_map_by_name(obj, ".bss");
	int prog_fd = bpf_program__fd(prog), op = -1, v, first, last;
	struct tally all = {};

	v = parse_name(bpf_program__name(prog), &op);
	if (v < 0 || !bss || bpf_map__value_size(bss) != sizeof(struct badptr_io)) {
		snprintf(why, whylen, "not a badptr program, or .bss is not struct badptr_io");
		return -1;
	}
	bp_model_setup();
	first = v == V_DIFF ? op : 0;
	last = v == V_DIFF ? op : OP_COUNT - 1;
	for (op = first; op <= last; op++) {
		struct tally t = {};

		run_op(obj, prog_fd, bpf_map__fd(bss), v, op, &t);
		total_cases += t.cases;
		printf("# badptr %-8s %-11s %3d cases (%d against the table%s)%s, %d not run; %ld cases so far\n",
		       v == V_DIFF ? "kfx==bpf" : v == V_TABLE ? "table" : "6.1",
		       op_names[op], t.cases, t.tabled, v == V_DIFF ? ", all against bpf" : "",
		       t.reruns ? ", reran for moving memory" : "", t.notrun, total_cases);
		all.cases += t.cases;
		all.notrun += t.notrun;
		all.bad += t.bad;
		if (!all.first[0])
			snprintf(all.first, sizeof(all.first), "%s", t.first);
	}
	cases(all.cases);
	if (bpf_read_user && !read_user_noted) {
		read_user_noted = true;
		printf("# badptr: bpf_* read the user string (no PAN here); kfx did not\n");
	}
	if (all.bad) {
		snprintf(why, whylen, "%d case(s) wrong, first: %s", all.bad, all.first);
		return -1;
	}
	if (all.notrun) {
		snprintf(why, whylen, "%d case(s) not run: %s", all.notrun, crash_note);
		return -1;
	}
	return 0;
}

