// SPDX-License-Identifier: GPL-2.0
/*
 * The context matrix: every family a tracing program may call (strings,
 * bounded strings, hashes over SIMD drivers, signature verification),
 * called from the attach points where tracing programs really run:
 * syscall entry and exit, a softirq, the scheduler (interrupts off), hard
 * interrupts, the kernel's own FPU register sections (x86's
 * x86_fpu_regs_activated/deactivated, arm64's fpsimd restore) and an LSM
 * hook.  BPF_PROG_TEST_RUN reaches none of them.
 *
 * Each program states what its attach point is documented to give the
 * crypto families (enum ctx_expect, context.h) and counts every answer
 * against it in `res`; the driver ("context", tests/runner/context.c)
 * attaches it, runs a workload that makes it fire (signals, syscalls,
 * context switches, loopback packets, file opens) while a user-space
 * companion checks that its own FPU/SIMD registers and MXCSR/FPCR never
 * change, and fails on any wrong answer, any -EBUSY where an answer is
 * due, any answer where -EBUSY is due, or any register change.
 *
 * The known answers come from outside kfx: sha256 from FIPS 180-4's
 * algorithm (Python's hashlib), crc32c from its bitwise definition
 * (Python, checked on "123456789" -> 0xe3069283), the signature from
 * RFC 6979 A.2.5.  Built twice: context_6_1.bpf.c is this file with 6.1's
 * kptr tag.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_test.h"
#include "crypto_vectors.h"
#include "context.h"

#define EBUSY		16

#ifdef KFX_KPTR_REF
#define __ctx_kernel	__without_ksym("bpf_rcu_read_lock")
#else
#define __ctx_kernel	__needs_ksym("bpf_rcu_read_lock")
#endif

struct kfx_crypto_params params;
int err;
struct ctx_result res SEC(".data.res") = { .runs = 0 };

char str[16] = "kfx-context";			/* strlen 11 */
char data[CTX_DATA_LEN];			/* setup fills it */
char md[] = ECDSA_SHA256_SAMPLE;		/* RFC 6979 A.2.5 */
char sig[] = ECDSA_P256_SHA256_SAMPLE_SIG;

/* sha256 of data[] (hashlib) and crc32c of it, as the kernel writes it (le32) */
static const unsigned char want_sha256[32] = {
	0xe9, 0x18, 0x3d, 0x9a, 0x79, 0xaa, 0xd8, 0xa0, 0x47, 0xb8, 0xe6, 0x79,
	0x81, 0x21, 0x0d, 0x50, 0xb0, 0x1f, 0xc7, 0x5b, 0x1e, 0xdb, 0xa5, 0xbc,
	0x32, 0xba, 0x3d, 0x3e, 0xc4, 0xd5, 0x05, 0x6d,
};
static const unsigned char want_crc32c[4] = { 0xf0, 0x2e, 0x02, 0x29 };

struct ctx_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *sha256;
	struct kfx_crypto_ctx __kfx_ctx_kptr *crc32c;
	struct kfx_crypto_ctx __kfx_ctx_kptr *sig;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, CTX_SLOTS);
	__type(key, __u32);
	__type(value, struct ctx_slot);
} slots SEC(".maps");

struct out {
	unsigned char sha256[32];
	unsigned char crc32c[4];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct out);
} outs SEC(".maps");

/* A reference to @c in @field of every slot; @c itself is released. */
#define FILL_SLOTS(field, c)						\
	({								\
		int __r = 0;						\
		for (__u32 i = 0; i < CTX_SLOTS && !__r; i++) {		\
			struct ctx_slot *s = bpf_map_lookup_elem(&slots, &i); \
			struct kfx_crypto_ctx *ref;			\
									\
			ref = s ? kfx_crypto_ctx_acquire(c) : NULL;	\
			if (!ref)					\
				__r = 1;				\
			else						\
				kfx_crypto_ctx_store(&s->field, ref);	\
		}							\
		kfx_crypto_ctx_release(c);				\
		__r;							\
	})

