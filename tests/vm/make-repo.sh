#!/bin/bash
# make-repo.sh: `make repo`.  make deb, then a signed apt repository of its
# packages for bookworm and trixie in $KFX_CACHE/repo/apt (tools/repo.sh;
# signing key in $KFX_CACHE/repo/gnupg, made once).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cache_lock	# one run at a time in the cache (lib.sh)

"$KFX_TOP/tests/vm/make-deb.sh"
ver=$("$KFX_TOP/tools/kfx-version.sh")
KFX_REPO_GNUPGHOME=$KFX_CACHE/repo/gnupg "$KFX_TOP/tools/repo.sh" "$KFX_CACHE/repo/apt" \
	"$KFX_CACHE"/deb/kfx-dkms_"$ver"-1_all.deb "$KFX_CACHE"/deb/kfx-tools_"$ver"-1_amd64.deb
say "repository: $KFX_CACHE/repo/apt (key: $KFX_CACHE/repo/apt/kfx-archive-keyring.gpg)"
