// SPDX-License-Identifier: GPL-2.0
/*
 * The annotation loader (as the BPF selftests' test_loader.c): every
 * program of every test object embedded from tests/progs/, loaded on its
 * own and checked against the expectations declared next to it with the
 * decl tags tests/progs/kfx_test.h lists, each with what it means.  A
 * __driver program is handed to its user-space half (the drivers table
 * below, tests/runner/<name>.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "kfx.h"
#include "runner.h"
#include "scenario.h"
#include "string_oracle.h"
#include "string_badptr.h"
#include "crypto_af_alg.h"	/* types of the test objects' globals */
#include "crypto_bounds.h"
#include "crypto_hash_af_alg.h"
#include "crypto_driver.h"
#include "context.h"
#include "fuzz_int.h"		/* types of the fuzz objects' globals */
#include "kfx_test_objs.h"	/* generated: the embedded test objects */

const char *only;
unsigned long objects_loaded;
bool locked_down;
bool quiet_libbpf;
static char vlog[1 << 20];

#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

/* Whether --only's comma-separated words hold one that @name contains. */
static bool name_selected(const char *name)
{
	const char *w = only, *end;
	char word[128];
	size_t n;

	for (; *w; w = *end ? end + 1 : end) {
		end = strchrnul(w, ',');
		n = (size_t)(end - w);
		if (!n || n >= sizeof(word))
			continue;
		memcpy(word, w, n);
		word[n] = '\0';
		if (strstr(name, word))
			return true;
	}
	return false;
}

struct expect {
	bool success, failure;
	bool has_retval;
	long long retval;
	const char *msgs[8];
	int nr_msgs;
	const char *needs_ksym, *without_ksym;
	const char *arch;
	const char *driver;
	const char *setup;
	const char *with;
	unsigned int pkt_size;
	bool locked_down;
};

static const struct {
	const char *name;
	int (*run)(struct bpf_object *obj, struct bpf_program *prog,
		   char *why, size_t whylen);
} drivers[] = {
	{ "string_oracle", string_oracle_driver },
	{ "string_badptr", string_badptr_driver },
	{ "tracing_comm", tracing_comm_driver },
	{ "crypto_af_alg", crypto_af_alg_driver },
	{ "crypto_concurrency", crypto_concurrency_driver },
	{ "crypto_driver", crypto_driver_driver },
	{ "compat", compat_driver },
	{ "compat_nokfx", compat_nokfx_driver },
	{ "crypto_bounds", crypto_bounds_driver },
	{ "tracing_result", tracing_result_driver },
	{ "tracing_nested", tracing_nested_driver },
	{ "context", context_driver },
	{ "crypto_clone", crypto_clone_driver },
	{ "crypto_egress", crypto_egress_driver },
	{ "crypto_nmi", crypto_nmi_driver },
	{ "crypto_hash_af_alg", crypto_hash_af_alg_driver },
};

/* (btf__load_vmlinux_btf() is the run's one parse: vmlinux_btf.c) */
bool vmlinux_has_func(const char *f)
{
	struct btf *btf = btf__load_vmlinux_btf();
	bool has = btf && btf__find_by_name_kind(btf, f, BTF_KIND_FUNC) > 0;

	btf__free(btf);
	return has;
}

/*
 * One kfx_test: decl tag @s (its prefix gone) into @e: 0, or -EINVAL with
 * @why naming the tag, as the selftests' test_loader.c does.
 */
