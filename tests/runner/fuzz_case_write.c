// SPDX-License-Identifier: GPL-2.0
/*
 * Writing a fuzz case as a case file (the format and its names are in
 * fuzz_case_file.c, which reads it back): what a failure prints to be
 * replayed or kept in tests/fuzz/regressions/.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_int.h"

static void put_byte(FILE *f, uint8_t b)
{
	if (b == '\\' || b == '"')
		fprintf(f, "\\%c", b);
	else if (b == 0)
		fputs("\\0", f);
	else if (b >= 0x21 && b < 0x7f && b != '\'' && b != '+')
		fputc(b, f);
	else
		fprintf(f, "\\x%02x", b);
}

/* @len bytes at @p as "text"+'c'*N items. */
static void put_bytes(FILE *f, const uint8_t *p, uint32_t len)
{
	uint32_t i = 0, run;
	bool open = false, any = false;

	while (i < len) {
		for (run = 1; i + run < len && p[i + run] == p[i]; run++)
			;
		if (run >= 8) {
			if (open)
				fputc('"', f);
			if (any)
				fputc('+', f);
			fputc('\'', f);
			put_byte(f, p[i]);
			fprintf(f, "'*%u", run);
			open = false;
			any = true;
			i += run;
			continue;
		}
		if (!open) {
			if (any)
				fputc('+', f);
			fputc('"', f);
			open = any = true;
		}
		put_byte(f, p[i++]);
	}
	if (open)
		fputc('"', f);
	if (!any)
		fputs("\"\"", f);
}

/* A raw field: up to its last non-zero byte. */
static void put_field(FILE *f, const uint8_t *p, uint32_t size)
{
	while (size && !p[size - 1])
		size--;
	put_bytes(f, p, size);
}

/* A string step: the op, the calls, and each string's place and bytes. */
static void write_str(FILE *f, const struct fz_step *st)
{
	const struct fz_str_step *s = &st->s;

	fprintf(f, " op=%s calls=", fz_str_ops[s->op % FZ_NSTROPS]);
	fprintf(f, "%s%s%s%s", s->calls & FZ_CALL_KFX ? "kfx," : "",
		s->calls & FZ_CALL_BUF ? "buf," : "",
		s->calls & FZ_CALL_BPF ? "bpf," : "",
		s->calls & FZ_CALL_VER ? "ver," : "");
	fprintf(f, " n=%llu c=%d", (unsigned long long)s->n, s->c);
	for (int j = 0; j < (fz_two_strings(s->op) ? 2 : 1); j++) {
		const struct fz_str_arg *a = &s->a[j];

		fprintf(f, " k%d=%s", j, fz_ptr_kinds[a->kind % FZ_NPTR]);
		if (a->kind == FZ_P_ADDR) {
			fprintf(f, " a%d=0x%llx", j, (unsigned long long)a->addr);
			if (st->sym[j][0])
				fprintf(f, " s%d=%s", j, st->sym[j]);
			continue;
		}
		if (a->kind == FZ_P_NULL)
			continue;
		fprintf(f, " o%d=%u", j, a->off);
		if (a->kind != FZ_P_GUARD)
			fprintf(f, " z%d=%u", j, a->bsz);
		if (st->data[j].p) {
			fprintf(f, " d%d=", j);
			put_bytes(f, st->data[j].p, st->data[j].len);
		}
	}
}

/* A create step: the slot and every field of the params. */
static void write_create(FILE *f, const struct fz_step *st)
{
	const struct fz_crypt_step *k = &st->c;

	fprintf(f, " slot=%u type=", k->slot);
	put_field(f, st->ptype, sizeof(st->ptype));
	fputs(" algo=", f);
	put_field(f, st->algo, sizeof(st->algo));
	fprintf(f, " keylen=%u key=0x%llx authsize=%u sz=%u reserved=0x%02x%02x",
		st->key_len, (unsigned long long)st->key_fill,
		st->authsize, k->params_sz, st->reserved[0],
		st->reserved[1]);
	if (st->pub)
		fprintf(f, " pub=0x%x", st->pub);
}

