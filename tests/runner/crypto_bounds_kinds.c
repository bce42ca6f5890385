// SPDX-License-Identifier: GPL-2.0
/*
 * The boundary tables' memory kinds (crypto_bounds.c runs them): which
 * program runs which family's cases on which memory, why a kernel may
 * not run one, and the report: the cases each kind ran per family, or
 * why it did not.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "kfx.h"
#include "crypto_bounds_run.h"
#include "runner.h"

/* Why the runner skipped a kind on a kernel (its __needs_ksym). */
#define RING_MISSING	"not run on this kernel: 6.1 passes only local dynptrs to kfuncs (ringbuf ones from 6.2), and the table's slices of a record need bpf_dynptr_adjust (6.5+)"
#define PKT_MISSING	"not run on this kernel: skb and xdp dynptrs came in 6.4, and the table's slices of a packet need bpf_dynptr_adjust (6.5+)"
#define RO_MISSING	"not run on this kernel: tracing (tp_btf) programs get skb dynptrs, read-only, from 6.13"
#define ADJUST		"bpf_dynptr_adjust"
#define TP_SKB		"bpf_get_kmem_cache"	/* 6.13, as tp_btf's skb dynptrs */

#define KIND(p, n, f, h, w, sz, ...)					\
	{ .prog = p, .name = n, .family = f, .how = h, .win = w, .size = sz, \
	  __VA_ARGS__ }

/* Each family's kinds, the same memory under the same names. */
#define MEM_KINDS(f, pre)						\
	KIND(pre "bss", ".bss", f, MEM, BOUNDS_WIN, BOUNDS_REGION),	\
	KIND(pre "map_kmalloc", "map value (kmalloc)", f, MEM,		\
	     BOUNDS_KMALLOC_WIN, BOUNDS_KMALLOC_REGION),		\
	KIND(pre "map_vmalloc", "map value (vmalloc)", f, MEM, BOUNDS_WIN, \
	     BOUNDS_REGION),						\
	KIND(pre "ringbuf", "ringbuf", f, RING, BOUNDS_WIN, BOUNDS_WIN - 1, \
	     .missing = RING_MISSING, .needs = ADJUST)

/* packets: the first 16 bytes of an skb stay the Ethernet header */
#define PKT_KINDS(f, pre, why, ksym)					\
	KIND(pre "skb", "skb linear", f, SKB, 0, 3072, .base = 16,	\
	     .missing = why, .needs = ksym),				\
	KIND(pre "skb_paged", "skb paged", f, SKB, 0, 12288, .base = 16, \
	     .linear = 1024, .paged = true, .missing = why, .needs = ksym), \
	KIND(pre "xdp", "xdp", f, XDP, 0, 3072, .missing = why,	\
	     .needs = ksym),						\
	KIND(pre "xdp_frags", "xdp frags", f, XDP, 0, 12288, .paged = true, \
	     .missing = why, .needs = ksym)

const struct kind kinds[] = {
	KIND("bounds_stack", "stack", FAM_CIPHER, NEVER, 0, 0, .never =
	     "not expressible on any kernel: bpf_dynptr_from_mem() takes map values only (\"Unsupported reg type fp for bpf_dynptr_from_mem data\", bounds_stack checks it)"),
	MEM_KINDS(FAM_CIPHER, "bounds_"),
	PKT_KINDS(FAM_CIPHER, "bounds_", PKT_MISSING, ADJUST),
	MEM_KINDS(FAM_HASH, "bounds_hash_"),
	PKT_KINDS(FAM_HASH, "bounds_hash_", PKT_MISSING, ADJUST),
	KIND("bounds_hash_skb_rdonly", "skb read-only", FAM_HASH,
	     SKB_RO, 0, 3072, .base = 16, .missing = RO_MISSING, .needs = TP_SKB),
	MEM_KINDS(FAM_SIG, "bounds_sig_"),
	PKT_KINDS(FAM_SIG, "bounds_sig_", PKT_MISSING, ADJUST),
	KIND("bounds_sig_skb_rdonly", "skb read-only", FAM_SIG,
	     SKB_RO, 0, 3072, .base = 16, .missing = RO_MISSING, .needs = TP_SKB),
};

