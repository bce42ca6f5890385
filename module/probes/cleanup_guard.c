// SPDX-License-Identifier: GPL-2.0
/*
 * <linux/cleanup.h> with DEFINE_LOCK_GUARD_0() (6.5; backported to
 * Debian's 6.1), from which a pagefault guard can be made.
 */
#include <linux/cleanup.h>

static void kfx_probe_on(void)
{
}

static void kfx_probe_off(void)
{
}

DEFINE_LOCK_GUARD_0(kfx_probe, kfx_probe_on(), kfx_probe_off())

int kfx_probe(void)
{
	guard(kfx_probe)();
	return 0;
}
