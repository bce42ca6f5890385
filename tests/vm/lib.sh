# Shared helpers for the VM harness (sourced, not executed).
# shellcheck shell=bash

KFX_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# Everything downloaded, debootstrapped or built lives in the cache,
# outside the checkout, so that every clone on this machine (a second one,
# CI's fresh clone) starts warm: its entries are keyed by their recipe
# (a kernel's release, a root's suite and a hash of the script that makes
# it), not by the checkout.  KFX_CACHE= moves it; one run at a time uses it
# (cache_lock).
KFX_CACHE=${KFX_CACHE:-${XDG_CACHE_HOME:-${HOME:?HOME is not set: set KFX_CACHE= to say where the kfx cache goes}/.cache}/kfx}
KFX_MIRROR=${KFX_MIRROR:-http://deb.debian.org/debian}
KFX_KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
KFX_KERNELS_LIST=$KFX_TOP/tests/kernels.list

# `make check ARCH=arm64` picks rows; kernel Makefiles read ARCH as well
# (an empty one makes arch//Makefile), so the choice lives on as KFX_ARCH
# and never reaches a kernel or module build.
KFX_ARCH=${KFX_ARCH-${ARCH:-}}
unset ARCH
MAKEFLAGS=$(printf '%s' "${MAKEFLAGS:-}" | sed -E 's/(^| )ARCH=[^ ]*//g')
[ -n "$MAKEFLAGS" ] || unset MAKEFLAGS

say() { printf '[kfx] %s\n' "$*" >&2; }
die() { printf '[kfx] error: %s\n' "$*" >&2; exit 1; }

# cache_lock [--no-wait]: hold $KFX_CACHE/.lock until this process and
# the children it leaves it to have ended, so that two runs that share
# the cache (two clones, CI's beside a developer's) take turns instead of
# building the same root or kernel at once; waiting says so every 15 s.
# The lock is the cache's own, not /tmp/kfx-vm.lock: that one is what a
# guest run by hand is wrapped in (flock /tmp/kfx-vm.lock make check ...),
# and a run that took it again inside would wait for itself forever.  A
# script started by one that holds it (KFX_CACHE_LOCKED, exported) does not
# take it again, for the same reason.  --no-wait: fail at once instead
# (make clean-cache).
cache_lock() {
	local lock=$KFX_CACHE/.lock t0 waited= holder
	[ "${KFX_CACHE_LOCKED:-}" != "$KFX_CACHE" ] || return 0
	t0=$(date +%s)
	while :; do
		mkdir -p "$KFX_CACHE" || die "harness: lock: cannot make $KFX_CACHE"
		# (<>: opened without truncating, so the holder's line is kept)
		exec 8<> "$lock" || die "harness: lock: cannot open $lock"
		[ "${1:-}" != --no-wait ] || flock -n 8 ||
			die "harness: lock: another kfx run holds $lock ($(head -1 "$lock" 2>/dev/null || echo no holder written))"
		while ! flock -w 15 8; do
			holder=$(head -1 "$lock" 2>/dev/null || true)
			waited=1
			say "waiting for the kfx cache lock $lock, held by ${holder:-?} (open in pids $(exec 8<&-; fuser "$lock" 2>/dev/null | tr -s ' ' '\n' | grep -vx -e "$$" -e '' | xargs)); $(($(date +%s) - t0)) s so far"
		done
		# still the file at $lock: make clean-cache removes the cache,
		# its lock file too, while it holds it, and a run that waited on
		# that file would then share the cache with one locking a new one
		[ "$(stat -L -c %d:%i /proc/self/fd/8)" != "$(stat -c %d:%i "$lock" 2>/dev/null)" ] || break
		exec 8<&-
	done
	printf 'pid %s (%s in %s) since %s\n' "$$" "${0##*/}" "$KFX_TOP" "$(date '+%F %T')" > "$lock"
	[ -z "$waited" ] || say "got the kfx cache lock after $(($(date +%s) - t0)) s"
	export KFX_CACHE_LOCKED=$KFX_CACHE
	[ "${1:-}" = --no-wait ] || cache_checkout
}

# cache_checkout: what make builds from this checkout's sources into the
# cache (the BPF side, the host tests, the samples) is the one part not
# keyed by a recipe: make judges it by time stamps, which cannot tell one
# checkout's sources from another's (a clone whose sources are older than
# another clone's build would take that build).  Removed, to be built
# again, when the cache was last used by another checkout (the fuzzer's
# corpus, its finds, is kept).
cache_checkout() {
	local stamp=$KFX_CACHE/.checkout last
	last=$(cat "$stamp" 2>/dev/null || true)
	[ "$last" != "$KFX_TOP" ] || return 0
	[ -z "$last" ] || say "the cache was last used by the checkout $last: its builds of that one's sources go (bpf, samples, host tests)"
	rm -rf "$KFX_CACHE"/bpf "$KFX_CACHE"/bpf-* "$KFX_CACHE"/samples "$KFX_CACHE"/deb-bin-* \
		"$KFX_CACHE"/host/str_test "$KFX_CACHE"/host/str_pages "$KFX_CACHE"/host/str_fuzz
	echo "$KFX_TOP" > "$stamp"
}

# kernel_field NAME FIELD: FIELD is suite, root, kver or arch (Debian's
# name: amd64, arm64).
kernel_field() {
	awk -v n="$1" -v f="$2" '
		/^#/ || NF < 5 { next }
		$1 == n { if (f == "arch") print $2; else if (f == "suite") print $3;
			  else if (f == "root") print $4; else if (f == "kver") print $5;
			  found = 1 }
		END { exit !found }' "$KFX_KERNELS_LIST" ||
		die "kernel '$1' is not in tests/kernels.list"
}

# kernel_machine NAME: the machine name of NAME's architecture, as qemu,
# uname -m and dkms say it (x86_64, aarch64).
kernel_machine() {
	case $(kernel_field "$1" arch) in
	amd64) echo x86_64 ;;
	arm64) echo aarch64 ;;
	*) die "kernel '$1': architecture $(kernel_field "$1" arch) is not one kfx serves" ;;
	esac
}

