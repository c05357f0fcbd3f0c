import Testing
@testable import ComposerCore

/// Text with line breaks inserted at once (a paste) ends exactly as if each line were typed after
/// an Enter (docs/engine.md): `Editor.insert` puts runs of lines in with one replacement, and these
/// tests hold it to the line-by-line definition from random states of a draft.
@Suite struct MultiLineInsertTests {
    /// The definition: the first line typed, then Enter and the next line, in one undo step.
    static func typeLineByLine(_ text: String, into editor: inout Editor) {
        let lines = Editor.normalizingLineBreaks(text).unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        editor.beginBatch()
        for (i, line) in lines.enumerated() {
            if i > 0 { editor.enter() }
            if !line.isEmpty { editor.insert(String(String.UnicodeScalarView(line))) }
        }
        try? editor.commitBatch()
    }

    /// Lines a paste may hold: empty ones, every line-start shortcut and near misses, text
    /// beyond ASCII.
    static let lines = ["", "", "a", "word two", "- ", "* ", "1. ", "> ", "```", "-", "``", "1.", "x ", "`", " ", "é", "e\u{301}", "👨‍👩‍👧", "中文"]

    static func randomText(_ rng: inout SeededRandom) -> String {
        let count = Int.random(in: 2...8, using: &rng)
        var text = ""
        for i in 0..<count {
            if i > 0 { text += rng.pick(["\n", "\n", "\n", "\r\n", "\r"]) }
            text += rng.pick(lines)
        }
        return text
    }

    /// What both editors must agree on.
    static func difference(_ a: Editor, _ b: Editor) -> String? {
        if a.document != b.document { return "documents differ: \(a.notation) against \(b.notation)" }
        if a.selection != b.selection { return "selections differ: \(a.selection) against \(b.selection)" }
        if a.pending != b.pending { return "typing styles differ: \(String(describing: a.pending)) against \(String(describing: b.pending))" }
        if a.activeFormatsKey != b.activeFormatsKey { return "active formats differ" }
        if a.openedCodeBlock != b.openedCodeBlock { return "opened code block differs" }
        if (a.canUndo, a.canRedo) != (b.canUndo, b.canRedo) { return "undo states differ" }
        return nil
    }

    @Test(arguments: 0..<300)
    func pastingEndsAsTypingLineByLine(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 104_729 &+ 17)
        var config = DraftConfig()
        config.undoDepth = 1000
        config.mentionLimit = 1000
        config.richText = seed % 7 != 0
        var state = try Editor.notation("[quote]q\nab<b>cd</b>|<a https://e.com>ef</a>\n[bullet_list]x\n[code_block]c", config: config)
        for round in 0..<12 {
            for _ in 0..<Int.random(in: 1...6, using: &rng) { _ = EditingPropertyTests.randomOperation(&state, &rng) }
            let text = Self.randomText(&rng)
            var pasted = state, typed = state
            let pastedChange = pasted.insert(text)
            _ = pastedChange
            Self.typeLineByLine(text, into: &typed)
            let context = "seed \(seed) round \(round): \(text.debugDescription) into \(state.notation)"
            if let problem = Self.difference(pasted, typed) { Issue.record("\(context): \(problem)"); return }
            #expect(pasted.takeChanges() == typed.takeChanges(), "\(context): change records differ")
            if let problem = EditingPropertyTests.checkInvariants(pasted) { Issue.record("\(context): \(problem)"); return }
            pasted.undo(); typed.undo()
            if let problem = Self.difference(pasted, typed) { Issue.record("\(context), undone: \(problem)"); return }
            pasted.redo(); typed.redo()
            if let problem = Self.difference(pasted, typed) { Issue.record("\(context), redone: \(problem)"); return }
            state = Bool.random(using: &rng) ? pasted : state
        }
    }

    @Test func aPastedLogIsOneUndoStepInOneEdit() throws {
        var editor = try Editor.notation("[bullet_list]item|")
        let log = (1...50).map { "line \($0)" }.joined(separator: "\n")
        let versionBefore = editor.document.version
        editor.insert("\n" + log)
        #expect(editor.document.lineCount == 51)
        #expect((1..<51).allSatisfy { editor.document.block(ofLine: $0) == .bulletList })
        // One replacement for the run: a tree edit per line was what made a long paste slow.
        #expect(editor.document.version - versionBefore == 1)
        editor.undo()
        #expect(editor.notation == "[bullet_list]item|")
    }
}

extension MultiLineInsertTests {
    /// States the random walk seldom reaches: typing styles that typing a line changes (bold in a
    /// code block, whose text cannot take it), and a paste ending in an empty line, whose typing
    /// style is then the one Enter carried from the line before (the typed one, or the one
    /// chosen before the paste when no line held text).
    @Test(arguments: [
        ("[code_block]c|", [FormatKind.bold]), ("ab|", [FormatKind.code, .bold]), ("ab|", [FormatKind.bold, .code]),
        ("[quote]q|", [FormatKind.italic]), ("|", [FormatKind.strike]),
    ])
    func typingStylesAfterAPaste(_ before: String, _ toggles: [FormatKind]) throws {
        for text in ["x\n", "x\ny\n", "\n", "\n\n", "x\n\n", "\nx", "x\n\ny", "\ny\n", "\ny\nz\n\n"] {
            var pasted = try Editor.notation(before)
            for kind in toggles { try pasted.toggle(kind) }
            var typed = pasted
            pasted.insert(text)
            Self.typeLineByLine(text, into: &typed)
            #expect(Self.difference(pasted, typed) == nil, "\(text.debugDescription) into \(before) after \(toggles)")
        }
    }
}
