#!/bin/bash
# bench.sh [NAME]: build, boot kernel NAME (default 7.3, which has the
# upstream string kfuncs) and time bpf_X, kfx_X and kfx_X_buf side by side.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

name=${1:-7.3}
kver=$(kernel_field "$name" kver)
"$KFX_TOP/tests/vm/deps.sh"
"$KFX_TOP/tests/vm/mkroot.sh" "$(kernel_field "$name" root)"
"$KFX_TOP/tests/vm/build-module.sh" "$name"
"$KFX_TOP/tests/vm/build-bpf.sh"
# TCG's wall-clock timings are noise; with -icount the guest clock advances
# by instructions executed, so runs repeat exactly and the ratios compare
# instruction counts (KFX_BENCH_WALLCLOCK=1 for wall-clock time instead).
icount="-icount shift=0,sleep=off"
[ -n "${KFX_BENCH_WALLCLOCK:-}" ] && icount=
say "booting $kver under qemu ${KFX_ACCEL:-tcg} ${icount:+(icount) }for the string benchmark (about two minutes)"
KFX_QEMU_OPTS="${KFX_QEMU_OPTS:-} $icount" "$KFX_TOP/tests/vm/run-guest.sh" "$name" bench
log=$KFX_CACHE/logs/$kver-bench.log
tr -d '\r' < "$log" | sed -n '/^string_bench:/,/^kfx-exit/p'
echo "setup: qemu ${KFX_ACCEL:-tcg} ${icount:-(wall clock)} -smp 2 -m 1G on $(nproc) host cores, kernel $kver; full log $log"
