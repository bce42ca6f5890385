/* SPDX-License-Identifier: GPL-2.0 */
/* Drivers: user-space halves of test programs tagged __driver("name"). */
#ifndef _KFX_RUNNER_H
#define _KFX_RUNNER_H
#include <stdbool.h>
#include <stddef.h>

struct bpf_object;
struct bpf_program;

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
int tracing_result_driver(struct bpf_object *obj, struct bpf_program *prog,
			  char *why, size_t whylen);
/* The boundary tables' case counts per memory kind, and what did not run. */
void crypto_bounds_report(void);
/* Whether a line of @path holds @needle. */
bool file_has(const char *path, const char *needle);
/* Whether the accelerated x86 crypto modules (aesni_intel) are loaded. */
bool crypto_accelerated(void);
#endif
