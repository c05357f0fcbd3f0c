import Testing
@testable import ComposerCore

/// `Document.restyle(_ ranges:)`, the one walk a format over many ranges makes
/// (`Editor.formatTargets`), against `restyle` of each range in turn: the same document, the same
/// change for events, and an undo record that gives back the same document with the same change.
@Suite struct RestyleRangesTests {
    /// Ascending, disjoint ranges, each on one line, of random lengths and gaps (some empty).
    static func randomTargets(_ rng: inout SeededRandom, _ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var targets: [Range<Int>] = []
        var p = Int.random(in: 0...20, using: &rng)
        while p < scalars.count {
            let lineEnd = scalars[p...].firstIndex(of: "\n") ?? scalars.count
            let end = Swift.min(lineEnd, p + Int.random(in: 0...40, using: &rng))
            targets.append(p..<end)
            p = end + Int.random(in: 0...12, using: &rng)
            // Now and then a target right after the one before (a run of a link cut out between).
            if Int.random(in: 0..<4, using: &rng) == 0, end < lineEnd { p = end }
        }
        return targets
    }

    static let transforms: [(String, @Sendable (inout InlineStyle) -> Void)] = [
        ("bold", { $0.flags.insert(.bold) }),
        ("not italic", { $0.flags.remove(.italic) }),
        ("underline toggled", { $0.flags.formSymmetricDifference(.underline) }),
        ("link", { $0.link = 1 }),
        ("no link", { $0.link = 0 }),
        ("code", { $0.flags.insert(.code) }),
        ("colour", { $0.color = 0x1FF_0000 }),
    ]

    @Test func restylingRangesAtOnceIsRestylingThemOneByOne() {
        var rng = SeededRandom(seed: 0x7265_7374)
        for _ in 0..<60 {
            var document = DocumentScanTests.randomDocument(&rng, length: Int.random(in: 50...6_000, using: &rng))
            _ = document.intern(link: "https://a.io")
            let scalars = Array(document.text.unicodeScalars)
            let targets = Self.randomTargets(&rng, scalars)
            let (name, transform) = rng.pick(Self.transforms)

            var oneByOne = document
            oneByOne.beginRecording()
            _ = oneByOne.takeChange()
            for target in targets { oneByOne.restyle(target, transform) }
            var atOnce = document
            atOnce.beginRecording()
            _ = atOnce.takeChange()
            atOnce.restyle(targets, transform)

            #expect(atOnce == oneByOne, "\(name)")
            #expect(atOnce.tree.invariantViolation() == nil)
            #expect(atOnce.takeChange() == oneByOne.takeChange(), "\(name)")
            // Undoing the records, last first, gives back the document (and the same change): one
            // record at once, one a changed range one by one.
            let records = (atOnce.endRecording(), oneByOne.endRecording())
            #expect(records.0.count == (records.1.isEmpty ? 0 : 1))
            for edit in records.0.reversed() { atOnce.apply(edit) }
            for edit in records.1.reversed() { oneByOne.apply(edit) }
            #expect(atOnce == document, "\(name)")
            #expect(atOnce.takeChange() == oneByOne.takeChange(), "\(name)")
        }
    }
}

extension RestyleRangesTests {
    /// The targets of a format, worked out line by line (a run walk per line): what
    /// `Editor.formatTargets` finds in one walk.
    static func targetsLineByLine(_ document: Document, _ kind: FormatKind, _ range: Range<Int>, protect: Bool) -> [Range<Int>] {
        var targets: [Range<Int>] = []
        for line in document.lineIndex(at: range.lowerBound)...document.lineIndex(at: range.upperBound)
        where document.block(ofLine: line) != .codeBlock {
            document.forEachRun(in: document.lineRange(line).clamped(to: range)) { r, s in
                if s.mention != 0, protect || kind == .link || kind == .code { return true }
                if protect, s.link != 0, kind != .link { return true }
                if protect, s.flags.contains(.code), kind != .code { return true }
                if let previous = targets.last, previous.upperBound == r.lowerBound {
                    targets[targets.count - 1] = previous.lowerBound..<r.upperBound
                } else {
                    targets.append(r)
                }
                return true
            }
        }
        return targets
    }

