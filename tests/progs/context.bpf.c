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
/* The driver sets hash_rounds to make setup_context the load instead. */
struct ctx_mode mode SEC(".data.mode") = { .hash_rounds = 0 };

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
	__uint(max_entries, CTX_SLOTS + 1);	/* one per CPU, the origin */
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

static __always_inline struct ctx_slot *slot(__u32 i)
{
	return bpf_map_lookup_elem(&slots, &i);
}

static __noinline int hash_data(struct kfx_crypto_ctx *c, unsigned char *out,
				__u32 len);

/*
 * What the load hashes (long, to be preempted in) and where its digest
 * goes: not `outs`, which a preemptible tracing program on the same CPU
 * may be between its hash and its check of.
 */
char load_buf[32768];
unsigned char load_out[32];

static __noinline int hash_load_buf(struct kfx_crypto_ctx *c, unsigned char *out)
{
	kfx_dynptr_t d, w;

	bpf_dynptr_from_mem(load_buf, sizeof(load_buf), 0, &d);
	bpf_dynptr_from_mem(out, 32, 0, &w);
	return kfx_crypto_hash(c, &d, &w);
}

/*
 * The load the driver runs beside the workload on the same CPU: a
 * SYSCALL program (task context, preemptible) hashing with the origin's
 * sha256 ctx, 64 KiB a run, so that the workload's tracing programs often
 * find it between two hashes or preempted in one (PREEMPT_RT).  0, or the
 * first errno; a run that finds the origin taken hashes nothing.
 */
static __always_inline int hash_load(void)
{
	struct ctx_slot *s = slot(CTX_ORIGIN);
	struct kfx_crypto_ctx *c;
	int r;

	c = s ? bpf_kptr_xchg(&s->sha256, NULL) : NULL;
	if (!c)
		return 0;
	r = hash_load_buf(c, load_out);
	r = r ?: hash_load_buf(c, load_out);
	kfx_crypto_ctx_store(&s->sha256, c);
	__sync_fetch_and_add(&mode.hashed, 2 * sizeof(load_buf) / 1024);
	return r;
}

/* The three ctxs in the origin slot, and data[]: 0, else which failed. */
SEC("syscall")
__success __retval(0) __ctx_kernel
int setup_context(void *ctx)
{
	struct ctx_slot *s = slot(CTX_ORIGIN);
	struct kfx_crypto_ctx *c;

	if (mode.hash_rounds)
		return hash_load();
	for (int i = 0; i < CTX_DATA_LEN; i++)
		data[i] = i * 7 + 3;
	if (!s)
		return 1;
	c = CREATE_CTX("hash", "sha256", "", 0);
	if (!c)
		return 2;
	kfx_crypto_ctx_store(&s->sha256, c);
	c = CREATE_CTX("hash", "crc32c", "", 0);
	if (!c)
		return 3;
	kfx_crypto_ctx_store(&s->crc32c, c);
	c = CREATE_CTX("sig", "p1363(ecdsa-nist-p256)", ECDSA_P256_PUB, 0);
	if (!c)
		return 4;
	kfx_crypto_ctx_store(&s->sig, c);
	return 0;
}

/*
 * A new reference to the origin's ctx in @field, or NULL: how a CPU's
 * empty slot gets its own on the first run there.  NULL as well while
 * another CPU has the origin's out (that run then counts as no_ctx).
 */
#define REF_FROM_ORIGIN(field)						\
	({								\
		struct ctx_slot *__o = slot(CTX_ORIGIN);		\
		struct kfx_crypto_ctx *__c, *__ref = NULL;		\
									\
		__c = __o ? bpf_kptr_xchg(&__o->field, NULL) : NULL;	\
		if (__c) {						\
			__ref = kfx_crypto_ctx_acquire(__c);		\
			kfx_crypto_ctx_store(&__o->field, __c);		\
		}							\
		__ref;							\
	})

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

/*
 * kfx_crypto_hash() of data[] into @out, @len bytes.  Not inlined: each
 * call gets a fresh stack frame for its dynptrs (6.1 initialises a
 * dynptr's slot once per frame).
 */
static __noinline int hash_data(struct kfx_crypto_ctx *c, unsigned char *out,
				__u32 len)
{
	kfx_dynptr_t d, w;

	bpf_dynptr_from_mem(data, sizeof(data), 0, &d);
	bpf_dynptr_from_mem(out, len, 0, &w);
	return kfx_crypto_hash(c, &d, &w);
}

static __always_inline void hashes(struct kfx_crypto_ctx *sha,
				   struct kfx_crypto_ctx *crc,
				   enum ctx_expect e)
{
	__u32 zero = 0;
	struct out *o;
	int r;

	o = bpf_map_lookup_elem(&outs, &zero);
	if (!o)
		return;
	r = hash_data(sha, o->sha256, sizeof(o->sha256));
	count(CF_SHA256, e, r,
	      !r && !differ((char *)o->sha256, (char *)want_sha256, 32));
	r = hash_data(crc, o->crc32c, sizeof(o->crc32c));
	count(CF_CRC32C, e, r,
	      !r && !differ((char *)o->crc32c, (char *)want_crc32c, 4));
}

/* kfx_sig_verify() of RFC 6979's signature (a frame of its own, as above). */
static __noinline int verify_sample(struct kfx_crypto_ctx *c)
{
	kfx_dynptr_t m, s;

	bpf_dynptr_from_mem(md, sizeof(md) - 1, 0, &m);
	bpf_dynptr_from_mem(sig, sizeof(sig) - 1, 0, &s);
	return kfx_sig_verify(c, &m, &s);
}

