/// The in-order path of loading (see `DocumentBuilder`). When, format by format, the contents of
/// the inline spans come in order and apart (each starts at or after the end of the one before:
/// `slotsInOrder`), a scalar lies in at most one span of each format, and styles change only where
/// a content starts or ends. Those places, sorted, cut the text into stretches of one style, and
/// the stretches are the runs: found in one sweep over the spans, without the style per scalar the
/// general path writes and reads back (a store, a check and a comparison for every character of
/// the text, most of the cost of loading a long document). Line breaks in a stretch stay plain, as
/// inline spans skip them.
///
/// It checks, stretch by stretch, what the general path checks scalar by scalar: no inline span
/// reaches into a code block, inline code holds no other format, a mention holds no link and is
/// covered whole. It gives up at the first check that fails (a value that does not validate
/// included), and leaves the spans to the general path, which finds the first error in span order
/// and says what it is. Giving up on a document that would load only costs time, so a check here
/// may be stricter than the rule, never looser: a mention with a cut inside it gives up even when
/// the styles on both sides are the same.
extension DocumentBuilder {
    /// An inline span's content and its key (`inlineKey(of:)`), in its format's list.
    private struct Placed {
        var lower: Int
        var upper: Int
        var key: UInt32
    }

    /// The runs of the text with the inline spans loaded; nil, with the values as they were, when
    /// a check fails. Needs `slotsInOrder` for every inline format.
    mutating func inOrderRuns(_ spans: [Span]) -> [StyleRun]? {
        let saved = values
        guard let runs = sweep(spans) else {
            values = saved
            return nil
        }
        return runs
    }

    private mutating func sweep(_ spans: [Span]) -> [StyleRun]? {
        guard let (placed, ends, cuts) = place(spans) else { return nil }
        var runs = RunWriter(scalarStarts: scalarStarts, count: count)
        // Per format, the first of its spans not ended before the current stretch (its spans are
        // `placed[ends[slot - 1]..<ends[slot]]`).
        var next = InlineArray<8, Int>(repeating: 0)
        for slot in 1..<8 { next[slot] = ends[slot - 1] }
        // The next line break to look at is scalar `lineStarts[newline] - 1`.
        var newline = 1
        let lineStarts = self.lineStarts
        return placed.withUnsafeBufferPointer { placed -> [StyleRun]? in
            var c = 0
            while c + 1 < cuts.count {
                let p = cuts[c], q = cuts[c + 1]
                c += 1
                guard p < q else { continue }
                var style = InlineStyle.plain
                for slot in 0..<8 {
                    var k = next[slot]
                    let end = ends[slot]
                    while k < end, placed[k].upper <= p { k += 1 }
                    next[slot] = k
                    // No content ends inside a stretch: one that starts by `p` covers all of it.
                    guard k < end, placed[k].lower <= p else { continue }
                    // A cut inside a mention: part of it may differ from the rest (see above).
                    if slot == 7, placed[k].lower < p { return nil }
                    DocumentBuilder.set(slot, placed[k].key, in: &style)
                }
                guard DocumentBuilder.brokenRule(style) == nil else { return nil }
                while newline < lineStarts.count, lineStarts[newline] - 1 < p { newline += 1 }
                var from = p
                if style != .plain {
                    while newline < lineStarts.count, lineStarts[newline] - 1 < q {
                        let at = lineStarts[newline] - 1
                        runs.add(from, at, style)
                        runs.add(at, at + 1, .plain)
                        from = at + 1
                        newline += 1
                    }
                }
                runs.add(from, q, style)
            }
            return runs.finish()
        }
    }

    /// The inline spans' contents and keys, by format (format `slot`'s in order in
    /// `placed[ends[slot - 1]..<ends[slot]]`), and the sorted places where contents start and end,
    /// with 0 and `count`; nil when a value does not validate or a content reaches into a code
    /// block.
    private mutating func place(_ spans: [Span]) -> (placed: [Placed], ends: InlineArray<8, Int>, cuts: [Int])? {
        var unsorted: [(slot: Int, placed: Placed)] = []
        unsorted.reserveCapacity(spans.count)
        var ends = InlineArray<8, Int>(repeating: 0)
        var cuts = [0, count]
        cuts.reserveCapacity(2 * spans.count + 2)
        for span in spans where !span.kind.isBlock {
            // Every span's value, even one with nothing to style, as the general path does.
            guard let slot = DocumentBuilder.slot(of: span.kind), let key = try? inlineKey(of: span) else { return nil }
            guard let content = content(span.start, span.end) else { continue }
            guard firstCodeBlockScalar(in: content) == content.upperBound else { return nil }
            unsorted.append((slot, Placed(lower: content.lowerBound, upper: content.upperBound, key: key)))
            ends[slot] += 1
            cuts.append(content.lowerBound)
            cuts.append(content.upperBound)
        }
        cuts.sort()
        // Counts to ends, then each span into its format's place, in order.
        for slot in 1..<8 { ends[slot] += ends[slot - 1] }
        var fill = InlineArray<8, Int>(repeating: 0)
        for slot in 1..<8 { fill[slot] = ends[slot - 1] }
        var placed = Array(repeating: Placed(lower: 0, upper: 0, key: 0), count: unsorted.count)
        for (slot, span) in unsorted {
            placed[fill[slot]] = span
            fill[slot] += 1
        }
        return (placed, ends, cuts)
    }
}

/// The runs of a text given stretch by stretch in order: neighbouring stretches of one style make
/// one run, its length in UTF-8 bytes.
private struct RunWriter {
    /// `DocumentBuilder.scalarStarts` and `count`.
    private let scalarStarts: [Int]
    private let count: Int
    private var runs: [StyleRun] = []
    private var start = 0
    private var style = InlineStyle.plain

    init(scalarStarts: [Int], count: Int) {
        self.scalarStarts = scalarStarts
        self.count = count
    }

    /// Scalars `from..<to` (from where the last one ended) have style `style`.
    mutating func add(_ from: Int, _ to: Int, _ style: InlineStyle) {
        guard from < to, style != self.style else { return }
        close(at: from)
        self.style = style
    }

    /// The run up to `end`, if it holds anything; the next starts there.
    private mutating func close(at end: Int) {
        if start < end {
            runs.append(StyleRun(style: style, utf8Count: DocumentBuilder.byteOffset(end, scalarStarts) - DocumentBuilder.byteOffset(start, scalarStarts)))
        }
        start = end
    }

    mutating func finish() -> [StyleRun] {
        close(at: count)
        return runs
    }
}
