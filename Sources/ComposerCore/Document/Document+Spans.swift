extension Document {
    /// The canonical spans (DESIGN.md): maximal runs per format and value, inline spans never
    /// covering a `\n`, block spans over whole lines (a block on one empty line is the only empty
    /// span), sorted by start, end, then format name.
    public var spans: [Span] {
        var result: [Span] = []
        appendInlineRuns(into: &result)
        appendBlockRuns(into: &result)
        result.sort(by: Span.canonicalOrder)
        return result
    }

    private func appendInlineRuns(into result: inout [Span]) {
        let flagKinds: [(InlineStyle.Flags, Format)] = [
            (.bold, .bold), (.italic, .italic), (.underline, .underline), (.strike, .strike), (.code, .code),
        ]
        for (flag, format) in flagKinds {
            appendRuns(into: &result, key: { $0.flags.contains(flag) ? 1 : 0 }, format: { _ in format })
        }
        appendRuns(into: &result, key: { $0.link }, format: { .link(url: self.values.link($0) ?? "") })
        appendRuns(into: &result, key: { $0.color }, format: { .color(ColorPolicy.format($0)) })
        appendRuns(into: &result, key: { $0.mention }, format: {
            let m = self.values.mention($0) ?? MentionValue(uid: "", name: "")
            return .mention(uid: m.uid, name: m.name)
        })
    }

    /// Appends one span per maximal run of equal non-zero `key`.
    private func appendRuns(into result: inout [Span], key: (InlineStyle) -> UInt32, format: (UInt32) -> Format) {
        var runStart = 0
        var runKey: UInt32 = 0
        for i in 0...styles.count {
            let k = i < styles.count ? key(styles[i]) : 0
            if k != runKey {
                if runKey != 0 { result.append(Span(runStart, i, format(runKey))) }
                runStart = i
                runKey = k
            }
        }
    }

    private func appendBlockRuns(into result: inout [Span]) {
        let ranges = lineRanges
        var line = 0
        while line < lineBlocks.count {
            guard let block = lineBlocks[line] else { line += 1; continue }
            var last = line
            while last + 1 < lineBlocks.count, lineBlocks[last + 1] == block { last += 1 }
            result.append(Span(ranges[line].lowerBound, ranges[last].upperBound, .block(block)))
            line = last + 1
        }
    }

    /// Builds a document from text and spans in any order, validating them (DESIGN.md): offsets in
    /// range, valid links and colours, block spans over whole lines, at most one block format and one
    /// link / colour / mention per character, mentions covered whole or not at all, inline code
    /// without other styles, code blocks without inline formats. Touching or overlapping spans of the
    /// same format and value merge; inline spans across a `\n` skip it; empty inline spans vanish.
    public init(text: String, spans: [Span]) throws(ComposerError) {
        self.init(text: text)
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
        lhs.scalars == rhs.scalars && lhs.lineBlocks == rhs.lineBlocks && lhs.spans == rhs.spans
    }
}
