# EXPORT_SYMBOL_GPL_FUTURE: build, boot and test harness.
#
#   make          build everything and boot the demo in QEMU
#   make check    build what is missing and run the QEMU and host suites
#   make check-matrix  the suites on every cell of the base's record
#   make check-real  Debian's non-free modules, marked for (tests/real/)
#   make check-selftests  the kernel's module selftests, patched and pristine
#   make check-distro  a distribution's kernel: packages, DKMS, kmod
#   make ci       make check at full length, check-series and
#                 check-distro's quick part (CI, within the hour cold),
#                 on every base
#   make ci-full  check-matrix, check-series, check-bisect,
#                 check-layout and check-forecast, on every base
#   make check-layout  struct module's size and the series' fields in it,
#                 pristine and patched, per cell (tests/layout/)
#   make bench    the series' cost against the unpatched kernel
#   make audit    build scripts/gpl-future-audit (make install PREFIX=...)
#   make fuzz     fuzz its parser for FUZZ_TIME seconds (libFuzzer, clang)
#   make fuzz-guest  load N mutant modules in the guest (SEED, ONLY=I)
#   make audit-scale  time it on every module of a Debian 6.12 kernel
#   make impact SYMBOLS=FILE  who marking FILE's symbols would warn
#
# BASE=<base> (tests/bases/<base>, default 6.12) picks the kernel and its
# series.  The harness's facts are records, not code: tests/bases/ (where
# a kernel comes from, its series), tests/arch/ (cross prefix, image,
# QEMU), tests/cells/ (architecture, kconfig, how it boots).  This file
# only builds; scripts/harness/run-suites.sh boots.
#
# All output lives under build/BASE/.  Make decides what is stale: the
# tree is re-checked-out only when the series changes, a kernel rebuilt
# (incrementally, through ccache) only after that, and a suite re-booted
# only when its kernel, initramfs or suite changed, or when its last
# boot did not complete.

# field = "# KEY: VALUE" of a record (scripts/harness/field.sh).
field	= $(shell sh scripts/harness/field.sh $(1) $(2))
TOP	:= $(CURDIR)
B	:= $(TOP)/build
# The scripts make git worktrees under it: a path relative to here would
# be taken relative to the repository.
override B := $(abspath $(B))
# Where run-suites.sh keeps its answer to "does KVM work here?", for
# every boot of this build directory, whoever starts it.
export ACCEL_CACHE := $(B)/accel
BASE	?= 6.12
BB	:= $(B)/$(BASE)
SRC	:= $(BB)/linux
DEMO	:= modversions
PATCHES	:= $(shell sh scripts/harness/series.sh $(BASE))
SERIES	:= tests/bases/$(BASE) $(PATCHES) \
	$(call field,tests/bases/$(BASE),series) \
	$(wildcard $(call field,tests/bases/$(BASE),patches)/*/0000-* \
		$(call field,tests/bases/$(BASE),patches)/*/series)
# What every kernel of the base is configured with: the common fragments,
# then the base's own (its record's "config:", for options only its series
# has).
BASE_CONFIG := tests/config/base.config tests/config/gpl-future.config \
	$(call field,tests/bases/$(BASE),config)
KO_MANGLE := $(B)/tools/ko-mangle
KO_FUZZ	:= $(B)/tools/ko-fuzz

