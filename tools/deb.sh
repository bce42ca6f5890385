#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# deb.sh OUT BPF: build kfx-dkms (the module source, installed and built by
# dkms through dh-dkms) and kfx-tools (kfxctl, kfx.h, the samples, taken
# prebuilt from BPF, the tests/ build output) into OUT.
# DEB_HOST_ARCH: the architecture of kfx-tools (and of the binaries in
# BPF), default this machine's; another one is a cross build
# (dpkg-buildpackage -a), which needs that architecture's libbpf1, libelf1
# and libc6 installed (multiarch) for dpkg-shlibdeps.
# KFX_DEB_VERSION overrides the version (dkms.conf's PACKAGE_VERSION) of
# both packages and of the dkms module, e.g. to build a next version for an
# upgrade test; KFX_MAINTAINER the Maintainer (default: the author of the
# tree's last commit).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$1 bpf=$2
ver=${KFX_DEB_VERSION:-$("$top/tools/kfx-version.sh")}
maint=${KFX_MAINTAINER:-$(git -C "$top" log -1 --format='%an <%ae>' 2>/dev/null || true)}
[ -n "$maint" ] || { echo "deb.sh: set KFX_MAINTAINER (no git history)" >&2; exit 1; }
tree=$out/kfx-$ver
build_arch=$(dpkg --print-architecture)
arch=${DEB_HOST_ARCH:-$build_arch}
cross=
[ "$arch" = "$build_arch" ] || cross="-a $arch"

rm -rf "$tree" "$out"/kfx-dkms_* "$out"/kfx-tools_* "$out"/kfx_*
mkdir -p "$tree/debian" "$tree/bin" "$tree/samples" "$tree/samples-bin"
"$top/tools/dkms-tree.sh" "$tree/src"
sed -i "s/^PACKAGE_VERSION=.*/PACKAGE_VERSION=\"$ver\"/" "$tree/src/dkms.conf"
sed "s|@VERSION@|$ver|" "$top/tools/deb/rules" > "$tree/debian/rules"
chmod +x "$tree/debian/rules"
cp "$top"/tools/deb/{copyright,kfx-tools.lintian-overrides,kfx-dkms.lintian-overrides} "$tree/debian/"
sed "s|@MAINTAINER@|$maint|" "$top/tools/deb/control" > "$tree/debian/control"
cat > "$tree/debian/changelog" <<EOC
kfx ($ver-1) unstable; urgency=medium

  * Built from the kfx tree by make deb.

 -- $maint  $(date -R)
EOC
cp "$bpf/kfxctl" "$tree/bin/"
# kfxctl's manual page, from its scdoc source
scdoc < "$top/bpf/kfxctl.8.scd" > "$tree/bin/kfxctl.8"
# the samples built, one binary per loader (objects embedded, as in
# tests/Makefile), and their sources to read
for c in "$top"/bpf/samples/*.c; do
	case $c in *.bpf.c) continue ;; esac
	cp "$bpf/$(basename "$c" .c)" "$tree/samples-bin/"
done
cp "$top"/bpf/samples/*.[ch] "$tree/samples/"
# shellcheck disable=SC2086
(cd "$tree" && dpkg-buildpackage -b -us -uc $cross > "$out/dpkg-buildpackage.log" 2>&1) || {
	tail -20 "$out/dpkg-buildpackage.log" >&2
	exit 1
}
ls "$out"/kfx-dkms_"$ver"-1_all.deb "$out"/kfx-tools_"$ver"-1_"$arch".deb
