#!/bin/bash
# deb-test.sh [NAME...]: the packages as a user meets them, on fresh Debian
# 12 and 13 machines (fresh-root.sh: minbase plus the image and headers of
# the suite's kernels named, default all; tests run on an overlay of it).
#  1. apt install ./kfx-dkms ./kfx-tools: dkms builds kfx for every kernel
#     with an image (progress lines: on dkms 3.2 they follow its dots on
#     the "Building module(s)..." line), skips a kernel with headers but no
#     base BTF (no image; Debian 12) with one line; kfxctl and the
#     samples run; apt purge leaves nothing (dkms tree, source, modules).
#  2. The signed repository (tools/repo.sh): apt from a file: URL with
#     signed-by= installs version N, upgrades to N+1 (dkms rebuilds; the
#     root keeps one kernel's headers), purges.
#  3. For arm64 rows: arm64's kfx-tools (and kfx-dkms), cross-built by
#     deb-cross.sh, on a fresh Debian 12 arm64 root run by qemu-user:
#     apt install, the headers-only kernel skipped with one line, kfxctl
#     and the samples run, purge leaves nothing.  (dkms compiling kfx
#     under qemu-user would take many minutes: the arm64 modules are
#     built from the same dkms.conf by build-module.sh.)
# lintian on every .deb.  Prints "ok ..."/"not ok ..." lines, then
# "deb-test: done".  Run under flock /tmp/kfx-vm.lock.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
# the overlays below in a mount namespace of this script's own: they go
# with it even where its cleanup trap does not run (kill -9)
own_mount_ns "$@"

