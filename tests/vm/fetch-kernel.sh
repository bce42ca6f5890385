#!/bin/bash
# fetch-kernel.sh NAME: download a Debian kernel image through the private apt
# configuration and unpack vmlinuz, config and modules under the cache.
# fetch-kernel.sh --release KVER: the same for a release not in the list.
# A -kfxdebug release is built from source instead (build-debug-kernel.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

if [ "$1" = --release ]; then
	kver=$2 name=$2
else
	name=$1
	kver=$(kernel_field "$name" kver)
	if kernel_is_debug "$name"; then
		exec "$KFX_TOP/tests/vm/build-debug-kernel.sh" "$name"
	fi
fi
dest=$KFX_CACHE/kernels/$kver
[ -f "$dest/.done" ] && exit 0

apt_private_setup
debs=$KFX_CACHE/debs
mkdir -p "$debs"
rm -rf "$dest.tmp"
mkdir -p "$dest.tmp/x"

fetch() {
	local pkg=$1 f
	f=$(ls "$debs/${pkg}_"*.deb 2>/dev/null | head -1 || true)
	if [ -z "$f" ]; then
		say "downloading $pkg"
		(cd "$debs" && apt_private apt-get -q -o APT::Sandbox::User=root download "$pkg" >/dev/null) ||
			die "harness: download: cannot download $pkg"
		f=$(ls "$debs/${pkg}_"*.deb | head -1)
	fi
	dpkg-deb -x "$f" "$dest.tmp/x"
}

fetch "linux-image-$kver"
# (apt-cache names an arm64 dependency "<package>:arm64" on this amd64
# configuration.)  On 7.x linux-image-* is a meta package: vmlinuz, config and modules are in
# linux-binary-*, linux-base-* and linux-modules-* of the same release.
for dep in $(apt_private apt-cache depends "linux-image-$kver" |
	     awk -v k="-$kver" '$1 ~ /Depends:/ { sub(/:[a-z0-9]+$/, "", $2) }
		$1 ~ /Depends:/ && substr($2, length($2) - length(k) + 1) == k { print $2 }'); do
	fetch "$dep"
done

x=$dest.tmp/x
for f in "$x/boot/vmlinuz-$kver" "$x/usr/lib/modules/$kver/vmlinuz" "$x/lib/modules/$kver/vmlinuz"; do
	[ -f "$f" ] && cp "$f" "$dest.tmp/vmlinuz" && break
done
for f in "$x/boot/config-$kver" "$x/usr/lib/modules/$kver/config" "$x/lib/modules/$kver/config"; do
	[ -f "$f" ] && cp "$f" "$dest.tmp/config" && break
done
[ -f "$dest.tmp/vmlinuz" ] || die "no vmlinuz found for $kver"
[ -f "$dest.tmp/config" ] || die "no kernel config found for $kver"
for d in "$x/usr/lib/modules/$kver" "$x/lib/modules/$kver"; do
	[ -d "$d/kernel" ] && mv "$d" "$dest.tmp/modules" && break
done
[ -d "$dest.tmp/modules" ] || die "no modules tree found for $kver"
rm -rf "$x"
touch "$dest.tmp/.done"
rm -rf "$dest"
mv "$dest.tmp" "$dest"
say "kernel $name ($kver) ready"
