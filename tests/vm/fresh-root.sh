#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# fresh-root.sh [--arch ARCH] SUITE KVER... [headers:KVER...]: print the path of a root
# as a user's fresh Debian machine has it: debootstrap --variant=minbase of
# SUITE (bookworm, trixie) plus linux-image-KVER and linux-headers-KVER,
# installed the way a user does (apt, Recommends included), and nothing
# else; headers:KVER adds only the headers of KVER (a kernel whose headers
# came without the image, as linux-headers-amd64 brings the newest).  The only
# setting beyond a stock install is Check-Valid-Until off (the archive here
# is a snapshot).  Cached under $KFX_CACHE/roots/fresh-SUITE-<hash of this
# recipe>; tests never change it but run on an overlay of it (fresh_mount).
# --arch ARCH (arm64): a root of that architecture, debootstrapped and run
# through qemu-user-static (binfmt_setup), as fresh-SUITE-ARCH-<hash>.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

arch=amd64
[ "${1:-}" != --arch ] || { arch=$2; shift 2; }
suite=$1; shift
sfx=
[ "$arch" = amd64 ] || sfx=-$arch
hash=$( { cat "$0"; echo "$suite $arch $* $KFX_MIRROR"; } | sha256sum | cut -c1-12)
root=$KFX_CACHE/roots/fresh-$suite$sfx-$hash
if [ -f "$root/.kfx-ready" ]; then
	echo "$root"
	exit 0
fi
command -v debootstrap >/dev/null || die "debootstrap is missing (make deps)"
[ "$arch" = amd64 ] || binfmt_setup "$arch"
# older recipes of this suite and architecture go, unless something is
# mounted in them
for old in "$KFX_CACHE/roots/fresh-$suite$sfx-"*; do
	[ -d "$old" ] && [[ ${old#"$KFX_CACHE/roots/fresh-$suite$sfx-"} =~ ^[0-9a-f]{12}$ ]] || continue
	[ -z "$(mounts_below "$old")" ] || die "$old has mounts: $(mounts_below "$old" | tr '\n' ' ')"
	rm -rf "$old" "$old".*.log
done
mkdir -p "$KFX_CACHE/roots"
log=$root.log
: > "$log"
say "fresh $suite$sfx root: debootstrap --variant=minbase --arch=$arch (log: $log)"
with_progress "fresh $suite$sfx root: debootstrap" "$log" \
	debootstrap_private --variant=minbase --arch="$arch" --keyring="$KFX_KEYRING" "$suite" "$root" "$KFX_MIRROR" ||
	die "harness: download: debootstrap $suite ($arch) failed, see $log"
{
	echo "deb $KFX_MIRROR $suite main"
	echo "deb $KFX_MIRROR $suite-backports main"
} > "$root/etc/apt/sources.list"
echo 'Acquire::Check-Valid-Until "false";' > "$root/etc/apt/apt.conf.d/99kfx-snapshot"
say "fresh $suite root: installing the kernels $*"
with_progress "fresh $suite root: apt-get update" "$log" in_root "$root" apt-get -q update ||
	die "harness: download: apt-get update in $root failed, see $log"
# initramfs-tools before the images, as the Debian installer has it: in
# the first image's apt run, its trigger made that initrd a second time
# (28 CPU-s each here).  Measured in a cold run: Debian 13's root makes 2
# initrds (was 3); Debian 12's still makes 6.1's twice (something else in
# that run fires the trigger).
if [ -n "$(printf '%s\n' "$@" | grep -v '^headers:' || true)" ]; then
	with_progress "fresh $suite root: installing initramfs-tools" "$log" \
		in_root "$root" apt-get -q -y install initramfs-tools ||
		die "harness: download: installing initramfs-tools in $root failed, see $log"
fi
# as a user does it: a kernel only in backports with -t SUITE-backports
for k in "$@"; do
	t= pkgs=
	case $k in
	headers:*) k=${k#headers:} pkgs="linux-headers-$k" ;;
	*) pkgs="linux-image-$k linux-headers-$k" ;;
	esac
	in_root "$root" apt-cache madison "linux-headers-$k" | grep -q " $suite/main " ||
		t="-t $suite-backports"
	# shellcheck disable=SC2086
	with_progress "fresh $suite root: installing $pkgs" "$log" \
		in_root "$root" apt-get -q -y $t install $pkgs ||
		die "harness: download: installing $pkgs in $root failed, see $log"
done
in_root "$root" apt-get -q clean
touch "$root/.kfx-ready"
echo "$root"