const size_t nr_kinds = sizeof(kinds) / sizeof(kinds[0]);

static const char *const family_names[NR_FAMILIES] = { "cipher", "hash", "sig" };

static struct tally tallies[2][sizeof(kinds) / sizeof(kinds[0])];

struct tally *bounds_tally(bool accelerated, size_t k)
{
	return &tallies[accelerated][k];
}

const char *const why_not_names[NR_WHY_NOT] = {
	"", "beyond the kind's room",
	"no partial overlap with a 0- or 1-byte buffer",
	"no such placement across the linear end",
};

/* ---------- a kind's memory ---------- */

/* The packet kinds: the packet, and how much of it is plain memory. */
static int probe_packet(struct run *r)
{
	const struct kind *k = r->k;
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	LIBBPF_OPTS(bpf_test_run_opts, run);
	uint32_t i;

	r->pkt = calloc(1, k->size);
	if (!r->pkt)
		return -ENOMEM;
	for (i = 0; i < k->size; i++)
		r->pkt[i] = bounds_pattern(i, 0xee);
	if (k->how != XDP) {
		/* Ethernet: locally administered MACs, an experimental type */
		memcpy(r->pkt, "\x02\0\0\0\0\x01\x02\0\0\0\0\x02\x88\xb5", 14);
	}
	r->b->n = 0;
	bounds_set_params(&r->b->params, &algos[0]);
	if (bpf_prog_test_run_opts(bpf_program__fd(r->setup), &opts) ||
	    bounds_run_prog(r, &run))
		return -errno;
	r->linear = r->b->linear;
	return 0;
}

/* The programs discard every record: there is nothing to read. */
static int ring_record(void *ctx, void *data, size_t size)
{
	(void)ctx;
	(void)data;
	(void)size;
	return 0;
}

/* SKB_RO: a tc program that does nothing; its test run frees its skb. */
static int make_trigger(void)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	return bpf_prog_load(BPF_PROG_TYPE_SCHED_CLS, "kfx_bounds_free", "GPL",
			     insns, 2, NULL);
}

int bounds_kind_open(struct run *r, struct bpf_object *obj)
{
	const struct kind *k = r->k;
	int err;

	r->trigger = -1;
	if (k->how == RING) {
		struct bpf_map *ring = bpf_object__find_map_by_name(obj, "ring");

		r->ring = ring ? ring_buffer__new(bpf_map__fd(ring), ring_record,
						  NULL, NULL) : NULL;
		if (!r->ring) {
			snprintf(r->why, r->whylen, "ringbuf: %s", strerror(errno));
			return -1;
		}
	}
	if (k->how == SKB_RO) {
		r->trigger = make_trigger();
		r->link = bpf_program__attach(r->prog);
		if (r->trigger < 0 || !r->link) {
			snprintf(r->why, r->whylen, "%s: %s", r->trigger < 0 ?
				 "the trigger program" : "attaching tp_btf/kfree_skb",
				 strerror(errno));
			return -1;
		}
	}
	if (k->how != SKB && k->how != XDP && k->how != SKB_RO)
		return 0;
	r->setup = bpf_object__find_program_by_name(obj, "bounds_setup");
	err = r->setup ? probe_packet(r) : -ENOENT;
	if (err == -EINVAL && k->linear) {
		snprintf(r->why, r->whylen, "not expressible on this kernel: its BPF_PROG_TEST_RUN builds only linear skbs (ctx data_end refused: EINVAL; 6.19+ builds paged ones)");
		return 1;
	}
	if (err) {
		snprintf(r->why, r->whylen, "%s: probing the packet: %s", k->name,
			 strerror(-err));
		return -1;
	}
	if (k->paged && r->linear >= k->size) {
		snprintf(r->why, r->whylen, "%s: the packet came out linear (%u bytes)",
			 k->name, r->linear);
		return -1;
	}
	return 0;
}

