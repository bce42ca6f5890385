/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KFX_STR_DIFF_H
#define _KFX_STR_DIFF_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KFX_DIFF_NOPS 15
extern const char *const kfx_diff_ops[KFX_DIFF_NOPS];
int kfx_diff_one(const uint8_t *data, size_t size, bool verbose);
#endif
