#!/bin/bash
# build-module.sh NAME: build kfx.ko for kernel NAME with dkms inside the
# kernel's build root (its own compiler), and copy the installed module to
# $KFX_CACHE/out/KVER/kfx.ko, plus a BTF-less copy for the negative test.
#
# An arm64 kernel's module is cross-built in the amd64 root of its suite,
# by the same dkms.conf and the same dkms commands an arm64 machine runs.
# It is the build an arm64 machine does: Debian's arm64 headers name their
# compiler themselves (.kernelvariables: ARCH=arm64, CROSS_COMPILE=
# aarch64-linux-gnu-, CC=$(CROSS_COMPILE)gcc-N, the same name natively),
# the root's gcc-N-aarch64-linux-gnu is the suite's gcc-N built as a cross
# compiler (same source version: 12.2.0-14 on bookworm, 14.2.0-19 on
# trixie, what Debian built those kernels with), and linux-kbuild-* is
# Multi-Arch: foreign, so its amd64 build of kbuild's host programs is
# what Debian itself provides for building arm64 modules here.  The
# headers are unpacked (dpkg-deb -x) rather than installed: their package
# depends on the arm64 gcc-N, which an amd64 root cannot hold.  Measured
# on this 2-core host: about as fast as a native build, where an arm64
# root under qemu-user would compile several times slower (docs/arm64.md).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

name=$1
kver=$(kernel_field "$name" kver)
suite=$(kernel_field "$name" root)
arch=$(kernel_field "$name" arch)
machine=$(kernel_machine "$name")
root=$KFX_CACHE/roots/$suite
out=$KFX_CACHE/out/$kver
ver=$("$KFX_TOP/tools/kfx-version.sh")

# cross_headers: linux-headers-$kver of another architecture, unpacked in
# the root, with what its package depends on: the -common headers (arch
# all, unpacked unless the root has them), linux-kbuild (amd64, installed)
# and the cross compiler of the gcc-N it names.
cross_headers() {
	# as dpkg would: through the root's /lib -> usr/lib (merged /usr)
	unpack() { dpkg-deb --fsys-tarfile "$1" | tar -x -C "$root" --keep-directory-symlink; }
	local debs=$KFX_CACHE/debs pkg deb dep gcc kbuild common
	apt_private_setup
	mkdir -p "$debs"
	pkg=linux-headers-$kver
	deb=$(ls "$debs/${pkg}_"*"_$arch.deb" 2>/dev/null | head -1 || true)
	if [ -z "$deb" ]; then
		(cd "$debs" && apt_private apt-get -q -o APT::Sandbox::User=root download "$pkg:$arch" >/dev/null) ||
			die "harness: download: cannot download $pkg:$arch"
		deb=$(ls "$debs/${pkg}_"*"_$arch.deb" | head -1)
	fi
	dep=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/^ *//; s/ .*//')
	gcc=$(grep -E '^gcc-[0-9]+(-for-host)?$' <<<"$dep" | head -1 | sed 's/-for-host$//')
	kbuild=$(grep '^linux-kbuild-' <<<"$dep" | head -1)
	common=$(grep -E '^linux-headers-.*-common$' <<<"$dep" | head -1)
	[ -n "$gcc" ] && [ -n "$kbuild" ] && [ -n "$common" ] ||
		die "$pkg: cannot tell its compiler, kbuild and common headers from: $(echo $dep)"
	say "installing $gcc-$machine-linux-gnu and $kbuild into the $suite root, unpacking $pkg ($arch)"
	in_root "$root" apt-get -q -y install "$gcc-$machine-linux-gnu" "$kbuild" >> "$root.apt.log" 2>&1 ||
		die "harness: download: cannot install $gcc-$machine-linux-gnu $kbuild in the $suite root, see $root.apt.log"
	if [ ! -e "$root/usr/src/$common/Makefile" ]; then
		(cd "$debs" && apt_private apt-get -q -o APT::Sandbox::User=root download "$common" >/dev/null) ||
			die "harness: download: cannot download $common"
		unpack "$(ls "$debs/${common}_"*.deb | head -1)"
	fi
	unpack "$deb"
	[ -e "$root/lib/modules/$kver/build" ] ||
		{ mkdir -p "$root/lib/modules/$kver" && ln -sfn "/usr/src/$pkg" "$root/lib/modules/$kver/build"; }
}

