/// Reads wire markdown into a document: the block structure (paragraphs, block quotes, bullet and
/// ordered lists, fenced code, the `<p></p>` empty-line marker) with CommonMark's container rules,
/// flattened to one block format per line (a line in a list item is a list line, in a quote a
/// quote line, in a fence a code line), and inline content through `InlineParser`. Any input is
/// valid: what the subset does not cover stays literal text.
///
/// The parser works on the input's UTF-8 bytes: lines and paragraph lines are ranges into the
/// input, output goes into one `FlatDocument` (bytes and style runs), and offsets become scalar
/// offsets only when a `Document` is made of it.
public enum MarkdownParser {
    /// Parses `markdown`; mention uids resolve to display names through `names` (a uid without
    /// a name shows as itself).
    public static func parse(_ markdown: String, names: [String: String] = [:]) -> Document {
        parse(utf8: Array(markdown.utf8), names: names)
    }

    /// `parse` of markdown given as UTF-8 bytes, which must be valid UTF-8 (the C API's, checked
    /// once there: a `String` made of them was checked and copied again, a sixth of loading a
    /// message of 1 MB).
    public static func parse(utf8 markdown: [UInt8], names: [String: String] = [:]) -> Document {
        Document(flat: parseFlat(utf8: markdown, names: names))
    }

    /// What `parse` reads, as a flat document (for renderers that need no `Document`).
    public static func parseFlat(_ markdown: String, names: [String: String] = [:]) -> FlatDocument {
        parseFlat(utf8: Array(markdown.utf8), names: names)
    }

    /// `parseFlat` of markdown given as UTF-8 bytes, which must be valid UTF-8.
    public static func parseFlat(utf8 markdown: [UInt8], names: [String: String] = [:]) -> FlatDocument {
        let source = input(markdown)
        var parser = BlockParser(source: source, names: names, output: FlatBuilder(capacity: source.count))
        parser.run()
        return parser.output.flat
    }

    /// The document JSON (`Document.json`) of markdown given as UTF-8 bytes, which must be valid
    /// UTF-8: `parseFlat(utf8:).jsonUTF8`, written while parsing.
    public static func parseJSON(utf8 markdown: [UInt8], names: [String: String] = [:]) -> [UInt8] {
        parseJSON(utf8: markdown, names: names) { Array($0) }
    }

    /// `parseJSON(utf8:names:)`, its bytes lent to `body` (valid during the call only) instead of
    /// copied into an array: the C API copies them once, into the string it returns.
    /// `zeroFree`: the caller knows the bytes hold no zero byte (they were read from a C string,
    /// which ends at its first), so the scan that replaces U+0000 is skipped.
    public static func parseJSON<R>(utf8 markdown: [UInt8], names: [String: String] = [:], zeroFree: Bool = false,
                                    _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try parse(utf8: markdown, names: names, zeroFree: zeroFree, into: DocumentJSONBuilder.self, body)
    }

    /// `parseJSON(utf8:names:zeroFree:_:)` of bytes in the caller's memory (a C string's, valid
    /// UTF-8 without a zero byte): copied into the input buffer kept with the output's
    /// (`OutputBuffers.input`), not into a new array, which was allocated and freed for every
    /// message, a few percent of parsing a chat message.
    public static func parseJSON<R>(zeroFreeUTF8 markdown: UnsafeBufferPointer<UInt8>, names: [String: String] = [:],
                                    _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try parse(zeroFreeUTF8: markdown, names: names, into: DocumentJSONBuilder.self, body)
    }

    /// The safe HTML (`HTMLRenderer`) of markdown in the caller's memory, as `parseJSON(zeroFreeUTF8:names:_:)`.
    static func parseHTML<R>(zeroFreeUTF8 markdown: UnsafeBufferPointer<UInt8>, names: [String: String],
                             _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try parse(zeroFreeUTF8: markdown, names: names, into: HTMLBuilder.self, body)
    }

    /// `parse(utf8:names:zeroFree:into:_:)` of bytes in memory, through the kept input buffer.
    @inline(__always)
    private static func parse<Output: ByteParseOutput, R>(zeroFreeUTF8 markdown: UnsafeBufferPointer<UInt8>, names: [String: String],
                                                          into: Output.Type,
                                                          _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try OutputBuffers.withReused(bytes: Output.outputBytes(capacity: markdown.count)) { kept in
            let source = kept.takeInput(markdown)
            return try run(consume source, names: names, kept: &kept, into: Output.self, body)
        }
    }

    /// The safe HTML (`HTMLRenderer`) of markdown given as valid UTF-8 bytes, written while
    /// parsing.
    static func parseHTML<R>(utf8 markdown: [UInt8], names: [String: String], zeroFree: Bool,
                             _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try parse(utf8: markdown, names: names, zeroFree: zeroFree, into: HTMLBuilder.self, body)
    }

    /// Parses markdown given as valid UTF-8 bytes into an output of bytes, lent to `body`; the
    /// output's buffers then go back to their pool. Inlined: left generic, each parse looked up
    /// the metadata of the parser's types at run time (a third more instructions).
    @inline(__always)
    private static func parse<Output: ByteParseOutput, R>(utf8 markdown: [UInt8], names: [String: String], zeroFree: Bool,
                                                          into: Output.Type,
                                                          _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let source = zeroFree ? markdown : input(markdown)
        return try OutputBuffers.withReused(bytes: Output.outputBytes(capacity: source.count)) { kept in
            try run(source, names: names, kept: &kept, into: Output.self, body)
        }
    }

    /// One parse of `source` into an output on `kept`'s buffers: its bytes lent to `body`, then
    /// the buffers moved back to `kept`.
    @inline(__always)
    private static func run<Output: ByteParseOutput, R>(_ source: consuming [UInt8], names: [String: String], kept: inout OutputBuffers,
                                                        into: Output.Type,
                                                        _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var parser = BlockParser<Output>(source: source, names: names, capacity: source.count, kept: &kept)
        parser.run()
        let result = try parser.output.finish(body)
        parser.output.swapBuffers(with: &kept)
        return result
    }

    /// Whether `bytes` are UTF-8 (what `parseFlat(utf8:)` takes; `UTF8Validator`).
    public static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValidUTF8($0) }
    }

    /// `isValidUTF8` of bytes in memory.
    public static func isValidUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        return UTF8Validator.isValid(base, buffer.count)
    }

    /// The bytes to parse: U+0000 becomes U+FFFD (a document never holds it).
    private static func input(_ bytes: [UInt8]) -> [UInt8] {
        guard ByteScan.containsZero(bytes) else { return bytes }
        var replaced: [UInt8] = []
        replaced.reserveCapacity(bytes.count + 16)
        for b in bytes {
            if b == 0 { replaced += [0xEF, 0xBF, 0xBD] } else { replaced.append(b) }
        }
        return replaced
    }
}
