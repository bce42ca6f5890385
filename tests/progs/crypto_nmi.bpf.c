// SPDX-License-Identifier: GPL-2.0
/*
 * A ctx's last reference dropped in NMI context is freed later, never
 * from there: call_rcu() may not be called in NMI context (it would
 * interrupt a call_rcu() of the same CPU half way), so
 * kfx_crypto_ctx_release() queues an irq_work that calls it.  A tracing
 * program can be where the release happens: here tp_btf/nmi_handler,
 * which takes the only reference out of the map and drops it.
 * call_rcu_watch (fentry on call_rcu(), attached beside it) counts every
 * call_rcu() made on the CPU while that release runs: none is due.
 *
 * The driver ("crypto_nmi", tests/runner/crypto_nmi.c) arms the program
 * and prints "kfx-nmi-request" on the console, which tests/vm/run-guest.sh
 * answers with an NMI from qemu's monitor (a TCG guest has no other
 * NMI source that prints nothing).  x86 only (arm64's virt board takes
 * no such NMI); 6.2+ (6.1 tags a referenced kptr otherwise).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "kfx_test.h"
#include "crypto_test.h"

struct kfx_crypto_params params;
int err;

/* What the driver arms and reads. */
struct {
	int armed;	/* the driver wants the release */
	int released;	/* the release ran in an NMI handler's tracepoint */
	int in_release;	/* CPU + 1 while the release runs there, else 0 */
	int violations;	/* call_rcu() calls made inside the release */
} nmi SEC(".data.nmi") = { .armed = 0 };

struct nmi_slot {
	struct kfx_crypto_ctx __kfx_ctx_kptr *ctx;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct nmi_slot);
} nmi_ctx SEC(".maps");

/* A sha256 ctx in the map, its only reference: 0, else 1. */
SEC("syscall")
__success __retval(0) __arch("x86") __needs_ksym("bpf_rcu_read_lock")
int setup_nmi(void *ctx)
{
	struct nmi_slot *s;
	__u32 zero = 0;

	s = bpf_map_lookup_elem(&nmi_ctx, &zero);
	if (!s)
		return 1;
	return KEEP_CTX(&s->ctx, CREATE_CTX("hash", "sha256", "", 0));
}

/* Every call_rcu() on the CPU of a release in NMI context, while it runs. */
SEC("fentry/call_rcu")
__success __arch("x86") __needs_ksym("bpf_rcu_read_lock")
int BPF_PROG(call_rcu_watch)
{
	if (nmi.in_release == (int)bpf_get_smp_processor_id() + 1)
		__sync_fetch_and_add(&nmi.violations, 1);
	return 0;
}

/* In an NMI: the map's reference taken out and dropped, the last one. */
SEC("tp_btf/nmi_handler")
__success __setup("setup_nmi") __with("call_rcu_watch") __driver("crypto_nmi")
__arch("x86") __needs_ksym("bpf_rcu_read_lock")
int BPF_PROG(release_in_nmi, void *handler, s64 delta_ns, int handled)
{
	struct kfx_crypto_ctx *c;
	struct nmi_slot *s;
	__u32 zero = 0;

	if (!nmi.armed)
		return 0;
	s = bpf_map_lookup_elem(&nmi_ctx, &zero);
	c = s ? bpf_kptr_xchg(&s->ctx, NULL) : NULL;
	if (!c)
		return 0;
	nmi.armed = 0;
	nmi.in_release = bpf_get_smp_processor_id() + 1;
	kfx_crypto_ctx_release(c);
	nmi.in_release = 0;
	__sync_fetch_and_add(&nmi.released, 1);
	return 0;
}

char _license[] SEC("license") = "GPL";
