# MessageComposer: `make` builds the release library and header; `make test` runs every suite;
# `make demo` runs the C demo, `make examples` the examples, `make try` an interactive composer. See README.md.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
# Where `make install` puts things: DESTDIR is a staging root (a package build), the others are the
# paths the installed files live at (and that the pkg-config file names).
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATADIR ?= $(PREFIX)/share
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DESTDIR ?=
PYTHON ?= python3
VERSION := 0.2.0
ABI := 1

BUILD := build
BUILD_LIBDIR := $(BUILD)/lib
LIB_REAL := $(BUILD_LIBDIR)/libmessage_composer.so.$(VERSION)
LIB_SONAME := libmessage_composer.so.$(ABI)
# The library's debug info, split off: the stripped library names it (.gnu_debuglink), and gdb and
# valgrind find it beside the library, so stack traces show function names.
LIB_DEBUG := $(LIB_REAL).debug
HEADER := include/message_composer.h
SWIFT_SOURCES := $(shell find Sources -name '*.swift') Package.swift
CC ?= cc
CFLAGS_STRICT := -std=c11 -Wall -Wextra -Werror -pedantic
# Release: Swift runtime linked in, SONAME set, only mc_* exported. lld, because gold leaves
# local Swift metadata symbols in the dynamic symbol table. No dynamic exclusivity checks in the
# release library: every access to a text-tree node's property paid a runtime call (a tenth of a
# keystroke's instructions), and a violation could only ever trap the host. The debug builds that
# every suite, the fuzz replay and TSan run keep the checks, so a violation still fails a test.
SWIFT_RELEASE_FLAGS := -c release --toolset $(CURDIR)/tools/release-toolset.json --disable-local-rpath -Xswiftc -static-stdlib \
	-Xswiftc -enforce-exclusivity=unchecked -Xlinker -soname=$(LIB_SONAME) -Xlinker --version-script=$(CURDIR)/tools/exports.map

.PHONY: all lib generated generated-check header header-check exports-check test test-swift test-c test-c-valgrind test-c-asan \
	test-valgrind-user test-tsan test-fuzz-replay test-matrix test-python test-python-types test-rust test-header-compile demo install clean bench fuzz \
	check-tools check-wheel-tools check-bench-tools wheel test-install uninstall coverage \
	examples example-c example-python example-rust test-examples test-readme try test-try

all: lib generated

lib: $(LIB_REAL)

