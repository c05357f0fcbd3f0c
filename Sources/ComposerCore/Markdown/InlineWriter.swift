/// Writes the inline content of one line (see `MarkdownSerializer`). Marks are kept properly
/// nested with a stack: when a mark ends below others, those are closed and reopened. Emphasis
/// delimiters are then checked against CommonMark's flanking rules, and neighbouring characters
/// are turned into numeric entities until every opener can open and every closer can close.
///
/// A line becomes tokens: text (a run of equally styled characters of the document, a byte range),
/// raw syntax (tags, link brackets, code spans, mentions; bytes in `raw`) and delimiter runs. How a
/// text character is written (as is, backslash-escaped, as an entity) follows from the character
/// and its neighbours; the rules that look further (line start and end, flanking) record their
/// decisions in `encodingOverride`. One writer serves every line of a document.
struct InlineWriter {
    /// A mark that opens and closes around content; `value` is the link id or the colour.
    struct Mark: Equatable {
        enum Kind: Int { case link, color, underline, strike, bold, italic }
        var kind: Kind
        var value: UInt32 = 0

        /// Whether `style` carries this mark.
        func isIn(_ style: InlineStyle) -> Bool {
            switch kind {
            case .link: return style.link != 0 && style.link == value
            case .color: return style.color != 0 && style.color == value
            case .underline: return style.flags.contains(.underline)
            case .strike: return style.flags.contains(.strike)
            case .bold: return style.flags.contains(.bold)
            case .italic: return style.flags.contains(.italic)
            }
        }

        /// The marks of `style`, in priority order.
        static func all(of style: InlineStyle, into marks: inout PlainList<Mark>) {
            marks.removeAll()
            if style.link != 0 { marks.append(Mark(kind: .link, value: style.link)) }
            if style.color != 0 { marks.append(Mark(kind: .color, value: style.color)) }
            if style.flags.contains(.underline) { marks.append(Mark(kind: .underline)) }
            if style.flags.contains(.strike) { marks.append(Mark(kind: .strike)) }
            if style.flags.contains(.bold) { marks.append(Mark(kind: .bold)) }
            if style.flags.contains(.italic) { marks.append(Mark(kind: .italic)) }
        }
    }

    enum TokenKind { case text, raw, delimiter }

    struct Token {
        var kind: TokenKind
        /// Text: the document's bytes `start..<end`; raw: `raw[start..<end]`.
        var start = 0
        var end = 0
        /// Delimiters: the character, how many, and whether the run opens.
        var char: UInt8 = 0
        var count = 0
        var opens = false
        /// Text written as is (raw mode, unformatted text).
        var verbatim = false
    }

    /// A run of equally styled characters within the line.
    struct Segment {
        var style: InlineStyle
        var start: Int
        var end: Int
    }

    let doc: FlatDocument
    let mode: MarkdownSerializer.Mode
    var tokens = PlainList<Token>()
    var raw = PlainList<UInt8>()
    /// The open marks, each with its emphasis delimiter (0 for marks written otherwise).
    var stack = PlainList<(mark: Mark, delimiter: UInt8)>()
    var segments = PlainList<Segment>()
    /// Per byte of the document: 0, or the encoding a rule beyond the character itself chose.
    var encodingOverride: [Encoding]
    /// The run holding the next line's first byte, and where that run starts.
    private var runIndex = 0
    private var runStart = 0
    private var wanted = PlainList<Mark>()
    private var missing = PlainList<Mark>()

    /// A writer for `doc`, with no buffers yet (`takeBuffers`).
    init(_ doc: consuming FlatDocument, mode: MarkdownSerializer.Mode) {
        self.doc = doc
        self.mode = mode
        encodingOverride = []
    }

    /// Moves its buffers in from `kept` (see `SerializerBuffers`), and sets `encodingOverride` for
    /// the document.
    mutating func takeBuffers(from kept: inout SerializerBuffers) {
        swapBuffers(with: &kept)
        // `.none` for each byte of the document: the kept ones set in place, any more appended
        // (appending them all, element by element, cost more than the rest of the set-up). A
        // kept buffer longer than the document stays so: the writer reads only the document's
        // bytes' entries.
        let count = doc.utf8.count
        encodingOverride.withUnsafeMutableBufferPointer { kept in
            UnsafeMutableBufferPointer(rebasing: kept[..<Swift.min(count, kept.count)]).update(repeating: .none)
        }
        if encodingOverride.count < count { encodingOverride.append(contentsOf: repeatElement(.none, count: count - encodingOverride.count)) }
    }

    /// Trades its buffers with `kept`'s: moves them in (`takeBuffers`) or out, to go back to the pool.
    mutating func swapBuffers(with kept: inout SerializerBuffers) {
        swap(&tokens, &kept.tokens)
        swap(&raw, &kept.raw)
        swap(&stack, &kept.stack)
        swap(&segments, &kept.segments)
        swap(&encodingOverride, &kept.encodingOverride)
        swap(&wanted, &kept.wanted)
        swap(&missing, &kept.missing)
    }