# kernel_is_debug NAME: NAME's release ends in -kfxdebug, a kernel
# build-debug-kernel.sh builds from Debian's source with KASAN, lockdep, ...
kernel_is_debug() {
	case $(kernel_field "$1" kver) in *-kfxdebug) return 0 ;; esac
	return 1
}

# kernel_cross_env NAME: the environment (VAR=value words, for env) under
# which NAME's module is built in its amd64 build root: nothing for amd64;
# for arm64 what dpkg-architecture exports for a cross build, since
# Debian 12's headers name the cross compiler only when the host and build
# arch differ (.kernelvariables), Debian 13's always do.
kernel_cross_env() {
	local arch
	arch=$(kernel_field "$1" arch)
	[ "$arch" = amd64 ] ||
		echo "DEB_BUILD_ARCH=amd64 DEB_HOST_ARCH=$arch DEB_HOST_GNU_TYPE=$(kernel_machine "$1")-linux-gnu"
}

# cross_make_vars ARCH [shared]: in the array CROSS_VARS, the make
# variables that build ARCH's user programs (tests/Makefile, bpf/Makefile)
# on this amd64 host: its __TARGET_ARCH_, the cross compiler, and Debian
# 12's static libraries of ARCH (sysroot.sh), so that its guests need no
# shared ones; with "shared", linked to Debian 12's libbpf.so.1 and
# libelf.so.1 of ARCH instead (what kfx-tools ships: dpkg-shlibdeps names
# them).  Empty for amd64.
cross_make_vars() {
	local sysroot lib libs
	CROSS_VARS=()
	case $1 in
	amd64) return 0 ;;
	arm64) ;;
	*) die "no cross build for $1" ;;
	esac
	sysroot=$("$KFX_TOP/tests/vm/sysroot.sh" "$1") || die "no $1 sysroot"
	lib=$sysroot/usr/lib/aarch64-linux-gnu
	libs="-static $lib/libbpf.a $lib/libelf.a $lib/libz.a $lib/libzstd.a"
	# (zlib1g-dev's libz.so points to /lib/...: absolute, so it dangles
	# here and -lz would link libz.a; the soname instead)
	[ "${2:-}" != shared ] ||
		libs="-L$lib -L$sysroot/lib/aarch64-linux-gnu -Wl,-rpath-link,$lib:$sysroot/lib/aarch64-linux-gnu -lbpf -lelf -l:libz.so.1"
	CROSS_VARS=(BPF_ARCH=arm64 CC=aarch64-linux-gnu-gcc
		"SYSROOT_CFLAGS=-I$sysroot/usr/include -I$sysroot/usr/include/aarch64-linux-gnu"
		"LIBS=$libs")
}

