/* SPDX-License-Identifier: GPL-2.0 */
/* kfx_crypto.c's hooks for module init and exit (kfx_main.c). */
#ifndef _KFX_CRYPTO_H
#define _KFX_CRYPTO_H

int kfx_crypto_register_dtor(void);
void kfx_crypto_exit(void);

#endif /* _KFX_CRYPTO_H */
