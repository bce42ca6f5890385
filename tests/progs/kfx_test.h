/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kfx_test.h - how a test states what it expects, next to its program.
 *
 * The annotations are BTF decl tags on the program's function (as in the
 * kernel selftests' bpf_misc.h); the runner (tests/runner/loader.c) reads
 * them from the object's BTF, loads each program on its own, and checks:
 *
 *   __success              the verifier accepts the program
 *   __failure              the verifier rejects it
 *   __msg("text")          the verifier log contains text (several allowed)
 *   __retval(N)            BPF_PROG_TEST_RUN returns N (only then is it run)
 *   __needs_ksym("name")   only where vmlinux BTF has function name, else skip
 *   __without_ksym("name") only where vmlinux BTF lacks function name
 *   __arch("x86")          only on that architecture (x86, arm64: the
 *                          __TARGET_ARCH_ names), else skip
 *   __driver("name")       after loading, hand the program to the runner's
 *                          driver "name" (tests/runner/<name>.c), which
 *                          feeds it cases and judges the results
 *   __setup("prog")        load SYSCALL program prog of the same object too
 *                          and run it first; it must return 0 (e.g. it
 *                          creates a crypto ctx and stores it in a map)
 *   __with("prog")         load program prog of the same object too, for
 *                          the driver to attach beside it (never run here)
 *   __locked_down          run it only after the runner raised lockdown
 *                          (confidentiality), its last step
 *   __pkt_size(N)          run it on an N-byte test packet (default 64;
 *                          larger than a page, an xdp.frags program gets
 *                          a multi-buffer packet)
 */
#ifndef _KFX_TEST_H
#define _KFX_TEST_H

#define __kfx_str(x)		#x
#define __kfx_xstr(x)		__kfx_str(x)
#define __kfx_tag(t)		__attribute__((btf_decl_tag("kfx_test:" t)))

#define __success		__kfx_tag("success")
#define __failure		__kfx_tag("failure")
#define __msg(m)		__kfx_tag("msg=" m)
#define __retval(v)		__kfx_tag("retval=" __kfx_xstr(v))
#define __needs_ksym(f)		__kfx_tag("needs_ksym=" f)
#define __without_ksym(f)	__kfx_tag("without_ksym=" f)
#define __arch(a)		__kfx_tag("arch=" a)
#define __driver(d)		__kfx_tag("driver=" d)
#define __setup(p)		__kfx_tag("setup=" p)
#define __with(p)		__kfx_tag("with=" p)
#define __locked_down		__kfx_tag("locked_down")
#define __pkt_size(n)		__kfx_tag("pkt_size=" __kfx_xstr(n))

#endif /* _KFX_TEST_H */
