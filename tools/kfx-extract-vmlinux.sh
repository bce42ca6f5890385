#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kfx-extract-vmlinux.sh BZIMAGE OUT
#
# Write the kernel ELF embedded in BZIMAGE to OUT, if it carries .BTF: try
# every xz, zstd and gzip stream start until one decompresses to such an ELF.
set -eu
img=$1 out=$2

for c in 'xz -dc:\3757zXZ' 'zstd -dc:(\265/\375' 'gzip -dc:\037\213\010'; do
	cmd=${c%%:*}
	magic=$(printf "${c#*:}")
	for off in $(LC_ALL=C grep -obUaF -- "$magic" "$img" 2>/dev/null |
		     cut -d: -f1 | head -5); do
		tail -c +$((off + 1)) "$img" | $cmd > "$out" 2>/dev/null || true
		readelf -S -W "$out" 2>/dev/null | grep -q ' .BTF ' && exit 0
	done
done
rm -f "$out"
echo "kfx-extract-vmlinux: found no kernel ELF with .BTF inside $img" >&2
exit 1
