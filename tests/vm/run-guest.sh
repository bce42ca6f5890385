#!/bin/bash
# run-guest.sh NAME MODE: boot kernel NAME under qemu with an initramfs that
# loads kfx and runs MODE ("test": the runner; "demo": the hello sample).
# The serial console goes to $KFX_CACHE/logs/<kver>-<mode>.log.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

name=$1 mode=$2
kver=$(kernel_field "$name" kver)
arch=$(kernel_field "$name" arch)
kdir=$KFX_CACHE/kernels/$kver
out=$KFX_CACHE/out/$kver
# the guest programs of the kernel's architecture (build-bpf.sh)
bpf=$KFX_CACHE/bpf
[ "$arch" = amd64 ] || bpf=$KFX_CACHE/bpf-$arch
ird=$KFX_CACHE/initramfs/$kver-$mode
log=$KFX_CACHE/logs/$kver-$mode.log

[ -f "$out/kfx.ko" ] || die "no kfx.ko for $kver (build-module.sh $name)"
rm -rf "$ird"
mkdir -p "$ird"/{bin,proc,sys,dev,tmp} "$(dirname "$log")"

if [ "$arch" = amd64 ]; then
	busybox=$(command -v busybox) || die "busybox-static is missing (make deps)"
else
	busybox=$KFX_CACHE/sysroot/$arch/bin/busybox
	[ -x "$busybox" ] || die "no $arch busybox (tests/vm/sysroot.sh $arch)"
fi
cp "$busybox" "$ird/bin/busybox"
cp "$out/kfx.ko" "$out/kfx-nobtf.ko" "$ird/"
bad=
[ -f "$out/kfx-badbtf.ko" ] && cp "$out/kfx-badbtf.ko" "$ird/" && bad="--badbtf /kfx-badbtf.ko"

# The kfunc fuzzer's part (tests/fuzz/README.md): its time (a debug kernel
# row gets more), its seed, or one case to replay instead of the tests.
# A debug kernel runs the boundary tables once, not again with the
# accelerated drivers (it is several times slower under TCG).
once=
case $name in
*-debug) fuzz_secs=${KFX_FUZZ_GUEST_SECONDS:-60} once=--tables-once ;;
*) fuzz_secs=${KFX_FUZZ_GUEST_SECONDS:-20} ;;
esac
fuzz="--fuzz-seconds $fuzz_secs${KFX_FUZZ_SEED:+ --fuzz-seed $KFX_FUZZ_SEED}"
if [ -n "${KFX_FUZZ_CASE:-}" ]; then
	cp "$KFX_FUZZ_CASE" "$ird/fuzz.case"
	fuzz="--fuzz-only --fuzz-case /fuzz.case"
elif [ -n "${KFX_FUZZ_REPLAY:-}" ]; then
	fuzz="--fuzz-only --fuzz-replay $KFX_FUZZ_REPLAY"
fi

# modprobe's part of loading kfx.ko, for the payloads that insmod it: what
# it depends on first (6.1: ecc.ko, kfx's ECDSA).  The runner does the
# same in mod_load().
load_deps='for d in $(modinfo -F depends /kfx.ko | tr , " "); do modprobe "$d"; done'

case $mode in
test) bins="$bpf/kfx_test $bpf/kfxctl $bpf/udp_crypt $bpf/name_filter $bpf/exec_hash"
      payload="/kfx_test --module /kfx.ko --nobtf /kfx-nobtf.ko $bad $once $fuzz; echo \"kfx-exit: \$?\"" ;;
demo) bins="$bpf/hello"
      payload='echo "kfx-demo: insmod kfx.ko"; '"$load_deps"'
insmod /kfx.ko && lsmod | grep kfx
echo "kfx-demo: running the hello sample (hello.bpf.o through its skeleton)"; /hello; echo "kfx-exit: $?"
# The program is freed after an RCU grace period; until then kfx is in use.
for i in 1 2 3 4 5 6 7 8 9 10; do rmmod kfx 2>/dev/null && echo "kfx-demo: rmmod kfx done" && break; sleep 0.2; done' ;;
bench) bins="$bpf/string_bench $bpf/crypto_bench $bpf/hash_bench"
      # the benches load kfx.ko themselves
      payload="$load_deps
