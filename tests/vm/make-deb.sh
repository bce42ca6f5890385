#!/bin/bash
# make-deb.sh: `make deb`.  Builds the BPF side (kfxctl, samples) once, then
# kfx-dkms and kfx-tools with tools/deb.sh into $KFX_CACHE/deb/.
# KFX_ARCH=arm64 (make deb ARCH=arm64): arm64's kfx-tools (and kfx-dkms),
# cross-built (deb-cross.sh) into $KFX_CACHE/deb-arm64/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cache_lock	# one run at a time in the cache (lib.sh)

"$KFX_TOP/tests/vm/deps.sh"
case ${KFX_ARCH:-amd64} in
amd64 | x86_64 | x86) ;;
arm64 | aarch64)
	say "building kfx-dkms and kfx-tools for arm64 (cross: dpkg-buildpackage -a arm64)"
	exec "$KFX_TOP/tests/vm/deb-cross.sh" arm64 "$KFX_CACHE/deb-arm64" ;;
*) die "ARCH=$KFX_ARCH: make deb builds amd64 or arm64 packages" ;;
esac
"$KFX_TOP/tests/vm/fetch-kernel.sh" "$(KFX_ARCH=amd64 kernel_names | head -1)"
"$KFX_TOP/tests/vm/build-bpf.sh"
say "building kfx-dkms and kfx-tools (dpkg-buildpackage, dh-dkms)"
"$KFX_TOP/tools/deb.sh" "$KFX_CACHE/deb" "$KFX_CACHE/bpf"
