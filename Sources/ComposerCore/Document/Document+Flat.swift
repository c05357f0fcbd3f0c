/// A whole document laid flat, for passes over all of it (wire format, renderers): the UTF-8
/// text, the style runs covering it (a `\n` always in a plain run; neighbours may share a style),
/// one block per line, and the values the styles point into.
public struct FlatDocument: Sendable {
    public var utf8: [UInt8]
    public var runs: [StyleRun]
    public var lineBlocks: [BlockFormat?]
    public var values: ValueTable

    public init(utf8: [UInt8], runs: [StyleRun], lineBlocks: [BlockFormat?], values: ValueTable) {
        self.utf8 = utf8
        self.runs = runs
        self.lineBlocks = lineBlocks
        self.values = values
    }
}

extension Document {
    /// Builds the tree from a flat document, already valid and normalized (O(n)). Runs are
    /// merged where neighbours share a style; missing line blocks count as none.
    public init(flat: FlatDocument) {
        var fragment = TextFragment()
        fragment.bytes = flat.utf8
        fragment.runs.reserveCapacity(flat.runs.count)
        var covered = 0
        for run in flat.runs where run.utf8Count > 0 {
            let count = Swift.min(run.utf8Count, flat.utf8.count - covered)
            guard count > 0 else { break }
            if let last = fragment.runs.last, last.style == run.style {
                fragment.runs[fragment.runs.count - 1].utf8Count += count
            } else {
                fragment.runs.append(StyleRun(style: run.style, utf8Count: count))
            }
            covered += count
        }
        if covered < flat.utf8.count { fragment.runs.append(StyleRun(style: .plain, utf8Count: flat.utf8.count - covered)) }
        let newlines = flat.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        fragment.blocks = (0..<newlines).map { flat.lineBlocks.indices.contains($0) ? flat.lineBlocks[$0] : nil }
        let last = flat.lineBlocks.indices.contains(newlines) ? flat.lineBlocks[newlines] : nil
        self.init(fragment: fragment, lastLineBlock: last, values: flat.values)
    }

    /// The document laid flat (O(n)).
    public var flat: FlatDocument {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(utf8Count)
        var runs: [StyleRun] = []
        tree.forEachLeaf { leaf in
            utf8.append(contentsOf: leaf.bytes)
            for run in leaf.runs {
                if let last = runs.last, last.style == run.style {
                    runs[runs.count - 1].utf8Count += run.utf8Count
                } else {
                    runs.append(run)
                }
            }
        }
        return FlatDocument(utf8: utf8, runs: runs, lineBlocks: lineBlocks, values: values)
    }
}
