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
    /// merged where neighbours share a style; missing line blocks count as none. A flat document
    /// that breaks its own rules still gives a well-formed document: bytes that are not UTF-8 read
    /// as U+FFFD, missing styles are plain.
    public init(flat: FlatDocument) {
        guard String(validating: flat.utf8, as: UTF8.self) != nil else {
            self.init(flat: Document.repaired(flat))
            return
        }
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

    /// `flat` with every byte sequence that is not UTF-8 replaced by U+FFFD, runs following: one
    /// U+FFFD per maximal subpart (Unicode's recommended practice, which `String(decoding:as:)`
    /// follows too), so a sequence cut off after its second byte reads as one, not two.
    private static func repaired(_ flat: FlatDocument) -> FlatDocument {
        var utf8: [UInt8] = []
        var runs: [StyleRun] = []
        var position = 0
        var runIndex = 0
        var runEnd = 0
        var style = InlineStyle.plain
        let bytes = flat.utf8
        while position < bytes.count {
            while position >= runEnd {
                if runIndex < flat.runs.count {
                    style = flat.runs[runIndex].style
                    runEnd += Swift.max(0, flat.runs[runIndex].utf8Count)
                    runIndex += 1
                } else {
                    style = .plain
                    runEnd = bytes.count
                }
            }
            var parser = UTF8.ForwardParser()
            var iterator = bytes[position...].prefix(4).makeIterator()
            var scalar: Unicode.Scalar = "\u{FFFD}"
            var length = 1
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                scalar = UTF8.decode(encoded)
                length = encoded.count
            case .error(let subpart):
                length = Swift.max(1, subpart)
            case .emptyInput:
                break
            }
            let before = utf8.count
            UTF8.encode(scalar) { utf8.append($0) }
            runs.append(StyleRun(style: scalar == "\n" ? .plain : style, utf8Count: utf8.count - before))
            position += length
        }
        return FlatDocument(utf8: utf8, runs: runs, lineBlocks: flat.lineBlocks, values: flat.values)
    }

    /// The document laid flat (O(n)). One walk over the leaves gathers the text, the runs and
    /// the line blocks (`lineBlocks` walked them a second time, copying every leaf again).
    public var flat: FlatDocument {
        var utf8: [UInt8] = []
        var runs: [StyleRun] = []
        var blocks: [BlockFormat?] = []
        blocks.reserveCapacity(lineCount)
        var isFirstLeaf = true
        // Read before the walk: the closure then captures a number, not the whole document (a
        // copy that retained and released each of its buffers).
        let totalBytes = utf8Count
        tree.forEachLeaf { leaf in
            blocks.append(contentsOf: leaf.blocks)
            // The first leaf's arrays are taken as they are (shared, not copied): a text of one
            // leaf, most messages, is laid flat without an allocation. Its runs have no two
            // neighbours of equal style (TextFragment's invariant), so there is nothing to merge.
            if isFirstLeaf {
                isFirstLeaf = false
                utf8 = leaf.bytes
                runs = leaf.runs
                return
            }
            utf8.reserveCapacity(totalBytes)
            utf8.append(contentsOf: leaf.bytes)
            for run in leaf.runs {
                if let last = runs.last, last.style == run.style {
                    runs[runs.count - 1].utf8Count += run.utf8Count
                } else {
                    runs.append(run)
                }
            }
        }
        blocks.append(lastLineBlock)
        return FlatDocument(utf8: utf8, runs: runs, lineBlocks: blocks, values: values)
    }
}
