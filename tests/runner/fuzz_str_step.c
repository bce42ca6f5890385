// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's string step (fuzz.c runs it): the address pool of kernel
 * symbols its address arguments come from, where the model finds each
 * argument's bytes, and the judging of one ST_STR step: the result in the
 * kfunc's documented set, equal to the reference model
 * (tests/host/str_ref.c) where the bytes are known, the bounded twin equal
 * to the model of its buffer and to the unbounded kfunc on terminated
 * strings, and equal to upstream's bpf_<op>() where the kernel has it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "kfx.h"
#include "fuzz_int.h"
#include "fuzz_run.h"
#include "../host/str_host.h"	/* the reference model, ref_*() */

/* ---- the address pool: kernel symbols ---- */

/*
 * Text and read-only data of vmlinux and kfx, every 8th (the order is the
 * kernel's, the same on every boot of one kernel), and freed init code.
 * Data that changes (jiffies...) would let kfx and upstream see different
 * bytes: not taken.
 */
void fz_read_syms(struct fz_env *env)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[512], name[256], mod[64], t;
	unsigned long long addr;
	int cap = 0, n = 0;

	env->nsyms = 0;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		int k;

		mod[0] = 0;
		k = sscanf(line, "%llx %c %255s %63s", &addr, &t, name, mod);
		if (k < 3 || !addr)
			continue;
		if (k == 4 && strcmp(mod, "[kfx]"))
			continue;
		if (!strchr("TtRr", t) || strlen(name) >= 64)
			continue;
		if (strcmp(name, "start_kernel") && strcmp(name, "_stext") &&
		    strcmp(name, "__start_rodata") && n++ % 8)
			continue;
		if (env->nsyms == cap) {
			cap = cap ? 2 * cap : 1024;
			env->syms = realloc(env->syms, cap * sizeof(*env->syms));
		}
		env->syms[env->nsyms].addr = addr;
		env->syms[env->nsyms].cls = AC_UNKNOWN;
		strcpy(env->syms[env->nsyms].name, name);
		env->nsyms++;
	}
	fclose(f);
}

static uint64_t sym_addr(const struct fz_env *env, const char *name)
{
	for (int i = 0; i < env->nsyms; i++)
		if (!strcmp(env->syms[i].name, name))
			return env->syms[i].addr;
	return 0;
}

#if defined(__x86_64__)
/* The model's class of a scalar address (x86-64, 4- or 5-level paging). */
static int addr_class(uint64_t a)
{
	uint8_t top = a >> 56;

	if (top == 0x00)
		return AC_ERANGE;	/* user space, NULL */
	if ((a & ~0xfffULL) == 0xffffffffff600000ULL)
		return AC_ERANGE;	/* the vsyscall page */
	if (top != 0xff)
		return AC_ERANGE;	/* non-canonical */
	if (a >= 0xfffffffffffff000ULL)
		return AC_UNMAPPED;
	if (a >= 0xffffffffff601000ULL && a < 0xffffffffff800000ULL)
		return AC_UNMAPPED;	/* fixmap slots nothing uses */
	return AC_UNKNOWN;
}
#else
/*
 * arm64: no address is refused before reading; the user half (bit 55
 * clear, whatever the top byte: kfx never reads it) and what lies outside
 * TTBR1's range fault when read (no top-byte-ignore for the kernel on
 * Debian's kernels).  What the kernel half holds the model does not say:
 * kfx is compared with bpf there.
 */
static int addr_class(uint64_t a)
{
	if (!(a >> 63) || (a >> 56) != 0xff)
		return AC_UNMAPPED;
	return AC_UNKNOWN;
}
#endif

/* ---- strings ---- */

static bool cmp_op(int op)
{
	return op <= FZ_STRNCASECMP;
}

static bool search_op(int op)
{
	return op == FZ_STRCHR || op == FZ_STRNCHR || op == FZ_STRRCHR ||
	       op >= FZ_STRSTR;
}

static bool two_str(int op)
{
	return op <= FZ_STRNCASECMP || op >= FZ_STRSPN;
}

/* The documented results of @op. */
static bool str_in_set(int op, int r, bool bounded)
{
	if (r == -E2BIG)
		return true;
	if (!bounded && (r == -ERANGE || r == -EFAULT))
		return true;
	if (cmp_op(op))
		return r >= -1 && r <= 1;
	if (search_op(op) && r == -ENOENT)
		return true;
	return r >= 0 && r < 65536;
}

