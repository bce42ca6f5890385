// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's setup in the child: what this kernel can do (its BTF:
 * upstream's string kfuncs, NULL buffers, the full crypto programs),
 * loading the fuzz programs and mapping their memory, and which
 * algorithms the crypto API has here.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "kfx.h"
#include "fuzz_int.h"
#include "fuzz_run.h"
#include "fuzz_str.skel.h"
#include "fuzz_crypto.skel.h"
#include "fuzz_crypto_6_1.skel.h"
/* the string model's unmapped hole, kfx_host_hole_lo..hi, set here */
#include "../host/str_host.h"

/* The ring buffer's records are consumed and dropped. */
static int ring_record(void *ctx, void *data, size_t size)
{
	(void)ctx, (void)data, (void)size;
	return 0;
}

static bool vmlinux_has(struct btf *btf, const char *f)
{
	return btf && btf__find_by_name_kind(btf, f, BTF_KIND_FUNC) > 0;
}

/* What the kernel has, decided before the child starts (both need it). */
void fz_env_caps(struct fz_env *env, const struct fuzz_opts *o)
{
	struct btf *btf = btf__load_vmlinux_btf();

	env->ign = vmlinux_has(btf, "bpf_rcu_read_lock");
	env->upstream = vmlinux_has(btf, "bpf_strlen") &&
			vmlinux_has(btf, "bpf_strncasecmp");
	env->full = vmlinux_has(btf, "bpf_dynptr_adjust");
	/* the verifier takes NULL with size 0 where upstream's strings are not */
	env->nullbuf = env->nullp = !vmlinux_has(btf, "bpf_strlen");
	btf__free(btf);
	env->want_str = !o->family || strcmp(o->family, "crypto");
	env->want_crypto = !o->family || strcmp(o->family, "str");
	fz_read_syms(env);
}

/*
 * The string programs: fuzz_str (or its 6.1 twin), with fuzz_str_nullbuf
 * where the kernel loads it (else without); then the memory they share.
 */
static int load_str_progs(struct fz_run *R)
{
	struct fz_env *env = &R->env;
	struct bpf_program *p;
	int err;

	for (int nullbuf = env->nullbuf; ; nullbuf = 0) {
		R->str = fuzz_str__open();
		if (!R->str)
			return -errno;
		bpf_object__for_each_program(p, R->str->obj)
			bpf_program__set_autoload(p, false);
		R->p_str = env->ign ? R->str->progs.fuzz_str : R->str->progs.fuzz_str_6_1;
		bpf_program__set_autoload(R->p_str, true);
		bpf_program__set_autoload(R->str->progs.fuzz_str_nullbuf, nullbuf);
		err = fuzz_str__load(R->str);
		if (!err) {
			env->nullbuf = nullbuf;
			break;
		}
		fuzz_str__destroy(R->str);
		R->str = NULL;
		printf("# fuzz: fuzz_str%s does not load: %d\n",
		       nullbuf ? " with fuzz_str_nullbuf" : "", err);
		if (!nullbuf)
			return err;
	}
	if (env->nullbuf)
		R->p_nullbuf = R->str->progs.fuzz_str_nullbuf;
	R->sstep = &R->str->bss->step;
	R->sres = &R->str->bss->res;
	R->vm = mmap(NULL, FZ_VMEM, PROT_READ | PROT_WRITE, MAP_SHARED,
		     bpf_map__fd(R->str->maps.fz_vmem), 0);
	if (R->vm == MAP_FAILED)
		return -errno;
	memset(R->vm, 0, FZ_VMEM);
	R->kmem_fd = bpf_map__fd(R->str->maps.fz_kmem);
	kfx_host_hole_lo = (uintptr_t)R->vm + FZ_VMEM;
	kfx_host_hole_hi = kfx_host_hole_lo + 4096;
	return 0;
}

/*
 * The crypto programs of a kernel with every dynptr kind (6.4+): SYSCALL,
 * tc, xdp and xdp.frags, with fuzz_crypto_nullp where it loads.
 */
static int load_crypto_progs(struct fz_run *R)
{
	struct fz_env *env = &R->env;
	int err;

	for (int nullp = env->nullp; ; nullp = 0) {
		R->cr = fuzz_crypto__open();
		if (!R->cr)
			return -errno;
		bpf_program__set_autoload(R->cr->progs.fuzz_crypto_nullp, nullp);
		err = fuzz_crypto__load(R->cr);
		if (!err) {
			env->nullp = nullp;
			break;
		}
		fuzz_crypto__destroy(R->cr);
		R->cr = NULL;
		printf("# fuzz: fuzz_crypto%s does not load: %d\n",
		       nullp ? " with fuzz_crypto_nullp" : "", err);
		if (!nullp)
			return err;
	}
	R->p_crypto = R->cr->progs.fuzz_crypto;
	R->p_pkt[PR_TC] = R->cr->progs.fuzz_crypto_tc;
	R->p_pkt[PR_XDP] = R->cr->progs.fuzz_crypto_xdp;
	R->p_pkt[PR_XDP_FRAGS] = R->cr->progs.fuzz_crypto_xdp_frags;
	if (env->nullp)
		R->p_nullp = R->cr->progs.fuzz_crypto_nullp;
	R->ring = ring_buffer__new(bpf_map__fd(R->cr->maps.fz_ring), ring_record,
				   NULL, NULL);
	R->params = &R->cr->bss->params;
	R->cstep = &R->cr->bss->cstep;
	R->cres = &R->cr->bss->cres;
	R->drv = R->cr->bss->drv;
	R->img = &R->cr->bss->img;
	return 0;
}

