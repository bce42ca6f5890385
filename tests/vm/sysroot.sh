#!/bin/bash
# sysroot.sh ARCH: what the guest programs of another architecture are
# linked with and run beside, unpacked once into $KFX_CACHE/sysroot/ARCH
# from Debian 12's packages of that architecture (the host's own release:
# the same libbpf the host's bpftool writes skeletons for): the static
# libbpf, libelf, zlib and zstd, and busybox-static for the guest's init.
# The compiler is the host's gcc-<machine>-linux-gnu (make deps).
# Prints the sysroot's path.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

arch=$1
dest=$KFX_CACHE/sysroot/$arch
pkgs="libbpf-dev libbpf1 libelf-dev libelf1 zlib1g-dev zlib1g libzstd-dev libzstd1 busybox-static"
if [ "$(cat "$dest/.done" 2>/dev/null)" != "$pkgs" ]; then
	apt_private_setup
	say "unpacking Debian 12's $arch libbpf, libelf, zlib, zstd and busybox for the $arch guests"
	debs=$KFX_CACHE/debs/sysroot-$arch
	rm -rf "$dest" "$debs"
	mkdir -p "$dest" "$debs"
	# shellcheck disable=SC2086
	(cd "$debs" && apt_private apt-get -q -o APT::Sandbox::User=root \
		-o APT::Default-Release=bookworm download $(printf '%s:'"$arch"' ' $pkgs) >/dev/null) ||
		die "harness: download: cannot download the $arch sysroot packages ($pkgs)"
	for d in "$debs"/*.deb; do
		dpkg-deb -x "$d" "$dest"
	done
	echo "$pkgs" > "$dest/.done"
fi
echo "$dest"