static int parse_tag(struct expect *e, const char *s, char *why, size_t n)
{
	char *end;

	if (!strcmp(s, "success")) {
		e->success = true;
	} else if (!strcmp(s, "failure")) {
		e->failure = true;
	} else if (!strncmp(s, "msg=", 4)) {
		if (e->nr_msgs == ARRAY_LEN(e->msgs)) {
			snprintf(why, n, "more than %zu __msg tags, at \"%s\"",
				 ARRAY_LEN(e->msgs), s);
			return -EINVAL;
		}
		e->msgs[e->nr_msgs++] = s + 4;
	} else if (!strncmp(s, "retval=", 7)) {
		e->has_retval = true;
		e->retval = strtoll(s + 7, &end, 0);
		if (end == s + 7 || *end) {
			snprintf(why, n, "__retval is not a number: \"%s\"", s);
			return -EINVAL;
		}
	} else if (!strncmp(s, "needs_ksym=", 11)) {
		e->needs_ksym = s + 11;
	} else if (!strncmp(s, "without_ksym=", 13)) {
		e->without_ksym = s + 13;
	} else if (!strncmp(s, "arch=", 5)) {
		e->arch = s + 5;
	} else if (!strncmp(s, "driver=", 7)) {
		e->driver = s + 7;
	} else if (!strncmp(s, "setup=", 6)) {
		e->setup = s + 6;
	} else if (!strncmp(s, "with=", 5)) {
		e->with = s + 5;
	} else if (!strncmp(s, "pkt_size=", 9)) {
		e->pkt_size = strtoul(s + 9, NULL, 0);
	} else if (!strcmp(s, "locked_down")) {
		e->locked_down = true;
	} else {
		snprintf(why, n, "unknown tag \"kfx_test:%s\"", s);
		return -EINVAL;
	}
	return 0;
}

/*
 * The expectations of program @func: its "kfx_test:" decl tags
 * (tests/progs/kfx_test.h).  0, or -EINVAL with @why saying which tag is
 * wrong; -ENOENT when the object has no such function.
 */
static int read_expect(const struct btf *btf, const char *func, struct expect *e,
		       char *why, size_t n)
{
	int id, nr = btf__type_cnt(btf), i, err;

	memset(e, 0, sizeof(*e));
	id = btf__find_by_name_kind(btf, func, BTF_KIND_FUNC);
	if (id <= 0) {
		snprintf(why, n, "no BTF for the function");
		return -ENOENT;
	}
	for (i = 1; i < nr; i++) {
		const struct btf_type *t = btf__type_by_id(btf, i);
		const char *s;

		if (!btf_is_decl_tag(t) || t->type != (unsigned int)id ||
		    btf_decl_tag(t)->component_idx != -1)
			continue;
		s = btf__name_by_offset(btf, t->name_off);
		if (strncmp(s, "kfx_test:", 9))
			continue;
		err = parse_tag(e, s + 9, why, n);
		if (err)
			return err;
	}
	if (e->success == e->failure) {
		snprintf(why, n, "%s", e->success ? "both __success and __failure" :
			 "neither __success nor __failure");
		return -EINVAL;
	}
	return 0;
}

/* Run @prog once, on a @size-byte IPv4 test packet (0: 64) unless SYSCALL. */
int run_prog(struct bpf_program *prog, long long *retval,
		    unsigned int size)
{
	static char pkt[16384] = { [12] = 0x08, [13] = 0x00 };	/* IPv4 */
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	enum bpf_prog_type type = bpf_program__type(prog);
	int err;

	if (size > sizeof(pkt))
		return -E2BIG;
	if (type != BPF_PROG_TYPE_SYSCALL) {
		opts.data_in = pkt;
		opts.data_size_in = size ? size : 64;
		opts.repeat = 1;
	}
	err = bpf_prog_test_run_opts(bpf_program__fd(prog), &opts);
	if (err)
		return err;
	*retval = (int)opts.retval;
	return 0;
}

/*
 * Whether @e lets the program run here: its turn (before or after
 * lockdown), its kernel and architecture; a skip is reported.
 */
