/// Loads spans into styled text, validating them. Two paths: spans whose contents come in order,
/// format by format (every document JSON this library writes, so every load of a document it
/// wrote and every restore), are swept into runs without a style per character
/// (`DocumentBuilder+InOrder.swift`); the rest, and every document with an error, are validated
/// span by span against one style per character, which finds the first error in span order. The
/// result is turned into a tree once.
///
/// The text stays as its UTF-8 bytes (which become the fragment's bytes as they are); spans count
/// Unicode scalars, so a text that is not ASCII also keeps where each scalar starts.
struct DocumentBuilder {
    var bytes: [UInt8]
    /// Where scalar `i` starts in `bytes`, and `bytes.count` last; empty for an ASCII text, where
    /// scalar `i` is byte `i`.
    var scalarStarts: [Int]
    /// How many scalars the text holds.
    let count: Int
    /// One style per scalar, for the general path only (empty until it starts).
    var styles: [InlineStyle] = []
    /// The runs the in-order path found (nil when the general path loaded the spans).
    var runs: [StyleRun]?
    var lineBlocks: [BlockFormat?]
    var values = ValueTable()
    /// Where each line starts (made by `load`), so placing a span costs a binary search.
    private(set) var lineStarts: [Int] = []
    /// For a text with blank lines: the first scalar that is not "\n" at or after each offset, and
    /// the end of the last one before it (made by `load`; empty for a text without two "\n" in a
    /// row, where a span's content starts and ends at most one scalar inside it).
    private var contentFrom: [Int32] = []
    private var contentUpTo: [Int32] = []
    /// The scalars of each code-block line but its line break, in order (made by `load` once
    /// the block spans are in; empty without code blocks): where inline spans may not go.
    private var codeBlockScalars: [Range<Int>] = []
    /// The coverage slots (bit `slot`) whose spans' contents come in order and apart, each
    /// starting at or after the end of the one before: every scalar is visited once, by one span,
    /// so their walks need no coverage. A canonical document's spans all are (same-format runs are
    /// merged); coverage is for the rest.
    private var slotsInOrder: UInt16 = 0
    /// What the spans loaded so far cover: one per inline format (slots 0-7, `slot(of:)`), then
    /// the lines' block formats (`SpanCoverage.blockSlot`).
    private var coverages = Array(repeating: SpanCoverage(), count: 9)

    init(text: String) {
        bytes = Array(text.utf8)
        let summary = TextSummary.counting(bytes)
        let (scalars, newlines) = (summary.scalars, summary.newlines)
        count = scalars
        if scalars == bytes.count {
            scalarStarts = []
        } else {
            // Written through pointers: an append per scalar checked the capacity each time.
            let bytes = self.bytes
            scalarStarts = [Int](unsafeUninitializedCapacity: scalars + 1) { starts, initialized in
                bytes.withUnsafeBufferPointer { bytes in
                    var n = 0
                    for k in bytes.indices where bytes[k] & 0xC0 != 0x80 && n < scalars {
                        starts[n] = k
                        n += 1
                    }
                    starts[n] = bytes.count
                    initialized = n + 1
                }
            }
        }
        lineBlocks = Array(repeating: nil, count: newlines + 1)
    }

    /// Where scalar `i` (0...count) starts in `bytes`.
    @inline(__always)
    func byteOffset(_ i: Int) -> Int { DocumentBuilder.byteOffset(i, scalarStarts) }

    /// `byteOffset` for the scalar starts `scalarStarts`.
    @inline(__always)
    static func byteOffset(_ i: Int, _ scalarStarts: [Int]) -> Int { scalarStarts.isEmpty ? i : scalarStarts[i] }

    /// Whether scalar `i` (below `count`) is "\n": in UTF-8 only that scalar has the byte 0x0A.
    @inline(__always)
    func isNewline(_ i: Int) -> Bool { bytes[byteOffset(i)] == 0x0A }

    /// The offset of the scalar holding byte `k` (the first byte of a scalar).
    func scalarOffset(ofByte k: Int) -> Int {
        scalarStarts.isEmpty ? k : ByteScan.scalarCount(bytes, 0..<k)
    }

    func text(in range: Range<Int>) -> String {
        String(decoding: bytes[byteOffset(range.lowerBound)..<byteOffset(range.upperBound)], as: UTF8.self)
    }

    var document: Document {
        var fragment = TextFragment()
        fragment.bytes = bytes
        fragment.runs = runs ?? runsOfStyles()
        // One block per line break, in order: every line's but the last.
        fragment.blocks = Array(lineBlocks.dropLast())
        return Document(fragment: fragment, lastLineBlock: lineBlocks.last ?? nil, values: values)
    }

