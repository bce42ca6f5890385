#!/bin/bash
# deb-test.sh [NAME...]: the packages as a user meets them.  In the build
# root of each suite of the kernels named (default all): installing
# kfx-dkms builds and installs kfx.ko through dkms for the suite's kernels,
# removing it removes the module and its source; kfx-tools installs a
# kfxctl that runs.  Prints "ok ..."/"not ok ..." lines, then "deb-test: done".
set -euo pipefail
. "$(dirname "$0")/lib.sh"

names=("$@")
[ ${#names[@]} -gt 0 ] || mapfile -t names < <(kernel_names)
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$KFX_TOP/dkms.conf")
debs=$KFX_CACHE/deb
"$KFX_TOP/tools/deb.sh" "$debs" "$KFX_CACHE/bpf" >/dev/null ||
	{ echo "not ok deb/build: tools/deb.sh failed"; echo "deb-test: done"; exit 0; }
echo "ok deb/build-kfx-dkms-and-kfx-tools"

# Debian 12 and 13: the suites whose roots are bookworm and trixie.
for suite in $(for n in "${names[@]}"; do kernel_field "$n" root; done | sort -u); do
	case $suite in bookworm|trixie) ;; *) continue ;; esac
	root=$KFX_CACHE/roots/$suite
	kvers=$(for n in "${names[@]}"; do
		if [ "$(kernel_field "$n" root)" = "$suite" ]; then
			kernel_field "$n" kver
		fi
	done)
	# a clean slate: what build-module.sh registered goes first
	in_root "$root" dkms remove -m kfx -v "$ver" --all >/dev/null 2>&1 || true
	rm -rf "$root/usr/src/kfx-$ver"
	cp "$debs"/kfx-dkms_"$ver"-1_all.deb "$debs"/kfx-tools_"$ver"-1_amd64.deb "$root/tmp/"
	log=$KFX_CACHE/logs/deb-$suite.log
	say "installing kfx-dkms in the $suite root (dkms builds kfx for $(echo $kvers))"
	if ! in_root "$root" dpkg -i /tmp/kfx-dkms_"$ver"-1_all.deb > "$log" 2>&1; then
		echo "not ok deb/$suite/install-kfx-dkms: dpkg -i failed (log: $log)"
		continue
	fi
	for kver in $kvers; do
		# dkms builds at install for the kernels it targets; the rest
		# the way a user's next kernel gets it, by autoinstall
		ls "$root/lib/modules/$kver/updates/dkms/"kfx.ko* >/dev/null 2>&1 ||
			in_root "$root" dkms autoinstall -k "$kver" >> "$log" 2>&1 || true
		if ls "$root/lib/modules/$kver/updates/dkms/"kfx.ko* >/dev/null 2>&1; then
			echo "ok deb/$suite/kfx-dkms-builds-kfx-for-$kver"
		else
			echo "not ok deb/$suite/kfx-dkms-builds-kfx-for-$kver: no kfx.ko (log: $log)"
		fi
	done
	in_root "$root" dpkg -i /tmp/kfx-tools_"$ver"-1_amd64.deb >> "$log" 2>&1 || true
	st=0
	out=$(in_root "$root" /usr/sbin/kfxctl 2>&1) || st=$?
	if [ "$st" = 2 ] && grep -q '^usage: kfxctl' <<<"$out"; then
		echo "ok deb/$suite/kfx-tools-installs-a-kfxctl-that-runs"
	else
		echo "not ok deb/$suite/kfx-tools-installs-a-kfxctl-that-runs (log: $log)"
	fi
	# the samples run: a bad argument gets their usage line and 2
	bad=
	for s in udp_crypt name_filter; do
		st=0
		out=$(in_root "$root" /usr/lib/kfx/samples/$s --bogus 2>&1) || st=$?
		[ "$st" = 2 ] && grep -q "^usage: $s" <<<"$out" || bad="$bad $s"
	done
	if [ -z "$bad" ]; then
		echo "ok deb/$suite/kfx-tools-installs-the-samples"
	else
		echo "not ok deb/$suite/kfx-tools-installs-the-samples:$bad (log: $log)"
	fi
	in_root "$root" dpkg -r kfx-tools kfx-dkms >> "$log" 2>&1 || true
	left=$(ls "$root"/lib/modules/*/updates/dkms/kfx.ko* "$root/usr/src/kfx-$ver" 2>/dev/null || true)
	if [ -z "$left" ]; then
		echo "ok deb/$suite/removing-kfx-dkms-removes-the-module"
	else
		echo "not ok deb/$suite/removing-kfx-dkms-removes-the-module: left $left"
	fi
done
echo "deb-test: done"
