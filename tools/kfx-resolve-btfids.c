// SPDX-License-Identifier: GPL-2.0
/*
 * kfx-resolve-btfids - fill in the .BTF_ids section of a kernel module.
 *
 * Kernels whose headers ship no resolve_btfids (Debian 12's 6.1) leave every
 * BTF_ID in a module zero; the kernel then finds none of its kfuncs.  This
 * tool does for one module what the kernel's resolve_btfids does:
 *
 *  - each __BTF_ID__{func,struct,union,typedef}__NAME__N symbol gets the BTF
 *    id of NAME, looked up in the module's split BTF on top of --base;
 *  - each __BTF_ID__set__NAME / __BTF_ID__set8__NAME gets its count (from the
 *    symbol size) and its entries sorted by id, as the kernel's bsearch needs.
 *
 * A module with distilled base BTF (.BTF.base, 6.11+) is resolved against
 * that, as kbuild does; --base is then not needed.  With --check it changes
 * nothing and fails if any id is still zero; --reset zeroes every id and
 * set count, as the compiler emitted them (for tests).
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>

#define PREFIX "__BTF_ID__"

struct idsec {
	Elf *elf;
	Elf_Data *data;		/* .BTF_ids contents */
	Elf_Data *syms;		/* .symtab */
	Elf_Data *btf;		/* .BTF */
	Elf_Data *btf_base;	/* .BTF.base (distilled base), if any */
	size_t shndx;		/* .BTF_ids section index */
	size_t strndx;		/* .symtab's string table */
	size_t nsyms;
};

static int find_sections(struct idsec *s)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(s->elf, &shstrndx))
		return -1;
	while ((scn = elf_nextscn(s->elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			return -1;
		name = elf_strptr(s->elf, shstrndx, sh.sh_name);
		if (!name)
			continue;
		if (sh.sh_type == SHT_SYMTAB) {
			s->syms = elf_getdata(scn, NULL);
			s->strndx = sh.sh_link;
			s->nsyms = sh.sh_size / sh.sh_entsize;
		} else if (!strcmp(name, ".BTF_ids")) {
			s->data = elf_getdata(scn, NULL);
			s->shndx = elf_ndxscn(scn);
		} else if (!strcmp(name, ".BTF")) {
			s->btf = elf_getdata(scn, NULL);
		} else if (!strcmp(name, ".BTF.base")) {
			s->btf_base = elf_getdata(scn, NULL);
		}
	}
	return s->syms ? 0 : -1;
}

static int kind_of(const char *kind, size_t len)
{
	static const struct { const char *name; int kind; } kinds[] = {
		{ "func", BTF_KIND_FUNC }, { "struct", BTF_KIND_STRUCT },
		{ "union", BTF_KIND_UNION }, { "typedef", BTF_KIND_TYPEDEF },
	};
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strlen(kinds[i].name) == len && !strncmp(kind, kinds[i].name, len))
			return kinds[i].kind;
	return -1;
}

/* "__BTF_ID__func__kfx_version__123" -> kind "func", name "kfx_version" */
static int parse_id_symbol(const char *sym, int *kind, char *name, size_t size)
{
	const char *k = sym + strlen(PREFIX), *n, *tail;
	size_t len;

	n = strstr(k, "__");
	if (!n)
		return -1;
	*kind = kind_of(k, n - k);
	n += 2;
	tail = strrchr(n, '_');
	if (*kind < 0 || !tail || tail < n + 2 || tail[-1] != '_')
		return -1;
	len = tail - 1 - n;
	if (len + 1 > size)
		return -1;
	memcpy(name, n, len);
	name[len] = '\0';
	return 0;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Patch one set: count from the symbol size, entries sorted by id. */
static void patch_set(uint8_t *p, uint64_t size, bool set8)
{
	size_t ent = set8 ? 8 : 4, cnt = size / ent - 1;

	*(uint32_t *)p = cnt;
	qsort(p + ent, cnt, ent, cmp_u32);
}

enum mode { RESOLVE, CHECK, RESET };

static int process(struct idsec *s, struct btf *btf, enum mode mode)
{
	int unresolved = 0, pass;

	/* Pass 0 writes ids, pass 1 sorts sets once their ids are known. */
	for (pass = 0; pass < 2; pass++) {
		size_t i;

		for (i = 0; i < s->nsyms; i++) {
			GElf_Sym sym;
			const char *sname;
			uint8_t *p;
			char name[256];
			int kind, id;
			bool set8;

			if (!gelf_getsym(s->syms, i, &sym) || sym.st_shndx != s->shndx)
				continue;
			sname = elf_strptr(s->elf, s->strndx, sym.st_name);
			if (!sname || strncmp(sname, PREFIX, strlen(PREFIX)))
				continue;
			if (sym.st_value + 4 > s->data->d_size) {
				fprintf(stderr, "%s: outside .BTF_ids\n", sname);
				return -1;
			}
			p = (uint8_t *)s->data->d_buf + sym.st_value;
			set8 = !strncmp(sname + strlen(PREFIX), "set8__", 6);
			if (set8 || !strncmp(sname + strlen(PREFIX), "set__", 5)) {
				if (mode == RESET && pass == 0)
					*(uint32_t *)p = 0;
				else if (mode == RESOLVE && pass == 1)
					patch_set(p, sym.st_size, set8);
				continue;
			}
			if (pass == 1)
				continue;
			if (parse_id_symbol(sname, &kind, name, sizeof(name))) {
				fprintf(stderr, "cannot parse BTF id symbol %s\n", sname);
				return -1;
			}
			if (mode == RESET) {
				*(uint32_t *)p = 0;
				continue;
			}
			if (mode == CHECK) {
				if (!*(uint32_t *)p) {
					fprintf(stderr, "unresolved BTF id: %s\n", name);
					unresolved++;
				}
				continue;
			}
			id = btf__find_by_name_kind(btf, name, kind);
			if (id <= 0) {
				fprintf(stderr, "no BTF type for %s\n", name);
				unresolved++;
				continue;
			}
			*(uint32_t *)p = id;
		}
	}
	return unresolved;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: kfx-resolve-btfids [--base BASE_BTF] MODULE.ko\n"
		"       kfx-resolve-btfids --check MODULE.ko\n"
		"       kfx-resolve-btfids --reset MODULE.ko\n");
	exit(2);
}

