#!/bin/bash
# clean-cache.sh: `make clean-cache`.  Removes $KFX_CACHE, but refuses while
# anything is mounted below it (a build root's /dev is the host's /dev
# bind-mounted: rm -rf would delete the host's device nodes), naming the
# mounts, and while another kfx job holds /tmp/kfx-vm.lock.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -e "$KFX_CACHE" ] || { say "$KFX_CACHE does not exist"; exit 0; }
lock=${KFX_LOCK:-/tmp/kfx-vm.lock}
exec 9> "$lock"
flock -n 9 || die "another kfx job holds $lock; not removing $KFX_CACHE"
left=$(mounts_below "$KFX_CACHE")
[ -z "$left" ] || die "refusing to remove $KFX_CACHE: mounted below it:
$left
(unmount these first, e.g. umount $(echo "$left" | head -1))"
say "removing $KFX_CACHE ($(du -sh "$KFX_CACHE" | cut -f1))"
rm -rf --one-file-system "$KFX_CACHE"
say "removed"
