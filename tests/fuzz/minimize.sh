#!/bin/bash
# minimize.sh NAME CASE: shrink the fuzz case file CASE, which fails on
# kernel NAME (tests/kernels.list), to a smaller one that still fails:
# steps dropped, fields dropped (0), numbers halved, strings shortened,
# one guest boot per try (KFX_MINIMIZE_BOOTS, default 40), under the
# global lock.  Writes CASE.min and prints it.  "Fails": the guest's
# console has a kernel splat or "not ok fuzz/case".
set -euo pipefail
. "$(dirname "$0")/../vm/lib.sh"

name=$1 file=$2 max=${KFX_MINIMIZE_BOOTS:-40}
kver=$(kernel_field "$name" kver)
log=$KFX_CACHE/logs/$kver-test.log
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -v '^#' "$file" | grep . > "$work/best" || die "$file has no steps"
boots=0

# still_fails CANDIDATE: 0 when the guest fails on it.
still_fails() {
	local tick
	[ "$boots" -lt "$max" ] || return 1
	boots=$((boots + 1))
	say "minimize: boot $boots/$max: $(wc -l < "$1") step(s), $(wc -c < "$1") bytes"
	(while sleep 15; do say "minimize: boot $boots still running"; done) & tick=$!
	KFX_FUZZ_CASE=$1 flock /tmp/kfx-vm.lock "$KFX_TOP/tests/vm/run-guest.sh" "$name" test \
		>/dev/null 2>&1 || true
	kill "$tick" 2>/dev/null || true
	tr -d '\r' < "$log" | grep -Eq \
		'not ok fuzz/case|Oops|BUG[: ]|general protection|Kernel panic|WARNING:|Redzone|UBSAN'
}

# try FILE: keep FILE as the best when it still fails.
try() {
	if cmp -s "$1" "$work/best"; then return 1; fi
	if still_fails "$1"; then
		cp "$1" "$work/best"
		say "minimize: still fails, kept"
		return 0
	fi
	return 1
}

# The candidates of one pass over the best case, each written to $work/c.
pass() {
	local n i f nf tok key val
	n=$(wc -l < "$work/best")
	# a step less
	for ((i = 1; i <= n && n > 1; i++)); do
		sed "${i}d" "$work/best" > "$work/c"
		try "$work/c" && return 0
	done
	# a field less (0), a number halved, a string shortened
	for ((i = 1; i <= n; i++)); do
		nf=$(sed -n "${i}p" "$work/best" | awk '{ print NF }')
		for ((f = 2; f <= nf; f++)); do
			tok=$(sed -n "${i}p" "$work/best" | awk -v f="$f" '{ print $f }')
			key=${tok%%=*} val=${tok#*=}
			case $key in slot|slot2|a|b|v|prog|op|calls|k0|k1|type|algo) continue ;; esac
			awk -v l="$i" -v f="$f" 'NR == l { $f = "" } { print }' "$work/best" > "$work/c"
			try "$work/c" && return 0
			if [[ $val =~ ^[0-9]+$ ]] && [ "$val" -gt 1 ]; then
				awk -v l="$i" -v f="$f" -v t="$key=$((val / 2))" \
					'NR == l { $f = t } { print }' "$work/best" > "$work/c"
				try "$work/c" && return 0
			fi
			if [[ $val =~ \'\*([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -gt 1 ]; then
				awk -v l="$i" -v f="$f" -v t="${tok%\*[0-9]*}*$((BASH_REMATCH[1] / 2))" \
					'NR == l { $f = t } { print }' "$work/best" > "$work/c"
				try "$work/c" && return 0
			fi
		done
	done
	return 1
}

say "minimize: checking that $file fails on $name"
still_fails "$work/best" || die "$file does not fail on $name"
while pass; do :; done
{
	grep '^#' "$file" || true
	echo "# minimized by tests/fuzz/minimize.sh on $name ($boots boots)"
	cat "$work/best"
} > "$file.min"
say "minimize: $boots boots; the smallest case that fails: $file.min"
cat "$file.min"
