// SPDX-License-Identifier: GPL-2.0
/*
 * crypto_model (make bench-native): where kfx's skcipher should leave the
 * linear path (the ecb template calling the cipher a block at a time, each
 * block in its own kernel_fpu_begin()/end(), as upstream's
 * bpf_crypto_encrypt() always does) for the batching AES-NI driver (one
 * scatterlist walk and one FPU section a call, four blocks at a time), in
 * nanoseconds on this CPU.
 *
 * make bench counts guest instructions, where an AESENC counts one like an
 * add; natively a block's ten to fourteen dependent AESENCs take some 40
 * to 60 cycles one block at a time and a quarter of that four at a time.
 * So the model takes, per path:
 *   AES-NI work   measured here with the same instructions: one block as
 *                 aes_encrypt_aesni()/aesni_enc() (round keys from memory,
 *                 a dependent AESENC chain), a block of aesni_ecb_enc()'s
 *                 4-way loop, and kernel_fpu_begin()'s LDMXCSR;
 *   everything    the instructions make bench counted on the guests (the
 *   else          constants below, bench/RESULTS.md of 1364a2c) less the
 *                 AES ones, at an *assumed* 1, 2 or 3 instructions a cycle
 *                 (kernel code: calls, the bh count, the walk), this CPU's
 *                 cycle measured by a chain of dependent adds.
 * The walk could not be timed natively here: this host's kernel attaches
 * neither fentry (EPERM) nor kprobes (no kprobe events).  The first
 * kernel_fpu_begin() of a syscall or softirq saves the task's FPU
 * registers (XSAVE): both paths pay it once, so it is left out of both.
 *
 * Prints a markdown section: ns a call of upstream, kfx's two paths and
 * kfx as it chooses (KFX_SKCIPHER_LINEAR_BLOCKS, from the module source,
 * -DLINEAR_BLOCKS) for 16 to 1,504 bytes, where batching starts to win,
 * and the target "kfx_crypto_encrypt >= bpf_crypto_encrypt at every size".
 */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef LINEAR_BLOCKS
#error "build with -DLINEAR_BLOCKS=KFX_SKCIPHER_LINEAR_BLOCKS (Makefile)"
#endif
#ifndef ROUNDS
#define ROUNDS		21	/* interleaved rounds; medians reported */
#endif
#define TOLERANCE	0.97	/* a target holds at >= 0.97x */
#define MAX_BLOCKS	94	/* 1,504 bytes */

/*
 * make bench's instruction counts: ecb(aes) encrypt, 128-bit key, AES-NI
 * loaded, a call (bench/RESULTS.md, 1364a2c).  kfx runs 16 and 64 bytes
 * on the linear path and 256 and 1,504 on the batching driver (its
 * threshold then: 10 blocks); upstream runs the linear path at all four.
 */
struct kernel_counts {
	const char *name;
	double kfx16, kfx64, kfx256, kfx1504, bpf16, bpf1504;
};

static const struct kernel_counts kernels[] = {
	{ "6.12", 288, 675, 1726, 3224, 375, 12372 },
	{ "7.3", 341, 899, 1682, 3159, 444, 17742 },
};

/* ... as a cost a call and a cost a block more, per path */
static double lin_block(const struct kernel_counts *k) { return (k->kfx64 - k->kfx16) / 3; }
static double kfx_fixed(const struct kernel_counts *k) { return k->kfx16 - lin_block(k); }
static double bpf_fixed(const struct kernel_counts *k) { return k->bpf16 - lin_block(k); }
static double bat_block(const struct kernel_counts *k) { return (k->kfx1504 - k->kfx256) / 78; }
static double bat_fixed(const struct kernel_counts *k) { return k->kfx256 - 16 * bat_block(k); }

static __m128i rk[15] __attribute__((aligned(16)));
static int nrounds;
static const unsigned int mxcsr_default = 0x1f80;
static unsigned char src[MAX_BLOCKS * 16], dst[MAX_BLOCKS * 16];

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static __attribute__((noinline)) void aes_block(unsigned char *out, const unsigned char *in)
{
	__m128i b = _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), rk[0]);
	int r;

	for (r = 1; r < nrounds; r++)
		b = _mm_aesenc_si128(b, rk[r]);
	_mm_storeu_si128((__m128i *)out, _mm_aesenclast_si128(b, rk[nrounds]));
}

