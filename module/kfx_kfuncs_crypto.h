/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The crypto kfuncs (kfx_crypto.c) for SYSCALL and packet programs only,
 * with upstream's flags, as BTF_ID_FLAGS() entries for the SYSCALL and
 * packet sets of kfx_main.c: encryption runs skciphers and AEADs that
 * may use the FPU and scatterlists, kept out of tracing programs (NMI,
 * any context).  Beyond upstream, SYSCALL programs may encrypt too: one
 * program can then create, use and release a ctx, which 6.1's map kptrs
 * make awkward.  No include guard.
 */
BTF_ID_FLAGS(func, kfx_crypto_encrypt, KF_RCU)
BTF_ID_FLAGS(func, kfx_crypto_decrypt, KF_RCU)
BTF_ID_FLAGS(func, kfx_crypto_encrypt_noiv, KF_RCU)
BTF_ID_FLAGS(func, kfx_crypto_decrypt_noiv, KF_RCU)
BTF_ID_FLAGS(func, kfx_crypto_ctx_driver, KF_RCU)
