#!/bin/bash
# deps.sh: install the Debian packages kfx's build, demo and tests need on
# this (Debian 12) host, from the host's own apt sources.  Quiet when all
# are present.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

pkgs="gcc make binutils pkg-config libelf-dev libbpf-dev bpftool clang-19
llvm-19 libclang-rt-19-dev dwarves debootstrap qemu-system-x86 qemu-system-arm busybox-static cpio xz-utils
gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static
zstd dkms kmod file debian-archive-keyring linux-source-6.1 gnuplot-nox python3
debhelper dh-dkms dpkg-dev scdoc reprepro lintian gnupg openssl"
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
[ "$(id -u)" = 0 ] || die "missing packages:$missing (run make deps as root)"
say "installing host packages:$missing"
apt-get -q update >/dev/null || say "apt-get update failed; trying with the current index"
DEBIAN_FRONTEND=noninteractive apt-get -q -y install --no-install-recommends $missing \
	> "${TMPDIR:-/tmp}/kfx-deps.log" 2>&1 ||
	die "harness: download: apt-get install failed, see ${TMPDIR:-/tmp}/kfx-deps.log"
