// SPDX-License-Identifier: GPL-2.0
/*
 * String family, unbounded: the bad-pointer differential.  Every pointer
 * argument of every unbounded kfunc against a pool of addresses (NULL,
 * user space, the vsyscall page, non-canonical, -1, the last bytes before
 * a vmalloc guard page and the guard page, module and kernel text, a
 * freed slab object, per-cpu data), the other string valid.
 *
 * The driver (tests/runner/string_badptr.c) fills the pool from user space
 * (constants, /proc/kallsyms), lets the program add what only it can
 * address (map values, per-cpu pointers, a map's struct bpf_map), and
 * judges every result:
 *
 *   badptr_diff_<op>  6.2+ kernels with bpf_<op>: kfx_<op> and bpf_<op>
 *                     in the same program, same arguments: identical
 *                     results, and those of the contract's model where
 *                     the content is known;
 *   badptr_table      6.2+, every op (io.op, set by the driver): the
 *                     model's results where the content is known, else a
 *                     result the contract allows for readable memory;
 *   badptr_bpfmem     6.1, whose verifier (no __ign) takes BPF memory or
 *                     NULL only: the entries it lets a program pass.
 *
 * What 6.1's verifier refuses is stated by the __failure programs below.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfx.h"
#include "kfx_test.h"
#include "string_oracle.h"	/* enum oracle_op */
#include "string_badptr.h"

