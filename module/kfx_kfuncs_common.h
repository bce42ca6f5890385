/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kfuncs every program type kfx serves may call, as BTF_ID_FLAGS()
 * entries: kfx_main.c includes this list inside each hook's kfunc set
 * (6.1 takes a single set per hook from a module).  No include guard.
 */
/* core: kfx_core.c */
BTF_ID_FLAGS(func, kfx_version)
/* strings, unbounded: kfx_string.c */
BTF_ID_FLAGS(func, kfx_strcmp)
BTF_ID_FLAGS(func, kfx_strcasecmp)
BTF_ID_FLAGS(func, kfx_strncasecmp)
BTF_ID_FLAGS(func, kfx_strchr)
BTF_ID_FLAGS(func, kfx_strnchr)
BTF_ID_FLAGS(func, kfx_strchrnul)
BTF_ID_FLAGS(func, kfx_strrchr)
BTF_ID_FLAGS(func, kfx_strlen)
BTF_ID_FLAGS(func, kfx_strnlen)
BTF_ID_FLAGS(func, kfx_strspn)
BTF_ID_FLAGS(func, kfx_strcspn)
BTF_ID_FLAGS(func, kfx_strstr)
BTF_ID_FLAGS(func, kfx_strcasestr)
BTF_ID_FLAGS(func, kfx_strnstr)
BTF_ID_FLAGS(func, kfx_strncasestr)
/* strings, bounded: kfx_string_buf.c */
BTF_ID_FLAGS(func, kfx_strcmp_buf)
BTF_ID_FLAGS(func, kfx_strcasecmp_buf)
BTF_ID_FLAGS(func, kfx_strncasecmp_buf)
BTF_ID_FLAGS(func, kfx_strchr_buf)
BTF_ID_FLAGS(func, kfx_strnchr_buf)
BTF_ID_FLAGS(func, kfx_strchrnul_buf)
BTF_ID_FLAGS(func, kfx_strrchr_buf)
BTF_ID_FLAGS(func, kfx_strlen_buf)
BTF_ID_FLAGS(func, kfx_strnlen_buf)
BTF_ID_FLAGS(func, kfx_strspn_buf)
BTF_ID_FLAGS(func, kfx_strcspn_buf)
BTF_ID_FLAGS(func, kfx_strstr_buf)
BTF_ID_FLAGS(func, kfx_strcasestr_buf)
BTF_ID_FLAGS(func, kfx_strnstr_buf)
BTF_ID_FLAGS(func, kfx_strncasestr_buf)
