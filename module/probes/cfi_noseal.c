// SPDX-License-Identifier: GPL-2.0
/* CFI_NOSEAL() (6.8): keeps objtool from sealing a function's ENDBR. */
#include <linux/cfi.h>
void kfx_probe(void *p)
{
}

CFI_NOSEAL(kfx_probe);
