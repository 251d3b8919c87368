# EXPORT_SYMBOL_GPL_FUTURE for Linux 6.12: build, boot and test harness.
#
#   make          build everything and boot the demo in QEMU
#   make check    build what is missing and run the whole suite
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
KCC	:= ccache gcc
KMAKE	= $(MAKE) -s -C $(SRC) O=$(B)/$(1)/obj CC="$(KCC)" -j$(JOBS)
NOLIBC	:= $(SRC)/tools/include/nolibc
SUITES	:= $(filter-out demo,$(patsubst tests/suite/%.t,%,$(wildcard tests/suite/*.t)))
KTAPS	:= $(foreach c,$(CONFIGS),$(foreach s,$(SUITES),$(B)/$(c)/$(s).ktap))

export CCACHE_DIR ?= $(HOME)/.cache/ccache
# Hash paths relative to the project so every clone shares the cache.
export CCACHE_BASEDIR := $(TOP)
export CCACHE_NOHASHDIR := true
export KBUILD_BUILD_USER := gpl-future
export KBUILD_BUILD_HOST := harness

.PHONY: all demo check build deps clean FORCE
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

$(B)/%/obj/.config: $(B)/applied.stamp tests/config/base.config tests/config/gpl-future.config tests/config/%.config scripts/configure.sh
	KCC='$(KCC)' sh scripts/configure.sh $(SRC) $(B)/$*/obj \
		tests/config/base.config tests/config/gpl-future.config tests/config/$*.config
	@touch $@

$(B)/%/kernel.stamp: $(B)/%/obj/.config
	@echo "  BUILD   kernel ($*)"
	@sh scripts/logged.sh $(B)/$*/kernel.log $(call KMAKE,$*) bzImage modules
	@touch $@

$(B)/%/modules.stamp: $(B)/%/kernel.stamp $(wildcard tests/modules/*) scripts/gen-many-imports.sh scripts/rewrite-modinfo.sh scripts/break-crc.sh
	@echo "  BUILD   test modules ($*)"
	@rm -rf $(B)/$*/mods && mkdir -p $(B)/$*/mods && cp tests/modules/* $(B)/$*/mods/
	@sh scripts/gen-many-imports.sh 500 $(B)/$*/mods
	@sh scripts/logged.sh $(B)/$*/modules.log $(call KMAKE,$*) M=$(B)/$*/mods modules
	@sh scripts/rewrite-modinfo.sh license 'GPL\0xxxxxxx' Proprietary $(B)/$*/mods/*_bypass.ko
	@sh scripts/rewrite-modinfo.sh import_ns TEST_GPL_FUTURE NOT_IMPORTED_NS $(B)/$*/mods/gplf_ns_noimport.ko
	@sh scripts/break-crc.sh $(B)/$*/mods/gplf_badcrc.ko test_gpl_future_add
	@touch $@

$(B)/init: tests/init/init.c $(B)/applied.stamp
	gcc -Os -static -nostdlib -fno-stack-protector -fno-asynchronous-unwind-tables \
		-Wall -Wextra -Werror -include $(NOLIBC)/nolibc.h -I $(NOLIBC) \
		-o $@ $< -lgcc

$(B)/%/initramfs.cpio.gz: $(B)/init $(B)/%/modules.stamp $(wildcard tests/suite/*.t) scripts/mkinitramfs.sh
	sh scripts/mkinitramfs.sh $(B)/$*/obj $(B)/init $(B)/$*/mods tests/suite $@

build: $(foreach c,$(CONFIGS),$(B)/$(c)/initramfs.cpio.gz)

# One boot per configuration and suite; each leaves a KTAP log.
$(B)/%.ktap: FORCE
	@sh scripts/qemu-run.sh $(B)/$(firstword $(subst /, ,$*))/obj/arch/x86/boot/bzImage \
		$(B)/$(firstword $(subst /, ,$*))/initramfs.cpio.gz $(lastword $(subst /, ,$*)) $@

check: build
	@rm -f $(KTAPS)
	@status=0; \
	for k in $(KTAPS); do $(MAKE) -s $$k || status=1; done; \
	sh scripts/host-tests.sh $(B) > $(B)/host.ktap || status=1; \
	sh scripts/tool-tests.sh $(SRC) > $(B)/tools.ktap || status=1; \
	sh scripts/ktap-report.sh $(B)/host.ktap $(B)/tools.ktap $(KTAPS) || status=1; \
	exit $$status

demo: $(B)/$(DEMO)/initramfs.cpio.gz
	@sh scripts/qemu-run.sh --show $(B)/$(DEMO)/obj/arch/x86/boot/bzImage \
		$(B)/$(DEMO)/initramfs.cpio.gz demo $(B)/$(DEMO)/demo.ktap

clean:
	rm -rf $(B)

FORCE:
