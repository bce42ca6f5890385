/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The crypto kfuncs every program type kfx serves may call, TRACING (and
 * so LSM) included, as BTF_ID_FLAGS() entries for each set of kfx_main.c:
 * a ctx's references (kfx_crypto.c), hashes (kfx_crypto_hash.c: -EBUSY
 * where a tracing program runs in hard interrupt or NMI context) and
 * ECDSA verification (kfx_crypto_sig.c, kfx_ecdsa.c: no allocation, no
 * lock, no FPU).  No include guard.
 */
BTF_ID_FLAGS(func, kfx_crypto_ctx_acquire, KF_ACQUIRE | KF_RCU | KF_RET_NULL)
BTF_ID_FLAGS(func, kfx_crypto_ctx_release, KF_RELEASE)
BTF_ID_FLAGS(func, kfx_crypto_ctx_digestsize, KF_RCU)
BTF_ID_FLAGS(func, kfx_crypto_hash, KF_RCU)
BTF_ID_FLAGS(func, kfx_sig_verify, KF_RCU)
