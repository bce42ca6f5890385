/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kfunc fuzzer's programs (fuzz_str.bpf.c, fuzz_crypto.bpf.c) and its
 * driver (tests/runner/fuzz.c) share this: what one step asks the program
 * to do, and where it writes what the kfuncs said.  The driver fills a
 * step from its PRNG (or a case file) into the program's .bss, runs the
 * program with BPF_PROG_TEST_RUN and judges the result against its model
 * of the documented contract.
 */
#ifndef _KFX_FUZZ_H
#define _KFX_FUZZ_H

/* ---- strings ---- */

#define FZ_VMEM		(256 * 1024)	/* mmapable array: vmalloc, guard page after */
#define FZ_VHALF	(FZ_VMEM / 2)	/* bounded buffers: [off, off + sz) in here */
#define FZ_KMEM		4096		/* plain array value: kmalloc'd */
#define FZ_KHALF	(FZ_KMEM / 2)
#define FZ_STK		256		/* the program's stack copy of stk[] */
#define FZ_SHALF	(FZ_STK / 2)

enum fz_str_op {
	FZ_STRCMP, FZ_STRCASECMP, FZ_STRNCASECMP, FZ_STRCHR, FZ_STRNCHR,
	FZ_STRCHRNUL, FZ_STRRCHR, FZ_STRLEN, FZ_STRNLEN, FZ_STRSPN,
	FZ_STRCSPN, FZ_STRSTR, FZ_STRCASESTR, FZ_STRNSTR, FZ_STRNCASESTR,
	FZ_NSTROPS
};

/* Where a string argument points. */
enum fz_ptr_kind {
	FZ_P_VMEM,	/* vmem + off */
	FZ_P_KMEM,	/* kmem + off */
	FZ_P_STACK,	/* the stack copy of stk[] + off */
	FZ_P_NULL,	/* NULL (bounded: NULL with size 0, where loaded) */
	FZ_P_ADDR,	/* the scalar addr (6.2+: __ign takes any value) */
	FZ_P_GUARD,	/* vmem + FZ_VMEM + off: the guard page (6.2+) */
	FZ_NPTR
};

/* Which kfuncs a string step calls. */
#define FZ_CALL_KFX	1	/* kfx_<op>() unbounded */
#define FZ_CALL_BUF	2	/* kfx_<op>_buf() on [off, off + bsz) */
#define FZ_CALL_BPF	4	/* upstream bpf_<op>() where the kernel has it */
#define FZ_CALL_VER	8	/* kfx_version() */

struct fz_str_arg {
	__u32 kind;
	__u32 off;
	__u32 bsz;
	__u32 pad;
	__u64 addr;
};

struct fz_str_step {
	__u32 op;
	__u32 calls;
	__u64 n;
	__s32 c;
	__u32 pad;
	struct fz_str_arg a[2];
	char stk[FZ_STK];
};

struct fz_str_res {
	__s32 kfx, buf, bpf;
	__u32 ran;	/* FZ_CALL_* that ran */
	__u32 version;
	__u32 pad;
};

/* ---- crypto ---- */

#define FZ_SLOTS	2
#define FZ_AREA		(65536 + 256)	/* src and dst areas */
#define FZ_VAREA	(65536 + 128)	/* siv area: IV then associated data */
#define FZ_KMAP		4096		/* plain array value: kmalloc'd */
#define FZ_KMAP_HALF	(FZ_KMAP / 2)
#define FZ_RING		(256 * 1024)
#define FZ_RING_REC	FZ_AREA		/* the largest record reserved */
#define FZ_DRV_BUF	256

enum fz_cop {
	FZ_C_CREATE,	/* ctx from params into slot */
	FZ_C_ACQUIRE,	/* acquire slot's ctx, the new reference into slot2 */
	FZ_C_RELEASE,	/* release slot's ctx */
	FZ_C_CRYPT,	/* encrypt/decrypt with slot's ctx */
	FZ_C_DRIVER,	/* kfx_crypto_ctx_driver(slot's ctx, drv, bufsz) */
	FZ_NCOPS
};

