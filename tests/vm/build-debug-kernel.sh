#!/bin/bash
# build-debug-kernel.sh NAME: the debug kernel of tests/kernels.list row NAME,
# whose release is <debian-release>-kfxdebug (e.g. 7.3.4+deb13-amd64-kfxdebug),
# built once into $KFX_CACHE/kernels/<release>/ with the layout
# fetch-kernel.sh gives a Debian kernel (vmlinuz, config, modules/) plus
# build/, a headers tree like Debian's linux-headers package (vmlinux with
# .BTF for module BTF), which build-module.sh installs in the build root.
#
# The source is Debian's linux-source-<major.minor> at the version of Debian's
# linux-image-<debian-release> (from the row's suite).  The config is the
# kernel's own minimal one (allnoconfig), plus what a qemu guest needs
# (tests/vm/kfxdebug-guest.config), plus Debian's values of every option
# kfx's probes, kfuncs and tests depend on (tests/vm/kfxdebug-debian.list:
# BPF, BTF, tracing, the whole crypto API, the net options, modules and
# their signatures, lockdown, the preemption model, paging, code
# generation), plus tests/vm/kfxdebug.config (KASAN, UBSAN, KFENCE,
# lockdep, ...); tests/vm/debug-config.py then checks that every one of
# those options is still as Debian has it.  Compiled with the gcc Debian
# built that kernel with, in a build root of its own (SUITE-kbuild), at
# nice 10, printing progress every 15 s.  A later run reuses the kernel
# unless the recipe (source version, fragments, lists) changed; the source
# and kbuild output stay in the root (/build) so that a changed recipe
# rebuilds only what it changes.
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
guestfrag=$KFX_TOP/tests/vm/kfxdebug-guest.config
takelist=$KFX_TOP/tests/vm/kfxdebug-debian.list
# Without var-tracking-assignments gcc compiles 12-20% faster (kernel/fork.c
# 1.79 s -> 1.48 s) and pahole makes the same BTF (compared per object on
# 17 objects, identical); only DWARF variable locations get coarser.  Plain
# -fno-var-tracking (what DEBUG_INFO_REDUCED uses) is not: pahole then drops
# most functions from BTF (kernel/fork.o 83 -> 23).
kcflags=-fno-var-tracking-assignments

# One build of a kernel at a time.  Anything that needs the kernel calls
# this script (fetch-kernel.sh: kernel_vmlinux, samples-check.sh): while
# check.sh's debug chain builds it, a second caller waits for that build
# and then finds it done.  (A second build in the same tree reconfigured
# it under the first, seen in a cold run: 855 objects built twice.)
mkdir -p "$KFX_CACHE/kernels"
exec 9> "$KFX_CACHE/kernels/$kver.lock"
until flock -w 15 9; do
	say "$kver: waiting for the build of it already running"
done

apt_private_setup
ver=$(apt_private apt-cache show "linux-image-$base" 2>/dev/null | sed -n 's/^Version: //p' | head -1)
[ -n "$ver" ] || die "linux-image-$base is not in the archive"
line=$(echo "$base" | cut -d. -f1,2)
src_pkg=linux-source-$line
# Debian's config of the same release comes from Debian's own kernel.
"$KFX_TOP/tests/vm/fetch-kernel.sh" --release "$base"
debian=$KFX_CACHE/kernels/$base
# The gcc Debian built it with (CONFIG_CC_VERSION_TEXT: "gcc-12 (Debian
# 12.2.0-14+deb12u1) 12.2.0"), which the root's must be.
gcc_major=$(sed -n 's/^CONFIG_CC_VERSION_TEXT=".*gcc-\([0-9]*\) .*/\1/p' "$debian/config")
[ -n "$gcc_major" ] || die "cannot tell the gcc $base was built with from its config"
# The recipe: what the kernel is built from.  A cached kernel built from
# another recipe is built again.
recipe=$( { echo "$src_pkg $ver gcc-$gcc_major $kcflags"; cat "$frag" "$guestfrag" "$takelist"
	    "$KFX_TOP/tests/vm/debug-config.py" take "$debian/config" "$takelist"; } |
	sha256sum | cut -c1-16)
if [ -f "$dest/.done" ] && [ "$(cat "$dest/.done")" = "$recipe" ]; then
	exit 0
fi

"$KFX_TOP/tests/vm/mkroot.sh" "$rootname"

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
# (the upstream version of the image package: 6.1.0-50-amd64 is 6.1.176-1)
[ "$src_ver" = "${ver%%-*}" ] || die "$src_pkg $ver is $src_ver, not the source of $base ($ver)"
mkdir -p "$b/obj"

