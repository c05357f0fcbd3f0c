import Testing
@testable import ComposerCore

/// The text tree against a model of plain arrays (one style per scalar, one block per line), on
/// documents large enough for several tree levels, with edits that cross leaves: after every edit
/// the two agree and the tree's invariants hold; the recorded inverses give the old document back.
@Suite struct TextTreePropertyTests {
    struct Model: Equatable {
        var scalars: [Unicode.Scalar] = []
        var styles: [InlineStyle] = []
        var blocks: [BlockFormat?] = [nil]

        func line(of offset: Int) -> Int { scalars[0..<offset].filter { $0 == "\n" }.count }
    }

    static let alphabet: [Unicode.Scalar] = ["a", "b", "c", " ", "\n", "é", "語", "😀", "x", "@"]

    static func randomText(_ rng: inout SeededRandom, length: Int) -> [Unicode.Scalar] {
        (0..<length).map { _ in alphabet[rng.next(alphabet.count)] }
    }

    static func randomStyle(_ rng: inout SeededRandom) -> InlineStyle {
        var s = InlineStyle()
        if rng.next(2) == 0 { s.flags.insert(.bold) }
        if rng.next(3) == 0 { s.flags.insert(.italic) }
        if rng.next(5) == 0 { s.color = 0x100_0000 | UInt32(rng.next(4)) }
        return s
    }

    /// Applies the same replace to model and document (`Document.replace`'s block rules).
    static func replace(_ model: inout Model, _ doc: inout Document, _ range: Range<Int>, _ text: [Unicode.Scalar], _ style: InlineStyle) {
        let firstLine = model.line(of: range.lowerBound)
        let block = model.blocks[firstLine]
        let removed = model.scalars[range].filter { $0 == "\n" }.count
        let inserted = text.filter { $0 == "\n" }.count
        let newStyle = block == .codeBlock ? InlineStyle.plain : style.normalized()
        model.scalars.replaceSubrange(range, with: text)
        model.styles.replaceSubrange(range, with: text.map { $0 == "\n" ? .plain : newStyle })
        model.blocks.replaceSubrange(firstLine...(firstLine + removed), with: repeatElement(block, count: inserted + 1))
        if block == .codeBlock, removed > 0 {
            var start = range.lowerBound
            while start > 0, model.scalars[start - 1] != "\n" { start -= 1 }
            var end = range.lowerBound + text.count
            while end < model.scalars.count, model.scalars[end] != "\n" { end += 1 }
            for i in start..<end { model.styles[i] = .plain }
        }
        doc.replace(range, with: text, style: style)
    }

    static func mismatch(_ model: Model, _ doc: Document) -> String? {
        if let failure = doc.invariantViolation() { return failure }
        guard doc.count == model.scalars.count else { return "count \(doc.count) != \(model.scalars.count)" }
        guard Array(doc.text.unicodeScalars) == model.scalars else { return "text differs" }
        guard doc.lineBlocks == model.blocks else { return "blocks differ" }
        guard doc.firstScalar == model.scalars.first else { return "firstScalar \(String(describing: doc.firstScalar))" }
        // Point lookups, at a spread of offsets (each is a descent, so not at every one).
        for o in stride(from: 0, through: doc.count, by: 37) {
            let line = model.line(of: o)
            guard doc.lineIndex(at: o) == line else { return "lineIndex(at: \(o)) \(doc.lineIndex(at: o)) != \(line)" }
            guard doc.block(ofLineAt: o) == model.blocks[line] else { return "block(ofLineAt: \(o)) differs" }
            if o < doc.count, doc.scalarAndStyle(at: o) != (model.scalars[o], model.styles[o]) {
                return "scalarAndStyle(at: \(o)) differs"
            }
        }
        var i = 0
        var failure: String?
        doc.forEachRun(in: 0..<doc.count) { range, style in
            for k in range where model.styles[k] != style {
                failure = "style at \(k): \(style) != \(model.styles[k])"
                return false
            }
            if range.lowerBound != i { failure = "runs skip \(i)..<\(range.lowerBound)" }
            i = range.upperBound
            return failure == nil
        }
        if failure == nil, i != doc.count { failure = "runs stop at \(i)" }
        return failure
    }

