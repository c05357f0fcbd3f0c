import Testing
@testable import ComposerCore

/// The composer's queries, modes, commands, sending rules and clearing, at the edges the scenario
/// tests leave out.
@Suite struct ComposerModeTests {
    static func config(_ edit: (inout DraftConfig) -> Void) -> DraftConfig {
        var c = DraftConfig()
        edit(&c)
        return c
    }

    static let png = PickedFile(name: "a.png", mimeType: "image/png", size: 10, hostReference: "host-a")

    @Test(arguments: [
        ("@", ComposerQuery(text: "", start: 0, end: 1)),
        ("a @b", ComposerQuery(text: "b", start: 2, end: 4)),
        ("x\n@漢字", ComposerQuery(text: "漢字", start: 2, end: 5)),
        ("a@b", nil), ("@bo x", nil), ("@bo ", nil),
    ] as [(String, ComposerQuery?)])
    func mentionQuery(_ typed: String, _ query: ComposerQuery?) {
        var draft = Composer()
        draft.type(typed)
        #expect(draft.mentionQuery == query)
    }

    @Test(arguments: [
        ("/", ComposerQuery(text: "", start: 0, end: 1)),
        ("/gi", ComposerQuery(text: "gi", start: 0, end: 3)),
        ("/gi x", nil), (" /gi", nil), ("a /gi", nil),
    ] as [(String, ComposerQuery?)])
    func commandQuery(_ typed: String, _ query: ComposerQuery?) {
        var draft = Composer()
        draft.type(typed)
        #expect(draft.commandQuery == query)
    }

    @Test func queriesEndWhenTheCaretLeavesThem() {
        var draft = Composer()
        draft.type("hey @bo")
        draft.editor.setSelection(anchor: 1, focus: 1)
        #expect(draft.mentionQuery == nil)
        draft = Composer()
        draft.type("/giphy")
        draft.editor.setSelection(anchor: 3, focus: 3)  // the name typed so far is up to the caret
        #expect(draft.commandQuery == ComposerQuery(text: "gi", start: 0, end: 3))
        draft.editor.setSelection(anchor: 0, focus: 0)
        #expect(draft.commandQuery == nil)
    }

    @Test func aReplyKeepsTheTextShowsThePlainSnippetAndIsReplacedOrCancelled() throws {
        var draft = Composer()
        draft.type("sounds good")
        try draft.beginReply(messageID: "m-7", sender: "Ann", markdown: "**Ship** it <@uid:u1>", names: ["u1": "Cy"])
        #expect(draft.mode == .reply(messageID: "m-7", preview: ReplyPreview(sender: "Ann", snippet: "Ship it @Cy")))
        #expect(draft.notation == "sounds good|" && draft.canAttach)
        try draft.beginReply(messageID: "m-8", sender: "Cy", markdown: "two", names: [:])
        #expect(draft.mode == .reply(messageID: "m-8", preview: ReplyPreview(sender: "Cy", snippet: "two")))
        draft.cancelMode()
        #expect(draft.mode == .new && draft.notation == "sounds good|")
        draft.cancelMode()  // in new mode: nothing
        #expect(draft.mode == .new && draft.notation == "sounds good|")
    }

    /// The snippet keeps 100 grapheme clusters and adds "…" only when it cut.
    @Test(arguments: ["👨‍👩‍👧", "🇫🇷", "e\u{301}", "👍🏽", "1\u{FE0F}\u{20E3}", "漢"])
    func theReplySnippetIsCutAfterTheHundredthCluster(_ cluster: String) throws {
        let a99 = String(repeating: "a", count: 99)
        var draft = Composer()
        try draft.beginReply(messageID: "m", sender: "Ann", markdown: a99 + cluster + "zzz", names: [:])
        #expect(draft.mode == .reply(messageID: "m", preview: ReplyPreview(sender: "Ann", snippet: a99 + cluster + "…")))
        try draft.beginReply(messageID: "m", sender: "Ann", markdown: a99 + cluster, names: [:])
        #expect(draft.mode == .reply(messageID: "m", preview: ReplyPreview(sender: "Ann", snippet: a99 + cluster)))
    }

