#!/bin/bash
# build-debug-kernel.sh NAME: the debug kernel of tests/kernels.list row NAME,
# whose release is <debian-release>-kfxdebug (e.g. 7.3.4+deb13-amd64-kfxdebug),
# built once into $KFX_CACHE/kernels/<release>/ with the layout
# fetch-kernel.sh gives a Debian kernel (vmlinuz, config, modules/) plus
# build/, a headers tree like Debian's linux-headers package (vmlinux with
# .BTF for module BTF), which build-module.sh installs in the build root.
#
# The source is Debian's linux-source-<major.minor> at the version of Debian's
# linux-image-<debian-release> (from the row's suite); the config is that
# image's own, cut down by `make localmodconfig` to the modules the guest
# loads (tests/guest-modules.list and what they depend on), then
# tests/vm/kfxdebug.config on top (KASAN, UBSAN, KFENCE, lockdep, ...).
# Compiled with the build root's gcc (the row's root, SUITE-kbuild: a root of
# its own), at nice 10, printing progress every 15 s.  A later run reuses the
# kernel unless the source version, the fragment or the module list changed;
# the source and kbuild output stay in the root (/build, about 5.6 GB) so that
# a changed recipe rebuilds only what it changes.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

name=$1
kver=$(kernel_field "$name" kver)
suite=$(kernel_field "$name" suite)
rootname=$(kernel_field "$name" root)
base=${kver%-kfxdebug}
[ "$base" != "$kver" ] || die "$name: $kver is not a -kfxdebug release"
root=$KFX_CACHE/roots/$rootname
dest=$KFX_CACHE/kernels/$kver
frag=$KFX_TOP/tests/vm/kfxdebug.config
gcc_major=14	# what Debian builds its 7.x kernels for Debian 13 with
# Without var-tracking-assignments gcc compiles 12-20% faster (kernel/fork.c
# 1.79 s -> 1.48 s) and pahole makes the same BTF (compared per object on
# 17 objects, identical); only DWARF variable locations get coarser.  Plain
# -fno-var-tracking (what DEBUG_INFO_REDUCED uses) is not: pahole then drops
# most functions from BTF (kernel/fork.o 83 -> 23).
kcflags=-fno-var-tracking-assignments

apt_private_setup
ver=$(apt_private apt-cache show "linux-image-$base" 2>/dev/null | sed -n 's/^Version: //p' | head -1)
[ -n "$ver" ] || die "linux-image-$base is not in the archive"
line=$(echo "$base" | cut -d. -f1,2)
src_pkg=linux-source-$line
# The recipe: what the kernel is built from.  A cached kernel built from
# another recipe is built again.
# (Another architecture's lines of the module list are not part of it.)
recipe=$( { echo "$src_pkg $ver gcc-$gcc_major $kcflags"; cat "$frag"
	    grep -v '^kernel/arch/arm64/' "$KFX_TOP/tests/guest-modules.list"; } |
	sha256sum | cut -c1-16)
if [ -f "$dest/.done" ] && [ "$(cat "$dest/.done")" = "$recipe" ]; then
	exit 0
fi

"$KFX_TOP/tests/vm/mkroot.sh" "$rootname"
# Debian's config of the same release, and the module list localmodconfig
# keeps, come from Debian's own kernel.
"$KFX_TOP/tests/vm/fetch-kernel.sh" --release "$base"
debian=$KFX_CACHE/kernels/$base