/* Memory a crypto dynptr covers. */
enum fz_mem_kind {
	FZ_M_BSS,	/* .bss (mmapable array: vmalloc) */
	FZ_M_KMAP,	/* array value, kmalloc'd */
	FZ_M_VMAP,	/* array value, vmalloc'd */
	FZ_M_STACK,	/* none: bpf_dynptr_from_mem() refuses the stack */
	FZ_M_RING,	/* a ringbuf record (6.2+, here with adjust: 6.5+) */
	FZ_M_PKT,	/* the skb or xdp packet (tc/xdp programs, 6.4+) */
	FZ_M_NONE,	/* siv only: NULL (encrypt/decrypt) */
	FZ_M_NOIV,	/* siv only: kfx_crypto_*_noiv() */
	FZ_NMEM
};

/* The kfunc a data step calls on its areas (struct fz_crypt_step.kfn). */
enum fz_kfn {
	FZ_K_CRYPT,	/* encrypt/decrypt (_noiv by the siv kind): src A, dst B */
	FZ_K_HASH,	/* kfx_crypto_hash(): data A, out B */
	FZ_K_SIG,	/* kfx_sig_verify(): message A, signature V */
	FZ_NKFN
};

/* How a dynptr reaches [off, off + len) of its memory. */
#define FZ_ADJ_SRC	1	/* bpf_dynptr_adjust() on a dynptr over [0, ext) */
#define FZ_ADJ_DST	2
#define FZ_ADJ_SIV	4

struct fz_crypt_step {
	__u32 op;
	__u32 slot, slot2;
	__u32 decrypt;
	__u32 params_sz;
	__u32 kind_a, kind_b, kind_v;	/* src area A, dst area B, siv area V */
	__u32 same;			/* dst in area A too */
	__u32 adjust;			/* FZ_ADJ_* */
	__u32 ext_a, ext_b, ext_v;	/* bytes of each area materialized */
	__u32 soff, slen, doff, dlen, voff, vlen;
	__u32 rt;		/* after a 0: decrypt [doff, doff + rt_len) into back */
	__u32 rt_len, rt_dlen;	/* its src length, back's length */
	__u32 tamper;		/* then flip bit 0 of byte tamper - 1 of it, decrypt again */
	__u32 bufsz;		/* driver: buffer size */
	__u32 params_null;	/* create: NULL params, size 0 (fuzz_crypto_nullp) */
	__u32 kfn;		/* FZ_K_*: which kfunc a data step calls */
	__u32 sigform;		/* sig steps: which signature (the runner's) */
};

struct fz_crypt_res {
	__s32 r;		/* create: err, or 0 with a ctx; crypt: the kfunc's return */
	__s32 r_rt;		/* roundtrip decrypt */
	__s32 r_tamper;		/* tampered decrypt */
	__s32 noctx;		/* the slot was empty */
	__s32 acquired;		/* acquire: 1 non-NULL, same ctx; 2 non-NULL, another */
	__u32 version;		/* kfx_version(), every step */
	__u32 pkt_lin;		/* tc/xdp: the packet's linear length */
	__u32 ran;		/* the program got as far as the kfunc */
	__s32 dsize;		/* hash steps: kfx_crypto_ctx_digestsize() */
};

/* The image of each area, the roundtrip's output, in one .bss struct. */
struct fz_img {
	char a[FZ_AREA];
	char b[FZ_AREA];
	char v[FZ_VAREA];
	char v0[FZ_VAREA];	/* the siv as given: restored for the roundtrip */
	char v_after[FZ_VAREA];	/* the siv after the first call */
	char back[FZ_AREA];
	char pad[FZ_AREA];	/* the tampered decrypt's output; and the verifier
				 * proves off + len within the value */
};

#endif /* _KFX_FUZZ_H */
