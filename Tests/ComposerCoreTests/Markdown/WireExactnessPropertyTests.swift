import Testing
@testable import ComposerCore

/// Property 1 of the wire format on generated adversarial drafts: `parse(serialize(D)) == D`.
/// Drafts are built through the editing API (so they are valid by construction) from text full
/// of markdown syntax, with random overlapping formats, mentions and blocks.
@Suite struct WireExactnessPropertyTests {
    static let pieces: [String] = [
        "a", "b", "Z", "9", " ", "  ", "\t", "*", "**", "_", "__", "`", "``", "~", "~~", "[", "]", "(", ")", "<", ">",
        "#", "-", "+", "=", "|", "!", ".", "\\", "&", ";", "&amp;", "&#35;", "1.", "2)", "- ", "> ", "```", "<u>",
        "<br>", "<p></p>", "é", "e\u{301}", "👨‍👩‍👧", "🇫🇷", "👍🏽", "中文", "שלום", "مرحبا", "«", "»", "—", "’", "€", "©", "\u{A0}",
        "word", "http://x.y", "\n", "\n", "\n\n",
    ]

    static func randomDraft(_ rng: inout SeededRandom) -> Editor {
        var config = DraftConfig()
        config.mentionLimit = 100
        config.richText = false  // no line-start shortcuts while building
        var draft = Editor(settings: config.editorSettings)
        var text = ""
        for _ in 0..<Int.random(in: 1...24, using: &rng) { text += rng.pick(pieces) }
        draft.load(Document(text: text))
        let inline: [FormatKind] = [.bold, .italic, .underline, .strike, .code, .link, .color]
        for _ in 0..<Int.random(in: 0...10, using: &rng) {
            let n = draft.length
            let a = Int.random(in: 0...n, using: &rng), b = Int.random(in: 0...n, using: &rng)
            let roll = Int.random(in: 0..<10, using: &rng)
            if roll < 7 {
                let kind = rng.pick(inline)
                let value: String? = kind == .link ? rng.pick(["https://e.com/a_(b)", "x.org/?q=1&amp;r", "mailto:a@b.c"])
                    : kind == .color ? rng.pick(["#f00", "#123456"]) : nil
                _ = try? draft.format(.apply, kind, start: min(a, b), end: max(a, b), value: value, protect: Bool.random(using: &rng))
            } else if roll < 9 {
                let block = rng.pick([FormatKind.quote, .bulletList, .orderedList, .codeBlock])
                _ = try? draft.format(.apply, block, start: min(a, b), end: max(a, b))
            } else {
                draft.setSelection(anchor: a, focus: a)
                let (uid, name) = rng.pick([("u1", "Al"), ("bob.smith", "Bo b"), ("x-9", "*x*"), ("z", "李")])
                _ = try? draft.insertMention(uid: uid, name: name)
            }
        }
        return draft
    }

    @Test(arguments: 0..<20)
    func parseOfSerializeIsIdentity(batch: Int) throws {
        var failures: [String] = []
        for k in 0..<500 {
            let seed = UInt64(batch * 500 + k)
            var rng = SeededRandom(seed: seed &* 0x9E37)
            let draft = Self.randomDraft(&rng)
            let wire = MarkdownSerializer.serialize(draft.document)
            let names = Dictionary(draft.mentions.map { ($0.uid, $0.name) }, uniquingKeysWith: { a, _ in a })
            let back = MarkdownParser.parse(wire, names: names)
            if back != draft.document, failures.count < 3 {
                failures.append("seed \(seed)\n  doc  \(draft.document.json)\n  wire \(wire.debugDescription)\n  back \(back.json)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}

/// The serializer's text is passed over 16 bytes at a time where no byte needs a decision
/// (`InlineWriter.undecidedRunEnd`): every byte that does, at every position around the block
/// edges and at the end of the document, must still be written so that it reads back as itself.
@Suite struct SerializerTextBlockTests {
    @Test func everyDecidedByteAtEveryPositionReadsBack() {
        #expect(withUnsafeBytes(of: InlineWriter.Encoding.none) { $0[0] } == 0)
        let decided = "!&.:@\\*_`[]<>~|#+-=1\u{FEFF}\u{B}\u{C}"
        var failures: [String] = []
        for length in [0, 1, 7, 15, 16, 17, 31, 33] {
            for position in 0...length {
                for scalar in decided.unicodeScalars {
                    var text = String(repeating: "ab c", count: 10).prefix(length).unicodeScalars.map(String.init).joined()
                    let index = text.index(text.startIndex, offsetBy: position)
                    text.insert(contentsOf: String(scalar) + "w.x", at: index)
                    let doc = Document(text: text + " tail")
                    let back = MarkdownParser.parse(MarkdownSerializer.serialize(doc))
                    if back != doc, failures.count < 3 { failures.append("\(text.debugDescription): \(back.json)") }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