debs=$KFX_CACHE/debs
mkdir -p "$debs"
deb=$debs/${src_pkg}_${ver//:/%3a}_all.deb
if [ ! -f "$deb" ]; then
	say "downloading $src_pkg $ver (from $suite)"
	(cd "$debs" && apt_private apt-get -q -o APT::Sandbox::User=root download "$src_pkg=$ver" >/dev/null) ||
		die "harness: download: cannot download $src_pkg=$ver: the archive has no source for $base"
fi
[ -f "$deb" ] || die "harness: download: apt-get download left no $deb"

cc_ver=$(in_root "$root" gcc -dumpversion) || die "no gcc in the $rootname root"
[ "${cc_ver%%.*}" = "$gcc_major" ] || die "the $rootname root's gcc is $cc_ver, not gcc-$gcc_major"

# Inside the root: /build/src (the source), /build/obj (kbuild's output,
# kept so that a changed recipe rebuilds only what changed), /build/stage.
b=$root/build
mkdir -p "$b"
if [ "$(cat "$b/src.version" 2>/dev/null)" != "$src_pkg $ver" ]; then
	say "unpacking $src_pkg $ver"
	rm -rf "$b/src" "$b/obj" "$b/src.version"
	mkdir -p "$b/src"
	dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$src_pkg.tar.xz" |
		tar -xJ -C "$b/src" --strip-components=1
	echo "$src_pkg $ver" > "$b/src.version"
fi
src_ver=$(make -s -C "$b/src" kernelversion)
[ "$src_ver" = "${base%%[-+]*}" ] || die "$src_pkg $ver is $src_ver, not the source of $base"
mkdir -p "$b/obj"

# localmodconfig's module list, in lsmod's format: every module the guest is
# given (run-guest.sh copies the same paths) and what they depend on.
lsmod=$b/lsmod
{
	echo "Module                  Size  Used by"
	grep -v '^#' "$KFX_TOP/tests/guest-modules.list" | while read -r d; do
		[ -n "$d" ] || continue
		find "$debian/modules/$d" "$debian/modules/$d".ko* -name '*.ko*' 2>/dev/null || true
	done | while read -r ko; do
		basename "$ko" | sed 's/\.ko.*//'
		modinfo -F depends "$ko" | tr ',' '\n'
	done | sed '/^$/d; s/-/_/g' | sort -u | sed 's/$/ 16384 0/'
} > "$lsmod"
[ "$(wc -l < "$lsmod")" -gt 10 ] || die "found no guest modules in $debian/modules"

localversion=${kver#"$src_ver"}
kmake() {
	in_root "$root" make -C /build/src O=/build/obj -j"$(nproc)" \
		KBUILD_BUILD_USER=kfx KBUILD_BUILD_HOST=kfx KCFLAGS="$kcflags" "$@"
}

say "configuring $kver: Debian's $base config, localmodconfig ($(($(wc -l < "$lsmod") - 1)) modules), tests/vm/kfxdebug.config"
cp "$debian/config" "$b/obj/.config"
kmake LSMOD=/build/lsmod localmodconfig < /dev/null > "$b/config.log" 2>&1 ||
	{ tail -20 "$b/config.log" >&2; die "localmodconfig failed, see $b/config.log"; }
{ cat "$frag"; echo "CONFIG_LOCALVERSION=\"$localversion\""; echo "# CONFIG_LOCALVERSION_AUTO is not set"; } >> "$b/obj/.config"
kmake olddefconfig >> "$b/config.log" 2>&1 ||
	{ tail -20 "$b/config.log" >&2; die "olddefconfig failed, see $b/config.log"; }
bad=
while read -r l; do
	case $l in
	CONFIG_*=*) sym=${l%%=*} ;;
	"# CONFIG_"*" is not set") sym=${l#\# }; sym=${sym%% *} ;;
	*) continue ;;
	esac
	if [ "${l#\# }" != "$l" ]; then
		grep -q "^$sym=[ym]" "$b/obj/.config" && bad="$bad $sym(wanted n)"
	else
		grep -qxF "$l" "$b/obj/.config" || bad="$bad $sym(wanted ${l#*=})"
	fi
done < "$frag"
[ -z "$bad" ] || die "the config did not take:$bad (see $b/obj/.config)"
say "$kver config: $(grep -c '=y$' "$b/obj/.config") built in, $(grep -c '=m$' "$b/obj/.config") modules"
[ -z "${KFX_KDEBUG_CONFIG_ONLY:-}" ] || { say "KFX_KDEBUG_CONFIG_ONLY: stopping at $b/obj/.config"; exit 0; }

