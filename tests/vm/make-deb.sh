#!/bin/bash
# make-deb.sh: `make deb`.  Builds the BPF side (kfxctl, samples) once, then
# kfx-dkms and kfx-tools with tools/deb.sh into $KFX_CACHE/deb/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$KFX_TOP/tests/vm/deps.sh"
"$KFX_TOP/tests/vm/fetch-kernel.sh" "$(kernel_names | head -1)"
"$KFX_TOP/tests/vm/build-bpf.sh"
say "building kfx-dkms and kfx-tools (dpkg-buildpackage, dh-dkms)"
"$KFX_TOP/tools/deb.sh" "$KFX_CACHE/deb" "$KFX_CACHE/bpf"
