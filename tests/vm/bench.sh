#!/bin/bash
# bench.sh [NAME...]: `make bench`.  For each kernel (default: the whole
# matrix of tests/kernels.list), build kfx, boot the kernel under qemu TCG
# with -icount (the guest clock counts instructions, so runs repeat exactly
# and ratios compare instruction counts) and run string_bench, crypto_bench
# then hash_bench in that one guest.  Writes, under $KFX_CACHE/bench/latest/,
# each kernel's CSV and console log, RESULTS.md (tables and every target
# line) and PNG plots.  A full run (whole matrix, every op, not QUICK)
# also refreshes bench/RESULTS.md (bench/RESULTS-arm64.md for ARCH=arm64)
# and its plots in the tree.
#   KFX_BENCH_OPS=strlen,strstr   string ops to time (default all)
#   KFX_BENCH_QUICK=1             string ops strlen/strchr/strstr/strcmp/
#                                 strspn at 1, 64, 4095; crypto and hashes
#                                 at 16 and 1500 bytes; 7.3 unless kernels
#                                 are named
#                                 (about 3 minutes a kernel)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cache_lock	# one run at a time in the cache (lib.sh)

names=("$@")
ops=${KFX_BENCH_OPS:-all}
quick=
if [ -n "${KFX_BENCH_QUICK:-}" ]; then
	quick=quick
	[ "$ops" = all ] && ops=strlen,strchr,strstr,strcmp,strspn
	# 7.3 has every comparison (upstream's string and crypto kfuncs)
	[ ${#names[@]} -gt 0 ] || names=(7.3)
fi
# The debug kernel (KASAN, lockdep) measures its checks, not kfx: only
# when named.  Both architectures' rows unless ARCH= picks one.
[ ${#names[@]} -gt 0 ] || mapfile -t names < <(kernel_names | while read -r n; do
	kernel_is_debug "$n" || echo "$n"; done)
"$KFX_TOP/tests/vm/deps.sh"
for s in $(for n in "${names[@]}"; do kernel_field "$n" root; done | sort -u); do
	"$KFX_TOP/tests/vm/mkroot.sh" "$s"
done
for n in "${names[@]}"; do "$KFX_TOP/tests/vm/fetch-kernel.sh" "$n"; done
archs=$(for n in "${names[@]}"; do kernel_field "$n" arch; done | sort -u)
for a in $archs; do
	"$KFX_TOP/tests/vm/build-bpf.sh" "$a"
done
for n in "${names[@]}"; do "$KFX_TOP/tests/vm/build-module.sh" "$n"; done

out=$KFX_CACHE/bench/$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$out"
ln -sfn "$(basename "$out")" "$KFX_CACHE/bench/latest"
icount="-icount shift=0,sleep=off"

# Two vCPUs, as in make check, where the kernel boots so under -icount (6.1
# hangs bringing up the second one there): a 90 s boot decides, and one
# vCPU it is otherwise.  With two, samples repeat to the instruction.  The
# answer is kept per kernel release (bench/smp-<kver>; delete to ask
# again), unless the probe died of the kernel's occasional TCG boot oops.
smp_for() {
	local n=$1 kver log kept ans
	kver=$(kernel_field "$n" kver)
	kept=$KFX_CACHE/bench/smp-$kver
	if [ -s "$kept" ]; then
		cat "$kept"
		return
	fi
	log=$KFX_CACHE/logs/$kver-bench.log
	rm -f "$log"
	KFX_BOOT_TIMEOUT=90 KFX_QEMU_OPTS="$icount" KFX_BENCH_CMD=true \
		"$KFX_TOP/tests/vm/run-guest.sh" "$n" bench >/dev/null 2>&1 || true
	if guest_booted "$log"; then
		ans="-smp 2"
	else
		ans="-smp 1"
	fi
	grep -qE 'Oops|BUG:' "$log" 2>/dev/null || echo "$ans" > "$kept"
	echo "$ans"
}
i=0
for n in "${names[@]}"; do
	i=$((i + 1))
	kver=$(kernel_field "$n" kver)
	say "benchmarking $n ($kver), kernel $i of ${#names[@]}: booting under qemu TCG with -icount (${quick:+quick, }about $([ -n "$quick" ] && echo 3 || echo 15) minutes)"
	smp=$(smp_for "$n")
	echo "$kver $smp" >> "$out/smp.txt"
	log=$KFX_CACHE/logs/$kver-bench.log
	KFX_BOOT_TIMEOUT=3600 KFX_QEMU_OPTS="${KFX_QEMU_OPTS:-} $icount $smp" \
	KFX_BENCH_CMD="echo \"kfx-cpu: \$(sed -n -e 's/^model name[^:]*: //p' -e 's/^Features[^:]*: /arm64, features: /p' /proc/cpuinfo | head -1)\"; /string_bench /kfx.ko $ops $quick; /crypto_bench /kfx.ko $quick; /hash_bench /kfx.ko $quick" \
		run_guest_retry "$n" bench
	tr -d '\r' < "$log" > "$out/$kver.log"
	grep '^csv,' "$out/$kver.log" | cut -d, -f2- > "$out/$kver.csv" || true
	grep -E '^(target|string_bench:|crypto_bench:|hash_bench:)' "$out/$kver.log" | grep -v ' holds$' || true
	grep -q '^crypto_bench: .* missed' "$out/$kver.log" &&
		grep -q '^hash_bench: .* missed' "$out/$kver.log" ||
		say "warning: the $n benchmark did not finish (log: $out/$kver.log)"
done
{
	echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "commit=$(git -C "$KFX_TOP" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$KFX_TOP" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
	echo "host=$(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"
	echo "qemu=$(qemu-system-x86_64 --version | head -1)$(command -v qemu-system-aarch64 >/dev/null && echo "; $(qemu-system-aarch64 --version | head -1) (arm64)")"
	echo "setup=qemu TCG -icount shift=0,sleep=off -m 1G, -cpu max (amd64), -M virt -cpu max,pauth-impdef=on (arm64); vCPUs per kernel: $(tr '\n' ' ' < "$out/smp.txt")"
	echo "scope=${quick:-full}; string ops: $ops"
} > "$out/setup.txt"
python3 "$KFX_TOP/tests/vm/bench-report.py" "$out"
# Native time beside the instruction counts: make bench-native's report
# (make bench runs it first), its headings one level down.
# (This host is amd64: not for a run of arm64 rows only.)
native=$KFX_CACHE/bench/native
if [ -f "$native/RESULTS.md" ] && grep -qx amd64 <<<"$archs"; then
	{ echo; echo "## Native time (make bench-native)"; echo
	  sed -e '1d' -e 's/^## /### /' "$native/RESULTS.md"; } >> "$out/RESULTS.md"
	cp "$native/native-string.png" "$out/" 2>/dev/null || true
fi
say "results: $out/RESULTS.md"
# A full run refreshes bench/RESULTS.md (every row, or amd64's, which
# carry the native section), or bench/RESULTS-arm64.md when ARCH=arm64
# picked the arm64 rows, and the plots of its kernels.
if [ -z "$quick" ] && [ "$ops" = all ] && [ $# = 0 ]; then
	dest=RESULTS.md
	[ "$archs" != arm64 ] || dest=RESULTS-arm64.md
	mkdir -p "$KFX_TOP/bench"
	for n in "${names[@]}"; do rm -f "$KFX_TOP/bench/$(kernel_field "$n" kver)"-*.png; done
	cp "$out"/RESULTS.md "$KFX_TOP/bench/$dest"
	cp "$out"/*.png "$KFX_TOP/bench/"
	say "a full run: bench/$dest and its plots refreshed (commit them)"
fi
