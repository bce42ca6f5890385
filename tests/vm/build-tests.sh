#!/bin/bash
# build-tests.sh NAME...: tests of the module build itself, run in the build
# roots.  Prints "ok ..." / "not ok ...: why" lines and "build-tests: done".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

ok() { echo "ok $1"; }
notok() { echo "not ok $1: $2"; }

# expect_fail NAME ROOT MESSAGE CMD...: CMD must fail and print MESSAGE.
expect_fail() {
	local name=$1 root=$2 msg=$3 out; shift 3
	if out=$(in_root "$root" "$@" 2>&1); then
		notok "$name" "succeeded, expected a failure saying \"$msg\""
	elif ! grep -qF -- "$msg" <<<"$out"; then
		notok "$name" "failed without saying \"$msg\": $(tail -2 <<<"$out" | tr '\n' ' ')"
	else
		ok "$name"
	fi
}

# zero_set8_flags KO FILE...: in each FILE (KO's .BTF_ids contents), zero
# the flags word of every entry of every BTF_SET8 (8-byte header, then
# 8-byte id/flags pairs).
zero_set8_flags() {
	local ko=$1 off size e; shift
	readelf -sW "$ko" | awk '$8 ~ /^__BTF_ID__set8__/ { print $2, $3 }' |
	while read -r off size; do
		for ((e = 16#$off + 8; e < 16#$off + size; e += 8)); do
			for f in "$@"; do
				printf '\0\0\0\0' | dd of="$f" bs=1 seek=$((e + 4)) conv=notrunc status=none
			done
		done
	done
}

# stack_frames KO CHECKSTACK: "function bytes" for every function of KO
# with a stack frame, largest first, by the kernel's own checkstack.pl.
# checkstack.pl (6.1 to 7.x alike) adds up every "sub/add $N,%rsp" of a
# function, so each epilogue's "add $N,%rsp" counts the frame once more
# (kfx_crypto_aead: one "sub $0x570,%rsp", one "add", reported 2784); those
# positive adds are dropped before it sees them.
# An arm64 module is disassembled by the cross binutils of its build root
# (ROOT), this host's know x86 only; checkstack.pl counts its "stp ...,
# [sp, #-N]!" and "sub sp, sp, #N" once each.
stack_frames() {
	local ko=$1 checkstack=$2 root=$3 arch=$4
	if [ "$arch" = arm64 ]; then
		cp "$ko" "$root/tmp/kfx-frames.ko"
		in_root "$root" aarch64-linux-gnu-objdump -d /tmp/kfx-frames.ko |
			perl "$checkstack" aarch64 0
		rm -f "$root/tmp/kfx-frames.ko"
	else
		objdump -d "$ko" |
			perl -ne 'print unless /\sadd\s+\$0x([0-9a-f]{1,8}),%[er]sp$/ && hex($1) < 0x80000000' |
			perl "$checkstack" x86_64 0
	fi | sed -n 's/^0x[0-9a-f]* \([^ ]*\) \[[^]]*\]:[[:space:]]*\([0-9]*\)$/\1 \2/p'
}

# The host's own build of the resolver checks what the roots produced.
make -s -C "$KFX_TOP/tools" kfx-resolve-btfids >/dev/null ||
	notok "build/host-kfx-resolve-btfids" "tools/kfx-resolve-btfids does not build"

for name in "$@"; do
	kver=$(kernel_field "$name" kver)
	arch=$(kernel_field "$name" arch)
	suite=$(kernel_field "$name" root)
	root=$KFX_CACHE/roots/$suite
	# the root's binutils for the module's machine (a cross one for arm64)
	objcopy="in_root $root objcopy"
	[ "$arch" = amd64 ] || objcopy="in_root $root $(kernel_machine "$name")-linux-gnu-objcopy"
	cross=$(kernel_cross_env "$name")
	out=$KFX_CACHE/out/$kver

	# 1. dkms add/build/install with the kernel's own compiler; .BTF in
	#    the installed module; headers untouched (build-module.sh checks).
	if log=$("$KFX_TOP/tests/vm/build-module.sh" "$name" 2>&1); then
		ok "build/$name/dkms-builds-kfx.ko-with-BTF"
	else
		notok "build/$name/dkms-builds-kfx.ko-with-BTF" "$(tail -3 <<<"$log" | tr '\n' ' ')"
		continue
	fi

	# 2. The module's BTF ids must all be resolved (kfx_version first).
	if "$KFX_TOP/tools/kfx-resolve-btfids" --check "$out/kfx.ko" 2>/dev/null; then
		ok "build/$name/btf-ids-resolved"
	else
		notok "build/$name/btf-ids-resolved" "zero BTF ids in $out/kfx.ko"
	fi

	# 3. No function the kernel calls through a pointer (the kptr
	#    destructors) may have its ENDBR sealed by objtool: on a CPU with
	#    IBT that call is a "Missing ENDBR" BUG.  Static, from the module.
	hdr=$root/usr/src/linux-headers-$kver
	msg=$(python3 "$KFX_TOP/tests/vm/ibt-check.py" "$out/kfx.ko" "$KFX_TOP/module" "$hdr/.config" 2>&1)
	case $msg in
	ok:*) ok "build/$name/destructors-keep-their-endbr #${msg#ok:}" ;;
	*) notok "build/$name/destructors-keep-their-endbr" "${msg#FAIL: }" ;;
	esac

	# 4. No stack frame above 512 bytes (kfuncs run on the softirq stack
	#    under XDP/TC, on top of the BPF program's 512).
	frames=$(stack_frames "$out/kfx.ko" "$hdr/scripts/checkstack.pl" "$root" "$arch")
	over=$(awk '$2 > 512 { printf "%s%s %d bytes", sep, $1, $2; sep = ", " }' <<<"$frames")
	if [ -z "$frames" ]; then
		notok "build/$name/stack-frames-at-most-512-bytes" "checkstack.pl measured no frame at all"
	elif [ -n "$over" ]; then
		notok "build/$name/stack-frames-at-most-512-bytes" "$over (checkstack.pl)"
	else
		ok "build/$name/stack-frames-at-most-512-bytes # largest: $(head -1 <<<"$frames") bytes"
	fi

	# A plain copy of the source in the root for the negative builds.
	src=/tmp/kfx-src
	rm -rf "$root$src"
	cp -a "$root/usr/src/kfx-$("$KFX_TOP/tools/kfx-version.sh")" "$root$src"

	# A broken toolchain (here: a compiler that fails everything) must stop
	# the build at the canary probe, not read as "no feature present".
	expect_fail "build/$name/stops-when-the-canary-probe-fails" "$root" \
		"the canary probe does not compile" \
		env $cross make -s -C "$src" module/kfx_probes.h KVER="$kver" CC=false

	# A kernel kfx cannot serve (32-bit, big-endian) stops kbuild at kfx's
	# Kbuild with one line naming it, never a module that misbehaves;
	# shown here by overriding the headers' own configuration.
	expect_fail "build/$name/refuses-a-32-bit-kernel" "$root" \
		"without CONFIG_64BIT is not supported (32-bit kernel)" \
		env $cross make -s -C "/lib/modules/$kver/build" M="$src" modules CONFIG_64BIT=
	expect_fail "build/$name/refuses-a-big-endian-kernel" "$root" \
		"is not supported (the string core is little-endian)" \
		env $cross make -s -C "/lib/modules/$kver/build" M="$src" modules CONFIG_CPU_BIG_ENDIAN=y

	if [ ! -e "$root/usr/src/linux-headers-$kver/vmlinux" ]; then
		# 5. Headers without vmlinux (6.1): a missing base must stop the build.
		expect_fail "build/$name/fails-when-BTF_BASE-is-missing" "$root" \
			"BTF_BASE=/nonexistent does not exist" \
			env $cross make -s -C "$src" module KVER="$kver" BTF_BASE=/nonexistent
		mv "$root/boot/vmlinuz-$kver" "$root/boot/hidden-vmlinuz-$kver"
		expect_fail "build/$name/fails-without-the-target-kernel-BTF" "$root" \
			"no base BTF for kernel $kver" \
			env $cross make -s -C "$src" module KVER="$kver"
		mv "$root/boot/hidden-vmlinuz-$kver" "$root/boot/vmlinuz-$kver"
	else
		# 5. Headers with vmlinux: our resolver's check must catch a
		#    module whose ids are zero ...
		cp "$out/kfx.ko" "$root/tmp/kfx-zeroed.ko"
		"$KFX_TOP/tools/kfx-resolve-btfids" --reset "$root/tmp/kfx-zeroed.ko"
		if msg=$("$KFX_TOP/tools/kfx-resolve-btfids" --check "$root/tmp/kfx-zeroed.ko" 2>&1); then
			notok "build/$name/check-catches-zero-btf-ids" "--check accepted zero ids"
		elif grep -q "unresolved BTF id: kfx_version" <<<"$msg"; then
			ok "build/$name/check-catches-zero-btf-ids"
		else
			notok "build/$name/check-catches-zero-btf-ids" "unexpected message: $msg"
		fi
		# 6. ... and, run on that zeroed copy, agree with kbuild's
		#    resolve_btfids on every id.  Not on the set8 flags words:
		#    kbuild sorted each set (flags moving with their ids), so in
		#    the zeroed copy the flags no longer sit by their symbols.
		if in_root "$root" make -s -C "$src/tools" kfx-resolve-btfids >/dev/null 2>&1 &&
		   in_root "$root" "$src/tools/kfx-resolve-btfids" --base \
			"/usr/src/linux-headers-$kver/vmlinux" /tmp/kfx-zeroed.ko &&
		   cp "$out/kfx.ko" "$root/tmp/kfx-kbuild.ko" &&
		   $objcopy -O binary --only-section=.BTF_ids /tmp/kfx-kbuild.ko /tmp/ids.kbuild &&
		   $objcopy -O binary --only-section=.BTF_ids /tmp/kfx-zeroed.ko /tmp/ids.kfx &&
		   zero_set8_flags "$out/kfx.ko" "$root/tmp/ids.kbuild" "$root/tmp/ids.kfx" &&
		   cmp -s "$root/tmp/ids.kbuild" "$root/tmp/ids.kfx"; then
			ok "build/$name/kfx-resolve-btfids-matches-resolve_btfids"
		else
			notok "build/$name/kfx-resolve-btfids-matches-resolve_btfids" ".BTF_ids differ"
		fi
	fi
	rm -rf "$root$src"
done
echo "build-tests: done"