    /// The runs of `styles`, which holds a style per scalar.
    private func runsOfStyles() -> [StyleRun] {
        var runs: [StyleRun] = []
        var runStart = 0
        var i = 0
        while i < count {
            let style = styles[i]
            var j = i + 1
            while j < count, styles[j] == style { j += 1 }
            let end = byteOffset(j)
            runs.append(StyleRun(style: style, utf8Count: end - runStart))
            runStart = end
            i = j
        }
        return runs
    }

    mutating func load(_ spans: [Span]) throws(ComposerError) {
        // In UTF-8 only U+0000 has the byte 0 and only "\r" the byte 0x0D. Block scans (a generic
        // `firstIndex` was a byte at a time, some 8 instructions a character for the two).
        let nul = ByteScan.firstIndex(of: 0, in: bytes, from: 0)
        if nul < bytes.count {
            throw .invalidArgument("text holds U+0000 at offset \(scalarOffset(ofByte: nul)) (drafts never hold it: C strings could not carry it)")
        }
        let cr = ByteScan.firstIndex(of: 0x0D, in: bytes, from: 0)
        if cr < bytes.count {
            throw .invalidArgument("text holds a carriage return at offset \(scalarOffset(ofByte: cr)); line breaks are \"\\n\" only")
        }
        let n = count
        for span in spans {
            guard span.start >= 0, span.end >= span.start, span.end <= n else {
                throw .outOfRange("span \(span) is outside the text (length \(n))")
            }
        }
        guard spans.isEmpty || n <= SpanCoverage.maxPlaces else {
            throw .limitExceeded("text of \(n) scalars is too long to load (at most \(SpanCoverage.maxPlaces))")
        }
        if findLineStarts() { findContent() }
        // Blocks first: inline validation needs to know the code-block lines.
        for span in spans {
            guard case .block(let block) = span.format else { continue }
            try applyLoadedBlock(block, span)
        }
        findCodeBlockScalars()
        findSlotsInOrder(spans)
        if slotsInOrder & 0xFF == 0xFF, let runs = inOrderRuns(spans) {
            self.runs = runs
        } else {
            styles = Array(repeating: .plain, count: n)
            for span in spans where !span.kind.isBlock {
                try applyLoadedInline(span)
            }
            try validateMentionsWhole()
        }
        // One hash of each uid (a lookup, then a store, hashed it twice), in a table sized once.
        var names = [String: String](minimumCapacity: values.mentions.count)
        for mention in values.mentions {
            if let known = names.updateValue(mention.name, forKey: mention.uid), known != mention.name {
                throw .invalidArgument("mention uid \"\(mention.uid)\" has two names (\"\(known)\" and \"\(mention.name)\"); the wire format carries one")
            }
        }
    }

    /// `lineStarts`, from the line breaks' bytes (a byte scan, their scalar offsets counted
    /// between them); whether the text has a blank line (two line breaks in a row).
    private mutating func findLineStarts() -> Bool {
        var starts = [0]
        starts.reserveCapacity(lineBlocks.count)
        var blankLines = false
        var k = 0, scalar = 0
        let ascii = scalarStarts.isEmpty
        while true {
            let newline = ByteScan.firstIndex(of: 0x0A, in: bytes, from: k)
            guard newline < bytes.count else { break }
            scalar += ascii ? newline - k : ByteScan.scalarCount(bytes, k..<newline)
            blankLines = blankLines || starts[starts.count - 1] == scalar
            scalar += 1
            starts.append(scalar)
            k = newline + 1
        }
        lineStarts = starts
        return blankLines
    }

    /// `slotsInOrder`, from the spans' contents.
    private mutating func findSlotsInOrder(_ spans: [Span]) {
        var ends = Array(repeating: 0, count: 8)
        var apart: UInt16 = 0xFF
        for span in spans {
            guard let slot = DocumentBuilder.slot(of: span.kind), let content = content(span.start, span.end) else { continue }
            if content.lowerBound < ends[slot] { apart &= ~(1 << slot) }
            ends[slot] = Swift.max(ends[slot], content.upperBound)
        }
        slotsInOrder = apart
    }

    /// The coverage slot of an inline format (0-4 the flags in bit order, 5 link, 6 colour,
    /// 7 mention); nil for a block format.
    static func slot(of kind: FormatKind) -> Int? {
        switch kind {
        case .link: return 5
        case .color: return 6
        case .mention: return 7
        default: return InlineStyle.flag(for: kind).map { Int($0.rawValue.trailingZeroBitCount) }
        }
    }

