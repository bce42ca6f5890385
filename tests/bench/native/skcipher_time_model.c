// SPDX-License-Identifier: GPL-2.0
/*
 * skcipher_time_model (make bench-native): where kfx's skcipher should leave the
 * linear path (the ecb template calling the cipher a block at a time, each
 * block in its own kernel_fpu_begin()/end(), as upstream's
 * bpf_crypto_encrypt() always does) for the batching AES-NI driver (one
 * scatterlist walk and one FPU section a call, four blocks at a time), in
 * nanoseconds on this CPU.
 *
 * make bench counts guest instructions, where an AESENC counts one like an
 * add; natively a block's dependent AESENCs wait on each other one block
 * at a time and overlap four at a time.  So the model takes, per path:
 *   AES-NI work   timed here: a block as the kernel's one-block routines
 *                 run it (round keys from memory, one dependent AESENC
 *                 chain, behind kernel_fpu_begin()'s LDMXCSR), and
 *                 aesni_ecb_enc()'s four interleaved blocks (then one at a
 *                 time); gcc's code of the same instructions, not the
 *                 kernel's own .S;
 *   everything    the instructions make bench counted on the guests (the
 *   else          constants below, bench/RESULTS.md of 1364a2c: older than
 *                 the module today) less those of the AES routines, at an
 *                 *assumed* 1, 2 or 3 instructions a cycle, this CPU's
 *                 cycle measured by a chain of dependent register adds;
 *   overlap       the linear path's AES chain and the kernel code around
 *                 each block either not overlapping at all (their times
 *                 add up) or wholly (the longer one counts): the bounds,
 *                 both shown.  The batching path's walk comes before its
 *                 AES work and is added.
 * The walk could not be timed natively here: this host's kernel attaches
 * neither fentry (EPERM) nor kprobes (no kprobe events).  The first
 * kernel_fpu_begin() of a syscall or softirq saves the task's FPU
 * registers (XSAVE): both paths pay it once, so it is left out of both;
 * so are the return thunks some CPUs' mitigations put on the linear
 * path's six or so calls a block.
 *
 * Prints a markdown section: the AES-NI times; per kernel, key, IPC and
 * overlap where batching starts to win, kfx against upstream
 * (bpf_crypto_encrypt, always linear) and against kfx's own better path
 * with KFX_SKCIPHER_LINEAR_BLOCKS (from the module source, -DLINEAR_BLOCKS),
 * and which threshold would do best.
 */
#include <immintrin.h>
#include <stdbool.h>
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
#define TOLERANCE	0.97	/* a target holds at >= 0.97x (3%) */
#define MAX_BLOCKS	94	/* 1,504 bytes */

/*
 * make bench's instruction counts: ecb(aes) encrypt, 128-bit key, AES-NI
 * loaded, a call (bench/RESULTS.md, 1364a2c).  kfx ran 16 and 64 bytes on
 * the linear path and 256 and 1,504 on the batching driver (its threshold
 * then: 10 blocks); upstream ran the linear path at all four.
 * The AES routines' own instructions, counted in the kernel sources:
 * 6.12's aesni_enc() with _aesni_enc1 33 a block (LDMXCSR included), 7.3's
 * aes_encrypt_aesni() 55; aesni_ecb_enc() 74 for four blocks and 35 for
 * each one left (7.3's batching slope from these, 18.92 a block, against
 * 18.94 counted).
 */
struct kernel_counts {
	const char *name;
	double kfx16, kfx64, kfx256, kfx1504, bpf16, bpf1504;
	double aes_block;	/* the one-block routine's instructions */
};

static const struct kernel_counts kernels[] = {
	{ "6.12", 288, 675, 1726, 3224, 375, 12372, 33 },
	{ "7.3", 341, 899, 1682, 3159, 444, 17742, 55 },
};

#define ECB4_INSNS	74	/* aesni_ecb_enc, four blocks */
#define ECB1_INSNS	35	/* ... and each block left */

static double ecb_insns(int n)
{
	return ECB4_INSNS * (n / 4) + ECB1_INSNS * (n % 4);
}