# binfmt_setup ARCH: this host runs ARCH's programs (a fresh ARCH root's
# dpkg, kfxctl) through qemu-user-static, registered as Debian's
# systemd-binfmt would at boot, from qemu-user-static's own line (flag F:
# the interpreter is opened now, so it serves chroots too).  Stays until
# the host reboots.
binfmt_setup() {
	local m bm=/proc/sys/fs/binfmt_misc conf
	case $1 in
	arm64) m=aarch64 ;;
	*) die "binfmt_setup: no qemu-user for $1" ;;
	esac
	conf=/usr/lib/binfmt.d/qemu-$m.conf
	[ -f "$conf" ] || die "no $conf (make deps: qemu-user-static)"
	mountpoint -q "$bm" || mount -t binfmt_misc binfmt_misc "$bm" ||
		die "cannot mount binfmt_misc on $bm"
	[ -e "$bm/qemu-$m" ] || printf '%s' "$(grep -v '^#' "$conf")" > "$bm/register" ||
		die "cannot register qemu-$m with binfmt_misc"
	grep -qx enabled "$bm/qemu-$m" || die "binfmt_misc: qemu-$m is registered but not enabled"
	# without F the interpreter is looked up inside each chroot
	grep -q '^flags:.*F' "$bm/qemu-$m" ||
		die "binfmt_misc: qemu-$m is registered without flag F (not by qemu-user-static?): it cannot serve a chroot"
}

# kernel_names: the default matrix's names (rows without "extra" in their
# sixth column; KFX_EXTRA_KERNELS=1 adds those), or only those of
# architecture $KFX_ARCH (amd64, arm64) when it is set.  An extra row runs
# when named (make check KERNELS=...).
kernel_names() {
	local a
	case ${KFX_ARCH:-} in
	"") a= ;;
	amd64 | x86_64 | x86) a=amd64 ;;
	arm64 | aarch64) a=arm64 ;;
	*) die "ARCH=$KFX_ARCH: the rows are amd64 or arm64" ;;
	esac
	awk -v a="$a" -v x="${KFX_EXTRA_KERNELS:-}" '
		/^#/ || NF < 5 { next }
		$6 == "extra" && x != "1" { next }
		a == "" || $2 == a { print $1 }' "$KFX_KERNELS_LIST"
}

# The private apt configuration: the host's own apt sources are never used
# nor changed.  The archive served here is a snapshot, so Valid-Until is off.
KFX_APT=$KFX_CACHE/apt
apt_private() {
	APT_CONFIG=$KFX_APT/apt.conf "$@"
}

