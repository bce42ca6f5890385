#!/bin/bash
# build-bpf.sh: build the BPF objects, skeletons, test runner and samples
# once, with vmlinux.h from the first kernel of tests/kernels.list (the
# oldest we support, so nothing newer sneaks into the programs).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

vmlinux=$(kernel_vmlinux "$(kernel_names | head -1)")
say "building BPF objects, skeletons, the test runner and samples"
make -s -C "$KFX_TOP/tests" OUT="$KFX_CACHE/bpf" VMLINUX="$vmlinux" >&2 ||
	die "building the BPF side failed"
