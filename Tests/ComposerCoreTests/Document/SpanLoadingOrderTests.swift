import Testing
@testable import ComposerCore

/// Loading spans (`Document(text:spans:)`, what `mc_draft_load_document` and a restore use) steps
/// over what earlier spans of a format covered (`SpanCoverage`). These tests hold it to the
/// plainest way of loading, `ReferenceLoader` below, which sets and checks every scalar of every
/// span in turn: the same styles and blocks for every document that loads, and the same first
/// error for every one that does not, on random documents dense with overlapping spans.
@Suite struct SpanLoadingOrderTests {
    static let pieces = ["a", "b", "c", "\n", "\n\n", "😀", "é", "@Al", "@Bo", " "]
    static let urls = ["https://a.io", "https://b.io", "a.io"]
    static let colors = ["#f00", "#ff0000", "#00f"]

    static func randomSpan(_ rng: inout SeededRandom, text: [Unicode.Scalar]) -> Span {
        let n = text.count
        var start = Int.random(in: 0...n, using: &rng)
        var end = Int.random(in: start...min(n, start + 1 + Int.random(in: 0...12, using: &rng)), using: &rng)
        if Int.random(in: 0..<5, using: &rng) == 0 { end = Int.random(in: start...n, using: &rng) }  // long ones
        let format: Format
        switch Int.random(in: 0..<14, using: &rng) {
        case 0, 1: format = .bold
        case 2: format = .italic
        case 3: format = .underline
        case 4: format = .strike
        case 5: format = .code
        case 6, 7: format = .link(url: rng.pick(urls))
        case 8: format = .color(rng.pick(colors))
        case 9, 10:
            // A mention over an "@Al" or "@Bo" of the text when there is one near, else anywhere.
            if let at = (start..<n).first(where: { text[$0] == "@" && $0 + 3 <= n }) {
                (start, end) = (at, at + 3)
                format = .mention(uid: rng.pick(["u1", "u2"]), name: String(String.UnicodeScalarView(text[at + 1..<at + 3])))
            } else {
                format = .mention(uid: "u1", name: "Al")
            }
        default:
            // Whole lines, mostly.
            let lineStart = { (i: Int) in (text[..<i].lastIndex(of: "\n") ?? -1) + 1 }
            let lineEnd = { (i: Int) in text[i...].firstIndex(of: "\n") ?? n }
            if Int.random(in: 0..<6, using: &rng) > 0 { (start, end) = (lineStart(start), lineEnd(end)) }
            format = .block(rng.pick([.quote, .bulletList, .orderedList, .codeBlock]))
        }
        return Span(start, end, format)
    }

