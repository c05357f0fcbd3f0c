/// Builds a `FlatDocument` line by line, as the parser reads it: text appended with its style
/// (neighbouring text of one style shares a run), every line started with its block format.
struct FlatBuilder {
    private(set) var utf8: [UInt8] = []
    private(set) var runs: [StyleRun] = []
    private(set) var lineBlocks: [BlockFormat?] = [nil]
    var values = ValueTable()
    /// Lines started so far; zero means the document is still empty.
    private(set) var lineCount = 0

    init(capacity: Int) {
        utf8.reserveCapacity(capacity)
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

    /// Appends text holding no line break.
    mutating func append(_ bytes: ArraySlice<UInt8>, style: InlineStyle) {
        guard !bytes.isEmpty else { return }
        utf8.append(contentsOf: bytes)
        extendRuns(style, bytes.count)
    }

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
