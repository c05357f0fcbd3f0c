import Testing
@testable import ComposerCore

/// The leaf walks behind the toolbar, the send state and the mention list (`Document+Scans.swift`)
/// against the same answers read character by character, on random documents long enough to
/// span many leaves, over random ranges.
@Suite struct DocumentScanTests {
    static let pieces = ["ab", "c ", "\n", "\n\n", "😀", "é", "  ", "\t", "@Al", "x\u{3000}", "語"]

    /// A random document of about `length` scalars whose spans loaded (spans that conflict are
    /// dropped one by one until the rest load).
    static func randomDocument(_ rng: inout SeededRandom, length: Int) -> Document {
        var text = ""
        while text.unicodeScalars.count < length { text += rng.pick(pieces) }
        let scalars = Array(text.unicodeScalars)
        let n = scalars.count
        var spans: [Span] = []
        for _ in 0..<Int.random(in: 0...40, using: &rng) {
            let start = Int.random(in: 0...n, using: &rng)
            let end = Swift.min(n, start + Int.random(in: 0...(n / 3), using: &rng))
            switch Int.random(in: 0..<8, using: &rng) {
            case 0, 1: spans.append(Span(start, end, .bold))
            case 2: spans.append(Span(start, end, .italic))
            case 3: spans.append(Span(start, end, .link(url: rng.pick(["https://a.io", "https://b.io"]))))
            case 4: spans.append(Span(start, end, .color(rng.pick(["#f00", "#00f"]))))
            case 5:
                if let at = (start..<n).first(where: { scalars[$0] == "@" }) {
                    spans.append(Span(at, at + 3, .mention(uid: "u\(at)", name: "Al")))
                }
            default:
                let lineStart = (scalars[..<start].lastIndex(of: "\n") ?? -1) + 1
                let lineEnd = scalars[end...].firstIndex(of: "\n") ?? n
                spans.append(Span(lineStart, lineEnd, .block(rng.pick([.quote, .bulletList]))))
            }
        }
        while true {
            if let document = try? Document(text: text, spans: spans) { return document }
            spans.removeLast()
        }
    }

    static func randomRange(_ rng: inout SeededRandom, in n: Int) -> Range<Int> {
        let start = Int.random(in: 0...n, using: &rng)
        return start..<Int.random(in: start...Swift.min(n, start + Int.random(in: 0...n, using: &rng)), using: &rng)
    }