    /// Appends line `range`'s markdown to `out`. Lines are written in document order.
    mutating func write(_ range: Range<Int>, into out: inout ByteBuffer) {
        // A line has a few tokens and open marks (the stack is empty already: the line before
        // closed them all), each emptied by setting its count (plain lists).
        tokens.removeAll()
        raw.removeAll()
        stack.removeAll()
        findSegments(range)
        for s in segments.indices { writeSegment(s) }
        while let entry = stack.popLast() { close(entry) }
        // A line starting with a link whose text holds "]:" inside code would read as a link
        // reference definition; an empty <u></u> in front (invisible, no format) prevents that.
        if startsWithLinkHoldingColonCode() { out.append("<u></u>") }
        render(into: &out)
    }

    /// The line's segments: its runs, cut to the line, neighbours of one style merged.
    private mutating func findSegments(_ range: Range<Int>) {
        segments.removeAll()
        while runIndex < doc.runs.count, runStart + doc.runs[runIndex].utf8Count <= range.lowerBound {
            runStart += doc.runs[runIndex].utf8Count
            runIndex += 1
        }
        var r = runIndex
        var start = runStart
        while r < doc.runs.count, start < range.upperBound {
            let end = start + doc.runs[r].utf8Count
            let a = max(start, range.lowerBound), b = min(end, range.upperBound)
            if a < b {
                if let last = segments.indices.last, segments[last].style == doc.runs[r].style {
                    segments[last].end = b
                } else {
                    segments.append(Segment(style: doc.runs[r].style, start: a, end: b))
                }
            }
            start = end
            r += 1
        }
        // Bytes no run covers (a flat document that breaks its rules) read as plain text.
        let covered = segments.last?.end ?? range.lowerBound
        if covered < range.upperBound {
            segments.append(Segment(style: .plain, start: covered, end: range.upperBound))
        }
    }

    private mutating func writeSegment(_ s: Int) {
        let segment = segments[s]
        let style = segment.style
        Mark.all(of: style, into: &wanted)
        var keep = 0
        while keep < stack.count, stack[keep].mark.isIn(style) { keep += 1 }
        while stack.count > keep {
            let entry = stack.removeLast()
            close(entry)
        }
        // Marks to open: the one that lasts longest first, then by priority.
        missing.removeAll()
        for mark in wanted where !stack.contains(where: { $0.mark == mark }) { missing.append(mark) }
        if missing.count > 1 { orderMissing(from: s) }
        for mark in missing { open(mark) }
        if style.mention != 0, let mention = doc.values.mention(style.mention) {
            // "_" is escaped so renderers that do not know mentions see no emphasis in a uid.
            let start = raw.count
            raw.append("<@uid:")
            for b in mention.uid.utf8 {
                if b == UInt8(ascii: "_") { raw.append(UInt8(ascii: "\\")) }
                raw.append(b)
            }
            raw.append(UInt8(ascii: ">"))
            tokens.append(Token(kind: .raw, start: start, end: raw.count))
        } else if style.flags.contains(.code) {
            let start = raw.count
            appendCodeSpan(segment.start..<segment.end)
            tokens.append(Token(kind: .raw, start: start, end: raw.count))
        } else {
            tokens.append(Token(kind: .text, start: segment.start, end: segment.end,
                                verbatim: mode == .raw && wanted.isEmpty))
        }
    }

    /// Orders `missing`, the marks segment `s` opens: the one that lasts longest first, then by
    /// priority. A style has at most one mark of each of the six kinds, so their extents fit in
    /// room of their own, and an insertion sort orders them (the arrays a sort made were three
    /// allocations for each segment opening two marks or more).
    private mutating func orderMissing(from s: Int) {
        var extents = InlineArray<6, Int>(repeating: 0)
        let n = Swift.min(missing.count, extents.count)
        for k in 0..<n { extents[k] = extent(missing[k], from: s) }
        for i in 0..<n {
            var j = i
            while j > 0, extents[j] > extents[j - 1] || (extents[j] == extents[j - 1] && missing[j].kind.rawValue < missing[j - 1].kind.rawValue) {
                extents.swapAt(j, j - 1)
                missing.swapAt(j, j - 1)
                j -= 1
            }
        }
    }

    /// How far (in characters) `mark` continues from segment `s` on.
    private func extent(_ mark: Mark, from s: Int) -> Int {
        var total = 0
        var k = s
        while k < segments.count, mark.isIn(segments[k].style) {
            total += UTF8Bytes.scalarCount(doc.utf8, segments[k].start..<segments[k].end)
            k += 1
        }
        return total
    }