    /// `codeBlockScalars`, from the lines' block formats.
    private mutating func findCodeBlockScalars() {
        for (line, block) in lineBlocks.enumerated() where block == .codeBlock {
            let start = lineStarts[line]
            let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : count
            if start < end { codeBlockScalars.append(start..<end) }
        }
    }

    /// The first scalar of `range` that lies on a code-block line and is not a line break;
    /// `range.upperBound` when there is none.
    func firstCodeBlockScalar(in range: Range<Int>) -> Int {
        var low = 0, high = codeBlockScalars.count
        while low < high {
            let mid = (low + high) / 2
            if codeBlockScalars[mid].upperBound <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        guard low < codeBlockScalars.count else { return range.upperBound }
        return Swift.min(Swift.max(codeBlockScalars[low].lowerBound, range.lowerBound), range.upperBound)
    }

    /// The line holding `offset`.
    private func line(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// `contentFrom` and `contentUpTo`, for a text with blank lines.
    private mutating func findContent() {
        let n = count
        contentFrom = Array(repeating: Int32(truncatingIfNeeded: n), count: n + 1)
        contentUpTo = Array(repeating: 0, count: n + 1)
        for i in (0..<n).reversed() {
            contentFrom[i] = isNewline(i) ? contentFrom[i + 1] : Int32(truncatingIfNeeded: i)
        }
        for i in 0..<n {
            contentUpTo[i + 1] = isNewline(i) ? contentUpTo[i] : Int32(truncatingIfNeeded: i + 1)
        }
    }

    /// The scalars of `start..<end` from its first one that is not "\n" to its last one that is
    /// not (what an inline span styles: it skips line breaks); nil when it holds none.
    func content(_ start: Int, _ end: Int) -> Range<Int>? {
        var first = start, last = end
        if contentFrom.isEmpty {
            if first < last, isNewline(first) { first += 1 }
            if first < last, isNewline(last - 1) { last -= 1 }
        } else {
            first = Int(contentFrom[first])
            last = Int(contentUpTo[last])
        }
        return first < last ? first..<last : nil
    }

    private mutating func applyLoadedBlock(_ block: BlockFormat, _ span: Span) throws(ComposerError) {
        guard span.start == 0 || isNewline(span.start - 1),
              span.end == count || isNewline(span.end) else {
            throw .invalidArgument("block span \(span) does not cover whole lines")
        }
        let lines = line(of: span.start)..<(line(of: span.end) + 1)
        var coverage = takeCoverage(SpanCoverage.blockSlot, places: lineBlocks.count)
        defer { coverages[SpanCoverage.blockSlot] = coverage }
        var place = lines.lowerBound
        while true {
            switch coverage.next(in: lines, at: &place, holdsValue: { lineBlocks[$0] == block }) {
            case .visit(let line):
                lineBlocks[line] = block
            case .conflict(let line):
                let existing = lineBlocks[line]?.kind.name ?? "none"
                throw .invalidArgument("line \(line) has two block formats (\(existing) and \(block.kind.name))")
            case .done:
                return
            }
        }
    }

    /// Format slot `slot`'s coverage, moved out of `coverages` (so that a walk's closures may read
    /// `self` while it changes) and ready for `places` places; the caller puts it back.
    private mutating func takeCoverage(_ slot: Int, places: Int) -> SpanCoverage {
        var coverage = SpanCoverage()
        swap(&coverage, &coverages[slot])
        coverage.prepare(places: places)
        return coverage
    }

    private mutating func applyLoadedInline(_ span: Span) throws(ComposerError) {
        guard let slot = DocumentBuilder.slot(of: span.kind), let key = try inlineKey(of: span) else { return }
        try applyLoadedInline(span, slot: slot, key: key)
    }

    /// Sets format slot `slot` (`slot(of:)`) of `style` to `key` (`inlineKey(of:)`).
    @inline(__always)
    static func set(_ slot: Int, _ key: UInt32, in style: inout InlineStyle) {
        switch slot {
        case 5: style.link = key
        case 6: style.color = key
        case 7: style.mention = key
        default: style.flags.insert(InlineStyle.Flags(rawValue: 1 << UInt8(truncatingIfNeeded: slot)))
        }
    }

    /// Whether `style`, which a span of slot `slot` already covers, holds `key` there. A flag
    /// slot's covered scalar has the flag: nothing to compare.
    @inline(__always)
    static func holds(_ slot: Int, _ key: UInt32, in style: InlineStyle) -> Bool {
        switch slot {
        case 5: return style.link == key
        case 6: return style.color == key
        case 7: return style.mention == key
        default: return true
        }
    }

    /// Inline span `span`'s value, validated, as its key in a style: 1 for a flag, the link's or
    /// the mention's id (interned or added here), the colour (`InlineStyle.color`); nil for a
    /// block span. Both paths take the spans' values in span order, so they number them alike.
    mutating func inlineKey(of span: Span) throws(ComposerError) -> UInt32? {
        switch span.format {
        case .bold, .italic, .underline, .strike, .code:
            return 1
        case .link(let url):
            return values.intern(link: try LinkPolicy.normalize(url))
        case .color(let value):
            return try ColorPolicy.parse(value) | 0x100_0000
        case .mention(let uid, let name):
            try MentionPolicy.validate(uid: uid, name: name)
            // The wire format carries the uid only; the text must be what the name gives back.
            guard text(in: span.start..<span.end) == "@" + name else {
                throw .invalidArgument("mention span \(span) must cover the text \"@\(name)\"")
            }
            return values.add(mention: MentionValue(uid: uid, name: name))
        case .block:
            return nil
        }
    }

    /// Applies inline span `span` of the format with coverage `slot` (`slot(of:)`) and key `key`
    /// (`inlineKey(of:)`): each scalar of its content no earlier span of the format covered must
    /// lie outside code blocks, gets the key (`set`), and must then keep the code and mention
    /// rules. A scalar an earlier span covered must hold the same key (`holds`), and is otherwise
    /// left as it is: it passed every check then, and stays the same. The first scalar that
    /// fails, in order, gives the error (as checking every scalar would).
    private mutating func applyLoadedInline(_ span: Span, slot: Int, key: UInt32) throws(ComposerError) {
        guard let content = content(span.start, span.end) else { return }
        // The walk meets that scalar unless an error comes first: no span covers it.
        let codeBlockScalar = firstCodeBlockScalar(in: content)
        func visit(_ i: Int) throws(ComposerError) {
            if i == codeBlockScalar { throw DocumentBuilder.inCodeBlock(span) }
            if isNewline(i) { return }
            DocumentBuilder.set(slot, key, in: &styles[i])
            try checkInlineRules(i, span)
        }
        if slotsInOrder & (1 << slot) != 0 {
            // No earlier span of the format reaches into this one: every scalar is a visit.
            for i in content { try visit(i) }
            return
        }
        var coverage = takeCoverage(slot, places: count)
        defer { coverages[slot] = coverage }
        var place = content.lowerBound
        while true {
            switch coverage.next(in: content, at: &place, holdsValue: { DocumentBuilder.holds(slot, key, in: styles[$0]) }) {
            case .visit(let i):
                try visit(i)
            case .conflict:
                throw .invalidArgument("span \(span) overlaps another \(span.kind.name) with a different value")
            case .done:
                return
            }
        }
    }

    /// An inline span over a code block's line (its message made only when it is thrown).
    private static func inCodeBlock(_ span: Span) -> ComposerError {
        .invalidArgument("inline span \(span) lies in a code block (code blocks hold no inline formats)")
    }

    /// Scalar `i`'s style keeps the inline rules (`brokenRule`), now that `span` set it.
    private func checkInlineRules(_ i: Int, _ span: Span) throws(ComposerError) {
        switch DocumentBuilder.brokenRule(styles[i]) {
        case .codeAlone?: throw .invalidArgument("span \(span) overlaps inline code (code holds no other inline style or mention)")
        case .noLinkOnMention?: throw .invalidArgument("span \(span) puts a link on a mention")
        case nil: return
        }
    }

    /// The rules a character's style keeps, whichever way the spans are loaded.
    enum InlineRule {
        /// Inline code holds no bold, italic, underline, strike or colour, and never a mention.
        case codeAlone
        /// A mention holds no link.
        case noLinkOnMention
    }

    /// The first rule `style` breaks, nil for none.
    static func brokenRule(_ style: InlineStyle) -> InlineRule? {
        if style.flags.contains(.code), !style.flags.isDisjoint(with: InlineStyle.Flags.codeExcluded) || style.color != 0 || style.mention != 0 {
            return .codeAlone
        }
        return style.mention != 0 && style.link != 0 ? .noLinkOnMention : nil
    }

    /// Every other inline format covers a mention run whole or not at all (a mention is atomic).
    private func validateMentionsWhole() throws(ComposerError) {
        var i = 0
        while i < styles.count {
            let id = styles[i].mention
            guard id != 0 else { i += 1; continue }
            var j = i + 1
            while j < styles.count, styles[j].mention == id { j += 1 }
            let first = styles[i]
            for k in i..<j where styles[k] != first {
                throw .invalidArgument("a format covers part of the mention at [\(i),\(j)) (mentions are atomic)")
            }
            i = j
        }
    }
}