    /// `body` with 25 random ranges of each of 40 random documents (and the document's scalars).
    static func forEachRandomRange(seed: UInt64, _ body: (Document, [Unicode.Scalar], Range<Int>) -> Void) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<40 {
            let document = randomDocument(&rng, length: Int.random(in: 1...6_000, using: &rng))
            let scalars = Array(document.text.unicodeScalars)
            for _ in 0..<25 { body(document, scalars, randomRange(&rng, in: scalars.count)) }
        }
    }

    @Test func commonStyleAndLineBlocksMatchCharacterByCharacter() {
        Self.forEachRandomRange(seed: 0x7363_616E) { document, scalars, range in
            var expected: InlineStyle?
            for i in range where scalars[i] != "\n" {
                let s = document.style(at: i)
                guard var c = expected else { expected = s; continue }
                c.flags.formIntersection(s.flags)
                if c.link != s.link { c.link = 0 }
                if c.color != s.color { c.color = 0 }
                if c.mention != s.mention { c.mention = 0 }
                expected = c
            }
            #expect(document.commonStyle(in: range) == expected, "\(range)")
            let lines = document.lineIndex(at: range.lowerBound)...document.lineIndex(at: range.upperBound)
            for block in [document.block(ofLine: lines.lowerBound), .quote, nil] {
                #expect(document.linesAll(lines, have: block) == lines.allSatisfy { document.block(ofLine: $0) == block }, "\(lines) \(String(describing: block))")
            }
        }
    }

    /// The style every character of `range` but its line breaks shares, from `styles` (one per
    /// scalar): the reference `commonStyle` is held to.
    static func expectedCommonStyle(_ scalars: [Unicode.Scalar], _ styles: [InlineStyle], _ range: Range<Int>) -> InlineStyle? {
        var expected: InlineStyle?
        for i in range where scalars[i] != "\n" {
            expected = expected?.shared(with: styles[i]) ?? styles[i]
        }
        return expected
    }

    /// The nodes' shared formats (what `commonStyle` and `linesAll` read for the subtrees a range
    /// covers, and the whitespace scans for the subtrees they step over) stay true through edits
    /// of every kind, long runs of whitespace among them, on documents deep enough for inner
    /// nodes to be covered whole: checked against every scalar and every line's block after each
    /// edit, over the whole text and random ranges.
    @Test func sharedFormatsHoldThroughEdits() {
        var rng = SeededRandom(seed: 0x7368_6172)
        for _ in 0..<2 {
            var document = Self.randomDocument(&rng, length: Int.random(in: 20_000...30_000, using: &rng))
            let bold = { (s: inout InlineStyle) in _ = s.flags.insert(.bold) }
            // Mostly bold, quoted lines: the shared formats are seldom empty, so they get compared.
            document.restyle(0..<document.count, bold)
            document.setBlock(.quote, lines: 0...(document.lineCount - 1))
            for step in 0..<40 {
                let n = document.count
                let a = Int.random(in: 0...n, using: &rng), b = Int.random(in: 0...n, using: &rng)
                let range = min(a, b)..<max(a, b)
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: document.restyle(range) { $0.flags.remove(.bold) }
                case 1: document.restyle(range, bold)
                case 2: document.restyle(range) { _ = $0.flags.insert(.italic) }
                case 3:
                    let line = document.lineIndex(at: a)
                    document.setBlock(rng.pick([.quote, .bulletList, nil]), lines: line...Swift.min(document.lineCount - 1, line + Int.random(in: 0...3, using: &rng)))
                case 4:
                    var style = InlineStyle.plain
                    style.flags = rng.pick([[.bold], [.bold, .italic], []])
                    let text = rng.pick(["x", "\n", "ab\ncd", "é\n\n", String(repeating: "long ", count: 300),
                                         String(repeating: rng.pick([" ", "\n", "\u{3000}", " \t"]), count: Int.random(in: 1...3_000, using: &rng))])
                    _ = document.replace(range.lowerBound..<Swift.min(range.upperBound, range.lowerBound + 2_000), with: Array(text.unicodeScalars), style: style)
                default:
                    _ = document.replace(range.lowerBound..<Swift.min(range.upperBound, range.lowerBound + 50), with: [Unicode.Scalar](), style: .plain)
                }
                #expect(document.tree.invariantViolation() == nil, "step \(step)")
                let scalars = Array(document.text.unicodeScalars)
                var styles: [InlineStyle] = []
                document.forEachRun(in: 0..<document.count) { run, style in
                    styles.append(contentsOf: repeatElement(style, count: run.count))
                    return true
                }
                let blocks = (0..<document.lineCount).map { document.block(ofLine: $0) }
                var ranges = [0..<document.count]
                for _ in 0..<4 { ranges.append(Self.randomRange(&rng, in: document.count)) }
                for range in ranges {
                    // Whitespace runs are stepped over a subtree at a time (`SharedFormats.allWhitespace`).
                    let firstNonBlank = (range.lowerBound..<scalars.count).first(where: { !scalars[$0].isWhitespace }) ?? scalars.count
                    #expect(document.firstNonWhitespace(from: range.lowerBound) == firstNonBlank, "step \(step) \(range)")
                    let lastNonBlank = (0..<range.upperBound).last(where: { !scalars[$0].isWhitespace }).map { $0 + 1 } ?? 0
                    #expect(document.endOfNonWhitespace(before: range.upperBound, notBefore: range.lowerBound) == Swift.max(lastNonBlank, range.lowerBound),
                            "step \(step) \(range)")
                    #expect(document.commonStyle(in: range) == Self.expectedCommonStyle(scalars, styles, range), "step \(step) \(range)")
                    let lines = document.lineIndex(at: range.lowerBound)...document.lineIndex(at: range.upperBound)
                    for block in [blocks[lines.lowerBound], .quote, nil] {
                        #expect(document.linesAll(lines, have: block) == blocks[lines].allSatisfy { $0 == block }, "step \(step) \(lines)")
                    }
                }
            }
        }
    }

    /// A leaf whose only character that is not whitespace goes becomes all whitespace: the walks
    /// step over it, and over the whole draft once every such character is gone; a letter
    /// replacing a space there is found again.
    @Test func removingTheLastLetterLeavesAllWhitespace() {
        let pad = String(repeating: " ", count: 3_000)
        var document = Document(text: pad + "x" + pad + "y" + pad)
        #expect(document.firstNonWhitespace(from: 0) == 3_000)
        _ = document.replace(3_000..<3_001, with: [Unicode.Scalar](), style: .plain)
        #expect(document.tree.invariantViolation() == nil)
        #expect(document.firstNonWhitespace(from: 0) == 6_000)
        #expect(document.endOfNonWhitespace(before: document.count, notBefore: 0) == 6_001)
        _ = document.replace(6_000..<6_001, with: [Unicode.Scalar](), style: .plain)
        #expect(document.tree.invariantViolation() == nil)
        #expect(document.firstNonWhitespace(from: 0) == document.count)
        #expect(document.endOfNonWhitespace(before: document.count, notBefore: 0) == 0)
        // A space replaced by a letter: what was all whitespace is no longer.
        _ = document.replace(4_500..<4_501, with: Array("z".unicodeScalars), style: .plain)
        #expect(document.tree.invariantViolation() == nil)
        #expect(document.firstNonWhitespace(from: 0) == 4_500)
        #expect(document.endOfNonWhitespace(before: document.count, notBefore: 0) == 4_501)
    }

    @Test func mentionRunsAreTheMentionSpans() {
        var rng = SeededRandom(seed: 0x6D65_6E74)
        for _ in 0..<40 {
            let document = Self.randomDocument(&rng, length: Int.random(in: 1...6_000, using: &rng))
            let expected = document.spans.compactMap { span -> MentionRange? in
                guard case .mention(let uid, let name) = span.format else { return nil }
                return MentionRange(start: span.start, end: span.end, uid: uid, name: name)
            }
            let runs = document.mentionRuns()
            #expect(runs.map { MentionRange(start: $0.range.lowerBound, end: $0.range.upperBound, uid: document.values.mention($0.id)?.uid ?? "",
                                            name: document.values.mention($0.id)?.name ?? "") } == expected)
            #expect(runs.count == document.mentionCount)
        }
        // Mentions one after another over many leaves: some are cut where leaves meet.
        let many = try? Document(text: String(repeating: "@Al  ", count: 3_000), spans: (0..<3_000).map { Span(5 * $0, 5 * $0 + 3, .mention(uid: "u1", name: "Al")) })
        #expect(many?.mentionRuns().map(\.range) == (0..<3_000).map { (5 * $0)..<(5 * $0 + 3) })
    }

    /// What trimming on send keeps, against a walk in from both ends character by character
    /// that stops at anything but whitespace outside a mention; on random documents, on ones
    /// whose mentions (names ending with spaces) sit in the whitespace at either end, and on
    /// all-whitespace ones.
    @Test func rangeWithoutEndWhitespaceMatchesCharacterByCharacter() {
        func expected(_ document: Document) -> Range<Int> {
            var start = 0
            while start < document.count, document.scalar(at: start).isWhitespace, document.style(at: start).mention == 0 { start += 1 }
            var end = document.count
            while end > start, document.scalar(at: end - 1).isWhitespace, document.style(at: end - 1).mention == 0 { end -= 1 }
            return start..<end
        }
        var rng = SeededRandom(seed: 0x7472_696D)
        for k in 0..<60 {
            var document = Self.randomDocument(&rng, length: Int.random(in: 0...3_000, using: &rng))
            if k % 3 == 1 {
                // Whitespace around the text, and mentions in it whose names end with spaces.
                let pad = String(repeating: rng.pick([" ", "\n", "\t", "\u{3000}"]), count: Int.random(in: 1...2_000, using: &rng))
                let name = rng.pick(["Al b ", "Al\u{3000}", "Al"])
                let mention = "@" + name
                let text = pad + mention + pad + document.text + pad + mention + pad
                let n = pad.unicodeScalars.count, l = mention.unicodeScalars.count, m = document.count
                let at = [n, 2 * n + l + m + n]
                do {
                    document = try Document(text: text, spans: at.map { Span($0, $0 + l, .mention(uid: "u", name: name)) })
                } catch {
                    Issue.record("\(error)")
                }
            } else if k % 3 == 2 {
                document = Document(text: String(repeating: rng.pick([" ", "\n \n", "\u{3000}"]), count: Int.random(in: 0...3_000, using: &rng)))
            }
            #expect(document.rangeWithoutEndWhitespace == expected(document), "document \(k)")
        }
    }

    @Test func whitespaceScansMatchCharacterByCharacter() {
        Self.forEachRandomRange(seed: 0x7768_6974) { document, scalars, range in
            let firstBlank = range.first(where: { scalars[$0].isWhitespace }) ?? range.upperBound
            #expect(document.firstOffset(from: range.lowerBound, before: range.upperBound, where: { $0.isWhitespace }) == firstBlank)
            let firstNonBlank = (range.lowerBound..<scalars.count).first(where: { !scalars[$0].isWhitespace }) ?? scalars.count
            #expect(document.firstNonWhitespace(from: range.lowerBound) == firstNonBlank)
            var end = range.upperBound
            while end > range.lowerBound, scalars[end - 1].isWhitespace { end -= 1 }
            #expect(document.endOfNonWhitespace(before: range.upperBound, notBefore: range.lowerBound) == end)
        }
    }
}