/* aesni_ecb_enc: four blocks at a time, then one at a time */
static __attribute__((noinline)) void ecb4(unsigned char *out, const unsigned char *in, int blocks)
{
	int i = 0, r;

	for (; i + 4 <= blocks; i += 4) {
		const __m128i *p = (const __m128i *)(in + 16 * i);
		__m128i *q = (__m128i *)(out + 16 * i);
		__m128i a = _mm_xor_si128(_mm_loadu_si128(p), rk[0]);
		__m128i b = _mm_xor_si128(_mm_loadu_si128(p + 1), rk[0]);
		__m128i c = _mm_xor_si128(_mm_loadu_si128(p + 2), rk[0]);
		__m128i d = _mm_xor_si128(_mm_loadu_si128(p + 3), rk[0]);

		for (r = 1; r < nrounds; r++) {
			a = _mm_aesenc_si128(a, rk[r]);
			b = _mm_aesenc_si128(b, rk[r]);
			c = _mm_aesenc_si128(c, rk[r]);
			d = _mm_aesenc_si128(d, rk[r]);
		}
		_mm_storeu_si128(q, _mm_aesenclast_si128(a, rk[r]));
		_mm_storeu_si128(q + 1, _mm_aesenclast_si128(b, rk[r]));
		_mm_storeu_si128(q + 2, _mm_aesenclast_si128(c, rk[r]));
		_mm_storeu_si128(q + 3, _mm_aesenclast_si128(d, rk[r]));
	}
	for (; i < blocks; i++)
		aes_block(out + 16 * i, in + 16 * i);
}

/* The AES-NI part of the linear path: a block per FPU section. */
static void linear_aes(int blocks)
{
	int i;

	for (i = 0; i < blocks; i++) {
		__asm__ volatile("ldmxcsr %0" : : "m"(mxcsr_default));
		aes_block(dst + 16 * i, src + 16 * i);
	}
}

/* ... and of the batched path: one FPU section. */
static void batched_aes(int blocks)
{
	__asm__ volatile("ldmxcsr %0" : : "m"(mxcsr_default));
	ecb4(dst, src, blocks);
}

/* AES-128 key expansion (FIPS-197), for the known answer */
static __m128i expand_step(__m128i k, __m128i t)
{
	t = _mm_shuffle_epi32(t, 0xff);
	k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
	k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
	k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
	return _mm_xor_si128(k, t);
}

#define EXPAND(i, rcon) \
	(rk[i] = expand_step(rk[(i) - 1], _mm_aeskeygenassist_si128(rk[(i) - 1], rcon)))

/* FIPS-197 C.1 through both paths: the instructions are AES */
static int known_answer(void)
{
	static const unsigned char key[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
	static const unsigned char pt[16] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
					      0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };
	static const unsigned char ct[16] = { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
					      0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a };
	int i;

	nrounds = 10;
	rk[0] = _mm_loadu_si128((const __m128i *)key);
	EXPAND(1, 0x01); EXPAND(2, 0x02); EXPAND(3, 0x04); EXPAND(4, 0x08);
	EXPAND(5, 0x10); EXPAND(6, 0x20); EXPAND(7, 0x40); EXPAND(8, 0x80);
	EXPAND(9, 0x1b); EXPAND(10, 0x36);
	for (i = 0; i < 5; i++)
		memcpy(src + 16 * i, pt, 16);
	linear_aes(1);
	if (memcmp(dst, ct, 16))
		return -1;
	batched_aes(5);
	for (i = 0; i < 5; i++)
		if (memcmp(dst + 16 * i, ct, 16))
			return -1;
	return 0;
}

/*
 * ns a cycle of this CPU: dependent register adds, one a cycle.  (Not
 * "add $1": newer cores fold chains of immediate adds in the renamer and
 * ran four a cycle here.)
 */
