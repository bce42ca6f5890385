#!/bin/bash
# build-bpf.sh [ARCH]: build the BPF objects, skeletons, test runner and
# samples once per architecture (amd64 unless ARCH says arm64), with
# vmlinux.h from the first kernel of that architecture in
# tests/kernels.list (the oldest we support, so nothing newer sneaks into
# the programs).  amd64's go to $KFX_CACHE/bpf, built with the host's
# compiler and libraries; another architecture's to $KFX_CACHE/bpf-ARCH,
# cross-compiled and static (lib.sh: cross_make_vars).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

arch=${1:-amd64}
first=$(KFX_ARCH=$arch kernel_names | head -1)
[ -n "$first" ] || die "no $arch kernel in tests/kernels.list"
vmlinux=$(kernel_vmlinux "$first")
out=$KFX_CACHE/bpf
[ "$arch" = amd64 ] || out=$KFX_CACHE/bpf-$arch
cross_make_vars "$arch"
say "building BPF objects, skeletons, the test runner and samples ($arch)"
make -s -C "$KFX_TOP/tests" OUT="$out" VMLINUX="$vmlinux" "${CROSS_VARS[@]}" >&2 ||
	die "building the BPF side ($arch) failed"
