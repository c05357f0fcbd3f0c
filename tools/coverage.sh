#!/usr/bin/env bash
# Which lines no test runs (`make coverage`), in three parts, each judged by the suites that test it:
#   - the engine (Sources/ComposerCore) by the Swift suite, `swift test --enable-code-coverage`;
#   - the C layer (Sources/ComposerCAPI) by the C suite, the bad-input matrix and the Python suite,
#     run against a debug build of the library instrumented for coverage;
#   - the Python binding (bindings/python/message_composer) by its suite, with coverage.py when it
#     is installed (`pip install coverage`; the part is skipped, saying so, without it);
#   - the Rust binding (bindings/rust/src, bindings/rust/sys/src) by its tests, built with rustc's
#     `-C instrument-coverage` and read with the Swift toolchain's llvm-profdata and llvm-cov (the
#     part is skipped, saying so, when cargo is missing or that llvm-profdata cannot read rustc's
#     profiles). Doc tests are not instrumented: a line only an example runs shows as never run.
# Prints each part's line coverage, then every line never run, by file. A line never run is a
# behaviour no test holds (a mutant there cannot fail), code nothing calls, or a defensive branch
# no input reaches: the same three answers as for a surviving mutant (tools/mutants.py), found
# without building a mutant per line. About two minutes on an idle two-core machine.
#
#   tools/coverage.sh [OUT_DIR]   (default build/coverage; the builds go to OUT_DIR/build-*)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-build/coverage}")
mkdir -p "$out"
bin=$(dirname "$(readlink -f "$(command -v swift)")")
llvm_cov=$bin/llvm-cov
llvm_profdata=$bin/llvm-profdata
for tool in "$llvm_cov" "$llvm_profdata"; do
    [[ -x $tool ]] || { echo "coverage.sh: $tool not found (it comes with the Swift toolchain)" >&2; exit 2; }
done

# The lines of `sources` that `lcov` (llvm-cov's lcov export) shows never run, by file; files whose
# path matches the regular expression `skip` are left out.
missed_lines() {
    local lcov=$1 sources=$2 skip=${3:-}
    python3 - "$lcov" "$sources" "$skip" <<'PY'
import collections, re, sys
lcov, sources, skip = sys.argv[1], sys.argv[2], sys.argv[3]
missed, counted, current = collections.defaultdict(set), collections.Counter(), None
for line in open(lcov):
    if line.startswith("SF:"):
        current = line[3:].strip()
    elif line.startswith("DA:") and sources in current and not (skip and re.search(skip, current)):
        number, count = line[3:].split(",")[:2]
        counted[current] += 1
        if int(count) == 0:
            missed[current].add(int(number))
total, never = sum(counted.values()), sum(len(v) for v in missed.values())
print(f"{sources}: {total - never} of {total} lines run ({100 * (total - never) / max(total, 1):.2f}%), {never} never")
for path in sorted(missed):
    text = open(path).read().split("\n")
    print(f"  {path[path.index(sources):]}")
    for number in sorted(missed[path]):
        print(f"    {number:5}: {text[number - 1].strip()}")
PY
}

echo "== the engine, by the Swift suite"
scratch=$out/build-swift
swift build --build-tests --enable-code-coverage --scratch-path "$scratch" > "$out/swift-build.log" 2>&1 \
    || { tail -n 20 "$out/swift-build.log"; exit 1; }
swift test --skip-build --enable-code-coverage --scratch-path "$scratch" > "$out/swift-test.log" 2>&1 \
    || { tail -n 20 "$out/swift-test.log"; exit 1; }
debug=$(swift build --show-bin-path --scratch-path "$scratch")
"$llvm_cov" export -format=lcov "$debug/MessageComposerPackageTests.xctest" \
    -instr-profile "$debug/codecov/default.profdata" > "$out/engine.lcov" 2>/dev/null
missed_lines "$out/engine.lcov" "Sources/ComposerCore/" | tee "$out/engine.txt"

echo "== the C layer, by the C suite, the bad-input matrix and the Python suite"
scratch=$out/build-c
swift build --product message_composer --scratch-path "$scratch" -Xswiftc -profile-generate \
    -Xswiftc -profile-coverage-mapping > "$out/c-build.log" 2>&1 || { tail -n 20 "$out/c-build.log"; exit 1; }
