import Testing
@testable import ComposerCore

@Suite struct MentionTests {
    /// What `mc_draft_mentions` returns: each mention's range, uid and name in text order, the
    /// name escaped as a JSON string.
    @Test func theMentionsInJSON() throws {
        var draft = try Editor.notation("hi |")
        try draft.insertMention(uid: "u2", name: "Zoë \"Z\" \\ 😀")
        draft.insert("and ")
        try draft.insertMention(uid: "u1", name: "Al")
        #expect(MentionRange.json(draft.mentions).string
            == #"[{"start":3,"end":15,"uid":"u2","name":"Zoë \"Z\" \\ 😀"},{"start":20,"end":23,"uid":"u1","name":"Al"}]"#)
        #expect(MentionRange.json([]).string == "[]")
    }

    @Test func insertionMakesAnAtomicRunAndASpace() {
        expectEdit("hi |", "hi <@u42 Bob>@Bob</@> |") { try $0.insertMention(uid: "u42", name: "Bob") }
        expectEdit("hi {there}|!", "hi <@u42 Bob>@Bob</@> |!") { try $0.insertMention(uid: "u42", name: "Bob") }
        expectEdit("<b>x|</b>", "<b>x<@u1 A>@A</@> </b>|") { try $0.insertMention(uid: "u1", name: "A") }
    }

    @Test func deletingIntoAMentionDeletesItWhole() {
        expectEdit("a<@u1 Bob>@Bob|</@>", "a|") { $0.deleteBackward() }
        expectEdit("a|<@u1 Bob>@Bob</@>c", "a|c") { $0.deleteForward() }
        expectEdit("a{<@u1 Bob>@B}|ob</@>c", "a|c") { $0.deleteBackward() }
        expectEdit("<@u1 Bob>@B{ob</@>c}|", "|") { $0.insert("") ; $0.deleteBackward() }
    }

    /// Found by the API fuzzer: a combining mark typed right after a mention forms one cluster with
    /// the mention's last letter; deleting that cluster must take the mention whole, so the
    /// document JSON (whose mentions must read "@" + name) still loads.
    @Test func clustersReachingIntoAMentionDeleteItWhole() throws {
        var draft = Editor()
        try draft.insertMention(uid: "u1", name: "Al")
        draft.deleteBackward()  // the space after the mention
        draft.insert("\u{301}")
        draft.deleteBackward()
        #expect(draft.text == "")
        #expect(try Document(json: draft.document.json) == draft.document)
        try draft.insertMention(uid: "u1", name: "Al")
        draft.insert("\u{301}")
        draft.setSelection(anchor: 3, focus: 3)
        draft.deleteForward()
        #expect(try Document(json: draft.document.json) == draft.document)
    }

    /// Text typed right after a mention is no part of it: it takes the style of what follows on
    /// the line (as at a link's end), or the mention's own formats, without the mention, at the
    /// end of a line.
    @Test func typingAfterAMentionTakesTheStyleOfWhatFollows() {
        expectEdit("<@u1 A>@A</@>|<i>x</i>", "<@u1 A>@A</@><i>y|x</i>") { $0.insert("y") }
        expectEdit("<b><@u1 A>@A</@></b>|x", "<b><@u1 A>@A</@></b>y|x") { $0.insert("y") }
        expectEdit("<b><@u1 A>@A</@></b>|\nx", "<@u1 A><b>@A</@>y</b>|\nx") { $0.insert("y") }
        expectEdit("<b><@u1 A>@A</@></b>|", "<@u1 A><b>@A</@>y</b>|") { $0.insert("y") }
    }

    @Test func caretStepsOverAMentionWhole() throws {
        var draft = try Editor.notation("a|<@u1 Bob>@Bob</@>c")
        draft.moveCaret(.grapheme, by: 1, extend: false)
        #expect(draft.selection == .caret(5))
        draft.moveCaret(.grapheme, by: -1, extend: false)
        #expect(draft.selection == .caret(1))
    }

    @Test func limitsAndSwitchesAreEnforced() throws {
        var config = DraftConfig()
        config.mentionLimit = 1
        var draft = Composer(config: config)
        try draft.insertMention(uid: "u1", name: "A")
        #expect(throws: ComposerError.limitExceeded("a message can hold at most 1 mention")) { try draft.insertMention(uid: "u2", name: "B") }
        config.mentionsEnabled = false
        var off = Composer(config: config)
        #expect(throws: ComposerError.notAllowed("mentions are disabled")) { try off.insertMention(uid: "u2", name: "B") }
        #expect(throws: ComposerError.self) { try draft.insertMention(uid: "bad uid", name: "B") }
        #expect(draft.editor.mentions == [MentionRange(start: 0, end: 2, uid: "u1", name: "A")])
    }

    @Test func twoMentionsOfOneUserSideBySideStayTwo() throws {
        var draft = Editor()
        try draft.insertMention(uid: "u1", name: "Al")
        try draft.insertMention(uid: "u1", name: "Al")
        draft.setSelection(anchor: 4, focus: 4)
        draft.deleteBackward()
        #expect(draft.notation == "<@u1 Al>@Al</@>|<@u1 Al>@Al</@> ")
        #expect(draft.mentions.count == 2)
        draft.deleteForward()
        #expect(draft.notation == "<@u1 Al>@Al</@>| ")
    }
}

@Suite struct MentionLimitReplacementTests {
    @Test func replacingTheOnlyMentionIsWithinALimitOfOne() throws {
        var config = DraftConfig()
        config.mentionLimit = 1
        var draft = Composer(config: config)
        draft.editor = try Editor.notation("{<@u1 A>@A</@>}|", config: config)
        try draft.insertMention(uid: "u2", name: "B")
        #expect(draft.editor.notation == "<@u2 B>@B</@> |")
    }
}