static bool expect_applies(const struct expect *e, const char *name,
			   const char *label)
{
	if (e->locked_down != locked_down)
		return false;	/* its turn is before or after lockdown */
	/*
	 * A rerun over other drivers ("object@aesni") runs only programs
	 * that run: a verifier refusal or a load-only program cannot depend
	 * on the crypto driver behind a ctx (issue 31: 75 such reruns a row).
	 */
	if (strchr(label, '@') && !(e->success && (e->has_retval || e->driver)))
		return false;
	if (e->needs_ksym && !vmlinux_has_func(e->needs_ksym)) {
		SKIP(name, "kernel lacks %s", e->needs_ksym);
		return false;
	}
	if (e->without_ksym && vmlinux_has_func(e->without_ksym)) {
		SKIP(name, "kernel has %s", e->without_ksym);
		return false;
	}
	if (e->arch && strcmp(e->arch, KFX_RUNNER_ARCH)) {
		SKIP(name, "%s only, this is %s", e->arch, KFX_RUNNER_ARCH);
		return false;
	}
	return true;
}

/* The program named by __setup or __with (none: NULL, and true). */
static bool find_partner(struct bpf_object *obj, const char *pname,
			 const char *what, const char *name,
			 struct bpf_program **partner)
{
	*partner = NULL;
	if (!pname)
		return true;
	*partner = bpf_object__find_program_by_name(obj, pname);
	if (!*partner)
		FAIL(name, "no %s%s", what, pname);
	return *partner != NULL;
}

/*
 * Load @prog with its partners, judged as @e says: a __success program
 * must load (libbpf prints the log if not), a __failure one must not and
 * its verifier log must hold every __msg.  True when it did as told.
 */
static bool load_judged(struct bpf_object *obj, struct bpf_program *prog,
			const struct expect *e, const char *name)
{
	int err, i;

	vlog[0] = '\0';
	if (e->failure) {
		bpf_program__set_log_buf(prog, vlog, sizeof(vlog));
		bpf_program__set_log_level(prog, 1);
	}
	quiet_libbpf = e->failure;
	objects_loaded++;
	err = bpf_object__load(obj);
	quiet_libbpf = false;
	if (e->success && err) {
		FAIL(name, "verifier rejected it: %s (log above)", strerror(-err));
		return false;
	}
	if (e->failure && !err) {
		FAIL(name, "verifier accepted a program it must reject");
		return false;
	}
	for (i = 0; i < e->nr_msgs; i++) {
		if (!strstr(vlog, e->msgs[i])) {
			FAIL(name, "verifier log lacks \"%s\"", e->msgs[i]);
			printf("# verifier log:\n%s\n", vlog);
			return false;
		}
	}
	return true;
}

/*
 * The __driver's user-space half (the table above): 0 when it passed,
 * else it is reported (its verdict, or an unknown driver).
 */
static int run_driver(struct bpf_object *obj, struct bpf_program *prog,
		      const char *driver, const char *name)
{
	char why[256] = "unknown driver";
	size_t d;
	int dr = -1;

	for (d = 0; d < ARRAY_LEN(drivers); d++)
		if (!strcmp(drivers[d].name, driver))
			break;
	if (d < ARRAY_LEN(drivers))
		dr = drivers[d].run(obj, prog, why, sizeof(why));
	if (dr)
		result(dr > 0 ? 0 : -1, name, "%s", why);
	return dr;
}

/*
 * A loaded __success program run as @e says: its __setup first (must
 * return 0), then its __driver, then one run that must return __retval.
 * True when every step passed.
 */
static bool run_judged(struct bpf_object *obj, struct bpf_program *prog,
		       struct bpf_program *setup, const struct expect *e,
		       const char *name)
{
	long long rv = 0;
	int err;

	if (setup) {
		err = run_prog(setup, &rv, 0);
		if (err || rv) {
			FAIL(name, "setup %s: %s, returned %lld", e->setup,
			     strerror(-err), rv);
			return false;
		}
	}
	if (e->driver && run_driver(obj, prog, e->driver, name))
		return false;
	if (!e->has_retval)
		return true;
	err = run_prog(prog, &rv, e->pkt_size);
	if (err) {
		FAIL(name, "BPF_PROG_TEST_RUN: %s", strerror(-err));
		return false;
	}
	if (rv != e->retval) {
		FAIL(name, "returned %lld (0x%llx), expected %lld (0x%llx)",
		     rv, rv, e->retval, e->retval);
		return false;
	}
	return true;
}

