/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kfunc table: every kfunc kfx registers, once, as
 *
 *	KFX_KFUNC(name, family, flags, progs)
 *
 * @name:   the kfunc, defined with its kernel-doc in its family's file
 * @family: core (kfx_core.c), string (kfx_string.c), string_buf
 *	    (kfx_string_buf.c), crypto (kfx_crypto.c), hash
 *	    (kfx_crypto_hash.c) or sig (kfx_crypto_sig.c)
 * @flags:  its BTF_ID_FLAGS() flags, 0 for none
 * @progs:  the program types that get it, one of the KFX_PROGS() classes
 *	    at the end: ANY, PKT or SYSCALL
 *
 * Everything else is made from this table or checked against it: the BTF
 * id sets of kfx_main.c, kfxctl's list and the runner's
 * (tests/runner/module.c) include it; those, the prototypes in bpf/kfx.h
 * and the table in docs/kfuncs.md are checked by tools/kfx-doc.py (make
 * check's lint), as are kfx_main.c's hooks against KFX_PROGS().  Rows go
 * in bpf/kfx.h's order.  Includers define KFX_KFUNC() and, when they want
 * it, KFX_PROGS(); this header undefines both at its end.  No include
 * guard.
 */
#ifndef KFX_PROGS
#define KFX_PROGS(progs, types)
#endif

KFX_KFUNC(kfx_version, core, 0, ANY)

KFX_KFUNC(kfx_strcmp, string, 0, ANY)
KFX_KFUNC(kfx_strcasecmp, string, 0, ANY)
KFX_KFUNC(kfx_strncasecmp, string, 0, ANY)
KFX_KFUNC(kfx_strchr, string, 0, ANY)
KFX_KFUNC(kfx_strnchr, string, 0, ANY)
KFX_KFUNC(kfx_strchrnul, string, 0, ANY)
KFX_KFUNC(kfx_strrchr, string, 0, ANY)
KFX_KFUNC(kfx_strlen, string, 0, ANY)
KFX_KFUNC(kfx_strnlen, string, 0, ANY)
KFX_KFUNC(kfx_strspn, string, 0, ANY)
KFX_KFUNC(kfx_strcspn, string, 0, ANY)
KFX_KFUNC(kfx_strstr, string, 0, ANY)
KFX_KFUNC(kfx_strcasestr, string, 0, ANY)
KFX_KFUNC(kfx_strnstr, string, 0, ANY)
KFX_KFUNC(kfx_strncasestr, string, 0, ANY)

KFX_KFUNC(kfx_strcmp_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strcasecmp_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strncasecmp_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strchr_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strnchr_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strchrnul_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strrchr_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strlen_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strnlen_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strspn_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strcspn_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strstr_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strcasestr_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strnstr_buf, string_buf, 0, ANY)
KFX_KFUNC(kfx_strncasestr_buf, string_buf, 0, ANY)

/*
 * A ctx is created by a sleepable SYSCALL program; its references, hashes
 * and ECDSA verification (no allocation, no lock, no FPU) serve every
 * program type; encryption runs skciphers and AEADs that may use the FPU
 * and scatterlists, kept out of tracing programs (NMI, any context), as
 * upstream does.  Beyond upstream, SYSCALL programs may encrypt too: one
 * program can then create, use and release a ctx.
 */
KFX_KFUNC(kfx_crypto_ctx_create, crypto, KF_ACQUIRE | KF_RET_NULL | KF_SLEEPABLE, SYSCALL)
KFX_KFUNC(kfx_crypto_ctx_acquire, crypto, KF_ACQUIRE | KF_RCU | KF_RET_NULL, ANY)
KFX_KFUNC(kfx_crypto_ctx_release, crypto, KF_RELEASE, ANY)
KFX_KFUNC(kfx_crypto_encrypt, crypto, KF_RCU, PKT)
KFX_KFUNC(kfx_crypto_decrypt, crypto, KF_RCU, PKT)
KFX_KFUNC(kfx_crypto_encrypt_noiv, crypto, KF_RCU, PKT)
KFX_KFUNC(kfx_crypto_decrypt_noiv, crypto, KF_RCU, PKT)
KFX_KFUNC(kfx_crypto_ctx_driver, crypto, KF_RCU, PKT)
KFX_KFUNC(kfx_crypto_ctx_digestsize, hash, KF_RCU, ANY)
KFX_KFUNC(kfx_crypto_hash, hash, KF_RCU, ANY)
KFX_KFUNC(kfx_sig_verify, sig, KF_RCU, ANY)

/*
 * The classes: the program types each gets (kfxctl prints these; lint
 * checks them against kfx_main.c's hooks).  LSM programs use the TRACING
 * hook on every kernel; SCHED_ACT has a kfunc hook from 6.4 on.
 */
KFX_PROGS(ANY, "syscall tc xdp tc-act(6.4+) tracing lsm")
KFX_PROGS(PKT, "syscall tc xdp tc-act(6.4+)")
KFX_PROGS(SYSCALL, "syscall (sleepable)")

#undef KFX_KFUNC
#undef KFX_PROGS