    @Test func anEditPutsTheDraftAsideWithItsSelectionTrayAndMode() throws {
        var draft = Composer()
        draft.type("answer")
        draft.editor.setSelection(anchor: 0, focus: 4)
        _ = try draft.stage([Self.png])
        try draft.beginReply(messageID: "m-1", sender: "Ann", markdown: "question", names: [:])
        try draft.beginEdit(messageID: "m-2", markdown: "typo", names: [:], isMedia: false)
        #expect(draft.tray.isEmpty && !draft.canAttach && !draft.canRecordVoice)
        #expect(throws: ComposerError.notAllowed("voice notes are unavailable while editing")) {
            _ = try draft.voiceNote(name: "v.m4a", mimeType: "audio/mp4", size: 100, remote: "https://cdn/v")
        }
        #expect(throws: ComposerError.notAllowed("commands cannot be set while editing a message")) { try draft.setCommand(name: "giphy", args: "cats") }
        // A second edit replaces the first; the draft put aside is still the one from before both.
        try draft.beginEdit(messageID: "m-3", markdown: "other", names: [:], isMedia: true)
        #expect(draft.mode == .edit(messageID: "m-3", isMedia: true) && draft.text == "other")
        #expect(throws: ComposerError.self) { _ = try draft.stage([Self.png]) }
        draft.cancelMode()
        #expect(draft.notation == "{answ}|er" && draft.tray.tiles.map(\.id) == [1] && !draft.editor.canUndo)
        #expect(draft.mode == .reply(messageID: "m-1", preview: ReplyPreview(sender: "Ann", snippet: "question")))
        // An edit sent goes out as an edit in the thread, and the reply comes back.
        try draft.setThreadParent("t-5")
        try draft.beginEdit(messageID: "m-2", markdown: "hi <@uid:u1>", names: ["u1": "Cy"], isMedia: true)
        draft.type("!")
        let edit = try draft.send(now: 0)
        #expect(edit == [OutgoingMessage(kind: .edit, text: "hi <@uid:u1>!", mentions: [MentionValue(uid: "u1", name: "Cy")], attachmentKind: nil,
                                         attachments: [], command: nil, quotedID: nil, editedID: "m-2", parentID: "t-5")])
        #expect(draft.mode == .reply(messageID: "m-1", preview: ReplyPreview(sender: "Ann", snippet: "question")))
        #expect(draft.notation == "{answ}|er")
    }

    @Test func slowModeCountsDownToTheDeadlineAndHoldsCommandsToo() throws {
        var draft = Composer(config: Self.config { $0.slowModeSeconds = 10 })
        draft.type("one")
        _ = try draft.send(now: 1000)
        draft.type("two")
        try draft.tick(now: 10_999)
        #expect(draft.sendBlocker == .cooldown(milliseconds: 1) && draft.sendBlocker?.message == "slow mode: wait 1 s")
        #expect(throws: ComposerError.notAllowed("cannot send: slow mode: wait 1 s")) { _ = try draft.send(now: 10_999) }
        #expect(try draft.send(now: 11_000).map(\.text) == ["two"])  // at the deadline itself
        try draft.setCommand(name: "shrug", args: "")
        #expect(draft.sendBlocker == .cooldown(milliseconds: 10_000))
        #expect(try draft.send(now: 21_000).map(\.command) == [ComposerCommand(name: "shrug", args: "")])
        var fast = Composer()
        fast.type("a")
        _ = try fast.send(now: 0)
        fast.type("b")
        #expect(fast.canSend)
    }

    @Test func theLimitCountsScalarsAfterTrimmingAndWhitespaceIsNoMessage() throws {
        var draft = Composer(config: Self.config { $0.maxLength = 5 })
        draft.type("  \n ")
        #expect(draft.sendBlocker == .empty && draft.sendBlocker?.message == "the message is empty")
        draft.editor.load(Document(text: "  😀😀abc \n"))
        #expect(draft.canSend)
        #expect(try draft.send(now: 0).map(\.text) == ["😀😀abc"])
        #expect(SendBlocker.tooManyMentions(count: 2, limit: 1).message == "the message has 2 mentions; the limit is 1")
        var untrimmed = Composer(config: Self.config { $0.trimOnSend = false; $0.maxLength = 3 })
        untrimmed.type(" hi")
        #expect(untrimmed.canSend)
        untrimmed.type(" ")
        #expect(untrimmed.sendBlocker == .tooLong(length: 4, limit: 3))
        var spaces = Composer(config: Self.config { $0.trimOnSend = false })
        spaces.type("   ")
        #expect(spaces.sendBlocker == .empty)
        var trimmed = Composer()
        trimmed.type("  hi there \n\n")
        #expect(try trimmed.send(now: 0).map(\.text) == ["hi there"])
    }

    @Test func richTextDecidesWhetherTypedMarkdownIsFormattingOrEscapedText() throws {
        var plain = Composer(config: Self.config { $0.richText = false })
        plain.type("**not bold** _x_ <u> ")
        try plain.insertMention(uid: "u1", name: "Ann")
        #expect(try plain.send(now: 0).map(\.text) == [#"\*\*not bold\*\* \_x\_ \<u\> <@uid:u1>"#])
        plain.type("- item")
        #expect(try plain.send(now: 0).map(\.text) == [#"\- item"#])
        var rich = Composer()
        rich.type("**bold** _x_ ~~gone~~")
        #expect(try rich.send(now: 0).map(\.text) == ["**bold** *x* ~~gone~~"])
    }

    @Test func aCommandReplacesTextAndTrayAndTypedTextBecomesItsArgs() throws {
        var draft = Composer()
        try draft.setThreadParent("t-2")
        draft.type("/gi")
        _ = try draft.stage([Self.png])
        try draft.setCommand(name: "giphy", args: "dogs")
        #expect(draft.text == "" && draft.tray.isEmpty && !draft.canAttach)
        #expect(throws: ComposerError.notAllowed("attachments cannot be added to a command")) { _ = try draft.stage([Self.png]) }
        try draft.setCommand(name: "giphy", args: "cats")  // a second command replaces the first
        draft.type("big")
        let sent = try draft.send(now: 0)
        #expect(sent.map(\.command) == [ComposerCommand(name: "giphy", args: "cats big")] && sent[0].parentID == "t-2")
        #expect(draft.command == nil && draft.sendBlocker == .empty)
        try draft.setCommand(name: "giphy", args: "")
        draft.insert("  **b** now  ")  // trimmed, and sent as typed
        #expect(try draft.send(now: 0).map(\.command) == [ComposerCommand(name: "giphy", args: "**b** now")])
        try draft.setCommand(name: "shrug", args: "")
        draft.insert("   ")
        #expect(try draft.send(now: 0).map(\.command) == [ComposerCommand(name: "shrug", args: "")])
        try draft.setCommand(name: "me", args: "waves")
        draft.clearCommand()
        #expect(draft.command == nil && draft.canAttach && draft.sendBlocker == .empty)
    }

    @Test func clearEmptiesTextCommandAndTrayButKeepsModeAndThread() throws {
        var draft = Composer()
        try draft.setThreadParent("t-3")
        try draft.beginReply(messageID: "m-1", sender: "Ann", markdown: "q", names: [:])
        draft.type("text")
        _ = try draft.stage([Self.png])
        draft.clear()
        #expect(draft.text == "" && draft.tray.isEmpty && draft.threadParentID == "t-3")
        #expect(draft.mode == .reply(messageID: "m-1", preview: ReplyPreview(sender: "Ann", snippet: "q")))
        draft.editor.undo()
        #expect(draft.text == "text")
        try draft.setCommand(name: "giphy", args: "")
        draft.clear()
        #expect(draft.command == nil)
        // In an edit, clear empties the edited text; cancelling still brings the put-aside draft back.
        draft.type("kept")
        try draft.beginEdit(messageID: "m-2", markdown: "edited", names: [:], isMedia: false)
        draft.clear()
        #expect(draft.mode == .edit(messageID: "m-2", isMedia: false) && draft.sendBlocker == .empty)
        draft.cancelMode()
        #expect(draft.text == "kept")
        var empty = Composer()
        empty.clear()
        #expect(!empty.editor.canUndo)
    }

    @Test func aRestoredEditBringsItsPutAsideDraftAndClockBack() throws {
        let config = Self.config { $0.slowModeSeconds = 5 }
        var draft = Composer(config: config)
        try draft.setThreadParent("T1")
        draft.type("x")
        _ = try draft.send(now: 1000)
        draft.type("before")
        draft.editor.setSelection(anchor: 1, focus: 3)
        try draft.beginReply(messageID: "m-1", sender: "Ann", markdown: "q", names: [:])
        try draft.beginEdit(messageID: "m-2", markdown: "edit **me**", names: [:], isMedia: true)
        var restored = Composer(config: config)
        try restored.restore(snapshotJSON: draft.snapshotJSON)
        #expect(restored.snapshotJSON == draft.snapshotJSON)  // nothing was in flight
        #expect(restored.notation == "edit <b>me</b>|" && restored.mode == .edit(messageID: "m-2", isMedia: true))
        #expect(restored.cooldownRemaining == 5000 && !restored.editor.canUndo)
        restored.cancelMode()
        #expect(restored.notation == "b{ef}|ore")
        #expect(restored.mode == .reply(messageID: "m-1", preview: ReplyPreview(sender: "Ann", snippet: "q")))
        #expect(throws: ComposerError.self) { try restored.tick(now: 999) }  // the clock came back too
        try restored.tick(now: 6000)
        #expect(restored.canSend)
        draft.cancelMode()
        try draft.setCommand(name: "giphy", args: "cats")
        var withCommand = Composer(config: config)
        try withCommand.restore(snapshotJSON: draft.snapshotJSON)
        #expect(withCommand.command == ComposerCommand(name: "giphy", args: "cats"))
    }

    /// A snapshot's edit mode without `"media"` (the key is optional on restore) edits a message
    /// whole, not a caption.
    @Test func aSnapshotsEditWithoutMediaIsNoCaptionEdit() throws {
        var draft = Composer()
        try draft.beginEdit(messageID: "m-1", markdown: "sent", names: [:], isMedia: false)
        let snapshot = draft.snapshotJSON
        let withoutMedia = snapshot.replacing(#","media":false"#, with: "")
        #expect(withoutMedia != snapshot)
        var restored = Composer()
        try restored.restore(snapshotJSON: withoutMedia)
        #expect(restored.mode == .edit(messageID: "m-1", isMedia: false))
    }

    /// Message and thread ids are 1-256 characters without control characters: C0, DEL and C1
    /// alike (DEL and C1 were let through). Refused, they change nothing.
    @Test(arguments: ["", String(repeating: "i", count: 257), String(repeating: "é", count: 257), "a\nb", "a\tb", "\u{1F}", "\u{7F}",
                      "a\u{85}b", "\u{9F}"])
    func idsOutOfLengthOrWithControlCharactersAreRefused(_ id: String) {
        var draft = Composer()
        #expect(throws: ComposerError.invalidArgument("message id must be 1-256 characters without control characters")) {
            try draft.beginReply(messageID: id, sender: "Ann", markdown: "x", names: [:])
        }
        #expect(throws: ComposerError.invalidArgument("thread parent id must be 1-256 characters without control characters")) {
            try draft.setThreadParent(id)
        }
        #expect(draft.mode == .new && draft.threadParentID == nil)
    }

    @Test(arguments: ["m", "a b", "\u{A0}", "😀", String(repeating: "é", count: 256), String(repeating: "i", count: 256)])
    func idsOfOneTo256OtherCharactersAreTaken(_ id: String) throws {
        var draft = Composer()
        try draft.beginReply(messageID: id, sender: "Ann", markdown: "x", names: [:])
        try draft.setThreadParent(id)
        #expect(draft.threadParentID == id)
        guard case .reply(let quoted, _) = draft.mode else { Issue.record("not replying"); return }
        #expect(quoted == id)
    }
}