names=("$@")
[ ${#names[@]} -gt 0 ] || mapfile -t names < <(kernel_names)
# Another architecture's rows (arm64) add part 3 for it.
foreign=$(for n in "${names[@]}"; do kernel_field "$n" arch; done | sort -u | grep -vx amd64 || true)
# The fresh roots of parts 1 and 2 are amd64 (this host's): its kernels only.
mapfile -t names < <(for n in "${names[@]}"; do
	[ "$(kernel_field "$n" arch)" != amd64 ] || echo "$n"; done)
ver=$("$KFX_TOP/tools/kfx-version.sh")
next=$ver+next1
work=$KFX_CACHE/deb-test
t0=$(date +%s)

# every overlay this run mounts goes on every way out, loudly if it cannot
cleanup() {
	local m bad=0
	for m in $(mounts_below "$work"); do
		root_umount "$m" || bad=1
	done
	[ "$bad" = 0 ] || { echo "not ok deb/cleanup: harness: mount: mounts left below $work"; exit 1; }
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
cleanup
rm -rf "$work"
mkdir -p "$work" "$KFX_CACHE/logs"

# overlay DIR BASE: DIR/root is BASE seen through a fresh overlay
overlay() {
	mkdir -p "$1/up" "$1/wk" "$1/root"
	mount -t overlay overlay -o "lowerdir=$2,upperdir=$1/up,workdir=$1/wk" "$1/root" ||
		die "harness: mount: cannot mount an overlay of $2 on $1/root"
}
drop() { root_umount "$1/root" || die "cannot unmount $1/root"; rm -rf "$1"; }

check() { if eval "$2"; then echo "ok $1"; else echo "not ok $1${3:+: $3}"; fi; }

say "deb: building kfx-dkms and kfx-tools $ver and $next"
for v in "$ver" "$next"; do
	KFX_DEB_VERSION=$v "$KFX_TOP/tools/deb.sh" "$work/deb-$v" "$KFX_CACHE/bpf" >/dev/null ||
		{ echo "not ok deb/build: tools/deb.sh $v failed"; echo "deb-test: done"; exit 0; }
done
echo "ok deb/build-kfx-dkms-and-kfx-tools"
debs=("$work/deb-$ver/kfx-dkms_$ver-1_all.deb" "$work/deb-$ver/kfx-tools_$ver-1_amd64.deb")
# lintian_clean NAME DEB...: no lintian error or warning on DEB...
lintian_clean() {
	local name=$1 lrc=0 lout
	shift
	command -v lintian >/dev/null || { echo "not ok $name: lintian is missing (make deps)"; return; }
	lout=$(lintian --fail-on error,warning "$@" 2>&1) || lrc=$?
	lout=$(grep -v 'running with root privileges' <<<"$lout" || true)
	check "$name" "[ $lrc = 0 ]" "$(echo "$lout" | tr '\n' ';')"
}
lintian_clean deb/lintian-clean "${debs[@]}"
export KFX_REPO_GNUPGHOME=$KFX_CACHE/repo/gnupg
for v in "$ver" "$next"; do
	"$KFX_TOP/tools/repo.sh" "$work/repo-$v" "$work/deb-$v"/*.deb 2>> "$work/repo.log" ||
		{ echo "not ok deb/repo: tools/repo.sh $v failed (log: $work/repo.log)"; }
done

kos() { ls "$1"/lib/modules/*/updates/dkms/kfx.ko* 2>/dev/null || true; }
# the kernels of ROOT with headers but no image: dkms must skip those
headers_only() {
	local d k
	for d in "$1"/lib/modules/*/build; do
		k=${d%/build}; k=${k##*/}
		[ -e "$d/vmlinux" ] || [ -e "$1/boot/vmlinuz-$k" ] || echo "$k"
	done
}
# dkms status of kfx in ROOT: "VERSION KERNEL" per installed build
# (nothing, not an exit of this script, where dkms is not installed)
installed() { in_root "$1" dkms status kfx 2>/dev/null | sed -n 's|^kfx/\([^,]*\), \([^,]*\),.*: installed.*|\1 \2|p' || true; }
# samples_run TAG ROOT: each installed sample runs (usage on a bad option)
samples_run() {
	local s st out bad=
	for s in udp_crypt name_filter exec_hash; do
		st=0
		out=$(in_root "$2" /usr/lib/kfx/samples/$s --bogus 2>&1) || st=$?
		[ "$st" = 2 ] && grep -q "^usage: $s" <<<"$out" || bad="$bad $s"
	done
	check "$1/kfx-tools-installs-the-samples" "[ -z '$bad' ]" "$bad"
}
nothing_left() {
	local r=$1
	[ -z "$(kos "$r")" ] && [ ! -e "$r/var/lib/dkms/kfx" ] &&
		[ -z "$(ls -d "$r"/usr/src/kfx-* 2>/dev/null)" ] &&
		! grep -q '^[a-z]i' <<<"$(in_root "$r" dpkg-query -W -f='${db:Status-Abbrev}\n' kfx-dkms kfx-tools 2>/dev/null)"
}

for suite in $(for n in "${names[@]}"; do kernel_field "$n" root; done | sort -u); do
	case $suite in bookworm|trixie) ;; *) continue ;; esac
	# The suite's first two kernels in the list's order (Debian 12: 6.1
	# and the backports 6.12; Debian 13: 6.12 and the backports 7.x):
	# two show that dkms builds for every kernel with an image, and each
	# build is about a minute of CPU (cold CI time).
	kvers=$(for n in "${names[@]}"; do
		if [ "$(kernel_field "$n" root)" = "$suite" ] && ! kernel_is_debug "$n"; then
			kernel_field "$n" kver
		fi
	done | awk 'NR <= 2')	# (all read: head leaving early fails the writer)
	# On Debian 12 a kernel with headers but no image as well (the rt
	# flavour of the first): its headers have no vmlinux, so no base BTF,
	# as for the newest headers linux-headers-amd64 pulls in.  Debian 13's
	# headers carry vmlinux: there such a kernel gets kfx.
	extra=
	[ "$suite" != bookworm ] || extra="headers:$(echo "$kvers" | head -1 | sed 's/-amd64$/-rt-amd64/')"
	# shellcheck disable=SC2086
	base=$("$KFX_TOP/tests/vm/fresh-root.sh" "$suite" $kvers $extra) ||
		{ echo "not ok deb/$suite/fresh-root: harness: fresh-root.sh failed (debootstrap or apt, its error above)"; continue; }
	log=$KFX_CACHE/logs/deb-$suite.log
	: > "$log"

	# 1. apt install of the .debs, skip, run, purge
	w=$work/$suite-apt; overlay "$w" "$base"; r=$w/root
	# A root whose kernel headers brought backports' libelf or libbpf
	# (Debian 12 with its 6.12-bpo; Debian 13 with only the 7.x backports
	# kernel, which installed them first) installs kfx as its user must,
	# with -t SUITE-backports: the suite's own libelf-dev and libbpf-dev,
	# which kfx-dkms depends on, cannot go with them (docs/install.md).  A Debian 13
	# root that had 6.12's first keeps trixie's: the plain install.
	libs=$(in_root "$r" dpkg-query -W -f='${Version}\n' libelf1 libelf1t64 libbpf1 2>/dev/null || true)
	t=
	! grep -q '~bpo' <<<"$libs" || t="-t $suite-backports"
	cp "${debs[@]}" "$r/tmp/"
	say "deb/$suite: apt install ./kfx-dkms ./kfx-tools (dkms builds kfx for $(echo $kvers))"
	st=0
	# shellcheck disable=SC2086
	with_progress "deb/$suite: apt install" "$log" in_root "$r" apt-get -q -y $t install \
		/tmp/kfx-dkms_"$ver"-1_all.deb /tmp/kfx-tools_"$ver"-1_amd64.deb || st=$?
	check "deb/$suite/apt-install-on-a-fresh-root" "[ $st = 0 ]" "apt-get install failed (log: $log)"
	grep '^kfx: ' "$log" >&2 || true
	for k in $kvers; do
		check "deb/$suite/kfx-dkms-builds-kfx-for-$k" "[ -n \"\$(ls $r/lib/modules/$k/updates/dkms/kfx.ko* 2>/dev/null)\" ]" "no kfx.ko (log: $log)"
		check "deb/$suite/dkms-build-progress-for-$k" "grep -q 'kfx: $k: building kfx' '$log' && grep -q 'kfx: $k: kfx.ko built' '$log'" "no progress lines (log: $log)"
	done
	for k in $(headers_only "$r"); do
		n=$(grep -c "^kfx: skipping kernel $k: " "$log" || true)
		check "deb/$suite/skips-headers-only-$k-with-one-line" \
			"[ -z \"\$(ls $r/lib/modules/$k/updates/dkms/kfx.ko* 2>/dev/null)\" ] && [ $n = 1 ]" \
			"$n skip lines (log: $log)"
	done
	st=0
	out=$(in_root "$r" /usr/sbin/kfxctl 2>&1) || st=$?
	check "deb/$suite/kfx-tools-installs-a-kfxctl-that-runs" "[ $st = 2 ] && grep -q '^usage: kfxctl' <<<\"\$out\"" "(log: $log)"
	check "deb/$suite/kfx-tools-installs-the-kfxctl-manual-page" \
		"zcat '$r/usr/share/man/man8/kfxctl.8.gz' | grep -q '^\\.TH \"*kfxctl\"* \"*8'" \
		"no /usr/share/man/man8/kfxctl.8.gz"
	samples_run "deb/$suite" "$r"
	st=0
	in_root "$r" apt-get -q -y purge kfx-dkms kfx-tools >> "$log" 2>&1 || st=$?
	check "deb/$suite/purge-leaves-nothing" "[ $st = 0 ] && nothing_left '$r'" \
		"left: $(kos "$r") $(ls -d "$r"/var/lib/dkms/kfx "$r"/usr/src/kfx-* 2>/dev/null | tr '\n' ' ')"
	drop "$w"

	# 2. the signed repository: install N, upgrade to N+1, purge.  With
	# one kernel's headers: step 1 showed dkms building for each kernel,
	# and a build is about a minute of CPU (cold CI time).
	w=$work/$suite-repo; overlay "$w" "$base"; r=$w/root
	repo_k=$(echo "$kvers" | head -1)
	for k in $kvers; do
		[ "$k" = "$repo_k" ] || in_root "$r" dpkg --purge "linux-headers-$k" >> "$log" 2>&1 ||
			echo "not ok deb/$suite/repo-root: cannot purge linux-headers-$k (log: $log)"
	done
	mkdir -p "$r/srv"
	cp -a "$work/repo-$ver" "$r/srv/kfx"
	cp "$work/repo-$ver/kfx-archive-keyring.gpg" "$r/usr/share/keyrings/"
	echo "deb [signed-by=/usr/share/keyrings/kfx-archive-keyring.gpg] file:/srv/kfx $suite main" \
		> "$r/etc/apt/sources.list.d/kfx.list"
	say "deb/$suite: apt install kfx-dkms kfx-tools from the signed repository ($ver)"
	st=0
	# shellcheck disable=SC2086
	{ in_root "$r" apt-get -q update && with_progress "deb/$suite: repo install" "$log" \
		in_root "$r" apt-get -q -y $t install kfx-dkms kfx-tools; } >> "$log" 2>&1 || st=$?
	check "deb/$suite/repo-install" "[ $st = 0 ] && [ \"\$(installed '$r' | awk '{print \$1}' | sort -u)\" = '$ver' ]" "(log: $log)"
	rm -rf "$r/srv/kfx"
	cp -a "$work/repo-$next" "$r/srv/kfx"
	say "deb/$suite: apt upgrade to $next from the repository"
	st=0
	{ in_root "$r" apt-get -q update && with_progress "deb/$suite: repo upgrade" "$log" \
		in_root "$r" apt-get -q -y upgrade; } >> "$log" 2>&1 || st=$?
	now=$(installed "$r")
	check "deb/$suite/repo-upgrade-rebuilds-kfx-for-$repo_k" "[ $st = 0 ] && grep -qx '$next $repo_k' <<<'$now' && ! grep -q '^$ver ' <<<'$now'" "dkms: $(echo $now) (log: $log)"
	st=0
	in_root "$r" apt-get -q -y purge kfx-dkms kfx-tools >> "$log" 2>&1 || st=$?
	check "deb/$suite/repo-purge-leaves-nothing" "[ $st = 0 ] && nothing_left '$r'" "(log: $log)"
	drop "$w"
