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

/// Loading validates span by span against one style per character: the plain arrays are the
/// simplest place for that, and loading is O(n) anyway. The result is turned into a tree once.
private struct DocumentBuilder {
    var scalars: [Unicode.Scalar]
    var styles: [InlineStyle]
    var lineBlocks: [BlockFormat?]
    var values = ValueTable()

    init(text: String) {
        scalars = Array(text.unicodeScalars)
        styles = Array(repeating: .plain, count: scalars.count)
        lineBlocks = Array(repeating: nil, count: scalars.lazy.filter { $0 == "\n" }.count + 1)
    }

    func text(in range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }

    var document: Document {
        var fragment = TextFragment()
        var runStart = 0
        var blocks: [BlockFormat?] = []
        blocks.reserveCapacity(lineBlocks.count - 1)
        var line = 0
        for (i, s) in scalars.enumerated() {
            UTF8.encode(s) { fragment.bytes.append($0) }
            if s == "\n" {
                blocks.append(lineBlocks[line])
                line += 1
            }
            if i + 1 == scalars.count || styles[i + 1] != styles[i] {
                let end = fragment.bytes.count
                fragment.runs.append(StyleRun(style: styles[i], utf8Count: end - runStart))
                runStart = end
            }
        }
        fragment.blocks = blocks
        return Document(fragment: fragment, lastLineBlock: lineBlocks.last ?? nil, values: values)
    }

    mutating func load(_ spans: [Span]) throws(ComposerError) {
        if let nul = scalars.firstIndex(of: "\u{0}") {
            throw .invalidArgument("text holds U+0000 at offset \(nul) (drafts never hold it: C strings could not carry it)")
        }
        if let cr = scalars.firstIndex(of: "\r") {
            throw .invalidArgument("text holds a carriage return at offset \(cr); line breaks are \"\\n\" only")
        }
        let n = scalars.count
        for span in spans {
            guard span.start >= 0, span.end >= span.start, span.end <= n else {
                throw .outOfRange("span \(span) is outside the text (length \(n))")
            }
        }
        // Line starts once, so placing each span costs a binary search, not a scan.
        var lineStarts = [0]
        for (i, s) in scalars.enumerated() where s == "\n" { lineStarts.append(i + 1) }
        func line(of offset: Int) -> Int {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
            }
            return low
        }
        // Blocks first: inline validation needs to know the code-block lines.
        for span in spans {
            guard case .block(let block) = span.format else { continue }
            try applyLoadedBlock(block, span, firstLine: line(of: span.start), lastLine: line(of: span.end))
        }
        for span in spans where !span.kind.isBlock {
            try applyLoadedInline(span, line: line(of: span.start))
        }
        try validateMentionsWhole()
        var names: [String: String] = [:]
        for mention in values.mentions {
            if let known = names[mention.uid], known != mention.name {
                throw .invalidArgument("mention uid \"\(mention.uid)\" has two names (\"\(known)\" and \"\(mention.name)\"); the wire format carries one")
            }
            names[mention.uid] = mention.name
        }
    }

    private mutating func applyLoadedBlock(_ block: BlockFormat, _ span: Span, firstLine first: Int, lastLine last: Int) throws(ComposerError) {
        guard span.start == 0 || scalars[span.start - 1] == "\n",
              span.end == scalars.count || scalars[span.end] == "\n" else {
            throw .invalidArgument("block span \(span) does not cover whole lines")
        }
        for line in first...last {
            if let existing = lineBlocks[line], existing != block {
                throw .invalidArgument("line \(line) has two block formats (\(existing.kind.name) and \(block.kind.name))")
            }
            lineBlocks[line] = block
        }
    }

    private mutating func applyLoadedInline(_ span: Span, line firstLine: Int) throws(ComposerError) {
        var line = firstLine
        let inCodeBlockMessage = "inline span \(span) lies in a code block (code blocks hold no inline formats)"
        switch span.format {
        case .bold, .italic, .underline, .strike, .code:
            guard let flag = InlineStyle.flag(for: span.kind) else { return }
            for i in span.start..<span.end {
                if scalars[i] == "\n" { line += 1; continue }
                if lineBlocks[line] == .codeBlock { throw .invalidArgument(inCodeBlockMessage) }
                styles[i].flags.insert(flag)
                try checkCodeRule(i, span)
            }
        case .link(let url):
            let id = values.intern(link: try LinkPolicy.normalize(url))
            try setValue(span, line: &line, inCodeBlockMessage) { (s: inout InlineStyle) -> Bool in
                defer { s.link = id }
                return s.link == 0 || s.link == id
            }
        case .color(let value):
            let rgb = try ColorPolicy.parse(value) | 0x100_0000
            try setValue(span, line: &line, inCodeBlockMessage) { (s: inout InlineStyle) -> Bool in
                defer { s.color = rgb }
                return s.color == 0 || s.color == rgb
            }
        case .mention(let uid, let name):
            try MentionPolicy.validate(uid: uid, name: name)
            // The wire format carries the uid only; the text must be what the name gives back.
            guard text(in: span.start..<span.end) == "@" + name else {
                throw .invalidArgument("mention span \(span) must cover the text \"@\(name)\"")
            }
            let id = values.add(mention: MentionValue(uid: uid, name: name))
            try setValue(span, line: &line, inCodeBlockMessage) { (s: inout InlineStyle) -> Bool in
                defer { s.mention = id }
                return s.mention == 0 || s.mention == id
            }
        case .block:
            return
        }
    }

    private mutating func setValue(_ span: Span, line: inout Int, _ inCodeBlockMessage: String,
                                   _ assign: (inout InlineStyle) -> Bool) throws(ComposerError) {
        for i in span.start..<span.end {
            if scalars[i] == "\n" { line += 1; continue }
            if lineBlocks[line] == .codeBlock { throw .invalidArgument(inCodeBlockMessage) }
            guard assign(&styles[i]) else {
                throw .invalidArgument("span \(span) overlaps another \(span.kind.name) with a different value")
            }
            try checkCodeRule(i, span)
        }
    }

    /// Inline code holds no bold, italic, underline, strike or colour, and never a mention.
    private func checkCodeRule(_ i: Int, _ span: Span) throws(ComposerError) {
        let s = styles[i]
        if s.flags.contains(.code), !s.flags.isDisjoint(with: InlineStyle.Flags.codeExcluded) || s.color != 0 || s.mention != 0 {
            throw .invalidArgument("span \(span) overlaps inline code (code holds no other inline style or mention)")
        }
        if s.mention != 0, s.link != 0 {
            throw .invalidArgument("span \(span) puts a link on a mention")
        }
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

extension Document: Equatable {
    /// Two documents are equal when they hold the same text and the same canonical spans
    /// (interning order of values does not matter).
    public static func == (lhs: Document, rhs: Document) -> Bool {
        lhs.count == rhs.count && lhs.text == rhs.text && lhs.lineBlocks == rhs.lineBlocks && lhs.spans == rhs.spans
    }
}