/* ... as a cost a call and a cost a block more, per path */
static double lin_block(const struct kernel_counts *k) { return (k->kfx64 - k->kfx16) / 3; }
static double kfx_fixed(const struct kernel_counts *k) { return k->kfx16 - lin_block(k); }
static double bpf_fixed(const struct kernel_counts *k) { return k->bpf16 - lin_block(k); }
/* the batching path less aesni_ecb_enc: the walk and kfx's own part */
static double bat_fixed(const struct kernel_counts *k) { return k->kfx256 - ecb_insns(16); }

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
	unsigned long x = 1, i, n = 10000000;
	double best = 1e9;
	int k;

	for (k = 0; k < 7; k++) {	/* the best of 7: preemption only adds */
		double t = now_ns();

		for (i = 0; i < n; i++)
			__asm__ volatile("add %0, %0\n\tadd %0, %0\n\tadd %0, %0\n\tadd %0, %0"
					 : "+r"(x));
		t = (now_ns() - t) / (4.0 * n);
		best = t < best ? t : best;
	}
	return best;
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
 * instructions (128-bit key) less the AES routines' at @ipc, plus the
 * AES-NI time of the key size; @overlap: the linear path's AES chain
 * hidden under the kernel code around each block (or the other way).
 */
struct paths {
	double bpf, lin, bat;
};

static struct paths model(const struct kernel_counts *k, const struct aes_times *m,
			  double cyc, int ipc, bool overlap, int n)
{
	double ns = cyc / ipc, aes = m->lin[n - 1][0];
	double rest = (lin_block(k) - k->aes_block) * n * ns;
	double blocks = overlap ? (rest > aes ? rest : aes) : rest + aes;
	struct paths p;

	p.bpf = bpf_fixed(k) * ns + blocks;
	p.lin = kfx_fixed(k) * ns + blocks;
	p.bat = bat_fixed(k) * ns + m->bat[n - 1][0];
	return p;
}

struct verdict {
	int cross;		/* batching faster from this many blocks on, or 0 */
	double up, up_at;	/* worst upstream / kfx, and where */
	double own, own_at;	/* worst kfx / kfx's better path, and where */
};

/* Add size @n (blocks, from the largest down) with threshold @t to @v. */
static void tally(struct verdict *v, int n, struct paths p, int t)
{
	double kfx = n <= t ? p.lin : p.bat;
	double best = p.lin < p.bat ? p.lin : p.bat;

	if (p.bat < p.lin && (n == MAX_BLOCKS || v->cross == n + 1))
		v->cross = n;
	if (p.bpf / kfx < v->up)
		v->up = p.bpf / kfx, v->up_at = 16 * n;
	if (kfx / best > v->own)
		v->own = kfx / best, v->own_at = 16 * n;
}

static struct verdict judge(const struct kernel_counts *k, const struct aes_times *m,
			    double cyc, int ipc, bool overlap, int t)
{
	struct verdict v = { 0, 1e9, 0, 0, 0 };
	int n;

	for (n = MAX_BLOCKS; n >= 1; n--)
		tally(&v, n, model(k, m, cyc, ipc, overlap, n), t);
	return v;
}

/* The same in the guest's terms: make bench's instructions, AES as counted. */
static struct verdict guest(const struct kernel_counts *k, int t)
{
	struct verdict v = { 0, 1e9, 0, 0, 0 };
	int n;

	for (n = MAX_BLOCKS; n >= 1; n--) {
		struct paths p = {
			bpf_fixed(k) + lin_block(k) * n,
			kfx_fixed(k) + lin_block(k) * n,
			bat_fixed(k) + ecb_insns(n),
		};

		tally(&v, n, p, t);
	}
	return v;
}

/* The worst of judge() over both keys, every IPC and both overlaps. */
static struct verdict worst_case(const struct kernel_counts *k, const struct aes_times *m,
				 double cyc, int t)
{
	struct verdict w = { 0, 1e9, 0, 0, 0 };
	int kb, ipc, ov;

	for (kb = 0; kb < 2; kb++)
		for (ipc = 1; ipc <= 3; ipc++)
			for (ov = 0; ov < 2; ov++) {
				struct verdict v = judge(k, &m[kb], cyc, ipc, ov, t);

				w.up = v.up < w.up ? v.up : w.up;
				w.own = v.own > w.own ? v.own : w.own;
			}
	return w;
}

/* The smallest threshold with kfx at or above upstream in every case. */
static int target_threshold(const struct kernel_counts *k, const struct aes_times *m,
			    double cyc)
{
	int t;

	for (t = 0; t <= MAX_T; t++)
		if (worst_case(k, m, cyc, t).up >= TOLERANCE && guest(k, t).up >= TOLERANCE)
			return t;
	return -1;
}

/* The threshold with the least worst loss against kfx's better path. */
static int best_threshold(const struct kernel_counts *k, const struct aes_times *m,
			  double cyc, double *loss)
{
	int t, best_t = 0;

	*loss = 1e9;
	for (t = 0; t <= MAX_T; t++) {
		double own = worst_case(k, m, cyc, t).own;

		if (own < *loss - 0.005)
			*loss = own, best_t = t;
	}
	return best_t;
}

