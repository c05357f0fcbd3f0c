/// A run of equally styled text, its length in UTF-8 bytes.
public struct StyleRun: Hashable, Sendable {
    public var style: InlineStyle
    public var utf8Count: Int

    public init(style: InlineStyle, utf8Count: Int) {
        self.style = style
        self.utf8Count = utf8Count
    }
}

/// A whole document laid flat, for passes over all of it (wire format, renderers).
public struct FlatDocument: Sendable {
    /// The text, UTF-8.
    public var utf8: [UInt8]
    /// Cover `utf8` exactly, in order; a `\n` byte always sits in a plain run; adjacent runs may
    /// have equal styles.
    public var runs: [StyleRun]
    /// One per line (the number of `\n` plus one).
    public var lineBlocks: [BlockFormat?]
    /// Interned link URLs and mention values the styles point into.
    public var values: ValueTable

    public init(utf8: [UInt8], runs: [StyleRun], lineBlocks: [BlockFormat?], values: ValueTable) {
        self.utf8 = utf8
        self.runs = runs
        self.lineBlocks = lineBlocks
        self.values = values
    }
}

// The two conversions between the document's storage and the flat form. They are the only code
// of the wire format that knows how Document stores its text and styles.
extension Document {
    /// The document of `flat`, which is already valid and normalized (code excludes other styles,
    /// code-block lines are plain). O(n). A flat document that breaks its own rules (runs that do
    /// not cover the text, a line count that disagrees) still gives a well-formed document: missing
    /// styles are plain, missing line entries have no block.
    public init(flat: FlatDocument) {
        self.init()
        var scalars: [Unicode.Scalar] = []
        var styles: [InlineStyle] = []
        scalars.reserveCapacity(flat.utf8.count)
        styles.reserveCapacity(flat.utf8.count)
        var newlines = 0
        var position = 0
        var runIndex = 0
        var runEnd = 0
        var style = InlineStyle.plain
        let bytes = flat.utf8
        while position < bytes.count {
            while position >= runEnd {
                if runIndex < flat.runs.count {
                    style = flat.runs[runIndex].style
                    runEnd += max(0, flat.runs[runIndex].utf8Count)
                    runIndex += 1
                } else {
                    style = .plain
                    runEnd = bytes.count
                }
            }
            let (scalar, length) = Document.decodeScalar(bytes, at: position)
            if scalar == "\n" { newlines += 1 }
            scalars.append(scalar)
            styles.append(scalar == "\n" ? .plain : style)
            position += length
        }
        var lineBlocks = Array(flat.lineBlocks.prefix(newlines + 1))
        if lineBlocks.count < newlines + 1 { lineBlocks += repeatElement(nil, count: newlines + 1 - lineBlocks.count) }
        self.scalars = scalars
        self.styles = styles
        self.lineBlocks = lineBlocks
        self.values = flat.values
    }

    /// The document laid flat. O(n).
    public var flat: FlatDocument {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(scalars.count)
        var runs: [StyleRun] = []
        var runStyle = InlineStyle.plain
        var runStart = 0
        for (scalar, style) in zip(scalars, styles) {
            if style != runStyle {
                if utf8.count > runStart { runs.append(StyleRun(style: runStyle, utf8Count: utf8.count - runStart)) }
                runStyle = style
                runStart = utf8.count
            }
            if scalar.isASCII {
                utf8.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                UTF8.encode(scalar) { utf8.append($0) }
            }
        }
        if utf8.count > runStart { runs.append(StyleRun(style: runStyle, utf8Count: utf8.count - runStart)) }
        return FlatDocument(utf8: utf8, runs: runs, lineBlocks: lineBlocks, values: values)
    }

    /// The scalar starting at `i` and its length in bytes; U+FFFD (one byte) where the bytes are
    /// not UTF-8.
    private static func decodeScalar(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[i]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        var decoder = UTF8()
        var iterator = bytes[i...].prefix(4).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return (scalar, UTF8.width(scalar))
        }
        return ("\u{FFFD}", 1)
    }
}
