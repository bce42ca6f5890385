// SPDX-License-Identifier: GPL-2.0
/*
 * The kfunc fuzzer, string family (driver: tests/runner/fuzz.c).  One run
 * is one step the driver wrote into .bss: a string kfunc, its two pointer
 * arguments (each into BPF memory at an offset the driver chose, NULL, or,
 * from 6.2, any scalar address), its count and character; the program
 * calls kfx_<op>(), the bounded kfx_<op>_buf() on the same memory, and
 * upstream's bpf_<op>() where the kernel has it, and stores what each
 * returned.  The driver judges.
 *
 *   fuzz_str         6.2+: scalar addresses (__ign), upstream's kfuncs
 *   fuzz_str_6_1     6.1: BPF memory and NULL only
 *   fuzz_str_nullbuf the bounded twins given NULL with size 0, on the
 *                    verifiers that accept that (6.1, 6.12)
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "fuzz.h"

struct vmem {
	char b[FZ_VMEM];
};

/* Strings ending at its end run into the guard page that follows. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(map_flags, BPF_F_MMAPABLE);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct vmem);
} fz_vmem SEC(".maps");

struct kmem {
	char b[FZ_KMEM];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct kmem);
} fz_kmem SEC(".maps");

struct fz_str_step step;
struct fz_str_res res;

#define NOT_RUN	0x7eadbeef

/*
 * The unbounded kfunc's pointer for argument @a: BPF memory at its offset,
 * NULL, or (@scalars: 6.2+) a plain number.
 */
static __always_inline const char *unb_ptr(const struct fz_str_arg *a,
					   char *vm, char *km, char *stk,
					   bool scalars)
{
	__u64 off = a->off;

	switch (a->kind) {
	case FZ_P_VMEM:
		if (off >= FZ_VMEM)
			return NULL;
		return vm + off;
	case FZ_P_KMEM:
		if (off >= FZ_KMEM)
			return NULL;
		return km + off;
	case FZ_P_STACK:
		if (off >= FZ_STK)
			return NULL;
		return stk + off;
	case FZ_P_ADDR:
		if (scalars)
			return (const char *)a->addr;
		return NULL;
	case FZ_P_GUARD:
		if (scalars)
			return (const char *)((__u64)vm + FZ_VMEM + (off & 4095));
		return NULL;
	default:
		return NULL;
	}
}

/*
 * The bounded twin's buffer for @a, its size in *@sz: [off, off + bsz) of
 * the same memory; NULL with size 0 only when @nullbuf.  Returns 0 when
 * the argument has no bounded form (the driver does not ask for one then).
 */
static __always_inline int buf_arg(const struct fz_str_arg *a, char *vm,
				   char *km, char *stk, bool nullbuf,
				   const char **p, __u32 *sz)
{
	__u64 off = a->off, bsz = a->bsz;

	switch (a->kind) {
	case FZ_P_VMEM:
		if (off > FZ_VHALF || bsz > FZ_VHALF)
			return 0;
		*p = vm + off;
		break;
	case FZ_P_KMEM:
		if (off > FZ_KHALF || bsz > FZ_KHALF)
			return 0;
		*p = km + off;
		break;
	case FZ_P_STACK:
		if (off > FZ_SHALF || bsz > FZ_SHALF)
			return 0;
		*p = stk + off;
		break;
	case FZ_P_NULL:
		if (!nullbuf)
			return 0;
		*p = NULL;
		bsz = 0;
		break;
	default:
		return 0;
	}
	*sz = bsz;
	return 1;
}

#define UNB(pfx)							\
	switch (st->op) {						\
	case FZ_STRCMP: r = pfx##strcmp(p1, p2); break;			\
	case FZ_STRCASECMP: r = pfx##strcasecmp(p1, p2); break;		\
	case FZ_STRNCASECMP: r = pfx##strncasecmp(p1, p2, n); break;	\
	case FZ_STRCHR: r = pfx##strchr(p1, c); break;			\
	case FZ_STRNCHR: r = pfx##strnchr(p1, n, c); break;		\
	case FZ_STRCHRNUL: r = pfx##strchrnul(p1, c); break;		\
	case FZ_STRRCHR: r = pfx##strrchr(p1, ci); break;		\
	case FZ_STRLEN: r = pfx##strlen(p1); break;			\
	case FZ_STRNLEN: r = pfx##strnlen(p1, n); break;		\
	case FZ_STRSPN: r = pfx##strspn(p1, p2); break;			\
	case FZ_STRCSPN: r = pfx##strcspn(p1, p2); break;		\
	case FZ_STRSTR: r = pfx##strstr(p1, p2); break;			\
	case FZ_STRCASESTR: r = pfx##strcasestr(p1, p2); break;		\
	case FZ_STRNSTR: r = pfx##strnstr(p1, p2, n); break;		\
	case FZ_STRNCASESTR: r = pfx##strncasestr(p1, p2, n); break;	\
	default: r = NOT_RUN; break;					\
	}