/* The module's split BTF, on its distilled base or on BASE_BTF. */
static struct btf *module_btf(struct idsec *s, const char *ko,
			      const char *base_path, struct btf **base)
{
	if (!s->btf) {
		fprintf(stderr, "module has no .BTF section\n");
		return NULL;
	}
	if (s->btf_base)
		*base = btf__new(s->btf_base->d_buf, s->btf_base->d_size);
	else if (base_path)
		*base = btf__parse(base_path, NULL);
	else
		fprintf(stderr, "no .BTF.base in the module: --base is required\n");
	if (!*base) {
		fprintf(stderr, "cannot read the base BTF: %s\n", strerror(errno));
		return NULL;
	}
	return btf__parse_elf_split(ko, *base);
}

int main(int argc, char **argv)
{
	const char *base_path = NULL, *ko;
	struct btf *base = NULL, *btf = NULL;
	struct idsec s = { 0 };
	enum mode mode = RESOLVE;
	int fd, n, i;

	for (i = 1; i < argc - 1; i++) {
		if (!strcmp(argv[i], "--check"))
			mode = CHECK;
		else if (!strcmp(argv[i], "--reset"))
			mode = RESET;
		else if (!strcmp(argv[i], "--base") && i + 1 < argc - 1)
			base_path = argv[++i];
		else
			usage();
	}
	if (i != argc - 1)
		usage();
	ko = argv[i];

	elf_version(EV_CURRENT);
	fd = open(ko, mode == CHECK ? O_RDONLY : O_RDWR);
	if (fd < 0) {
		perror(ko);
		return 1;
	}
	s.elf = elf_begin(fd, mode == CHECK ? ELF_C_READ : ELF_C_RDWR, NULL);
	if (!s.elf || find_sections(&s)) {
		fprintf(stderr, "%s: not a readable ELF object\n", ko);
		return 1;
	}
	if (!s.data) {
		fprintf(stderr, "%s: no .BTF_ids section\n", ko);
		return 1;
	}
	if (mode == RESOLVE) {
		btf = module_btf(&s, ko, base_path, &base);
		if (!btf) {
			fprintf(stderr, "%s: cannot read module BTF\n", ko);
			return 1;
		}
	}

	n = process(&s, btf, mode);
	if (n < 0)
		return 1;
	if (mode != CHECK && !n) {
		/* Keep the layout: only the section's bytes change. */
		elf_flagelf(s.elf, ELF_C_SET, ELF_F_LAYOUT);
		elf_flagdata(s.data, ELF_C_SET, ELF_F_DIRTY);
		if (elf_update(s.elf, ELF_C_WRITE) < 0) {
			fprintf(stderr, "%s: writing failed: %s\n", ko, elf_errmsg(-1));
			return 1;
		}
	}
	elf_end(s.elf);
	close(fd);
	btf__free(btf);
	btf__free(base);
	if (n) {
		fprintf(stderr, "%s: %d BTF id(s) unresolved\n", ko, n);
		return 1;
	}
	return 0;
}
