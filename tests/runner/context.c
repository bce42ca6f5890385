// SPDX-License-Identifier: GPL-2.0
/*
 * Driver "context", for context.bpf.c: attach one program of the context
 * matrix, make its attach point fire for a while, and judge what it
 * counted (tests/progs/context.h) against what it says its point gives.
 *
 * On x86 the SIMD hash drivers are loaded first (simd_hashes()).
 *
 * The workload, on one CPU with a second thread there doing floating-point
 * work (so that every yield switches tasks and the return to user space
 * reloads the FPU registers): each round loads known values into xmm0 and
 * MXCSR (arm64: v0 and FPCR), sends itself a signal whose handler changes
 * them, reads them back after the signal return, and counts any change;
 * then a loopback UDP packet (softirqs), a file open (LSM) and a yield.
 * A kfx call that used the FPU inside the kernel's register sections
 * shows up here as changed registers (and as the kernel's warning on the
 * console, which fails the row).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/syscall.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "runner.h"
#include <linux/types.h>
#include "context.h"

#define CTX_SECONDS	1.5

static const char *const family_names[CF_NR] = {
	"strlen", "strlen_buf", "sha256", "crc32c", "sig",
};

/* What the rounds load, and what the signal handler loads instead. */
static const uint8_t fp_set[16] = {
	0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88,
	0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xf0, 0x0f,
};

#if defined(__x86_64__)
/* round toward zero, flush to zero, every exception masked */
#define FP_CTL_SET	0xff80u
#define FP_CTL_DEFAULT	0x1f80u

static void handler(int sig)
{
	uint32_t m = FP_CTL_DEFAULT;

	(void)sig;
	asm volatile("pxor %%xmm0, %%xmm0\n\tldmxcsr %0" : : "m"(m) : "xmm0");
}

/* Load the values, kill(@pid, SIGUSR1), read them back. */
static void fp_round(uint8_t got[16], uint32_t *ctl, long pid)
{
	uint32_t in = FP_CTL_SET, out, def = FP_CTL_DEFAULT;
	long nr = SYS_kill;

	asm volatile("movdqu (%[set]), %%xmm0\n\t"
		     "ldmxcsr %[in]\n\t"
		     "syscall\n\t"
		     "movdqu %%xmm0, (%[got])\n\t"
		     "stmxcsr %[out]\n\t"
		     "ldmxcsr %[def]\n\t"
		     : "+a"(nr), [out] "=m"(out)
		     : [set] "r"(fp_set), [got] "r"(got), [in] "m"(in),
		       [def] "m"(def), "D"(pid), "S"((long)SIGUSR1)
		     : "rcx", "r11", "xmm0", "memory");
	*ctl = out;
}
#elif defined(__aarch64__)
/* round toward zero, flush to zero */
#define FP_CTL_SET	0x01c00000u

static void handler(int sig)
{
	(void)sig;
	asm volatile("movi v0.16b, #0\n\tmsr fpcr, xzr" : : : "v0");
}

static void fp_round(uint8_t got[16], uint32_t *ctl, long pid)
{
	register long x8 asm("x8") = SYS_kill;
	register long x0 asm("x0") = pid;
	register long x1 asm("x1") = SIGUSR1;
	uint64_t in = FP_CTL_SET, out;

	asm volatile("ldr q0, [%[set]]\n\t"
		     "msr fpcr, %[in]\n\t"
		     "svc #0\n\t"
		     "str q0, [%[got]]\n\t"
		     "mrs %[out], fpcr\n\t"
		     "msr fpcr, xzr\n\t"
		     : "+r"(x0), [out] "=&r"(out)
		     : "r"(x8), "r"(x1), [set] "r"(fp_set), [got] "r"(got),
		       [in] "r"(in)
		     : "v0", "memory");
	*ctl = out;
}
#endif

static volatile int spin_stop;
static int load_fd = -1;	/* setup_context, in its hashing mode */
static unsigned long load_failed;	/* its runs that did not return 0 */
static int load_last;

