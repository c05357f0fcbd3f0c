import Testing
@testable import ComposerCore

@Suite struct UndoTests {
    @Test func typingCoalescesIntoWords() throws {
        var draft = Editor()
        draft.type("hello big world")
        draft.undo()
        #expect(draft.notation == "hello big |")
        draft.undo()
        #expect(draft.notation == "hello |")
        draft.undo()
        #expect(draft.notation == "|")
        #expect(!draft.canUndo)
        draft.redo()
        draft.redo()
        #expect(draft.notation == "hello big |")
    }

    @Test func everyFormatOperationIsAStepAndRestoresSelection() throws {
        var draft = try Editor.notation("a{bc}|d")
        try draft.toggle(.bold)
        try draft.toggle(.italic)
        draft.setSelection(anchor: 0, focus: 0)
        draft.undo()
        #expect(draft.notation == "a{<b>bc</b>}|d")
        draft.undo()
        #expect(draft.notation == "a{bc}|d")
    }

    @Test func undoRestoresPendingFormats() {
        expectEdit("a|", "a<b>x</b>|") { d in try d.toggle(.bold); d.insert("y"); d.undo(); d.insert("x") }
    }

    @Test func batchesAreOneStep() throws {
        var draft = try Editor.notation("ab|")
        draft.beginBatch()
        draft.insert("c")
        draft.selectAll()
        try draft.toggle(.bold)
        draft.beginBatch()
        draft.enter()
        try draft.commitBatch()
        let undoneInBatch = draft.undo() != nil
        #expect(!undoneInBatch, "undo is refused inside a batch")
        try draft.commitBatch()
        #expect(throws: ComposerError.notAllowed("no batch is open")) { try draft.commitBatch() }
        draft.undo()
        #expect(draft.notation == "ab|")
    }

    @Test func depthLimitDropsTheOldestSteps() throws {
        var config = DraftConfig()
        config.undoDepth = 2
        var draft = Editor(settings: config.editorSettings)
        for word in ["a ", "b ", "c "] { draft.insert(word) }
        let first = draft.undo() != nil, second = draft.undo() != nil, third = draft.undo() != nil
        #expect(first && second && !third)
        #expect(draft.text == "a ")
    }

    @Test func newChangesClearRedo() throws {
        var draft = Editor()
        draft.insert("ab")
        draft.undo()
        draft.insert("c")
        let redone = draft.redo() != nil
        #expect(!redone)
        #expect(draft.text == "c")
    }
}