# headers_tree: /build/headers, what an external module build reads, for
# a kernel without scripts/package/install-extmod-build (6.1): the
# source's top Makefile, arch Makefiles and include directories, include/
# and scripts/, and from the build the host programs, objtool,
# resolve_btfids, Module.symvers and the generated headers and config.
headers_tree() {
	in_root "$root" sh -euc '
		mkdir -p /build/headers
		cd /build/src
		{ echo Makefile
		  find arch/x86 -maxdepth 1 -name "Makefile*"
		  find arch/x86 -name include -type d
		  find include scripts \( -type f -o -type l \) -print; } |
			tar -cf - -T - | tar -xf - -C /build/headers
		cd /build/obj
		{ echo Module.symvers; echo include/config/auto.conf
		  echo include/config/kernel.release; echo include/generated
		  echo arch/x86/include/generated
		  echo tools/objtool/objtool; echo tools/bpf/resolve_btfids/resolve_btfids
		  find scripts \( -type f -o -type l \) -print; } |
			tar -cf - -T - | tar -xf - -C /build/headers
		find /build/headers \( -name ".*.cmd" -o -name "*.o" \) -delete'
}

# The release is given as Debian gives its own (KERNELRELEASE on the
# command line: 6.1's "6.1.0-50-amd64" is not its version, 6.1.176).
kmake() {
	in_root "$root" make -C /build/src O=/build/obj -j"$(nproc)" KERNELRELEASE="$kver" \
		KBUILD_BUILD_USER=kfx KBUILD_BUILD_HOST=kfx KCFLAGS="$kcflags" "$@"
}

say "configuring $kver: allnoconfig, tests/vm/kfxdebug-guest.config, Debian's $base values of tests/vm/kfxdebug-debian.list, tests/vm/kfxdebug.config"
kmake allnoconfig < /dev/null > "$b/config.log" 2>&1 ||
	{ tail -20 "$b/config.log" >&2; die "allnoconfig failed, see $b/config.log"; }
{ cat "$guestfrag"; "$KFX_TOP/tests/vm/debug-config.py" take "$debian/config" "$takelist"
  cat "$frag"; echo 'CONFIG_LOCALVERSION=""'; echo "# CONFIG_LOCALVERSION_AUTO is not set"; } >> "$b/obj/.config"
kmake olddefconfig >> "$b/config.log" 2>&1 ||
	{ tail -20 "$b/config.log" >&2; die "olddefconfig failed, see $b/config.log"; }
# every line of both fragments holds, and every option kfx depends on is
# as in Debian's config (or listed with why not)
bad=
for f in "$guestfrag" "$frag"; do
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
	done < "$f"
done
[ -z "$bad" ] || die "the config did not take:$bad (see $b/obj/.config)"
"$KFX_TOP/tests/vm/debug-config.py" check "$b/obj/.config" "$debian/config" "$takelist" ||
	die "the $kver config differs from Debian's where kfx depends on it (above; $takelist)"
say "$kver config: $(grep -c '=y$' "$b/obj/.config") built in, $(grep -c '=m$' "$b/obj/.config") modules"
[ -z "${KFX_KDEBUG_CONFIG_ONLY:-}" ] || { say "KFX_KDEBUG_CONFIG_ONLY: stopping at $b/obj/.config"; exit 0; }

# The build, at nice 10 so that guests running meanwhile keep time; a line
# every 15 s.
log=$b/build.log
say "building $kver with gcc-$cc_ver on $(nproc) cores (log: $log)"
t0=$(date +%s)
# The CPU time the build took (its processes' user + system) says what the
# wall time would be on an idle machine, whatever else ran meanwhile.
( in_root "$root" nice -n "${KFX_KBUILD_NICE:-10}" make -C /build/src O=/build/obj -j"$(nproc)" KERNELRELEASE="$kver" \
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
release=$(sed -n 's/^#define UTS_RELEASE "\(.*\)"$/\1/p' "$b/obj/include/generated/utsrelease.h")
[ "$release" = "$kver" ] || die "the kernel built is $release, not $kver"
grep -c '^  CC' "$log" > "$b/objects.last" || true
say "built $kver in ${secs}s, ${cpu}s of CPU ($(cat "$b/objects.last") objects)"

say "installing the modules and a headers tree of $kver"
rm -rf "$b/stage" "$b/headers"
kmake INSTALL_MOD_PATH=/build/stage INSTALL_MOD_STRIP=1 modules_install > "$b/install.log" 2>&1 ||
	die "modules_install failed, see $b/install.log"
# What Debian's linux-headers package holds: install-extmod-build's tree
# (6.5+), or before it the same files gathered here (headers_tree), the
# .config, and a vmlinux with only the BTF sections (module BTF is
# generated against it).
if [ -f "$b/src/scripts/package/install-extmod-build" ]; then
	kmake run-command KBUILD_RUN_COMMAND='$(srctree)/scripts/package/install-extmod-build /build/headers' \
		>> "$b/install.log" 2>&1 || die "install-extmod-build failed, see $b/install.log"
else
	headers_tree >> "$b/install.log" 2>&1 || die "cannot gather the headers tree, see $b/install.log"
fi
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
