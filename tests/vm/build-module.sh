#!/bin/bash
# build-module.sh NAME: build kfx.ko for kernel NAME with dkms inside the
# kernel's build root (its own compiler), and copy the installed module to
# $KFX_CACHE/out/KVER/kfx.ko, plus a BTF-less copy for the negative test.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

name=$1
kver=$(kernel_field "$name" kver)
suite=$(kernel_field "$name" root)
root=$KFX_CACHE/roots/$suite
out=$KFX_CACHE/out/$kver
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$KFX_TOP/dkms.conf")

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
elif [ ! -e "$root/usr/src/linux-headers-$kver/Makefile" ]; then
	say "installing linux-headers-$kver into the $suite root"
	in_root "$root" apt-get -q -y install "linux-headers-$kver" >> "$root.apt.log" 2>&1 ||
		die "cannot install linux-headers-$kver in the $suite root, see $root.apt.log"
fi
# What an installed linux-image leaves in /boot, so the 6.1 build finds the
# target kernel's BTF the way it would on a real machine.
cp "$KFX_CACHE/kernels/$kver/vmlinuz" "$root/boot/vmlinuz-$kver"

# The DKMS source tree: exactly the files a user's tarball would carry.
src=$root/usr/src/kfx-$ver
rm -rf "$src"
"$KFX_TOP/tools/dkms-tree.sh" "$src"

say "dkms build for $name ($kver) in the $suite root"
log=$KFX_CACHE/logs/dkms-$kver.log
mkdir -p "$KFX_CACHE/logs"
touch "$root/tmp/kfx-build-stamp"
{
	in_root "$root" dkms remove -m kfx -v "$ver" --all || true
	in_root "$root" dkms add -m kfx -v "$ver" &&
	in_root "$root" dkms build -m kfx -v "$ver" -k "$kver" &&
	in_root "$root" dkms install -m kfx -v "$ver" -k "$kver"
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
cp "$root/var/lib/dkms/kfx/$ver/$kver/x86_64/log/make.log" "$out/make.log" 2>/dev/null || true
objcopy --remove-section=.BTF --remove-section=.BTF.base "$out/kfx.ko" "$out/kfx-nobtf.ko"

# A module whose BTF was generated against another kernel: what copying the
# running kernel's /sys/kernel/btf/vmlinux into a DKMS build for a new kernel
# produces.  The guest must refuse it.
other=$(kernel_names | while read -r n; do
	[ "$(kernel_field "$n" kver)" != "$kver" ] && echo "$n" && break; done)
if [ -n "$other" ]; then
	cp "$(kernel_vmlinux "$other")" "$root/tmp/other-vmlinux"
	# dkms strips the module it installs; pahole needs the DWARF of a
	# plain build.
	rm -rf "$root/tmp/kfx-bad"
	cp -a "$src" "$root/tmp/kfx-bad"
	{
		in_root "$root" make -C /tmp/kfx-bad module KVER="$kver" &&
		in_root "$root" objcopy --remove-section=.BTF --remove-section=.BTF.base \
			/tmp/kfx-bad/kfx.ko &&
		in_root "$root" env LLVM_OBJCOPY=objcopy pahole -J \
			--btf_base /tmp/other-vmlinux /tmp/kfx-bad/kfx.ko
	} > "$out/badbtf.log" 2>&1 ||
		die "could not build the mismatched-BTF test module, see $out/badbtf.log"
	mv "$root/tmp/kfx-bad/kfx.ko" "$out/kfx-badbtf.ko"
	rm -rf "$root/tmp/kfx-bad"
	rm -f "$root/tmp/other-vmlinux"
fi
say "kfx.ko for $name built by dkms: $out/kfx.ko"