/*
 * The other task on this CPU: floating-point work of its own, and kfx
 * hashes from a SYSCALL program (setup_context in its hashing mode), so
 * that the workload's tracing programs run while a kfx call below them on
 * this CPU is preempted or between two (the PREEMPT_RT softirq count
 * attack of issue 30).
 */
static void *spinner(void *arg)
{
	volatile double x = 1.0;

	(void)arg;
	while (!spin_stop) {
		LIBBPF_OPTS(bpf_test_run_opts, run);

		x = x * 1.000001 + 0.5;
		if (load_fd >= 0 &&
		    (bpf_prog_test_run_opts(load_fd, &run) || run.retval)) {
			load_failed++;
			load_last = (int)run.retval;
		}
		sched_yield();
	}
	return NULL;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

struct workload {
	unsigned long rounds, changed;
	uint32_t last_ctl;
	int delivered;	/* of 20 loopback datagrams after the rounds */
};

/*
 * How many of 20 loopback datagrams arrive once the programs ran: all of
 * them unless a softirq count was left wrong on this task (PREEMPT_RT:
 * "sent 200 got 0" after the attack of issue 30).
 */
static int loopback_delivers(int s, struct sockaddr_in *a, socklen_t alen)
{
	struct timeval tv = { .tv_sec = 1 };
	char buf[64] = "kfx delivery";
	int i, got = 0;

	while (recv(s, buf, sizeof(buf), MSG_DONTWAIT) > 0)
		;
	setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	for (i = 0; i < 20; i++) {
		sendto(s, buf, sizeof(buf), 0, (struct sockaddr *)a, alen);
		if (recv(s, buf, sizeof(buf), 0) > 0)
			got++;
	}
	return got;
}

/* CTX_SECONDS of rounds; -1 when the workload itself could not run. */
static int run_workload(struct workload *w, char *why, size_t whylen)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t alen = sizeof(a);
	uint8_t got[16], buf[64] = "kfx context";
	pthread_t t;
	cpu_set_t one, was;
	int s, fd;
	double end;
	uint32_t ctl;

	CPU_ZERO(&one);
	CPU_SET(0, &one);
	if (loopback_up()) {
		snprintf(why, whylen, "cannot bring lo up");
		return -1;
	}
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof(a)) ||
	    getsockname(s, (struct sockaddr *)&a, &alen)) {
		snprintf(why, whylen, "loopback socket: %s", strerror(errno));
		return -1;
	}
	signal(SIGUSR1, handler);
	sched_getaffinity(0, sizeof(was), &was);
	sched_setaffinity(0, sizeof(one), &one);
	spin_stop = 0;
	load_failed = 0;
	if (pthread_create(&t, NULL, spinner, NULL)) {
		close(s);
		snprintf(why, whylen, "cannot start the second thread");
		return -1;
	}
	pthread_setaffinity_np(t, sizeof(one), &one);
	for (end = now() + CTX_SECONDS; now() < end; w->rounds++) {
		fp_round(got, &ctl, getpid());
		if (memcmp(got, fp_set, sizeof(got)) || ctl != FP_CTL_SET) {
			w->changed++;
			w->last_ctl = ctl;
		}
		sendto(s, buf, sizeof(buf), 0, (struct sockaddr *)&a, alen);
		recv(s, buf, sizeof(buf), MSG_DONTWAIT);
		fd = open("/proc/self/stat", O_RDONLY);
		if (fd >= 0)
			close(fd);
		sched_yield();
	}
	spin_stop = 1;
	pthread_join(t, NULL);
	sched_setaffinity(0, sizeof(was), &was);
	signal(SIGUSR1, SIG_DFL);
	w->delivered = loopback_delivers(s, &a, alen);
	close(s);
	return 0;
}

/*
 * Whether the kernel runs BPF LSM programs (CONFIG_LSM or lsm= names bpf),
 * as securityfs says (the guest's init does not mount it).
 */
static bool bpf_lsm_active(void)
{
	if (access("/sys/kernel/security/lsm", R_OK))
		mount("securityfs", "/sys/kernel/security", "securityfs", 0, NULL);
	return file_has("/sys/kernel/security/lsm", "bpf");
}

