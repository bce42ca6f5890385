#!/bin/bash
# mkroot.sh SUITE: a debootstrapped build root of SUITE (bookworm, trixie, sid)
# with the toolchain kfx and dkms need.  Kernel headers are added per kernel
# by build-module.sh.  Cached under $KFX_CACHE/roots/SUITE.
# SUITE-kbuild (e.g. trixie-kbuild): a root of its own of that suite with
# what building a kernel from linux-source needs too (build-debug-kernel.sh),
# so that a long kernel build never shares in_root's mounts with the
# module builds in the SUITE root.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

name=$1
suite=${name%-kbuild}
kbuild=
[ "$suite" = "$name" ] || kbuild="flex bison perl libssl-dev cpio rsync python3"
root=$KFX_CACHE/roots/$name
# apt in the root: the archive here is a snapshot (sid's Release file is
# past its Valid-Until); two apt-get at once in a root (the deb step's
# arm64 packages beside the module builds' headers) wait for each other's
# dpkg lock instead of failing.  Written on every call: a root built
# before a line was added gets it too (renamed into place: an apt-get
# running meanwhile reads the old file or the new, never half of one).
apt_conf() {
	local f=$root/etc/apt/apt.conf.d/99kfx
	printf '%s\n' 'Acquire::Check-Valid-Until "false";' \
		'APT::Install-Recommends "false";' 'DPkg::Lock::Timeout "900";' \
		> "$f.$$" && mv -f "$f.$$" "$f"
}
[ -f "$root/.kfx-ready" ] && { apt_conf; exit 0; }

command -v debootstrap >/dev/null || die "debootstrap is missing (make deps)"
# a root left half made (a run stopped in its debootstrap) goes, unless
# something is still mounted in it (an older harness's debootstrap killed
# in its second stage: rm would go into the host's /proc and /sys)
[ -z "$(mounts_below "$root")" ] ||
	die "harness: mount: $root has mounts left: $(mounts_below "$root" | tr '\n' ' ')"
rm -rf --one-file-system "$root"
mkdir -p "$KFX_CACHE/roots"
say "building the $name build root (debootstrap, about a minute)"
: > "$root.debootstrap.log"
with_progress "$name root: debootstrap" "$root.debootstrap.log" \
	debootstrap_private --variant=minbase --keyring="$KFX_KEYRING" \
	--include=ca-certificates "$suite" "$root" "$KFX_MIRROR" ||
	die "harness: download: debootstrap $name failed, see $root.debootstrap.log"

{
	echo "deb $KFX_MIRROR $suite main"
	case $suite in
	bookworm|trixie) echo "deb $KFX_MIRROR $suite-backports main" ;;
	esac
} > "$root/etc/apt/sources.list"
apt_conf

say "installing the toolchain into the $name root"
pahole_pkg=dwarves
in_root "$root" apt-get -q update > "$root.apt.log" 2>&1 ||
	die "harness: download: apt-get update in the $name root failed, see $root.apt.log"
in_root "$root" apt-get -q -y install gcc make libc6-dev libelf-dev bc kmod \
	$pahole_pkg dkms libbpf-dev pkg-config xz-utils zstd binutils $kbuild \
	>> "$root.apt.log" 2>&1 ||
	die "harness: download: installing the toolchain in the $name root failed, see $root.apt.log"
touch "$root/.kfx-ready"
say "$name root ready"