/* The same on 6.1 (local dynptrs only): fuzz_crypto_6_1, SYSCALL. */
static int load_crypto_progs_6_1(struct fz_run *R)
{
	struct fz_env *env = &R->env;
	int err;

	for (int nullp = env->nullp; ; nullp = 0) {
		R->cr61 = fuzz_crypto_6_1__open();
		if (!R->cr61)
			return -errno;
		bpf_program__set_autoload(R->cr61->progs.fuzz_crypto_6_1_nullp, nullp);
		err = fuzz_crypto_6_1__load(R->cr61);
		if (!err) {
			env->nullp = nullp;
			break;
		}
		fuzz_crypto_6_1__destroy(R->cr61);
		R->cr61 = NULL;
		printf("# fuzz: fuzz_crypto_6_1%s does not load: %d\n",
		       nullp ? " with fuzz_crypto_6_1_nullp" : "", err);
		if (!nullp)
			return err;
	}
	R->p_crypto = R->cr61->progs.fuzz_crypto_6_1;
	if (env->nullp)
		R->p_nullp = R->cr61->progs.fuzz_crypto_6_1_nullp;
	R->params = &R->cr61->bss->params;
	R->cstep = &R->cr61->bss->cstep;
	R->cres = &R->cr61->bss->cres;
	R->drv = R->cr61->bss->drv;
	R->img = &R->cr61->bss->img;
	return 0;
}

/* The fuzz programs this kernel loads, and the memory they share with us. */
static int load_progs(struct fz_run *R)
{
	int err;

	err = load_str_progs(R);
	if (err)
		return err;
	err = R->env.full ? load_crypto_progs(R) : load_crypto_progs_6_1(R);
	if (err)
		return err;
	R->env.img_pgoff = (uintptr_t)R->img->a % 4096;
	return 0;
}

/* Which of the model's algorithms this kernel has (a valid ctx each). */
static void probe_algos(struct fz_run *R)
{
	char missing[512] = "";

	for (int i = 0; i < fz_nalgos; i++) {
		struct fz_step st = { .type = ST_CREATE };
		const struct fz_algo *a = &fz_algos[i];

		strcpy((char *)st.ptype, a->type);
		strcpy((char *)st.algo, a->name);
		/* a key the algorithm takes: its first, 32 bytes, none, a public key */
		st.key_len = a->keys[0];
		if (a->t == FZ_T_HASH && a->keying == FZ_KEY_ANY)
			st.key_len = 32;
		st.authsize = a->aead ? a->auths[0] : 0;
		st.key_fill = 1;
		st.c.params_sz = sizeof(struct kfx_crypto_params);
		st.c.op = FZ_C_CREATE;
		memset(R->params, 0, sizeof(*R->params));
		strcpy(R->params->type, a->type);
		strcpy(R->params->algo, a->name);
		fz_fill(R->params->key, 256, 1);
		if (a->t == FZ_T_SIG)
			st.key_len = fz_sig_pub(R, a->curve, R->params->key);
		R->params->key_len = st.key_len;
		R->params->authsize = st.authsize;
		*R->cstep = st.c;
		R->cres->r = NOT_RUN;
		if (!fz_run_syscall(R->p_crypto) && R->cres->r == 0)
			R->env.algo_avail |= 1u << i;
		else
			snprintf(missing + strlen(missing), sizeof(missing) - strlen(missing),
				 " %s (%d)", a->name, R->cres->r);
	}
	/* leave slot 0 empty */
	R->cstep->op = FZ_C_RELEASE;
	R->cstep->slot = 0;
	fz_run_syscall(R->p_crypto);
	if (missing[0])
		printf("# fuzz: algorithms this kernel lacks:%s\n", missing);
}

int fz_setup(struct fz_run *R)
{
	int err = load_progs(R);

	if (err)
		return err;
	for (int i = 0; i < 3; i++)
		R->before[i] = fz_xcalloc(FZ_AREA);
	R->pkt_out = fz_xcalloc(FZ_AREA + 4096);
	R->kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (R->kmsg >= 0)
		lseek(R->kmsg, 0, SEEK_END);
	if (R->env.want_crypto)
		probe_algos(R);
	fz_driver_known(R, "", 0, false);
	return 0;
}

