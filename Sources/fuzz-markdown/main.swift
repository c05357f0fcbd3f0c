// fuzz-markdown: libFuzzer target for the wire-format parser and serializer (ComposerCore, public API).
//
// For every input, that the library's UTF-8 check agrees with the standard library's; then, for
// every input that is valid UTF-8 (other inputs are skipped), it checks:
//   1. MarkdownParser.parse never traps (a trap is a crash libFuzzer reports) and gives a
//      well-formed document (style runs cover the text, one block entry per line, line breaks
//      unstyled), whose flat spans are its spans and which parseFlat gives too, and whose JSON and
//      HTML are what the C API writes while parsing (parseJSON, renderUTF8(markdown:));
//   2. exactness: for D = parse(input), parse(serialize(D), names) == D, where names maps each
//      mention uid of D to its display name (taken from D.spans);
//   3. the document JSON round-trips: Document(json: D.json) loads and == D;
//   4. when the input itself is document JSON that loads (a document that did not come from the
//      parser), exactness holds for it too: parse(serialize(D), names) == D (README "The document JSON",
//      for every document that loads). Seeds in that shape let the fuzzer mutate documents directly.
// A violated property prints the input, what was expected and what came out, then abort()s, so
// libFuzzer saves the input as a crash-* artifact.
//
// Two builds of this one file (main.swift, so top-level code is the entry point in both):
//   - fuzzing (tools/fuzz.sh): `swift build --product fuzz-markdown -Xswiftc -sanitize=fuzzer,address
//     -Xswiftc -DFUZZING` (plus the coverage flags tools/fuzz.sh chooses: edges and counters, no
//     comparison tracing unless FUZZ_TRACE_CMP=1); the top-level code hands control to libFuzzer's driver
//     (LLVMFuzzerRunDriver), which runs LLVMFuzzerTestOneInput. (`-parse-as-library`, leaving main()
//     to libFuzzer, does not link under SwiftPM: it links every executable with
//     `--defsym main=<module>_main`, and that symbol exists only when the module has top-level code.)
//   - plain (`swift build`, `swift test`): the top-level code replays files given on the command line
//     (crash artifacts, corpus directories) through the same checks, without sanitizers, reporting
//     every failing file instead of stopping at the first.
import ComposerCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the checks on one input; returns a description of the first violation, or nil.
///
/// Each thing is computed once per input (the flat form, the spans, the JSON of D), and documents
/// are compared by their canonical JSON bytes (see `sameDocument`), not with `Document.==`: under
/// the fuzzer's instrumentation the checks, not the parser, were most of an execution's time.
func checkMarkdown(_ input: String) -> String? {
    let bytes = Array(input.utf8)
    // MarkdownParser.parse(input) is Document(flat: parseFlat(input)) (MarkdownParser.swift): the
    // flat result is kept, so that "parseFlat gives the document too" compares the two forms of one
    // parse (the tree built from the flat form must give that flat form back).
    let parsedFlat = MarkdownParser.parseFlat(utf8: bytes)
    let document = Document(flat: parsedFlat)
    let flat = document.flat
    let json = flat.jsonUTF8
    let spans = flat.spans
    if let failure = checkShape(document, flat: flat, spans: spans, json: json, parsedFlat: parsedFlat, bytes: bytes, input: input) {
        return failure
    }
    if let failure = checkExactness(flat, spans: spans, json: json, input: input, origin: "D = parse(input)") { return failure }

    let text = String(decoding: json, as: UTF8.self)
    do {
        let loaded = try Document(json: text)
        if !sameDocument(loaded, json) {
            return """
                PROPERTY VIOLATED: Document(json: D.json) != D (JSON round trip)
                input:   \(input.debugDescription)
                D:       \(text)
                loaded:  \(loaded.json)
                """
        }
    } catch {
        return """
            PROPERTY VIOLATED: Document(json: D.json) throws (a parsed document does not load)
            input:  \(input.debugDescription)
            D:      \(text)
            error:  \(error)
            """
    }

    if bytes.first == UInt8(ascii: "{"), let loaded = try? Document(json: input) {
        let loadedFlat = loaded.flat
        return checkExactness(loadedFlat, spans: loadedFlat.spans, json: loadedFlat.jsonUTF8, input: input, origin: "D = Document(json: input)")
    }
    return nil
}

/// Whether `document` == the document whose canonical JSON is `json`, compared by JSON bytes.
/// The same thing as `Document.==` (text, line blocks and canonical spans equal): the document JSON
/// is written from the text and the canonical spans (JSONWriter+Document.swift), every string
/// escaped one way only, so equal bytes mean equal text and equal spans, and back; the line blocks
/// are the block spans (maximal runs of lines with one block, an empty span for a block on one
/// empty line alone), so equal spans over one text mean equal line blocks. The spans in the JSON
/// are the flat form's; that they are the tree's (`Document.spans`) is checked on every parsed
/// document (`checkShape`). Stricter than comparing `String`s, whose `==` is canonical equivalence.
func sameDocument(_ document: Document, _ json: [UInt8]) -> Bool {
    document.flat.jsonUTF8 == json
}

