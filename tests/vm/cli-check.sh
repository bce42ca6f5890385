#!/bin/bash
# cli-check.sh [DIR]: the command lines of kfxctl and the samples, on the
# host, without kfx: --help (stdout, exit 0, every option and the exit
# codes), bad options named (exit 2), numbers checked, no kfx or no root
# said as such (exit 1), status --json valid with its schema-1 members,
# and kfxctl.8 built from its scdoc source.  DIR: the binaries (default
# $KFX_CACHE/samples/host-*, else built here against the first matrix
# kernel's BTF).  Prints "ok ..."/"not ok ..." lines, then "cli-check: done".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

dir=${1:-}
if [ -z "$dir" ]; then
	dir=$KFX_CACHE/samples/cli
	btf=/sys/kernel/btf/vmlinux
	[ -r "$btf" ] || btf=$(kernel_vmlinux "$(kernel_names | head -1)")
	say "cli: building kfxctl and the samples into $dir"
	make -s -C "$KFX_TOP/bpf" OUT="$dir" VMLINUX="$btf" all man > "$dir.log" 2>&1 ||
		{ echo "not ok cli/build: see $dir.log"; echo "cli-check: done"; exit 0; }
fi

# expect NAME STATUS STREAM TEXT CMD...: CMD exits STATUS and its STREAM
# (stdout or stderr) contains each |-separated part of TEXT.
expect() {
	local name=$1 want=$2 stream=$3 text=$4 st=0 out err part
	shift 4
	out=$("$@" 2>/tmp/kfx-cli-err.$$) || st=$?
	err=$(cat /tmp/kfx-cli-err.$$); rm -f /tmp/kfx-cli-err.$$
	[ "$stream" = stdout ] || out=$err
	if [ "$st" != "$want" ]; then
		echo "not ok cli/$name: exit $st, want $want: $(head -2 <<<"$out$err" | tr '\n' ' ')"
		return
	fi
	IFS='|' read -ra parts <<<"$text"
	for part in "${parts[@]}"; do
		if ! grep -qF -- "$part" <<<"$out"; then
			echo "not ok cli/$name: $stream lacks \"$part\": $(head -3 <<<"$out" | tr '\n' ' ')"
			return
		fi
	done
	echo "ok cli/$name"
}

k=$dir/kfxctl
expect kfxctl-help 0 stdout "usage: kfxctl|status|selftest|--json|--help|--version|Exit status: 0|1 a check|2 usage" "$k" --help
expect kfxctl-h 0 stdout "usage: kfxctl" "$k" -h
expect kfxctl-version 0 stdout "kfxctl $("$KFX_TOP/tools/kfx-version.sh")" "$k" --version
expect kfxctl-no-command 2 stderr "usage: kfxctl" "$k"
expect kfxctl-unknown-option 2 stderr "kfxctl: unknown option --foo|usage: kfxctl" "$k" status --foo
expect kfxctl-unknown-command 2 stderr "kfxctl: unknown command frob" "$k" frob
expect kfxctl-two-commands 2 stderr "kfxctl: one command at a time" "$k" status selftest

for s in hello udp_crypt name_filter exec_hash; do
	expect "$s-help" 0 stdout "usage: $s|--help|Exit status: 0" "$dir/$s" --help
	expect "$s-unknown-option" 2 stderr "$s: unknown option --bogus|usage: $s" "$dir/$s" --bogus
done
expect udp_crypt-help-lists-options 0 stdout "--messages N|1 failed or could not run|2 usage" "$dir/udp_crypt" --help
expect name_filter-help-lists-options 0 stdout "--open PAT|--exec PAT|--deny PAT|--comm|--seconds N|--demo" "$dir/name_filter" --help
for bad in abc 0 -3 12x 100000; do
	expect "udp_crypt-messages-$bad-refused" 2 stderr "udp_crypt: --messages wants a number" "$dir/udp_crypt" --messages "$bad"
done
expect udp_crypt-messages-needs-a-value 2 stderr "udp_crypt: --messages needs a number" "$dir/udp_crypt" --messages
expect name_filter-seconds-refused 2 stderr "name_filter: --seconds wants a number" "$dir/name_filter" --seconds soon
expect name_filter-open-needs-a-value 2 stderr "name_filter: --open needs a value" "$dir/name_filter" --open
expect name_filter-demo-alone 2 stderr "name_filter: --demo sets its own patterns" "$dir/name_filter" --demo --open x
expect exec_hash-help-lists-options 0 stdout "--algo NAME|--count N|--timeout SECONDS|FIRST 256 BYTES|not of the whole file|1 failed or could not run|2 usage" "$dir/exec_hash" --help
for bad in abc 0 -3 12x 10000000; do
	expect "exec_hash-count-$bad-refused" 2 stderr "exec_hash: --count wants a number" "$dir/exec_hash" --count "$bad"
