#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# deb.sh OUT BPF: build kfx-dkms (the module source, installed and built by
# dkms through dh-dkms) and kfx-tools (kfxctl, kfx.h, the samples, taken
# prebuilt from BPF, the tests/ build output) into OUT.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$1 bpf=$2
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$top/dkms.conf")
tree=$out/kfx-$ver

rm -rf "$tree" "$out"/kfx-dkms_* "$out"/kfx-tools_* "$out"/kfx_*
mkdir -p "$tree/debian" "$tree/bin" "$tree/samples" "$tree/samples-bin"
"$top/tools/dkms-tree.sh" "$tree/src"
cp "$top"/tools/deb/{control,rules,copyright} "$tree/debian/"
cat > "$tree/debian/changelog" <<EOC
kfx ($ver-1) unstable; urgency=medium

  * Built from the kfx tree by make deb.

 -- kfx developers <kfx@invalid>  $(date -R)
EOC
cp "$bpf/kfxctl" "$tree/bin/"
# the samples built, one binary per loader (objects embedded, as in
# tests/Makefile), and their sources to read
for c in "$top"/bpf/samples/*.c; do
	case $c in *.bpf.c) continue ;; esac
	cp "$bpf/$(basename "$c" .c)" "$tree/samples-bin/"
done
cp "$top"/bpf/samples/*.[ch] "$tree/samples/"
(cd "$tree" && dpkg-buildpackage -b -us -uc > "$out/dpkg-buildpackage.log" 2>&1) || {
	tail -20 "$out/dpkg-buildpackage.log" >&2
	exit 1
}
ls "$out"/kfx-dkms_"$ver"-1_all.deb "$out"/kfx-tools_"$ver"-1_amd64.deb