apt_private_setup() {
	[ -f "$KFX_APT/apt.conf" ] && [ -d "$KFX_APT/lists" ] &&
		grep -q '"arm64"' "$KFX_APT/apt.conf" &&
		[ -n "$(find "$KFX_APT/lists" -maxdepth 1 -name '*Packages*' -mmin -1440 2>/dev/null | head -1)" ] &&
		return 0
	say "refreshing the private apt index (bookworm, trixie, sid and backports; amd64 and arm64)"
	mkdir -p "$KFX_APT"/{lists/partial,cache/archives/partial,etc/preferences.d,etc/sources.list.d}
	: > "$KFX_APT/status"
	local s
	for s in bookworm bookworm-backports trixie trixie-backports sid; do
		echo "deb [signed-by=$KFX_KEYRING] $KFX_MIRROR $s main"
	done > "$KFX_APT/etc/sources.list"
	cat > "$KFX_APT/apt.conf" <<EOC
Dir::State "$KFX_APT";
Dir::State::Lists "$KFX_APT/lists";
Dir::State::status "$KFX_APT/status";
Dir::Cache "$KFX_APT/cache";
Dir::Etc::SourceList "$KFX_APT/etc/sources.list";
Dir::Etc::SourceParts "$KFX_APT/etc/sources.list.d";
Dir::Etc::Preferences "$KFX_APT/etc/preferences";
Dir::Etc::PreferencesParts "$KFX_APT/etc/preferences.d";
Acquire::Check-Valid-Until "false";
Acquire::Languages "none";
APT::Architecture "amd64";
APT::Architectures { "amd64"; "arm64"; };
EOC
	apt_private apt-get -q update >/dev/null || die "harness: download: apt-get update (private config) failed"
}

# Run a command inside a build root with /proc, /sys and /dev available,
# mounted in a mount namespace of the command's own (unshare): no other
# process sees them, they go when its last process does (a daemon a
# maintainer script started included), and two commands in the same root
# at once (the deb step beside the module builds) cannot unmount each
# other's.  In a subshell of its own so that its trap is not the caller's.
in_root() (
	root=$1; shift
	cpid=
	stop() { [ -z "$cpid" ] || { kill "$cpid" 2>/dev/null; wait "$cpid"; }; exit "$1"; }
	trap 'stop 130' INT
	trap 'stop 143' TERM
	# in the background (stdin kept) so that a signal is handled at once:
	# bash runs traps only after a foreground command ends; unshare, sh,
	# chroot and env exec each other, so $cpid is the command itself
	rc=0
	unshare --mount --propagation private -- sh -c '
		r=$1; shift
		mount -t proc proc "$r/proc" && mount -t sysfs sysfs "$r/sys" &&
			mount --bind /dev "$r/dev" ||
			{ echo "[kfx] error: harness: mount: cannot mount /proc, /sys or /dev in $r" >&2; exit 99; }
		exec chroot "$r" "$@"' sh "$root" \
		/usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@" <&0 &
	cpid=$!
	wait "$cpid" || rc=$?
	exit $rc
)

# debootstrap_private ARG...: debootstrap ARG... in a mount namespace of its
# own, as in_root's commands are: its second stage mounts /proc and /sys
# in the target and unmounts them only on its own way out, so a debootstrap
# killed (kill -9, the machine's limit) left them mounted on the host (a
# cold run's mounts row: .cache/roots/bookworm/proc, the mount made while
# four roots were debootstrapped at once).  In a namespace of its own they
# go with its last process, however it ends.  unshare execs debootstrap:
# the same pid, and its process group is the caller's.
# (tests/vm/mount-kill.sh kills one in its second stage.)
debootstrap_private() {
	unshare --mount --propagation private -- debootstrap "$@"
}

# own_mount_ns "$@": first thing in a script that mounts (deb-test.sh's
# overlays), run the script again in a mount namespace of its own, so that
# what it mounts goes with it, however it ends (its cleanup trap runs on
# no kill -9).  unshare execs the script: the same pid, so $$ tells the
# second run from a child script that must get a namespace of its own.
own_mount_ns() {
	[ "${KFX_OWN_MNTNS:-}" = "$$" ] && return 0
	KFX_OWN_MNTNS=$$ exec unshare --mount --propagation private -- "$0" "$@"
}

# root_heal ROOT: finish what an interrupted dpkg left in ROOT (dpkg
# --configure -a, then apt-get -f install); 0 when dpkg --audit is clean
# (at once, for a root with nothing left).  Only while nothing else uses
# the root.
root_heal() {
	[ -n "$(chroot "$1" dpkg --audit 2>/dev/null)" ] || return 0
	say "$(basename "$1") build root: finishing what an interrupted dpkg left there"
	local broken
	in_root "$1" dpkg --configure -a >> "$1.apt.log" 2>&1 || true
	in_root "$1" apt-get -q -y -f install >> "$1.apt.log" 2>&1 || true
	# half-unpacked ones ("must be reinstalled"), by the names audit lists
	broken=$(chroot "$1" dpkg --audit 2>/dev/null | awk '/^ [a-z0-9]/ { print $1 }')
	[ -z "$broken" ] || in_root "$1" apt-get -q -y install --reinstall $broken >> "$1.apt.log" 2>&1 || true
	[ -z "$(chroot "$1" dpkg --audit 2>/dev/null)" ]
}

