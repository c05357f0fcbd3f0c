# MessageComposer: `make` builds the release library and header; `make test` runs every suite;
# `make demo` runs the C demo. See README.md.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
PREFIX ?= /usr/local
DESTDIR ?=
VERSION := 0.1.0
ABI := 0

BUILD := build
LIBDIR := $(BUILD)/lib
LIB_REAL := $(LIBDIR)/libmessage_composer.so.$(VERSION)
LIB_SONAME := libmessage_composer.so.$(ABI)
HEADER := include/message_composer.h
SWIFT_SOURCES := $(shell find Sources -name '*.swift') Package.swift
CC ?= cc
CFLAGS_STRICT := -std=c11 -Wall -Wextra -Werror -pedantic
# Release: Swift runtime linked in, SONAME set, only mc_* exported. lld, because gold leaves
# local Swift metadata symbols in the dynamic symbol table.
SWIFT_RELEASE_FLAGS := -c release --toolset $(CURDIR)/tools/release-toolset.json --disable-local-rpath -Xswiftc -static-stdlib \
	-Xlinker -soname=$(LIB_SONAME) -Xlinker --version-script=$(CURDIR)/tools/exports.map

.PHONY: all lib header header-check exports-check test test-swift test-c test-c-valgrind test-c-asan \
	test-python test-rust test-header-compile demo install clean bench fuzz

all: lib header

lib: $(LIB_REAL)

$(LIB_REAL): $(SWIFT_SOURCES) tools/exports.map tools/release-toolset.json
	swift build $(SWIFT_RELEASE_FLAGS) --product message_composer
	mkdir -p $(LIBDIR)
	cp .build/release/libmessage_composer.so $(LIB_REAL)
	strip --strip-unneeded $(LIB_REAL)  # debug info stays in .build/release
	ln -sf libmessage_composer.so.$(VERSION) $(LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(LIBDIR)/libmessage_composer.so

# The header is generated from the Swift declarations and committed; `header-check` fails when the
# committed one is stale.
$(BUILD)/message_composer.h: $(SWIFT_SOURCES)
	mkdir -p $(BUILD)
	swift build --product generate-header
	swiftc -typecheck -parse-as-library $$(find Sources/ComposerCAPI -name '*.swift') -module-name ComposerCAPI \
		-I .build/debug/Modules -emit-clang-header-path $(BUILD)/compiler-header.h
	.build/debug/generate-header $(BUILD)/compiler-header.h > $@.tmp
	mv $@.tmp $@

header: $(BUILD)/message_composer.h
	cp $(BUILD)/message_composer.h $(HEADER)

header-check: $(BUILD)/message_composer.h
	@diff -u $(HEADER) $(BUILD)/message_composer.h || { echo "include/message_composer.h is stale: run 'make header'"; exit 1; }
	@echo "header-check: committed header matches the Swift declarations"

# The .so exports exactly the functions the header declares, and nothing else.
exports-check: lib
	@nm -D --defined-only $(LIB_REAL) | awk '{print $$3}' | sort > $(BUILD)/exports.txt
	@grep -E '^[a-z].*\bmc_[a-z_0-9]+\(' $(HEADER) | grep -oE 'mc_[a-z_0-9]+\(' | tr -d '(' | sort > $(BUILD)/declared.txt
	@diff -u $(BUILD)/declared.txt $(BUILD)/exports.txt || { echo "exports and header disagree"; exit 1; }
	@! ldd $(LIB_REAL) | grep -i swift || { echo "the library links a Swift runtime dynamically"; exit 1; }
	@echo "exports-check: $$(wc -l < $(BUILD)/exports.txt) functions, all mc_*, all declared; no Swift libraries in ldd"

test-header-compile:
	@for cc in gcc clang; do \
	  echo '#include "message_composer.h"' | $$cc $(CFLAGS_STRICT) -Iinclude -x c -c - -o /dev/null || exit 1; \
	done
	@echo '#include "message_composer.h"' | g++ -std=c++17 -Wall -Wextra -Werror -pedantic -Iinclude -x c++ -c - -o /dev/null
	@echo "test-header-compile: gcc, clang (C11) and g++ (C++17) compile the header cleanly"

test-swift:
	swift test 2>&1 | tee $(BUILD)/swift-test.log | tail -n 40; test $${PIPESTATUS[0]} -eq 0

C_TEST_SOURCES := $(wildcard bindings/c/tests/*.c)
$(BUILD)/c-tests: $(C_TEST_SOURCES) $(HEADER) lib
	$(CC) $(CFLAGS_STRICT) -g -Iinclude -Ibindings/c/tests $(C_TEST_SOURCES) -L$(LIBDIR) -lmessage_composer \
		-Wl,-rpath,$(CURDIR)/$(LIBDIR) -lpthread -o $@

$(BUILD)/c-tests-asan: $(C_TEST_SOURCES) $(HEADER) lib
	clang $(CFLAGS_STRICT) -g -fsanitize=address -fno-omit-frame-pointer -Iinclude -Ibindings/c/tests $(C_TEST_SOURCES) \
		-L$(LIBDIR) -lmessage_composer -Wl,-rpath,$(CURDIR)/$(LIBDIR) -lpthread -o $@

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

test-python: lib
	MESSAGE_COMPOSER_LIB=$(CURDIR)/$(LIB_REAL) python3 -m pytest -q bindings/python/tests

test-rust: lib
	cd bindings/rust && MESSAGE_COMPOSER_LIB_DIR=$(CURDIR)/$(LIBDIR) cargo test --quiet

test: header-check exports-check test-header-compile test-swift test-c test-c-valgrind test-c-asan test-python test-rust
	@echo "make test: every suite passed"

$(BUILD)/demo: bindings/c/examples/demo.c $(HEADER) lib
	$(CC) $(CFLAGS_STRICT) -Iinclude $< -L$(LIBDIR) -lmessage_composer -Wl,-rpath,$(CURDIR)/$(LIBDIR) -o $@

demo: $(BUILD)/demo
	$(BUILD)/demo

# Benchmarks of the release library (tools/bench.py: parse of pathological inputs vs plain and vs
# cmark-gfm, load/serialize of large drafts, per-keystroke editing). Prints tables; SUSPECT lines are
# findings, not failures. BENCH_ARGS=--quick for a smoke run.
BENCH_ARGS ?=
bench: lib
	MESSAGE_COMPOSER_LIB=$(CURDIR)/$(LIBDIR)/$(LIB_SONAME) python3 tools/bench.py $(BENCH_ARGS)

# libFuzzer (built with -sanitize=fuzzer,address into .build/fuzz), FUZZ_SECONDS per target: the wire
# format (Sources/fuzz-markdown), then C API call sequences (Sources/fuzz-api); each prints
# libFuzzer's final stats. Both run even when the first finds something; exits 1 on a finding.
FUZZ_SECONDS ?= 60
fuzz:
	tools/fuzz.sh $(FUZZ_SECONDS) markdown; m=$$?; tools/fuzz.sh $(FUZZ_SECONDS) api; a=$$?; test $$m -eq 0 && test $$a -eq 0

install: lib header
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 0755 $(LIB_REAL) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libmessage_composer.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(PREFIX)/lib/libmessage_composer.so
	install -m 0644 $(HEADER) $(DESTDIR)$(PREFIX)/include/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' tools/message_composer.pc.in \
		> $(DESTDIR)$(PREFIX)/lib/pkgconfig/message_composer.pc

clean:
	rm -rf $(BUILD) .build bindings/rust/target
