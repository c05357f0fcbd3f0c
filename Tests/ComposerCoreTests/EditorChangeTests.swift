import Testing
@testable import ComposerCore

/// The change record every editor operation returns (docs/engine.md): what a host patches its copy
/// with, and what the composer turns into typing notices.
@Suite struct EditorChangeTests {
    @Test func anInsertionNamesItsRangeItsTextAndTheNewCaret() throws {
        var editor = try Editor.notation("ab|cd")
        let change = editor.insert("XY")
        #expect(change.document.text == DocumentChange.TextReplacement(start: 2, oldEnd: 2, newEnd: 4))
        #expect(change.selection == .caret(4))
        #expect(change.changedDocument)
    }

    @Test func aFormatChangesFormattingOnly() throws {
        var editor = try Editor.notation("a{bc}|d")
        let change = try editor.format(.apply, .bold, start: 1, end: 3)
        #expect(change.document.text == nil)
        #expect(change.document.formatting == 1..<3)
        #expect(change.selection == Selection(anchor: 1, focus: 3))
    }

    @Test func anOperationThatChangesNothingSaysSo() throws {
        var editor = try Editor.notation("|abc")
        #expect(!editor.deleteBackward().changedDocument)
        #expect(!editor.moveCaret(.grapheme, by: 1, extend: false).changedDocument)
        #expect(editor.moveCaret(.grapheme, by: 1, extend: false).selection == .caret(2))
    }

    /// Typing a line break runs Enter inside `insert`: the outer record covers both, and the
    /// records the composer has not taken yet still hold every earlier operation.
    @Test func nestedAndSuccessiveOperationsCompose() throws {
        var editor = try Editor.notation("ab|")
        let first = editor.insert("c")
        let second = editor.insert("x\ny")
        #expect(first.document.text == DocumentChange.TextReplacement(start: 2, oldEnd: 2, newEnd: 3))
        #expect(second.document.text == DocumentChange.TextReplacement(start: 3, oldEnd: 3, newEnd: 6))
        #expect(editor.takeChanges().text == DocumentChange.TextReplacement(start: 2, oldEnd: 2, newEnd: 6))
        #expect(editor.takeChanges().isEmpty)
    }

    /// For random operations, each record patches the text before into the text after, and every
    /// span outside its formatting range is the old span moved by the replacement.
    @Test(arguments: 0..<40)
    func recordsPatchTheTextBeforeIntoTheTextAfter(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 104_729)
        var config = DraftConfig()
        config.mentionLimit = 1000
        var editor = try Editor.notation("[quote]q\nab<b>cd</b>|<a https://e.com>ef</a>\n[bullet_list]x", config: config)
        _ = editor.takeChanges()
        for step in 0..<120 {
            let before = Array(editor.document.text.unicodeScalars)
            let operation = EditingPropertyTests.randomOperation(&editor, &rng)
            let change = editor.takeChanges()
            let after = Array(editor.document.text.unicodeScalars)
            guard let t = change.text else {
                #expect(before == after, "seed \(seed) step \(step) \(operation): text changed without a record")
                continue
            }
            let patched = Array(before[..<t.start]) + Array(after[t.start..<t.newEnd]) + Array(before[t.oldEnd...])
            #expect(patched == after, "seed \(seed) step \(step) \(operation): \(t)")
        }
    }

    @Test func composingMapsTheEarlierFormattingThroughTheLaterReplacement() {
        var earlier = DocumentChange()
        earlier.restyled(10..<20)
        var later = DocumentChange()
        later.replaced(0..<5, length: 0)
        let composed = earlier.followed(by: later)
        #expect(composed.formatting == 0..<15)
        #expect(composed.text == DocumentChange.TextReplacement(start: 0, oldEnd: 5, newEnd: 0))
        #expect(!composed.isInferableInsertion)
        #expect(DocumentChange().followed(by: later) == later)
    }
}
