#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# dkms-tree.sh DEST: copy the DKMS source tree of kfx (exactly what dkms
# needs to build the module, what /usr/src/kfx-<version> holds) to DEST.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
(cd "$top" && tar cf - --exclude='*.o' --exclude='*.cmd' \
	--exclude='*.ko' --exclude=kfx_probes.h --exclude=probe.log \
	Kbuild Makefile dkms.conf LICENSE module bpf/kfx.h \
	tools/Makefile tools/kfx-btf.sh tools/kfx-dkms-build.sh tools/kfx-extract-vmlinux.sh \
	tools/kfx-resolve-btfids.c) | tar xf - -C "$1"
