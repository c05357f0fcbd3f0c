/// The lines of content whose only syntax is line breaks (`InlineParser.onlyLineBreaks`: a
/// paragraph of several plain lines, a run of `a\` hard breaks), as the inline parser reads them:
/// a soft break drops the spaces and tabs before it and the next line's leading ones
/// (`handleNewline`), a hard one its backslash only (`handleBackslash`: the next line keeps its
/// leading spaces and tabs, which only a lazy line has). A backslash that ends the content escapes
/// nothing and stays.
struct BrokenLines {
    private let content: UnsafeBufferPointer<UInt8>
    private var start = 0
    private var done = false
    /// The content's `\n`s, taken in order: the bytes a line's start skips after the `\n`
    /// before it are spaces and tabs, so its end is the next one.
    private var breaks: LineBreakBits

    init(_ content: UnsafeBufferPointer<UInt8>) {
        self.content = content
        breaks = LineBreakBits(content, from: 0, carriageReturns: false)
    }

    /// Whether the last line ends in that backslash: the one byte of the content the output must
    /// escape (the rest holds none).
    var lastLineKeepsBackslash: Bool { content.last == UInt8(ascii: "\\") }

    /// The next line's text in the content, nil after the last line.
    @inline(__always)
    mutating func next() -> Range<Int>? {
        guard !done else { return nil }
        let first = start
        let end = breaks.next()
        guard end < content.count else {
            done = true
            return first..<content.count
        }
        // Wrapping steps: every index stays within the content (at most `content.count`).
        var textEnd = end
        var next = end &+ 1
        if textEnd > first, content[textEnd &- 1] == UInt8(ascii: "\\") {
            textEnd &-= 1
        } else {
            while textEnd > first, LineScan.isSpaceOrTab(content[textEnd &- 1]) { textEnd &-= 1 }
            while next < content.count, LineScan.isSpaceOrTab(content[next]) { next &+= 1 }
        }
        start = next
        return first..<textEnd
    }
}