static void detail(const struct kernel_counts *k, const struct aes_times *m, double cyc)
{
	int s;

	printf("\n%s, 128-bit key, 2 instructions a cycle, ns a call (no overlap / full overlap):\n\n",
	       k->name);
	printf("| bytes | bpf_crypto_encrypt | kfx linear | kfx batched | kfx (linear up to %d blocks) |\n",
	       LINEAR_BLOCKS);
	printf("|---:|---:|---:|---:|---:|\n");
	for (s = 0; s < NSIZES; s++) {
		struct paths a = model(k, m, cyc, 2, false, sizes[s]);
		struct paths b = model(k, m, cyc, 2, true, sizes[s]);
		bool lin = sizes[s] <= LINEAR_BLOCKS;

		printf("| %d | %.0f / %.0f | %.0f / %.0f | %.0f | %.0f / %.0f |\n",
		       16 * sizes[s], a.bpf, b.bpf, a.lin, b.lin, a.bat,
		       lin ? a.lin : a.bat, lin ? b.lin : b.bat);
	}
}

static void summary(const struct aes_times *m, double cyc)
{
	static const char *const ovname[2] = { "none", "full" };
	size_t k;
	int kb, ipc, ov;

	printf("\n## Crypto: the threshold\n\n");
	printf("kfx takes the linear path up to %d blocks (KFX_SKCIPHER_LINEAR_BLOCKS).  \"kfx / its better path\"\n",
	       LINEAR_BLOCKS);
	printf("is what that costs against choosing right at every size.\n\n");
	printf("| kernel | key | IPC | overlap | batching faster from | upstream / kfx, worst | kfx / its better path, worst |\n");
	printf("|---|---:|---:|---|---:|---:|---:|\n");
	for (k = 0; k < sizeof(kernels) / sizeof(kernels[0]); k++)
		for (kb = 0; kb < 2; kb++)
			for (ipc = 1; ipc <= 3; ipc++)
				for (ov = 0; ov < 2; ov++) {
					struct verdict v = judge(&kernels[k], &m[kb], cyc, ipc, ov,
								 LINEAR_BLOCKS);

					printf("| %s | %d | %d | %s | %d blocks | %.2fx at %.0f B | %.2fx at %.0f B |\n",
					       kernels[k].name, kb ? 256 : 128, ipc, ovname[ov], v.cross,
					       v.up, v.up_at, v.own, v.own_at);
				}
	printf("\n");
	for (k = 0; k < sizeof(kernels) / sizeof(kernels[0]); k++) {
		struct verdict g = guest(&kernels[k], LINEAR_BLOCKS);
		double worst_up = worst_case(&kernels[k], m, cyc, LINEAR_BLOCKS).up, loss;
		int t = best_threshold(&kernels[k], m, cyc, &loss);

		printf("- target: kfx_crypto_encrypt >= bpf_crypto_encrypt at 16..1,504 bytes (%s, every key, IPC and overlap above): %.2fx %s\n",
		       kernels[k].name, worst_up, worst_up >= TOLERANCE ? "holds" : "**MISSED**");
		printf("- target: the same in the guest's counts (%s, 4-way steps counted, sizes make bench did not run included): %.2fx at %.0f bytes %s; batching faster from %d blocks there\n",
		       kernels[k].name, g.up, g.up_at, g.up >= TOLERANCE ? "holds" : "**MISSED**", g.cross);
		printf("- %s: the threshold with the least worst loss against kfx's better path over every key, IPC and overlap above: %d blocks (worst %.2fx; the module's %d: see the table)\n",
		       kernels[k].name, t, loss, LINEAR_BLOCKS);
		printf("- %s: the smallest threshold that keeps kfx at or above upstream (within 3%%) in every case above and in the guest's counts: %d blocks\n",
		       kernels[k].name, target_threshold(&kernels[k], m, cyc));
	}
}

int main(void)
{
	struct aes_times m[2];
	int kb, r, s;
	size_t k;
	double cyc;

	if (!__builtin_cpu_supports("aes")) {
		printf("## Crypto: linear path or batching driver\n\nThis CPU has no AES-NI: not modelled.\n");
		return 0;
	}
	if (known_answer()) {
		fprintf(stderr, "skcipher_time_model: the AES-128 known answer (FIPS-197 C.1) is wrong\n");
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
	printf("`tests/bench/native/skcipher_time_model.c`: the AES-NI instructions timed on this CPU (medians of %d\n", ROUNDS);
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
	for (k = 0; k < sizeof(kernels) / sizeof(kernels[0]); k++)
		detail(&kernels[k], &m[0], cyc);
	summary(m, cyc);
	return 0;
}
