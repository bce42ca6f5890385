#!/bin/bash
# lint.sh: the kfunc table and docs (tools/kfx-doc.py), then checkpatch.pl --strict
# (from Debian's linux-source package) over the module sources.  Prints
# "ok"/"not ok" lines and "lint: done".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

# The kfunc table (module/kfx_kfuncs.h) and what is made from it or must
# agree with it: bpf/kfx.h's prototypes and groups, kfxctl's and the
# runner's lists, kfx_main.c's sets and hooks, each kfunc's kernel-doc,
# and docs/kfuncs.md's table (tools/kfx-doc.py; host-only python3, well
# under 1 s).
if out=$(python3 "$KFX_TOP/tools/kfx-doc.py" --check 2>&1); then
	echo "ok lint/kfx-doc"
else
	echo "not ok lint/kfx-doc: $(head -1 <<<"$out")"
	sed 's/^/# /' <<<"$out"
fi

# The version: dkms.conf's, and bpf/kfx.h's parts and literal the same.
if out=$("$KFX_TOP/tools/kfx-version.sh" --check 2>&1); then
	echo "ok lint/version # $out"
else
	echo "not ok lint/version: $out"
fi

# The known answers the crypto tests state, each checked against Python's
# hashlib/hmac and OpenSSL (tests/vectors/check-vectors.py), never kfx.
if out=$(python3 "$KFX_TOP/tests/vectors/check-vectors.py" 2>&1); then
	echo "ok lint/vectors # $(tail -1 <<<"$out")"
else
	echo "not ok lint/vectors: $(tail -1 <<<"$out")"
	sed 's/^/# /' <<<"$out"
fi

cp_dir=$KFX_CACHE/checkpatch
if [ ! -x "$cp_dir/scripts/checkpatch.pl" ]; then
	src=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | sort -V | tail -1)
	[ -n "$src" ] || { echo "not ok lint/checkpatch: linux-source is not installed"; exit 0; }
	mkdir -p "$cp_dir"
	tar xJf "$src" -C "$cp_dir" --strip-components=1 --wildcards \
		'*/scripts/checkpatch.pl' '*/scripts/spelling.txt' \
		'*/scripts/const_structs.checkpatch' '*/scripts/kernel-doc' 2>/dev/null
fi
# The kernel's own kernel-doc parser over the kfuncs' doc: every argument
# described, none that is not (caches made before it was extracted get it
# once, about 20 s).
if [ ! -f "$cp_dir/scripts/kernel-doc" ]; then
	src=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | sort -V | tail -1)
	tar xJf "$src" -C "$cp_dir" --strip-components=1 --wildcards \
		'*/scripts/kernel-doc' 2>/dev/null
fi
if out=$(perl "$cp_dir/scripts/kernel-doc" -none "$KFX_TOP"/module/*.c 2>&1) &&
   ! grep -q . <<<"$out"; then
	echo "ok lint/kernel-doc"
else
	echo "not ok lint/kernel-doc: $(head -1 <<<"$out")"
	sed 's/^/# /' <<<"$out"
fi
for f in "$KFX_TOP"/module/*.[ch] "$KFX_TOP"/module/probes/*.c "$KFX_TOP"/bpf/kfx.h; do
	rel=${f#"$KFX_TOP"/}
	ignore=SPDX_LICENSE_TAG,FILE_PATH_CHANGES
	# kfx.h's BPF half has no kernel macros: kfx_dynptr_t is a typedef
	# with __attribute__((aligned(8))), the one way to align a type there;
	# KFX_KSYM is "__ksym __weak", two attributes, not an expression
	[ "$rel" = bpf/kfx.h ] && ignore=$ignore,NEW_TYPEDEFS,PREFER_DEFINED_ATTRIBUTE_MACRO,COMPLEX_MACRO
	if out=$("$cp_dir/scripts/checkpatch.pl" --strict --no-tree --terse \
		--ignore "$ignore" -f "$f" 2>&1); then
		echo "ok lint/checkpatch/$rel"
	else
		echo "not ok lint/checkpatch/$rel: $(grep -m1 -E 'ERROR|WARNING|CHECK' <<<"$out")"
		sed 's/^/# /' <<<"$out"
	fi
done
echo "lint: done"
