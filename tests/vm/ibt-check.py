#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""ibt-check.py KO SRCDIR [CONFIG]: do the functions the kernel calls through a
pointer keep their ENDBR in KO?

With CONFIG_X86_KERNEL_IBT, objtool runs on the linked module object
(kbuild's delay-objtool, "objtool --link --module --ibt") and lists in
.ibt_endbr_seal (relocations in .rela.ibt_endbr_seal, one R_X86_64_PC32
per ENDBR) every ENDBR of a function whose address nothing in the module
takes.  At load, module_finalize() -> apply_seal_endbr() overwrites those
ENDBRs with NOPs; an indirect call to such a function is then a "Missing
ENDBR" BUG on a CPU with IBT.

A kptr destructor is such a function: register_btf_id_dtor_kfuncs() gets
its BTF id, not its address, and the kernel finds it by name and calls it
through btf_field_kptr.dtor.  The destructors are derived from SRCDIR: each
".kfunc_btf_id = LIST[i]" of a btf_id_dtor_kfunc names entry i of the
BTF_ID_LIST LIST, which KO's symbols resolve to __BTF_ID__func__NAME__N.
Any other func BTF id outside a kfunc set (BTF_SET8) in KO is checked too:
the kernel looks those functions up by id as well.  (Kfuncs in sets are
called directly by the JIT, which every kfx kfunc program needs, and may
be sealed.)

CONFIG (the kernel's .config) says whether the build has IBT at all; a
kernel without CONFIG_X86_KERNEL_IBT (Debian's 6.1) emits no ENDBR and no
.ibt_endbr_seal, and nothing can be sealed.

arm64 has no sealing; its counterpart of IBT is BTI
(CONFIG_ARM64_BTI_KERNEL): there each such function must begin with a
landing pad for a call ("bti c", "bti jc", or "paciasp"/"pacibsp", which
count as one).  Debian's arm64 kernels (6.1 to 7.3) leave BTI off.

Prints one line: "ok: ..." or "FAIL: ..."; exit status 0, 1 (a destructor
sealed or without ENDBR or landing pad) or 2 (cannot tell).
"""
import glob
import re
import struct
import sys

ENDBR64 = b"\xf3\x0f\x1e\xfa"
R_X86_64_PC32 = 2
EM_AARCH64 = 183
# bti c, bti jc, paciasp, pacibsp (little-endian words)
BTI_CALL_PADS = {0xd503245f, 0xd50324df, 0xd503233f, 0xd503237f}


class Elf:
    def __init__(self, path):
        with open(path, "rb") as f:
            self.data = f.read()
        d = self.data
        if d[:4] != b"\x7fELF" or d[4] != 2 or d[5] != 1:
            raise ValueError("not a little-endian ELF64 file")
        self.machine, = struct.unpack_from("<H", d, 0x12)
        shoff, = struct.unpack_from("<Q", d, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3a)
        self.sections = []
        for i in range(shnum):
            (name, typ, flags, addr, off, size, link, info, align,
             entsize) = struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * shentsize)
            self.sections.append(dict(name=name, type=typ, off=off, size=size,
                                      link=link, info=info, entsize=entsize))
        strtab = self.sections[shstrndx]
        for s in self.sections:
            s["name"] = self.cstr(strtab["off"] + s["name"])
        self.symbols = []
        for s in self.sections:
            if s["type"] != 2:  # SHT_SYMTAB
                continue
            names = self.sections[s["link"]]
            for off in range(s["off"], s["off"] + s["size"], 24):
                name, info, other, shndx, value, size = struct.unpack_from("<IBBHQQ", d, off)
                self.symbols.append(dict(name=self.cstr(names["off"] + name),
                                         type=info & 0xf, shndx=shndx,
                                         value=value, size=size))
            self.symtab = s

    def cstr(self, off):
        return self.data[off:self.data.index(b"\0", off)].decode()

    def section(self, name):
        for i, s in enumerate(self.sections):
            if s["name"] == name:
                return i, s
        return None, None

    def relas(self, target):
        """(offset, symbol, type, addend) of the relocations of section @target."""
        for s in self.sections:
            if s["type"] == 4 and self.sections[s["info"]]["name"] == target:
                for off in range(s["off"], s["off"] + s["size"], 24):
                    r_off, r_info, addend = struct.unpack_from("<QQq", self.data, off)
                    yield r_off, self.symbols[r_info >> 32], r_info & 0xffffffff, addend


def destructors(elf, srcdir):
    """{function name: how it was found} of what the kernel calls by BTF id."""
    ids_idx, _ = elf.section(".BTF_ids")
    if ids_idx is None:
        raise ValueError("no .BTF_ids section")
    in_ids = [s for s in elf.symbols if s["shndx"] == ids_idx]
    funcs = {}
    for s in in_ids:
        m = re.match(r"__BTF_ID__func__(\w+)__\d+$", s["name"])
        if m:
            funcs[s["value"]] = m.group(1)
    sets = [(s["value"], s["value"] + s["size"]) for s in in_ids
            if re.match(r"__BTF_ID__set8?__", s["name"])]
    lists = {s["name"]: s["value"] for s in in_ids if not s["name"].startswith("__BTF_ID__")}
    found = {}
    registers = False
    for path in sorted(glob.glob(srcdir + "/*.c")):
        with open(path) as f:
            text = f.read()
        registers |= "register_btf_id_dtor_kfuncs" in text
        for lst, idx in re.findall(r"\.kfunc_btf_id\s*=\s*(\w+)\s*\[\s*(\d+)\s*\]", text):
            if lst not in lists:
                raise ValueError("BTF_ID_LIST %s of %s is not in the module" % (lst, path))
            off = lists[lst] + 4 * int(idx)
            if off not in funcs:
                raise ValueError("%s[%s] is not a func BTF id in the module" % (lst, idx))
            found[funcs[off]] = "dtor"
    if registers and not found:
        raise ValueError("the source registers destructors, but none could be derived")
    for off, name in funcs.items():
        if not any(lo <= off < hi for lo, hi in sets):
            found.setdefault(name, "BTF id outside kfunc sets")
    return found


def entry_word(elf, name):
    """The first instruction word of function @name, or None."""
    syms = [s for s in elf.symbols if s["name"] == name and s["type"] == 2]  # STT_FUNC
    if not syms:
        return None
    text = elf.sections[syms[0]["shndx"]]
    return struct.unpack_from("<I", elf.data, text["off"] + syms[0]["value"])[0]


def check_bti(elf, dtors, config):
    """arm64: each function called by pointer starts with a landing pad."""
    if "CONFIG_ARM64_BTI_KERNEL=y\n" not in config:
        print("ok: CONFIG_ARM64_BTI_KERNEL is not set: no landing pad needed, nothing"
              " sealed on arm64 (called by pointer: %s)" % ", ".join(sorted(dtors)))
        return 0
    bad = [n for n in sorted(dtors) if entry_word(elf, n) not in BTI_CALL_PADS]
    if bad:
        print("FAIL: %s: no BTI landing pad, a BTI fault when the kernel calls it"
              % ", ".join(bad))
        return 1
    print("ok: %s begin%s with a BTI landing pad"
          % (", ".join(sorted(dtors)), "s" if len(dtors) == 1 else ""))
    return 0


def main():
    ko, srcdir = sys.argv[1], sys.argv[2]
    config = ""
    ibt = True
    try:
        if len(sys.argv) > 3:
            with open(sys.argv[3]) as f:
                config = f.read()
            ibt = "CONFIG_X86_KERNEL_IBT=y\n" in config
        elf = Elf(ko)
        dtors = destructors(elf, srcdir)
    except (OSError, ValueError) as e:
        print("FAIL: cannot tell: %s" % e)
        return 2
    if elf.machine == EM_AARCH64:
        return check_bti(elf, dtors, config)
    seal_idx, seal = elf.section(".ibt_endbr_seal")
    if not ibt:
        if seal is not None:
            print("FAIL: .ibt_endbr_seal in a build without CONFIG_X86_KERNEL_IBT")
            return 2
        print("ok: CONFIG_X86_KERNEL_IBT is not set: no ENDBR, no .ibt_endbr_seal"
              " (called by pointer: %s)" % ", ".join(sorted(dtors)))
        return 0
    if not dtors:
        print("ok: no function of the module is called through a pointer by BTF id")
        return 0
    sealed = set()
    if seal is not None:
        for r_off, sym, typ, addend in elf.relas(".ibt_endbr_seal"):
            if typ != R_X86_64_PC32:
                print("FAIL: cannot tell: relocation type %d in .ibt_endbr_seal" % typ)
                return 2
            # apply_seal_endbr(): the ENDBR is at site + *site = S + A.
            sealed.add((sym["shndx"], sym["value"] + addend))
    bad, good = [], []
    for name in sorted(dtors):
        syms = [s for s in elf.symbols if s["name"] == name and s["type"] == 2]  # STT_FUNC
        if not syms:
            bad.append("%s (%s) is not a function of the module" % (name, dtors[name]))
            continue
        s = syms[0]
        text = elf.sections[s["shndx"]]
        entry = elf.data[text["off"] + s["value"]:text["off"] + s["value"] + 4]
        if (s["shndx"], s["value"]) in sealed:
            bad.append("%s (%s) is sealed (in .ibt_endbr_seal)" % (name, dtors[name]))
        elif entry != ENDBR64:
            bad.append("%s (%s) has no ENDBR" % (name, dtors[name]))
        else:
            good.append(name)
    nseal = len(sealed)
    if bad:
        print("FAIL: %s: a \"Missing ENDBR\" BUG when the kernel calls it on an IBT CPU"
              " (%d ENDBRs sealed)" % ("; ".join(bad), nseal))
        return 1
    print("ok: %s keep%s ENDBR, not in .ibt_endbr_seal (%d ENDBRs sealed)"
          % (", ".join(good), "s" if len(good) == 1 else "", nseal))
    return 0


if __name__ == "__main__":
    sys.exit(main())
