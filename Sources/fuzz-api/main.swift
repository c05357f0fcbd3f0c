// fuzz-api: libFuzzer target for the whole C API (issue 14, part 1). An input is a configuration
// byte and then a sequence of calls on up to two drafts (Operations.swift); after every call the
// properties of Checks.swift are checked. A violation prints what broke, then the C call sequence
// that led there, and aborts, so libFuzzer saves the input.
//
// The harness calls the exported `mc_*` functions of module ComposerCAPI with C argument types and
// reads results as generic JSON: it depends on the header's contract, not on the engine.
//
// Builds (as fuzz-markdown; main.swift so top-level code is the entry point in both):
//   - fuzzing (tools/fuzz.sh api): `swift build --product fuzz-api -Xswiftc -sanitize=fuzzer,address
//     -Xswiftc -DFUZZING` (plus the coverage flags tools/fuzz.sh chooses: edges and counters, no
//     comparison tracing unless FUZZ_TRACE_CMP=1): the top-level code hands control to libFuzzer's
//     driver.
//   - plain (`swift build --product fuzz-api`): `fuzz-api [-v] FILE|DIR...` replays inputs, each in a
//     child process (a violation aborts), and reports every failing file; -v prints each file's C
//     calls; `fuzz-api --in-process [--passes N] FILE|DIR...` runs them all in this process
//     instead and prints the time (a fixed workload for callgrind or perf); N passes over the same
//     inputs also print the resident memory after each (what the library keeps between calls).
//     Both builds take `--seeds DIR` (write the seed corpus, Seeds.swift) and `--dict FILE` (write
//     a libFuzzer dictionary of whole calls) and exit.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs one input through a new session (aborts on a violation).
func runInput(_ bytes: [UInt8]) {
    currentInput = bytes
    Session(bytes).run()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runInput(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "--seeds" {
    exit(writeSeeds(to: arguments[1]))
}
if arguments.count == 2, arguments[0] == "--dict" {
    exit(writeDictionary(to: arguments[1]))
}

#if FUZZING
/// libFuzzer's driver, linked in by `-sanitize=fuzzer` (declared by its C signature:
/// `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*cb)(const uint8_t *, size_t))`).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var fuzzerArgc = CommandLine.argc
var fuzzerArgv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&fuzzerArgc, &fuzzerArgv) { data, size in fuzz(data, size) })
#else
if arguments.first == "--in-process" {
    var rest = Array(arguments.dropFirst())
    var passes = 1
    if rest.count >= 2, rest[0] == "--passes" {
        guard let n = Int(rest[1]), n >= 1 else { print("--passes: a number of passes, at least 1"); exit(2) }
        passes = n
        rest.removeFirst(2)
    }
    exit(runInProcess(rest, passes: passes))
}
let verbose = arguments.first == "-v"
let paths = verbose ? Array(arguments.dropFirst()) : arguments
if paths.isEmpty {
    print("usage: fuzz-api [-v] FILE|DIR...   (replays inputs; build with tools/fuzz.sh api to fuzz)\n       fuzz-api --in-process FILE|DIR...\n       fuzz-api --seeds DIR")
    exit(2)
}
exit(replay(paths, verbose: verbose))
#endif
