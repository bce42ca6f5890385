// SPDX-License-Identifier: GPL-2.0
/*
 * switch_fpu_return() for any GPL module (x86): from 6.17 or so it is
 * exported to KVM's modules only (EXPORT_SYMBOL_FOR_KVM), which modpost
 * refuses for kfx; the probes compile, they do not link, so the macro's
 * presence is the test.
 */
#include <linux/kvm_types.h>
#include <asm/fpu/api.h>
#ifdef EXPORT_SYMBOL_FOR_KVM
#error "switch_fpu_return() is exported to KVM's modules only"
#endif
void kfx_probe(void)
{
	switch_fpu_return();
}
