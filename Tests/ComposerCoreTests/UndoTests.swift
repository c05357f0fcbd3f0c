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

    /// The step a batch made ends with it: the same word typed on after the commit is a step of
    /// its own, and undo takes back that alone.
    @Test func typingAfterABatchIsAStepOfItsOwn() throws {
        var draft = Editor()
        draft.beginBatch()
        draft.type("abc")
        try draft.commitBatch()
        draft.type("de")
        draft.undo()
        #expect(draft.notation == "abc|")
        draft.undo()
        #expect(draft.notation == "|")
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

    /// Many more steps than the depth (the history drops its oldest steps in place and compacts
    /// now and then): exactly the newest `depth` steps undo, in order, and redo back; a smaller
    /// depth set live keeps the newest of them.
    @Test func aLongHistoryKeepsExactlyTheNewestSteps() throws {
        var config = DraftConfig()
        config.undoDepth = 20
        var draft = Editor(settings: config.editorSettings)
        let words = (0..<75).map { "w\($0) " }
        for word in words { draft.insert(word) }
        var undone = 0
        while draft.undo() != nil { undone += 1 }
        #expect(undone == 20)
        #expect(draft.text == words.prefix(55).joined())
        while draft.redo() != nil {}
        #expect(draft.text == words.joined())
        config.undoDepth = 3
        draft.updateSettings(config.editorSettings)
        undone = 0
        while draft.undo() != nil { undone += 1 }
        #expect(undone == 3)
        #expect(draft.text == words.prefix(72).joined())
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

    // The cases below were asserted only by the C suite's test_history.c; they live here now.

    @Test func aTypedStringIsOneStepAndTypingElsewhereStartsANewOne() {
        var draft = Editor()
        draft.insert("several words at once")
        draft.insert("\nand a line")
        draft.undo()
        #expect(draft.text == "several words at once")
        draft.undo()
        #expect(draft.text == "" && !draft.canUndo && draft.canRedo)
        var other = Editor()
        other.type("ab")
        other.setSelection(anchor: 0, focus: 0)
        other.type("xy")
        #expect(other.text == "xyab")
        other.undo()
        #expect(other.notation == "|ab")
    }

    @Test func backspacesCoalesceIntoOneStep() {
        var draft = Editor()
        draft.type("abc def")
        for _ in 0..<5 { draft.deleteBackward() }
        #expect(draft.text == "ab")
        draft.undo()
        #expect(draft.notation == "abc def|")
        draft.undo()
        #expect(draft.notation == "abc |")
    }

    @Test func linkAndMentionOperationsAreStepsThatRestoreTheSelection() throws {
        var draft = Editor()
        draft.insert("see docs ")
        draft.setSelection(anchor: 4, focus: 8)
        try draft.setLink("https://a.io")
        draft.setSelection(anchor: 9, focus: 9)
        try draft.insertMention(uid: "u1", name: "Bob")
        try draft.insertLink(text: "here", url: "https://b.io")
        draft.setSelection(anchor: 5, focus: 5)
        draft.removeLinks()
        let link = #"{"start":4,"end":8,"format":"link","url":"https://a.io"}"#
        let mention = #"{"start":9,"end":13,"format":"mention","uid":"u1","name":"Bob"}"#
        let here = #"{"start":14,"end":18,"format":"link","url":"https://b.io"}"#
        #expect(draft.document.json == #"{"text":"see docs @Bob here","spans":["# + mention + "," + here + "]}")
        let steps: [(String, (Int, Int))] = [
            (#"{"text":"see docs @Bob here","spans":["# + link + "," + mention + "," + here + "]}", (5, 5)),
            (#"{"text":"see docs @Bob ","spans":["# + link + "," + mention + "]}", (14, 14)),
            (#"{"text":"see docs ","spans":["# + link + "]}", (9, 9)),
            (#"{"text":"see docs ","spans":[]}"#, (4, 8)),
        ]
        for (json, selection) in steps {
            draft.undo()
            #expect(draft.document.json == json)
            #expect((draft.selection.anchor, draft.selection.focus) == selection, "\(json)")
        }
    }

    @Test func callsThatChangeNothingOrAreRefusedAddNoStep() throws {
        var draft = try Editor.make("plain text")
        #expect(!draft.canUndo)
        draft.setSelection(anchor: 3, focus: 3)
        draft.setSelection(anchor: 0, focus: 0)
        draft.moveCaret(.document, by: -1, extend: false)
        draft.deleteBackward()  // at the start of plain text
        draft.removeLinks()  // no link
        try draft.setLink("https://a.io")  // a caret outside links
        try draft.format(.remove, .bold, start: 0, end: 10, value: nil, protect: true)  // nothing is bold
        try draft.format(.remove, .quote, start: 0, end: 10, value: nil, protect: false)  // nothing is quoted
        draft.normalizeMarkdown()  // no markdown to convert
        draft.beginBatch()
        try draft.commitBatch()  // an empty batch
        #expect(throws: ComposerError.self) { try draft.format(.apply, .bold, start: 0, end: 99, value: nil, protect: true) }
        #expect(throws: ComposerError.self) { try draft.setLink("javascript:x") }
        #expect(draft.document.json == #"{"text":"plain text","spans":[]}"#)
        #expect(!draft.canUndo && !draft.canRedo)
    }
}
