#!/bin/bash
# tests/mutants/build.sh ROW SRC OUT: build kfx.ko (and kfx-nobtf.ko) for
# kernel ROW (tests/kernels.list: amd64 rows, and arm64 ones cross-built in
# the amd64 root of their suite as tests/vm/build-module.sh does, its
# cross compiler and the arm64 headers already there) from the source
# tree SRC (a scratch copy, mutated or not) into OUT/.
#
# Never writes the shared cache: the row's build root
# ($KFX_CACHE/roots/<root suite>) is the lower layer of an overlay whose
# upper layer is ours ($KFX_MUTANTS_WORK/ov-<kver>, kept between builds:
# the kernel's headers are extracted into it once), mounted in a mount
# namespace of this script's own (own_mount_ns), gone when it ends.
# The headers (linux-headers-<kver>, its -common, linux-kbuild) are
# downloaded once with the harness's private apt config into
# $KFX_MUTANTS_WORK/debs/<kver> (or put there by hand).
set -euo pipefail
. "$(dirname "$0")/../vm/lib.sh"
own_mount_ns "$@"

row=$1 src=$(realpath "$2") out=$3
W=${KFX_MUTANTS_WORK:-/work/mutants-cache}
kver=$(kernel_field "$row" kver)
root=$(kernel_field "$row" root)
arch=$(kernel_field "$row" arch)
[ "$arch" = amd64 ] || [ -d "$KFX_CACHE/roots/$root/usr/src/linux-headers-$kver" ] ||
	die "mutants: an arm64 row needs its headers in the $root root (make check ARCH=arm64 puts them there)"
cross=$(kernel_cross_env "$row")
kernel_is_debug "$row" && die "mutants: the -kfxdebug rows' headers are not packaged ($row)"
lower=$KFX_CACHE/roots/$root
[ -d "$lower/usr" ] || die "mutants: no build root $lower (make check builds it)"

# the headers .debs, once (none when the root holds them: build-module.sh)
debs=$W/debs/$kver
if [ -d "$lower/usr/src/linux-headers-$kver" ]; then
	:
elif ! ls "$debs"/linux-headers-"$kver"_*.deb > /dev/null 2>&1; then
	mkdir -p "$debs"
	common=$(apt_private apt-cache depends "linux-headers-$kver" 2>/dev/null |
		awk '/Depends: linux-(headers|kbuild)/ { print $2 }' | tr '\n' ' ')
	(cd "$debs" && apt_private apt-get -q -o APT::Sandbox::User=root download \
		"linux-headers-$kver" $common > /dev/null) ||
		die "mutants: cannot download the headers of $kver (put them in $debs)"
fi

# the overlay; its upper layer keeps the extracted headers between builds
ov=$W/ov-$kver
mkdir -p "$ov/up" "$ov/work" "$ov/merged"
mount -t overlay overlay -o "lowerdir=$lower,upperdir=$ov/up,workdir=$ov/work" "$ov/merged"
m=$ov/merged
if [ ! -f "$ov/up/.kfx-mutants-headers" ] && [ ! -d "$lower/usr/src/linux-headers-$kver" ]; then
	# merged /usr roots: a package's /lib goes to /usr/lib, not over the link
	x=$ov/x
	rm -rf "$x"
	for d in "$debs"/*.deb; do dpkg-deb -x "$d" "$x"; done
	if [ -d "$x/lib" ] && [ -L "$m/lib" ]; then
		mkdir -p "$x/usr/lib"
		cp -a "$x/lib/." "$x/usr/lib/"
		rm -rf "$x/lib"
	fi
	cp -a "$x/." "$m/"
	rm -rf "$x"
	touch "$m/.kfx-mutants-headers"
fi
mount -t proc proc "$m/proc"
mount --bind /dev "$m/dev"
rm -rf "$m/build"
mkdir -p "$m/build"
# the source, without what a build leaves behind
(cd "$src" && tar --exclude=.git --exclude='*.ko' --exclude='*.o' --exclude='*.mod*' \
	-cf - Makefile Kbuild module bpf tools dkms.conf) | tar -xf - -C "$m/build"
vm=$KFX_CACHE/kernels/$kver/vmlinux
if [ -f "$vm" ]; then
	cp "$vm" "$m/build/vmlinux.base"
else
	"$KFX_TOP/tools/kfx-extract-vmlinux.sh" "$KFX_CACHE/kernels/$kver/vmlinuz" "$m/build/vmlinux.base" > /dev/null
fi
# The probes' answer depends on the headers and the probes only: the
# first build's is kept, by the probes' own hash (a probe added, removed
# or fixed makes them run again), and later builds skip them (make
# module's two other steps).
probes=$W/probes-$kver-$(cat "$src"/module/probes/*.c "$src"/module/probes/Kbuild | sha1sum | cut -c1-12).h
kd=/usr/src/linux-headers-$kver
if [ -f "$probes" ]; then
	cp "$probes" "$m/build/module/kfx_probes.h"
	cmd="make -C $kd M=/build modules && tools/kfx-btf.sh $kver $kd kfx.ko /build/vmlinux.base"
else
	cmd="make KVER=$kver KDIR=$kd BTF_BASE=/build/vmlinux.base module"
fi
chroot "$m" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root $cross bash -c \
	"cd /build && $cmd" > "$W/logs/build-$kver.log" 2>&1 || {
	grep -E 'error|Error' "$W/logs/build-$kver.log" | head -5 >&2
	die "mutants: the build for $kver failed ($W/logs/build-$kver.log)"
}
[ -f "$probes" ] || cp "$m/build/module/kfx_probes.h" "$probes"
objcopy=objcopy
[ "$arch" = amd64 ] || objcopy=$(kernel_machine "$row")-linux-gnu-objcopy
chroot "$m" $objcopy --remove-section=.BTF /build/kfx.ko /build/kfx-nobtf.ko
mkdir -p "$out"
cp "$m/build/kfx.ko" "$m/build/kfx-nobtf.ko" "$out/"
umount "$m/dev" "$m/proc" "$m"