# The build, at nice 10 so that guests running meanwhile keep time; a line
# every 15 s.
log=$b/build.log
say "building $kver with gcc-$cc_ver on $(nproc) cores (log: $log)"
t0=$(date +%s)
# The CPU time the build took (its processes' user + system) says what the
# wall time would be on an idle machine, whatever else ran meanwhile.
( in_root "$root" nice -n 10 make -C /build/src O=/build/obj -j"$(nproc)" \
	KBUILD_BUILD_USER=kfx KBUILD_BUILD_HOST=kfx KCFLAGS="$kcflags" all > "$log" 2>&1; rc=$?
  times > "$b/build.cpu"; exit $rc ) &
pid=$!
of=
[ -s "$b/objects.last" ] && of=" of about $(cat "$b/objects.last")"
while kill -0 "$pid" 2>/dev/null; do
	sleep 15
	kill -0 "$pid" 2>/dev/null || break
	say "building $kver: $(grep -c '^  CC' "$log" || true)$of objects compiled, $(($(date +%s) - t0))s, load $(cut -d' ' -f1 /proc/loadavg); last: $(tail -1 "$log" | cut -c1-60)"
done
wait "$pid" || { tail -30 "$log" >&2; die "the $kver build failed, see $log"; }
secs=$(($(date +%s) - t0))
# "XmY.YYYs XmY.YYYs": the children's user and system time
cpu=$(tail -1 "$b/build.cpu" | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); n += a[1] * 60 + a[2] } printf "%d", n }')
release=$(cat "$b/obj/include/config/kernel.release")
[ "$release" = "$kver" ] || die "the kernel built is $release, not $kver"
grep -c '^  CC' "$log" > "$b/objects.last" || true
say "built $kver in ${secs}s, ${cpu}s of CPU ($(cat "$b/objects.last") objects)"

say "installing the modules and a headers tree of $kver"
rm -rf "$b/stage" "$b/headers"
kmake INSTALL_MOD_PATH=/build/stage INSTALL_MOD_STRIP=1 modules_install > "$b/install.log" 2>&1 ||
	die "modules_install failed, see $b/install.log"
# What Debian's linux-headers package holds: install-extmod-build's tree,
# the .config, and a vmlinux with only the BTF sections (module BTF is
# generated against it).
kmake run-command KBUILD_RUN_COMMAND='$(srctree)/scripts/package/install-extmod-build /build/headers' \
	>> "$b/install.log" 2>&1 || die "install-extmod-build failed, see $b/install.log"
cp "$b/obj/.config" "$b/obj/System.map" "$b/headers/"
objcopy --only-section=.BTF --only-section=.BTF_ids "$b/obj/vmlinux" "$b/headers/vmlinux" 2>&1 |
	grep -v "empty loadable segment" >&2 || true
[ -s "$b/headers/vmlinux" ] ||
	die "cannot copy the BTF of vmlinux"

rm -rf "$dest.tmp"
mkdir -p "$dest.tmp"
cp "$b/obj/arch/x86/boot/bzImage" "$dest.tmp/vmlinuz"
cp "$b/obj/.config" "$dest.tmp/config"
mv "$b/stage/lib/modules/$kver" "$dest.tmp/modules"
rm -f "$dest.tmp/modules/build" "$dest.tmp/modules/source"
mv "$b/headers" "$dest.tmp/build"
cp "$log" "$dest.tmp/build.log"
echo "wall ${secs}s cpu ${cpu}s cores $(nproc)" > "$dest.tmp/build.time"
echo "$recipe" > "$dest.tmp/.done"
rm -rf "$dest" "$b/stage"
mv "$dest.tmp" "$dest"
say "kernel $name ($kver) ready: built in ${secs}s"