done
expect exec_hash-timeout-refused 2 stderr "exec_hash: --timeout wants a number" "$dir/exec_hash" --timeout soon
expect exec_hash-count-needs-a-value 2 stderr "exec_hash: --count needs a number" "$dir/exec_hash" --count
expect exec_hash-algo-needs-a-value 2 stderr "exec_hash: --algo needs a value" "$dir/exec_hash" --algo
expect exec_hash-algo-too-long 2 stderr "exec_hash: --algo wants a name of 1 to 127" "$dir/exec_hash" --algo "$(printf '%0200d' 0)"

# Without kfx (the host cannot load it): said so, exit 1.  The host's
# kernel must have BTF for libbpf to get as far as the kfuncs.
if [ ! -d /sys/module/kfx ] && [ -r /sys/kernel/btf/vmlinux ] && [ "$(id -u)" = 0 ]; then
	expect kfxctl-status-without-kfx 1 stderr "kfxctl: kfx is not loaded|fix: modprobe kfx" "$k" status
	expect hello-without-kfx 1 stderr "hello: loading hello.bpf.o failed|kfx is not loaded" "$dir/hello"
	expect udp_crypt-without-kfx 1 stderr "udp_crypt: loading udp_crypt.bpf.o failed|kfx is not loaded" "$dir/udp_crypt"
	expect exec_hash-without-kfx 1 stderr "exec_hash: loading exec_hash.bpf.o failed|kfx is not loaded" "$dir/exec_hash" --count 1 --timeout 1
	expect name_filter-without-kfx 1 stderr "name_filter: loading name_filter.bpf.o failed|kfx is not loaded" "$dir/name_filter" --demo
	# status --json: one valid object, schema 1, every member there
	st=0
	json=$("$k" status --json) || st=$?
	if [ "$st" = 1 ] && python3 -c '
import json, sys
o = json.loads(sys.argv[1])
want = ["schema", "ok", "kernel", "kfxctl_version", "loaded", "version", "btf",
	"lockdown", "kfuncs_available", "kfuncs_total", "error", "fix", "missing",
	"kernel_twins", "kfuncs"]
assert list(o) == want, list(o)
assert o["schema"] == 1 and o["ok"] is False and o["loaded"] is False
assert o["lockdown"] in ("none", "integrity", "confidentiality", "unknown")
assert o["error"] == "kfx is not loaded" and o["kfuncs_available"] == 0
' "$json"; then
		echo "ok cli/kfxctl-status-json-schema-1-without-kfx"
	else
		echo "not ok cli/kfxctl-status-json-schema-1-without-kfx: exit $st: $json"
	fi
	if command -v setpriv >/dev/null; then
		nobody="setpriv --reuid 65534 --regid 65534 --clear-groups"
		expect kfxctl-as-nobody-needs-root 1 stderr "kfxctl: needs root (CAP_BPF)|run as root" $nobody "$k" status
		for s in hello udp_crypt exec_hash; do
			expect "$s-as-nobody-needs-root" 1 stderr "$s: loading $s.bpf.o failed|needs root (CAP_BPF" $nobody "$dir/$s"
		done
		expect name_filter-as-nobody-needs-root 1 stderr "name_filter: loading name_filter.bpf.o failed|needs root (CAP_BPF" \
			env -C /tmp $nobody "$dir/name_filter" --seconds 1
	fi
else
	say "cli: kfx loaded here, no kernel BTF or not root: the no-kfx and non-root cases are left to the guests"
fi

# the manual page: built from bpf/kfxctl.8.scd, a man page that names the
# commands and the JSON members
if [ -s "$dir/kfxctl.8" ] && grep -q '^\.TH "*kfxctl"* "*8' "$dir/kfxctl.8" &&
	grep -q 'kfuncs_available' "$dir/kfxctl.8" && grep -q 'selftest' "$dir/kfxctl.8"; then
	echo "ok cli/kfxctl-manual-page-built"
else
	echo "not ok cli/kfxctl-manual-page-built: $dir/kfxctl.8"
fi
echo "cli-check: done"
