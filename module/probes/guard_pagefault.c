// SPDX-License-Identifier: GPL-2.0
/* guard(pagefault)(): a scope with page faults disabled (not in 6.12, in 7.2) */
#include <linux/uaccess.h>

int kfx_probe(void)
{
	guard(pagefault)();
	return 0;
}