void bounds_kind_close(struct run *r)
{
	free(r->pkt);
	ring_buffer__free(r->ring);
	bpf_link__destroy(r->link);
	if (r->trigger >= 0)
		close(r->trigger);
}

/* ---------- the report ---------- */

/* Whether the running kernel's BTF has function @f. */
static bool kernel_has(const char *f)
{
	struct btf *btf = btf__load_vmlinux_btf();
	bool has = btf && btf__find_by_name_kind(btf, f, BTF_KIND_FUNC) > 0;

	btf__free(btf);
	return has;
}

/* Why kind @k has no cases in @t, or NULL. */
static const char *not_run(size_t k, const struct tally *t)
{
	if (kinds[k].never)
		return kinds[k].never;
	if (!t->ran)
		return kinds[k].missing && !kernel_has(kinds[k].needs) ?
		       kinds[k].missing : "not run: see its program's test line";
	return t->skipped[0] ? t->skipped : NULL;
}

/* One line per memory kind: the cases per family, or why there are none. */
static void report_kind(const struct tally *pass, size_t k)
{
	unsigned long cases = 0, nx[NR_WHY_NOT] = { 0 };
	char parts[1024] = "";
	double secs = 0;
	const char *why;
	size_t j, n = 0;
	int w;

	for (j = k; j < nr_kinds; j++) {
		if (strcmp(kinds[j].name, kinds[k].name))
			continue;
		n++;
		why = not_run(j, &pass[j]);
		if (why) {
			snprintf(parts + strlen(parts), sizeof(parts) - strlen(parts),
				 "%s%s: %s", parts[0] ? "; " : "",
				 family_names[kinds[j].family], why);
			continue;
		}
		cases += pass[j].cases;
		secs += pass[j].secs;
		for (w = TOO_BIG; w < NR_WHY_NOT; w++)
			nx[w] += pass[j].not_expr[w];
		snprintf(parts + strlen(parts), sizeof(parts) - strlen(parts),
			 "%s%s %lu", parts[0] ? "; " : "",
			 family_names[kinds[j].family], pass[j].cases);
	}
	if (n == 1 && not_run(k, &pass[k])) {
		printf("#   %-20s %s\n", kinds[k].name, not_run(k, &pass[k]));
		return;
	}
	printf("#   %-20s %6lu cases, %.1f s (%s)", kinds[k].name, cases, secs, parts);
	for (w = TOO_BIG; w < NR_WHY_NOT; w++)
		if (nx[w])
			printf("; %lu not expressible (%s)", nx[w], why_not_names[w]);
	printf("\n");
}

void crypto_bounds_report(void)
{
	unsigned long total;
	double secs;
	size_t k, j;
	bool any;

	for (int pass = 0; pass < 2; pass++) {
		const char *name = pass ? "AES-NI and the x86 drivers loaded" :
				   "generic drivers";

		total = 0;
		secs = 0;
		any = false;
		for (k = 0; k < nr_kinds; k++) {
			total += tallies[pass][k].cases;
			secs += tallies[pass][k].secs;
			any |= tallies[pass][k].ran;
		}
		if (!any) {
			printf("# crypto_bounds table, %s: not run\n", name);
			continue;
		}
		printf("# crypto_bounds table, %s: %lu cases in %.1f s\n", name,
		       total, secs);
		for (k = 0; k < nr_kinds; k++) {
			for (j = 0; j < k && strcmp(kinds[j].name, kinds[k].name); j++)
				;
			if (j == k)	/* the kind's first entry */
				report_kind(tallies[pass], k);
		}
	}
	printf("# crypto_bounds: not in the table: a read-only dst (kfx serves encryption to no program type that makes read-only dynptrs; a read-only hash out is the tp_btf kind, 6.13+); dst, out or siv in an skb clone's shared data (BPF_PROG_TEST_RUN's skbs are never clones), data in an skb's frag_list (it builds none); kfx_crypto_encrypt() with a NULL siv (the _noiv twins are its cases; crypto.bpf.c has it on 6.11+); hash out overlapping its data, one dynptr as both (the contract says nothing of them); a sig message or signature in a packet's paged part (the contract does not say whether that is reachable)\n");
}