/* The three ctxs, one reference each per slot, and data[]: 0, else which failed. */
SEC("syscall")
__success __retval(0) __ctx_kernel
int setup_context(void *ctx)
{
	struct kfx_crypto_ctx *c;

	for (int i = 0; i < CTX_DATA_LEN; i++)
		data[i] = i * 7 + 3;
	c = CREATE_CTX("hash", "sha256", "", 0);
	if (!c || FILL_SLOTS(sha256, c))
		return 1;
	c = CREATE_CTX("hash", "crc32c", "", 0);
	if (!c || FILL_SLOTS(crc32c, c))
		return 2;
	c = CREATE_CTX("sig", "p1363(ecdsa-nist-p256)", ECDSA_P256_PUB, 0);
	if (!c || FILL_SLOTS(sig, c))
		return 3;
	return 0;
}

/* Count result @r of family @f: @right when it is the right answer. */
static __always_inline void count(int f, enum ctx_expect e, int r, bool right)
{
	struct ctx_count *n = &res.fam[f];

	if (right && e != CE_BUSY)
		__sync_fetch_and_add(&n->answer, 1);
	else if (r == -EBUSY && e != CE_ANSWER)
		__sync_fetch_and_add(&n->busy, 1);
	else {
		__sync_fetch_and_add(&n->bad, 1);
		n->last_bad = r;
	}
}

/* The string families: no context restriction, always the answer. */
static __always_inline void strings(void)
{
	int r;

	r = kfx_strlen(str);
	count(CF_STRLEN, CE_ANSWER, r, r == 11);
	r = kfx_strlen_buf(str, sizeof(str));
	count(CF_STRLEN_BUF, CE_ANSWER, r, r == 11);
}

static __always_inline void hashes(struct kfx_crypto_ctx *sha,
				   struct kfx_crypto_ctx *crc,
				   enum ctx_expect e)
{
	struct out *o;
	kfx_dynptr_t d, w;
	__u32 zero = 0;
	int r;

	o = bpf_map_lookup_elem(&outs, &zero);
	if (!o)
		return;
	bpf_dynptr_from_mem(data, sizeof(data), 0, &d);
	bpf_dynptr_from_mem(o->sha256, sizeof(o->sha256), 0, &w);
	r = kfx_crypto_hash(sha, &d, &w);
	count(CF_SHA256, e, r,
	      !r && !differ((char *)o->sha256, (char *)want_sha256, 32));
	bpf_dynptr_from_mem(data, sizeof(data), 0, &d);
	bpf_dynptr_from_mem(o->crc32c, sizeof(o->crc32c), 0, &w);
	r = kfx_crypto_hash(crc, &d, &w);
	count(CF_CRC32C, e, r,
	      !r && !differ((char *)o->crc32c, (char *)want_crc32c, 4));
}

static __always_inline void verify(struct kfx_crypto_ctx *c, enum ctx_expect e)
{
	kfx_dynptr_t m, s;
	int r;

	bpf_dynptr_from_mem(md, sizeof(md) - 1, 0, &m);
	bpf_dynptr_from_mem(sig, sizeof(sig) - 1, 0, &s);
	r = kfx_sig_verify(c, &m, &s);
	count(CF_SIG, e, r, r == 0);
}

/* Put @c back in @field (it was taken out: no one else can have filled it). */
#define PUT_BACK(field, c)						\
	do {								\
		if (c)							\
			kfx_crypto_ctx_store(&sl->field, c);		\
	} while (0)

