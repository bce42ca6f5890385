#!/bin/bash
# build-debug.sh NAME...: the debug rows' critical path, one kernel at a
# time in the order given: build the debug kernel from source (cached:
# build-debug-kernel.sh, through fetch-kernel.sh), then at once its
# module and the build tests (build-tests.sh), whose .ready lets check.sh
# boot its row beside the next kernel's build.  One at a time on both
# cores, not all at once: the first row boots after one build, not after
# all of them.  Prints build-tests.sh's "ok ..."/"not ok ..." lines and
# "build-debug: done".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

rc=0
for name in "$@"; do
	if ! "$KFX_TOP/tests/vm/fetch-kernel.sh" "$name"; then
		echo "not ok build/$name/debug-kernel: harness: building the debug kernel failed (its error above)"
		rc=1
		continue
	fi
	"$KFX_TOP/tests/vm/build-tests.sh" "$name" | sed '/^build-tests: done$/d'
	[ "${PIPESTATUS[0]}" = 0 ] || rc=1
done
echo "build-debug: done"
exit $rc
