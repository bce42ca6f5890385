#!/bin/bash
# bench-native.sh [NAME...]: `make bench-native`.  kfx's string core against
# upstream's bpf_str*() loops, in nanoseconds on this machine's CPU, no
# module loaded: tests/bench/native/str_native built with a module's flags
# by the compiler each kernel of tests/kernels.list was built with (its
# CONFIG_CC_VERSION_TEXT: gcc-12 for 6.1, gcc-14 for 6.12 and 7.3, ...),
# inside that kernel's build root, once per compiler.  Writes
# $KFX_CACHE/bench/native/RESULTS.md (a table per compiler, the targets
# with holds/MISSED, the model against the running kernel's own bpf_str*(),
# and the crypto time model: kfx's linear skcipher path against its
# batching AES-NI driver, tests/bench/native/skcipher_time_model.c),
# every case's CSV and a plot; a full run (every compiler, not QUICK)
# copies RESULTS.md and the plot to bench/.
#   KFX_BENCH_QUICK=1   lengths 1, 8, 64, 512, 4095 only
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cache_lock	# one run at a time in the cache (lib.sh)

names=("$@")
# (This host's CPU runs x86-64 code: the amd64 kernels' compilers.)
[ ${#names[@]} -gt 0 ] || mapfile -t names < <(KFX_ARCH=amd64 kernel_names | while read -r n; do
	kernel_is_debug "$n" || echo "$n"; done)
"$KFX_TOP/tests/vm/deps.sh"
out=$KFX_CACHE/bench/native
rm -rf "$out"
mkdir -p "$out"
quick=${KFX_BENCH_QUICK:+quick}

# root:compiler pairs, each once, in the list's order
pairs=()
for n in "${names[@]}"; do
	root=$(kernel_field "$n" root)
	"$KFX_TOP/tests/vm/fetch-kernel.sh" "$n"
	cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\([^ ]*\) .*/\1/p' \
		"$KFX_CACHE/kernels/$(kernel_field "$n" kver)/config")
	[ -n "$cc" ] || die "no CONFIG_CC_VERSION_TEXT in the $n kernel's config"
	# Debian's gcc-N is x86_64-linux-gnu-gcc-N (6.1 names the one,
	# bookworm-backports' 6.12 the other): one compiler, timed once
	cc=${cc#x86_64-linux-gnu-}
	case " ${pairs[*]} " in *" $root:$cc "*) ;; *) pairs+=("$root:$cc") ;; esac
done