# The records.
CELLS	:= $(patsubst tests/cells/%.config,%,$(wildcard tests/cells/*.config))
ARCHS	:= $(patsubst tests/arch/%.config,%,$(wildcard tests/arch/*.config))
$(foreach c,$(CELLS),$(eval arch.$(c) := $(call field,tests/cells/$(c).config,arch)))
$(foreach c,$(CELLS),$(eval boot.$(c) := $(call field,tests/cells/$(c).config,boot)))
$(foreach c,$(CELLS),$(eval kselftests.$(c) := $(call field,tests/cells/$(c).config,kselftests)))
$(foreach c,$(CELLS),$(eval packages.cell.$(c) := $(call field,tests/cells/$(c).config,packages)))
$(foreach a,$(ARCHS),$(eval image.$(a) := $(call field,tests/arch/$(a).config,image)))
$(foreach a,$(ARCHS),$(eval cross.$(a) := $(call field,tests/arch/$(a).config,cross)))
$(foreach a,$(ARCHS),$(eval cflags.$(a) := $(call field,tests/arch/$(a).config,cflags)))
$(foreach a,$(ARCHS),$(eval packages.$(a) := $(call field,tests/arch/$(a).config,packages)))
# The busybox binary of an architecture whose record names one.
$(foreach a,$(ARCHS),$(eval busybox.$(a) := \
	$(if $(call field,tests/arch/$(a).config,busybox),$(B)/busybox-$(a)/bin/busybox)))
KMAKE	= sh scripts/harness/kmake.sh $(arch.$(1)) $(SRC) $(BB)/$(1)/obj
# For a recipe building external modules for cell $(1): a
# TRIM_UNUSED_KSYMS kernel lacks exports they bind, so modpost only
# warns there (the suites skip what needs those exports).
modpost_warn = $$(grep -q '^CONFIG_TRIM_UNUSED_KSYMS=y' $(BB)/$(1)/obj/.config && echo KBUILD_MODPOST_WARN=1)

# make check: the quick loop, on two cells, the stress suite at 100
# cycles.  make ci: the same cells at full length.  ci-full: the cells
# of the base's record.  Set from the goal (CHECK_GOAL: the top level's,
# exported; make ci and ci-full name theirs to the sub-make of each base)
# and the base's record when the Makefile is read, so that every level
# of make sees the same values (they are inputs of documents: BB/VAR.var
# below).
ifeq ($(MAKELEVEL)$(filter command line,$(origin CHECK_GOAL)),0)
CHECK_GOAL := $(firstword $(filter ci ci-full check-matrix,$(MAKECMDGOALS)))
endif
export CHECK_GOAL
CHECK_CELLS := modversions nomodversions
# The cells a base's series is tested on: its record's "cells:", else
# every cell.
MATRIX	:= $(or $(call field,tests/bases/$(BASE),cells),$(CELLS))
$(if $(filter-out $(CELLS),$(MATRIX)),$(error tests/bases/$(BASE): no such cell: $(filter-out $(CELLS),$(MATRIX))))
ifeq ($(CHECK_GOAL),ci)
# make ci must fit the hour on a new machine (2 cores, empty ccache):
# each base's two kernels, its series review and its suites take 17 to
# 20 minutes there (55 for the three bases, packages installed too,
# measured cold; a slower machine of the kind took 46.6 for two).
# Every other cell is ci-full's: the debug kernel (a third kernel, 20
# minutes to build and boot each base), real (two more kernels,
# Debian's nvidia and wl fetched and built) and the rest.
CELLS_RUN ?= $(CHECK_CELLS)
STRESS_CYCLES ?= 1000
# distro-guide: the part of make check-distro that fits, on a base with
# the distro cell.
CHECK_EXTRA ?= series $(if $(filter distro,$(MATRIX)),distro-guide)
endif
ifneq ($(filter ci-full check-matrix,$(CHECK_GOAL)),)
CELLS_RUN ?= $(MATRIX)
STRESS_CYCLES ?= 1000
endif
ifeq ($(CHECK_GOAL),ci-full)
# A base without the distro cell (6.1) still runs the guide's Debian
# snippets on its own series and Module.symvers.
CHECK_EXTRA ?= series bisect layout $(if $(filter distro,$(CELLS_RUN)),,distro-guide) \
	       $(if $(call field,tests/bases/$(BASE),forecast),forecast)
endif
CELLS_RUN ?= $(CHECK_CELLS)
STRESS_CYCLES ?= 100
# check-bisect builds every step; BISECT_FROM=N starts at patch N.
BISECT_FROM ?= 0
# The host cases check the check cells, and the debug cell when this run
# builds it (its checkers, its relocatable kernel).
HOST_CELLS := $(sort $(CHECK_CELLS) $(filter debug,$(CELLS_RUN)))
# A variable that changes what a document says is one of its inputs:
# BB/VAR.var holds its value, rewritten (when the Makefile is read) only
# when the value changes.
VARS	:= STRESS_CYCLES HOST_CELLS BISECT_FROM
# Not in a sub-make that only builds another base's init (INIT_ONLY): its
# variables are this run's, not that base's documents'.
$(if $(INIT_ONLY),,$(foreach v,$(VARS),$(shell mkdir -p $(BB) && echo '$($(v))' | cmp -s - $(BB)/$(v).var || \
	echo '$($(v))' > $(BB)/$(v).var)))
SUITES	:= $(filter-out demo reports bench selftests distro,$(patsubst tests/suite/%.t,%,$(wildcard tests/suite/*.t)))
# The KTAP documents a cell leaves: one per suite, or one per check of
# its record (scripts/checks/NAME-tests.sh) for a cell that does not boot.
cell_ktaps = $(if $(filter none,$(boot.$(1))),\
	$(foreach k,$(call field,tests/cells/$(1).config,checks),$(BB)/$(1)/$(k)-tests.ktap),\
	$(foreach s,$(SUITES),$(BB)/$(1)/$(s).ktap))
ktaps	= $(foreach c,$(1),$(call cell_ktaps,$(c)))
HOST_KTAPS := $(BB)/host.ktap $(BB)/tools.ktap $(BB)/audit.ktap $(BB)/audit-asan.ktap \
	      $(BB)/mark.ktap
REPORT	:= sh scripts/harness/ktap-report.sh

export CCACHE_DIR ?= $(HOME)/.cache/ccache
# Hash paths relative to the project so every clone shares the cache.
export CCACHE_BASEDIR := $(TOP)
export CCACHE_NOHASHDIR := true
export KBUILD_BUILD_USER := gpl-future
export KBUILD_BUILD_HOST := harness

.PHONY: all demo check test check-series check-layout check-bisect check-real check-selftests check-distro
.PHONY: check-forecast edit export
.PHONY: check-matrix ci ci-full check-documents
.PHONY: bench build deps clean audit install fuzz fuzz-guest audit-scale impact FORCE
.SECONDARY:
.DELETE_ON_ERROR:

all: demo

deps: $(B)/deps.stamp
$(B)/deps.stamp: scripts/harness/install-deps.sh
	@mkdir -p $(B)
	sh scripts/harness/install-deps.sh
	@touch $@

# The packages an architecture needs beyond deps (cross compiler, QEMU).
$(B)/deps-%.stamp: tests/arch/%.config | $(B)/deps.stamp
	@sh scripts/harness/install-deps.sh $(packages.$*)
	@touch $@
# And a cell whose record names some (the distro cell's pahole: Kconfig
# reads its version when configuring).
$(B)/deps-cell-%.stamp: tests/cells/%.config | $(B)/deps.stamp
	@sh scripts/harness/install-deps.sh $(packages.cell.$*)
	@touch $@

# The patched tree: a worktree of the base's pristine repository.
$(BB)/tree.stamp: $(SERIES) scripts/harness/tree.sh scripts/harness/series.sh \
		scripts/harness/get-source.sh | $(B)/deps.stamp
	@mkdir -p $(BB)
	@sh scripts/harness/tree.sh $(BASE) $(B) $(SRC) >/dev/null
	@touch $@

# The own configs of cell $(2)'s "kselftests:" that tree $(1) has, as
# "make kselftest-merge" merges them (a base may lack a selftest).
kselftest_configs = $$(for t in $(kselftests.$(2)); do \
	[ ! -d $(1)/tools/testing/selftests/$$t ] || echo $(1)/tools/testing/selftests/$$t/config; done)

# What configuring reads of the tree: the Kconfig files, kconfig itself,
# the config fragments (tinyconfig's, the kselftests') and the top
# Makefile, as the blobs of the tree's commit: an edit of a patch that
# changes none of them configures nothing again.
$(BB)/kconfig-inputs.sum: $(BB)/tree.stamp scripts/harness/write-if-changed.sh
	@git -C $(SRC) ls-tree -r HEAD | awk '{ p = $$4 } p ~ /(^|\/)Kconfig[^\/]*$$/ || \
		p ~ /^scripts\/kconfig\// || p ~ /\/configs\// || p == "Makefile" || \
		p ~ /^tools\/testing\/selftests\/[^\/]+\/config$$/' | \
		sh scripts/harness/write-if-changed.sh $@

.SECONDEXPANSION:
$(BB)/%/obj/.config: $(BB)/kconfig-inputs.sum $(BASE_CONFIG) \
		tests/cells/%.config $$(wildcard tests/cells/$$(BASE)/$$*.config) \
		$$(addprefix tests/arch/,$$(arch.$$*).config) \
		scripts/harness/configure.sh | $$(B)/deps-$$(arch.$$*).stamp \
		$$(if $$(packages.cell.$$*),$$(B)/deps-cell-$$*.stamp)
	@sh scripts/harness/configure.sh $(arch.$*) $(SRC) $(BB)/$*/obj \
		$(BASE_CONFIG) tests/arch/$(arch.$*).config tests/cells/$*.config \
		$(wildcard tests/cells/$(BASE)/$*.config) $(call kselftest_configs,$(SRC),$*)
	@touch $@

$(BB)/%/kernel.stamp: $(BB)/%/obj/.config $(BB)/tree.stamp
	@echo "  BUILD   kernel ($(BASE)/$*)"
	@sh scripts/harness/logged.sh $(BB)/$*/kernel.log $(call KMAKE,$*) \
		$(notdir $(image.$(arch.$*))) \
		$$(grep -q '^CONFIG_MODULES=y' $(BB)/$*/obj/.config && echo modules)
	@touch $@

# The second check cell's kernel after the first's, when a run builds
# both: it then finds most of the first one's objects in ccache (the
# same sources and flags; only the configuration differs), where two
# builds side by side from an empty cache both compile everything.
ifneq ($(filter modversions,$(CELLS_RUN)),)
$(BB)/nomodversions/kernel.stamp: | $(BB)/modversions/kernel.stamp
endif

# The test modules: sources copied when they differ (kbuild then rebuilds
# only what changed), modpost rerun every time (its warnings are checked),
# then the copies the suites load, some rewritten or broken on purpose.
$(B)/gen/gplf_many_user.c: scripts/testmods/gen-many-imports.sh scripts/testmods/gen-exporter.sh
	@mkdir -p $(@D)
	@sh scripts/testmods/gen-many-imports.sh 500 $(@D)

$(B)/gen/gplf_many_syms_tab.S: scripts/testmods/gen-many-syms.sh
	@mkdir -p $(@D)
	@sh scripts/testmods/gen-many-syms.sh 16384 $(@D)

$(BB)/%/modules.stamp: $(BB)/%/kernel.stamp $(wildcard tests/modules/*) $(B)/gen/gplf_many_user.c \
		$(B)/gen/gplf_many_syms_tab.S \
		$(wildcard scripts/testmods/*.sh) $(KO_MANGLE) $(KO_FUZZ)
	@echo "  BUILD   test modules ($(BASE)/$*)"
	@mkdir -p $(BB)/$*/modsrc
	@for f in tests/modules/* $(B)/gen/*; do \
		cmp -s $$f $(BB)/$*/modsrc/$${f##*/} || cp $$f $(BB)/$*/modsrc/; done
	@rm -f $(BB)/$*/modsrc/Module.symvers
	@sh scripts/harness/logged.sh $(BB)/$*/modules.log $(call KMAKE,$*) M=$(BB)/$*/modsrc modules \
		$(call modpost_warn,$*)
	@rm -rf $(BB)/$*/mods && mkdir -p $(BB)/$*/mods
	@cp $(BB)/$*/modsrc/*.ko $(BB)/$*/modsrc/Module.symvers $(BB)/$*/mods/
	@sh scripts/testmods/rewrite-modinfo.sh license 'GPL v2' NVIDIA $(BB)/$*/mods/*_bypass.ko
	@sh scripts/testmods/rewrite-modinfo.sh import_ns TEST_GPL_FUTURE NOT_IMPORTED_NS $(BB)/$*/mods/gplf_ns_noimport.ko
	@sh scripts/testmods/break-crc.sh $(BB)/$*/mods/gplf_badcrc.ko test_gpl_future_add
	@sh scripts/testmods/mangle-modules.sh $(KO_MANGLE) $(KO_FUZZ) $(BB)/$*/mods
	@touch $@

# The pristine tree, no patch applied, for what is compared with the
# patched one.
PRISTINE := $(BB)/pristine/src
$(BB)/pristine/tree.stamp: tests/bases/$(BASE) scripts/harness/tree.sh \
		scripts/harness/get-source.sh | $(B)/deps.stamp
	@sh scripts/harness/tree.sh $(BASE) $(B) $(PRISTINE) 0 >/dev/null
	@touch $@

# Cell %'s configuration on the pristine tree, prepared for external
# modules (make modules_prepare: the generated headers), nothing built.
$(BB)/%/pristine-obj.stamp: $(BB)/%/obj/.config $(BB)/pristine/tree.stamp
	@rm -rf $(BB)/$*/pristine-obj && mkdir -p $(BB)/$*/pristine-obj
	@cp $(BB)/$*/obj/.config $(BB)/$*/pristine-obj/.config
	@sh scripts/harness/logged.sh $(BB)/$*/pristine-obj.log sh scripts/harness/kmake.sh \
		$(arch.$*) $(PRISTINE) $(BB)/$*/pristine-obj olddefconfig modules_prepare
	@touch $@

# struct module in cell %, pristine and patched (tests/layout/).
$(BB)/%/layout.txt: $(BB)/%/pristine-obj.stamp $(BB)/%/kernel.stamp $(wildcard tests/layout/*) \
		scripts/harness/module-layout.sh
	@sh scripts/harness/module-layout.sh $(arch.$*) $(PRISTINE) $(BB)/$*/pristine-obj \
		$(BB)/$*/layout/pristine >/dev/null
	@sh scripts/harness/module-layout.sh $(arch.$*) $(SRC) $(BB)/$*/obj \
		$(BB)/$*/layout/patched >/dev/null
	@{ sed 's/^/pristine /' $(BB)/$*/layout/pristine/layout; \
	   sed 's/^/patched /' $(BB)/$*/layout/patched/layout; } > $@

# The booted cells of the run (those with modules), against the figures
# the cover letter states: make ci-full, or make check-layout.
LAYOUT_CELLS = $(foreach c,$(CELLS_RUN),$(if $(filter none,$(boot.$(c))),,$(c)))
LAYOUT_EXPECTED := tests/series/$(if $(filter 6.12,$(BASE)),,$(BASE)/)module-layout.expected
$(BB)/layout.ktap: $(foreach c,$(LAYOUT_CELLS),$(BB)/$(c)/layout.txt) $(LAYOUT_EXPECTED) \
		scripts/checks/layout-tests.sh scripts/harness/ktap-lib.sh
	@echo "  CHECK   struct module, pristine and patched ($(BASE): $(LAYOUT_CELLS))"
	@sh scripts/checks/layout-tests.sh $(BB) $(LAYOUT_EXPECTED) $(LAYOUT_CELLS) > $@

# A cell that trims unused exports (its record sets
# CONFIG_UNUSED_KSYMS_WHITELIST="ksyms.whitelist", tests/cells/trim.config)
# keeps what the test modules import, but test_gpl_future_ns_id.  Its
# users then get modpost's "undefined!", a warning there
# (KBUILD_MODPOST_WARN above), so the guest can show the loader refusing
# them too.
TRIM_CELLS := $(foreach c,$(CELLS),$(if $(shell grep -l '^CONFIG_UNUSED_KSYMS_WHITELIST=' tests/cells/$(c).config),$(c)))
$(foreach c,$(TRIM_CELLS),$(BB)/$(c)/kernel.stamp): $(BB)/%/kernel.stamp: $(BB)/%/obj/ksyms.whitelist
$(BB)/%/obj/ksyms.whitelist: $(BB)/nomodversions/modules.stamp $(BB)/%/obj/.config
	@nm -u $(BB)/nomodversions/modsrc/*.ko | awk 'NF == 2 { print $$2 }' | sort -u | \
		grep -vx test_gpl_future_ns_id > $@

# Writes the broken exporters of tests/suite/malformed.t.
$(KO_MANGLE): tests/mangle/ko-mangle.c tests/mangle/tool-fail.h | $(B)/deps.stamp
	@mkdir -p $(@D)
	$(CC) -O2 -g -Wall -Wextra -Werror -std=gnu11 -o $@ $< -lelf
# Writes a mutant of tests/suite/fuzz.t again, or a kept one anew.
$(KO_FUZZ): tests/mangle/ko-fuzz.c tests/mangle/ko-mutate.h tests/mangle/tool-fail.h | $(B)/deps.stamp
	@mkdir -p $(@D)
	$(CC) -O2 -g -Wall -Wextra -Werror -std=gnu11 -o $@ $<

# The guest init, one per architecture, with nolibc and the tree's own
# UAPI headers: no libc or headers for ARCH needed.  The x86_64 one also
# runs on the host: "init --cases SUITE" lists a suite's cases.
# A base whose nolibc lacks what the init uses names, as "init-base:",
# the base whose init it boots (UAPI headers are backward compatible).
NOLIBC	:= $(SRC)/tools/include/nolibc
INIT_BASE := $(or $(call field,tests/bases/$(BASE),init-base),$(BASE))
$(BB)/hdr-%.stamp: $(BB)/tree.stamp | $(B)/deps-%.stamp
	@sh scripts/harness/kmake.sh $* $(SRC) $(BB)/hdr-$* headers
	@touch $@
ifeq ($(INIT_BASE),$(BASE))
$(BB)/init-%: tests/init/init.c tests/mangle/ko-mutate.h $(BB)/hdr-%.stamp | $(B)/deps-%.stamp
	$(cross.$*)gcc $(cflags.$*) -Os -static -nostdlib -fno-stack-protector \
		-fno-asynchronous-unwind-tables -Wall -Wextra -Wno-unused-parameter -Werror \
		-include $(NOLIBC)/nolibc.h -I $(NOLIBC) -I $(BB)/hdr-$*/usr/include \
		-o $@ $< -lgcc
else
$(B)/$(INIT_BASE)/init-%: FORCE
	@$(MAKE) -s BASE=$(INIT_BASE) INIT_ONLY=1 $@
$(BB)/init-%: $(B)/$(INIT_BASE)/init-%
	@cp $< $@
endif

# BB/CELL/SUITE.cpio.gz: the initramfs of one suite; BB/CELL/image and
# BB/CELL/cell.config tell the runner what to boot and how.
# A suite's file: tests/suite/BASE/SUITE.t where the base's kernels really
# differ (the export tables malformed.t breaks), tests/suite/SUITE.t
# otherwise.
suite_file = $(firstword $(wildcard tests/suite/$(BASE)/$(1).t) tests/suite/$(1).t)
$(BB)/%.cpio.gz: $(BB)/init-$$(arch.$$(*D)) $(BB)/$$(*D)/modules.stamp $$(call suite_file,$$(*F)) \
		scripts/harness/boot-dir.sh
	@sh scripts/harness/boot-dir.sh $(BB)/$(*D) $(*D) $(call suite_file,$(*F)) \
		$(BB)/init-$(arch.$(*D)) $(BB)/$(*D)/mods

# The busybox of an architecture's record ("busybox:", a Debian package
# of the machine's release, fetched for that architecture: apt-fetch.sh).
HOST_SUITE := $(shell . /etc/os-release && echo $$VERSION_CODENAME)
$(B)/busybox-%/bin/busybox: tests/arch/%.config scripts/harness/apt-fetch.sh
	@sh scripts/harness/apt-fetch.sh $(B) $(HOST_SUITE) $(call field,$<,busybox) $(B)/busybox-$*
	@test -x $@ || { echo "$(call field,$<,busybox) has no /bin/busybox" >&2; exit 1; }
	@touch $@

# What tests/suite/kselftest.t ("# root: kselftest") adds to its guest.
$(BB)/%/kselftest.stamp: $(BB)/%/kernel.stamp scripts/harness/kselftest-root.sh \
		$$(addprefix tests/arch/,$$(arch.$$*).config) $$(busybox.$$(arch.$$*))
	@sh scripts/harness/kselftest-root.sh $(arch.$*) $(SRC) $(BB)/$* \
		"$(busybox.$(arch.$*))" $(call modpost_warn,$*)
	@touch $@
$(foreach c,$(CELLS),$(BB)/$(c)/kselftest.cpio.gz): $(BB)/%/kselftest.cpio.gz: $(BB)/%/kselftest.stamp

build: $(foreach c,$(CELLS_RUN),$(BB)/$(c)/smoke.cpio.gz)

# One boot per cell and suite, each leaving a KTAP document; the runner
# takes the rest from the records.  A boot that did not complete ends
# its document, as far as it got, with "Bail out!", which the report
# counts as a failure (and run, below, has made again); the recipe
# itself does not fail, which would make make delete the document.
# RUN_SUITES KTAP...: the runner as make check and make test call it.
RUN_SUITES = STRESS_CYCLES=$(STRESS_CYCLES) INIT_HOST=$(BB)/init-x86_64 sh scripts/harness/run-suites.sh
$(BB)/%.ktap: $(BB)/%.cpio.gz $(BB)/init-x86_64 scripts/harness/run-suites.sh
	@$(RUN_SUITES) $@ || :

$(foreach c,$(CELLS),$(BB)/$(c)/stress.ktap): $(BB)/STRESS_CYCLES.var

# gpl-future-audit: a host tool, built without the kernel tree.  The
# sanitizer build is what the tests feed broken files to.  CFLAGS,
# CPPFLAGS and LDFLAGS are the user's (make install CFLAGS=...); only
# the project's own builds add -Werror: a user's newer compiler may warn.
# Building it needs a compiler, make, pkg-config and the development
# files of AUDIT_PKGS, as any user: make audit and make install never
# run the harness's package installer, which the harness's own builds
# of it wait for.
AUDIT_DIR	:= scripts/gpl-future-audit
AUDIT_SRCS	:= $(filter-out $(AUDIT_DIR)/fuzz.c,$(wildcard $(AUDIT_DIR)/*.c))
AUDIT		:= $(B)/tools/gpl-future-audit
CFLAGS		?= -O2 -g
AUDIT_WARN	:= -Wall -Wextra -Wno-unused-parameter -std=gnu11
PKG_CONFIG	?= pkg-config
AUDIT_PKGS	:= libelf liblzma libzstd zlib
SANITIZE	:= -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
ASAN_AUDIT	:= $(B)/tools/asan/gpl-future-audit
PREFIX		?= /usr/local
FUZZ_TIME	?= 120
build_audit	= flags=$$($(PKG_CONFIG) --cflags --libs $(AUDIT_PKGS)) || \
		  { echo "gpl-future-audit: building it needs $(PKG_CONFIG) and the development files of: $(AUDIT_PKGS)" >&2; exit 1; }; \
		  $(CC) $(CPPFLAGS) $(CFLAGS) $(AUDIT_WARN) $(1) $(LDFLAGS) \
		  -o $@ $(AUDIT_SRCS) $$flags -pthread
# For the harness's other builds of its sources (its packages installed).
AUDIT_LIBS	= $$($(PKG_CONFIG) --cflags --libs $(AUDIT_PKGS)) -pthread
AUDIT_DEPS	:= $(if $(filter audit install,$(MAKECMDGOALS)),,$(B)/deps.stamp)

audit: $(AUDIT)
$(AUDIT): $(AUDIT_SRCS) $(wildcard $(AUDIT_DIR)/*.h) | $(AUDIT_DEPS)
	@mkdir -p $(@D)
	$(call build_audit,-Werror)

$(ASAN_AUDIT): $(AUDIT_SRCS) $(wildcard $(AUDIT_DIR)/*.h) | $(AUDIT_DEPS)
	@mkdir -p $(@D)
	$(call build_audit,-Werror -O1 $(SANITIZE))

# Built anew each time, with the flags of this make.
$(B)/tools/install/gpl-future-audit: FORCE
	@mkdir -p $(@D)
	$(call build_audit)

install: $(B)/tools/install/gpl-future-audit
	install -D -m 0755 $< $(DESTDIR)$(PREFIX)/bin/gpl-future-audit
	install -D -m 0644 $(AUDIT_DIR)/gpl-future-audit.1 \
		$(DESTDIR)$(PREFIX)/share/man/man1/gpl-future-audit.1
	install -D -m 0644 $(AUDIT_DIR)/gpl-future-audit.bash-completion \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/gpl-future-audit

# The seed corpus: the test modules and the test modules'
# Module.symvers, each plain and packed as xz, zstd and gzip.
fuzz: $(BB)/$(DEMO)/modules.stamp
	@sh scripts/harness/install-deps.sh clang libclang-rt-14-dev
	@mkdir -p $(B)/fuzz/corpus
	clang -g -O1 -fsanitize=fuzzer $(SANITIZE) -o $(B)/fuzz/fuzz-audit \
		$(AUDIT_DIR)/fuzz.c $(filter-out $(AUDIT_DIR)/main.c,$(AUDIT_SRCS)) $(AUDIT_LIBS)
	@for f in $(BB)/$(DEMO)/mods/*.ko $(BB)/$(DEMO)/mods/Module.symvers; do \
		n=$(B)/fuzz/corpus/$$(basename $$f); cp $$f $$n; xz -c $$f >$$n.xz; \
		zstd -q -f -c $$f >$$n.zst; gzip -c $$f >$$n.gz; done
	cd $(B)/fuzz && ./fuzz-audit -max_total_time=$(FUZZ_TIME) -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 corpus

# And libkmod against the tool's own reader (should it use libkmod?).
AUDIT_KMOD := $(B)/tools/audit-kmod
$(AUDIT_KMOD): scripts/bench/audit-kmod.c $(AUDIT_SRCS) $(wildcard $(AUDIT_DIR)/*.h) | $(B)/deps.stamp
	@sh scripts/harness/install-deps.sh libkmod-dev
	$(CC) $(CFLAGS) $(AUDIT_WARN) -Werror -o $@ $< $(filter-out %/main.c,$(AUDIT_SRCS)) \
		$(AUDIT_LIBS) -lkmod
audit-scale: $(AUDIT) $(AUDIT_KMOD)
	@sh scripts/bench/audit-scale.sh $(AUDIT) $(B)/debkernel $(AUDIT_KMOD)

# make impact SYMBOLS=FILE: the non-GPL modules that marking FILE's
# symbols would warn, per symbol (scripts/gpl-future-impact): every
# module of Debian's 6.12 kernel (the tree audit-scale reads) and the
# DKMS modules of make check-real.  Affected modules are its answer, not
# a failure (the audit's exit bit 1), and so are imports Debian's kernel
# does not export (bit 4): the DKMS modules are built for the real cell's
# kernel (nvidia imports contig_page_data, exported without NUMA only).
ifneq ($(filter impact,$(MAKECMDGOALS)),)
ifneq ($(BASE),6.12)
$(error make impact: Debian's kernel here is 6.12 (BASE=6.12))
endif
ifeq ($(wildcard $(SYMBOLS)),)
$(error make impact: SYMBOLS=FILE, one symbol per line)
endif
endif
impact: $(AUDIT) $(BB)/real/real-tests.ktap
	@ls $(BB)/real/installed/*/*.ko >/dev/null || { echo "make impact: no DKMS module built (make check-real)" >&2; exit 2; }
	@paths=$$(sh scripts/bench/deb-kernel.sh $(B)/debkernel) || exit 2; \
		scripts/gpl-future-impact -a $(AUDIT) -s "$$(echo "$$paths" | sed -n 2p)" $(SYMBOLS) \
		"$$(echo "$$paths" | sed -n 1p)" $(BB)/real/installed/*/*.ko; \
		rc=$$?; [ $$rc -le 7 ] && [ $$((rc & 2)) = 0 ]

# The upgrade forecast on Debian's own files (tests/bases/BASE
# "forecast:"): DKMS drivers built against Debian's headers of BASE,
# against the next kernel's Module.symvers; Debian's earlier kernel's
# modules against BASE's.  Packages are fetched, nothing is installed;
# the forecasts are kept in BB/forecast/ (the user guide quotes them).
$(BB)/forecast.ktap: $(AUDIT) tests/bases/$(BASE) $(wildcard tests/real/*) \
		scripts/checks/forecast-tests.sh scripts/bench/deb-kernel.sh \
		scripts/harness/dkms-build.sh scripts/harness/apt-fetch.sh Documentation/user-guide.md
	@echo "  CHECK   upgrade forecast ($(BASE)): Debian's DKMS drivers and kernels"
	@sh scripts/checks/forecast-tests.sh $(BASE) $(B) $(AUDIT) > $@

# The host-side cases: the harness itself and build-time behaviour on
# HOST_CELLS (reports.t is their input: it must fail), the kernel tools
# the series changes, the audit tool.
CHECK_MODS := $(foreach c,$(CHECK_CELLS),$(BB)/$(c)/modules.stamp)
$(BB)/host.ktap: $(foreach c,$(HOST_CELLS),$(BB)/$(c)/modules.stamp $(BB)/$(c)/reports.ktap \
		$(BB)/$(c)/fuzz.ktap) $(BB)/$(firstword $(HOST_CELLS))/smoke.cpio.gz \
		$(foreach c,$(CELLS_RUN),$(BB)/$(c)/obj/.config) $(wildcard tests/arch/*.config) \
		$(BB)/HOST_CELLS.var $(BB)/init-x86_64 $(KO_MANGLE) $(KO_FUZZ) \
		$(wildcard scripts/harness/* scripts/testmods/*) scripts/checks/host-tests.sh README
	@CELLS="$(HOST_CELLS)" sh scripts/checks/host-tests.sh $(BB) > $@
$(BB)/tools.ktap: $(BB)/tree.stamp $(wildcard tests/tools/*) scripts/checks/tool-tests.sh
	@sh scripts/checks/tool-tests.sh $(SRC) > $@
# The audit cases run twice: with the tool as installed, and with it
# built with ASan and UBSan.  They read the check cells' modules and
# exports, which BB/audit-inputs.sum digests (rewritten only when they
# change): a loader edit that only relinks vmlinux does not run them.
$(BB)/audit-inputs.sum: $(CHECK_MODS) scripts/harness/audit-inputs.sh
	@sh scripts/harness/audit-inputs.sh $@ $(SRC) $(foreach c,$(CHECK_CELLS),$(BB)/$(c))
AUDIT_CASE_DEPS := $(BB)/audit-inputs.sum $(wildcard tests/audit/* $(AUDIT_DIR)/*) \
		tests/init/init.c tests/mangle/ko-mangle.c scripts/checks/audit-tests.sh
$(BB)/audit.ktap: $(AUDIT) $(AUDIT_CASE_DEPS)
	@sh scripts/checks/audit-tests.sh $(BB) $(AUDIT) > $@
$(BB)/audit-asan.ktap: $(ASAN_AUDIT) $(AUDIT_CASE_DEPS)
	@sh scripts/checks/audit-tests.sh $(BB) $(ASAN_AUDIT) > $@
# gpl-future-mark: a sample tree, and the base's patched tree.
$(BB)/mark.ktap: $(BB)/tree.stamp scripts/gpl-future-mark $(shell find tests/mark -type f) \
		scripts/checks/mark-tests.sh
	@sh scripts/checks/mark-tests.sh $(BB) > $@
# The checks of a cell that is built, not booted (its record's
# "checks: NAME": scripts/checks/NAME-tests.sh OBJ).
$(BB)/%-tests.ktap: $(BB)/$$(*D)/kernel.stamp scripts/checks/$$(*F)-tests.sh
	@sh scripts/checks/$(*F)-tests.sh $(BB)/$(*D)/obj > $@

# The real cell (tests/cells/real.config) runs its own suites on the
# modules of tests/real/, on a base whose record says where their DKMS
# packages come from ("real:"); another base skips it without a build.
REAL_FROM := $(call field,tests/bases/$(BASE),real)
$(BB)/real/real-tests.ktap: $(if $(REAL_FROM),$(BB)/real/kernel.stamp $(AUDIT) $(BB)/init-x86_64) \
		tests/bases/$(BASE) $(wildcard tests/real/*) scripts/gpl-future-mark scripts/checks/real-tests.sh \
		$(addprefix scripts/harness/,apt-fetch.sh boot-dir.sh run-suites.sh kmake.sh ktap-lib.sh \
		dkms-build.sh)
	@echo "  CHECK   real modules ($(BASE)): $(notdir $(wildcard tests/real/*))"
	@mkdir -p $(@D)
	@sh scripts/checks/real-tests.sh $(BASE) $(B) $(AUDIT) $(BB)/init-x86_64 > $@

# The selftests cell (tests/cells/selftests.config) boots the kernel's own
# module selftests on its patched kernel and on a pristine one it builds
# with the same .config: make check-selftests.
$(BB)/selftests/selftests-tests.ktap: $(BB)/selftests/kernel.stamp $(BB)/init-x86_64 \
		$(busybox.x86_64) tests/suite/selftests.t tests/bases/$(BASE) tests/arch/x86_64.config \
		scripts/checks/selftests-tests.sh $(addprefix scripts/harness/,kselftest-root.sh \
		copy-programs.sh boot-dir.sh run-suites.sh tree.sh get-source.sh series.sh kmake.sh \
		logged.sh ktap-lib.sh field.sh install-deps.sh)
	@echo "  CHECK   the kernel's module selftests ($(BASE)), patched and pristine"
	@sh scripts/checks/selftests-tests.sh $(BASE) $(B) $(BB)/init-x86_64 $(busybox.x86_64) > $@

# The distro cell (tests/cells/distro.config): packaged with the kernel's
# own make bindeb-pkg, a DKMS module built against the headers package,
# the image package's kernel booted locked down with Debian's kmod: make
# check-distro.
$(BB)/distro/distro-tests.ktap: $(BB)/distro/modules.stamp $(BB)/init-x86_64 $(AUDIT) \
		$(busybox.x86_64) tests/suite/distro.t $(wildcard tests/distro/* tests/distro/*/*) \
		Documentation/user-guide.md tests/bases/$(BASE) \
		tests/arch/x86_64.config scripts/checks/distro-tests.sh \
		$(addprefix scripts/harness/,copy-programs.sh dkms-build.sh tree.sh series.sh \
		get-source.sh boot-dir.sh run-suites.sh kmake.sh ktap-lib.sh field.sh install-deps.sh)
	@echo "  CHECK   a distribution's kernel ($(BASE)): packages, DKMS, kmod"
	@sh scripts/checks/distro-tests.sh $(BASE) $(B) $(BB)/init-x86_64 $(busybox.x86_64) $(AUDIT) > $@

# make ci's part of it: the distro cell configured (every line of its
# record survives olddefconfig, and the options that make it a
# distribution's are set), and the guide's snippets that need no distro
# kernel, on the modversions cell's Module.symvers.  On a base without
# the distro cell, the snippets alone.
DISTRO_CONFIG := $(if $(filter distro,$(MATRIX)),$(BB)/distro/obj/.config)
$(BB)/distro-guide.ktap: $(DISTRO_CONFIG) $(BB)/modversions/kernel.stamp \
		Documentation/user-guide.md tests/bases/$(BASE) scripts/checks/distro-tests.sh \
		$(addprefix scripts/harness/,tree.sh series.sh get-source.sh field.sh ktap-lib.sh \
		install-deps.sh)
	@echo "  CHECK   the distro cell's configuration, the guide's Debian snippets ($(BASE))"
	@sh scripts/checks/distro-tests.sh --guide $(BASE) $(B) $(BB)/modversions/obj/Module.symvers \
		$(DISTRO_CONFIG) > $@

CHECKPATCH_EXPECTED := tests/series/$(if $(filter 6.12,$(BASE)),,$(BASE)/)checkpatch.expected
# A backport's range-diff reads the series it comes from too.
SOURCE_BASE := $(call field,tests/bases/$(BASE),source)
$(BB)/series.ktap: $(SERIES) $(CHECKPATCH_EXPECTED) scripts/checks/check-series.sh \
		$(if $(SOURCE_BASE),$(shell sh scripts/harness/series.sh $(SOURCE_BASE)) \
			$(wildcard $(call field,tests/bases/$(BASE),patches)/range-diff.txt)) \
		$(wildcard scripts/harness/*) $(BB)/tree.stamp | $(B)/deps.stamp
	@mkdir -p $(@D)
	@echo "  CHECK   series: git am, quilt, format, checkpatch"
	@sh scripts/checks/check-series.sh $(BASE) $(B) $(CHECKPATCH_EXPECTED) > $@

$(BB)/bisect.ktap: $(SERIES) $(BB)/$(DEMO)/obj/.config $(BB)/init-x86_64 scripts/checks/check-bisect.sh \
		$(wildcard scripts/harness/*) tests/modules/smoke_gpl.c tests/modules/smoke_bypass.c \
		scripts/testmods/rewrite-modinfo.sh tests/suite/smoke.t $(BB)/BISECT_FROM.var
	@echo "  CHECK   bisect: build and boot each step from patch $(BISECT_FROM)"
	@sh scripts/checks/check-bisect.sh $(BASE) $(B) $(BB)/$(DEMO)/obj/.config \
		$(BB)/init-x86_64 $(BISECT_FROM) > $@

# Every producer runs (make -k): a failed one leaves its KTAP missing or
# short, and the report counts that as failed.  When something they
# depend on failed to build, the documents make could not bring up to
# date are removed, so an old result never stands in for a new one.
# A document that did not pass (a failed case, or a boot or check that
# did not complete: "Bail out!") is dated 1970, so that the next make
# makes it again whatever its inputs: only a passed result stands.
# Boots run two at a time.
run	= $(MAKE) -k -j2 -s $(1) || \
	for k in $(1); do $(MAKE) -s -q $$k || rm -f $$k; done; \
	for k in $(1); do ! grep -qs -e '^not ok' -e '^Bail out!' $$k || touch -d @0 $$k; done
# run-report: make the documents $(1), then report on them.
run-report = @$(call run,$(1)); $(REPORT) $(1)
CHECK_KTAPS = $(HOST_KTAPS) $(call ktaps,$(CELLS_RUN)) $(foreach e,$(CHECK_EXTRA),$(BB)/$(e).ktap)

check:
	$(call run-report,$(CHECK_KTAPS))

# make test SUITE=NAME [CASE=GLOB] [CELL=CELL]: one suite of make check,
# or the cases of it whose names match GLOB ('*' any string, '?' any
# character: the guest's init matches them), booted now on one cell of
# the base (the demo cell by default), as BB/CELL/SUITE.test.ktap.
CELL	?= $(DEMO)
ifneq ($(filter test,$(MAKECMDGOALS)),)
$(if $(filter $(SUITE),$(SUITES)),,$(error SUITE: one of $(SUITES)))
$(if $(filter $(CELL),$(MATRIX)),,$(error CELL: one of $(BASE)'s cells, $(MATRIX)))
$(if $(filter none,$(boot.$(CELL))),$(error CELL: $(CELL) boots no suite))
endif
test: export CASES = $(CASE)
test: $(BB)/$(CELL)/$(SUITE).cpio.gz $(BB)/init-x86_64
	@case "$$CASES" in *[!a-z0-9_*?]*) \
		echo "CASE: case names are made of a-z, 0-9 and _, globbed with * and ?" >&2; exit 1 ;; esac
	@[ -n "$$($(BB)/init-x86_64 --cases $(BB)/$(CELL)/$(SUITE).t $${CASES:+"$$CASES"})" ] || \
		{ echo "CASE: no case of $(SUITE) matches $$CASES; its cases:"; \
		  $(BB)/init-x86_64 --cases $(BB)/$(CELL)/$(SUITE).t; exit 1; } >&2
	@$(RUN_SUITES) $(BB)/$(CELL)/$(SUITE).test.ktap || :
	@$(REPORT) $(BB)/$(CELL)/$(SUITE).test.ktap

# make ci covers the bases of CI_BASES, ci-full those of BASES (every
# base unless given: a machine that cannot run them all in one go runs
# ci-full a base at a time, BASES=6.1, on one revision), one after
# the other (each base's documents under build/BASE/, its cells as the
# goal and its record say), with one report over all.  Each base's
# sub-make lists its documents in build/BASE/documents first: a base
# that lists none has its list counted as a missing document.
CI_BASES := 6.12 7.3 6.1
ALL_BASES := $(notdir $(wildcard tests/bases/*))
BASES ?= $(ALL_BASES)
$(if $(filter-out $(ALL_BASES),$(BASES)),$(error BASES: no such base: $(filter-out $(ALL_BASES),$(BASES))))
check-documents:
	@$(file >$(BB)/documents,$(CHECK_KTAPS))
	@$(call run,$(CHECK_KTAPS))
each-base = @for b in $(1); do rm -f $(B)/$$b/documents; \
		$(MAKE) -s BASE=$$b CHECK_GOAL=$@ check-documents; done; \
	$(REPORT) $$(for b in $(1); do cat $(B)/$$b/documents 2>/dev/null || echo $(B)/$$b/documents; done)

check-series:
	$(call run-report,$(BB)/series.ktap)

check-layout:
	$(call run-report,$(BB)/layout.ktap)

check-real:
	$(call run-report,$(BB)/real/real-tests.ktap)

check-forecast:
	$(call run-report,$(BB)/forecast.ktap)

# The series as commits (scripts/harness/series-git.sh): make edit
# BASE=b gives BB/edit, a worktree on branch "series-extras", with
# "series-fixes" and "series-feature" at the ends of the first two
# parts; make export BASE=b writes its commits back as the base's
# patches and series files, part by part.
edit export:
	@sh scripts/harness/series-git.sh $@ $(BASE) $(B)

check-bisect:
	$(call run-report,$(BB)/bisect.ktap)

check-selftests:
	$(call run-report,$(BB)/selftests/selftests-tests.ktap)

check-distro:
	$(call run-report,$(BB)/distro/distro-tests.ktap)

check-matrix:
	$(call run-report,$(CHECK_KTAPS))

# What CI runs, within the hour on a new machine (empty ccache): on each
# base of CI_BASES, make check at full length, the series review and the
# quick part of check-distro.
ci:
	$(call each-base,$(CI_BASES))

# Everything, run before an issue is resolved: on each base, the cells
# of its record, the series review and the bisect.
ci-full:
	$(call each-base,$(BASES))

# What the series costs, patched vs pristine (Documentation/benchmarks.md).
# Several minutes, so not part of ci.
BENCH_ROUNDS ?= 3
bench: $(BB)/$(DEMO)/kernel.stamp $(BB)/init-x86_64
	@sh scripts/bench/bench.sh $(BASE) $(B) $(BB)/$(DEMO)/obj/.config $(BB)/init-x86_64 \
		$(BENCH_ROUNDS) 500

# make fuzz-guest: N mutants of run SEED (tests/suite/fuzz.t) on
# FUZZ_CELL, FUZZ_BATCH per boot; a crash or hang ends a boot and the
# next goes on after it.  Findings are kept in BB/FUZZ_CELL/fuzz-findings/
# and ONLY=I loads mutant I of run SEED alone.  FUZZ_REGIONS=all
# mutates what the unpatched loader trusts too (tests/mangle/ko-mutate.h).
FUZZ_CELL ?= debug
SEED	?= 1
N	?= 2000
FUZZ_BATCH ?= 2500
FUZZ_REGIONS ?= checked
fuzz-guest: $(BB)/$(FUZZ_CELL)/fuzz.cpio.gz $(BB)/init-x86_64 $(KO_FUZZ)
	@sh scripts/harness/fuzz-guest.sh $(BB)/$(FUZZ_CELL) $(KO_FUZZ) $(SEED) \
		$(if $(ONLY),$(ONLY) 1,0 $(N)) $(FUZZ_BATCH) $(FUZZ_REGIONS) \
		>$(BB)/$(FUZZ_CELL)/fuzz-guest.ktap; \
		$(REPORT) $(BB)/$(FUZZ_CELL)/fuzz-guest.ktap

demo: $(BB)/$(DEMO)/demo.cpio.gz $(BB)/init-x86_64
	@INIT_HOST=$(BB)/init-x86_64 sh scripts/harness/run-suites.sh --show $(BB)/$(DEMO)/demo.ktap

clean:
	rm -rf $(B)

FORCE:
