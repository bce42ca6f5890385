#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kfx-dkms-build.sh KVER KDIR: dkms' MAKE for kfx, `make module` with a
# progress line at the start, every 15 s and at the end: which kernel, which
# step (probes, compiling, BTF), time elapsed.  dkms sends a build's output
# to its make.log, so these lines go to the stderr of the dkms process
# that runs the build (what apt's terminal shows); make.log gets the full
# output as before.
set -u
kver=$1 kdir=$2
# the outermost dkms process above this one: dkms' own subshells (same
# command line) have their output redirected to make.log or /dev/null
tell=/dev/null
pid=$PPID
while [ "$pid" -gt 1 ]; do
	if tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -q '/dkms '; then
		[ ! -w "/proc/$pid/fd/2" ] || tell=/proc/$pid/fd/2
	fi
	pid=$(awk '/^PPid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 1)
done
out=$(mktemp)
t0=$(date +%s)
say() { echo "kfx: $kver: $* ($(($(date +%s) - t0)) s)" >> "$tell" 2>/dev/null; }
step() {
	case $(grep -E '^ *(PROBE|CC|LD|MODPOST)|kfx-btf:' "$out" | tail -1) in
	*kfx-btf:*) echo "module BTF (pahole, BTF ids)" ;;
	*MODPOST*|*LD*) echo "linking kfx.ko" ;;
	*CC*) echo "compiling" ;;
	*) echo "probing the headers" ;;
	esac
}
say "building kfx against $kdir"
make -j"$(nproc)" module KVER="$kver" KDIR="$kdir" > "$out" 2>&1 &
mk=$!
n=0
while kill -0 "$mk" 2>/dev/null; do
	sleep 1
	n=$((n + 1))
	[ $((n % 15)) = 0 ] && say "$(step)"
done
rc=0
wait "$mk" || rc=$?
cat "$out"
rm -f "$out"
if [ "$rc" = 0 ]; then
	say "kfx.ko built"
else
	say "build failed (status $rc), see the make.log dkms names"
fi
exit "$rc"
