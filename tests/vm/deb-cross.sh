#!/bin/bash
# deb-cross.sh ARCH OUT: kfx-dkms and kfx-tools for ARCH (arm64) built on
# this amd64 host into OUT, the way Debian cross-builds a package:
# kfxctl and the samples cross-compiled here against Debian 12's libbpf.so.1
# and libelf.so.1 of ARCH (sysroot.sh; the same library versions as the
# amd64 build), then tools/deb.sh with dpkg-buildpackage -a ARCH inside the
# bookworm build root, where ARCH is added as a dpkg architecture and
# libbpf1, libelf1 and libc6 of ARCH are installed: dpkg-shlibdeps reads
# their shlibs and symbols there, so kfx-tools depends on what an ARCH
# machine has, not on the cross libc (libc6-arm64-cross) a host-side
# dpkg-shlibdeps would name.  kfx-dkms comes out the same (arch all).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

arch=$1 out=$2
[ "$arch" != amd64 ] || die "deb-cross.sh: amd64 is this host's own (make deb)"
first=$(KFX_ARCH=$arch kernel_names | head -1)
[ -n "$first" ] || die "no $arch kernel in tests/kernels.list"
"$KFX_TOP/tests/vm/fetch-kernel.sh" "$first"
bin=$KFX_CACHE/deb-bin-$arch
cross_make_vars "$arch" shared
say "building kfxctl and the samples for $arch (shared libbpf, libelf)"
make -s -C "$KFX_TOP/bpf" OUT="$bin" VMLINUX="$(kernel_vmlinux "$first")" "${CROSS_VARS[@]}" >&2 ||
	die "building kfxctl and the samples for $arch failed"

suite=bookworm
root=$KFX_CACHE/roots/$suite
"$KFX_TOP/tests/vm/mkroot.sh" "$suite"
pkgs="build-essential debhelper dh-dkms scdoc binutils-$(kernel_machine "$first")-linux-gnu"
pkgs="$pkgs libbpf1:$arch libelf1:$arch zlib1g:$arch libc6:$arch"
# shellcheck disable=SC2086
have=$(in_root "$root" dpkg-query -W -f='${db:Status-Abbrev}\n' $pkgs 2>/dev/null | grep -c '^ii' || true)
if [ "$have" != "$(wc -w <<<"$pkgs")" ]; then
	say "adding $arch to the $suite root's dpkg, installing debhelper and $arch's libbpf1, libelf1"
	# shellcheck disable=SC2086
	{ in_root "$root" dpkg --add-architecture "$arch" &&
	  in_root "$root" apt-get -q update &&
	  in_root "$root" apt-get -q -y install $pkgs; } >> "$root.apt.log" 2>&1 ||
		die "harness: download: cannot install $pkgs in the $suite root, see $root.apt.log"
fi

# the tree deb.sh reads (what git tracks), and the binaries, in the root
w=/tmp/kfx-deb-$arch
rm -rf "$root$w"
mkdir -p "$root$w/src" "$root$w/out"
(cd "$KFX_TOP" && git ls-files -z | xargs -0 tar cf -) | tar xf - -C "$root$w/src" ||
	die "cannot copy the tree into the $suite root"
cp -a "$bin" "$root$w/bin"
maint=${KFX_MAINTAINER:-$(git -C "$KFX_TOP" log -1 --format='%an <%ae>')}
say "dpkg-buildpackage -a $arch in the $suite root"
in_root "$root" env DEB_HOST_ARCH="$arch" KFX_MAINTAINER="$maint" \
	${KFX_DEB_VERSION:+KFX_DEB_VERSION=$KFX_DEB_VERSION} \
	"$w/src/tools/deb.sh" "$w/out" "$w/bin" >&2 ||
	die "tools/deb.sh for $arch failed in the $suite root (log: $root$w/out/dpkg-buildpackage.log)"
mkdir -p "$out"
rm -f "$out"/kfx-dkms_*.deb "$out"/kfx-tools_*_"$arch".deb
cp "$root$w/out"/*.deb "$out/"
cp "$root$w/out/dpkg-buildpackage.log" "$out/dpkg-buildpackage-$arch.log"
rm -rf "$root$w"
ls "$out"/kfx-dkms_*_all.deb "$out"/kfx-tools_*_"$arch".deb
