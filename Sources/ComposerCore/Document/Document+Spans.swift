extension Document {
    /// The canonical spans (README "The document JSON"): maximal runs per format and value, inline spans never
    /// covering a `\n`, block spans over whole lines (a block on one empty line is the only empty
    /// span), sorted by start, end, then format name.
    public var spans: [Span] { spans(in: 0..<count) }

    /// The canonical spans clipped to `range`: what a host mirroring the document reads back for a
    /// range whose formatting changed. A block span on one empty line is included when that line
    /// lies within `range` (ends included). Costs O(log n) plus the runs and lines in the range.
    public func spans(in range: Range<Int>) -> [Span] {
        var result: [Span] = []
        appendInlineSpans(in: range, into: &result)
        appendBlockSpans(in: range, into: &result)
        result.sort(by: Span.canonicalOrder)
        return result
    }

    private func appendInlineSpans(in range: Range<Int>, into result: inout [Span]) {
        // One open run per format (and value); a run closes when the next style lacks it.
        let flagKinds: [(InlineStyle.Flags, Format)] = [
            (.bold, .bold), (.italic, .italic), (.underline, .underline), (.strike, .strike), (.code, .code),
        ]
        var openFlags: [Int] = Array(repeating: -1, count: flagKinds.count)
        var open: (link: (Int, UInt32), color: (Int, UInt32), mention: (Int, UInt32)) = ((-1, 0), (-1, 0), (-1, 0))
        var position = range.lowerBound
        func close(upTo end: Int, style: InlineStyle?) {
            for (k, (flag, format)) in flagKinds.enumerated() {
                let has = style?.flags.contains(flag) ?? false
                if openFlags[k] >= 0, !has {
                    result.append(Span(openFlags[k], end, format))
                    openFlags[k] = -1
                }
                if openFlags[k] < 0, has { openFlags[k] = end }
            }
            func value(_ slot: inout (Int, UInt32), _ key: UInt32, _ make: (UInt32) -> Format) {
                if slot.0 >= 0, slot.1 != key {
                    result.append(Span(slot.0, end, make(slot.1)))
                    slot = (-1, 0)
                }
                if slot.0 < 0, key != 0 { slot = (end, key) }
            }
            value(&open.link, style?.link ?? 0) { .link(url: self.values.link($0) ?? "") }
            value(&open.color, style?.color ?? 0) { .color(ColorPolicy.format($0)) }
            value(&open.mention, style?.mention ?? 0) {
                let m = self.values.mention($0) ?? MentionValue(uid: "", name: "")
                return .mention(uid: m.uid, name: m.name)
            }
        }
        forEachRun(in: range) { runRange, style in
            if runRange.lowerBound != position { close(upTo: position, style: nil) }
            close(upTo: runRange.lowerBound, style: style)
            position = runRange.upperBound
            return true
        }
        close(upTo: position, style: nil)
    }

    private func appendBlockSpans(in range: Range<Int>, into result: inout [Span]) {
        let firstLine = lineIndex(at: range.lowerBound)
        let lastLine = lineIndex(at: range.upperBound)
        var line = firstLine
        while line <= lastLine {
            guard let block = block(ofLine: line) else { line += 1; continue }
            var first = line
            var last = line
            while last < lastLine, self.block(ofLine: last + 1) == block { last += 1 }
            // The whole span may reach past the range: its true extent decides whether it is empty.
            let reachesBefore = first == firstLine && first > 0 && self.block(ofLine: first - 1) == block
            let reachesAfter = last == lastLine && last + 1 < lineCount && self.block(ofLine: last + 1) == block
            let start = lineStart(ofLine: first)
            let end = lineEnd(ofLine: last)
            if start == end, !reachesBefore, !reachesAfter {
                result.append(Span(start, end, .block(block)))
            } else {
                let lo = Swift.max(start, range.lowerBound)
                let hi = Swift.min(end, range.upperBound)
                if lo < hi { result.append(Span(lo, hi, .block(block))) }
            }
            first = last + 1
            line = first
        }
    }

    /// Builds a document from text and spans in any order, validating them (README "The document JSON"): offsets in
    /// range, valid links and colours, block spans over whole lines, at most one block format and one
    /// link / colour / mention per character, mentions covered whole or not at all, inline code
    /// without other styles, code blocks without inline formats. Touching or overlapping spans of the
    /// same format and value merge; inline spans across a `\n` skip it; empty inline spans vanish.
    public init(text: String, spans: [Span]) throws(ComposerError) {
        var builder = DocumentBuilder(text: text)
        try builder.load(spans)
        self = builder.document
    }
}

extension Document: Equatable {
    /// Two documents are equal when they hold the same text and the same canonical spans
    /// (interning order of values does not matter).
    public static func == (lhs: Document, rhs: Document) -> Bool {
        lhs.count == rhs.count && lhs.text == rhs.text && lhs.lineBlocks == rhs.lineBlocks && lhs.spans == rhs.spans
    }
}