    private mutating func close(_ entry: (mark: Mark, delimiter: UInt8)) {
        switch entry.mark.kind {
        case .link:
            let start = raw.count
            raw.append("](")
            appendDestination(doc.values.link(entry.mark.value) ?? "")
            raw.append(UInt8(ascii: ")"))
            tokens.append(Token(kind: .raw, start: start, end: raw.count))
        case .color: appendRaw("</color>")
        case .underline: appendRaw("</u>")
        case .strike: tokens.append(Token(kind: .delimiter, char: UInt8(ascii: "~"), count: 2, opens: false))
        case .bold: tokens.append(Token(kind: .delimiter, char: entry.delimiter, count: 2, opens: false))
        case .italic: tokens.append(Token(kind: .delimiter, char: entry.delimiter, count: 1, opens: false))
        }
    }

    private mutating func open(_ mark: Mark) {
        // The emphasis delimiter the mark uses, 0 for marks written otherwise.
        var delimiter: UInt8 = 0
        switch mark.kind {
        case .link: appendRaw("[")
        case .color:
            let start = raw.count
            raw.append("<color=")
            UTF8Bytes.appendColor(mark.value, to: &raw)
            raw.append(UInt8(ascii: ">"))
            tokens.append(Token(kind: .raw, start: start, end: raw.count))
        case .underline: appendRaw("<u>")
        case .strike: tokens.append(Token(kind: .delimiter, char: UInt8(ascii: "~"), count: 2, opens: true))
        case .bold, .italic:
            // `*` unless the other emphasis already uses it, or a `*` run is right before.
            let lastIsStar = tokens.last.map { $0.kind == .delimiter && $0.char == UInt8(ascii: "*") } ?? false
            let taken = stack.contains { $0.delimiter == UInt8(ascii: "*") } || lastIsStar
            delimiter = taken ? UInt8(ascii: "_") : UInt8(ascii: "*")
            tokens.append(Token(kind: .delimiter, char: delimiter, count: mark.kind == .bold ? 2 : 1, opens: true))
        }
        stack.append((mark, delimiter))
    }

    private mutating func appendRaw(_ literal: StaticString) {
        let start = raw.count
        raw.append(literal)
        tokens.append(Token(kind: .raw, start: start, end: raw.count))
    }

    /// A link destination: parentheses and backslashes escaped, and `&` written `&amp;`
    /// (renderers decode entities in destinations before backslash escapes, so `\&` would not
    /// protect `&amp;` in a URL).
    /// The bytes between those escaped go out in one copy each (a byte at a time, a URL cost
    /// some forty instructions a byte).
    private mutating func appendDestination(_ url: String) {
        var url = url
        url.withUTF8 { bytes in
            var copied = 0
            for i in bytes.indices {
                let b = bytes[i]
                guard b == UInt8(ascii: "&") || b == UInt8(ascii: "(") || b == UInt8(ascii: ")") || b == UInt8(ascii: "\\") else { continue }
                raw.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                if b == UInt8(ascii: "&") {
                    raw.append("&amp;")
                } else {
                    raw.append(UInt8(ascii: "\\"))
                    raw.append(b)
                }
                copied = i + 1
            }
            raw.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
    }

    /// A code span whose backtick fence differs from every backtick run inside, padded with a
    /// space where CommonMark would otherwise strip or merge one.
    private mutating func appendCodeSpan(_ range: Range<Int>) {
        let content = doc.utf8[range]
        // The run lengths inside, as a set of small numbers.
        var runLengths: [Bool] = []
        var current = 0
        for b in content {
            if b == UInt8(ascii: "`") {
                current += 1
            } else if current > 0 {
                if runLengths.count <= current { runLengths += repeatElement(false, count: current + 1 - runLengths.count) }
                runLengths[current] = true
                current = 0
            }
        }
        if current > 0 {
            if runLengths.count <= current { runLengths += repeatElement(false, count: current + 1 - runLengths.count) }
            runLengths[current] = true
        }
        var fence = 1
        while fence < runLengths.count, runLengths[fence] { fence += 1 }
        let first = content.first ?? 0, last = content.last ?? 0
        let allSpaces = !content.contains { $0 != 0x20 }
        let pad = first == UInt8(ascii: "`") || last == UInt8(ascii: "`") || (first == 0x20 && last == 0x20 && !allSpaces)
        raw.append(contentsOf: repeatElement(UInt8(ascii: "`"), count: fence))
        if pad { raw.append(0x20) }
        content.withUnsafeBufferPointer { raw.append(contentsOf: $0) }
        if pad { raw.append(0x20) }
        raw.append(contentsOf: repeatElement(UInt8(ascii: "`"), count: fence))
    }

    private func startsWithLinkHoldingColonCode() -> Bool {
        guard let first = tokens.first, first.kind == .raw, first.end - first.start == 1,
              raw[first.start] == UInt8(ascii: "[") else { return false }
        return tokens.contains { token in
            guard token.kind == .raw, token.end > token.start, raw[token.start] == UInt8(ascii: "`") else { return false }
            let bytes = raw[token.start..<token.end]
            return zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: "]") && $1 == UInt8(ascii: ":") }
        }
    }
}