/*
 * The counts once every run has counted all its families: a run that
 * began before the detach may still be counting on another CPU (or, on
 * PREEMPT_RT, be preempted in a softirq thread).  Up to a second.
 */
static int read_settled(int fd, struct ctx_result *r)
{
	int key = 0, f, i;
	bool settled;

	for (i = 0; i < 20; i++) {
		if (bpf_map_lookup_elem(fd, &key, r))
			return -1;
		settled = true;
		for (f = 0; f < CF_NR; f++)
			settled &= r->fam[f].answer + r->fam[f].busy +
				    r->fam[f].bad == r->runs;
		if (settled)
			break;
		usleep(50000);
	}
	return 0;
}

/* 0 when every count is what @e allows, else -1 with @why. */
static int judge(const struct ctx_result *r, char *why, size_t whylen)
{
	const struct ctx_count *c;
	int f;

	if (!r->runs) {
		snprintf(why, whylen, "the program never ran with its ctxs (%u runs without)",
			 r->no_ctx);
		return -1;
	}
	for (f = 0; f < CF_NR; f++) {
		c = &r->fam[f];
		if (c->bad) {
			snprintf(why, whylen, "%s: %u of %u runs wrong (last %d), %u right, %u -EBUSY",
				 family_names[f], c->bad, r->runs, c->last_bad,
				 c->answer, c->busy);
			return -1;
		}
		if (c->answer + c->busy != r->runs) {
			snprintf(why, whylen, "%s: %u answers and %u -EBUSY in %u runs",
				 family_names[f], c->answer, c->busy, r->runs);
			return -1;
		}
	}
	return 0;
}

/*
 * Turn setup_context into the load (@on) or back, and read what it did
 * into @mode.  0, else -1 with @why.
 */
static int set_load(struct bpf_object *obj, int on, struct ctx_mode *mode,
		    char *why, size_t whylen)
{
	struct bpf_map *m = bpf_object__find_map_by_name(obj, ".data.mode");
	struct bpf_program *p = bpf_object__find_program_by_name(obj, "setup_context");
	int key = 0;

	if (!m || !p || bpf_map__value_size(m) != sizeof(*mode) ||
	    bpf_map_lookup_elem(bpf_map__fd(m), &key, mode)) {
		snprintf(why, whylen, "no .data.mode or setup_context");
		return -1;
	}
	mode->hash_rounds = on;
	if (on) {
		mode->hashed = 0;
		mode->tid = syscall(SYS_gettid);
		/* kfx's generic twins exist (6.x): at_sigreturn_regs_activated */
		mode->strict = file_has("/proc/crypto", "sha256-generic") &&
			       file_has("/proc/crypto", "crc32c-generic");
		mode->armed = 0;
		mode->primed = 0;
	}
	if (bpf_map_update_elem(bpf_map__fd(m), &key, mode, 0)) {
		snprintf(why, whylen, "cannot write .data.mode: %s", strerror(errno));
		return -1;
	}
	load_fd = on ? bpf_program__fd(p) : -1;
	return 0;
}

/*
 * x86's SIMD hash drivers, loaded as a machine's udev loads them at boot
 * (6.x: modules; 7.x has them in lib/crypto): the kernel never loads them
 * on demand, its generic sha256 and crc32c being built in, so without
 * them no hash of a 6.x guest touches the FPU and the fence, the twins
 * and the companion's registers are not tested there.  Then setup_context
 * again, so that the ctxs are created over them.  0, else -1 with @why.
 */
static int simd_hashes(struct bpf_object *obj, char *why, size_t whylen)
{
#if defined(__x86_64__)
	static const char *const mods[] = { "sha256_ssse3", "crc32c_intel" };
	struct bpf_program *p = bpf_object__find_program_by_name(obj, "setup_context");
	LIBBPF_OPTS(bpf_test_run_opts, run);
	char cmd[64];
	size_t i;
	int st;

	/* (none of them on 7.x, which is no error) */
	for (i = 0; i < sizeof(mods) / sizeof(mods[0]); i++) {
		snprintf(cmd, sizeof(cmd), "modprobe %s 2>/dev/null", mods[i]);
		st = system(cmd);
		(void)st;
	}
	if (!p || bpf_prog_test_run_opts(bpf_program__fd(p), &run) || run.retval) {
		snprintf(why, whylen, "setup_context over the SIMD hash drivers: %s, returned %u",
			 strerror(errno), run.retval);
		return -1;
	}
#else
	(void)obj;
	(void)why;
	(void)whylen;
#endif
	return 0;
}

