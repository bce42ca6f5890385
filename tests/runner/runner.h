/* SPDX-License-Identifier: GPL-2.0 */
/* Drivers: user-space halves of test programs tagged __driver("name"). */
#ifndef _KFX_RUNNER_H
#define _KFX_RUNNER_H
#include <stdbool.h>
#include <stddef.h>

struct bpf_object;
struct bpf_program;

/* The architecture this runner was built for, in __arch()'s names. */
#if defined(__x86_64__)
#define KFX_RUNNER_ARCH	"x86"
#elif defined(__aarch64__)
#define KFX_RUNNER_ARCH	"arm64"
#else
#error "the runner knows x86-64 and arm64"
#endif

/*
 * The kernel's ENOTSUPP (not in uapi): what attaching an fentry program
 * says on a kernel without BPF trampolines (Debian's arm64 6.1: no ftrace
 * direct calls before 6.4), or, on arm64 before 6.2, to a module's
 * function.  A driver reports that as a skip, saying so.
 */
#define KFX_ENOTSUPP	524
int attach_failed(char *why, size_t whylen);

/*
 * A test that judges many inputs (a table, a differential, the fuzzer)
 * says how many, once, before its result line: "# cases: N".  check.sh
 * counts each other result line as one case.
 */
void cases(unsigned long n);

/*
 * Return 0 when the program behaved, else -1 with @why filled in (or 1:
 * nothing this kernel can run, a skip, @why says why).
 */
int string_oracle_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen);
int string_badptr_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen);
int tracing_comm_driver(struct bpf_object *obj, struct bpf_program *prog,
			char *why, size_t whylen);
int crypto_af_alg_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen);
int crypto_concurrency_driver(struct bpf_object *obj, struct bpf_program *prog,
			      char *why, size_t whylen);
int crypto_driver_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen);
int compat_driver(struct bpf_object *obj, struct bpf_program *prog,
		  char *why, size_t whylen);
int compat_nokfx_driver(struct bpf_object *obj, struct bpf_program *prog,
			char *why, size_t whylen);
int crypto_hash_af_alg_driver(struct bpf_object *obj, struct bpf_program *prog,
			      char *why, size_t whylen);
int crypto_bounds_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen);
int tracing_nested_driver(struct bpf_object *obj, struct bpf_program *prog,
			  char *why, size_t whylen);
int crypto_clone_driver(struct bpf_object *obj, struct bpf_program *prog,
			char *why, size_t whylen);
int crypto_egress_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen);
int crypto_nmi_driver(struct bpf_object *obj, struct bpf_program *prog,
		      char *why, size_t whylen);
/* Bring lo up (crypto_clone.c): 0, else -1. */
int loopback_up(void);
int context_driver(struct bpf_object *obj, struct bpf_program *prog,
		   char *why, size_t whylen);
int tracing_result_driver(struct bpf_object *obj, struct bpf_program *prog,
			  char *why, size_t whylen);
/* The boundary tables' case counts per memory kind, and what did not run. */
void crypto_bounds_report(void);
/* Whether a line of @path holds @needle. */
bool file_has(const char *path, const char *needle);
/* Whether the accelerated crypto modules are loaded (crypto_accel.h). */
bool crypto_accelerated(void);
/* How often the one parse of the kernel's BTF served (vmlinux_btf.c). */
void vmlinux_btf_report(void);
/* bpf_object__load() calls of the annotation loader (loader.c) */
extern unsigned long objects_loaded;
#endif
