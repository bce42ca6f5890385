// SPDX-License-Identifier: GPL-2.0
/*
 * exec_hash: fingerprint every exec'd file with kfx_crypto_hash().
 *
 * What a tracing program can see of the file at sched_process_exec is
 * bprm->buf, the first BINPRM_BUF_SIZE (256) bytes exec read from it to
 * pick a binary format: the digest is of those bytes, not of the whole
 * file.  For a script, exec reads the interpreter last, so the bytes are
 * the interpreter's (the event names it).
 *
 * The SYSCALL program install creates a "hash" ctx and leaves one
 * reference to it per CPU in `slots`; the tracing program takes its CPU's
 * out with bpf_kptr_xchg(), hashes, and puts it back (kfx.h: a ctx loaded
 * from a map under RCU is not usable).  With one slot per CPU no other CPU
 * can hold it; an empty slot is counted as a miss all the same.  Built
 * twice: exec_hash_6_1.bpf.c is this file with 6.1's kptr tag.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "exec_hash.h"

#define EFAULT	14
#define ENOKEY	126

struct ctx_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);		/* the loader sets one per CPU */
	__type(key, __u32);
	__type(value, struct ctx_slot);
} slots SEC(".maps");

/* Per CPU: a dynptr kfx takes on 6.1 must be over BPF memory. */
struct scratch {
	__u8 data[EH_DATA];
	__u8 digest[EH_DIGEST_MAX];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} scratch SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 256 * 1024);
} events SEC(".maps");

struct kfx_crypto_params params;	/* "hash", the algorithm: the loader */
__u32 install_cpu;			/* the slot install fills */
int err, digest_size;			/* what install got */
struct eh_stats stats;

/*
 * Fill slot install_cpu: slot 0 gets a new ctx (and digest_size its
 * digest size), every other slot a reference to slot 0's.  The loader
 * runs it once per CPU, 0 first: no loop, so any number of CPUs.
 */
SEC("syscall")
int install(void *ctx)
{
	struct kfx_crypto_ctx *c, *ref;
	struct ctx_slot *first, *mine;
	__u32 zero = 0, cpu = install_cpu;

	first = bpf_map_lookup_elem(&slots, &zero);
	mine = bpf_map_lookup_elem(&slots, &cpu);
	if (!first || !mine)
		return 1;
	if (!cpu) {
		c = kfx_crypto_ctx_create(&params, sizeof(params), &err);
		if (!c)
			return 2;
		digest_size = kfx_crypto_ctx_digestsize(c);
		kfx_crypto_ctx_store(&first->ctx, c);
		return 0;
	}
	c = bpf_kptr_xchg(&first->ctx, NULL);
	if (!c)
		return 3;
	ref = kfx_crypto_ctx_acquire(c);
	kfx_crypto_ctx_store(&first->ctx, c);
	if (!ref)
		return 4;
	kfx_crypto_ctx_store(&mine->ctx, ref);
	return 0;
}

/*
 * Hash @len bytes of @b->data into @b->digest with this CPU's ctx: kfx's
 * result, or -ENOKEY when the slot was empty.  Not inlined, so that its
 * dynptrs have a frame of their own (as in udp_crypt.bpf.c).  @len is 64
 * bits wide: a 32-bit one is checked on a zero-extended copy, a bound
 * 6.1's verifier does not carry back to the register passed on.
 */
static __attribute__((noinline)) int digest(struct scratch *b, __u64 len)
{
	__u32 cpu = bpf_get_smp_processor_id();
	kfx_dynptr_t data, out;
	struct kfx_crypto_ctx *c;
	struct ctx_slot *slot;
	int r;

	if (!len || len > EH_DATA)	/* for the verifier: never true */
		return -EFAULT;
	slot = bpf_map_lookup_elem(&slots, &cpu);
	c = slot ? bpf_kptr_xchg(&slot->ctx, NULL) : NULL;
	if (!c)
		return -ENOKEY;
	bpf_dynptr_from_mem(b->data, len, 0, &data);
	bpf_dynptr_from_mem(b->digest, sizeof(b->digest), 0, &out);
	r = kfx_crypto_hash(c, &data, &out);
	kfx_crypto_ctx_store(&slot->ctx, c);
	return r;
}

/*
 * How much of bprm->buf is the file: exec zeroes the buffer and reads up
 * to 256 bytes, so a shorter file is all there, followed by zeros that
 * are not its.
 */
static __always_inline __u32 file_bytes(struct linux_binprm *bprm)
{
	loff_t size = bprm->file->f_inode->i_size;

	return size > 0 && size < EH_DATA ? size : EH_DATA;
}

SEC("tp_btf/sched_process_exec")
int BPF_PROG(on_exec, struct task_struct *p, pid_t old_pid,
	     struct linux_binprm *bprm)
{
	struct scratch *b;
	struct eh_event *e;
	__u32 zero = 0, len;
	int r;

	b = bpf_map_lookup_elem(&scratch, &zero);
	if (!b)
		return 0;
	len = file_bytes(bprm);
	r = bpf_probe_read_kernel(b->data, sizeof(b->data), bprm->buf) ?
	    -EFAULT : digest(b, len);
	if (r == -ENOKEY) {
		__sync_fetch_and_add(&stats.missed, 1);
		return 0;
	}
	if (r)
		__sync_fetch_and_add(&stats.failed, 1);
	else
		__sync_fetch_and_add(&stats.hashed, 1);
	e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);
	if (!e) {
		__sync_fetch_and_add(&stats.lost, 1);
		return 0;
	}
	e->pid = bpf_get_current_pid_tgid() >> 32;
	e->err = r;
	e->len = len;
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	bpf_probe_read_kernel_str(e->filename, sizeof(e->filename),
				  bprm->filename);
	bpf_probe_read_kernel_str(e->interp, sizeof(e->interp), bprm->interp);
	__builtin_memcpy(e->digest, b->digest, sizeof(e->digest));
	bpf_ringbuf_submit(e, 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
