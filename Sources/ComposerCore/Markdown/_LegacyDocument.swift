/// Bridge while the wire-format code moves to `FlatDocument`: the per-character arrays the
/// markdown code was written against, made from and turned back into a `Document` in O(n).
struct _LegacyDocument {
    var scalars: [Unicode.Scalar] = []
    var styles: [InlineStyle] = []
    var lineBlocks: [BlockFormat?] = [nil]
    var values = ValueTable()

    init() {}

    init(_ document: Document) {
        let flat = document.flat
        scalars = Array(String(decoding: flat.utf8, as: UTF8.self).unicodeScalars)
        styles.reserveCapacity(scalars.count)
        var byte = 0
        for run in flat.runs {
            let end = byte + run.utf8Count
            while byte < end {
                if flat.utf8[byte] & 0xC0 != 0x80 { styles.append(run.style) }
                byte += 1
            }
        }
        lineBlocks = flat.lineBlocks
        values = flat.values
    }

    var document: Document {
        var utf8: [UInt8] = []
        var runs: [StyleRun] = []
        for (s, style) in zip(scalars, styles) {
            let before = utf8.count
            UTF8.encode(s) { utf8.append($0) }
            runs.append(StyleRun(style: style, utf8Count: utf8.count - before))
        }
        return Document(flat: FlatDocument(utf8: utf8, runs: runs, lineBlocks: lineBlocks, values: values))
    }

    var count: Int { scalars.count }
    var text: String { String(String.UnicodeScalarView(scalars)) }
    func text(in range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }

    var lineRanges: [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (i, s) in scalars.enumerated() where s == "\n" {
            ranges.append(start..<i)
            start = i + 1
        }
        ranges.append(start..<scalars.count)
        return ranges
    }

    mutating func restyle(at indices: [Int], _ transform: (inout InlineStyle) -> Void) {
        for i in indices {
            transform(&styles[i])
            styles[i] = styles[i].normalized()
        }
    }

    mutating func intern(link url: String) -> UInt32 { values.intern(link: url) }
    mutating func add(mention value: MentionValue) -> UInt32 { values.add(mention: value) }
}