${KFX_BENCH_CMD:-/string_bench /kfx.ko; /crypto_bench /kfx.ko; /hash_bench /kfx.ko}; echo \"kfx-exit: \$?\"" ;;
*) die "unknown mode $mode" ;;
esac

# KFX_PAYLOAD replaces what the guest runs (for debugging by hand);
# KFX_GUEST_FILES are more host files copied to the initramfs root;
# KFX_APPEND is more kernel command line (nokaslr, say).
payload=${KFX_PAYLOAD:-$payload}
for f in ${KFX_GUEST_FILES:-}; do
	cp "$f" "$ird/" || die "KFX_GUEST_FILES: cannot copy $f"
done

# The kernel's own modules the tests need (tests/guest-modules.list), loaded
# on demand by the kernel through modprobe, as on a real machine.
mods=$ird/lib/modules/$kver
mkdir -p "$mods"
grep -v '^#' "$KFX_TOP/tests/guest-modules.list" | while read -r d; do
	[ -n "$d" ] || continue
	if [ -d "$kdir/modules/$d" ]; then
		mkdir -p "$mods/$d"
		cp -a "$kdir/modules/$d/." "$mods/$d/"
	else
		for f in "$kdir/modules/$d".ko*; do
			[ -f "$f" ] || continue
			mkdir -p "$mods/$(dirname "$d")"
			cp -a "$f" "$mods/$(dirname "$d")/"
		done
	fi
done
find "$mods" -name '*.ko.xz' -exec xz -d {} +
find "$mods" -name '*.ko.zst' -exec zstd -q -d --rm {} +
find "$mods" -name '*.ko.gz' -exec gzip -d {} +
cp "$kdir"/modules/modules.builtin* "$kdir"/modules/modules.order "$mods/" 2>/dev/null || true
depmod -b "$ird" "$kver" || die "depmod for the $kver guest modules failed"

# The binaries and the shared libraries they need, at the same paths.
for b in $bins; do
	[ -x "$b" ] || die "$b is not built"
	cp "$b" "$ird/"
	# (none for the statically linked arm64 ones: ldd says so on stderr)
	for lib in $(ldd "$b" 2>/dev/null | awk '/=>/ { print $3 } /^\t\/lib/ { print $1 }'); do
		mkdir -p "$ird$(dirname "$lib")"
		cp -L "$lib" "$ird$lib"
	done
done

cat > "$ird/init" <<EOI
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mkdir -p /sbin && ln -s /bin/busybox /sbin/modprobe
# the console as quiet as "quiet" makes it (errors and worse), now
# that the boot's own messages are on it
echo 4 > /proc/sys/kernel/printk
echo "kfx-guest: \$(uname -r) booted"
$payload
echo "kfx-taint: \$(cat /proc/sys/kernel/tainted)"
echo kfx-dmesg-begin
dmesg
echo kfx-dmesg-end
poweroff -f
EOI
chmod +x "$ird/init"
(cd "$ird" && find . | cpio -o -H newc --quiet | gzip -1) > "$ird.cpio.gz"

