// SPDX-License-Identifier: GPL-2.0
/* The x86-64 test behind copy_from_kernel_nofault_allowed(), inlinable */
#include <linux/types.h>
#include <asm/page.h>
#include <asm/processor.h>
bool kfx_probe(unsigned long a)
{
	return a >= TASK_SIZE_MAX + PAGE_SIZE &&
	       __is_canonical_address(a, boot_cpu_data.x86_virt_bits);
}
