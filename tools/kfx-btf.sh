#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kfx-btf.sh KVER KDIR MODULE.ko [BTF_BASE]
# kfx-btf.sh --check-base KVER KDIR [BTF_BASE]
#
# Make sure MODULE.ko carries BTF and resolved BTF ids for kernel KVER, and
# fail with a message that says what is missing otherwise.
#
# Kernels whose headers ship vmlinux and resolve_btfids (Debian 13 and later)
# get both from kbuild and this only checks.  Where kbuild printed "Skipping
# BTF generation" (Debian 12's 6.1) this adds them: base BTF from the *target*
# kernel (BTF_BASE, or /sys/kernel/btf/vmlinux only when KVER is running, or
# the ELF inside /boot/vmlinuz-KVER), pahole, then the kernel's resolve_btfids
# if the headers have one, or tools/kfx-resolve-btfids.  Nothing is written
# outside the module's build directory.
#
# --check-base, before anything is compiled (make module runs it first):
# fail now, with the same message, if this build will need a base BTF and
# there is none, rather than after compiling the module.
set -eu

check_only=
[ "$1" != --check-base ] || { check_only=1; shift; set -- "$1" "$2" "" "${3:-}"; }
kver=$1 kdir=$2 ko=$3 base=${4:-}
tools=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

die() { echo "kfx-btf: error: $*" >&2; exit 1; }
say() { echo "kfx-btf: $*" >&2; }

# The objcopy that knows the module's machine: the build host's own, or the
# cross binutils when an arm64 module is built on another machine.
module_objcopy() {
	case $(readelf -h "$ko" 2>/dev/null | sed -n 's/^ *Machine: *//p') in
	*AArch64*) [ "$(uname -m)" = aarch64 ] || { echo aarch64-linux-gnu-objcopy; return; } ;;
	esac
	echo objcopy
}

has_section() { readelf -S -W "$2" 2>/dev/null | grep -q " $1 "; }

# base_source: where the base BTF comes from (BTF_BASE, the running
# kernel's, or the kernel image), or fail saying what is missing
base_source() {
	if [ -n "$base" ]; then
		[ -r "$base" ] || die "BTF_BASE=$base does not exist or is not readable"
		echo "$base"
		return
	fi
	if [ "$kver" = "$(uname -r)" ] && [ -r /sys/kernel/btf/vmlinux ]; then
		echo /sys/kernel/btf/vmlinux
		return
	fi
	for img in "/boot/vmlinuz-$kver" "/usr/lib/modules/$kver/vmlinuz" "/lib/modules/$kver/vmlinuz"; do
		[ -r "$img" ] || continue
		echo "$img"
		return
	done
	die "no base BTF for kernel $kver: its headers have no vmlinux, /boot/vmlinuz-$kver is missing and BTF_BASE is not set (install linux-image-$kver, or pass BTF_BASE=<vmlinux ELF or raw BTF of that kernel>)"
}

# find_base: the base BTF as a file pahole reads (an image's ELF extracted)
find_base() {
	src=$(base_source)
	case $src in
	*/vmlinuz*)
		say "extracting the base BTF of $kver from $src"
		"$tools/kfx-extract-vmlinux.sh" "$src" "$tmp/vmlinux" ||
			die "found no kernel ELF with .BTF inside $src"
		echo "$tmp/vmlinux" ;;
	*) echo "$src" ;;
	esac
}

if [ -n "$check_only" ]; then
	# headers with vmlinux: kbuild makes the module BTF itself
	[ -e "$kdir/vmlinux" ] || base_source > /dev/null
	exit 0
fi

[ -f "$ko" ] || die "$ko was not built"
command -v readelf >/dev/null || die "readelf (binutils) is missing"

if ! has_section .BTF "$ko"; then
	command -v pahole >/dev/null || die "pahole (dwarves) is missing; it generates module BTF"
	has_section .debug_info "$ko" || die "$ko has no DWARF (kernel built without CONFIG_DEBUG_INFO?)"
	b=$(find_base)
	flags=--btf_gen_floats
	[ -r "$kdir/scripts/pahole-flags.sh" ] &&
		flags=$(PAHOLE=pahole sh "$kdir/scripts/pahole-flags.sh" 2>/dev/null || echo "$flags")
	say "generating module BTF with pahole $flags against $b"
	# shellcheck disable=SC2086
	LLVM_OBJCOPY=$(module_objcopy) pahole -J $flags --btf_base "$b" "$ko" ||
		die "pahole failed to generate BTF for $ko"
	has_section .BTF "$ko" || die "pahole ran but $ko still has no .BTF section"

	resolver=$kdir/tools/bpf/resolve_btfids/resolve_btfids
	if [ -x "$resolver" ]; then
		say "resolving BTF ids with $resolver"
		"$resolver" -b "$b" "$ko" || die "resolve_btfids failed on $ko"
	else
		say "resolving BTF ids with kfx-resolve-btfids (the headers ship no resolve_btfids)"
		MAKEFLAGS= make -s -C "$tools" kfx-resolve-btfids >&2 ||
			die "building tools/kfx-resolve-btfids failed (libbpf-dev, libelf-dev installed?)"
		"$tools/kfx-resolve-btfids" --base "$b" "$ko" ||
			die "kfx-resolve-btfids failed on $ko"
	fi
fi

MAKEFLAGS= make -s -C "$tools" kfx-resolve-btfids >&2 ||
	die "building tools/kfx-resolve-btfids failed (libbpf-dev, libelf-dev installed?)"
"$tools/kfx-resolve-btfids" --check "$ko" ||
	die "$ko has kfunc BTF ids that are still zero: the kernel would register nothing"
say "$ko: .BTF present, all BTF ids resolved"