"$KFX_TOP/tests/vm/mkroot.sh" "$suite"
"$KFX_TOP/tests/vm/fetch-kernel.sh" "$name"

if kernel_is_debug "$name"; then
	# build-debug-kernel.sh's headers tree, where Debian's package puts its
	# own (installed again each time: the kernel may have been rebuilt).
	say "installing the headers of $kver into the $suite root"
	rm -rf "$root/usr/src/linux-headers-$kver"
	cp -a "$KFX_CACHE/kernels/$kver/build" "$root/usr/src/linux-headers-$kver"
	mkdir -p "$root/lib/modules/$kver"
	ln -sfn "/usr/src/linux-headers-$kver" "$root/lib/modules/$kver/build"
elif [ "$arch" != amd64 ] && [ ! -e "$root/usr/src/linux-headers-$kver/Makefile" ]; then
	cross_headers
elif [ ! -e "$root/usr/src/linux-headers-$kver/Makefile" ]; then
	say "installing linux-headers-$kver into the $suite root"
	in_root "$root" apt-get -q -y install "linux-headers-$kver" >> "$root.apt.log" 2>&1 ||
		die "harness: download: cannot install linux-headers-$kver in the $suite root, see $root.apt.log"
fi
# What an installed linux-image leaves in /boot, so the 6.1 build finds the
# target kernel's BTF the way it would on a real machine.
cp "$KFX_CACHE/kernels/$kver/vmlinuz" "$root/boot/vmlinuz-$kver"

# The DKMS source tree: exactly the files a user's tarball would carry.
src=$root/usr/src/kfx-$ver
rm -rf "$src"
"$KFX_TOP/tools/dkms-tree.sh" "$src"

cross=$(kernel_cross_env "$name")
say "dkms build for $name ($kver) in the $suite root${cross:+ (cross: $arch)}"
log=$KFX_CACHE/logs/dkms-$kver.log
mkdir -p "$KFX_CACHE/logs"
touch "$root/tmp/kfx-build-stamp"
{
	in_root "$root" dkms remove -m kfx -v "$ver" --all || true
	in_root "$root" dkms add -m kfx -v "$ver" &&
	in_root "$root" env $cross dkms build -m kfx -v "$ver" -k "$kver" -a "$machine" &&
	in_root "$root" env $cross dkms install -m kfx -v "$ver" -k "$kver" -a "$machine"
} > "$log" 2>&1 || {
	cat "$root/var/lib/dkms/kfx/$ver/build/make.log" >> "$log" 2>/dev/null || true
	tail -30 "$log" >&2
	die "dkms failed for $kver, full log: $log"
}

# dpkg owns the headers: the build must not have written anything there.
# (The debug kernel's tree has no -common or kbuild parts: what is not
# there is not looked at.)
touched=$(find "$root/usr/src/linux-headers-$kver" "$root"/usr/src/linux-headers-*-common* \
	"$root"/usr/lib/linux-kbuild-* -newer "$root/tmp/kfx-build-stamp" 2>/dev/null | head -3 || true)
[ -z "$touched" ] || die "the $kver build wrote into the kernel headers: $touched"

rm -rf "$out"
mkdir -p "$out"
ko=$(ls "$root/lib/modules/$kver/updates/dkms/kfx.ko"* 2>/dev/null | head -1)
[ -n "$ko" ] || die "dkms install left no kfx.ko in /lib/modules/$kver/updates/dkms"
case $ko in
*.xz) xz -dc "$ko" > "$out/kfx.ko" ;;
*.zst) zstd -qdc "$ko" > "$out/kfx.ko" ;;
*.gz) gzip -dc "$ko" > "$out/kfx.ko" ;;
*) cp "$ko" "$out/kfx.ko" ;;
esac
readelf -S -W "$out/kfx.ko" | grep ' .BTF ' >/dev/null || die "the dkms-built kfx.ko for $kver has no .BTF"
cp "$root/var/lib/dkms/kfx/$ver/$kver/$machine/log/make.log" "$out/make.log" 2>/dev/null || true
# (binutils of this host know x86 only; the root's cross binutils know arm64)
objcopy=objcopy
[ "$arch" = amd64 ] || objcopy=$machine-linux-gnu-objcopy
cp "$out/kfx.ko" "$root/tmp/kfx-out.ko"
in_root "$root" $objcopy --remove-section=.BTF --remove-section=.BTF.base /tmp/kfx-out.ko /tmp/kfx-nobtf.ko ||
	die "$objcopy could not strip the BTF of $out/kfx.ko"
