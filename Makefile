# SPDX-License-Identifier: GPL-2.0
#
# make [module] [KVER=...] [KDIR=...] [BTF_BASE=...]   build kfx.ko with BTF
# make demo        boot a Debian kernel in a VM and run a sample (README.md)
# make bench       kfx vs upstream vs open-coded BPF vs AF_ALG, every kernel
#                  (KERNEL=7.3 for one, OPS=strlen,strstr, QUICK=1 for a
#                  reduced set, ARCH=arm64 for the arm64 rows); results in
#                  ~/.cache/kfx/bench/latest/RESULTS.md; runs make bench-native first
# make bench-native  the string core vs upstream's loops in ns on this CPU,
#                  built by each kernel's compiler (KERNEL=, QUICK=1), and
#                  the crypto time model (kfx's skcipher paths in ns);
#                  results in ~/.cache/kfx/bench/native/RESULTS.md
# make check       the whole test matrix (KERNELS="6.1 7.3" or ARCH=arm64
#                  for a subset)
# make mutants     the mutation check, not in make check (an hour or more):
#                  each bug of tests/mutants/mutants.list alone, built and
#                  run through its narrowest row; MUTANTS=id1,id2, ROWS=7.3;
#                  table in tests/mutants/RESULTS.md (tests/mutants/README.md)
# make deb         kfx-dkms and kfx-tools .debs in ~/.cache/kfx/deb/ (ARCH=arm64:
#                  arm64's, cross-built, in ~/.cache/kfx/deb-arm64/)
# make samples     kfxctl and the samples against the running kernel's BTF,
#                  in ./out (OUT=, VMLINUX= a kernel ELF or BTF file)
# make man         out/kfxctl.8 from bpf/kfxctl.8.scd (scdoc)
# make repo        make deb, then a signed apt repository of them in ~/.cache/kfx/repo/apt
# make clean-cache empty the kfx cache (refused while a run holds its lock or
#                  anything is mounted below it)
# make deps        install the Debian packages the above need (root)
#
# Everything the tests, benches and packages download or build goes to the
# kfx cache (make module builds in the tree, as dkms does; make samples in
# ./out), outside the checkout and shared by every clone on this machine:
# ${XDG_CACHE_HOME:-~/.cache}/kfx, or KFX_CACHE= (tests/vm/lib.sh).

# dkms runs tools/kfx-dkms-build.sh, which runs "make module KVER= KDIR=";
# by hand, KVER defaults to the running kernel.  kbuild reads Kbuild, not
# this file.
KVER ?= $(if $(KERNELRELEASE),$(KERNELRELEASE),$(shell uname -r))
KDIR ?= /lib/modules/$(KVER)/build
BTF_BASE ?=

PROBE_DIR := $(CURDIR)/module/probes
PROBES := $(filter-out canary,$(basename $(notdir $(wildcard $(PROBE_DIR)/*.c))))

all: module

# A missing base BTF fails before the compile, not after it.
module: btf-base-check module/kfx_probes.h
	@test -d "$(KDIR)" || { echo "kfx: no kernel headers at $(KDIR) (install linux-headers-$(KVER) or pass KDIR=)" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules
	tools/kfx-btf.sh "$(KVER)" "$(KDIR)" kfx.ko "$(BTF_BASE)"

btf-base-check:
	@test -d "$(KDIR)" || { echo "kfx: no kernel headers at $(KDIR) (install linux-headers-$(KVER) or pass KDIR=)" >&2; exit 1; }
	@tools/kfx-btf.sh --check-base "$(KVER)" "$(KDIR)" "$(BTF_BASE)"

# Compile each probe against the target headers; what compiles is present.
# The canary must compile: if it does not, nothing would, and "no feature
# present" would build a module for the wrong kernel.
module/kfx_probes.h: FORCE | btf-base-check
	@test -d "$(KDIR)" || { echo "kfx: no kernel headers at $(KDIR) (install linux-headers-$(KVER) or pass KDIR=)" >&2; exit 1; }
	@echo "  PROBE   $(KVER): $(PROBES)"
	@rm -f $(PROBE_DIR)/*.o
	@$(MAKE) -k -C $(KDIR) M=$(PROBE_DIR) canary.o $(addsuffix .o,$(PROBES)) > $(PROBE_DIR)/probe.log 2>&1 || true
	@test -f $(PROBE_DIR)/canary.o || { \
		echo "kfx: the canary probe does not compile against $(KDIR): broken toolchain or headers, see module/probes/probe.log" >&2; \
		exit 1; }
	@{ echo "/* Generated for $(KVER) from module/probes/: do not edit. */"; \
	  for p in $(PROBES); do \
		u=$$(echo $$p | tr a-z A-Z); \
		if [ -f $(PROBE_DIR)/$$p.o ]; then echo "#define KFX_HAVE_$$u 1"; \
		else echo "/* KFX_HAVE_$$u: not in these headers */"; fi; \
	  done; } > $@.tmp && mv $@.tmp $@
	@grep -c define $@ | xargs -I{} echo "  PROBE   {} of $(words $(PROBES)) features present"

clean:
	-$(MAKE) -C $(KDIR) M=$(CURDIR) clean 2>/dev/null
	rm -f module/kfx_probes.h $(PROBE_DIR)/*.o $(PROBE_DIR)/probe.log
	$(MAKE) -C tools clean

deps:
	tests/vm/deps.sh

demo:
	tests/vm/demo.sh

bench: bench-native
	KFX_ARCH="$(ARCH)" KFX_BENCH_OPS=$(OPS) KFX_BENCH_QUICK=$(QUICK) tests/vm/bench.sh $(KERNEL)

bench-native:
	KFX_BENCH_QUICK=$(QUICK) tests/vm/bench-native.sh $(KERNEL)

check:
	KFX_ARCH="$(ARCH)" tests/vm/check.sh $(KERNELS)

mutants:
	MUTANTS="$(MUTANTS)" ROWS="$(ROWS)" tests/mutants/run.py

deb:
	KFX_ARCH="$(ARCH)" tests/vm/make-deb.sh

samples:
	$(MAKE) -C bpf $(if $(OUT),OUT=$(OUT)) $(if $(VMLINUX),VMLINUX=$(VMLINUX))

man:
	$(MAKE) -C bpf man $(if $(OUT),OUT=$(OUT))

repo:
	tests/vm/make-repo.sh

clean-cache:
	tests/vm/clean-cache.sh

FORCE:
.PHONY: all module btf-base-check clean deps demo bench bench-native check mutants deb samples man repo clean-cache FORCE
