#!/bin/bash
# demo.sh [NAME]: build kfx.ko with dkms for a Debian kernel (default: the
# first of tests/kernels.list, Debian 12's 6.1), boot that kernel in qemu,
# insmod kfx, run the hello sample (a libbpf skeleton whose SYSCALL program
# calls kfx_version()) and show what happened.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cache_lock	# one run at a time in the cache (lib.sh)

name=${1:-$(kernel_names | head -1)}
kver=$(kernel_field "$name" kver)
"$KFX_TOP/tests/vm/deps.sh"
say "step 1/4: fetching Debian kernel $kver and its build root"
"$KFX_TOP/tests/vm/mkroot.sh" "$(kernel_field "$name" root)"
"$KFX_TOP/tests/vm/fetch-kernel.sh" "$name"
say "step 2/4: dkms add/build/install of kfx for $kver (in the build root)"
"$KFX_TOP/tests/vm/build-module.sh" "$name"
say "step 3/4: building the hello sample (clang -target bpf, libbpf skeleton)"
"$KFX_TOP/tests/vm/build-bpf.sh"
say "step 4/4: booting $kver under qemu ${KFX_ACCEL:-tcg}: insmod kfx, run hello, rmmod"
"$KFX_TOP/tests/vm/run-guest.sh" "$name" demo
log=$KFX_CACHE/logs/$kver-demo.log
echo
echo "---- what the guest printed (full console: $log) ----"
tr -d '\r' < "$log" | grep -E '^kfx-guest|^kfx-demo|^hello|^kfx |^kfx-exit|kfx: ' | grep -v '^kfx-dmesg'
echo "----"
grep -q '^hello: a BPF program called kfx_version()' "$log" ||
	die "the demo did not print the expected hello line, see $log"
say "demo done: kfx.ko built by dkms for $kver, loaded in a VM, called from BPF"
