// SPDX-License-Identifier: GPL-2.0
/*
 * Driver of string_oracle.bpf.c: at least 10,000 generated cases per kfunc
 * (random and adversarial: long runs, repeated prefixes, high-bit bytes,
 * case variants, counts at and around the match, strings at the 65536
 * limit) through bpf_X and kfx_X; every result must be identical.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/types.h>

#include "string_oracle.h"
#include "runner.h"

#define CASES_PER_OP	10000

static const char *const op_names[OP_COUNT] = {
	"strcmp", "strcasecmp", "strncasecmp", "strchr", "strnchr",
	"strchrnul", "strrchr", "strlen", "strnlen", "strspn", "strcspn",
	"strstr", "strcasestr", "strnstr", "strncasestr",
};

static unsigned long long rng = 0x2545f4914f6cdd1dULL;

static unsigned int rnd(unsigned int n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return n ? rng % n : 0;
}

/* A string from a small, adversarial alphabet: runs, case, high bytes. */
static int gen(char *s, int max)
{
	static const char alpha[] = "aAbBzZ\xc9\xe9\x80\xff\xd7\xf7@`[{ ";
	int len = rnd(4) ? rnd(24) : rnd(max), i;
	int k = 1 + rnd(sizeof(alpha) - 1);

	for (i = 0; i < len; i++)
		s[i] = rnd(5) ? alpha[rnd(k)] : (i ? s[rnd(i)] : 'a');
	s[len] = '\0';
	return len;
}

static void make_case(struct oracle_case *k, int op, int i)
{
	int l1, l2, from;

	memset(k, 0, sizeof(*k));
	k->op = op;
	l1 = gen(k->s1, ORACLE_STR - 1);
	l2 = gen(k->s2, ORACLE_STR - 1);
	/* Needles and sets taken from the haystack: near-matches. */
	if (rnd(2) && l1) {
		from = rnd(l1);
		l2 = rnd(l1 - from + 1);
		memcpy(k->s2, k->s1 + from, l2);
		k->s2[l2] = '\0';
		if (l2 && rnd(3) == 0)
			k->s2[rnd(l2)] ^= 0x20;	/* flip case */
	}
	/* Counts at, around and far from the interesting positions. */
	switch (rnd(5)) {
	case 0: k->n = rnd(l1 + 2); break;
	case 1: k->n = l1 + rnd(3) - 1; break;
	case 2: k->n = (__u64)-1 - rnd(2); break;
	case 3: k->n = 65535 + rnd(3); break;
	default: k->n = rnd(64); break;
	}
	k->c = rnd(3) ? (signed char)(l1 ? k->s1[rnd(l1)] : 0) : (int)rnd(512) - 256;
	if (op != OP_STRRCHR)
		k->c = (signed char)k->c;
	/* 2% of cases: s1 is a 65536-char run ending in the generated tail. */
	if (i % 50 == 0) {
		k->big_tail = 1 + rnd(16);
		if (op >= OP_STRSTR && strlen(k->s2) > 4)
			k->s2[4] = '\0';	/* the naive search is quadratic */
	}
}

/*
 * Case folding over every byte: each byte against itself with bit 5
 * flipped and against its neighbours, through the case-insensitive ops.
 */
static void make_fold_case(struct oracle_case *k, int op, int i)
{
	unsigned char a = 1 + i % 255, b;

	switch (i / 255 % 3) {
	case 0: b = a ^ 0x20; break;
	case 1: b = a + 1; break;
	default: b = a; break;
	}
	memset(k, 0, sizeof(*k));
	k->op = op;
	k->s1[0] = a;
	k->s1[1] = 'x';
	k->s2[0] = b ? b : 'y';
	k->n = 2;
}

int string_oracle_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen)
{
	struct bpf_map *bss = bpf_object__find_map_by_name(obj, ".bss");
	struct oracle_result res;
	struct oracle_case k;
	int op, i, err, key = 0, bad = 0;
	unsigned long judged = 0;

	if (!bss) {
		snprintf(why, whylen, "no .bss map");
		return -1;
	}
	for (op = 0; op < OP_COUNT; op++) {
		int same = 0, errs = 0;

		for (i = 0; i < CASES_PER_OP; i++) {
			LIBBPF_OPTS(bpf_test_run_opts, run, .ctx_in = &k,
				    .ctx_size_in = sizeof(k));

			if ((op == OP_STRCASECMP || op == OP_STRNCASECMP ||
			     op == OP_STRCASESTR || op == OP_STRNCASESTR) &&
			    i < 3 * 255)
				make_fold_case(&k, op, i);
			else
				make_case(&k, op, i);
			err = bpf_prog_test_run_opts(bpf_program__fd(prog), &run);
			if (!err && run.retval)
				err = -EINVAL;
			if (!err)
				err = bpf_map_lookup_elem(bpf_map__fd(bss), &key, &res);
			if (err) {
				snprintf(why, whylen, "%s case %d: run failed: %d",
					 op_names[op], i, err);
				return -1;
			}
			if (res.kfx != res.bpf) {
				if (bad++ < 10)
					printf("# %s(\"%.40s\"%s, \"%.40s\", n=%llu, c=%d): kfx %d, bpf %d\n",
					       op_names[op], k.s1, k.big_tail ? " after a 64K run" : "",
					       k.s2, (unsigned long long)k.n, k.c, res.kfx, res.bpf);
				continue;
			}
			same++;
			errs += res.kfx < 0;
		}
		printf("# oracle %-12s %d cases identical (%d negative results)\n",
		       op_names[op], same, errs);
		judged += same;
	}
	cases(judged + bad);
	if (bad) {
		snprintf(why, whylen, "%d case(s) differ from upstream", bad);
		return -1;
	}
	return 0;
}
