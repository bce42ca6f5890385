#!/bin/bash
# mount-kill.sh: a debootstrap killed in its second stage leaves nothing
# mounted on the host (issue 31: a cold run's mounts row found
# .cache/roots/bookworm/proc, left by mkroot.sh's debootstrap).
# The real debootstrap of a Debian 12 minbase root, run by
# debootstrap_private as mkroot.sh and fresh-root.sh run it, in a process
# group of its own; once its second stage has mounted /proc in the target
# (seen in that process group's own mount table, so the test knows the
# mounts it is about were made), kill -9 of the group, then the host's
# mount table must have nothing below the target.  Only the download is
# cut short: the packages come from a tarball of them (debootstrap
# --make-tarball, made once and cached, about 40 MB), so the run takes
# seconds (about 6 s to the second stage here) instead of a minute.
# Prints "ok ..."/"not ok ..." lines, then "mount-kill: done".
set -euo pipefail
. "$(dirname "$0")/lib.sh"

suite=bookworm
dir=$KFX_CACHE/mount-kill
target=$dir/root
hash=$( { debootstrap --version; echo "$suite $KFX_MIRROR"; } | sha256sum | cut -c1-12)
tarball=$KFX_CACHE/debootstrap/$suite-minbase-$hash.tgz
log=$dir/debootstrap.log
say "mount-kill: a debootstrap killed in its second stage leaves no mount"

command -v debootstrap >/dev/null ||
	{ echo "not ok mount/debootstrap-killed: harness: debootstrap is missing (make deps)"; echo "mount-kill: done"; exit 0; }
# what an earlier run left (none of it mounted: that is what fails below)
[ -z "$(mounts_below "$dir")" ] ||
	{ echo "not ok mount/debootstrap-killed: harness: mounts left below $dir by an earlier run: $(mounts_below "$dir" | tr '\n' ' ')"
	  echo "mount-kill: done"; exit 0; }
rm -rf --one-file-system "$dir"
mkdir -p "$dir" "$KFX_CACHE/debootstrap"

if [ ! -f "$tarball" ]; then
	rm -f "$KFX_CACHE/debootstrap/$suite-minbase-"*.tgz
	: > "$dir/tarball.log"
	if ! with_progress "mount-kill: downloading $suite's minbase packages once" "$dir/tarball.log" \
		debootstrap_private --variant=minbase --keyring="$KFX_KEYRING" \
		--make-tarball="$tarball.tmp.tgz" "$suite" "$dir/tarball-root" "$KFX_MIRROR"; then
		echo "not ok mount/debootstrap-killed: harness: download: debootstrap --make-tarball failed (log: $dir/tarball.log)"
		echo "mount-kill: done"
		exit 0
	fi
	mv -f "$tarball.tmp.tgz" "$tarball"
fi

# group_has_proc PGID: a process of group PGID sees /proc mounted in the
# target (in its namespace: debootstrap's second stage has begun)
group_has_proc() {
	local p
	for p in $(pgrep -g "$1" || true); do
		grep -q " $target/proc " "/proc/$p/mountinfo" 2>/dev/null && return 0
	done
	return 1
}

# setsid: a process group of its own, that of debootstrap and everything
# it starts (chroot, dpkg, maintainer scripts), which kill -9 -PGID ends;
# a background job here is no group leader, so setsid execs: $! is the
# group's id.
: > "$log"
t0=$(date +%s)
setsid bash -c '. "$1"; shift; debootstrap_private "$@"' mount-kill "$KFX_TOP/tests/vm/lib.sh" \
	--variant=minbase --keyring="$KFX_KEYRING" --unpack-tarball="$tarball" \
	"$suite" "$target" "$KFX_MIRROR" >> "$log" 2>&1 &
pg=$!
# however this script ends (check.sh stopped meanwhile), the debootstrap
# does not go on without it
trap 'kill -KILL -- "-$pg" 2>/dev/null || true' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
seen= leaked=
for ((n = 1; n <= 300; n++)); do
	# while it runs, the host never sees its mounts either
	[ -n "$leaked" ] || leaked=$(mounts_below "$target" | tr '\n' ' ')
	if group_has_proc "$pg"; then seen=1; break; fi
	kill -0 "$pg" 2>/dev/null || break
	sleep 1
	[ $((n % 15)) != 0 ] || say "mount-kill: waiting for debootstrap's second stage, $(($(date +%s) - t0)) s ($(tail -1 "$log"))"
done
stage=$(grep '^I: ' "$log" | tail -1 || true)
kill -KILL -- "-$pg" 2>/dev/null || true
wait "$pg" 2>/dev/null || true
# the group's last processes gone (dpkg, a maintainer script): only then
# is their namespace, and what is mounted in it, gone
for ((n = 0; n < 20; n++)); do
	[ -n "$(pgrep -g "$pg" || true)" ] || break
	sleep 0.5
done
left=$(mounts_below "$target")
if [ -z "$seen" ]; then
	echo "not ok mount/debootstrap-killed-in-its-second-stage: harness: debootstrap never mounted /proc in $target after $(($(date +%s) - t0)) s (last: ${stage:-nothing}; log: $log)"
else
	echo "ok mount/debootstrap-reaches-its-second-stage-and-mounts-proc # after $(($(date +%s) - t0)) s, at \"$stage\""
	if [ -z "$left" ] && [ -z "$leaked" ] && [ -z "$(pgrep -g "$pg" || true)" ]; then
		echo "ok mount/debootstrap-killed-in-its-second-stage-leaves-no-mount"
	else
		echo "not ok mount/debootstrap-killed-in-its-second-stage-leaves-no-mount: harness: mount: on the host${leaked:+ while it ran: $(echo $leaked)}${left:+ after kill -9: $(echo $left)}$([ -z "$(pgrep -g "$pg" || true)" ] || echo "; processes left: $(pgrep -g "$pg" | tr '\n' ' ')")"
	fi
fi
# nothing of it is kept: what it left mounted (a failure, said above) is
# unmounted first, so that it fails this row and not the next run
for m in $left; do root_umount "$m" || true; done
[ -n "$(mounts_below "$target")" ] || rm -rf --one-file-system "$target"
echo "mount-kill: done"