static double cycle_ns(void)
{
	unsigned long x = 1, i, n = 100000000;
	double t = now_ns();

	for (i = 0; i < n; i++)
		__asm__ volatile("add %0, %0\n\tadd %0, %0\n\tadd %0, %0\n\tadd %0, %0" : "+r"(x));
	return (now_ns() - t) / (4.0 * n);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* ns a call of @fn on @blocks: the best of 5 runs */
static double time_call(void (*fn)(int), int blocks)
{
	int reps = 20000 / blocks + 200, k, i;
	double best = 1e30;

	for (k = 0; k < 5; k++) {
		double t = now_ns();

		for (i = 0; i < reps; i++)
			fn(blocks);
		t = (now_ns() - t) / reps;
		if (t < best)
			best = t;
	}
	return best;
}

/* the sizes printed; every size from 1 to MAX_BLOCKS blocks is judged */
static const int sizes[] = { 1, 2, 3, 4, 6, 8, 10, 11, 12, 16, 24, 32, 64, 94 };
#define NSIZES	(int)(sizeof(sizes) / sizeof(sizes[0]))
#define MAX_T	48	/* thresholds tried */

struct aes_times {	/* by blocks - 1: medians (min, max) of the AES-NI parts, ns */
	double lin[MAX_BLOCKS][3], bat[MAX_BLOCKS][3];
};

static void measure(struct aes_times *m)
{
	static double lin[MAX_BLOCKS][ROUNDS], bat[MAX_BLOCKS][ROUNDS];
	int s, r;

	for (r = 0; r < ROUNDS; r++)
		for (s = 0; s < MAX_BLOCKS; s++) {
			lin[s][r] = time_call(linear_aes, s + 1);
			bat[s][r] = time_call(batched_aes, s + 1);
		}
	for (s = 0; s < MAX_BLOCKS; s++) {
		qsort(lin[s], ROUNDS, sizeof(double), cmp_double);
		qsort(bat[s], ROUNDS, sizeof(double), cmp_double);
		m->lin[s][0] = lin[s][ROUNDS / 2];
		m->lin[s][1] = lin[s][0];
		m->lin[s][2] = lin[s][ROUNDS - 1];
		m->bat[s][0] = bat[s][ROUNDS / 2];
		m->bat[s][1] = bat[s][0];
		m->bat[s][2] = bat[s][ROUNDS - 1];
	}
}

/*
 * The three paths for @n blocks on kernel @k at @ipc: the counted
 * instructions (128-bit key) less the AES ones (a block's 10 rounds plus
 * its load, key xor and store) at @ipc, plus the measured AES-NI part of
 * the key size.
 */
struct paths {
	double bpf, lin, bat;
};

static struct paths model(const struct kernel_counts *k, const struct aes_times *m,
			  double cyc, int ipc, int n)
{
	double aes_insns = 10 + 3, ns = cyc / ipc;
	double lin_rest = (lin_block(k) - aes_insns) * n * ns;
	double bat_rest = (bat_fixed(k) + (bat_block(k) - aes_insns) * n) * ns;
	struct paths p;

	p.bpf = bpf_fixed(k) * ns + lin_rest + m->lin[n - 1][0];
	p.lin = kfx_fixed(k) * ns + lin_rest + m->lin[n - 1][0];
	p.bat = bat_rest + m->bat[n - 1][0];
	return p;
}

/* upstream's time / kfx's, the worst over 1..MAX_BLOCKS blocks, with @t */
static double worst_ratio(const struct kernel_counts *k, const struct aes_times *m,
			  double cyc, int ipc, int t, int *at)
{
	double worst = 1e9;
	int n;

	for (n = 1; n <= MAX_BLOCKS; n++) {
		struct paths p = model(k, m, cyc, ipc, n);
		double r = p.bpf / (n <= t ? p.lin : p.bat);

		if (r < worst) {
			worst = r;
			if (at)
				*at = 16 * n;
		}
	}
	return worst;
}

static void table(const struct kernel_counts *k, const struct aes_times *m,
		  double cyc, int ipc, int keybits)
{
	int s, n, cross = 0, at = 0;
	double worst;

	printf("\n%s, %d-bit key, kernel code at %d instruction(s) a cycle, ns a call:\n\n",
	       k->name, keybits, ipc);
	printf("| bytes | bpf_crypto_encrypt | kfx linear | kfx batched | kfx (linear up to %d blocks) | upstream / kfx |\n",
	       LINEAR_BLOCKS);
	printf("|---:|---:|---:|---:|---:|---:|\n");
	for (s = 0; s < NSIZES; s++) {
		struct paths p = model(k, m, cyc, ipc, sizes[s]);
		double kfx = sizes[s] <= LINEAR_BLOCKS ? p.lin : p.bat;

		printf("| %d | %.0f | %.0f | %.0f | %.0f | %.2fx |\n",
		       16 * sizes[s], p.bpf, p.lin, p.bat, kfx, p.bpf / kfx);
	}
	for (n = MAX_BLOCKS; n >= 1; n--) {
		struct paths p = model(k, m, cyc, ipc, n);

		if (p.bat >= p.lin)
			break;
		cross = n;
	}
	worst = worst_ratio(k, m, cyc, ipc, LINEAR_BLOCKS, &at);
	if (cross)
		printf("\nBatching is faster from %d blocks (%d bytes) on.\n", cross, 16 * cross);
	else
		printf("\nBatching is not faster at %d blocks.\n", MAX_BLOCKS);
	printf("- target: kfx_crypto_encrypt >= bpf_crypto_encrypt at 16..1,504 bytes (%s, %d-bit, IPC %d): %.2fx at %d bytes %s\n",
	       k->name, keybits, ipc, worst, at, worst >= TOLERANCE ? "holds" : "**MISSED**");
}

/* The same in the guest's terms: make bench's instructions, AES-NI as counted. */
static double guest_worst(const struct kernel_counts *k, int t, int *at)
{
	double worst = 1e9;
	int n;

	for (n = 1; n <= MAX_BLOCKS; n++) {
		double bpf = bpf_fixed(k) + lin_block(k) * n;
		double kfx = n <= t ? kfx_fixed(k) + lin_block(k) * n :
			bat_fixed(k) + bat_block(k) * n;

		if (bpf / kfx < worst)
			worst = bpf / kfx, *at = 16 * n;
	}
	return worst;
}

/* The threshold whose worst case over every kernel, key and IPC is best. */
static void pick(const struct aes_times *m, double cyc)
{
	double best = 0, mod = 9;
	int t, kb, ipc, best_t = 0;
	size_t k;

	for (t = 0; t <= MAX_T; t++) {
		double worst = 1e9;

		for (kb = 0; kb < 2; kb++)
			for (k = 0; k < sizeof(kernels) / sizeof(kernels[0]); k++)
				for (ipc = 1; ipc <= 3; ipc++) {
					double r = worst_ratio(&kernels[k], &m[kb], cyc, ipc, t, NULL);

					worst = r < worst ? r : worst;
				}
		if (worst > best + 0.005)
			best = worst, best_t = t;
		if (t == LINEAR_BLOCKS)
			mod = worst;
	}
	printf("\n## Crypto: the threshold\n\n");
	for (k = 0; k < sizeof(kernels) / sizeof(kernels[0]); k++) {
		int at = 0;
		double g = guest_worst(&kernels[k], LINEAR_BLOCKS, &at);

		printf("- target: kfx_crypto_encrypt >= bpf_crypto_encrypt at 16..1,504 bytes in the guest (%s, make bench's instructions): %.2fx at %d bytes %s\n",
		       kernels[k].name, g, at, g >= TOLERANCE ? "holds" : "**MISSED**");
	}
	printf("\n");
	printf("Over both kernels, both key sizes and 1-3 instructions a cycle, the worst upstream / kfx\n");
	printf("at any size is %.2fx with KFX_SKCIPHER_LINEAR_BLOCKS = %d (the module's) and %.2fx at best,\n",
	       mod, LINEAR_BLOCKS, best);
	printf("with %d (the smallest within 0.005 of it).\n", best_t);
}

int main(void)
{
	struct aes_times m[2];
	int kb, r, s, ipc;
	size_t k;
	double cyc;

	if (!__builtin_cpu_supports("aes")) {
		printf("## Crypto: linear path or batching driver\n\nThis CPU has no AES-NI: not modelled.\n");
		return 0;
	}
	if (known_answer()) {
		fprintf(stderr, "crypto_model: the AES-128 known answer (FIPS-197 C.1) is wrong\n");
		return 1;
	}
	for (s = 0; s < (int)sizeof(src); s++)
		src[s] = rand();
	cyc = cycle_ns();
	for (kb = 0; kb < 2; kb++) {
		nrounds = kb ? 14 : 10;
		for (r = 0; r <= nrounds; r++)	/* timing does not depend on the key */
			rk[r] = _mm_set_epi32(rand(), rand(), rand(), rand());
		measure(&m[kb]);
	}
	printf("## Crypto: linear path or batching driver (native time model)\n\n");
	printf("`tests/bench/native/crypto_model.c`: the AES-NI instructions timed on this CPU (medians of %d\n", ROUNDS);
	printf("rounds), the rest of each path as make bench counted it (bench/RESULTS.md, 1364a2c) at an\n");
	printf("assumed 1, 2 or 3 instructions a cycle; a cycle here is %.3f ns.  AES-NI alone, ns a call\n", cyc);
	printf("(min-max):\n\n| bytes | 128-bit, a block per FPU section | 128-bit, 4-way | 256-bit, a block per FPU section | 256-bit, 4-way |\n");
	printf("|---:|---:|---:|---:|---:|\n");
	for (s = 0; s < NSIZES; s++)
		printf("| %d | %.1f (%.1f-%.1f) | %.1f (%.1f-%.1f) | %.1f (%.1f-%.1f) | %.1f (%.1f-%.1f) |\n",
		       16 * sizes[s], m[0].lin[sizes[s] - 1][0], m[0].lin[sizes[s] - 1][1],
		       m[0].lin[sizes[s] - 1][2], m[0].bat[sizes[s] - 1][0],
		       m[0].bat[sizes[s] - 1][1], m[0].bat[sizes[s] - 1][2],
		       m[1].lin[sizes[s] - 1][0], m[1].lin[sizes[s] - 1][1],
		       m[1].lin[sizes[s] - 1][2], m[1].bat[sizes[s] - 1][0],
		       m[1].bat[sizes[s] - 1][1], m[1].bat[sizes[s] - 1][2]);
	for (kb = 0; kb < 2; kb++) {
		nrounds = kb ? 14 : 10;
		for (k = 0; k < sizeof(kernels) / sizeof(kernels[0]); k++)
			for (ipc = 1; ipc <= 3; ipc++)
				table(&kernels[k], &m[kb], cyc, ipc, kb ? 256 : 128);
	}
	pick(m, cyc);
	return 0;
}
