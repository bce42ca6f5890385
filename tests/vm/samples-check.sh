#!/bin/bash
# samples-check.sh [NAME...]: `make samples` (bpf/Makefile, nothing from
# tests/) against each kernel's BTF (default every kernel of
# tests/kernels.list), and against this host's /sys/kernel/btf/vmlinux
# when it has one.  Prints "ok ..."/"not ok ..." lines, then
# "samples-check: done".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

names=("$@")
[ ${#names[@]} -gt 0 ] || mapfile -t names < <(kernel_names)
logs=$KFX_CACHE/logs
mkdir -p "$logs"

# build LABEL BTF [ARCH]: kfxctl and every sample into
# $KFX_CACHE/samples/LABEL; for arm64 as an arm64 machine builds them
# (its __TARGET_ARCH_, compiler and libraries: build-bpf.sh's).
build() {
	local label=$1 btf=$2 out=$KFX_CACHE/samples/$1 log=$logs/samples-$1.log t0
	cross_make_vars "${3:-amd64}"
	t0=$(date +%s)
	say "samples: building kfxctl and the samples against the BTF of $label"
	rm -rf "$out"
	if make -C "$KFX_TOP/bpf" OUT="$out" VMLINUX="$btf" "${CROSS_VARS[@]}" > "$log" 2>&1 &&
		[ -x "$out/kfxctl" ] && [ -x "$out/hello" ] &&
		[ -x "$out/udp_crypt" ] && [ -x "$out/name_filter" ] &&
		[ -x "$out/exec_hash" ]; then
		echo "ok samples/build-against-$label ($(($(date +%s) - t0))s)"
	else
		echo "not ok samples/build-against-$label: $(grep -m1 -E 'error|Error' "$log") (log: $log)"
	fi
}

for n in "${names[@]}"; do
	vm=$(kernel_vmlinux "$n") || { echo "not ok samples/build-against-$n: no vmlinux"; continue; }
	build "$(kernel_field "$n" kver)" "$vm" "$(kernel_field "$n" arch)"
done
if [ -r /sys/kernel/btf/vmlinux ]; then
	build "host-$(uname -r)" /sys/kernel/btf/vmlinux
else
	say "samples: this host has no /sys/kernel/btf/vmlinux, not built against it"
fi
echo "samples-check: done"
