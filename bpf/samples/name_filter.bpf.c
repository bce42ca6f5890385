// SPDX-License-Identifier: GPL-2.0
/*
 * name_filter: match the names the kernel sees, as it sees them, against
 * patterns with kfx's unbounded string kfuncs: the basename of each file
 * opened, the filename of each exec, the comm of the task doing it.  A
 * match is reported through a ring buffer; an exec whose filename matches
 * a "deny" pattern is refused with -EPERM (LSM programs, where the kernel
 * runs the BPF LSM; elsewhere the same checks run from fentry and only
 * report).  The patterns are set by name_filter.c.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "kfx.h"
#include "name_filter.h"

#define EPERM	1

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, NF_MAX_PATTERNS);
	__type(key, __u32);
	__type(value, struct nf_pattern);
} patterns SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 64 * 1024);
} events SEC(".maps");

/*
 * 6.2+ verifiers take a BTF-typed kernel pointer for the unbounded kfuncs
 * (their __ign arguments); 6.1's take only BPF memory, so there the name
 * is copied first.  Set by the loader; the verifier drops the other path.
 */
const volatile bool direct;
/*
 * Lockdown (confidentiality) refuses bpf_probe_read_kernel_str() to BPF
 * programs: the loader clears this there, and events carry no name.  Only
 * with @direct: without it the matching itself needs the copy.
 */
const volatile bool copy_names = true;
__u64 matches, denied;

/* A per-CPU copy of the name, for 6.1 and for the event. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct nf_event);
} scratch SEC(".maps");

struct match_ctx {
	const char *name;	/* the kernel's string */
	char *copy;		/* its copy, NF_NAME_MAX bytes */
	char *comm;
	__u32 kind;
	int found;		/* index of the pattern that matched, or -1 */
	bool deny;
};

/* Whether pattern @i matches: a substring of the name or of the comm. */
static int match_one(__u32 i, struct match_ctx *m)
{
	struct nf_pattern *p = bpf_map_lookup_elem(&patterns, &i);

	if (!p || !p->text[0])
		return 1;	/* the patterns end at the first empty one */
	if (!(p->kinds & (1 << m->kind)))
		return 0;
	if ((direct ? kfx_strstr(m->name, p->text) :
		      kfx_strstr(m->copy, p->text)) >= 0 ||
	    (p->kinds & NF_MATCH_COMM && kfx_strstr(m->comm, p->text) >= 0)) {
		m->found = i;
		m->deny = m->kind == NF_EXEC && p->deny;
		return 1;
	}
	return 0;
}

/* Match @name against the patterns; report a match; true to deny. */
static __always_inline bool check(const char *name, __u32 kind)
{
	struct match_ctx m = { .name = name, .kind = kind, .found = -1 };
	struct nf_event *e, *r;
	__u32 zero = 0;

	e = bpf_map_lookup_elem(&scratch, &zero);
	if (!e)
		return false;
	if (copy_names)
		bpf_probe_read_kernel_str(e->name, sizeof(e->name), name);
	else
		e->name[0] = '\0';
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	m.copy = e->name;
	m.comm = e->comm;
	bpf_loop(NF_MAX_PATTERNS, match_one, &m, 0);
	if (m.found < 0)
		return false;
	__sync_fetch_and_add(&matches, 1);
	if (m.deny)
		__sync_fetch_and_add(&denied, 1);
	r = bpf_ringbuf_reserve(&events, sizeof(*r), 0);
	if (r) {
		__builtin_memcpy(r->name, e->name, sizeof(r->name));
		__builtin_memcpy(r->comm, e->comm, sizeof(r->comm));
		r->pid = bpf_get_current_pid_tgid() >> 32;
		r->kind = kind;
		r->pattern = m.found;
		r->denied = m.deny;
		bpf_ringbuf_submit(r, 0);
	}
	return m.deny;
}

SEC("lsm/bprm_check_security")
int BPF_PROG(lsm_exec, struct linux_binprm *bprm)
{
	if (check(bprm->filename, NF_EXEC))
		return -EPERM;
	return 0;
}

SEC("lsm/file_open")
int BPF_PROG(lsm_open, struct file *file)
{
	check((const char *)file->f_path.dentry->d_name.name, NF_OPEN);
	return 0;
}

/* Where the BPF LSM is not active: the same checks, reporting only. */
SEC("fentry/security_bprm_check")
int BPF_PROG(fentry_exec, struct linux_binprm *bprm)
{
	check(bprm->filename, NF_EXEC);
	return 0;
}

SEC("fentry/security_file_open")
int BPF_PROG(fentry_open, struct file *file)
{
	check((const char *)file->f_path.dentry->d_name.name, NF_OPEN);
	return 0;
}

char _license[] SEC("license") = "GPL";