static int ref_call(int op, const char *p1, const char *p2, uint64_t n, int c)
{
	switch (op) {
	case FZ_STRCMP: return ref_strcmp(p1, p2);
	case FZ_STRCASECMP: return ref_strcasecmp(p1, p2);
	case FZ_STRNCASECMP: return ref_strncasecmp(p1, p2, n);
	case FZ_STRCHR: return ref_strchr(p1, c);
	case FZ_STRNCHR: return ref_strnchr(p1, n, c);
	case FZ_STRCHRNUL: return ref_strchrnul(p1, c);
	case FZ_STRRCHR: return ref_strrchr(p1, c);
	case FZ_STRLEN: return ref_strlen(p1);
	case FZ_STRNLEN: return ref_strnlen(p1, n);
	case FZ_STRSPN: return ref_strspn(p1, p2);
	case FZ_STRCSPN: return ref_strcspn(p1, p2);
	case FZ_STRSTR: return ref_strstr(p1, p2);
	case FZ_STRCASESTR: return ref_strcasestr(p1, p2);
	case FZ_STRNSTR: return ref_strnstr(p1, p2, n);
	default: return ref_strncasestr(p1, p2, n);
	}
}

/* Where the model finds argument @a's bytes; NULL: unknown. */
static const char *model_ptr(struct fz_run *R, const struct fz_str_arg *a,
			     const uint8_t *stk, bool *known)
{
	const char *hole = R->vm + FZ_VMEM;
	/*
	 * NULL: the model's -ERANGE address on x86-64; on arm64 an address
	 * whose read faults (addr_class()).
	 */
	const char *null = addr_class(0) == AC_ERANGE ? NULL : hole;

	*known = true;
	switch (a->kind) {	/* out of range: the program passes NULL */
	case FZ_P_VMEM: return a->off < FZ_VMEM ? R->vm + a->off : null;
	case FZ_P_KMEM: return a->off < FZ_KMEM ? (const char *)R->km + a->off : null;
	case FZ_P_STACK: return a->off < FZ_STK ? (const char *)stk + a->off : null;
	case FZ_P_NULL: return null;
	case FZ_P_GUARD: return hole + (a->off & 4095);
	default:
		switch (addr_class(a->addr)) {
		case AC_ERANGE: return (const char *)1;
		case AC_UNMAPPED: return hole + (a->addr & 4095);
		default: *known = false; return NULL;
		}
	}
}

/*
 * Whether upstream reads a string of @s that kfx refuses: arm64's upstream
 * reads the user half (bit 55 clear, NULL too), which faults under PAN
 * and returns user memory on a CPU without it (run-guest.sh's
 * KFX_ARM64_CPU=cortex-a72).  kfx never reads it; the model holds kfx to
 * -EFAULT there.
 */
#if defined(__aarch64__)
#define UPSTREAM_READS_USER	true
#else
#define UPSTREAM_READS_USER	false
#endif
static bool upstream_reads_user(const struct fz_str_step *s, bool two)
{
	for (int i = 0; UPSTREAM_READS_USER && i < (two ? 2 : 1); i++)
		if (s->a[i].kind == FZ_P_NULL ||
		    (s->a[i].kind == FZ_P_ADDR && !(s->a[i].addr >> 55 & 1)))
			return true;
	return false;
}

/* The bounded twin's argument can be given: as the program decides. */
static bool buf_capable(const struct fz_str_arg *a, bool nullbuf)
{
	switch (a->kind) {
	case FZ_P_VMEM: return a->off <= FZ_VHALF && a->bsz <= FZ_VHALF;
	case FZ_P_KMEM: return a->off <= FZ_KHALF && a->bsz <= FZ_KHALF;
	case FZ_P_STACK: return a->off <= FZ_SHALF && a->bsz <= FZ_SHALF;
	case FZ_P_NULL: return nullbuf;
	default: return false;
	}
}

/* A copy of the string a bounded buffer holds (ends at a NUL or its end). */
static char *buf_string(const char *p, uint32_t sz)
{
	char *s = fz_xcalloc(sz + 1);

	if (p)
		memcpy(s, p, strnlen(p, sz));
	return s;
}