    @Test(arguments: 0..<3)
    func editsAgreeWithTheModelAndUndoExactly(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed) &* 104_729 &+ 11)
        var model = Model()
        var doc = Document()
        Self.replace(&model, &doc, 0..<0, Self.randomText(&rng, length: 14_000 + rng.next(6_000)), .plain)
        for step in 0..<120 {
            let before = doc
            doc.beginRecording()
            let n = model.scalars.count
            let a = rng.next(n + 1)
            // Mostly local edits (typing), sometimes ranges crossing many leaves.
            let span = rng.next(4) == 0 ? rng.next(8_000) : rng.next(4)
            let range = a..<min(n, a + span)
            switch rng.next(5) {
            case 0, 1:
                let length = rng.next(3) == 0 ? rng.next(3_000) : rng.next(3)
                Self.replace(&model, &doc, range, Self.randomText(&rng, length: length), Self.randomStyle(&rng))
            case 2:
                let style = Self.randomStyle(&rng)
                var line = model.line(of: range.lowerBound)
                for i in range {
                    if model.scalars[i] == "\n" { line += 1; continue }
                    if model.blocks[line] != .codeBlock { model.styles[i] = style.normalized() }
                }
                doc.restyle(range) { $0 = style }
            case 3:
                let block: BlockFormat? = rng.next(3) == 0 ? nil : BlockFormat.allCases[rng.next(4)]
                let first = model.line(of: range.lowerBound)
                let last = model.line(of: range.upperBound)
                for line in first...last { model.blocks[line] = block }
                if block == .codeBlock {
                    var line = 0
                    for i in model.scalars.indices {
                        if model.scalars[i] == "\n" { line += 1; continue }
                        if line >= first, line <= last { model.styles[i] = .plain }
                    }
                }
                doc.setBlock(block, lines: first...last)
            default:
                Self.replace(&model, &doc, range, [], .plain)
            }
            let inverses = doc.endRecording()
            // The full comparison costs O(n) per line in a debug build: every tenth step.
            guard step % 10 == 9 || doc.count != model.scalars.count else { continue }
            if let failure = Self.mismatch(model, doc) {
                Issue.record("seed \(seed) step \(step): \(failure)")
                return
            }
            if rng.next(2) == 0 {
                var undone = doc
                for edit in inverses.reversed() { undone.apply(edit) }
                if let failure = undone.invariantViolation() ?? (undone == before ? nil : "undo did not restore the document") {
                    Issue.record("seed \(seed) step \(step) undo: \(failure)")
                    return
                }
            }
        }
    }

    @Test func offsetConversionsAgreeWithTheScalars() throws {
        var rng = SeededRandom(seed: 5)
        let scalars = Self.randomText(&rng, length: 12_000)
        let doc = Document(text: String(String.UnicodeScalarView(scalars)))
        var utf16 = 0
        var utf8 = 0
        for (i, s) in scalars.enumerated() {
            defer {
                utf16 += UTF16.width(s)
                utf8 += UTF8.width(s)
            }
            guard i % 97 == 0 || i == scalars.count - 1 else { continue }
            #expect(try doc.convert(i, from: .scalar, to: .utf16) == utf16)
            #expect(try doc.convert(utf8, from: .utf8, to: .scalar) == i)
            #expect(try doc.convert(utf16, from: .utf16, to: .utf8) == utf8)
            if UTF8.width(s) > 1 { #expect(throws: ComposerError.self) { try doc.convert(utf8 + 1, from: .utf8, to: .scalar) } }
        }
    }
}

extension SeededRandom {
    /// A number in `0..<bound` (0 when `bound` is 0).
    mutating func next(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}
