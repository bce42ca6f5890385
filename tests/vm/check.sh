#!/bin/bash
# check.sh [NAME...]: the test matrix.  For each kernel of tests/kernels.list
# (or only those named): fetch it, build kfx.ko with dkms in its build root,
# boot it under qemu, run every test, and fail on any failed test or any
# kernel splat.  Prints one line per kernel and "N passed, N failed".
set -euo pipefail
. "$(dirname "$0")/lib.sh"

names=("$@")
[ ${#names[@]} -gt 0 ] || mapfile -t names < <(kernel_names)
[ ${#names[@]} -gt 0 ] || die "no row of tests/kernels.list is selected"
for n in "${names[@]}"; do kernel_field "$n" kver >/dev/null; done

# one run at a time in the cache (another clone's, CI's): waits, saying
# so every 15 s, before the clock starts
cache_lock
# the cache's old place, in the checkout, is not used any more
[ ! -d "$KFX_TOP/.cache" ] || [ "$(realpath "$KFX_TOP/.cache")" = "$(realpath "$KFX_CACHE")" ] ||
	say "the cache is $KFX_CACHE now; the old one in this checkout is not used (KFX_CACHE=$KFX_TOP/.cache make clean-cache removes it)"
logs=$KFX_CACHE/logs
mkdir -p "$logs"

total_pass=0 total_fail=0
results=() failures=() harness_failures=()
# the logs whose "ok"/"not ok" lines are this run's results
result_logs=()

# failed TAG LINES: keep LINES (one failure each) for the end of the output,
# where a CI log that shows only its last part still names them.  A line
# that says "harness: CAUSE" is a failure of the harness, not of kfx (a
# download, a guest that never reached its init, a mount left, the lock):
# those are listed apart, so that a red run says which kind it is.  Any
# other failure is kfx's.
failed() {
	local l
	while IFS= read -r l; do
		[ -n "$l" ] || continue
		if [[ $l == *"harness: "* ]]; then
			harness_failures+=("[$1] $l")
		else
			failures+=("[$1] $l")
		fi
	done <<<"$2"
	return 0
}

# summary: the end of the log: every row's line, then what failed, the
# harness's failures apart from kfx's, then the counts.
summary() {
	local wall of=
	echo
	wall=$(($(date +%s) - ${start:-$(date +%s)}))
	children_cpu "$logs/matrix.cpu"
	echo "kfx test matrix (${wall}s; CPU $(cat "$logs/matrix.cpu")s of the $((wall * $(nproc)))s its $(nproc) cores had):"
	[ ${#results[@]} = 0 ] || printf '%s\n' "${results[@]}"
	if [ ${#harness_failures[@]} -gt 0 ]; then
		echo "what failed for the harness, not in kfx (${#harness_failures[@]}; first 30):"
		printf '  %s\n' "${harness_failures[@]:0:30}"
	fi
	if [ ${#failures[@]} -gt 0 ]; then
		echo "what failed in kfx's tests (${#failures[@]}; first 30):"
		printf '  %s\n' "${failures[@]:0:30}"
	fi
	[ ${#harness_failures[@]} = 0 ] || of=" (${#harness_failures[@]} of them for the harness)"
	echo "$total_pass passed, $total_fail failed$of; $(distinct_tests) distinct tests (the rest: the same tests on other kernels and crypto drivers); $(cases_judged) cases judged"
}

# distinct_tests: how many tests the results are of: one name each,
# whatever kernel ran it and whichever driver (crypto@aesni/x is crypto/x)
distinct_tests() {
	[ ${#result_logs[@]} -gt 0 ] || { echo 0; return; }
	cat "${result_logs[@]}" 2>/dev/null | grep -E '^(not )?ok ' |
		sed -E 's/^(not )?ok //; s/@[^/ ]*//; s/[ :].*//' | sort -u | wc -l
}

# cases_judged: how many inputs the results judged: a test that judged
# many (a table, a differential, the fuzzer) said how many ("# cases: N"
# before its result line), every other result line is one
cases_judged() {
	[ ${#result_logs[@]} -gt 0 ] || { echo 0; return; }
	cat "${result_logs[@]}" 2>/dev/null |
		awk '/^(not )?ok / { r++ } /^# cases: [0-9]+$/ { c++; s += $3 }
		     END { printf "%d\n", r - c + s }'
}

# stop_run CAUSE: a step that every row needs failed (a build root, a
# kernel's download): no row can run.  The end of the log says why, as a
# harness failure when CAUSE says "harness: ...".
stop_run() {
	say "$1; no row can run"
	failed setup "$1"
	total_fail=$((total_fail + 1))
	summary
	exit 1
}

"$KFX_TOP/tests/vm/deps.sh" || stop_run "harness: download: make deps (the host's packages) failed, see above"
start=$(date +%s)

record() {	# name kver pass fail skip secs note
	results+=("$(printf '%-8s %-24s passed %3d  failed %3d  skipped %3d  %4ss  %s' "$@")")
	total_pass=$((total_pass + $3))
	total_fail=$((total_fail + $4))
	echo "${results[-1]}"
}

# children_cpu FILE: write to FILE the CPU seconds (user + sys) of this
# shell's ended and waited-for children, whole: where the matrix's time
# goes (both cores are busy nearly all along, so the wall time is the CPU
# it takes).  (`times` in this shell: a pipe or $() would fork one whose
# counts start at zero.)
children_cpu() {
	times > "$1.times"
	awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/)
		printf "%d\n", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$1.times" > "$1"
	rm -f "$1.times"
}

# step NAME LABEL DONE CMD...: run a step that prints "ok ..."/"not ok ..."
# lines and DONE at its end; record its counts (a missing DONE is a failure).
step() {
	local name=$1 label=$2 done=$3 out t0 rc=0
	shift 3
	t0=$(date +%s)
	rm -f "$logs/$name.cpu"
	out=$("$@" 2>&1; r=$?; children_cpu "$logs/$name.cpu"; exit $r) || rc=$?
	echo "$out" > "$logs/$name.log"
	step_record "$name" "$label" "$done" "$out" "$rc" $(($(date +%s) - t0))
}

# step_bg NAME CMD...: step's CMD in the background, its own progress lines
# ("[kfx] ...") shown as they come; step_end NAME LABEL DONE records it.
# In a process group of its own (setsid), which stop_background ends whole.
# (tee -p: the console's filter gone, the step and its log go on; a cold
# run's deb step ended with SIGPIPE, 141, after 23 s, its grep gone: not
# reproduced)
step_bg() {
	local name=$1
	shift
	rm -f "$logs/$name.status" "$logs/$name.cpu"
	# shellcheck disable=SC2016
	setsid bash -c "$(declare -f children_cpu)"'
		logs=$1 name=$2
		shift 2
		t0=$(date +%s)
		"$@" 2>&1 | tee -p "$logs/$name.log" | grep --line-buffered "^\[kfx\]" >&2
		st=("${PIPESTATUS[@]}")
		echo "${st[0]} $(($(date +%s) - t0))" > "$logs/$name.status"
		echo "step, tee, console filter: ${st[*]}" > "$logs/$name.pipestatus"
		children_cpu "$logs/$name.cpu"' step_bg "$logs" "$name" "$@" &
	groups+=($!) bg_steps+=($!)
}
step_end() {
	local name=$1 label=$2 done=$3 st
	st=$(cat "$logs/$name.status" 2>/dev/null || echo "1 0")
	step_record "$name" "$label" "$done" "$(cat "$logs/$name.log" 2>/dev/null)" "${st% *}" "${st#* }"
}

step_record() {	# NAME LABEL DONE OUTPUT STATUS SECS
	local name=$1 label=$2 done=$3 out=$4 rc=$5 secs=$6 p f h
	result_logs+=("$logs/$name.log")
	p=$(grep -c '^ok ' <<<"$out" || true)
	f=$(grep -c '^not ok ' <<<"$out" || true)
	grep '^not ok ' <<<"$out" || true
	failed "$name" "$(grep '^not ok ' <<<"$out" || true)"
	# a step stopped by the harness (its die: "error: harness: CAUSE")
	# fails once, for that
	h=$(grep -m1 -o 'error: harness: .*' <<<"$out" || true)
	if [ -n "$h" ] && { [ "$rc" != 0 ] || ! grep -q "^$done" <<<"$out"; }; then
		f=$((f + 1))
		echo "not ok $name: ${h#error: } (exited with status $rc)"
		failed "$name" "${h#error: } (exited with status $rc)"
	else
		grep -q "^$done" <<<"$out" || { f=$((f + 1)); failed "$name" "no \"$done\" at its end"; }
		[ "$rc" = 0 ] || { f=$((f + 1)); echo "not ok $name: exited with status $rc"; failed "$name" "exited with status $rc"; }
	fi
	record "$name" "$label" "$p" "$f" 0 "$secs" \
		"cpu $(cat "$logs/$name.cpu" 2>/dev/null || echo ?)s$([ "$f" = 0 ] || echo " log: $logs/$name.log")"
}

# Background work: the build roots, debug kernel builds and background
# steps (each in a process group of its own, setsid: make, apt and
# in_root's commands go with it), the guests' scheduler and the debug rows
# (process trees).  Any way out of check.sh ends those still running and
# waits for them: TERM, then KILL for what is left after 30 s; a second
# INT or TERM does not cut that short.  Only running jobs of this shell
# are signalled (an ended one's pid may be another process's by now).
# Background jobs ignore SIGINT here, so INT and TERM exit.
# (set -e holds in the trap: each command is allowed to fail, or a green
# run, whose jobs have all ended, would exit 1)
groups=() bg_steps=() first_pids=() sched=
# tree PID...: PID and its descendants
tree() {
	local p
	for p in "$@"; do
		echo "$p"
		# shellcheck disable=SC2046
		tree $(pgrep -P "$p" || true)
	done
}
stop_background() {
	local live p i left= still trees=
	trap '' INT TERM HUP
	live=" $(jobs -rp | tr '\n' ' ')"
	# the scheduler stopped first, so that it starts no guest meanwhile
	for p in $sched "${first_pids[@]}"; do
		[[ $live == *" $p "* ]] || continue
		kill -STOP "$p" 2>/dev/null || true
		trees="$trees $(tree "$p" | tr '\n' ' ')"
	done
	# shellcheck disable=SC2086
	[ -z "$trees" ] || { kill -TERM $trees; kill -CONT $trees; } 2>/dev/null || true
	for p in "${groups[@]}"; do
		[[ $live == *" $p "* ]] || continue
		kill -TERM -- "-$p" 2>/dev/null || true
		left="$left $p"
	done
	for ((i = 0; i < 60; i++)); do
		still=
		for p in $left; do ! kill -0 -- "-$p" 2>/dev/null || still="$still $p"; done
		left=$still
		[ -n "$left" ] || break
		sleep 0.5
	done
	for p in $left; do kill -KILL -- "-$p" 2>/dev/null || true; done
	wait || true
}
trap stop_background EXIT
trap 'exit 130' INT TERM

# Build roots and kernels first (downloads in parallel per suite), then the
# modules one root at a time, then the BPF side once.
mapfile -t suites < <(for n in "${names[@]}"; do kernel_field "$n" root; done | sort -u)
for s in "${suites[@]}"; do
	setsid "$KFX_TOP/tests/vm/mkroot.sh" "$s" & groups+=($!)
done
for p in "${groups[@]}"; do
	wait "$p" || stop_run "harness: a build root failed (its error above; logs: $KFX_CACHE/roots/*.log)"
done
groups=()
# A run stopped while apt ran in a root leaves a package half installed
# there ("in a mess"), and every later install in that root fails: seen
# after a stopped run, when the next one's 6.12 headers would not install.
# Nothing else uses the roots yet (this run holds the cache's lock).
for s in "${suites[@]}"; do
	root_heal "$KFX_CACHE/roots/$s" ||
		stop_run "harness: root: the $s build root has packages dpkg cannot finish (dpkg --audit in it)"
done
# The critical path first.  A debug row is the longest (KASAN under TCG),
# and a cold run must build its kernel from source before it boots.  So
# the debug kernels build one at a time, in the list's order (7.3-debug
# first: its row is the longest), each followed at once by its module and
# build tests (build-debug.sh), and each debug row boots as soon as its
# module is built, beside the next kernel's build: a cold run's first
# debug row no longer waits for every debug kernel.  Three priorities:
# the guests at this run's own (a TCG guest starved of CPU sees its
# watchdogs fire: timekeeping is the host's clock), the debug chain at
# nice 10, everything else (the deb step, the other kernels' builds, the
# host steps) at nice 15 in what is left.  While a debug kernel builds,
# one other row at a time runs beside it, so that the build keeps a core.
# Each debug kernel's Debian base and the apt index first, so that no two
# fetch the same.
debug_names=() other_names=()
for n in "${names[@]}"; do
	if kernel_is_debug "$n"; then debug_names+=("$n"); else other_names+=("$n"); fi
done
# every row boots on this run's module: it waits for this run's .ready
for n in "${names[@]}"; do
	rm -f "$KFX_CACHE/out/$(kernel_field "$n" kver)/.ready"
done
rm -f "$logs"/*-test.running "$logs/bpf.ready"
for n in "${debug_names[@]}"; do
	kver=$(kernel_field "$n" kver)
	(apt_private_setup) || stop_run "harness: download: the private apt index (its error above)"
	"$KFX_TOP/tests/vm/fetch-kernel.sh" --release "${kver%-kfxdebug}" ||
		stop_run "harness: download: the Debian kernel ${kver%-kfxdebug}, base of $n (its error above)"
done
# the host tool every build step uses, built once before any
make -s -C "$KFX_TOP/tools" kfx-resolve-btfids >/dev/null ||
	say "tools/kfx-resolve-btfids does not build (each build step says so)"
debug_step=
if [ ${#debug_names[@]} -gt 0 ]; then
	step_bg build-debug nice -n 10 env KFX_KBUILD_NICE=0 \
		"$KFX_TOP/tests/vm/build-debug.sh" "${debug_names[@]}"
	debug_step=${bg_steps[-1]}
fi

# run_row NAME: boot it, keep its wall time.  Its .running file (made by
# whoever starts it, before it starts) says a guest of it is up.
run_row() {
	local n=$1 kver t0
	kver=$(kernel_field "$n" kver)
	t0=$(date +%s)
	rm -f "$logs/$kver-test.secs" "$logs/$kver-test.cpu"
	say "booting $n ($kver) under qemu ${KFX_ACCEL:-tcg}"
	run_guest_retry "$n" test
	echo $(($(date +%s) - t0)) > "$logs/$kver-test.secs"
	children_cpu "$logs/$kver-test.cpu"
	rm -f "$logs/$kver-test.running"
	say "$n done after $(($(date +%s) - t0)) s"
}
start_row() {
	touch "$logs/$(kernel_field "$1" kver)-test.running"
	run_row "$1" &
}
guests_running() {
	find "$logs" -maxdepth 1 -name '*-test.running' | wc -l
}
# step_running STEP PID: the background step STEP (its pid) has not ended
step_running() {
	[ -n "$2" ] && [ ! -e "$logs/$1.status" ] && kill -0 "$2" 2>/dev/null
}
# module_pending NAME STEP PID: NAME's module is not built yet, and the
# step building it still runs (a step that ended without it: the row runs
# and fails without its module, and says so)
module_pending() {
	[ ! -e "$KFX_CACHE/out/$(kernel_field "$1" kver)/.ready" ] && step_running "$2" "$3"
}
# wait_while CMD...: poll (bash's wait -n misses a job that ended before it
# was called) until CMD fails; give up when check.sh is gone
wait_while() {
	while "$@"; do
		kill -0 $$ 2>/dev/null || exit 1
		sleep 2
	done
}

# The debug rows: each once its module is built (and the BPF side: below),
# whatever else runs.
debug_row_waits() {
	[ ! -e "$logs/bpf.ready" ] || module_pending "$1" build-debug "$debug_step"
}
first_pids=()
if [ ${#debug_names[@]} -gt 0 ]; then
	(
		for n in "${debug_names[@]}"; do
			wait_while debug_row_waits "$n"
			start_row "$n"
		done
		wait
	) &
	first_pids=($!)
fi

for n in "${other_names[@]}"; do
	"$KFX_TOP/tests/vm/fetch-kernel.sh" "$n" ||
		stop_run "harness: download: kernel $n (its error above)"
done
archs=$(for n in "${names[@]}"; do kernel_field "$n" arch; done | sort -u)
for a in $archs; do
	"$KFX_TOP/tests/vm/build-bpf.sh" "$a" ||
		stop_run "the BPF side ($a: the test runner, programs and samples) does not build (its error above)"
done
touch "$logs/bpf.ready"
# make deb's packages on fresh Debian 12 and 13 roots: apt install, skip of
# headers-only kernels, purge, the signed repository's install and upgrade,
# lintian; arm64's kfx-tools on a Debian 12 arm64 root (tests/vm/deb-test.sh).
# (amd64 packages: not run when only arm64 rows are)
# In the background from here, once the BPF side (kfx-tools' programs) is
# built, at nice 15.
# (On the list made above: grep -q leaving a pipe early fails its writer,
# which pipefail reports; that skipped this step silently in a cold run.)
deb_step=
if grep -qx amd64 <<<"$archs"; then
	say "make deb, make repo: kfx-dkms and kfx-tools on fresh Debian 12 and 13 roots$(grep -qx arm64 <<<"$archs" && echo ', arm64 on a Debian 12 arm64 root'), in the background"
	step_bg deb nice -n 15 "$KFX_TOP/tests/vm/deb-test.sh" "${names[@]}"
	deb_step=${bg_steps[-1]}
fi

# Host-side checks of the build itself (run in the build roots) for the
# other kernels, in the background at nice 15: each row boots once its own
# modules are built (build-module.sh's .ready), not after every build
# test of every kernel.  They build in roots of their own (the debug
# kernels build in the -kbuild roots) and never read each other's modules.
build_step=
if [ ${#other_names[@]} -gt 0 ]; then
	step_bg build nice -n 15 "$KFX_TOP/tests/vm/build-tests.sh" "${other_names[@]}"
	build_step=${bg_steps[-1]}
fi

# The other guests, KFX_GUEST_JOBS (2) at a time with the debug rows
# counted (one while a debug kernel builds), from a scheduler of their own
# so that the host steps below go on meanwhile.  A TCG guest alone keeps
# about one core busy (the runner is one thread; its second vCPU mostly
# idles).  Each row is judged at the end, in the list's order.
guest_slots() {
	if step_running build-debug "$debug_step"; then echo 1; else echo "${KFX_GUEST_JOBS:-2}"; fi
}
other_row_waits() {
	[ "$(guests_running)" -ge "$(guest_slots)" ] || module_pending "$1" build "$build_step"
}
(
	for n in "${other_names[@]}"; do
		wait_while other_row_waits "$n"
		start_row "$n"
	done
	wait
) &
sched=$!
# The string core on the host: unit tests, random differential against the
# reference model (ASan/UBSan), then a bounded libFuzzer run.
t0=$(date +%s)
say "host tests of the string core, then ${KFX_FUZZ_SECONDS:-60}s of fuzzing"
hp=0 hf=0
if nice -n 15 make -s -C "$KFX_TOP/tests/host" OUT="$KFX_CACHE/host" test > "$logs/host-test.log" 2>&1; then
	hp=$((hp + 1))
else
	hf=$((hf + 1)); tail -5 "$logs/host-test.log"
fi
if nice -n 15 make -s -C "$KFX_TOP/tests/host" OUT="$KFX_CACHE/host" FUZZ_SECONDS="${KFX_FUZZ_SECONDS:-60}" \
	fuzz > "$logs/host-fuzz.log" 2>&1 && grep -q 'Done [0-9]* runs' "$logs/host-fuzz.log"; then
	hp=$((hp + 1))
else
	hf=$((hf + 1)); tail -5 "$logs/host-fuzz.log"
fi
record host "string core + fuzz" "$hp" "$hf" 0 $(($(date +%s) - t0)) \
	"$([ "$hf" = 0 ] || echo "logs: $logs/host-*.log")"

# checkpatch --strict over the kernel code.
step lint "checkpatch --strict" "lint: done" nice -n 15 "$KFX_TOP/tests/vm/lint.sh"

# make samples (bpf/Makefile) against every kernel's BTF and the host's;
# the command lines of kfxctl and the samples, on the host without kfx.
step samples "make samples, each BTF" "samples-check: done" \
	nice -n 15 "$KFX_TOP/tests/vm/samples-check.sh" "${names[@]}"
step cli "help, errors, exit codes" "cli-check: done" nice -n 15 "$KFX_TOP/tests/vm/cli-check.sh"
# A debootstrap killed in its second stage (kill -9 of its process group)
# leaves nothing mounted on the host: mkroot.sh's and fresh-root.sh's run
# in a mount namespace of their own (lib.sh: debootstrap_private).  About
# 10 s; a cold cache downloads its packages once first (about 30 s).
step mount-kill "killed debootstrap: no mount" "mount-kill: done" nice -n 15 "$KFX_TOP/tests/vm/mount-kill.sh"

# The BTF ones are expected while the runner loads its broken test modules,
# before it logs the end marker; the others never are.  A bare stack dump
# is "Call Trace:" on x86-64, "Call trace:" on arm64.  The debug kernels
# (the -debug rows) add KASAN, UBSAN, lockdep, atomic-sleep and DEBUG_SG reports:
# most start "BUG:" or "WARNING:", named here too so that none depends on
# that prefix.
splat='BUG[: ]|WARNING:|Oops|KFENCE:|KASAN|general protection|kernel BUG|Call [Tt]race|UBSAN|Kernel panic|refcount_t:|list_(add|del) corruption|Poison overwritten|Redzone|Object padding'
splat="$splat|possible circular locking|possible recursive locking|inconsistent lock state|suspicious RCU usage"
splat="$splat|possible irq lock inversion|bad unlock balance|held lock freed|lock held when returning|DEBUG_LOCKS_WARN_ON"
splat="$splat|sleeping function called from invalid context|scheduling while atomic|using smp_processor_id\\(\\) in preemptible"
btf_splat='missing module BTF|failed to validate module|BTF.*mismatch'
marker='kfx-test: end of expected module load errors'
allowed_taint=$(( (1 << 12) | (1 << 13) ))	# O (out-of-tree), E (unsigned)

# Every guest row, the debug rows' and the scheduler's, the other module
# builds and the deb step.
# (then none for the EXIT trap to signal: their pids may be reused)
wait
groups=() first_pids=() sched=
[ -z "$debug_step" ] || step_end build-debug "debug kernels, modules (dkms)" "build-debug: done"
[ -z "$build_step" ] || step_end build "module builds (dkms)" "build-tests: done"
[ -z "$deb_step" ] || step_end deb "kfx-dkms, kfx-tools, repo" "deb-test: done"

# The debug kernels' configs against Debian's where kfx depends on it (the
# build checks it too; this keeps a cached kernel honest when the list
# changes).
[ ${#debug_names[@]} = 0 ] || step debug-config "debug configs as Debian's" "debug-config: done" \
	"$KFX_TOP/tests/vm/debug-config-check.sh" "${debug_names[@]}"

for n in "${names[@]}"; do
	kver=$(kernel_field "$n" kver)
	log=$logs/$kver-test.log
	secs=$(cat "$logs/$kver-test.secs" 2>/dev/null || echo 0)
	cpu=$(cat "$logs/$kver-test.cpu" 2>/dev/null || echo ?)
	# A first boot that died before init is a retry, not a pass: any
	# splat on its console fails the run like one on the second.
	early=
	if [ -f "$log.boot-failed" ]; then
		early=$(tr -d '\r' < "$log.boot-failed" | grep -E "$splat" | head -5 || true)
	fi
	if [ ! -f "$log" ]; then
		# run-guest.sh stopped before qemu: without a module, the
		# build row said why (kfx's); with one, the harness's
		if [ -f "$KFX_CACHE/out/$kver/kfx.ko" ]; then
			note="harness: the guest never started (no console log; run-guest.sh's error above)"
		else
			note="no console log: no kfx.ko for $kver (the build row says why)"
		fi
		failed "$n" "$note"
		record "$n" "$kver" 0 1 0 "$secs" "$note"
		continue
	fi
	tr -d '\r' < "$log" > "$log.txt" && mv "$log.txt" "$log"
	# Both boots died or hung before init ran (run_guest_retry): the
	# kernel's own boot under TCG, before the module was loaded, so the
	# harness's (a hang seen in CI; an int3 oops); any splat on either
	# console fails it as kfx's too, as for a first boot below.
	if ! guest_booted "$log"; then
		note="harness: boot hang: $n reached no init in two boots (consoles: $log.boot-failed, $log)"
		failed "$n" "$note"
		fail=1
		sp=$({ [ ! -f "$log.boot-failed" ] || tr -d '\r' < "$log.boot-failed"; cat "$log"; } | grep -E "$splat" | head -5 || true)
		if [ -n "$sp" ]; then
			fail=2
			sed "s/^/  [$n, before init] /" <<<"$sp"
			failed "$n" "kernel splat before init: $(head -1 <<<"$sp")"
		fi
		record "$n" "$kver" 0 "$fail" 0 "$secs" "cpu ${cpu}s $note"
		continue
	fi
	result_logs+=("$log")
	pass=$(grep -c '^ok ' "$log" || true)
	fail=$(grep -c '^not ok ' "$log" || true)
	skip=$(grep -c '^skip ' "$log" || true)
	counted="passed=$pass failed=$fail skipped=$skip"
	note=
	grep '^not ok ' "$log" | sed "s/^/  [$n] /" || true
	failed "$n" "$(grep '^not ok ' "$log" || true)"
	if [ -n "$early" ]; then
		fail=$((fail + 1)); note="first boot got no init, and its console has a splat ($log.boot-failed);"
		sed "s/^/  [$n, first boot] /" <<<"$early"
	fi
	# a first boot without a splat fails nothing (the kernel's own boot,
	# before any module), but the row's line says so
	retried=
	[ ! -f "$log.boot-failed" ] || retried="booted twice, the first got no init: $log.boot-failed "
	# The runner's own count must be what the console shows, and its exit
	# status must say whether anything failed.
	summary=$(grep '^kfx-summary:' "$log" | tail -1 || true)
	if [ -z "$summary" ]; then
		fail=$((fail + 1)); note="$note runner did not finish;"
	elif [ "$summary" != "kfx-summary: $counted" ]; then
		fail=$((fail + 1)); note="$note runner says ${summary#kfx-summary: }, the console has $counted;"
	else
		exit_line=$(grep '^kfx-exit:' "$log" | tail -1 || true)
		case $counted in
		*" failed=0 "*) want="kfx-exit: 0" ;;
		*) want="kfx-exit: 1" ;;
		esac
		if [ "$exit_line" != "$want" ]; then
			fail=$((fail + 1)); note="$note runner ended with '${exit_line:-no exit status}', not '$want';"
		fi
	fi
	dmesg=$(sed -n '/^kfx-dmesg-begin/,/^kfx-dmesg-end/p' "$log")
	if [ -z "$dmesg" ]; then
		fail=$((fail + 1)); note="$note no kernel log;"
	else
		after=$(sed -n "/$marker/,\$p" <<<"$dmesg")
		[ -n "$after" ] || after=$dmesg
		if grep -Eq "$splat" <<<"$dmesg" || grep -Eq "$btf_splat" <<<"$after"; then
			fail=$((fail + 1)); note="$note kernel splat;"
			sp=$({ grep -E "$splat" <<<"$dmesg"; grep -E "$btf_splat" <<<"$after"; } | head -5 || true)
			sed "s/^/  [$n] /" <<<"$sp"
			failed "$n" "$sp"
		fi
	fi
	taint=$(sed -n 's/^kfx-taint: //p' "$log")
	if [ -z "$taint" ] || [ $((taint & ~allowed_taint)) != 0 ]; then
		fail=$((fail + 1)); note="$note kernel tainted ($taint);"
	fi
	[ -z "$note" ] || failed "$n" "$note"
	[ -n "$note" ] || [ "$fail" != 0 ] && note="$note log: $log"
	# the kfunc fuzzer's seed and count, to replay it (tests/fuzz/README.md)
	fz=$(sed -n 's/^.*ok fuzz\/random.*\(runs=[0-9]* seed=[0-9]*\).*$/fuzz \1/p' "$log" | head -1)
	record "$n" "$kver" "$pass" "$fail" "$skip" "$secs" "cpu ${cpu}s ${fz:+$fz }$retried$note"
done

# Build-root hygiene: nothing this run mounted is left below the cache
# (every mount is made in a mount namespace of its command's own: in_root,
# debootstrap_private, deb-test.sh's own_mount_ns).
left=$(mounts_below "$KFX_CACHE")
if [ -z "$left" ]; then
	record mounts "cache: nothing mounted" 1 0 0 0 ""
else
	failed mounts "harness: mount: left: $(echo $left)"
	record mounts "cache: nothing mounted" 0 1 0 0 "harness: mount: left: $(echo $left)"
fi

summary
[ "$total_fail" = 0 ]
