/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the runner's files share: result() and its counts (kfx_test.c), the
 * annotation loader's entry points (loader.c), kfx's loading and unloading
 * (module.c), and the scenarios main() runs in order, one family a file.
 */
#ifndef _KFX_SCENARIO_H
#define _KFX_SCENARIO_H
#include <stdbool.h>
#include <stddef.h>

struct bpf_program;

/* One result line: @kind > 0 "ok", < 0 "not ok: why", 0 "skip: why". */
void result(int kind, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
#define PASS(name)		result(1, name, NULL)
#define FAIL(name, ...)		result(-1, name, __VA_ARGS__)
#define SKIP(name, ...)		result(0, name, __VA_ARGS__)

/* loader.c: the test objects of tests/progs/ against their annotations */
extern const char *only;	/* --only: program tests whose name holds one of its comma-separated words */
extern bool tables_once;	/* --tables-once: no second pass of the tables */
extern bool locked_down;	/* test_lockdown() raised it: __locked_down */
extern bool quiet_libbpf;	/* a rejection is the expected outcome */
bool vmlinux_has_func(const char *f);
/* Run @prog once, on a @size-byte IPv4 test packet (0: 64) unless SYSCALL. */
int run_prog(struct bpf_program *prog, long long *retval, unsigned int size);
/*
 * Every program of every embedded object whose name starts with @prefix
 * (NULL: all), results named <object>@suffix/<program>.
 */
void test_objects(const char *prefix, const char *suffix);
/* The same, but for the objects named in @skip (NULL-terminated). */
void test_objects_but(const char *prefix, const char *const *skip,
		      const char *suffix);
/* The ELF of the embedded object @name, or NULL. */
const void *test_obj_elf(const char *name, size_t *sz);

/* module.c */
int mod_load(const char *path);
int mod_unload(void);
int mod_unload_settled(void);
void test_refuses_without_btf(const char *nobtf);
void test_refuses_mismatched_btf(const char *bad);
void mark_expected_errors_done(void);
void test_load_unload(const char *ko, int rounds);
void test_version_string(void);
void test_btf_has_every_kfunc(void);
void test_prog_pins_module(void);

/* crypto_guest.c */
void crypto_generic_first(void);
void test_crypto_modules_load(void);
void test_crypto_accelerated(void);
void test_crypto_live_zero(void);
void test_crypto_map_frees_ctx(void);

/* compat.c: the compat layer with kfx not loaded */
void test_compat_without_kfx(void);

/* kfxctl_cli.c */
int run_capture(const char *cmd, char *out, size_t len);
int kfxctl(const char *args, char *out, size_t len);
void test_kfxctl_without_module(void);
void test_kfxctl_unprivileged(void);
void test_kfxctl(void);

/* samples.c */
void test_sample_udp_crypt(void);
void test_sample_name_filter(void);

/* samples_exec_hash.c */
void test_sample_exec_hash(void);
void test_sample_exec_hash_bad_algo(void);

/* lockdown.c */
void test_lockdown(void);
#endif