/*
 * Program @progname of object @objname, on its own (with its __setup and
 * __with programs): read its expectations, load it, run it, judge it.
 */
static void test_one_prog(const char *objname, const char *label,
			  const void *elf, size_t sz, const char *progname)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo, .object_name = objname);
	struct bpf_program *prog, *p, *setup, *with;
	struct bpf_object *obj;
	char name[256], why[256];
	struct expect e;

	snprintf(name, sizeof(name), "%s/%s", label, progname);
	if (only && !name_selected(name))
		return;
	obj = bpf_object__open_mem(elf, sz, &oo);
	if (!obj) {
		FAIL(name, "open: %s", strerror(errno));
		return;
	}
	prog = bpf_object__find_program_by_name(obj, progname);
	if (read_expect(bpf_object__btf(obj), progname, &e, why, sizeof(why))) {
		FAIL(name, "unreadable expectations: %s", why);
		goto out;
	}
	if (!expect_applies(&e, name, label) ||
	    !find_partner(obj, e.setup, "setup program ", name, &setup) ||
	    !find_partner(obj, e.with, "program ", name, &with))
		goto out;
	bpf_object__for_each_program(p, obj)
		bpf_program__set_autoload(p, p == prog || p == setup || p == with);
	if (!load_judged(obj, prog, &e, name))
		goto out;
	if (e.success && !run_judged(obj, prog, setup, &e, name))
		goto out;
	PASS(name);
out:
	bpf_object__close(obj);
}

/* Every program of @t; results named @label/<program>. */
static void test_object(const struct kfx_test_obj *t, const char *label)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo, .object_name = t->name);
	struct bpf_object *obj;
	struct bpf_program *p;
	const void *elf;
	size_t sz, n = 0, i;
	char **names;

	elf = t->elf_bytes(&sz);
	obj = bpf_object__open_mem(elf, sz, &oo);
	if (!obj) {
		FAIL(t->name, "open: %s", strerror(errno));
		return;
	}
	bpf_object__for_each_program(p, obj)
		n++;
	names = calloc(n, sizeof(*names));
	i = 0;
	bpf_object__for_each_program(p, obj)
		names[i++] = strdup(bpf_program__name(p));
	bpf_object__close(obj);
	for (i = 0; i < n; i++) {
		test_one_prog(t->name, label, elf, sz, names[i]);
		free(names[i]);
	}
	free(names);
}

void test_objects(const char *prefix, const char *suffix)
{
	test_objects_but(prefix, NULL, suffix);
}

void test_objects_but(const char *prefix, const char *const *skip,
		      const char *suffix)
{
	struct timespec t0, t1;
	char label[64];
	size_t i, j;

	for (i = 0; i < sizeof(kfx_test_objs) / sizeof(kfx_test_objs[0]); i++) {
		const char *o = kfx_test_objs[i].name;
		bool skipped = false;

		if (prefix && strncmp(o, prefix, strlen(prefix)))
			continue;
		for (j = 0; skip && skip[j]; j++)
			skipped |= !strcmp(o, skip[j]);
		if (skipped)
			continue;
		snprintf(label, sizeof(label), "%s%s", o, suffix);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		test_object(&kfx_test_objs[i], label);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		/* where a row's time goes (check.sh's guest phase) */
		printf("# %s: %.1f s\n", label, (t1.tv_sec - t0.tv_sec) +
		       (t1.tv_nsec - t0.tv_nsec) / 1e9);
	}
}

const void *test_obj_elf(const char *name, size_t *sz)
{
	size_t i;

	for (i = 0; i < sizeof(kfx_test_objs) / sizeof(kfx_test_objs[0]); i++)
		if (!strcmp(kfx_test_objs[i].name, name))
			return kfx_test_objs[i].elf_bytes(sz);
	return NULL;
}
