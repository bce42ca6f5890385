/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The accelerated crypto modules, kept out until a generic pass has run,
 * then loaded as udev loads them at boot on a CPU that has the
 * instructions: x86's AES-NI, PCLMULQDQ and AVX2, arm64's AES, PMULL and
 * NEON (qemu -cpu max emulates all of them).  Used by the test runner and
 * crypto_bench alike: both run the generic code first.
 *
 * Per architecture: the modules; the one whose presence in /proc/modules
 * says they are loaded; the substring of the driver names kfx must then
 * pick for AES (every mode, GCM included) and for chacha20; the name of
 * the pass.
 */
#ifndef KFX_CRYPTO_ACCEL_H
#define KFX_CRYPTO_ACCEL_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define KFX_GENERIC_FIRST	"/etc/modprobe.d/kfx-generic-first.conf"

#if defined(__x86_64__)
static const char *const kfx_accel_mods[] = {
	"aesni_intel", "ghash_clmulni_intel", "chacha_x86_64",
	"poly1305_x86_64",
};
#define KFX_ACCEL_MARKER	"aesni_intel"
#define KFX_ACCEL_AES		"aesni"		/* __ecb-aes-aesni, ... */
#define KFX_ACCEL_CHACHA	"chacha20-simd"
#define KFX_ACCEL_PASS		"aesni"
#elif defined(__aarch64__)
/* 6.1 has every one; 7.x folds the cipher, chacha and poly1305 into lib/ */
static const char *const kfx_accel_mods[] = {
	"aes_ce_cipher", "aes_ce_blk", "aes_neon_bs", "ghash_ce",
	"chacha_neon", "poly1305_neon",
};
#define KFX_ACCEL_MARKER	"aes_ce_blk"
#define KFX_ACCEL_AES		"-ce"		/* ecb-aes-ce, gcm-aes-ce, ... */
#define KFX_ACCEL_CHACHA	"chacha20-neon"
#define KFX_ACCEL_PASS		"aes-ce"
#else
#error "crypto_accel.h knows x86-64 and arm64"
#endif

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
