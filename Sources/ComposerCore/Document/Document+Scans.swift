/// Reads over a stretch of the document that walk its leaves, a descent per leaf rather than per
/// character, or step over whole subtrees by what their characters share (`SharedFormats`): what
/// the toolbar, the send state and the queries ask on every key, whatever the size of the
/// selection or of the run of characters they cross.
extension Document {
    /// Calls `body` with the scalars from `offset` on, in order, until it returns false, the
    /// text ends, or `limit` were given.
    func forEachScalar(from offset: Int, limit: Int, _ body: (Unicode.Scalar) -> Bool) {
        var position = Swift.max(0, offset)
        var given = 0
        while position < count, given < limit {
            let (leaf, base) = tree.leaf(at: position)
            let f = leaf.fragment
            var byte = f.byteOffset(ofScalar: position - base.scalars, scalarCount: leaf.summary.scalars)
            // The leaf holds `position` (a seam picks the leaf after it): it has a scalar there.
            guard byte < f.bytes.count else { return }
            while byte < f.bytes.count, given < limit {
                if !body(f.scalar(atByte: byte)) { return }
                given += 1
                position += 1
                byte = f.byteAfterScalar(at: byte)
            }
        }
    }

    /// The offset of the first scalar of `offset..<end` that passes `test` (`end` when none does).
    func firstOffset(from offset: Int, before end: Int, where test: (Unicode.Scalar) -> Bool) -> Int {
        let end = Swift.min(end, count)
        var position = Swift.max(0, offset)
        forEachScalar(from: position, limit: end - position) { s in
            guard !test(s) else { return false }
            position += 1
            return true
        }
        return Swift.min(position, end)
    }

    /// The offset of the first character at or after `offset` that is not whitespace (`count`
    /// when there is none): a descent stepping over subtrees all whitespace
    /// (`SharedFormats.allWhitespace`), whatever the length of the whitespace crossed.
    func firstNonWhitespace(from offset: Int) -> Int {
        tree.firstNonWhitespace(from: Swift.max(0, offset))
    }

    /// The text without the whitespace at either end, but for a mention's characters (a mention
    /// stays whole; its name may end with a space, and it starts with its `@`): what trimming on
    /// send keeps. Found by walks over the leaves and the mention runs, not a descent per character.
    var rangeWithoutEndWhitespace: Range<Int> {
        let start = firstNonWhitespace(from: 0)
        var end = endOfNonWhitespace(before: count, notBefore: start)
        if mentionCount > 0, let last = mentionRuns().last { end = Swift.max(end, last.range.upperBound) }
        return start..<end
    }

    /// The offset after the last character before `offset` that is not whitespace, `floor` at
    /// the least (as `firstNonWhitespace`, a descent).
    func endOfNonWhitespace(before offset: Int, notBefore floor: Int) -> Int {
        Swift.max(tree.endOfNonWhitespace(before: Swift.min(offset, count)), floor)
    }

    /// The style every character of `range` but its line breaks has: the flags all of them have,
    /// and a link, colour or mention only where all have the same one; nil when `range` holds
    /// only line breaks. The subtrees inside `range` answer from their `SharedFormats`, the
    /// leaves at its ends from their runs; stopped once nothing is shared. A line break is always
    /// plain, so a plain run counts only when it holds something else.
    func commonStyle(in range: Range<Int>) -> InlineStyle? {
        var common: InlineStyle?
        func share(_ style: InlineStyle) -> Bool {
            common = common?.shared(with: style) ?? style
            return common != .plain
        }
        tree.forEachPiece(in: range, whole: { shared in
            !shared.hasText || share(shared.style)
        }, part: { leaf, summary, start in
            leaf.forEachRun(from: start, ascii: summary.scalars == summary.utf8) { style, scalars, bytes in
                let lo = Swift.max(scalars.lowerBound, range.lowerBound)
                let hi = Swift.min(scalars.upperBound, range.upperBound)
                if lo < hi {
                    if style == .plain {
                        let from = lo == scalars.lowerBound ? bytes.lowerBound : leaf.byteOffset(ofScalar: lo - start, scalarCount: summary.scalars)
                        let to = hi == scalars.upperBound ? bytes.upperBound : leaf.byteOffset(ofScalar: hi - start, scalarCount: summary.scalars)
                        if leaf.bytes[from..<to].contains(where: { $0 != 0x0A }), !share(.plain) { return false }
                    } else if !share(style) {
                        return false
                    }
                }
                return scalars.upperBound < range.upperBound
            }
        })
        return common
    }

    /// Whether every line of `lines` has block format `block`: the subtrees holding only line
    /// breaks of those lines answer from their `SharedFormats`, the leaves at the ends from their
    /// blocks.
    func linesAll(_ lines: ClosedRange<Int>, have block: BlockFormat?) -> Bool {
        var last = lines.upperBound
        if last >= lineCount - 1 {
            guard lastLineBlock == block else { return false }
            last = lineCount - 2
        }
        let first = Swift.max(0, lines.lowerBound)
        guard first <= last else { return true }
        // Line `k` (but the last) is ended by line break `k`.
        let key = SharedFormats.key(block)
        var all = true
        tree.forEachPiece(in: first..<(last + 1), byLineBreaks: true, whole: { shared in
            all = shared.block == SharedFormats.noLineBreaks || shared.block == key
            return all
        }, part: { leaf, _, start in
            for (k, b) in leaf.blocks.enumerated() where start + k >= first && start + k <= last && b != block {
                all = false
                return false
            }
            return true
        })
        return all
    }

    /// Each mention run (`range`, its mention id), in text order, from the leaves holding one.
    func mentionRuns() -> [(range: Range<Int>, id: UInt32)] {
        var found: [(range: Range<Int>, id: UInt32)] = []
        tree.forEachLeafHoldingMentions { leaf, summary, start in
            _ = leaf.forEachRun(from: start, ascii: summary.scalars == summary.utf8) { style, scalars, _ in
                let id = style.mention
                guard id != 0, !scalars.isEmpty else { return true }
                // A run of the mention before it (cut where leaves meet, or by another style) goes on.
                if let last = found.last, last.id == id, last.range.upperBound == scalars.lowerBound {
                    found[found.count - 1].range = last.range.lowerBound..<scalars.upperBound
                } else {
                    found.append((scalars, id))
                }
                return true
            }
        }
        return found
    }
}