for p in "${pairs[@]}"; do
	root=${p%%:*} cc=${p#*:}
	dir=$KFX_CACHE/roots/$root
	"$KFX_TOP/tests/vm/mkroot.sh" "$root"
	if ! in_root "$dir" sh -c "command -v $cc" >/dev/null 2>&1; then
		pkg=gcc-${cc##*-}
		say "installing $pkg into the $root root"
		in_root "$dir" apt-get -q -y install "$pkg" >> "$dir.apt.log" 2>&1 ||
			die "harness: download: cannot install $pkg in the $root root, see $dir.apt.log"
	fi
	src=$dir/tmp/kfx-native
	rm -rf "$src"
	mkdir -p "$src/module" "$src/tests/bench"
	cp "$KFX_TOP/module/kfx_str_core.h" "$src/module/"
	cp -r "$KFX_TOP/tests/bench/native" "$src/tests/bench/"
	say "building str_native with $cc in the $root root"
	in_root "$dir" make -s -C /tmp/kfx-native/tests/bench/native \
		OUT=/tmp/kfx-native/out CC="$cc" > "$out/build-$root-$cc.log" 2>&1 ||
		{ cat "$out/build-$root-$cc.log" >&2; die "str_native does not build with $cc"; }
	label="$cc ($root)"
	say "timing with $label (about three minutes; kfx, kfx_buf and upstream in turn, then the searches' worst cases, upstream's up to seconds a call)"
	with_progress "str_native, $label" "$out/$root-$cc.txt" \
		"$src/out/str_native" "$label" $quick ||
		{ tail -5 "$out/$root-$cc.txt" >&2; die "str_native ($label) failed: $out/$root-$cc.txt"; }
	grep -E '^(target|.*: [0-9]+ targets missed)' "$out/$root-$cc.txt" | grep -v ' holds$' || true
	if [ ! -f "$out/aa.txt" ]; then	# the noise floor, with the first compiler
		say "timing kfx against itself with $label (the noise floor, ~15 s)"
		NB_AA=1 "$src/out/str_native" "$label A/A" > "$out/aa.csv" ||
			die "str_native A/A ($label) failed"
		# every hot case's ratio (kfx/kfx), sorted: the worst, the 1st and 5th percentiles
		grep '^csv,' "$out/aa.csv" | awk -F, '$8 == "kfx" { print $12 }' | sort -n |
			awk -v l="$label" '{ v[NR] = $1 } END { printf "noise floor (%s, kfx against itself, %d cases): worst %.2f, 1st percentile %.2f, 5th %.2f, median %.2f\n", l, NR, v[1], v[int(NR / 100) + 1], v[int(NR / 20) + 1], v[int(NR / 2) + 1] }' \
			> "$out/aa.txt"
		cat "$out/aa.txt" >&2
	fi
	rm -rf "$src"
done

# The anchor: the host kernel's own bpf_str*() against the model (gcc-12).
say "anchoring the model on this kernel's own bpf_str*() (BPF_PROG_TEST_RUN, ~20 s)"
if make -s -C "$KFX_TOP/tests/bench/native" OUT="$out/anchor" CC=gcc anchor \
	> "$out/build-anchor.log" 2>&1; then
	with_progress "str_anchor" "$out/anchor.txt" "$out/anchor/str_anchor" ||
		{ tail -5 "$out/anchor.txt" >&2; die "str_anchor failed: $out/anchor.txt"; }
else
	echo "anchor: not made: str_anchor does not build on this host (BTF, clang, libbpf?): see build-anchor.log" \
		> "$out/anchor.txt"
fi
grep '^anchor:' "$out/anchor.txt" >&2

# kfx's skcipher paths in ns: AES-NI timed here, the rest from make
# bench's counts (tests/bench/native/skcipher_time_model.c)
say "crypto time model: AES-NI on this CPU, linear path vs batching driver (~20 s)"
make -s -C "$KFX_TOP/tests/bench/native" OUT="$out/model" model > "$out/build-skcipher-time-model.log" 2>&1 ||
	{ cat "$out/build-skcipher-time-model.log" >&2; die "skcipher_time_model does not build"; }
rm -f "$out/skcipher-time-model.md"
with_progress "skcipher_time_model" "$out/skcipher-time-model.md" "$out/model/skcipher_time_model" ||
	{ tail -5 "$out/skcipher-time-model.md" >&2; die "skcipher_time_model failed: $out/skcipher-time-model.md"; }
grep '^- ' "$out/skcipher-time-model.md" >&2

commit=$(git -C "$KFX_TOP" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$KFX_TOP" status --porcelain -- module/kfx_str_core.h module/kfx_crypto_skcipher.c tests/bench/native 2>/dev/null | head -1)
{
	echo "# kfx string core vs upstream's loops, native time"
	echo
	echo "Generated by \`make bench-native\` (tests/vm/bench-native.sh) at commit $commit${dirty:+ (with uncommitted changes)}"
	echo "on $(uname -m), $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), $(nproc) CPUs, $(date -u +%Y-%m-%d)."
	echo "Each figure: upstream's time per call / kfx's, the worst of the"
	echo "alignments timed (8 offsets of the string; for two strings, 8 offsets of"
	echo "the second relative to the first), 21 interleaved batches of ~20 us each;"
	echo "every case's min/median/max per implementation is in the CSV beside this"
	echo "file. Inputs are hot in cache, then cold and of mixed lengths in a second"
	echo "table per compiler. The upstream side is helpers.c's loops"
	echo "compiled here; see the last section for the model against the running"
	echo "kernel's bpf_str*(). Ratios are medians of per-round ratios (each round"
	echo "times the three back to back), because this machine's speed drifts."
	echo
	echo "How far to trust a ratio: the same figures with kfx timed against itself."
	echo "A target judged on the worst of many cases (every length, every"
	echo "alignment) needs a tolerance down to this floor, not 3%:"
	echo
	echo "    $(cat "$out/aa.txt")"
	for f in "$out"/*-*.txt; do
		echo
		sed -n 's/^\(.*\): upstream time \/ kfx time.*/## \1/p' "$f"
		echo
		sed -n '/^| op | input/,/^$/p' "$f"
		sed -n 's/^.*: \(cold and mixed inputs.*\)/\1:/p' "$f"
		echo
		sed -n '/^| op | cold/,/^$/p' "$f"
		sed -n 's/^.*: \(worst cases.*\)/The searches'"'"' \1:/p' "$f"
		echo
		sed -n '/^| op | haystack/,/^$/p' "$f"
		echo
		echo '```'
		grep -E '^target |targets missed' "$f"
		echo '```'
	done
	echo
	echo "## The model against the running kernel"
	echo
	echo "The upstream side above is a model (helpers.c's loops compiled here). Here it"
	echo "is timed against the host kernel's own bpf_str*() on the same inputs (text,"
	echo "strings at offset 0, pairs at 3/3): \"model / kernel\" near 1 says the model is"
	echo "honest; \"kernel / kfx\" is kfx's core (gcc-12 build) against the real kfunc."
	echo "Model and kfx built by the host's $(gcc --version | head -1)."
	echo
	grep -E '^(anchor|\|)' "$out/anchor.txt"
	echo
	cat "$out/skcipher-time-model.md"
} > "$out/RESULTS.md"
{ grep -h '^csv,compiler' "$out"/*.txt | head -1
  grep -h '^csv,' "$out"/*.txt | grep -v '^csv,compiler'; } > "$out/native.csv"
{ echo "compiler,op,set,upstream_median_ns,kfx_median_ns,up_over_kfx,kfx_over_buf"
  grep -h '^csv-set,' "$out"/*.txt | cut -d, -f2-; } > "$out/native-sets.csv"
{ echo "compiler,op,input,haystack,needle,upstream_median_us,kfx_median_us,kfx_buf_median_us"
  grep -h '^csv-worst,' "$out"/*.txt | cut -d, -f2-; } > "$out/native-worst.csv"
if python3 "$KFX_TOP/tests/vm/bench-native-plot.py" "$out"; then
	printf '\n![native string core](native-string.png)\n' >> "$out/RESULTS.md"
fi
say "report: $out/RESULTS.md"
if [ -z "$quick" ] && [ $# = 0 ]; then
	cp "$out/RESULTS.md" "$KFX_TOP/bench/RESULTS-native.md"
	cp "$out/native-string.png" "$KFX_TOP/bench/" 2>/dev/null || true
	say "refreshed bench/RESULTS-native.md and its plot (commit them)"
fi
