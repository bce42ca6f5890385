// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: the string core against the reference model. */
#include <stdlib.h>
#include "str_diff.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (kfx_diff_one(data, size, false))
		abort();
	return 0;
}
