// SPDX-License-Identifier: GPL-2.0
/* register_btf_id_dtor_kfuncs(): module kptr destructors (5.19) */
#include <linux/btf.h>
#include <linux/module.h>
int kfx_probe(void)
{
	return register_btf_id_dtor_kfuncs(NULL, 0, THIS_MODULE);
}
