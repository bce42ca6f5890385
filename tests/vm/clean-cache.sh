#!/bin/bash
# clean-cache.sh: `make clean-cache`.  Empties $KFX_CACHE (by default
# ~/.cache/kfx, shared by every clone on this machine), but refuses while
# another kfx run uses it (its lock, lib.sh cache_lock; and
# /tmp/kfx-vm.lock, which a guest run by hand is wrapped in) and while
# anything is mounted below it (a build root's /dev is the host's /dev
# bind-mounted: rm -rf would delete the host's device nodes), naming the
# mounts.  Only a directory that a kfx run made is removed: one with the
# cache's lock file, or the old cache in the checkout (.cache); never /,
# $HOME or the directory of caches, whatever KFX_CACHE says.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -e "$KFX_CACHE" ] || { say "$KFX_CACHE does not exist"; exit 0; }
dir=$(realpath "$KFX_CACHE")
case $dir in
/ | "$(realpath -m "${HOME:-/}")" | "$(realpath -m "${XDG_CACHE_HOME:-${HOME:-/}/.cache}")")
	die "KFX_CACHE=$KFX_CACHE is $dir: not removing that" ;;
esac
[ -e "$dir/.lock" ] || [ "$dir" = "$(realpath -m "$KFX_TOP/.cache")" ] ||
	die "$KFX_CACHE has no .lock: not a cache a kfx run made, not removing it"
lock=${KFX_LOCK:-/tmp/kfx-vm.lock}
exec 9> "$lock"
flock -n 9 || die "another kfx job holds $lock; not removing $KFX_CACHE"
cache_lock --no-wait
left=$(mounts_below "$KFX_CACHE")
[ -z "$left" ] || die "refusing to remove $KFX_CACHE: mounted below it:
$left
(unmount these first, e.g. umount $(echo "$left" | head -1))"
say "removing $KFX_CACHE ($(du -sh "$KFX_CACHE" | cut -f1))"
rm -rf --one-file-system "$KFX_CACHE"
say "removed"
