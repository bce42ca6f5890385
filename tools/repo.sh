#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# repo.sh DIR DEB...: a signed apt repository in DIR (reprepro) holding the
# .debs given (kfx-dkms, kfx-tools) for bookworm and trixie, component main.
# The signing key is KFX_REPO_GNUPGHOME's (made there, ed25519, no
# passphrase, when it has none: a key for testing; a fleet uses its own);
# its public half is written to DIR/kfx-archive-keyring.gpg for apt's
# signed-by=.  A .deb of a version already in DIR replaces the older one.
set -euo pipefail
dir=$1; shift
export GNUPGHOME=${KFX_REPO_GNUPGHOME:?set KFX_REPO_GNUPGHOME to the signing key directory}
command -v reprepro >/dev/null || { echo "repo.sh: reprepro is missing (make deps)" >&2; exit 1; }
mkdir -p "$GNUPGHOME" "$dir/conf"
chmod 700 "$GNUPGHOME"
if ! gpg --batch --list-secret-keys 2>/dev/null | grep -q .; then
	echo "repo.sh: making the repository signing key in $GNUPGHOME" >&2
	gpg --batch --quiet --passphrase '' --quick-gen-key \
		"kfx test archive <kfx-archive@localhost>" ed25519 sign never
fi
fpr=$(gpg --batch --with-colons --list-secret-keys | awk -F: '$1 == "fpr" { print $10; exit }')
gpg --batch --yes --export "$fpr" > "$dir/kfx-archive-keyring.gpg"
: > "$dir/conf/distributions"
for s in bookworm trixie; do
	cat >> "$dir/conf/distributions" <<EOC
Codename: $s
Suite: $s
Origin: kfx
Label: kfx
Architectures: amd64
Components: main
Description: kfx packages for Debian $s
SignWith: $fpr

EOC
done
for s in bookworm trixie; do
	reprepro -b "$dir" --silent includedeb "$s" "$@"
done
reprepro -b "$dir" export
echo "repo.sh: $dir signed by $fpr: $(reprepro -b "$dir" list trixie | tr '\n' ';')" >&2
gpgconf --kill gpg-agent