# root_umount DIR: unmount DIR, retrying while something in the root (a
# daemon a maintainer script started) still holds it; loud on failure.
root_umount() {
	local t
	for t in 1 2 3 4 5; do
		umount "$1" 2>/dev/null && return 0
		mountpoint -q "$1" || return 0
		sleep 1
	done
	umount "$1" && return 0
	printf '[kfx] error: cannot unmount %s; held by:\n' "$1" >&2
	fuser -vm "$1" >&2 2>&1 || true
	return 1
}

# mounts_below DIR: the mount points at or below DIR, deepest first.
mounts_below() {
	local d
	d=$(realpath -m "$1")
	findmnt -rn -o TARGET | awk -v d="$d" '$0 == d || index($0, d "/") == 1' | sort -r
}

# kernel_vmlinux NAME: path of kernel NAME's ELF vmlinux (with .BTF),
# fetching the kernel and extracting it from vmlinuz once.
kernel_vmlinux() {
	local kver vm
	kver=$(kernel_field "$1" kver)
	"$KFX_TOP/tests/vm/fetch-kernel.sh" "$1" >&2
	vm=$KFX_CACHE/kernels/$kver/vmlinux
	# a temporary file of this process's own, renamed into place: two
	# steps at once (a module build's fallback, samples-check) may extract
	# the same one (a shared name: both failed, or none was left)
	if [ ! -f "$vm" ]; then
		say "extracting the vmlinux BTF of $kver"
		"$KFX_TOP/tools/kfx-extract-vmlinux.sh" "$KFX_CACHE/kernels/$kver/vmlinuz" "$vm.tmp.$BASHPID" &&
			mv -f "$vm.tmp.$BASHPID" "$vm" || die "no vmlinux with BTF in the $kver image"
	fi
	echo "$vm"
}

# Whether the guest whose console is LOG got as far as its init
# (run-guest.sh's "kfx-guest: <release> booted" line, or any later line of
# its programs: a kernel message can land inside that one).
guest_booted() {
	grep -qE 'kfx-guest: .* booted|^(ok|not ok|skip) |^kfx-' "$1" 2>/dev/null
}

# run-guest.sh NAME MODE, booted once more when the guest died or hung
# before its init ran (seen under TCG, no module loaded yet: an int3 oops
# in the kernel's own boot; a debug kernel silent for 3,400 s); the first
# console log is kept as <log>.boot-failed.
run_guest_retry() {
	local n=$1 mode=$2 log
	log=$KFX_CACHE/logs/$(kernel_field "$n" kver)-$mode.log
	rm -f "$log" "$log.boot-failed"
	"$KFX_TOP/tests/vm/run-guest.sh" "$n" "$mode" || true
	if ! guest_booted "$log"; then
		[ -f "$log" ] && mv "$log" "$log.boot-failed"
		say "$n died or hung before its init ran (console: $log.boot-failed); booting it once more"
		"$KFX_TOP/tests/vm/run-guest.sh" "$n" "$mode" || true
	fi
}

# with_progress LABEL LOG CMD...: run CMD with its output in LOG, printing
# "LABEL: N s" to stderr every 15 s until it ends; returns CMD's status.
with_progress() {
	local label=$1 log=$2 pid rc=0 t0 n=0
	shift 2
	t0=$(date +%s)
	"$@" >> "$log" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1
		n=$((n + 1))
		[ $((n % 15)) = 0 ] && say "$label: $(($(date +%s) - t0)) s"
	done
	wait "$pid" || rc=$?
	return $rc
}