mv "$root/tmp/kfx-nobtf.ko" "$out/kfx-nobtf.ko"
rm -f "$root/tmp/kfx-out.ko"

# A module whose BTF was generated against another kernel: what copying the
# running kernel's /sys/kernel/btf/vmlinux into a DKMS build for a new kernel
# produces.  The guest must refuse it.  Made from the kfx.ko already built
# for another kernel of this architecture (the first in the list's order)
# whose .BTF is split BTF over that kernel's vmlinux itself: one without
# .BTF.base (Debian 12's pahole; a newer pahole's module BTF is split over
# its distilled base instead, and that base, removed here, is what would
# tell the kernel so).  Its .BTF replaces this module's: the kernel sees
# what a build against the wrong vmlinux gives it (the .BTF_ids as dkms
# resolved them).  When no such module is built yet, kfx is compiled a
# second time, unstripped, for pahole against another kernel's vmlinux.
# A debug kernel's module is always made that way, and never taken for
# another's: check.sh builds the debug kernels' modules beside the others,
# so neither may read what the other is writing.
other_ko=
if ! kernel_is_debug "$name"; then
	while read -r n; do
		k=$(kernel_field "$n" kver)
		ko=$KFX_CACHE/out/$k/kfx.ko
		if [ "$k" != "$kver" ] && [ "$(kernel_field "$n" arch)" = "$arch" ] && [ -s "$ko" ] &&
		   ! kernel_is_debug "$n" && ! grep -q ' \.BTF\.base ' <<<"$(readelf -S -W "$ko")"; then
			other_ko=$ko
			break
		fi
	done < <(awk '!/^#/ && NF >= 5 { print $1 }' "$KFX_KERNELS_LIST")
fi
if [ -n "$other_ko" ]; then
	cp "$out/kfx.ko" "$root/tmp/kfx-bad.ko"
	cp "$other_ko" "$root/tmp/kfx-other.ko"
	{
		in_root "$root" $objcopy --dump-section .BTF=/tmp/kfx-other.btf /tmp/kfx-other.ko &&
		in_root "$root" $objcopy --dump-section .BTF=/tmp/kfx-own.btf /tmp/kfx-bad.ko &&
		! cmp "$root/tmp/kfx-other.btf" "$root/tmp/kfx-own.btf" &&
		in_root "$root" $objcopy --remove-section=.BTF.base \
			--update-section .BTF=/tmp/kfx-other.btf /tmp/kfx-bad.ko
	} > "$out/badbtf.log" 2>&1 ||
		die "could not make the mismatched-BTF test module from $other_ko, see $out/badbtf.log"
	echo "the .BTF of $other_ko" >> "$out/badbtf.log"
	mv "$root/tmp/kfx-bad.ko" "$out/kfx-badbtf.ko"
	rm -f "$root/tmp/kfx-other.ko" "$root/tmp/kfx-other.btf" "$root/tmp/kfx-own.btf"
elif other=$(KFX_ARCH=$arch kernel_names | while read -r n; do
	[ "$(kernel_field "$n" kver)" != "$kver" ] && echo "$n" && break; done) && [ -n "$other" ]; then
	cp "$(kernel_vmlinux "$other")" "$root/tmp/other-vmlinux"
	# dkms strips the module it installs; pahole needs the DWARF of a
	# plain build.
	rm -rf "$root/tmp/kfx-bad"
	cp -a "$src" "$root/tmp/kfx-bad"
	{
		in_root "$root" env $cross make -C /tmp/kfx-bad module KVER="$kver" &&
		in_root "$root" $objcopy --remove-section=.BTF --remove-section=.BTF.base \
			/tmp/kfx-bad/kfx.ko &&
		in_root "$root" env LLVM_OBJCOPY=$objcopy pahole -J \
			--btf_base /tmp/other-vmlinux /tmp/kfx-bad/kfx.ko
	} > "$out/badbtf.log" 2>&1 ||
		die "could not build the mismatched-BTF test module, see $out/badbtf.log"
	mv "$root/tmp/kfx-bad/kfx.ko" "$out/kfx-badbtf.ko"
	rm -rf "$root/tmp/kfx-bad"
	rm -f "$root/tmp/other-vmlinux"
fi
# what a guest of this kernel boots with is all here (check.sh starts it)
touch "$out/.ready"
say "kfx.ko for $name built by dkms: $out/kfx.ko"