static __always_inline int run_step(bool scalars, bool nullbuf)
{
	const struct fz_str_step *st = &step;
	const char *p1, *p2, *b1 = NULL, *b2 = NULL;
	__u32 z1 = 0, z2 = 0, zero = 0;
	char stk[FZ_STK];
	struct vmem *vmv;
	struct kmem *kmv;
	char *vm, *km;
	__u64 n = st->n;
	char c = st->c;
	int ci = st->c;
	int r;

	vmv = bpf_map_lookup_elem(&fz_vmem, &zero);
	kmv = bpf_map_lookup_elem(&fz_kmem, &zero);
	if (!vmv || !kmv)
		return 1;
	vm = vmv->b;
	km = kmv->b;
	__builtin_memcpy(stk, st->stk, FZ_STK);
	res.ran = 0;
	res.kfx = res.buf = res.bpf = NOT_RUN;

	if (st->calls & FZ_CALL_VER) {
		res.version = kfx_version();
		res.ran |= FZ_CALL_VER;
	}
	p1 = unb_ptr(&st->a[0], vm, km, stk, scalars);
	p2 = unb_ptr(&st->a[1], vm, km, stk, scalars);
	if (st->calls & FZ_CALL_KFX) {
		UNB(kfx_);
		res.kfx = r;
		res.ran |= FZ_CALL_KFX;
	}
	if (scalars && (st->calls & FZ_CALL_BPF) && bpf_ksym_exists(bpf_strlen) &&
	    bpf_ksym_exists(bpf_strncasecmp)) {
		UNB(bpf_);
		res.bpf = r;
		res.ran |= FZ_CALL_BPF;
	}
	if (!(st->calls & FZ_CALL_BUF) ||
	    !buf_arg(&st->a[0], vm, km, stk, nullbuf, &b1, &z1))
		return 0;
	switch (st->op) {
	case FZ_STRCHR: r = kfx_strchr_buf(b1, z1, c); break;
	case FZ_STRNCHR: r = kfx_strnchr_buf(b1, z1, n, c); break;
	case FZ_STRCHRNUL: r = kfx_strchrnul_buf(b1, z1, c); break;
	case FZ_STRRCHR: r = kfx_strrchr_buf(b1, z1, ci); break;
	case FZ_STRLEN: r = kfx_strlen_buf(b1, z1); break;
	case FZ_STRNLEN: r = kfx_strnlen_buf(b1, z1, n); break;
	default:
		if (!buf_arg(&st->a[1], vm, km, stk, nullbuf, &b2, &z2))
			return 0;
		switch (st->op) {
		case FZ_STRCMP: r = kfx_strcmp_buf(b1, z1, b2, z2); break;
		case FZ_STRCASECMP: r = kfx_strcasecmp_buf(b1, z1, b2, z2); break;
		case FZ_STRNCASECMP:
			r = kfx_strncasecmp_buf(b1, z1, b2, z2, n);
			break;
		case FZ_STRSPN: r = kfx_strspn_buf(b1, z1, b2, z2); break;
		case FZ_STRCSPN: r = kfx_strcspn_buf(b1, z1, b2, z2); break;
		case FZ_STRSTR: r = kfx_strstr_buf(b1, z1, b2, z2); break;
		case FZ_STRCASESTR: r = kfx_strcasestr_buf(b1, z1, b2, z2); break;
		case FZ_STRNSTR: r = kfx_strnstr_buf(b1, z1, b2, z2, n); break;
		case FZ_STRNCASESTR:
			r = kfx_strncasestr_buf(b1, z1, b2, z2, n);
			break;
		default: return 0;
		}
	}
	res.buf = r;
	res.ran |= FZ_CALL_BUF;
	return 0;
}

SEC("syscall")
__success __needs_ksym("bpf_rcu_read_lock")
int fuzz_str(void *ctx)
{
	return run_step(true, false);
}

SEC("syscall")
__success __without_ksym("bpf_rcu_read_lock")
int fuzz_str_6_1(void *ctx)
{
	return run_step(false, false);
}

/* Loaded where the verifier takes NULL for a buffer of size 0. */
SEC("syscall")
__success __without_ksym("bpf_strlen")
int fuzz_str_nullbuf(void *ctx)
{
	return run_step(false, true);
}

char _license[] SEC("license") = "GPL";