# Makefile too: the release flags and these steps live here.
$(LIB_REAL): $(SWIFT_SOURCES) tools/exports.map tools/release-toolset.json Makefile
	swift build $(SWIFT_RELEASE_FLAGS) --product message_composer
	mkdir -p $(BUILD_LIBDIR)
	objcopy --only-keep-debug .build/release/libmessage_composer.so $(LIB_DEBUG)
	strip --strip-unneeded -o $(LIB_REAL) .build/release/libmessage_composer.so
	cd $(BUILD_LIBDIR) && objcopy --add-gnu-debuglink=$(notdir $(LIB_DEBUG)) $(notdir $(LIB_REAL))
	ln -sf libmessage_composer.so.$(VERSION) $(BUILD_LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(BUILD_LIBDIR)/libmessage_composer.so

# One generator, three outputs, all committed: the C header, the Python constants and ctypes table,
# and the Rust raw declarations. Sources/generate-header reads the header the compiler emits for
# Sources/ComposerCAPI (the exported functions and their doc comments), the constants of
# Sources/ComposerCAPI/CConstants.swift and the section table Sources/generate-header/Sections.swift
# (where each function goes; a function in no section stops it, saying what to add). `make` and
# `make generated` refresh the committed copies; `generated-check` (in `make test`) fails when one
# is stale. `header` and `header-check` are the same targets under their older names.
GEN_DIR := $(BUILD)/generated
PY_GENERATED := bindings/python/message_composer/_generated.py
RUST_GENERATED := bindings/rust/sys/src/generated.rs
CAPI_SOURCES := $(shell find Sources/ComposerCAPI -name '*.swift')

$(GEN_DIR)/.stamp: $(SWIFT_SOURCES)
	mkdir -p $(BUILD)
	swift build --product generate-header
	swiftc -typecheck -parse-as-library $(CAPI_SOURCES) -module-name ComposerCAPI \
		-I .build/debug/Modules -emit-clang-header-path $(BUILD)/compiler-header.h
	rm -rf $(GEN_DIR).tmp && mkdir -p $(GEN_DIR).tmp
	.build/debug/generate-header $(BUILD)/compiler-header.h $(GEN_DIR).tmp $(CAPI_SOURCES)
	rm -rf $(GEN_DIR) && mv $(GEN_DIR).tmp $(GEN_DIR) && touch $@

# Copies only what changed, so that an unchanged header rebuilds nothing.
generated: $(GEN_DIR)/.stamp
	@cmp -s $(GEN_DIR)/message_composer.h $(HEADER) || cp $(GEN_DIR)/message_composer.h $(HEADER)
	@cmp -s $(GEN_DIR)/_generated.py $(PY_GENERATED) || cp $(GEN_DIR)/_generated.py $(PY_GENERATED)
	@cmp -s $(GEN_DIR)/generated.rs $(RUST_GENERATED) || cp $(GEN_DIR)/generated.rs $(RUST_GENERATED)

header: generated

generated-check: $(GEN_DIR)/.stamp
	@stale=; \
	for pair in message_composer.h:$(HEADER) _generated.py:$(PY_GENERATED) generated.rs:$(RUST_GENERATED); do \
	  diff -u $${pair#*:} $(GEN_DIR)/$${pair%%:*} || stale="$$stale $${pair#*:}"; \
	done; \
	test -z "$$stale" || { echo "generated-check: stale:$$stale; run 'make generated' and commit them"; exit 1; }
	@echo "generated-check: the header, the Python table and the Rust declarations match the Swift sources"

header-check: generated-check

# The .so exports exactly the functions the header declares, and nothing else.
exports-check: lib
	@nm -D --defined-only $(LIB_REAL) | awk '{print $$3}' | sort > $(BUILD)/exports.txt
	@grep -E '^[a-z].*\bmc_[a-z_0-9]+\(' $(HEADER) | grep -oE 'mc_[a-z_0-9]+\(' | tr -d '(' | sort > $(BUILD)/declared.txt
	@diff -u $(BUILD)/declared.txt $(BUILD)/exports.txt || { echo "exports and header disagree"; exit 1; }
	@! ldd $(LIB_REAL) | grep -i swift || { echo "the library links a Swift runtime dynamically"; exit 1; }
	@echo "exports-check: $$(wc -l < $(BUILD)/exports.txt) functions, all mc_*, all declared; no Swift libraries in ldd"

# The header compiles cleanly as every language a host may use: C89, C99 and C11 with gcc and clang,
# C++17 with g++ and clang++ (tools/header_compile.c uses its types and calls, in C89 style).
HEADER_COMPILE_WARNINGS := -pedantic -Wall -Wextra -Werror
test-header-compile:
	@for cc in gcc clang; do for std in c89 c99 c11; do \
	  $$cc -std=$$std $(HEADER_COMPILE_WARNINGS) -Iinclude -c tools/header_compile.c -o /dev/null \
	    || { echo "test-header-compile: $$cc -std=$$std fails"; exit 1; }; \
	done; done
	@for cxx in g++ clang++; do \
	  $$cxx -std=c++17 $(HEADER_COMPILE_WARNINGS) -Iinclude -x c++ -c tools/header_compile.c -o /dev/null \
	    || { echo "test-header-compile: $$cxx -std=c++17 fails"; exit 1; }; \
	done
	@echo "test-header-compile: gcc and clang (C89, C99, C11), g++ and clang++ (C++17) compile the header cleanly"

test-swift:
	swift test 2>&1 | tee $(BUILD)/swift-test.log | tail -n 40; test $${PIPESTATUS[0]} -eq 0

C_TEST_SOURCES := $(wildcard bindings/c/tests/*.c)
$(BUILD)/c-tests: $(C_TEST_SOURCES) $(HEADER) lib
	$(CC) $(CFLAGS_STRICT) -g -Iinclude -Ibindings/c/tests $(C_TEST_SOURCES) -L$(BUILD_LIBDIR) -lmessage_composer \
		-Wl,-rpath,$(CURDIR)/$(BUILD_LIBDIR) -lpthread -o $@

$(BUILD)/c-tests-asan: $(C_TEST_SOURCES) $(HEADER) lib
	clang $(CFLAGS_STRICT) -g -fsanitize=address -fno-omit-frame-pointer -Iinclude -Ibindings/c/tests $(C_TEST_SOURCES) \
		-L$(BUILD_LIBDIR) -lmessage_composer -Wl,-rpath,$(CURDIR)/$(BUILD_LIBDIR) -lpthread -o $@

test-c: $(BUILD)/c-tests
	$(BUILD)/c-tests

test-c-valgrind: $(BUILD)/c-tests
	valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
		--show-leak-kinds=definite,indirect -q $(BUILD)/c-tests > $(BUILD)/valgrind.log 2>&1 \
		|| { tail -n 60 $(BUILD)/valgrind.log; exit 1; }
	@tail -n 1 $(BUILD)/valgrind.log; echo "test-c-valgrind: no errors, no leaks"

test-c-asan: $(BUILD)/c-tests-asan
	ASAN_OPTIONS=detect_leaks=1 $(BUILD)/c-tests-asan | tail -n 1
	@echo "test-c-asan: clean"

# The bad-input matrix (bindings/c/matrix/matrix.h): its cells are derived from the header, read at
# run time, and it fails when a header function has no rows. Run whole (plain and ASan), then under
# valgrind without the cells that move megabytes; then once against a copy of the header that
# declares one more function, which must fail (the check that a new function cannot slip in).
MATRIX_SOURCES := $(wildcard bindings/c/matrix/*.c) bindings/c/tests/harness.c bindings/c/tests/support.c
MATRIX_FLAGS = $(CFLAGS_STRICT) -g -Iinclude -Ibindings/c/tests -Ibindings/c/matrix \
	-DMC_MATRIX_HEADER='"$(CURDIR)/$(HEADER)"' -L$(BUILD_LIBDIR) -lmessage_composer -Wl,-rpath,$(CURDIR)/$(BUILD_LIBDIR) -lpthread -lm
$(BUILD)/matrix: $(MATRIX_SOURCES) bindings/c/matrix/matrix.h $(HEADER) lib
	$(CC) $(MATRIX_SOURCES) $(MATRIX_FLAGS) -o $@

$(BUILD)/matrix-asan: $(MATRIX_SOURCES) bindings/c/matrix/matrix.h $(HEADER) lib
	clang $(MATRIX_SOURCES) $(MATRIX_FLAGS) -fsanitize=address -fno-omit-frame-pointer -o $@

test-matrix: $(BUILD)/matrix $(BUILD)/matrix-asan
	$(BUILD)/matrix > $(BUILD)/matrix.log || { grep -E '^FAIL' $(BUILD)/matrix.log | head -n 40; tail -n 2 $(BUILD)/matrix.log; exit 1; }
	@grep -E '^matrix:|passed' $(BUILD)/matrix.log
	ASAN_OPTIONS=detect_leaks=1 $(BUILD)/matrix-asan > $(BUILD)/matrix-asan.log 2>&1 \
		|| { grep -E '^FAIL|ERROR|SUMMARY' $(BUILD)/matrix-asan.log | head -n 40; exit 1; }
	@tail -n 1 $(BUILD)/matrix-asan.log
	MC_MATRIX_SKIP_HEAVY=1 valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
		--show-leak-kinds=definite,indirect -q $(BUILD)/matrix > $(BUILD)/matrix-valgrind.log 2>&1 \
		|| { grep -vE '^(ok|matrix/)' $(BUILD)/matrix-valgrind.log | tail -n 60; exit 1; }
	@grep -E '^matrix:' $(BUILD)/matrix-valgrind.log; tail -n 1 $(BUILD)/matrix-valgrind.log
	@sed 's/^mc_status mc_draft_undo(mc_draft \*draft);$$/&\n\n\/\* Errors: MC_ERR_INVALID_HANDLE. \*\/\nmc_status mc_draft_unlisted(mc_draft *draft);/' \
		$(HEADER) > $(BUILD)/matrix-extra-function.h
	@! MC_MATRIX_HEADER=$(BUILD)/matrix-extra-function.h $(BUILD)/matrix matrix/header > $(BUILD)/matrix-self-test.log 2>&1 \
		|| { echo "test-matrix: a header function without rows did not fail the matrix"; exit 1; }
	@grep -q 'mc_draft_unlisted is in the header but has no rows' $(BUILD)/matrix-self-test.log \
		|| { cat $(BUILD)/matrix-self-test.log; exit 1; }
	@echo "test-matrix: every header function has rows; a function without rows fails the matrix"

# A user's check of their own program (README "Valgrind"), verbatim, with the shipped suppressions:
# must be clean. The suppressions match Swift symbol names, which come only from the debug file the
# stripped library's debuglink names: a clean run (and a used handle-table suppression) also proves
# that library frames show names, not ???.
VALGRIND_USER := valgrind --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all --error-exitcode=1
$(BUILD)/valgrind_user: bindings/c/examples/valgrind_user.c $(HEADER) lib
	$(CC) $(CFLAGS_STRICT) -g -Iinclude $< -L$(BUILD_LIBDIR) -lmessage_composer -Wl,-rpath,$(CURDIR)/$(BUILD_LIBDIR) -lpthread -o $@

test-valgrind-user: $(BUILD)/valgrind_user
	$(VALGRIND_USER) --suppressions=tools/message_composer.supp -s $(BUILD)/valgrind_user > $(BUILD)/valgrind-user.log 2>&1 \
		|| { grep -v -e '^--' $(BUILD)/valgrind-user.log | tail -n 60; exit 1; }
	@grep -q 'used_suppression:.*mc-handle-table' $(BUILD)/valgrind-user.log \
		|| { echo "test-valgrind-user: no library symbol names in the stacks (is $(LIB_DEBUG) there?)"; exit 1; }
	@echo "test-valgrind-user: clean with tools/message_composer.supp; library frames carry names"

# The fuzzers' committed corpora, replayed by plain builds: the API fuzzer's corpus and findings
# (each input in a child process; findings not fixed yet are masked, Sources/fuzz-api/KnownFindings.swift)
# and the wire-format fuzzer's corpus (every input through the parse, serialize and JSON checks of
# Sources/fuzz-markdown). A few seconds that guard engine and wire-format changes with every
# property the fuzzers check.
test-fuzz-replay:
	swift build --product fuzz-api 2>&1 | tail -n 1
	swift build --product fuzz-markdown 2>&1 | tail -n 1
	.build/debug/fuzz-api Tests/fuzz-corpus/api Tests/fuzz-findings/api
	.build/debug/fuzz-markdown Tests/fuzz-corpus/markdown

# ThreadSanitizer (in `test`; about a minute, most of it the instrumented build): the library
# built with -sanitize=thread (debug, own scratch path), the whole C suite (its thread tests) and
# bindings/c/stress/stress_threads.c (8 threads on one draft with a re-entrant listener, a thread
# calling with stale handles) built with -fsanitize=thread by the toolchain's clang, whose TSan
# runtime needs libdispatch and BlocksRuntime from the Swift runtime directory. tsan_mutex.c
# tells TSan about Swift Mutex's uninstrumented slow paths (see there). Clean means no report.
TSAN_SCRATCH := .build/tsan
TSAN_LIBDIR := $(TSAN_SCRATCH)/debug
TSAN_CC ?= clang
TSAN_STRESS_ROUNDS ?= 3000
SWIFT_LIB_DIR = $(abspath $(dir $(shell command -v swift))../lib/swift/linux)
TSAN_FLAGS = $(CFLAGS_STRICT) -g -fsanitize=thread -Iinclude -Ibindings/c/tests bindings/c/stress/tsan_mutex.c \
	-L$(TSAN_LIBDIR) -lmessage_composer -Wl,-rpath,$(CURDIR)/$(TSAN_LIBDIR) \
	-L$(SWIFT_LIB_DIR) -ldispatch -lBlocksRuntime -Wl,-rpath,$(SWIFT_LIB_DIR) -lpthread -ldl
TSAN_RUN = TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1"

test-tsan: $(HEADER)
	swift build -c debug --scratch-path $(TSAN_SCRATCH) --product message_composer -Xswiftc -sanitize=thread
	mkdir -p $(BUILD)
	$(TSAN_CC) $(C_TEST_SOURCES) $(TSAN_FLAGS) -o $(BUILD)/c-tests-tsan
	$(TSAN_CC) bindings/c/stress/stress_threads.c $(TSAN_FLAGS) -o $(BUILD)/stress-tsan
	$(TSAN_RUN) $(BUILD)/c-tests-tsan > $(BUILD)/tsan.log 2>&1 \
		&& $(TSAN_RUN) $(BUILD)/stress-tsan $(TSAN_STRESS_ROUNDS) >> $(BUILD)/tsan.log 2>&1 \
		|| { grep -E '^SUMMARY|passed|^stress' $(BUILD)/tsan.log | sort | uniq -c; echo "test-tsan: see $(BUILD)/tsan.log"; exit 1; }
	@grep -E 'passed|^stress' $(BUILD)/tsan.log; echo "test-tsan: no ThreadSanitizer report"

# Every tool `make test` uses, checked before anything runs: one line per missing tool, saying
# how to get it (tools/check-tools.sh).
check-tools:
	@PYTHON=$(PYTHON) tools/check-tools.sh test

# A platform wheel with the release library inside the package: bindings/python is copied to
# build/wheel/src with the library as message_composer/libmessage_composer.so.1 (setup.py makes a
# wheel that carries it py3-none-<platform>), then auditwheel checks the library's dependencies
# and symbol versions and retags it manylinux. Nothing needs grafting (the Swift runtime is linked
# in; libc, libm, libstdc++ and libgcc_s are in every manylinux policy), so no ELF patcher is
# used: a dependency that would need one makes the repair fail.
WHEEL_DIR := $(BUILD)/wheel
WHEEL_STAMP := $(WHEEL_DIR)/.built
WHEEL = $(WHEEL_DIR)/message_composer-$(VERSION)-py3-none-manylinux*.whl
PY_PACKAGE_FILES := $(shell find bindings/python/message_composer -name '*.py') bindings/python/message_composer/py.typed \
	bindings/python/pyproject.toml bindings/python/setup.py bindings/python/README.md LICENSE NOTICE

wheel: $(WHEEL_STAMP)
	@ls $(WHEEL)

check-wheel-tools:
	@PYTHON=$(PYTHON) tools/check-tools.sh wheel

$(WHEEL_STAMP): $(LIB_REAL) $(PY_PACKAGE_FILES) Makefile | check-wheel-tools
	rm -rf $(WHEEL_DIR)
	mkdir -p $(WHEEL_DIR)/src/message_composer
	cp -L bindings/python/pyproject.toml bindings/python/setup.py bindings/python/README.md \
		bindings/python/LICENSE bindings/python/NOTICE $(WHEEL_DIR)/src/
	cp bindings/python/message_composer/*.py bindings/python/message_composer/py.typed $(WHEEL_DIR)/src/message_composer/
	cp $(LIB_REAL) $(WHEEL_DIR)/src/message_composer/$(LIB_SONAME)
	$(PYTHON) -m pip wheel --quiet --disable-pip-version-check --no-deps --no-build-isolation --no-index \
		-w $(WHEEL_DIR)/raw $(WHEEL_DIR)/src
	$(PYTHON) -m auditwheel repair --patcher none -w $(WHEEL_DIR) $(WHEEL_DIR)/raw/*.whl 2>&1 | tail -n 1
	touch $@

# The Python suite against the wheel as a user gets it: installed into a fresh venv, run from a
# directory outside the repository, without MESSAGE_COMPOSER_LIB. tools/check_wheel_install.py first
# checks that the package imported is the venv's and the library loaded is the one inside it.
# The venv sees the interpreter's site-packages for pytest and cmarkgfm (`make check-tools`).
# MC_NO_SKIPS=1 turns any skipped test into a failure (bindings/python/tests/conftest.py).
PY_VENV := $(BUILD)/python-venv
test-python: wheel
	rm -rf $(PY_VENV)
	$(PYTHON) -m venv --system-site-packages $(PY_VENV)
	$(PY_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --no-index $(WHEEL)
	outside=$$(mktemp -d) && cd $$outside && trap 'rm -rf "$$outside"' EXIT \
		&& env -u MESSAGE_COMPOSER_LIB $(CURDIR)/$(PY_VENV)/bin/python $(CURDIR)/tools/check_wheel_install.py \
		&& env -u MESSAGE_COMPOSER_LIB MC_NO_SKIPS=1 $(CURDIR)/$(PY_VENV)/bin/python -m pytest -q -p no:cacheprovider \
			$(CURDIR)/bindings/python/tests

# mypy --strict on the package's source and on the example that uses its typed results (the
# suite's test_typed.py also runs it against the installed wheel, on a misspelt field), then on the
# tools (the measuring ones and tools/mutants.py).
test-python-types:
	cd bindings/python && $(PYTHON) -m mypy --strict --cache-dir $(CURDIR)/$(BUILD)/mypy-cache \
		message_composer $(CURDIR)/examples/python/flow.py
	$(PYTHON) -m mypy --strict --cache-dir $(CURDIR)/$(BUILD)/mypy-cache-tools \
		tools/bench.py tools/profile_parse.py tools/profile_wire.py tools/diff_libs.py tools/chat_corpus.py tools/check_readme.py \
		tools/mutants.py

# The safe crate and the -sys crate, against the build output.
test-rust: lib
	cd bindings/rust && MESSAGE_COMPOSER_LIB_DIR=$(CURDIR)/$(BUILD_LIBDIR) cargo test --workspace --quiet

# `make install` into a staging root as a distribution package would build it (DESTDIR=build/stage,
# PREFIX=/usr, Debian's multiarch LIBDIR), then what a user does with the installed copy, resolved
# through its pkg-config file only (PKG_CONFIG_LIBDIR names the staged pkgconfig directory and
# nothing else; PKG_CONFIG_SYSROOT_DIR prefixes the paths it names with the stage):
# - a C program (bindings/c/examples/demo.c) builds with `pkg-config --cflags --libs` and runs,
#   finding the library through LD_LIBRARY_PATH;
# - tools/rust-dependent, a crate outside the bindings' workspace, builds through
#   message-composer-sys's pkg-config lookup and runs with the rpath its build.rs sets; it must
#   report the staged library as the one linked and the one loaded;
# then `make uninstall` with the same variables leaves no file behind.
STAGE := $(BUILD)/stage
STAGE_LIBDIR := /usr/lib/x86_64-linux-gnu
STAGE_VARS := DESTDIR=$(CURDIR)/$(STAGE) PREFIX=/usr LIBDIR=$(STAGE_LIBDIR)
STAGE_PKG_CONFIG := PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR=$(CURDIR)/$(STAGE)$(STAGE_LIBDIR)/pkgconfig \
	PKG_CONFIG_SYSROOT_DIR=$(CURDIR)/$(STAGE)
test-install: lib
	rm -rf $(STAGE)
	$(MAKE) --no-print-directory install $(STAGE_VARS) > /dev/null
	$(CC) $(CFLAGS_STRICT) bindings/c/examples/demo.c $$($(STAGE_PKG_CONFIG) pkg-config --cflags --libs message_composer) \
		-o $(BUILD)/demo-installed
	LD_LIBRARY_PATH=$(CURDIR)/$(STAGE)$(STAGE_LIBDIR) $(BUILD)/demo-installed > /dev/null
	rm -rf $(BUILD)/rust-dependent  # cargo would keep the build script's earlier answer
	cd tools/rust-dependent && env -u MESSAGE_COMPOSER_LIB_DIR $(STAGE_PKG_CONFIG) \
		cargo build --quiet --target-dir $(CURDIR)/$(BUILD)/rust-dependent
	env -u LD_LIBRARY_PATH $(BUILD)/rust-dependent/debug/rust-dependent | tee $(BUILD)/rust-dependent.out
	@grep -qx 'linked: $(CURDIR)/$(STAGE)$(STAGE_LIBDIR) (found by pkg-config)' $(BUILD)/rust-dependent.out \
		&& grep -qx 'loaded: $(CURDIR)/$(STAGE)$(STAGE_LIBDIR)/libmessage_composer.so.$(VERSION)' $(BUILD)/rust-dependent.out \
		|| { echo "test-install: the dependent crate did not link and load the staged library"; exit 1; }
	$(MAKE) --no-print-directory uninstall $(STAGE_VARS) > /dev/null
	@left=$$(find $(STAGE) ! -type d); test -z "$$left" || { echo "test-install: make uninstall left $$left"; exit 1; }
	@echo "test-install: installed, found by pkg-config from C and from a dependent crate, run, uninstalled"

test: check-tools generated-check exports-check test-header-compile test-swift test-c test-c-valgrind test-c-asan test-tsan \
	test-valgrind-user test-matrix test-fuzz-replay test-python test-python-types test-rust test-install test-examples test-readme test-try
	@echo "make test: every suite passed, no test skipped"

$(BUILD)/demo: bindings/c/examples/demo.c $(HEADER) lib
	$(CC) $(CFLAGS_STRICT) -Iinclude $< -L$(BUILD_LIBDIR) -lmessage_composer -Wl,-rpath,$(CURDIR)/$(BUILD_LIBDIR) -o $@

demo: $(BUILD)/demo
	$(BUILD)/demo

# The examples (README "Examples"): one flow per language through the public API (type, bold a word,
# mention through the "@" query, stage and upload a file, send, render a received message). Each
# exits non-zero when a call fails. `make examples` shows their output; `make test` runs them quietly
# (output in build/examples/).
$(BUILD)/flow-c: examples/c/flow.c $(HEADER) lib
	$(CC) $(CFLAGS_STRICT) -Iinclude $< -L$(BUILD_LIBDIR) -lmessage_composer -Wl,-rpath,$(CURDIR)/$(BUILD_LIBDIR) -o $@

example-c: $(BUILD)/flow-c
	$(BUILD)/flow-c

example-python: lib
	MESSAGE_COMPOSER_LIB=$(CURDIR)/$(LIB_REAL) PYTHONPATH=$(CURDIR)/bindings/python python3 examples/python/flow.py

example-rust: lib
	cd bindings/rust && MESSAGE_COMPOSER_LIB_DIR=$(CURDIR)/$(BUILD_LIBDIR) cargo run --quiet --example flow

examples: example-c example-python example-rust

# README.md's quick start as a reader copies it: the C, Python and Rust blocks written out, built
# the way the README says and run; each must print the markdown the README's comments promise
# (tools/check_readme.py).
test-readme: lib
	$(PYTHON) tools/check_readme.py --lib-dir $(BUILD_LIBDIR) --work $(BUILD)/readme --cflags "$(CFLAGS_STRICT)"

test-examples: $(BUILD)/flow-c
	@mkdir -p $(BUILD)/examples
	@for language in c python rust; do \
	  $(MAKE) --no-print-directory -s example-$$language > $(BUILD)/examples/$$language.log 2>&1 \
	    || { cat $(BUILD)/examples/$$language.log; echo "test-examples: the $$language example failed"; exit 1; }; \
	done
	@echo "test-examples: the C, Python and Rust flows ran (their output: $(BUILD)/examples/)"

# `make try`: an interactive composer in the terminal (examples/try, README "Try it"). `make test`
# drives it in a detached tmux session (examples/try/test_try.py).
TRY_SOURCES := $(wildcard examples/try/*.c)
$(BUILD)/try: $(TRY_SOURCES) $(wildcard examples/try/*.h) $(HEADER) lib
	$(CC) $(CFLAGS_STRICT) -Iinclude $(TRY_SOURCES) -L$(BUILD_LIBDIR) -lmessage_composer -Wl,-rpath,$(CURDIR)/$(BUILD_LIBDIR) -o $@

try: $(BUILD)/try
	@$(BUILD)/try

test-try: $(BUILD)/try
	python3 examples/try/test_try.py $(BUILD)/try

# Benchmarks of the release library. First the wire format side by side with cmark-gfm in C
# (tools/wire_bench.c on the seeded chat corpus of tools/chat_corpus.py, its short messages alone
# and one long message: receive, parse, send, per message, best of WIRE_BENCH_ROUNDS), then tools/bench.py (parse of pathological inputs vs plain and
# vs cmark-gfm, load/serialize of large drafts, per-keystroke editing). Prints tables; SUSPECT lines
# are findings, not failures. BENCH_ARGS=--quick for a smoke run of bench.py. The library is found
# through its unversioned link, build/lib/libmessage_composer.so.
BENCH_ARGS ?=
WIRE_BENCH_ROUNDS ?= 5
BENCH_DIR := $(BUILD)/bench
# Debian ships the extensions library without an unversioned link: it is named by its file name.
CMARK_LIBS := -lcmark-gfm -l:libcmark-gfm-extensions.so.0.29.0.gfm.6

$(BENCH_DIR)/corpus.md $(BENCH_DIR)/corpus-ru.md: tools/chat_corpus.py
	python3 tools/chat_corpus.py $(BENCH_DIR)

$(BENCH_DIR)/wire_bench: tools/wire_bench.c $(HEADER) lib
	mkdir -p $(BENCH_DIR)
	$(CC) $(CFLAGS_STRICT) -O2 -Iinclude $< -L$(BUILD_LIBDIR) -lmessage_composer -Wl,-rpath,$(CURDIR)/$(BUILD_LIBDIR) \
		$(CMARK_LIBS) -o $@

check-bench-tools:
	@PYTHON=$(PYTHON) tools/check-tools.sh bench

bench: check-bench-tools lib $(BENCH_DIR)/wire_bench $(BENCH_DIR)/corpus.md $(BENCH_DIR)/corpus-ru.md
	$(BENCH_DIR)/wire_bench $(BENCH_DIR)/corpus.md $(BENCH_DIR)/large.md $(WIRE_BENCH_ROUNDS) $(BENCH_DIR)/corpus-ru.md
	MESSAGE_COMPOSER_LIB=$(CURDIR)/$(BUILD_LIBDIR)/libmessage_composer.so python3 tools/bench.py $(BENCH_ARGS)

# Instructions per byte of mc_markdown_parse on bench.py's pathological inputs, counted by callgrind
# inside the call only (tools/profile_parse.py, driver tools/bench/parse_once.c): the noise-free
# reading of section A's "x plain" column. PROFILE_ARGS="--cases unclosed_strong --top 12" shows
# where one input's instructions go. `make bench` runs it too (about 15 seconds).
PROFILE_ARGS ?=
$(BENCH_DIR)/parse_once: tools/bench/parse_once.c $(HEADER) lib
	mkdir -p $(BENCH_DIR)
	$(CC) $(CFLAGS_STRICT) -O2 -Iinclude $< -L$(BUILD_LIBDIR) -lmessage_composer -Wl,-rpath,$(CURDIR)/$(BUILD_LIBDIR) -o $@

.PHONY: profile-parse
profile-parse: check-bench-tools $(BENCH_DIR)/parse_once
	python3 tools/profile_parse.py --driver $(BENCH_DIR)/parse_once $(PROFILE_ARGS)
bench: profile-parse

# Instructions per byte of the wire format's three directions, ours and cmark-gfm's, over the first
# 2,000 messages of the chat corpus (tools/profile_wire.py, driver tools/wire_bench.c --count): the
# noise-free reading of wire_bench's ratios. PROFILE_WIRE_ARGS="--top 12" shows where ours go.
# `make bench` runs it too (about a minute).
PROFILE_WIRE_ARGS ?=
.PHONY: profile-wire
profile-wire: check-bench-tools $(BENCH_DIR)/wire_bench $(BENCH_DIR)/corpus.md $(BENCH_DIR)/corpus-ru.md
	python3 tools/profile_wire.py --driver $(BENCH_DIR)/wire_bench --corpus $(BENCH_DIR)/corpus.md $(BENCH_DIR)/corpus-ru.md \
		--messages 2000 $(PROFILE_WIRE_ARGS)
bench: profile-wire

# Editing through the C API (tools/bench/editing_*.c, issue 9): keystrokes at 4 KiB-1 MiB with and
# without a listener, a getter against a no-op C call, heap per draft, two threads, long runs, the
# toolbar over a select-all, a paste of many lines; done-when checks.
EDITING_BENCH_SOURCES := $(wildcard tools/bench/editing_*.c)
$(BUILD)/editing-bench: $(EDITING_BENCH_SOURCES) tools/bench/editing_bench.h $(HEADER) lib
	$(CC) $(CFLAGS_STRICT) -O2 -Iinclude $(EDITING_BENCH_SOURCES) -L$(BUILD_LIBDIR) -lmessage_composer \
		-Wl,-rpath,$(CURDIR)/$(BUILD_LIBDIR) -lpthread -o $@
.PHONY: bench-editing
bench-editing: $(BUILD)/editing-bench
	$(BUILD)/editing-bench
bench: bench-editing

# Operator mutants of the engine run against the Swift suite (tools/mutants.py): in a worktree of
# HEAD under the temporary directory (the checkout is never written), about a minute a mutant; it
# lists the survivors, each a behaviour no test holds or an equivalent mutant. Not part of `make
# test`. MUTANTS_ARGS="--paths Sources/ComposerCore/Composer --count 40 --seed 7"; with
# "--suite c --paths Sources/ComposerCAPI" the C suite and the bad-input matrix judge instead.
MUTANTS_ARGS ?=
.PHONY: mutants
mutants:
	$(PYTHON) tools/mutants.py $(MUTANTS_ARGS)

# The lines no test runs (tools/coverage.sh): the engine under the Swift suite, the C layer under the
# C suite, the bad-input matrix and the Python suite (an instrumented debug library). Not part of
# `make test`: a reading, like the mutants, of where the tests do not reach. About two minutes.
coverage:
	tools/coverage.sh

# libFuzzer (release builds with -sanitize=fuzzer,address into .build/fuzz), FUZZ_SECONDS and/or
# FUZZ_RUNS executions per target: the wire format (Sources/fuzz-markdown), then C API call sequences
# (Sources/fuzz-api); each prints libFuzzer's final stats and a line "fuzz.sh: TARGET: N executions
# ...". Both run even when the first finds something; exits 1 on a finding. FUZZ_JOBS=N forks N
# workers per target (tools/fuzz.sh lists the other settings). With FUZZ_RUNS alone, no time limit.
FUZZ_SECONDS ?= $(if $(FUZZ_RUNS),0,60)
fuzz:
	tools/fuzz.sh $(FUZZ_SECONDS) markdown; m=$$?; tools/fuzz.sh $(FUZZ_SECONDS) api; a=$$?; test $$m -eq 0 && test $$a -eq 0

# The library with its SONAME and link-time links and its debug info (beside it: its debuglink
# resolves there), the committed header (`make test` keeps it fresh), the pkg-config file (its
# libdir and includedir written relative to ${prefix} when they lie under PREFIX), the valgrind
# suppressions and the legal files. Run ldconfig afterwards when LIBDIR is a system directory.
INSTALLED_LIBS := libmessage_composer.so.$(VERSION) $(notdir $(LIB_DEBUG)) $(LIB_SONAME) libmessage_composer.so
PC_LIBDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))
PC_INCLUDEDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))
DOCDIR = $(DATADIR)/doc/message_composer

install: lib
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR) \
		$(DESTDIR)$(DATADIR)/message_composer $(DESTDIR)$(DOCDIR)
	install -m 0755 $(LIB_REAL) $(DESTDIR)$(LIBDIR)/
	install -m 0644 $(LIB_DEBUG) $(DESTDIR)$(LIBDIR)/
	ln -sf libmessage_composer.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libmessage_composer.so
	install -m 0644 $(HEADER) $(DESTDIR)$(INCLUDEDIR)/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(PC_LIBDIR)|g' -e 's|@INCLUDEDIR@|$(PC_INCLUDEDIR)|g' \
		-e 's|@VERSION@|$(VERSION)|g' tools/message_composer.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/message_composer.pc
	install -m 0644 tools/message_composer.supp $(DESTDIR)$(DATADIR)/message_composer/
	install -m 0644 LICENSE NOTICE CHANGELOG.md $(DESTDIR)$(DOCDIR)/

# Removes what `make install` put there, given the same variables; directories are removed only
# when they are the project's own.
uninstall:
	rm -f $(addprefix $(DESTDIR)$(LIBDIR)/,$(INSTALLED_LIBS)) $(DESTDIR)$(INCLUDEDIR)/message_composer.h \
		$(DESTDIR)$(PKGCONFIGDIR)/message_composer.pc $(DESTDIR)$(DATADIR)/message_composer/message_composer.supp \
		$(addprefix $(DESTDIR)$(DOCDIR)/,LICENSE NOTICE CHANGELOG.md)
	rmdir $(DESTDIR)$(DATADIR)/message_composer $(DESTDIR)$(DOCDIR) 2>/dev/null || true

clean:
	rm -rf $(BUILD) .build bindings/rust/target