static void put_bytes_at(char *mem, uint32_t size, uint32_t off,
			 const struct fz_bytes *b)
{
	uint32_t n = b->len;

	if (!b->p || off >= size)
		return;
	if (n > size - off)
		n = size - off;
	memcpy(mem + off, b->p, n);
}

/*
 * The memory of step @st: zero but for its strings, each written where
 * its kind says (vmalloc'ed pool, kernel map, stack), and the address of
 * an argument in a symbol resolved.
 */
static void str_place_args(struct fz_run *R, const struct fz_step *st,
			   struct fz_str_step *s, bool two)
{
	uint32_t zero = 0;
	int i;

	if (R->vm_dirty_hi > R->vm_dirty_lo)
		memset(R->vm + R->vm_dirty_lo, 0, R->vm_dirty_hi - R->vm_dirty_lo);
	R->vm_dirty_lo = FZ_VMEM;
	R->vm_dirty_hi = 0;
	memset(R->km, 0, sizeof(R->km));
	memset(s->stk, 0, sizeof(s->stk));
	for (i = 0; i < 2; i++) {
		const struct fz_str_arg *a = &s->a[i];
		const struct fz_bytes *b = &st->data[i];

		if (a->kind == FZ_P_VMEM && b->p && a->off < FZ_VMEM) {
			uint32_t end = a->off + b->len > FZ_VMEM ? FZ_VMEM : a->off + b->len;

			put_bytes_at(R->vm, FZ_VMEM, a->off, b);
			if (a->off < R->vm_dirty_lo)
				R->vm_dirty_lo = a->off;
			if (end > R->vm_dirty_hi)
				R->vm_dirty_hi = end;
		} else if (a->kind == FZ_P_KMEM) {
			put_bytes_at((char *)R->km, FZ_KMEM - 1, a->off, b);
		} else if (a->kind == FZ_P_STACK) {
			put_bytes_at(s->stk, FZ_STK - 1, a->off, b);
		} else if (a->kind == FZ_P_ADDR && st->sym[i][0]) {
			uint64_t base = sym_addr(&R->env, st->sym[i]);

			s->a[i].addr = base ? base + a->addr : -1ULL;
		}
	}
	if (s->a[0].kind == FZ_P_KMEM || (two && s->a[1].kind == FZ_P_KMEM))
		bpf_map_update_elem(R->kmem_fd, &zero, R->km, 0);
}

/* The program: the one with NULL bounded buffers where that loads. */
static struct bpf_program *str_pick_prog(struct fz_run *R,
					 const struct fz_str_step *s, bool two,
					 bool *nullbuf)
{
	*nullbuf = R->p_nullbuf && (s->calls & FZ_CALL_BUF) &&
		   (s->a[0].kind == FZ_P_NULL || (two && s->a[1].kind == FZ_P_NULL)) &&
		   s->a[0].kind < FZ_P_ADDR && (!two || s->a[1].kind < FZ_P_ADDR);
	return *nullbuf ? R->p_nullbuf : R->p_str;
}

/*
 * Run the step's program: the calls that ran (FZ_CALL_*), or -1 when the
 * harness failed (reported) or they are not those asked for.
 */
static int str_run(struct fz_run *R, struct fz_str_step *s, bool two)
{
	struct bpf_program *p;
	int want_ran, err;
	bool nullbuf;

	p = str_pick_prog(R, s, two, &nullbuf);
	if (!R->env.upstream)
		s->calls &= ~FZ_CALL_BPF;
	*R->sstep = *s;
	R->sres->ran = 0;
	err = fz_run_syscall(p);
	R->steps++;
	if (err) {
		fz_fail(R, "harness", "running %s: %d", bpf_program__name(p), err);
		return -1;
	}
	want_ran = s->calls & (FZ_CALL_KFX | FZ_CALL_BPF | FZ_CALL_VER);
	if ((s->calls & FZ_CALL_BUF) && buf_capable(&s->a[0], nullbuf) &&
	    (!two || buf_capable(&s->a[1], nullbuf)))
		want_ran |= FZ_CALL_BUF;
	if ((int)R->sres->ran != want_ran) {
		fz_fail(R, "harness", "calls ran 0x%x, expected 0x%x", R->sres->ran, want_ran);
		return -1;
	}
	return want_ran;
}