/* One run: every family, this CPU's ctxs taken out and put back. */
static __always_inline int exercise(enum ctx_expect e)
{
	struct kfx_crypto_ctx *sha, *crc, *sg;
	__u32 cpu = bpf_get_smp_processor_id();
	struct ctx_slot *sl = bpf_map_lookup_elem(&slots, &cpu);

	strings();
	if (!sl)
		return 0;
	sha = bpf_kptr_xchg(&sl->sha256, NULL);
	crc = bpf_kptr_xchg(&sl->crc32c, NULL);
	sg = bpf_kptr_xchg(&sl->sig, NULL);
	if (sha && crc && sg) {
		res.expect = e;
		__sync_fetch_and_add(&res.runs, 1);
		hashes(sha, crc, e);
		verify(sg, e);
	} else {
		__sync_fetch_and_add(&res.no_ctx, 1);
	}
	PUT_BACK(sha256, sha);
	PUT_BACK(crc32c, crc);
	PUT_BACK(sig, sg);
	return 0;
}

/* Task context, bottom halves on (RT: preemption off): the answer. */
SEC("tp_btf/sys_enter")
__success __setup("setup_context") __driver("context") __ctx_kernel
int BPF_PROG(at_sys_enter, struct pt_regs *regs, long id)
{
	return exercise(CE_ANSWER);
}

SEC("tp_btf/sys_exit")
__success __setup("setup_context") __driver("context") __ctx_kernel
int BPF_PROG(at_sys_exit, struct pt_regs *regs, long ret)
{
	return exercise(CE_ANSWER);
}

/* A softirq (timers, the loopback packets of the workload): the answer. */
SEC("tp_btf/softirq_entry")
__success __setup("setup_context") __driver("context") __ctx_kernel
int BPF_PROG(at_softirq_entry, unsigned int vec)
{
	return exercise(CE_ANSWER);
}

/* An LSM hook in task context: the answer. */
SEC("lsm/file_open")
__success __setup("setup_context") __driver("context") __ctx_kernel
int BPF_PROG(at_lsm_file_open, struct file *file)
{
	exercise(CE_ANSWER);
	return 0;
}

/* The scheduler, run queue locked, interrupts off: -EBUSY. */
SEC("tp_btf/sched_switch")
__success __setup("setup_context") __driver("context") __ctx_kernel
int BPF_PROG(at_sched_switch, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	return exercise(CE_BUSY);
}

/* Hard interrupt handlers (arm64's timer among them): -EBUSY. */
SEC("tp_btf/irq_handler_entry")
__success __setup("setup_context") __driver("context") __ctx_kernel
int BPF_PROG(at_irq_handler_entry, int irq, struct irqaction *action)
{
	return exercise(CE_BUSY);
}

#if defined(__TARGET_ARCH_x86)
/* x86's local APIC timer interrupt: -EBUSY. */
SEC("tp_btf/local_timer_entry")
__success __setup("setup_context") __driver("context") __ctx_kernel
int BPF_PROG(at_local_timer_entry, int vector)
{
	return exercise(CE_BUSY);
}

/*
 * x86's FPU register sections: the task's registers are loaded and not
 * yet marked so (signal return: bottom halves off, interrupts on; return
 * to user space: interrupts off).  The answer without SIMD, or -EBUSY;
 * the companion's registers must survive either.
 */
SEC("tp_btf/x86_fpu_regs_activated")
__success __setup("setup_context") __driver("context") __ctx_kernel
int BPF_PROG(at_x86_fpu_regs_activated, struct fpu *fpu)
{
	return exercise(CE_EITHER);
}

SEC("tp_btf/x86_fpu_regs_deactivated")
__success __setup("setup_context") __driver("context") __ctx_kernel
int BPF_PROG(at_x86_fpu_regs_deactivated, struct fpu *fpu)
{
	return exercise(CE_EITHER);
}
#endif

#if defined(__TARGET_ARCH_arm64)
/* arm64's restore of the task's FPSIMD registers on return to user space. */
SEC("fentry/fpsimd_restore_current_state")
__success __setup("setup_context") __driver("context") __ctx_kernel
__needs_ksym("fpsimd_restore_current_state")
int BPF_PROG(at_fpsimd_restore_current_state)
{
	return exercise(CE_EITHER);
}
#endif

char _license[] SEC("license") = "GPL";
