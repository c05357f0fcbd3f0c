/// Where the parser writes what it reads: text with its style, line by line, each line with its
/// block format. `FlatBuilder` makes a `FlatDocument` of it; `DocumentJSONBuilder` writes the
/// document JSON straight away (what `mc_markdown_parse` returns), without a document between.
protocol ParseOutput {
    /// The id styles use for link `url` (normalized, UTF-8; in memory: the parser's buffers
    /// are read without a slice, whose reference count would be kept up for it).
    mutating func link(_ url: UnsafeBufferPointer<UInt8>) -> UInt32

    /// The id of a new mention (each mention is its own atomic run).
    mutating func add(mention: MentionValue) -> UInt32

    /// Starts a line with block format `block` (after a `\n` unless it is the first).
    mutating func startLine(_ block: BlockFormat?)

    /// Appends text holding no line break.
    mutating func append(_ bytes: ArraySlice<UInt8>, style: InlineStyle)

    /// Appends `source[range]`, text without `"`, `\\` or control characters (text a JSON string
    /// holds as it is), ASCII if `ascii` (one byte a scalar). The array and a range, not a slice:
    /// a slice's reference to the buffer is counted up and down around each call, and a message
    /// dense with syntax makes a call every few bytes.
    mutating func appendUnescaped(_ source: [UInt8], _ range: Range<Int>, style: InlineStyle, ascii: Bool)

    /// Appends a code span's text: its line breaks read as spaces.
    mutating func appendCode(_ bytes: ArraySlice<UInt8>, style: InlineStyle)

    /// Appends a mention's text, `@` and the display name (in which a `\n` starts a line).
    mutating func appendMention(_ name: String, style: InlineStyle, block: BlockFormat?)

    /// Appends the mention of `uid` (UTF-8, the characters of `MentionPolicy.isUIDCharacter`)
    /// shown as the uid itself, the names being empty: a new mention value, and `@` and the uid
    /// written as `appendMention(_:style:block:)` would write them with `style` carrying it. The
    /// byte outputs write the uid's bytes as they are, with no string made of them.
    mutating func appendMention(ofUID uid: ArraySlice<UInt8>, style: InlineStyle)

    /// Appends content whose only syntax is line breaks, unstyled, line by line as `BrokenLines`
    /// reads it: the first line continues the current one, each later one starts a line with
    /// block format `block`. `unescaped` and `ascii` say of the whole content what
    /// `appendUnescaped` says of its bytes, but for a backslash that ends it (which stays, and
    /// is escaped).
    mutating func appendBrokenLines(_ content: [UInt8], block: BlockFormat?, unescaped: Bool, ascii: Bool)
}

/// An output written as bytes (the document JSON, HTML), whose buffers are kept between parses
/// (`OutputBuffers.withReused`).
protocol ByteParseOutput: ParseOutput {
    /// An output for `capacity` bytes of markdown writing into `kept`'s buffers, which it moves in
    /// (`kept` is left with empty ones): kept buffers, emptied, with room for
    /// `outputBytes(capacity:)`.
    init(capacity: Int, kept: inout OutputBuffers)
    /// The room an output for `capacity` bytes of markdown takes at once.
    static func outputBytes(capacity: Int) -> Int
    /// Ends the output and lends its bytes to `body` (valid during the call only). Lent, not
    /// returned: a returned buffer was a second reference to its memory, counted up and down
    /// (an atomic operation each way).
    mutating func finish<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R
    /// Trades its buffers with `kept`'s: moves them in (its `init`) or back out, once it is done
    /// (it is empty after).
    mutating func swapBuffers(with kept: inout OutputBuffers)
}

extension ByteParseOutput {
    /// An output for `capacity` bytes of markdown with buffers of its own (new ones, not kept).
    init(capacity: Int) {
        var buffers = OutputBuffers()
        buffers.bytes.reserve(Self.outputBytes(capacity: capacity))
        self.init(capacity: capacity, kept: &buffers)
    }
}

extension ParseOutput {
    /// Appends text in which every `\n` starts a new line with block format `block` (an entity
    /// such as `&#10;` or a display name can bring one).
    mutating func appendLines(_ bytes: ArraySlice<UInt8>, style: InlineStyle, block: BlockFormat?) {
        var rest = bytes
        while let newline = rest.firstIndex(of: 0x0A) {
            append(rest[..<newline], style: style)
            startLine(block)
            rest = rest[(newline + 1)...]
        }
        append(rest, style: style)
    }

    mutating func appendMention(_ name: String, style: InlineStyle, block: BlockFormat?) {
        appendLines(Array("@\(name)".utf8)[...], style: style, block: block)
    }

    mutating func appendBrokenLines(_ content: [UInt8], block: BlockFormat?, unescaped: Bool, ascii: Bool) {
        appendBrokenLinesOneByOne(content, block: block, unescaped: unescaped, ascii: ascii)
    }

    /// `appendBrokenLines` through the calls for any text.
    mutating func appendBrokenLinesOneByOne(_ content: [UInt8], block: BlockFormat?, unescaped: Bool, ascii: Bool) {
        content.withUnsafeBufferPointer { buffer in
            var lines = BrokenLines(buffer)
            var first = true
            while let line = lines.next() {
                if !first { startLine(block) }
                first = false
                appendBrokenLine(content, line, keepsBackslash: lines.lastLineKeepsBackslash, unescaped: unescaped, ascii: ascii)
            }
        }
    }

    /// One line of `appendBrokenLines`'s content, unstyled: as it is when the content needs no
    /// escaping, but for the last line when it keeps the content's final backslash (which a JSON
    /// string escapes).
    @inline(__always)
    mutating func appendBrokenLine(_ content: [UInt8], _ line: Range<Int>, keepsBackslash: Bool, unescaped: Bool, ascii: Bool) {
        if unescaped, !keepsBackslash || line.upperBound < content.count {
            appendUnescaped(content, line, style: .plain, ascii: ascii)
        } else {
            append(content[line], style: .plain)
        }
    }

    /// Appends the mention of `uid` (UTF-8): a new mention value, its display name from `names`
    /// (else the uid), written as `appendMention(_:style:block:)` does with `style` carrying it.
    /// Not inlined: in the parser's loop over its nodes (`InlineParser.writeNodes`), which calls it
    /// for every mention, it took registers from the rest (a chat message's parse, 1% more).
    @inline(never)
    mutating func appendMention(uid: ArraySlice<UInt8>, names: [String: String], style: InlineStyle, block: BlockFormat?) {
        guard names.isEmpty else { return appendNamedMention(uid: uid, names: names, style: style, block: block) }
        appendMention(ofUID: uid, style: style)
    }

    /// Through a string of the uid, as any name. A uid holds no line break (`isUIDCharacter`), so
    /// no line starts in it and no block format is needed.
    mutating func appendMention(ofUID uid: ArraySlice<UInt8>, style: InlineStyle) {
        appendNamedMention(uid: uid, names: [:], style: style, block: nil)
    }

    /// `appendMention(uid:names:style:block:)` through a string of the uid and a mention value.
    private mutating func appendNamedMention(uid: ArraySlice<UInt8>, names: [String: String], style: InlineStyle, block: BlockFormat?) {
        let uid = String(decoding: uid, as: UTF8.self)
        let name = names[uid] ?? uid
        var style = style
        style.mention = add(mention: MentionValue(uid: uid, name: name))
        appendMention(name, style: style, block: block)
    }
}