    @Test func formatTargetsAreTheRunsOfEachLine() {
        var rng = SeededRandom(seed: 0x7461_7267)
        for _ in 0..<60 {
            var document = DocumentScanTests.randomDocument(&rng, length: Int.random(in: 1...4_000, using: &rng))
            for _ in 0..<3 {
                let line = Int.random(in: 0..<document.lineCount, using: &rng)
                document.setBlock(.codeBlock, lines: line...line)
            }
            for _ in 0..<6 {
                let start = Int.random(in: 0...document.count, using: &rng)
                document.restyle(start..<Swift.min(document.count, start + Int.random(in: 0...30, using: &rng))) { $0.flags.insert(.code) }
            }
            var editor = Editor()
            _ = editor.load(document)
            for _ in 0..<10 {
                let range = DocumentScanTests.randomRange(&rng, in: document.count)
                let kind = rng.pick([FormatKind.bold, .italic, .link, .code, .color])
                let protect = Bool.random(using: &rng)
                #expect(editor.formatTargets(kind, in: range, protect: protect)
                        == Self.targetsLineByLine(editor.document, kind, range, protect: protect))
            }
        }
    }
}

extension RestyleRangesTests {
    /// The links a range touches, each looked up whole around its first character in the range:
    /// what `Editor.linkRuns` finds in one walk.
    static func linkRunsOneByOne(_ document: Document, touching range: Range<Int>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        let lower = Swift.max(0, range.lowerBound - (range.isEmpty ? 1 : 0))
        let upper = Swift.min(document.count, range.isEmpty ? range.upperBound + 1 : range.upperBound)
        var linked: [Int] = []
        document.forEachRun(in: lower..<upper) { r, style in
            if style.link != 0 { linked.append(r.lowerBound) }
            return true
        }
        for i in linked where runs.last.map({ $0.upperBound <= i }) ?? true {
            if let run = document.run(containing: i, key: { $0.link }) { runs.append(run) }
        }
        return runs
    }

    @Test func linkRunsAreEachLinkWhole() {
        var rng = SeededRandom(seed: 0x6C69_6E6B)
        for _ in 0..<60 {
            // Links of two URLs side by side, cut by leaves, lines and other formats.
            var document = DocumentScanTests.randomDocument(&rng, length: Int.random(in: 1...4_000, using: &rng))
            let ids = [document.intern(link: "https://a.io"), document.intern(link: "https://b.io")]
            for _ in 0..<30 {
                let start = Int.random(in: 0...document.count, using: &rng)
                let id = rng.pick(ids)
                document.restyle(start..<Swift.min(document.count, start + Int.random(in: 0...200, using: &rng))) { $0.link = id }
            }
            var editor = Editor()
            _ = editor.load(document)
            for _ in 0..<20 {
                let range = DocumentScanTests.randomRange(&rng, in: document.count)
                #expect(editor.linkRuns(touching: range) == Self.linkRunsOneByOne(editor.document, touching: range))
            }
        }
    }
}

extension RestyleRangesTests {
    /// Ranges out of order or overlapping (which no caller in the library gives) are restyled one
    /// by one.
    @Test func rangesOutOfOrderAreRestyledOneByOne() throws {
        let document = try Document(text: "abc\ndef ghi", spans: [])
        for (ranges, spans) in [([4..<7, 0..<2], 2), ([0..<3, 1..<2], 1), ([8..<11, 8..<11], 1)] {
            var atOnce = document
            atOnce.restyle(ranges) { $0.flags.insert(.bold) }
            var oneByOne = document
            for range in ranges { oneByOne.restyle(range) { $0.flags.insert(.bold) } }
            #expect(atOnce == oneByOne)
            #expect(atOnce.spans.count == spans)
        }
    }
}

/// `Document.restyle(_ range:)` over one line or several: newlines and code-block lines stay
/// plain, wherever in the range the code block lies (the one-line case restyles unless its line
/// is code; the several-lines case skips each code line, first, middle or last).
@Suite struct RestyleOneRangeTests {
    @Test(arguments: [
        ("a\n[code_block]b\nc", 0..<5, "<b>a</b>\n[code_block]b\n<b>c</b>"),
        ("[code_block]a\nb", 0..<3, "[code_block]a\n<b>b</b>"),
        ("a\n[code_block]b", 0..<3, "<b>a</b>\n[code_block]b"),
        ("ab\ncd", 1..<4, "a<b>b</b>\n<b>c</b>d"),
        ("[code_block]ab", 0..<2, "[code_block]ab"),
        ("ab", 0..<1, "<b>a</b>b"),
    ])
    func newlinesAndCodeBlockLinesStayPlain(_ before: String, _ range: Range<Int>, _ after: String) throws {
        var document = try Editor.notation(before).document
        document.restyle(range) { $0.flags.insert(.bold) }
        #expect(document == (try Editor.notation(after).document), "\(before) over \(range)")
    }
}