done

for arch in $foreign; do
	first=$(KFX_ARCH=$arch kernel_names | head -1)
	if [ "$(kernel_field "$first" suite)" != bookworm ]; then
		echo "# deb/$arch: its first row is not a Debian 12 kernel, no $arch root tried"
		continue
	fi
	k=$(kernel_field "$first" kver)
	say "deb/$arch: cross-building kfx-tools for $arch"
	d=$work/deb-$arch
	if ! "$KFX_TOP/tests/vm/deb-cross.sh" "$arch" "$d" > "$work/deb-$arch.log" 2>&1; then
		echo "not ok deb/$arch/build-kfx-tools: deb-cross.sh failed (log: $work/deb-$arch.log)"
		continue
	fi
	echo "ok deb/$arch/build-kfx-tools"
	adebs=("$d/kfx-dkms_$ver-1_all.deb" "$d/kfx-tools_$ver-1_$arch.deb")
	lintian_clean "deb/$arch/lintian-clean" "${adebs[1]}"
	check "deb/$arch/kfx-dkms-is-the-same-package" "cmp -s <(dpkg-deb -c '${adebs[0]}' | awk '{print \$6}') <(dpkg-deb -c '${debs[0]}' | awk '{print \$6}')" "file lists differ"
	base=$("$KFX_TOP/tests/vm/fresh-root.sh" --arch "$arch" bookworm "headers:$k") ||
		{ echo "not ok deb/$arch/fresh-root: harness: fresh-root.sh --arch $arch failed (debootstrap or apt, its error above)"; continue; }
	log=$KFX_CACHE/logs/deb-$arch.log
	: > "$log"
	# (a cached root does not register qemu-user again; a reboot drops it)
	binfmt_setup "$arch"
	w=$work/$arch-apt; overlay "$w" "$base"; r=$w/root
	cp "${adebs[@]}" "$r/tmp/"
	say "deb/$arch: apt install ./kfx-dkms ./kfx-tools on a Debian 12 $arch root (qemu-user)"
	st=0
	with_progress "deb/$arch: apt install" "$log" in_root "$r" apt-get -q -y install \
		/tmp/kfx-dkms_"$ver"-1_all.deb /tmp/kfx-tools_"$ver"-1_"$arch".deb || st=$?
	check "deb/$arch/apt-install-on-a-fresh-root" "[ $st = 0 ]" "apt-get install failed (log: $log)"
	n=$(grep -c "^kfx: skipping kernel $k: " "$log" || true)
	check "deb/$arch/skips-headers-only-$k-with-one-line" \
		"[ -z \"\$(kos $r)\" ] && [ $n = 1 ]" "$n skip lines (log: $log)"
	st=0
	out=$(in_root "$r" /usr/sbin/kfxctl 2>&1) || st=$?
	check "deb/$arch/kfx-tools-installs-a-kfxctl-that-runs" \
		"[ $st = 2 ] && grep -q '^usage: kfxctl' <<<\"\$out\" && file -b '$r/usr/sbin/kfxctl' | grep -q 'ARM aarch64.*dynamically linked'" \
		"exit $st: $(head -1 <<<"$out")"
	samples_run "deb/$arch" "$r"
	st=0
	in_root "$r" apt-get -q -y purge kfx-dkms kfx-tools >> "$log" 2>&1 || st=$?
	check "deb/$arch/purge-leaves-nothing" "[ $st = 0 ] && nothing_left '$r'" \
		"left: $(ls -d "$r"/var/lib/dkms/kfx "$r"/usr/src/kfx-* 2>/dev/null | tr '\n' ' ')"
	drop "$w"
done
cleanup
say "deb: $(($(date +%s) - t0)) s"
echo "deb-test: done"
