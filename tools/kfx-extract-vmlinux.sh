#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kfx-extract-vmlinux.sh VMLINUZ OUT
#
# Write the kernel's BTF inside the image VMLINUZ to OUT: the kernel ELF
# embedded in an x86 bzImage, if it carries .BTF (try every xz, zstd and
# gzip stream start until one decompresses to such an ELF); otherwise, as
# for arm64 (vmlinuz is a gzipped raw Image, no ELF left), the raw .BTF
# blob found in the decompressed image by its header.  pahole, bpftool,
# resolve_btfids and libbpf read either as a base BTF.
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

# A raw image (arm64): the first gzip stream, or the file itself.
raw=$out.image
if ! gzip -dc < "$img" > "$raw" 2>/dev/null; then
	cp "$img" "$raw"
fi
# struct btf_header: magic 0xeb9f, version 1, flags 0, hdr_len 24, then
# type_off, type_len, str_off, str_len (little-endian u32).  The kernel's
# own BTF is the largest blob that header describes.
best=0 size=0
for off in $(LC_ALL=C grep -obUaP '\x9f\xeb\x01\x00\x18\x00\x00\x00' "$raw" 2>/dev/null |
	     cut -d: -f1 | head -20); do
	set -- $(od -An -t u4 -j $((off + 8)) -N 16 "$raw")
	[ $# = 4 ] || continue
	end=$(($1 + $2))
	[ $(($3 + $4)) -gt "$end" ] && end=$(($3 + $4))
	n=$((24 + end))
	[ "$n" -gt "$size" ] && best=$off size=$n
done
if [ "$size" -gt 1048576 ]; then
	tail -c +$((best + 1)) "$raw" | head -c "$size" > "$out"
	rm -f "$raw"
	exit 0
fi
rm -f "$out" "$raw"
echo "kfx-extract-vmlinux: found no kernel BTF (an ELF with .BTF, or raw BTF) inside $img" >&2
exit 1