static __always_inline void verify(struct kfx_crypto_ctx *c, enum ctx_expect e)
{
	int r = verify_sample(c);

	count(CF_SIG, e, r, r == 0);
}

/* This CPU's ctx in @field, taken out of its slot (or a new reference). */
#define TAKE(field)	(bpf_kptr_xchg(&sl->field, NULL) ?: REF_FROM_ORIGIN(field))
/* Put @c back in @field of this CPU's slot (no one else fills it). */
#define PUT(field, c)	kfx_crypto_ctx_store(&sl->field, c)

/*
 * One run: every family, with this CPU's ctxs taken out and put back;
 * a run without all three counts as no_ctx.  (Each missing ctx returns
 * on its own path: 6.1's verifier loses references merged into flags.)
 */
static __always_inline int exercise(enum ctx_expect e)
{
	struct kfx_crypto_ctx *sha, *crc, *sg;
	__u32 cpu = bpf_get_smp_processor_id();
	struct ctx_slot *sl = cpu < CTX_SLOTS ? slot(cpu) : NULL;

	if (!sl)
		return 0;
	sha = TAKE(sha256);
	if (!sha)
		goto no_ctx;
	crc = TAKE(crc32c);
	if (!crc) {
		PUT(sha256, sha);
		goto no_ctx;
	}
	sg = TAKE(sig);
	if (!sg) {
		PUT(sha256, sha);
		PUT(crc32c, crc);
		goto no_ctx;
	}
	res.expect = e;
	__sync_fetch_and_add(&res.runs, 1);
	strings();
	hashes(sha, crc, e);
	verify(sg, e);
	PUT(sha256, sha);
	PUT(crc32c, crc);
	PUT(sig, sg);
	return 0;
no_ctx:
	__sync_fetch_and_add(&res.no_ctx, 1);
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

/*
 * A signal return whose task's registers are not live when the kernel
 * loads them from the signal frame: there a fence cannot be repaired
 * (kfx_crypto_fpu_verdict()'s KFX_FPU_UNSAFE).  fpu_user_at_sigreturn
 * hashes at the driver's thread's rt_sigreturn entry with the best
 * driver (task context, bottom halves on: SIMD, so kernel_fpu_begin()
 * saves the signal handler's registers to memory and marks them not
 * loaded).  restore_fpregs_from_user() then loads the frame's registers
 * straight from user memory and, bottom halves off, marks them live:
 * at_sigreturn_regs_activated runs between the two, the frame's values
 * only in the registers.  A fence there (kernel_fpu_begin_mask(0), then
 * switch_fpu_return()) would reload the handler's from memory, and the
 * companion sees them after the signal return.  (On PREEMPT_RT the hash
 * at the entry is fenced and repaired, and the registers are live again
 * at the restore: the case of the fence.)  Where kfx has generic
 * twins (6.x: the driver sets mode.strict) the answer is due, from them;
 * else (7.x: no fence, no twin) -EBUSY may be.  The driver fails the
 * test when no signal return was primed so.
 */
SEC("tp_btf/sys_enter")
__success __arch("x86") __ctx_kernel
int BPF_PROG(fpu_user_at_sigreturn, struct pt_regs *regs, long id)
{
	__u32 cpu = bpf_get_smp_processor_id();
	struct ctx_slot *sl = cpu < CTX_SLOTS ? slot(cpu) : NULL;
	struct kfx_crypto_ctx *sha;
	__u32 zero = 0;
	struct out *o;

	/* 15: __NR_rt_sigreturn on x86-64 */
	if (id != 15 || (__u32)bpf_get_current_pid_tgid() != mode.tid || !sl)
		return 0;
	sha = TAKE(sha256);
	if (sha) {
		o = bpf_map_lookup_elem(&outs, &zero);
		if (o && !hash_data(sha, o->sha256, sizeof(o->sha256)))
			__sync_fetch_and_add(&mode.primed, 1);
		PUT(sha256, sha);
	}
	/*
	 * Armed after the hash: a fenced one (PREEMPT_RT, where this runs
	 * with preemption off) ends in switch_fpu_return(), whose own
	 * x86_fpu_regs_activated comes inside it, the scratch still held.
	 */
	mode.armed = 1;
	return 0;
}

SEC("tp_btf/x86_fpu_regs_activated")
__success __setup("setup_context") __with("fpu_user_at_sigreturn")
__driver("context") __ctx_kernel
int BPF_PROG(at_sigreturn_regs_activated, struct fpu *fpu)
{
	if (!mode.armed || (__u32)bpf_get_current_pid_tgid() != mode.tid)
		return 0;
	mode.armed = 0;
	return exercise(mode.strict ? CE_ANSWER : CE_EITHER);
}
#endif

#if defined(__TARGET_ARCH_arm64)
/*
 * Hard interrupt handlers, the timer's among them (x86's guests have no
 * device interrupt while the workload runs; its timer is above): -EBUSY.
 */
SEC("tp_btf/irq_handler_entry")
__success __setup("setup_context") __driver("context") __ctx_kernel
int BPF_PROG(at_irq_handler_entry, int irq, struct irqaction *action)
{
	return exercise(CE_BUSY);
}

#endif

/* arm64 6.1 has no BPF trampoline: fentry only from 6.4 (the non-6.1 object) */
#if defined(__TARGET_ARCH_arm64) && !defined(KFX_KPTR_REF)
/* arm64's restore of the task's FPSIMD registers on return to user space. */
SEC("fentry/fpsimd_restore_current_state")
__success __setup("setup_context") __driver("context") __ctx_kernel
int BPF_PROG(at_fpsimd_restore_current_state)
{
	return exercise(CE_EITHER);
}
#endif

char _license[] SEC("license") = "GPL";
