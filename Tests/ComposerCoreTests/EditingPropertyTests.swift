import Testing
@testable import ComposerCore

/// Random operation sequences (seeded, replayable): after every operation the document is
/// canonical and loads back identical, the internal invariants hold, and undoing everything
/// returns the initial document.
@Suite struct EditingPropertyTests {
    static let pieces = ["a", "b", " ", "\n", "*", "_", "`", "[", "é", "e\u{301}", "👨‍👩‍👧", "🇫🇷", "中", "ש", "- ", "1. ", "> ", "```", "x y", "\r\n"]

    static func randomOperation(_ draft: inout Editor, _ rng: inout SeededRandom) -> String {
        let n = draft.length
        func offset() -> Int { Int.random(in: 0...n, using: &rng) }
        switch Int.random(in: 0..<17, using: &rng) {
        case 0, 1, 2:
            let text = rng.pick(pieces)
            draft.insert(text)
            return "insert \(text.debugDescription)"
        case 3:
            let a = offset(), b = offset()
            _ = try? draft.replace(min(a, b), max(a, b), with: rng.pick(pieces))
            return "replace \(min(a, b))..<\(max(a, b))"
        case 4: draft.deleteBackward(); return "backspace"
        case 5: draft.deleteForward(); return "delete"
        case 6: draft.enter(); return "enter"
        case 7:
            let a = offset(), f = offset()
            draft.setSelection(anchor: a, focus: f)
            return "select \(a),\(f)"
        case 8:
            let unit = rng.pick(CaretUnit.allCases)
            let count = Int.random(in: -3...3, using: &rng)
            draft.moveCaret(unit, by: count, extend: Bool.random(using: &rng))
            return "move \(unit) \(count)"
        case 9, 10, 11:
            let kind = rng.pick(FormatKind.allCases.filter { $0 != .mention })
            let action = rng.pick([FormatAction.apply, .remove, .toggle])
            let value: String? = kind == .link ? rng.pick(["https://a.example", "b.example/x"]) : kind == .color ? rng.pick(["#f00", "#00ff00"]) : nil
            let a = offset(), b = offset()
            let useSelection = Bool.random(using: &rng)
            let range = useSelection ? draft.selection.range : min(a, b)..<max(a, b)
            _ = try? draft.format(action, kind, start: range.lowerBound, end: range.upperBound, value: value, protect: Bool.random(using: &rng))
            return "\(action) \(kind) \(range)"
        case 12:
            _ = try? draft.insertMention(uid: rng.pick(["u1", "u2"]), name: rng.pick(["Al", "Bo b"]))
            return "mention"
        case 13:
            _ = try? draft.setLink("https://l.example")
            return "set link"
        case 14:
            draft.removeLinks()
            return "remove links"
        case 15: draft.undo(); return "undo"
        default: draft.redo(); return "redo"
        }
    }

    static func checkInvariants(_ draft: Editor) -> String? {
        let doc = draft.document
        if let failure = doc.invariantViolation() { return failure }
        if draft.activeFormatsKey != draft.computedActiveFormatsKey {
            return "active formats \(draft.activeFormatsKey) as typing left them, \(draft.computedActiveFormatsKey) found"
        }
        guard let reloaded = try? Document(json: doc.json) else { return "canonical JSON does not load: \(doc.json)" }
        guard reloaded == doc, reloaded.json == doc.json else { return "JSON round trip differs" }
        guard draft.selection.anchor <= doc.count, draft.selection.focus <= doc.count else { return "selection out of range" }
        return nil
    }

    @Test(arguments: 0..<100)
    func randomSequencesKeepEveryInvariant(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 7919)
        var config = DraftConfig()
        config.undoDepth = 10_000
        config.mentionLimit = 1000
        var draft = try Editor.notation("[quote]q\nab<b>cd</b>|<a https://e.com>ef</a>\n[bullet_list]x", config: config)
        let initial = draft.document
        var log: [String] = []
        for _ in 0..<150 {
            log.append(Self.randomOperation(&draft, &rng))
            if let problem = Self.checkInvariants(draft) {
                Issue.record("seed \(seed): \(problem) after \(log.suffix(5))")
                return
            }
        }
        while draft.undo() != nil {}
        #expect(draft.document == initial, "seed \(seed): undo of everything after \(log.count) operations")
    }
}