debug=$(swift build --show-bin-path --scratch-path "$scratch")
# The test programs ask for the library by its soname: a directory holding the instrumented one
# under that name comes first on the search path (their RUNPATH names build/lib, which
# LD_LIBRARY_PATH overrides).
mkdir -p "$out/lib" "$out/profiles"
rm -f "$out"/profiles/*.profraw
ln -sf "$debug/libmessage_composer.so" "$out/lib/libmessage_composer.so.1"
make -s build/c-tests build/matrix > /dev/null
export LD_LIBRARY_PATH=$out/lib
LLVM_PROFILE_FILE=$out/profiles/c-%p.profraw build/c-tests | tail -n 1
LLVM_PROFILE_FILE=$out/profiles/matrix-%p.profraw build/matrix | tail -n 1
# The Python suite runs once for both its parts: under coverage.py, when installed, for the package's
# own lines (reported last), and against the instrumented library for the C layer's.
python_part=false
python3 -c "import coverage" 2> /dev/null && python_part=true
pytest=(python3 -m pytest)
$python_part && pytest=(python3 -m coverage run --source=../message_composer -m pytest)
(cd bindings/python/tests && COVERAGE_FILE=$out/python.coverage LLVM_PROFILE_FILE=$out/profiles/python-%p.profraw \
    MESSAGE_COMPOSER_LIB=$out/lib/libmessage_composer.so.1 PYTHONPATH=$PWD/.. "${pytest[@]}" -q -p no:cacheprovider . | tail -n 1)
"$llvm_profdata" merge -sparse "$out"/profiles/*.profraw -o "$out/c.profdata"
"$llvm_cov" export -format=lcov "$debug/libmessage_composer.so" -instr-profile "$out/c.profdata" > "$out/c.lcov" 2>/dev/null
# CConstants.swift is the header generator's table, never run by the library; so are the `cName`
# and `doc` of the enums it lists (Status.swift, Exports/Attachments.swift), which show up below.
missed_lines "$out/c.lcov" "Sources/ComposerCAPI/" "/CConstants\\.swift$" | tee "$out/c.txt"

echo "== the Python binding, by its suite (the run above)"
if $python_part; then
    COVERAGE_FILE=$out/python.coverage python3 -m coverage report -m --skip-covered | tee "$out/python.txt"
else
    echo "coverage.py is not installed (pip install coverage): skipped"
fi

echo "== the Rust binding, by its tests"
if ! command -v cargo > /dev/null; then
    echo "cargo is not installed: skipped"
    exit 0
fi
unset LD_LIBRARY_PATH  # the tests load the release library they link (build/lib), not the instrumented one
rm -rf "$out/rust-profiles"
mkdir -p "$out/rust-profiles"
rust_env=(env MESSAGE_COMPOSER_LIB_DIR="$PWD/build/lib" RUSTFLAGS="-C instrument-coverage"
    CARGO_TARGET_DIR="$out/build-rust" LLVM_PROFILE_FILE="$out/rust-profiles/rust-%p-%m.profraw")
make -s lib > /dev/null
# The test programs cargo builds (one per file of tests/ and one per crate), named by its JSON.
tests=$(cd bindings/rust && "${rust_env[@]}" cargo test --workspace --tests --no-run --message-format=json 2> "$out/rust-build.log" \
    | python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["executable"])') || { tail -n 20 "$out/rust-build.log"; exit 1; }
(cd bindings/rust && "${rust_env[@]}" cargo test --workspace --tests --quiet 2>&1) | tee "$out/rust-test.log" \
    | awk '/^test result/ { passed += $4; failed += $6 } END { print "Rust tests: " passed " passed, " failed " failed" }'
grep -q "^test result: FAILED" "$out/rust-test.log" && { grep -v "^test result" "$out/rust-test.log" | tail -n 20; exit 1; }
if ! "$llvm_profdata" merge -sparse "$out"/rust-profiles/*.profraw -o "$out/rust.profdata" 2> "$out/rust-merge.log"; then
    echo "$llvm_profdata cannot read rustc's profiles ($(head -n 1 "$out/rust-merge.log")): skipped"
    exit 0
fi
# llvm-cov takes the first program as its argument and each further one after -object.
objects=()
for test in $tests; do objects+=(-object "$test"); done
"$llvm_cov" export -format=lcov "${objects[@]:1}" -instr-profile "$out/rust.profdata" > "$out/rust.lcov" 2>/dev/null
missed_lines "$out/rust.lcov" "bindings/rust/" "/tests/" | tee "$out/rust.txt"