/* A hash step: its data and output areas. */
static void write_hash(FILE *f, const struct fz_step *st)
{
	const struct fz_crypt_step *k = &st->c;

	fprintf(f, " slot=%u a=%s b=%s adj=%u soff=%u slen=%u doff=%u dlen=%u",
		k->slot, fz_mem_kinds[k->kind_a % FZ_NMEM],
		fz_mem_kinds[k->kind_b % FZ_NMEM], k->adjust, k->soff,
		k->slen, k->doff, k->dlen);
	fprintf(f, " exta=%u extb=%u fa=0x%llx fb=0x%llx prog=%s",
		k->ext_a, k->ext_b, (unsigned long long)st->fill[0],
		(unsigned long long)st->fill[1],
		fz_prog_names[st->prog % PR_N]);
}

/* A sig step: the message's area and the signature's. */
static void write_sig(FILE *f, const struct fz_step *st)
{
	const struct fz_crypt_step *k = &st->c;

	fprintf(f, " slot=%u a=%s v=%s adj=%u soff=%u slen=%u voff=%u vlen=%u",
		k->slot, fz_mem_kinds[k->kind_a % FZ_NMEM],
		fz_mem_kinds[k->kind_v % FZ_NMEM], k->adjust, k->soff,
		k->slen, k->voff, k->vlen);
	fprintf(f, " exta=%u extv=%u fa=0x%llx fv=0x%llx sigf=%u prog=%s",
		k->ext_a, k->ext_v, (unsigned long long)st->fill[0],
		(unsigned long long)st->fill[2], k->sigform,
		fz_prog_names[st->prog % PR_N]);
}

/* A crypt step: src, dst and siv areas, fills, and the round trip. */
static void write_crypt(FILE *f, const struct fz_step *st)
{
	const struct fz_crypt_step *k = &st->c;

	fprintf(f, " slot=%u dec=%u a=%s b=%s v=%s same=%u adj=%u",
		k->slot, k->decrypt, fz_mem_kinds[k->kind_a % FZ_NMEM],
		fz_mem_kinds[k->kind_b % FZ_NMEM],
		fz_mem_kinds[k->kind_v % FZ_NMEM], k->same, k->adjust);
	fprintf(f, " soff=%u slen=%u doff=%u dlen=%u voff=%u vlen=%u",
		k->soff, k->slen, k->doff, k->dlen, k->voff, k->vlen);
	fprintf(f, " exta=%u extb=%u extv=%u fa=0x%llx fb=0x%llx fv=0x%llx",
		k->ext_a, k->ext_b, k->ext_v,
		(unsigned long long)st->fill[0],
		(unsigned long long)st->fill[1],
		(unsigned long long)st->fill[2]);
	fprintf(f, " rt=%u rtlen=%u rtdlen=%u tamper=%u prog=%s",
		k->rt, k->rt_len, k->rt_dlen, k->tamper,
		fz_prog_names[st->prog % PR_N]);
}

/* Case @c as a case file, a step a line (the format: fuzz_case_file.c). */
void fz_case_write(const struct fz_case *c, FILE *f)
{
	for (int i = 0; i < c->n; i++) {
		const struct fz_step *st = &c->st[i];
		const struct fz_crypt_step *k = &st->c;

		fputs(fz_step_names[st->type], f);
		switch (st->type) {
		case ST_STR:
			write_str(f, st);
			break;
		case ST_CREATE:
			write_create(f, st);
			break;
		case ST_HASH:
			write_hash(f, st);
			break;
		case ST_SIG:
			write_sig(f, st);
			break;
		case ST_ACQUIRE:
			fprintf(f, " slot=%u slot2=%u", k->slot, k->slot2);
			break;
		case ST_RELEASE:
			fprintf(f, " slot=%u", k->slot);
			break;
		case ST_DRIVER:
			fprintf(f, " slot=%u bufsz=%u", k->slot, k->bufsz);
			break;
		case ST_CRYPT:
			write_crypt(f, st);
			break;
		default:
			break;
		}
		fputc('\n', f);
	}
}
