/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CHECK(expr): for programs that state many facts at once; the program
 * returns 0 when all hold, else the source line of the first that does not
 * (so __retval(0) reads "every CHECK in this program holds").
 */
#ifndef _KFX_CHECK_H
#define _KFX_CHECK_H

#define CHECK(expr) do { if (!(expr)) return __LINE__; } while (0)

/*
 * A string literal in .data.  Not .rodata: 6.1's verifier treats a kfunc's
 * const char * as memory the kfunc may write, and refuses a read-only map
 * ("write into map forbidden").
 */
#define S(lit) ({ static char __s[] = lit; __s; })

#define EPERM	1
#define ENOENT	2
#define EFAULT	14
#define ERANGE	34
#define E2BIG	7

/*
 * What NULL and user addresses give the string kfuncs, as upstream's own
 * selftests (string_kfuncs_failure1.c) expect: -ERANGE where the kernel
 * tests the address before reading (x86-64), -EFAULT where reading it
 * faults (arm64: no test, PAN).
 */
#if defined(__TARGET_ARCH_arm64)
#define USER_PTR_ERR	(-EFAULT)
#else
#define USER_PTR_ERR	(-ERANGE)
#endif

#endif
