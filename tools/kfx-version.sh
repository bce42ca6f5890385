#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kfx-version.sh [--check]: print kfx's version, dkms.conf's PACKAGE_VERSION,
# the one place it is written (dkms and the packages read it there; every
# script that needs it calls this).
# --check: exit 1, saying why, unless bpf/kfx.h agrees: its
# KFX_VERSION_MAJOR/MINOR/PATCH (kfxctl, the module's MODULE_VERSION) and
# the literal KFX_VERSION, (major << 16) | (minor << 8) | patch, that
# kfx_version() returns and the tests state (kfx_core.c checks that one
# against the parts at build time as well).  make check's lint runs it.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$top/dkms.conf")
[ -n "$ver" ] || { echo "kfx-version: no PACKAGE_VERSION=\"...\" in dkms.conf" >&2; exit 1; }
if [ "${1:-}" != --check ]; then
	echo "$ver"
	exit 0
fi
part() { sed -n "s/^#define KFX_VERSION_$1[[:space:]]*\([0-9]*\)$/\1/p" "$top/bpf/kfx.h"; }
h=$(part MAJOR).$(part MINOR).$(part PATCH)
hex=$(sed -n 's/^#define KFX_VERSION[[:space:]]*\(0x[0-9a-fA-F]*\)$/\1/p' "$top/bpf/kfx.h")
[ -n "$hex" ] || { echo "kfx-version: no literal KFX_VERSION in bpf/kfx.h" >&2; exit 1; }
want=$(echo "$ver" | awk -F. '{ printf "0x%06x", $1 * 65536 + $2 * 256 + $3 }')
if [ "$h" != "$ver" ]; then
	echo "kfx-version: bpf/kfx.h's KFX_VERSION_MAJOR/MINOR/PATCH say $h, dkms.conf's PACKAGE_VERSION $ver" >&2
	exit 1
fi
if [ "$(printf '%d' "$hex")" != "$(printf '%d' "$want")" ]; then
	echo "kfx-version: bpf/kfx.h's KFX_VERSION is $hex, version $ver makes $want" >&2
	exit 1
fi
echo "$ver"