/*
 * kfx_<op>(): a documented result, the model's where the bytes are known
 * (@m1, @m2 NULL: not), upstream's bpf_<op>() where that ran.
 */
static void str_check_kfx(struct fz_run *R, const struct fz_str_step *s,
			  bool two, int ran, const char *m1, const char *m2,
			  bool known)
{
	int op = s->op, r = R->sres->kfx, want;

	if (!str_in_set(op, r, false))
		fz_fail(R, "str-set", "kfx_%s returned %d: not a documented result",
			fz_str_ops[op], r);
	if (known) {
		want = ref_call(op, m1, m2, s->n, s->c);
		if (r != want)
			fz_fail(R, "str-model", "kfx_%s returned %d, the contract says %d",
				fz_str_ops[op], r, want);
	}
	if ((ran & FZ_CALL_BPF) && R->sres->bpf != r &&
	    !(r == -EFAULT && upstream_reads_user(s, two)))
		fz_fail(R, "str-upstream", "kfx_%s returned %d, bpf_%s %d",
			fz_str_ops[op], r, fz_str_ops[op], R->sres->bpf);
}

/*
 * kfx_<op>_buf(): a documented result, the model's on the bytes of its
 * buffers, and on strings terminated within them the unbounded one's.
 */
static void str_check_buf(struct fz_run *R, const struct fz_str_step *s,
			  bool two, int ran, const char *m1, const char *m2)
{
	int op = s->op, r = R->sres->buf, want;
	char *b1, *b2 = NULL;

	b1 = buf_string(m1, s->a[0].kind == FZ_P_NULL ? 0 : s->a[0].bsz);
	if (two)
		b2 = buf_string(m2, s->a[1].kind == FZ_P_NULL ? 0 : s->a[1].bsz);
	want = ref_call(op, b1, b2, s->n, s->c);
	if (!str_in_set(op, r, true))
		fz_fail(R, "str-set", "kfx_%s_buf returned %d: not a documented result",
			fz_str_ops[op], r);
	if (r != want)
		fz_fail(R, "str-bounded", "kfx_%s_buf returned %d, the contract says %d",
			fz_str_ops[op], r, want);
	/* terminated within their buffers: the same as the unbounded one */
	if ((ran & FZ_CALL_KFX) && m1 && strnlen(m1, s->a[0].bsz) < s->a[0].bsz &&
	    (!two || (m2 && strnlen(m2, s->a[1].bsz) < s->a[1].bsz)) &&
	    r != R->sres->kfx)
		fz_fail(R, "str-twin", "kfx_%s_buf returned %d, kfx_%s %d on the same strings",
			fz_str_ops[op], r, fz_str_ops[op], R->sres->kfx);
	free(b1);
	free(b2);
}

/* ST_STR: place the strings, run the calls, judge each by the model. */
void fz_step_str(struct fz_run *R, const struct fz_step *st)
{
	struct fz_str_step s = st->s;
	bool two = two_str(s.op), known1, known2 = true;
	const char *m1, *m2 = NULL;
	int ran;

	if (s.op >= FZ_NSTROPS)
		return;
	str_place_args(R, st, &s, two);
	ran = str_run(R, &s, two);
	if (ran < 0)
		return;
	if ((ran & FZ_CALL_VER) && R->sres->version != KFX_VERSION)
		fz_fail(R, "version", "kfx_version() = 0x%x, kfx.h says 0x%x",
			R->sres->version, KFX_VERSION);
	/* the model's view */
	m1 = model_ptr(R, &s.a[0], (uint8_t *)s.stk, &known1);
	if (two)
		m2 = model_ptr(R, &s.a[1], (uint8_t *)s.stk, &known2);
	if (R->verbose)
		printf("# %s: kfx %d, buf %d, bpf %d\n", fz_str_ops[s.op],
		       R->sres->kfx, R->sres->buf, R->sres->bpf);
	if (ran & FZ_CALL_KFX)
		str_check_kfx(R, &s, two, ran, m1, m2, known1 && known2);
	if (ran & FZ_CALL_BUF)
		str_check_buf(R, &s, two, ran, m1, m2);
}

