/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How make bench judges a speed target (string_bench.c, crypto_bench.c):
 * it holds within 3% of its ratio, as make bench-native judges its own,
 * so that a few instructions of another loop layout are not a miss.
 * Targets that are a margin themselves (NULL siv >= 1.04x) are strict.
 */
#ifndef _KFX_BENCH_TARGET_H
#define _KFX_BENCH_TARGET_H

#define BENCH_TOLERANCE		0.97
#define BENCH_TOLERANCE_PCT	((1.0 - BENCH_TOLERANCE) * 100.0)

#endif /* _KFX_BENCH_TARGET_H */