extern int bpf_strcmp(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strcasecmp(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strncasecmp(const char *s1__ign, const char *s2__ign, size_t len) __ksym __weak;
extern int bpf_strchr(const char *s__ign, char c) __ksym __weak;
extern int bpf_strnchr(const char *s__ign, size_t count, char c) __ksym __weak;
extern int bpf_strchrnul(const char *s__ign, char c) __ksym __weak;
extern int bpf_strrchr(const char *s__ign, int c) __ksym __weak;
extern int bpf_strlen(const char *s__ign) __ksym __weak;
extern int bpf_strnlen(const char *s__ign, size_t count) __ksym __weak;
extern int bpf_strspn(const char *s__ign, const char *accept__ign) __ksym __weak;
extern int bpf_strcspn(const char *s__ign, const char *reject__ign) __ksym __weak;
extern int bpf_strstr(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strcasestr(const char *s1__ign, const char *s2__ign) __ksym __weak;
extern int bpf_strnstr(const char *s1__ign, const char *s2__ign, size_t len) __ksym __weak;
extern int bpf_strncasestr(const char *s1__ign, const char *s2__ign, size_t len) __ksym __weak;

extern const struct rq runqueues __ksym;

/* A page of vmalloc'ed memory (mmapable array) and the guard page after it. */
struct page_buf {
	char data[BP_PAGE];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(map_flags, BPF_F_MMAPABLE);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct page_buf);
} guarded SEC(".maps");

/*
 * The driver puts a small array map in outer[0]; its struct bpf_map is
 * kmalloc'ed, and kfree'd once the driver drops it: a freed slab object.
 */
struct inner_map {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 1);
	__type(key, __u32);
	__array(values, struct inner_map);
} outer SEC(".maps");

struct badptr_io io;
char valid[] = BP_VALID;	/* .data: 6.1 refuses .rodata for a kfunc's char * */

static __always_inline int nptr(int op)
{
	switch (op) {
	case OP_STRCHR: case OP_STRNCHR: case OP_STRCHRNUL: case OP_STRRCHR:
	case OP_STRLEN: case OP_STRNLEN:
		return 1;
	}
	return 2;
}

static __always_inline int call_kfx(int op, const char *a, const char *b)
{
	switch (op) {
	case OP_STRCMP: return kfx_strcmp(a, b);
	case OP_STRCASECMP: return kfx_strcasecmp(a, b);
	case OP_STRNCASECMP: return kfx_strncasecmp(a, b, BP_COUNT);
	case OP_STRCHR: return kfx_strchr(a, BP_CHAR);
	case OP_STRNCHR: return kfx_strnchr(a, BP_COUNT, BP_CHAR);
	case OP_STRCHRNUL: return kfx_strchrnul(a, BP_CHAR);
	case OP_STRRCHR: return kfx_strrchr(a, BP_CHAR);
	case OP_STRLEN: return kfx_strlen(a);
	case OP_STRNLEN: return kfx_strnlen(a, BP_COUNT);
	case OP_STRSPN: return kfx_strspn(a, b);
	case OP_STRCSPN: return kfx_strcspn(a, b);
	case OP_STRSTR: return kfx_strstr(a, b);
	case OP_STRCASESTR: return kfx_strcasestr(a, b);
	case OP_STRNSTR: return kfx_strnstr(a, b, BP_COUNT);
	case OP_STRNCASESTR: return kfx_strncasestr(a, b, BP_COUNT);
	}
	return -1000;
}

static __always_inline int call_bpf(int op, const char *a, const char *b)
{
	switch (op) {
	case OP_STRCMP: return bpf_strcmp(a, b);
	case OP_STRCASECMP: return bpf_strcasecmp(a, b);
	case OP_STRNCASECMP: return bpf_strncasecmp(a, b, BP_COUNT);
	case OP_STRCHR: return bpf_strchr(a, BP_CHAR);
	case OP_STRNCHR: return bpf_strnchr(a, BP_COUNT, BP_CHAR);
	case OP_STRCHRNUL: return bpf_strchrnul(a, BP_CHAR);
	case OP_STRRCHR: return bpf_strrchr(a, BP_CHAR);
	case OP_STRLEN: return bpf_strlen(a);
	case OP_STRNLEN: return bpf_strnlen(a, BP_COUNT);
	case OP_STRSPN: return bpf_strspn(a, b);
	case OP_STRCSPN: return bpf_strcspn(a, b);
	case OP_STRSTR: return bpf_strstr(a, b);
	case OP_STRCASESTR: return bpf_strcasestr(a, b);
	case OP_STRNSTR: return bpf_strnstr(a, b, BP_COUNT);
	case OP_STRNCASESTR: return bpf_strncasestr(a, b, BP_COUNT);
	}
	return -1000;
}

/* The guarded page, its last bytes BP_EDGE_BYTE (no NUL before the guard). */
static __always_inline struct page_buf *edge_page(void)
{
	struct page_buf *v;
	__u32 key = 0;
	int i;

	v = bpf_map_lookup_elem(&guarded, &key);
	if (!v)
		return NULL;
	for (i = BP_PAGE - 2 * BP_EDGE_MAX; i < BP_PAGE; i++)
		v->data[i] = BP_EDGE_BYTE;
	return v;
}

/*
 * The last @k (1..BP_EDGE_MAX) bytes of the page, in a form 6.1's verifier
 * can bound: an offset it knows to be 0..BP_EDGE_MAX - 1 (the barrier
 * keeps clang from dropping a mask it can prove redundant).
 */
static __always_inline char *edge(struct page_buf *v, __u32 k)
{
	__u32 off = BP_EDGE_MAX - k;

	asm volatile("" : "+r"(off));
	off &= BP_EDGE_MAX - 1;
	return v->data + BP_PAGE - BP_EDGE_MAX + off;
}

/* BP_MODE_ADDR: the addresses only the program can take, as numbers. */
static __always_inline int fill_addrs(void)
{
	struct page_buf *v = edge_page();
	__u32 key = 0, i, k;
	void *p;

	if (!v)
		return 1;
	for (i = 0; i < BP_POOL_MAX && i < io.n; i++) {
		struct bp_entry *e = &io.pool[i];

		switch (e->fill) {
		case BP_FILL_NULL:
			e->addr = 0;
			break;
		case BP_FILL_EDGE:
			k = e->arg;
			if (k < 1 || k > BP_EDGE_MAX)
				return 2;
			e->addr = (__u64)edge(v, k);
			break;
		case BP_FILL_GUARD:
			e->addr = (__u64)v->data + BP_PAGE;
			break;
		case BP_FILL_VALID:
			e->addr = (__u64)valid;
			break;
		case BP_FILL_THIS_CPU:
			e->addr = (__u64)bpf_this_cpu_ptr(&runqueues);
			break;
		case BP_FILL_CPU:
			p = bpf_per_cpu_ptr(&runqueues, e->arg);
			e->addr = p ? (__u64)p : 0;
			break;
		case BP_FILL_INNER_MAP:
			p = bpf_map_lookup_elem(&outer, &key);
			e->addr = p ? (__u64)p : 0;
			break;
		}
	}
	return 0;
}

/*
 * BP_MODE_RUN: each entry in each pointer position of @op, the other
 * string valid; kfx_<op> then, with @twin, bpf_<op>.
 */
static __always_inline int sweep(int op, bool twin)
{
	__u32 i, pos;

	if (io.mode == BP_MODE_ADDR)
		return fill_addrs();
	if (!edge_page())
		return 1;
	for (i = 0; i < BP_POOL_MAX && i < io.n; i++) {
		const char *bad = (const char *)io.pool[i].addr;

		if (io.pool[i].fill == BP_FILL_SKIP)
			continue;
		for (pos = 0; pos < 2 && pos < nptr(op); pos++) {
			const char *a = pos ? valid : bad;
			const char *b = pos ? bad : valid;

			io.cur = ((__u64)i << 8 | pos << 1) + 1;
			io.res[i][pos].kfx = call_kfx(op, a, b);
			if (twin) {
				io.cur = ((__u64)i << 8 | pos << 1 | 1) + 1;
				io.res[i][pos].bpf = call_bpf(op, a, b);
			}
		}
	}
	io.done = 1;
	return 0;
}

/*
 * 6.1: a kfunc's char * must be BPF memory or NULL, so the entries are
 * pointers the verifier follows, not numbers from the pool.
 */
static __always_inline int sweep_bpfmem(int op)
{
	struct page_buf *v = edge_page();
	__u32 i, pos, k;

	if (!v)
		return 1;
	for (i = 0; i < BP_POOL_MAX && i < io.n; i++) {
		struct bp_entry *e = &io.pool[i];
		const char *bad;

		if (e->fill == BP_FILL_NULL) {
			bad = NULL;
		} else if (e->fill == BP_FILL_VALID) {
			bad = valid;
		} else if (e->fill == BP_FILL_EDGE) {
			k = e->arg;
			if (k < 1 || k > BP_EDGE_MAX)
				return 2;
			bad = edge(v, k);
		} else {
			continue;
		}
		for (pos = 0; pos < 2 && pos < nptr(op); pos++) {
			io.cur = ((__u64)i << 8 | pos << 1) + 1;
			if (pos)
				io.res[i][pos].kfx = call_kfx(op, valid, bad);
			else
				io.res[i][pos].kfx = call_kfx(op, bad, valid);
		}
	}
	io.done = 1;
	return 0;
}

#define BADPTR_DIFF(name, OPC)							\
SEC("syscall")									\
__success __needs_ksym("bpf_" #name) __driver("string_badptr")			\
int badptr_diff_##name(void *ctx)						\
{										\
	return sweep(OPC, true);						\
}

BADPTR_DIFF(strcmp, OP_STRCMP)
BADPTR_DIFF(strcasecmp, OP_STRCASECMP)
BADPTR_DIFF(strncasecmp, OP_STRNCASECMP)
BADPTR_DIFF(strchr, OP_STRCHR)
BADPTR_DIFF(strnchr, OP_STRNCHR)
BADPTR_DIFF(strchrnul, OP_STRCHRNUL)
BADPTR_DIFF(strrchr, OP_STRRCHR)
BADPTR_DIFF(strlen, OP_STRLEN)
BADPTR_DIFF(strnlen, OP_STRNLEN)
BADPTR_DIFF(strspn, OP_STRSPN)
BADPTR_DIFF(strcspn, OP_STRCSPN)
BADPTR_DIFF(strstr, OP_STRSTR)
BADPTR_DIFF(strcasestr, OP_STRCASESTR)
BADPTR_DIFF(strnstr, OP_STRNSTR)
BADPTR_DIFF(strncasestr, OP_STRNCASESTR)

SEC("syscall")
__success __needs_ksym("bpf_rcu_read_lock") __driver("string_badptr")
int badptr_table(void *ctx)
{
	return sweep(io.op, false);
}

SEC("syscall")
__success __without_ksym("bpf_rcu_read_lock") __driver("string_badptr")
int badptr_bpfmem(void *ctx)
{
	return sweep_bpfmem(io.op);
}

/*
 * What 6.1's verifier will not let a program pass to a kfunc's char *
 * (no __ign there): any number, so every address of the pool that is not
 * BPF memory or NULL (the vsyscall page here) ...
 */
SEC("syscall")
__failure __msg("R1 type=scalar expected=fp") __without_ksym("bpf_rcu_read_lock")
int vsyscall_refused_on_6_1(void *ctx)
{
	return kfx_strlen((const char *)0xffffffffff600000UL);
}

/* ... the first byte past a map value (the guard page) ... */
SEC("syscall")
__failure __msg("invalid access to map value") __without_ksym("bpf_rcu_read_lock")
int guard_page_refused_on_6_1(void *ctx)
{
	struct page_buf *v;
	__u32 key = 0;

	v = bpf_map_lookup_elem(&guarded, &key);
	if (!v)
		return 0;
	return kfx_strlen(v->data + BP_PAGE);
}

/*
 * ... and a BTF-typed kernel pointer: per-cpu data.  x86-64 only: Debian's
 * arm64 6.1 is built without KALLSYMS_ALL, so libbpf finds no address for
 * a per-cpu variable and the program never reaches the verifier.
 */
SEC("syscall")
__failure __msg("pointer type INT char is not supported") __without_ksym("bpf_rcu_read_lock")
__arch("x86")
int per_cpu_refused_on_6_1(void *ctx)
{
	return kfx_strlen((const char *)bpf_this_cpu_ptr(&runqueues));
}

char _license[] SEC("license") = "GPL";