    @Test func loadingMatchesSpanBySpanLoading() {
        var rng = SeededRandom(seed: 0x636F_7665_72)
        var loaded = 0, refused = 0
        for _ in 0..<4_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...14, using: &rng) { text += rng.pick(Self.pieces) }
            let scalars = Array(text.unicodeScalars)
            let spans = (0..<Int.random(in: 0...12, using: &rng)).map { _ in Self.randomSpan(&rng, text: scalars) }
            if Self.loadsAsTheReference(text, spans).loaded { loaded += 1 } else { refused += 1 }
        }
        // Both outcomes are well represented.
        #expect(loaded > 1_000)
        #expect(refused > 1_000)
    }

    /// Spans whose contents come in order format by format, as every document JSON the library
    /// writes has them: the loader sweeps them into runs without a style per scalar
    /// (`DocumentBuilder+InOrder.swift`) and must give what span-by-span loading gives, the same
    /// document or the same first error. The formats overlap at random, so inline code meets
    /// other styles, links meet mentions, cuts fall inside mentions, spans reach into code blocks
    /// and values fail to validate, each now and then; some documents have their spans shuffled,
    /// which leaves them to the general path.
    @Test func inOrderSpansLoadAsSpanBySpan() {
        var rng = SeededRandom(seed: 0x696E_6F72_6465_72)
        var loaded = 0, refused = 0, swept = 0
        for _ in 0..<4_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &rng) { text += rng.pick(Self.pieces) }
            let scalars = Array(text.unicodeScalars)
            var spans = Self.inOrderSpans(&rng, text: scalars)
            if Int.random(in: 0..<6, using: &rng) == 0 { spans.shuffle(using: &rng) }
            let outcome = Self.loadsAsTheReference(text, spans)
            if outcome.loaded { loaded += 1 } else { refused += 1 }
            if outcome.swept { swept += 1 }
        }
        // Both outcomes are well represented, and most documents that load take the sweep.
        #expect(loaded > 1_000)
        #expect(refused > 1_000)
        #expect(swept > loaded / 2)
    }

    /// Loads `spans` over `text` (`DocumentBuilder`, what `Document(text:spans:)` runs) and
    /// expects what `ReferenceLoader` gives: the same style at every scalar and block on every
    /// line, or the same error. Whether it loaded, and whether the sweep loaded it.
    static func loadsAsTheReference(_ text: String, _ spans: [Span]) -> (loaded: Bool, swept: Bool) {
        let scalars = Array(text.unicodeScalars)
        let expected = Result { () throws(ComposerError) in try ReferenceLoader.load(text: scalars, spans: spans) }
        var builder = DocumentBuilder(text: text)
        let got = Result { () throws(ComposerError) in
            try builder.load(spans)
            return builder.document
        }
        switch (expected, got) {
        case (.success(let reference), .success(let document)):
            #expect((0..<scalars.count).map { document.style(at: $0) } == reference.styles, "\(text.debugDescription) \(spans)")
            #expect((0..<document.lineCount).map { document.block(ofLine: $0) } == reference.blocks, "\(text.debugDescription) \(spans)")
            return (true, builder.runs != nil)
        case (.failure(let reference), .failure(let error)):
            #expect(error.message == reference.message, "\(text.debugDescription) \(spans)")
        default:
            Issue.record("\(text.debugDescription) \(spans): reference \(expected), loader \(got)")
        }
        return (false, false)
    }

    /// Spans for `text`, each inline format's in order: runs of a few scalars with gaps of none
    /// to a few between them, for a random choice of formats (inline code seldom); mentions over
    /// the text's "@Al" and "@Bo" (now and then with a wrong name); blocks over whole lines; and
    /// now and then a value that does not validate.
    static func inOrderSpans(_ rng: inout SeededRandom, text: [Unicode.Scalar]) -> [Span] {
        let n = text.count
        var spans: [Span] = []
        let formats: [(chance: Int, make: (inout SeededRandom) -> Format)] = [
            (2, { _ in .bold }), (3, { _ in .italic }), (3, { _ in .underline }), (3, { _ in .strike }), (5, { _ in .code }),
            (2, { rng in .link(url: rng.pick(urls + ["javascript:x"])) }),
            (3, { rng in .color(rng.pick(colors + ["#f00", "red"])) }),
        ]
        for (chance, make) in formats where Int.random(in: 0..<chance, using: &rng) == 0 {
            var position = 0
            while position < n {
                let start = position + Int.random(in: 0...4, using: &rng)
                guard start < n else { break }
                let end = min(n, start + Int.random(in: 1...8, using: &rng))
                spans.append(Span(start, end, make(&rng)))
                position = end
            }
        }
        if Int.random(in: 0..<2, using: &rng) == 0 {
            for at in 0..<n where text[at] == "@" && at + 3 <= n && Int.random(in: 0..<3, using: &rng) > 0 {
                let name = String(String.UnicodeScalarView(text[at + 1..<at + 3]))
                let wrong = Int.random(in: 0..<20, using: &rng) == 0
                spans.append(Span(at, at + 3, .mention(uid: rng.pick(["u1", "u2"]), name: wrong ? "Cy" : name)))
            }
        }
        var lineStart = 0
        for i in 0...n where i == n || text[i] == "\n" {
            if Int.random(in: 0..<6, using: &rng) == 0 {
                spans.append(Span(lineStart, i, .block(rng.pick([.quote, .bulletList, .orderedList, .codeBlock]))))
            }
            lineStart = i + 1
        }
        // Formats interleaved, each keeping its order.
        return spans.sorted { $0.start < $1.start }
    }

    /// A span that steps over a stretch holding line breaks still knows the line of what it
    /// visits after it: here a code block's, where it must fail.
    @Test func steppingOverLinesKeepsTheLine() {
        let spans = [Span(6, 8, .block(.codeBlock)), Span(1, 5, .bold), Span(0, 8, .bold)]
        #expect(throws: ComposerError.invalidArgument("inline span bold[0,8) lies in a code block (code blocks hold no inline formats)")) {
            try Document(text: "ab\ncd\nef", spans: spans)
        }
        #expect(throws: ComposerError.invalidArgument("inline span bold[0,8) lies in a code block (code blocks hold no inline formats)")) {
            try ReferenceLoader.load(text: Array("ab\ncd\nef".unicodeScalars), spans: spans)
        }
    }

    /// Spans nested around one another over a long text, each of a format reaching over what
    /// the ones before covered: the document is the one the outermost spans alone would give.
    @Test func nestedSpansLoadAsTheOutermost() throws {
        let lines = 5_000
        let text = String(repeating: "ab\n", count: lines)
        let length = 3 * lines
        var spans: [Span] = []
        for k in stride(from: 199, through: 0, by: -1) {
            spans.append(Span(3 * k, length - 3 * k - 1, .bold))
            spans.append(Span(3 * k, length - 3 * k - 1, .link(url: "https://a.io")))
            spans.append(Span(3 * k, length - 3 * k - 1, .block(.quote)))
        }
        let document = try Document(text: text, spans: spans)
        var expected = [Span(0, length - 1, .block(.quote))]
        for line in 0..<lines {
            expected += [Span(3 * line, 3 * line + 2, .bold), Span(3 * line, 3 * line + 2, .link(url: "https://a.io"))]
        }
        #expect(document.spans == expected.sorted(by: Span.canonicalOrder))
    }
}

