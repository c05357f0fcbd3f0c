/// Rich text: the characters (Unicode scalars), the inline style of each character, and the block
/// format of each line. The per-character and per-line arrays make every edit a splice and every
/// format operation a pass over the touched range; spans are derived on demand (`spans`).
///
/// Invariants (kept by every mutating method):
/// - `styles.count == scalars.count`; a `\n` always has the plain style;
/// - `lineBlocks.count` is the number of `\n` plus one;
/// - styles are normalized (code excludes bold/italic/underline/strike/colour), and lines in a code
///   block hold plain characters only.
public struct Document: Sendable {
    public internal(set) var scalars: [Unicode.Scalar]
    public internal(set) var styles: [InlineStyle]
    public internal(set) var lineBlocks: [BlockFormat?]
    public internal(set) var values: ValueTable

    public init() {
        scalars = []
        styles = []
        lineBlocks = [nil]
        values = ValueTable()
    }

    /// A plain document holding `text`.
    public init(text: String) {
        self.init()
        scalars = Array(text.unicodeScalars)
        styles = Array(repeating: .plain, count: scalars.count)
        lineBlocks = Array(repeating: nil, count: scalars.lazy.filter { $0 == "\n" }.count + 1)
    }

    public var count: Int { scalars.count }
    public var isEmpty: Bool { scalars.isEmpty }
    public var text: String { String(String.UnicodeScalarView(scalars)) }

    public func text(in range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range]))
    }

    // MARK: Lines

    /// The index of the line holding offset `offset` (an offset at a `\n` belongs to the line it ends).
    public func lineIndex(at offset: Int) -> Int {
        var line = 0
        var i = 0
        while i < offset {
            if scalars[i] == "\n" { line += 1 }
            i += 1
        }
        return line
    }

    /// Start offset of the line holding `offset`.
    public func lineStart(at offset: Int) -> Int {
        var i = offset
        while i > 0, scalars[i - 1] != "\n" { i -= 1 }
        return i
    }

    /// End offset (before its `\n`, if any) of the line holding `offset`.
    public func lineEnd(at offset: Int) -> Int {
        var i = offset
        while i < scalars.count, scalars[i] != "\n" { i += 1 }
        return i
    }

    /// `[start, end)` of every line, `end` excluding the `\n`.
    public var lineRanges: [Range<Int>] {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(lineBlocks.count)
        var start = 0
        for (i, s) in scalars.enumerated() where s == "\n" {
            ranges.append(start..<i)
            start = i + 1
        }
        ranges.append(start..<scalars.count)
        return ranges
    }

    public func block(ofLine line: Int) -> BlockFormat? {
        lineBlocks.indices.contains(line) ? lineBlocks[line] : nil
    }

    // MARK: Editing

    /// Replaces `range` with `replacement`, giving the new characters `style` (newlines stay plain).
    /// Lines merged by the removal keep the block format of the first; lines created by inserted
    /// newlines take that same block format.
    public mutating func replace(_ range: Range<Int>, with replacement: [Unicode.Scalar], style: InlineStyle) {
        let firstLine = lineIndex(at: range.lowerBound)
        var removedNewlines = 0
        for i in range where scalars[i] == "\n" { removedNewlines += 1 }
        let insertedNewlines = replacement.lazy.filter { $0 == "\n" }.count
        let block = lineBlocks[firstLine]
        let newStyle = block == .codeBlock ? InlineStyle.plain : style.normalized()
        scalars.replaceSubrange(range, with: replacement)
        styles.replaceSubrange(range, with: replacement.lazy.map { $0 == "\n" ? InlineStyle.plain : newStyle })
        lineBlocks.replaceSubrange(firstLine...(firstLine + removedNewlines),
                                   with: repeatElement(block, count: insertedNewlines + 1))
        if block == .codeBlock, removedNewlines > 0 {
            // A line joined into a code block brings its characters; they lose their styles there.
            let end = lineEnd(at: range.lowerBound + replacement.count)
            for i in lineStart(at: range.lowerBound)..<end { styles[i] = .plain }
        }
    }

    /// Sets the style of every character in `range` through `transform` (newlines stay plain; code
    /// block lines stay plain).
    public mutating func restyle(_ range: Range<Int>, _ transform: (inout InlineStyle) -> Void) {
        var line = lineIndex(at: range.lowerBound)
        for i in range {
            if scalars[i] == "\n" { line += 1; continue }
            if lineBlocks[line] == .codeBlock { continue }
            transform(&styles[i])
            styles[i] = styles[i].normalized()
        }
    }

    /// Restyles the characters at `indices`, which the caller has already checked are neither
    /// newlines nor in code-block lines.
    public mutating func restyle(at indices: [Int], _ transform: (inout InlineStyle) -> Void) {
        for i in indices {
            transform(&styles[i])
            styles[i] = styles[i].normalized()
        }
    }

    /// Sets the block format of lines `lines`. Entering a code block strips inline styles.
    public mutating func setBlock(_ block: BlockFormat?, lines: ClosedRange<Int>) {
        for line in lines { lineBlocks[line] = block }
        if block == .codeBlock {
            let ranges = lineRanges
            for line in lines {
                for i in ranges[line] { styles[i] = .plain }
            }
        }
    }

    public mutating func intern(link url: String) -> UInt32 { values.intern(link: url) }
    public mutating func add(mention value: MentionValue) -> UInt32 { values.add(mention: value) }
}