accel=${KFX_ACCEL:-tcg}
# amd64: qemu's PC; arm64: its "virt" board with every CPU feature TCG
# emulates (-cpu max: AES, PMULL, SHA, PAN), the console on its PL011.
# The debug row with 4-level paging (-cpu max has LA57): 7.3's
# pgtable_l5_enabled() is the LA57 bit of boot_cpu_data, which
# identify_cpu() clears for a while with interrupts on; an interrupt then
# saw a 5-level direct-map address as "wild" (KASAN's shadow bounds follow
# the paging mode), a report storm that never reached init (2 of about 40
# boots here, before any module).  The other rows keep 5-level paging.
x86_cpu=max
! kernel_is_debug "$name" || x86_cpu=max,la57=off
# One arm64 row tests on a CPU without PAN: 6.12-arm64's test guest is a
# Cortex-A72 (ARMv8.0: AES, PMULL, SHA1/2, NEON, no PAN, no BTI or
# pointer authentication), where a kernel read of the user half returns
# user memory instead of faulting, as on such machines (Debian's arm64
# kernels leave SW_TTBR0_PAN off): the bad-pointer pool's mapped user
# string, tagged or not, must still give -EFAULT unread.  6.1 and 7.3
# keep -cpu max's PAN, pointer authentication and BTI (6.1's verifier
# passes no user address to a kfunc).  KFX_ARM64_CPU= picks another model.
arm64_cpu=max,pauth-impdef=on
[ "$mode" != test ] || [ "$name" != 6.12-arm64 ] || arm64_cpu=cortex-a72
arm64_cpu=${KFX_ARM64_CPU:-$arm64_cpu}
case $arch in
amd64) qemu_cmd=(qemu-system-x86_64 -accel "$accel" -cpu "$x86_cpu") console=ttyS0 ;;
arm64) qemu_cmd=(qemu-system-aarch64 -M virt -accel "$accel" -cpu "$arm64_cpu") console=ttyAMA0 ;;
*) die "no qemu for $arch" ;;
esac
# Not "quiet": the console keeps the kernel's own boot messages until init
# quiets it, so that a boot that hangs says where (a CI run's 7.3-debug
# guest printed nothing for 3,400 s, then the run's time was up).
cmdline="console=$console rdinit=/init panic=-1"
# The test guests check the heap: slub_debug checks every free (F),
# red-zones (Z) and poisons (P) every object, KFENCE samples allocations;
# a bench guest would time those.  Not U (an alloc and a free stack trace
# kept for every object: a report names the object and what hit it, not
# who allocated it), which took a fifth of a row: 7.3 alone 221 s -> 175 s,
# string_oracle 15.7 s -> 8.2 s, the same 394 results.  The debug rows get
# none: KASAN red-zones, quarantines freed objects and keeps both stacks
# itself (string_oracle there 166 s with FZPU, 90 s without).
heap="slub_debug=FZP"
! kernel_is_debug "$name" || heap=
[ "$mode" = bench ] || cmdline="$cmdline${heap:+ $heap} kfence.sample_interval=10"
# A hang detector, not a budget: a row takes 250-470 s alone, more beside
# the build steps and another guest on 2 cores.
limit=1200
if kernel_is_debug "$name"; then
	# Every KASAN report, not only the first, and room for them in the
	# log; KASAN and lockdep under TCG are several times slower.
	cmdline="$cmdline kasan_multi_shot log_buf_len=8M"
	limit=3600	# beside another guest (check.sh runs two at a time)
fi
cmdline="$cmdline${KFX_APPEND:+ $KFX_APPEND}"
limit=${KFX_BOOT_TIMEOUT:-$limit}
# A boot hang detector: no init this long after qemu started is a kernel
# that hangs in its own boot (no module is loaded before init), which
# run_guest_retry boots once more.  Boots to init took 4-28 s in make
# check beside another guest and the builds on 2 cores, 7.3-debug 17-61 s
# (the most with three busy loops beside two guests): five times that.
boot_limit=${KFX_BOOT_HANG_SECONDS:-300}
# A hang detector after init: a test guest that printed no runner line
# (a result, a note or kfx-...) for this long is stopped, and its row fails
# (runner did not finish), rather than running out the whole limit (CI's
# time with it); the kernel's own messages (a stall report every few
# minutes) do not count.  The longest stretch without a new result in a
# cold make check: under 60 s (7.3-debug).
silent_limit=${KFX_SILENT_SECONDS:-600}
[ "$mode" = test ] || silent_limit=$limit
# last_line N: the console's last line so far, N characters of it
last_line() {
	tail -c 8192 "$log" 2>/dev/null | tr -d '\r' | grep -v '^$' | tail -1 | cut -c1-"$1" || true
}
# runner_lines: how many lines the guest's own programs printed so far
# (results, kfx-..., and "# ..." notes: the fuzzer's every 5 s)
runner_lines() {
	grep -cE '^(ok|not ok|skip) |^kfx-|^# ' "$log" 2>/dev/null || true
}
# stop_qemu WHY: say why the guest is stopped, with its last console line
stop_qemu() {
	say "$name ($kver) guest $mode: $1; stopping qemu (last console line: $(last_line 100))"
	kill "$qemu" 2>/dev/null || true
}
# progress NAME KVER SECS: where the guest is, from its console so far
progress() {
	local step last n
	if [ -z "$booted" ]; then
		# where the boot is, for a boot that never ends
		last=$(last_line 60)
		step="booting the kernel${last:+, console: $last}"
	elif grep -q '^kfx-dmesg-begin' "$log" 2>/dev/null; then
		step="done, dumping the kernel log"
	else
		n=$(grep -c '^ok \|^not ok ' "$log" 2>/dev/null || true)
		# no result yet is not an error (set -e with pipefail)
		last=$(tr -d '\r' < "$log" | grep -E '^(ok|not ok|skip) ' | tail -1 | cut -c1-60 || true)
		step="$mode running: ${n:-0} results${last:+, last: $last}"
	fi
	say "$1 ($2) guest $mode: $step, $3s elapsed"
}

