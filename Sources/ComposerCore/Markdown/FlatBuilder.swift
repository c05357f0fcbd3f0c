/// Builds a `FlatDocument` line by line, as the parser reads it: text appended with its style
/// (neighbouring text of one style shares a run), every line started with its block format.
struct FlatBuilder: ParseOutput {
    private(set) var utf8: [UInt8] = []
    private(set) var runs: [StyleRun] = []
    private(set) var lineBlocks: [BlockFormat?] = []
    var values = ValueTable()
    /// Lines started so far; zero means the document is still empty.
    private(set) var lineCount = 0

    /// Room for the output of `capacity` bytes of markdown: reserved at once, since growing the
    /// buffers step by step would cost more than parsing a short message.
    init(capacity: Int) {
        utf8.reserveCapacity(capacity)
        runs.reserveCapacity(capacity / 16 + 4)
        lineBlocks.reserveCapacity(capacity / 64 + 4)
        lineBlocks.append(nil)
    }

    /// Starts a line with block format `block` (after a `\n` unless it is the first).
    mutating func startLine(_ block: BlockFormat?) {
        if lineCount > 0 {
            utf8.append(0x0A)
            extendRuns(.plain, 1)
            lineBlocks.append(block)
        } else {
            lineBlocks[0] = block
        }
        lineCount += 1
    }

    mutating func link(_ url: UnsafeBufferPointer<UInt8>) -> UInt32 {
        values.intern(link: String(decoding: url, as: UTF8.self))
    }

    mutating func add(mention: MentionValue) -> UInt32 { values.add(mention: mention) }

    /// Appends text holding no line break.
    mutating func append(_ bytes: ArraySlice<UInt8>, style: InlineStyle) {
        guard !bytes.isEmpty else { return }
        utf8.append(contentsOf: bytes)
        extendRuns(style, bytes.count)
    }

    mutating func appendUnescaped(_ source: [UInt8], _ range: Range<Int>, style: InlineStyle, ascii: Bool) {
        append(source[range], style: style)
    }

    /// Appends a code span's text: its line breaks read as spaces.
    mutating func appendCode(_ bytes: ArraySlice<UInt8>, style: InlineStyle) {
        guard !bytes.isEmpty else { return }
        let start = utf8.count
        utf8.append(contentsOf: bytes)
        if bytes.contains(0x0A) {
            for i in start..<utf8.count where utf8[i] == 0x0A { utf8[i] = 0x20 }
        }
        extendRuns(style, bytes.count)
    }

    /// Appends a mention's text, `@` and the display name (in which a `\n` starts a line).
    mutating func appendMention(_ name: String, style: InlineStyle, block: BlockFormat?) {
        if name.utf8.contains(0x0A) {
            appendLines(Array("@\(name)".utf8)[...], style: style, block: block)
            return
        }
        utf8.append(UInt8(ascii: "@"))
        utf8.append(contentsOf: name.utf8)
        extendRuns(style, 1 + name.utf8.count)
    }

    private mutating func extendRuns(_ style: InlineStyle, _ count: Int) {
        if let last = runs.indices.last, runs[last].style == style {
            runs[last].utf8Count += count
        } else {
            runs.append(StyleRun(style: style, utf8Count: count))
        }
    }

    var flat: FlatDocument {
        FlatDocument(utf8: utf8, runs: runs, lineBlocks: lineBlocks, values: values)
    }
}