/// The document is well formed, read through its flat form: style runs cover the text exactly, one
/// block entry per line, every line break in a plain run; the flat form's spans are the document's
/// spans; and the parser's flat output (what the C API renders and writes as JSON) is the document.
/// (Without this, a malformed parse result shows up later as an index trap inside the serializer.)
func checkShape(_ document: Document, flat: FlatDocument, spans: [Span], json: [UInt8], parsedFlat: FlatDocument, bytes: [UInt8],
                input: String) -> String? {
    let lines = flat.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    var problems: [String] = []
    if flat.runs.reduce(0, { $0 + $1.utf8Count }) != flat.utf8.count { problems.append("runs do not cover the text") }
    if flat.lineBlocks.count != lines { problems.append("\(lines) lines, \(flat.lineBlocks.count) line blocks") }
    var offset = 0
    for run in flat.runs {
        if run.style != .plain, flat.utf8[offset..<min(flat.utf8.count, offset + run.utf8Count)].contains(0x0A) {
            problems.append("a line break is styled")
        }
        offset += run.utf8Count
    }
    if spans != document.spans { problems.append("flat spans \(spans) differ from spans \(document.spans)") }
    if parsedFlat.jsonUTF8 != json { problems.append("parseFlat gives \(parsedFlat.json)") }
    // What the C API returns, written while parsing, is what the document gives.
    let streamedJSON = MarkdownParser.parseJSON(utf8: bytes)
    if streamedJSON != json { problems.append("parseJSON gives \(String(decoding: streamedJSON, as: UTF8.self))") }
    let streamedHTML = HTMLRenderer.renderUTF8(markdown: bytes)
    if streamedHTML != HTMLRenderer.renderUTF8(flat) {
        problems.append("streamed HTML \(String(decoding: streamedHTML, as: UTF8.self)) differs from \(HTMLRenderer.render(flat))")
    }
    guard !problems.isEmpty else { return nil }
    return """
        PROPERTY VIOLATED: parse(input) is malformed: \(problems.joined(separator: "; "))
        input:  \(input.debugDescription)
        text:   \(document.text.debugDescription)
        """
}

/// parse(serialize(D), names) == D, names being D's mention uid -> display name. D comes as its
/// flat form (`serialize(D)` is `serialize(D.flat)`, MarkdownSerializer.swift), spans and JSON.
func checkExactness(_ flat: FlatDocument, spans: [Span], json: [UInt8], input: String, origin: String) -> String? {
    var names: [String: String] = [:]
    for span in spans {
        if case .mention(let uid, let name) = span.format { names[uid] = name }
    }
    let wire = MarkdownSerializer.serialize(flat)
    let reparsed = MarkdownParser.parse(wire, names: names)
    if !sameDocument(reparsed, json) {
        return """
            PROPERTY VIOLATED: parse(serialize(D)) != D (wire exactness), \(origin)
            input:      \(input.debugDescription)
            D:          \(String(decoding: json, as: UTF8.self))
            serialize:  \(wire.debugDescription)
            reparsed:   \(reparsed.json)
            """
    }
    return nil
}

/// Valid UTF-8 only: other byte strings are skipped (the C API refuses them before the parser).
func decodeUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    String(validating: bytes, as: UTF8.self)
}

/// The library's UTF-8 check (`MarkdownParser.isValidUTF8`, what every C string goes through)
/// against the standard library's (`decoded` is nil when that refuses the bytes), on every input,
/// the ones the other checks leave out included: a description of a disagreement, or nil.
func checkUTF8(_ bytes: UnsafeBufferPointer<UInt8>, decoded: String?) -> String? {
    let valid = MarkdownParser.isValidUTF8(bytes)
    return valid == (decoded != nil) ? nil : "isValidUTF8 says \(valid) of \(Array(bytes))"
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let input = decodeUTF8(bytes)
    if let failure = checkUTF8(bytes, decoded: input) {
        print(failure)
        fflush(nil)
        abort()
    }
    guard let input else { return 0 }
    if let failure = checkMarkdown(input) {
        print(failure)
        fflush(nil)  // all streams (naming `stdout` is not concurrency-safe in Swift 6)
        abort()
    }
    return 0
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
exit(runFuzzerDriver(&fuzzerArgc, &fuzzerArgv) { data, size in
    var empty: UInt8 = 0
    guard let data else { return withUnsafePointer(to: &empty) { fuzz($0, 0) } }
    return fuzz(data, size)
})
#else
/// Replay mode: `fuzz-markdown FILE|DIR...` runs every file through the checks and reports each
/// violation (exit 1 when any), without aborting at the first.
func replay(_ paths: [String]) -> Int32 {
    var files: [String] = []
    for path in paths {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                    guard let base = raw.bindMemory(to: CChar.self).baseAddress else { return "." }
                    return String(cString: base)
                }
                if name != "." && name != ".." { files.append(path + "/" + name) }
            }
            closedir(dir)
        } else {
            files.append(path)
        }
    }
    var failures = 0
    var skipped = 0
    for file in files.sorted() {
        guard let handle = fopen(file, "rb") else { print("cannot open \(file)"); failures += 1; continue }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, handle)
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        fclose(handle)
        let input = bytes.withUnsafeBufferPointer(decodeUTF8)
        if let failure = bytes.withUnsafeBufferPointer({ checkUTF8($0, decoded: input) }) {
            print("== \(file)\n\(failure)")
            failures += 1
        }
        guard let input else {
            skipped += 1
            continue
        }
        if let failure = checkMarkdown(input) {
            print("== \(file)\n\(failure)")
            failures += 1
        }
    }
    print("fuzz-markdown replay: \(files.count) files, \(skipped) not UTF-8, \(failures) failing")
    return failures == 0 ? 0 : 1
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty {
    print("usage: fuzz-markdown FILE|DIR... (replays inputs; build with tools/fuzz.sh to fuzz)")
    exit(2)
}
exit(replay(arguments))
#endif