/// The plainest loading: every span in turn, every scalar (line) of it, checked and set (the
/// loader as it was before `SpanCoverage`; its cost is the sum of the spans' lengths).
private enum ReferenceLoader {
    struct Loaded {
        var styles: [InlineStyle]
        var blocks: [BlockFormat?]
    }

    static func load(text: [Unicode.Scalar], spans: [Span]) throws(ComposerError) -> Loaded {
        let n = text.count
        for span in spans {
            guard span.start >= 0, span.end >= span.start, span.end <= n else {
                throw .outOfRange("span \(span) is outside the text (length \(n))")
            }
        }
        var styles = Array(repeating: InlineStyle.plain, count: n)
        var blocks: [BlockFormat?] = Array(repeating: nil, count: text.filter { $0 == "\n" }.count + 1)
        var values = ValueTable()
        func line(of offset: Int) -> Int { text[..<offset].filter { $0 == "\n" }.count }
        for span in spans {
            guard case .block(let block) = span.format else { continue }
            guard span.start == 0 || text[span.start - 1] == "\n", span.end == n || text[span.end] == "\n" else {
                throw .invalidArgument("block span \(span) does not cover whole lines")
            }
            for l in line(of: span.start)...line(of: span.end) {
                if let existing = blocks[l], existing != block {
                    throw .invalidArgument("line \(l) has two block formats (\(existing.kind.name) and \(block.kind.name))")
                }
                blocks[l] = block
            }
        }
        func checkCodeRule(_ i: Int, _ span: Span) throws(ComposerError) {
            let s = styles[i]
            if s.flags.contains(.code), !s.flags.isDisjoint(with: InlineStyle.Flags.codeExcluded) || s.color != 0 || s.mention != 0 {
                throw .invalidArgument("span \(span) overlaps inline code (code holds no other inline style or mention)")
            }
            if s.mention != 0, s.link != 0 { throw .invalidArgument("span \(span) puts a link on a mention") }
        }
        func paint(_ span: Span, _ assign: (inout InlineStyle) -> Bool) throws(ComposerError) {
            var l = line(of: span.start)
            for i in span.start..<span.end {
                if text[i] == "\n" { l += 1; continue }
                if blocks[l] == .codeBlock {
                    throw .invalidArgument("inline span \(span) lies in a code block (code blocks hold no inline formats)")
                }
                guard assign(&styles[i]) else {
                    throw .invalidArgument("span \(span) overlaps another \(span.kind.name) with a different value")
                }
                try checkCodeRule(i, span)
            }
        }
        for span in spans {
            switch span.format {
            case .bold, .italic, .underline, .strike, .code:
                guard let flag = InlineStyle.flag(for: span.kind) else { continue }
                try paint(span) { $0.flags.insert(flag); return true }
            case .link(let url):
                let id = values.intern(link: try LinkPolicy.normalize(url))
                try paint(span) { s in defer { s.link = id }; return s.link == 0 || s.link == id }
            case .color(let value):
                let rgb = try ColorPolicy.parse(value) | 0x100_0000
                try paint(span) { s in defer { s.color = rgb }; return s.color == 0 || s.color == rgb }
            case .mention(let uid, let name):
                try MentionPolicy.validate(uid: uid, name: name)
                guard String(String.UnicodeScalarView(text[span.start..<span.end])) == "@" + name else {
                    throw .invalidArgument("mention span \(span) must cover the text \"@\(name)\"")
                }
                let id = values.add(mention: MentionValue(uid: uid, name: name))
                try paint(span) { s in defer { s.mention = id }; return s.mention == 0 || s.mention == id }
            case .block:
                continue
            }
        }
        var i = 0
        while i < n {
            let id = styles[i].mention
            guard id != 0 else { i += 1; continue }
            var j = i + 1
            while j < n, styles[j].mention == id { j += 1 }
            if styles[i..<j].contains(where: { $0 != styles[i] }) {
                throw .invalidArgument("a format covers part of the mention at [\(i),\(j)) (mentions are atomic)")
            }
            i = j
        }
        var names: [String: String] = [:]
        for mention in values.mentions {
            if let known = names[mention.uid], known != mention.name {
                throw .invalidArgument("mention uid \"\(mention.uid)\" has two names (\"\(known)\" and \"\(mention.name)\"); the wire format carries one")
            }
            names[mention.uid] = mention.name
        }
        return Loaded(styles: styles, blocks: blocks)
    }
}