# (no console of an earlier boot seen as this one's)
: > "$log"
# qemu's monitor, for the NMIs a test asks for: each console line
# "kfx-nmi-request" is answered with the monitor's "nmi" (every CPU gets
# one), the only NMI source of a TCG guest that prints no backtrace (no
# PMU, so no perf NMIs; the kernel's own NMI IPIs dump stacks)
mon=$(mktemp -u /tmp/kfx-mon.XXXXXX)
timeout -k 30 "$limit" "${qemu_cmd[@]}" \
	-smp 2 -m 1G -kernel "$kdir/vmlinuz" -initrd "$ird.cpio.gz" \
	-append "$cmdline" -display none -monitor "unix:$mon,server=on,wait=off" \
	-serial "file:$log" -no-reboot -nic none ${KFX_QEMU_OPTS:-} &
qemu=$!
trap 'kill "$qemu" 2>/dev/null || true; rm -f "$mon"' EXIT
nmis=0
send_nmis() {
	local n
	n=$(grep -c '^kfx-nmi-request' "$log" 2>/dev/null || true)
	while [ "${n:-0}" -gt "$nmis" ] && [ -S "$mon" ]; do
		python3 -c 'import socket, sys, time
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.sendall(b"nmi\n")
time.sleep(0.2)
s.close()' "$mon" 2>/dev/null || say "$name: cannot send an NMI through $mon"
		nmis=$((nmis + 1))
	done
}
t0=$(date +%s) every=${KFX_PROGRESS_SECONDS:-15} next=$every booted=
seen_lines=0 seen_at=0
while kill -0 "$qemu" 2>/dev/null; do
	sleep 1
	send_nmis
	el=$(($(date +%s) - t0))
	if [ -z "$booted" ] && guest_booted "$log"; then
		booted=$el seen_at=$el
		say "$name ($kver) guest $mode: booted after ${el}s"
	elif [ -z "$booted" ] && [ "$el" -ge "$boot_limit" ]; then
		stop_qemu "no init after ${el}s, a hang in the kernel's own boot"
		break
	elif [ -n "$booted" ] && [ $((el - seen_at)) -ge 15 ]; then
		n=$(runner_lines)
		[ "$n" = "$seen_lines" ] || { seen_lines=$n; seen_at=$el; }
		if [ $((el - seen_at)) -ge "$silent_limit" ]; then
			stop_qemu "no line from the runner for $((el - seen_at))s, a hang"
			break
		fi
	fi
	if [ "$el" -ge "$next" ] && kill -0 "$qemu" 2>/dev/null; then
		progress "$name" "$kver" "$el"
		next=$((el + every))
	fi
done
st=0
wait "$qemu" || st=$?
[ "$st" = 0 ] || say "qemu for $name exited with status $st"
say "$name ($kver) guest $mode: finished in $(($(date +%s) - t0))s"
rm -rf "$ird"
