# EXPORT_SYMBOL_GPL_FUTURE for Linux 6.12: build, boot and test harness.
#
#   make          build everything and boot the demo in QEMU
#   make check    build what is missing and run the QEMU and host suites
#   make check-matrix  the suites on every configuration and architecture
#   make ci       the suites on CI_CONFIGS, host cases, check-series (CI)
#   make ci-full  check-matrix, check-series and check-bisect
#   make bench    the series' cost against the unpatched kernel
#   make audit    build scripts/gpl-future-audit (make install PREFIX=...)
#   make fuzz     fuzz its parser for FUZZ_TIME seconds (libFuzzer, clang)
#   make audit-scale  time it on every module of a Debian 6.12 kernel
#
# All output lives under build/.  Stamps make a second run cheap: the
# tree is re-patched only when series or patches/ change, and the kernel
# is rebuilt (incrementally, through ccache) only after that.

TOP	:= $(CURDIR)
B	:= $(TOP)/build
SRC	:= $(B)/linux
CONFIGS	:= modversions nomodversions
DEMO	:= modversions
JOBS	:= $(shell nproc)
PATCHES	:= $(addprefix patches/,$(shell sed -n 's/^\([^#][^ ]*\).*/\1/p' series))
KO_MANGLE := $(B)/tools/ko-mangle
# A configuration builds for x86_64 unless it is named after another
# architecture; tests/config/arch/ARCH.config holds what that needs.
arch	= $(or $(filter i386 arm64,$(1)),x86_64)
cross	= $(if $(filter arm64,$(call arch,$(1))),aarch64-linux-gnu-)
kcc	= ccache $(call cross,$(1))gcc
kimage	= $(if $(filter arm64,$(call arch,$(1))),arch/arm64/boot/Image,arch/x86/boot/bzImage)
kenv	= $(if $(filter-out x86_64,$(call arch,$(1))),ARCH=$(call arch,$(1)) CROSS_COMPILE=$(call cross,$(1)))
KMAKE	= $(MAKE) -s -C $(SRC) O=$(B)/$(1)/obj $(call kenv,$(1)) CC="$(call kcc,$(1))" -j$(JOBS)
# In a recipe: $(3) if configuration $(1) has $(2)=y, else $(4).
if_kconfig = $$(grep -q '^$(2)=y' $(B)/$(1)/obj/.config && echo $(3) || echo $(4))
NOLIBC	:= $(SRC)/tools/include/nolibc
SUITES	:= $(filter-out demo reports,$(patsubst tests/suite/%.t,%,$(wildcard tests/suite/*.t)))
ktaps	= $(foreach c,$(1),$(foreach s,$(SUITES),$(B)/$(c)/$(s).ktap))
KTAPS	:= $(call ktaps,$(CONFIGS))
# make ci also boots every suite on the debug kernel (KASAN, lockdep,
# DEBUG_ATOMIC_SLEEP, kmemleak, fault injection; relocatable, KASLR):
# about 6 minutes more when cold.
CI_CONFIGS := $(CONFIGS) debug

export CCACHE_DIR ?= $(HOME)/.cache/ccache
# Hash paths relative to the project so every clone shares the cache.
export CCACHE_BASEDIR := $(TOP)
export CCACHE_NOHASHDIR := true
export KBUILD_BUILD_USER := gpl-future
export KBUILD_BUILD_HOST := harness

.PHONY: all demo check check-ktaps check-series check-bisect check-matrix matrix-ktaps ci ci-full bench build deps clean FORCE
.PHONY: audit install fuzz audit-scale
.SECONDARY:
.PRECIOUS: $(B)/%.ktap
.DELETE_ON_ERROR:

all: demo

deps: $(B)/deps.stamp
$(B)/deps.stamp: scripts/install-deps.sh
	@mkdir -p $(B)
	sh scripts/install-deps.sh
	@touch $@

$(B)/applied.stamp: series $(PATCHES) scripts/prepare-tree.sh | $(B)/deps.stamp
	sh scripts/prepare-tree.sh $(SRC) $(TOP)/series $(TOP)/patches
	@touch $@

CONFIG_FRAGS = tests/config/base.config tests/config/gpl-future.config \
	tests/config/arch/$(call arch,$(1)).config tests/config/$(1).config
$(B)/%/obj/.config: $(B)/applied.stamp $(wildcard tests/config/*.config tests/config/arch/*.config) scripts/configure.sh
	$(call kenv,$*) KCC='$(call kcc,$*)' sh scripts/configure.sh $(SRC) $(B)/$*/obj $(call CONFIG_FRAGS,$*)
	@touch $@

# build/CONFIG/image is the kernel QEMU boots, whatever its architecture.
$(B)/%/kernel.stamp: $(B)/%/obj/.config
	@echo "  BUILD   kernel ($*)"
	@sh scripts/logged.sh $(B)/$*/kernel.log $(call KMAKE,$*) $(notdir $(call kimage,$*)) \
		$(call if_kconfig,$*,CONFIG_MODULES,modules)
	@ln -sf obj/$(call kimage,$*) $(B)/$*/image
	@touch $@

$(B)/%/modules.stamp: $(B)/%/kernel.stamp $(wildcard tests/modules/*) scripts/gen-many-imports.sh scripts/gen-exporter.sh scripts/rewrite-modinfo.sh scripts/break-crc.sh $(KO_MANGLE) scripts/mangle-modules.sh
	@echo "  BUILD   test modules ($*)"
	@rm -rf $(B)/$*/mods && mkdir -p $(B)/$*/mods && cp tests/modules/* $(B)/$*/mods/
	@sh scripts/gen-many-imports.sh 500 $(B)/$*/mods
	@sh scripts/logged.sh $(B)/$*/modules.log $(call KMAKE,$*) M=$(B)/$*/mods modules \
		$(call if_kconfig,$*,CONFIG_TRIM_UNUSED_KSYMS,KBUILD_MODPOST_WARN=1)
	@sh scripts/rewrite-modinfo.sh license 'GPL\0xxxxxxx' Proprietary $(B)/$*/mods/*_bypass.ko
	@sh scripts/rewrite-modinfo.sh import_ns TEST_GPL_FUTURE NOT_IMPORTED_NS $(B)/$*/mods/gplf_ns_noimport.ko
	@sh scripts/break-crc.sh $(B)/$*/mods/gplf_badcrc.ko test_gpl_future_add
	@sh scripts/mangle-modules.sh $(KO_MANGLE) $(B)/$*/mods
	@touch $@

# The trim configuration's whitelist: what the test modules import, but
# test_gpl_future_ns_id (tests/config/trim.config).  Its users then get
# modpost's "undefined!", a warning there (KBUILD_MODPOST_WARN above), so
# the guest can show the loader refusing them too.
$(B)/trim/kernel.stamp: $(B)/trim/obj/ksyms.whitelist
$(B)/trim/obj/ksyms.whitelist: $(B)/nomodversions/modules.stamp $(B)/trim/obj/.config
	@nm -u $(B)/nomodversions/mods/*.ko | awk 'NF == 2 { print $$2 }' | sort -u | \
		grep -vx test_gpl_future_ns_id > $@

# Writes the broken exporters of tests/suite/malformed.t.
$(KO_MANGLE): tests/mangle/ko-mangle.c | $(B)/deps.stamp
	@mkdir -p $(@D)
	$(CC) -O2 -g -Wall -Wextra -Werror -std=gnu11 -o $@ $< -lelf

# The guest init, one per architecture (build/init-ARCH), with nolibc and
# the tree's own UAPI headers: no libc or headers for ARCH needed.
init_of	= $(B)/init-$(call arch,$(1))
init_cc	= $(call cross,$(1))gcc$(if $(filter i386,$(1)), -m32)
$(B)/hdr-%.stamp: $(B)/applied.stamp
	@$(MAKE) -s -C $(SRC) O=$(B)/hdr-$* ARCH=$* headers
	@touch $@
$(B)/init-%: tests/init/init.c $(B)/hdr-%.stamp
	$(call init_cc,$*) -Os -static -nostdlib -fno-stack-protector \
		-fno-asynchronous-unwind-tables -Wall -Wextra -Werror \
		-include $(NOLIBC)/nolibc.h -I $(NOLIBC) -I $(B)/hdr-$*/usr/include \
		-o $@ $< -lgcc

.SECONDEXPANSION:
$(B)/%/initramfs.cpio.gz: $$(call init_of,$$*) $(B)/%/modules.stamp $(wildcard tests/suite/*.t) scripts/mkinitramfs.sh
	sh scripts/mkinitramfs.sh $(B)/$*/obj $(call init_of,$*) $(B)/$*/mods tests/suite $@

build: $(foreach c,$(CONFIGS),$(B)/$(c)/initramfs.cpio.gz)

# One boot per configuration and suite; each leaves a KTAP log.  A suite
# line "# cmdline: ..." adds kernel parameters for its boot, "# timeout: S"
# allows it S seconds instead of 180.  A kernel that cannot unload
# modules boots once per case (scripts/qemu-per-case.sh).
suite_opt = $$(sed -n 's/^\# $(1): //p' tests/suite/$(lastword $(subst /, ,$(2))).t)
boot_script = $(call if_kconfig,$(1),CONFIG_MODULE_UNLOAD,scripts/qemu-run.sh,scripts/qemu-per-case.sh)
$(B)/%.ktap: FORCE
	@GUEST_CMDLINE="$(call suite_opt,cmdline,$*) $${GUEST_CMDLINE:-}" \
		GUEST_TIMEOUT="$${GUEST_TIMEOUT:-$(call suite_opt,timeout,$*)}" \
		sh $(call boot_script,$(firstword $(subst /, ,$*))) $(B)/$(firstword $(subst /, ,$*))/image \
		$(B)/$(firstword $(subst /, ,$*))/initramfs.cpio.gz $(lastword $(subst /, ,$*)) $@

# gpl-future-audit: a host tool, built without the kernel tree.  The
# sanitizer build is what the tests feed broken files to.
AUDIT_DIR	:= scripts/gpl-future-audit
AUDIT_SRCS	:= $(filter-out $(AUDIT_DIR)/fuzz.c,$(wildcard $(AUDIT_DIR)/*.c))
AUDIT		:= $(B)/tools/gpl-future-audit
AUDIT_CFLAGS	?= -O2 -g -Wall -Wextra -Wno-unused-parameter -Werror -std=gnu11
AUDIT_LIBS	:= -lelf -llzma -lzstd -pthread
SANITIZE	:= -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
PREFIX		?= /usr/local
FUZZ_TIME	?= 120

audit: $(AUDIT)
$(AUDIT): $(AUDIT_SRCS) $(AUDIT_DIR)/audit.h
	@mkdir -p $(@D)
	$(CC) $(AUDIT_CFLAGS) -o $@ $(AUDIT_SRCS) $(AUDIT_LIBS)

$(B)/tools/asan/gpl-future-audit: $(AUDIT_SRCS) $(AUDIT_DIR)/audit.h
	@mkdir -p $(@D)
	$(CC) $(AUDIT_CFLAGS) -O1 $(SANITIZE) -o $@ $(AUDIT_SRCS) $(AUDIT_LIBS)

install: $(AUDIT)
	install -D -m 0755 $(AUDIT) $(DESTDIR)$(PREFIX)/bin/gpl-future-audit

# The seed corpus: the test modules, plain and packed.
fuzz: $(B)/modversions/modules.stamp
	@sh scripts/install-deps.sh clang libclang-rt-14-dev
	@mkdir -p $(B)/fuzz/corpus
	clang -g -O1 -fsanitize=fuzzer $(SANITIZE) -o $(B)/fuzz/fuzz-audit \
		$(AUDIT_DIR)/fuzz.c $(filter-out $(AUDIT_DIR)/main.c,$(AUDIT_SRCS)) $(AUDIT_LIBS)
	@for ko in $(B)/modversions/mods/*.ko; do n=$$(basename $$ko); \
		cp $$ko $(B)/fuzz/corpus/$$n; xz -c $$ko > $(B)/fuzz/corpus/$$n.xz; \
		zstd -q -f -c $$ko > $(B)/fuzz/corpus/$$n.zst; done
	cd $(B)/fuzz && ./fuzz-audit -max_total_time=$(FUZZ_TIME) -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 corpus

audit-scale: $(AUDIT)
	@sh scripts/audit-scale.sh $(AUDIT) $(B)/debkernel

HOST_KTAPS := $(B)/host.ktap $(B)/tools.ktap $(B)/audit.ktap
CHECK_KTAPS := $(HOST_KTAPS) $(KTAPS)
SERIES_KTAPS := $(B)/series.ktap $(B)/bisect.ktap
REPORT := sh scripts/ktap-report.sh
# check-bisect builds every step; BISECT_FROM=N starts at patch N.
BISECT_FROM ?= 0

# Each producer writes a KTAP file; ktap-report.sh judges them all, so a
# producer that dies early shows up as missing or truncated results.
check-ktaps: build $(AUDIT) $(B)/tools/asan/gpl-future-audit
	@rm -f $(CHECK_KTAPS)
	@for k in $(KTAPS); do $(MAKE) -s $$k || :; done
	@CONFIGS="$(CONFIGS)" sh scripts/host-tests.sh $(B) > $(B)/host.ktap
	@sh scripts/tool-tests.sh $(SRC) > $(B)/tools.ktap
	@sh scripts/audit-tests.sh $(B) $(AUDIT) $(B)/tools/asan/gpl-future-audit > $(B)/audit.ktap

$(B)/series.ktap: FORCE | $(B)/deps.stamp
	@echo "  CHECK   series: git am, quilt, format, checkpatch"
	@sh scripts/check-series.sh $(B)/series/git series patches tests/series/checkpatch.expected > $@

$(B)/bisect.ktap: $(B)/$(DEMO)/obj/.config $(B)/init-x86_64 FORCE
	@echo "  CHECK   bisect: build and boot each step from patch $(BISECT_FROM)"
	@mkdir -p $(B)/bisect
	@sh scripts/check-bisect.sh $(B)/series/git series patches $(B)/$(DEMO)/obj/.config \
		$(B)/init-x86_64 $(B)/bisect $(BISECT_FROM) > $@

check: check-ktaps
	@$(REPORT) $(CHECK_KTAPS)

check-series: $(B)/series.ktap
	@$(REPORT) $^

check-bisect: $(B)/bisect.ktap
	@$(REPORT) $^

# What CI runs, within the hour on a new machine (empty ccache): the
# suites on CI_CONFIGS, the host cases and the series review.  A
# producer that fails still lets the others run; the report counts what
# it left missing as failed.
ci:
	@$(MAKE) -s check-ktaps CONFIGS="$(CI_CONFIGS)" || :
	@$(MAKE) -s $(B)/series.ktap || :
	@$(REPORT) $(HOST_KTAPS) $(call ktaps,$(CI_CONFIGS)) $(B)/series.ktap

# Everything, run before an issue is resolved: the whole matrix, the
# series review and the bisect.  The two series producers share
# build/series/git, so they run one after the other.
ci-full:
	@$(MAKE) -s matrix-ktaps || :
	@$(MAKE) -s $(B)/series.ktap || :
	@$(MAKE) -s $(B)/bisect.ktap || :
	@$(REPORT) $(MATRIX_KTAPS) $(SERIES_KTAPS)

# The matrix a distribution builds: CI_CONFIGS plus TRIM_UNUSED_KSYMS,
# MODULE_UNLOAD=n, i386 and arm64, every suite booted on each; MODULES=n
# is built and checked, not booted.  The host cases run once, on
# CI_CONFIGS.  Cells that fail to build leave no KTAP: the report
# counts them as failed.
MATRIX := $(CI_CONFIGS) trim nounload i386 arm64
MATRIX_EXTRA := $(filter-out $(CI_CONFIGS),$(MATRIX))
MATRIX_KTAPS = $(HOST_KTAPS) $(call ktaps,$(MATRIX)) $(B)/nomodules.ktap
MATRIX_DEPS := gcc-aarch64-linux-gnu qemu-system-arm lib32gcc-12-dev

$(B)/matrix-deps.stamp: scripts/install-deps.sh | $(B)/deps.stamp
	@sh scripts/install-deps.sh $(MATRIX_DEPS)
	@touch $@

$(B)/nomodules.ktap: $(B)/nomodules/kernel.stamp scripts/nomodules-tests.sh
	@sh scripts/nomodules-tests.sh $(B)/nomodules/obj > $@

matrix-ktaps: $(B)/matrix-deps.stamp
	@rm -f $(call ktaps,$(MATRIX_EXTRA)) $(B)/nomodules.ktap
	@$(MAKE) -s check-ktaps CONFIGS="$(CI_CONFIGS)" || :
	@for c in $(MATRIX_EXTRA); do $(MAKE) -s $(B)/$$c/initramfs.cpio.gz || :; done
	@for k in $(call ktaps,$(MATRIX_EXTRA)); do $(MAKE) -s $$k || :; done
	@$(MAKE) -s $(B)/nomodules.ktap || :

check-matrix: matrix-ktaps
	@$(REPORT) $(MATRIX_KTAPS)

# What the series costs, patched vs pristine (Documentation/benchmarks.md).
# Several minutes, so not part of ci.
BENCH_ROUNDS ?= 3
bench: $(B)/$(DEMO)/kernel.stamp $(B)/init-x86_64
	@sh scripts/bench.sh $(B) $(B)/init-x86_64 $(BENCH_ROUNDS) 500

demo: $(B)/$(DEMO)/initramfs.cpio.gz
	@sh scripts/qemu-run.sh --show $(B)/$(DEMO)/image \
		$(B)/$(DEMO)/initramfs.cpio.gz demo $(B)/$(DEMO)/demo.ktap

clean:
	rm -rf $(B)

FORCE:
