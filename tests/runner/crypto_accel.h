/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The accelerated x86 crypto modules, kept out until a generic pass has
 * run, then loaded as udev loads them at boot on a CPU with AES-NI (qemu
 * -cpu max emulates AES-NI, PCLMULQDQ and AVX2).  Used by the test runner
 * and crypto_bench alike: both run the generic code first.
 */
#ifndef KFX_CRYPTO_ACCEL_H
#define KFX_CRYPTO_ACCEL_H

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#define KFX_GENERIC_FIRST	"/etc/modprobe.d/kfx-generic-first.conf"

static const char *const kfx_accel_mods[] = {
	"aesni_intel", "ghash_clmulni_intel", "chacha_x86_64",
	"poly1305_x86_64",
};

#define KFX_NR_ACCEL_MODS	(sizeof(kfx_accel_mods) / sizeof(kfx_accel_mods[0]))

/*
 * Keep the kernel from loading the accelerated modules on demand: 6.1 and
 * 6.12 resolve "crypto-aes" to aesni_intel too when a template asks for
 * its cipher.  0, or -1 when the blacklist cannot be written.
 */
static inline int kfx_accel_block(void)
{
	FILE *f;
	size_t i;

	mkdir("/etc", 0755);
	mkdir("/etc/modprobe.d", 0755);
	f = fopen(KFX_GENERIC_FIRST, "w");
	if (!f)
		return -1;
	for (i = 0; i < KFX_NR_ACCEL_MODS; i++)
		fprintf(f, "blacklist %s\n", kfx_accel_mods[i]);
	return fclose(f) ? -1 : 0;
}

/*
 * Lift the blacklist and load every accelerated module this kernel has;
 * @missing (or NULL) is told each one it lacks (7.x folds chacha and
 * poly1305 into the library).
 */
static inline void kfx_accel_load(void (*missing)(const char *mod))
{
	char cmd[64];
	size_t i;

	unlink(KFX_GENERIC_FIRST);
	for (i = 0; i < KFX_NR_ACCEL_MODS; i++) {
		snprintf(cmd, sizeof(cmd), "modprobe %s 2>/dev/null",
			 kfx_accel_mods[i]);
		if (system(cmd) && missing)
			missing(kfx_accel_mods[i]);
	}
}

#endif /* KFX_CRYPTO_ACCEL_H */