int context_driver(struct bpf_object *obj, struct bpf_program *prog,
		   char *why, size_t whylen)
{
	struct bpf_map *m = bpf_object__find_map_by_name(obj, ".data.res");
	struct ctx_result r;
	struct ctx_mode mode;
	struct workload w = { 0 };
	struct bpf_link *link, *with = NULL;
	struct bpf_program *p;
	int key = 0, err;

	if (!m || bpf_map__value_size(m) != sizeof(r)) {
		snprintf(why, whylen, "no .data.res of struct ctx_result's size");
		return -1;
	}
	if (bpf_program__type(prog) == BPF_PROG_TYPE_LSM && !bpf_lsm_active()) {
		snprintf(why, whylen, "BPF LSM not active here (lsm= lacks bpf)");
		return 1;
	}
	if (simd_hashes(obj, why, whylen))
		return -1;
	memset(&r, 0, sizeof(r));
	bpf_map_update_elem(bpf_map__fd(m), &key, &r, 0);
	if (set_load(obj, 1, &mode, why, whylen))
		return -1;
	/* a tracing program loaded beside it (__with), attached first */
	bpf_object__for_each_program(p, obj)
		if (p != prog && bpf_program__fd(p) >= 0 &&
		    bpf_program__type(p) == BPF_PROG_TYPE_TRACING && !with) {
			with = bpf_program__attach(p);
			if (!with) {
				set_load(obj, 0, &mode, why, whylen);
				return attach_failed(why, whylen);
			}
		}
	link = bpf_program__attach(prog);
	if (!link) {
		bpf_link__destroy(with);
		set_load(obj, 0, &mode, why, whylen);
		return attach_failed(why, whylen);
	}
	err = run_workload(&w, why, whylen);
	bpf_link__destroy(link);
	bpf_link__destroy(with);
	if (set_load(obj, 0, &mode, why, whylen) || err)
		return -1;
	if (read_settled(bpf_map__fd(m), &r)) {
		snprintf(why, whylen, "cannot read .data.res: %s", strerror(errno));
		return -1;
	}
	printf("# %s: %u runs; sha256 %u right %u -EBUSY; sig %u right %u -EBUSY; %lu register rounds, %lu changed; %u KiB hashed beside%s\n",
	       bpf_program__name(prog), r.runs, r.fam[CF_SHA256].answer,
	       r.fam[CF_SHA256].busy, r.fam[CF_SIG].answer, r.fam[CF_SIG].busy,
	       w.rounds, w.changed, mode.hashed,
	       with ? (mode.strict ? "; signal returns primed, answer due" :
		       "; signal returns primed, -EBUSY allowed") : "");
	if (with)
		printf("# %s: %u signal returns entered after a hash with the best driver\n",
		       bpf_program__name(prog), mode.primed);
	if (load_failed) {
		snprintf(why, whylen, "the SYSCALL load beside it failed %lu times (last %d)",
			 load_failed, load_last);
		return -1;
	}
	if (w.delivered != 20) {
		snprintf(why, whylen, "afterwards %d of 20 loopback datagrams arrived", w.delivered);
		return -1;
	}
	if (with && !mode.primed) {
		snprintf(why, whylen, "no signal return was entered after a hash with the best driver (the premise)");
		return -1;
	}
	if (w.changed) {
		snprintf(why, whylen, "user FPU/SIMD registers changed in %lu of %lu rounds (control register 0x%x)",
			 w.changed, w.rounds, w.last_ctl);
		return -1;
	}
	return judge(&r, why, whylen);
}
