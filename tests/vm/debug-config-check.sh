#!/bin/bash
# debug-config-check.sh NAME...: for each debug row named, its kernel's
# config (as built, from the cache) against Debian's config of its base
# release: every option tests/vm/kfxdebug-debian.list takes is as Debian
# has it, or allowed with its reason (tests/vm/debug-config.py check).
# Then the check itself: a copy of the config with one option kfx depends
# on changed (BPF_JIT off) must fail it.  "ok"/"not ok" lines, then
# "debug-config: done".
set -euo pipefail
. "$(dirname "$0")/lib.sh"

list=$KFX_TOP/tests/vm/kfxdebug-debian.list
check=$KFX_TOP/tests/vm/debug-config.py
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for n in "$@"; do
	kernel_is_debug "$n" || continue
	kver=$(kernel_field "$n" kver)
	ours=$KFX_CACHE/kernels/$kver/config
	debian=$KFX_CACHE/kernels/${kver%-kfxdebug}/config
	if [ ! -f "$ours" ] || [ ! -f "$debian" ]; then
		echo "not ok debug-config/$n: no config of $kver or of its Debian base"
		continue
	fi
	if out=$("$check" check "$ours" "$debian" "$list"); then
		echo "ok debug-config/$n: $out"
	else
		echo "not ok debug-config/$n: $out" | head -5
	fi
	sed 's/^CONFIG_BPF_JIT=y$/# CONFIG_BPF_JIT is not set/' "$ours" > "$tmp"
	# (its status is 1 when it works: read what it says)
	out=$("$check" check "$tmp" "$debian" "$list" || true)
	if grep -q 'CONFIG_BPF_JIT: Debian y, this kernel n' <<<"$out"; then
		echo "ok debug-config/$n-catches-a-difference: BPF_JIT off is reported"
	else
		echo "not ok debug-config/$n-catches-a-difference: BPF_JIT off went unreported"
	fi
done
echo "debug-config: done"
