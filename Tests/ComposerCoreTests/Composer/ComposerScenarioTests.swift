import Testing
@testable import ComposerCore

/// The composer as a user drives it: type, mention, format, reply, send; edit and cancel; slow mode.
@Suite struct ComposerScenarioTests {
    static func config(_ edit: (inout DraftConfig) -> Void = { _ in }) -> DraftConfig {
        var c = DraftConfig()
        edit(&c)
        return c
    }

    @Test func typeMentionFormatAndSend() throws {
        var draft = Composer()
        draft.type("Hi @bo")
        #expect(draft.mentionQuery == ComposerQuery(text: "bo", start: 3, end: 6))
        try draft.insertMentionAtQuery(uid: "u42", name: "Bob")
        #expect(draft.mentionQuery == nil)
        draft.type("see **this**")
        #expect(draft.notation == "Hi <@u42 Bob>@Bob</@> see **this**|")
        let messages = try draft.send(now: 1000)
        #expect(messages.count == 1)
        #expect(messages[0].kind == .text)
        #expect(messages[0].text == "Hi <@uid:u42> see **this**")
        #expect(messages[0].mentions == [MentionValue(uid: "u42", name: "Bob")])
        #expect(draft.text == "")
        #expect(draft.mode == .new)
    }

    @Test func mentionQueryOnlyAfterWhitespaceAndNeverInCode() throws {
        var draft = Composer()
        draft.type("mail@bo")
        #expect(draft.mentionQuery == nil)
        draft = try Composer.notation("<code>x @bo|</code>")
        #expect(draft.mentionQuery == nil)
        draft = try Composer.notation("@b|")
        #expect(draft.mentionQuery?.text == "b")
        draft.type(" ")
        #expect(draft.mentionQuery == nil)
        var off = Composer(config: Self.config { $0.mentionsEnabled = false })
        off.type("@bo")
        #expect(off.mentionQuery == nil)
    }

    @Test func mentionLimitRaisesTheBannerAndBlocksSending() throws {
        var draft = Composer(config: Self.config { $0.mentionLimit = 1 })
        try draft.insertMentionAtQuery(uid: "a", name: "A")
        #expect(throws: ComposerError.self) { try draft.insertMentionAtQuery(uid: "b", name: "B") }
        #expect(draft.infoBanner == "You can mention up to 1 person in a message.")
        try draft.editor.load(Document(json: #"{"text":"@A @B","spans":[{"start":0,"end":2,"format":"mention","uid":"a","name":"A"},{"start":3,"end":5,"format":"mention","uid":"b","name":"B"}]}"#))
        #expect(draft.sendBlocker == .tooManyMentions(count: 2, limit: 1))
    }

    @Test func aRefusedMentionAtTheQueryLeavesTextAndCaretAsTheyWere() throws {
        var draft = Composer()
        draft.type("hi @Bo")
        #expect(throws: ComposerError.self) { try draft.insertMentionAtQuery(uid: "u 1", name: "Bob") }
        #expect(draft.notation == "hi @Bo|" && draft.mentionQuery?.text == "Bo")
    }

    @Test func deleteForwardThroughTheComposerDeletesAndIsTyping() throws {
        var draft = try Composer.notation("a|bc")
        draft.deleteForward()
        #expect(draft.notation == "a|c" && draft.isTyping)
    }

    @Test func commandsClearTheDraftAndSendAsCommands() throws {
        var draft = Composer()
        draft.type("/gi")
        #expect(draft.commandQuery == ComposerQuery(text: "gi", start: 0, end: 3))
        _ = try draft.stage([PickedFile(name: "a.png", mimeType: "image/png", size: 10)])
        try draft.setCommand(name: "giphy", args: "cats")
        #expect(draft.text == "" && draft.tray.isEmpty && draft.commandQuery == nil)
        let messages = try draft.send(now: 0)
        #expect(messages == [OutgoingMessage(kind: .command, text: "", mentions: [], attachments: [], command: ComposerCommand(name: "giphy", args: "cats"))])
        #expect(draft.command == nil)
    }

    @Test func editLoadsTheMessageAndGivesTheDraftBack() throws {
        var draft = Composer()
        draft.type("half written")
        try draft.beginEdit(messageID: "m1", markdown: "**old** text <@uid:u1>", names: ["u1": "Al"], isMedia: false)
        #expect(draft.notation == "<b>old</b> text <@u1 Al>@Al</@>|")
        #expect(throws: ComposerError.notAllowed("attachments cannot be added while editing a message")) {
            _ = try draft.stage([PickedFile(name: "a.png", mimeType: "image/png", size: 1)])
        }
        draft.type(" new")
        let messages = try draft.send(now: 0)
        #expect(messages.count == 1 && messages[0].kind == .edit && messages[0].editedID == "m1")
        #expect(messages[0].text == "**old** text <@uid:u1> new")
        #expect(draft.text == "half written" && draft.mode == .new)
        try draft.beginEdit(messageID: "m2", markdown: "x", names: [:], isMedia: true)
        draft.cancelMode()
        #expect(draft.text == "half written" && draft.mode == .new)
    }

    @Test func replyKeepsTheQuotedIDAndAGraphemeSafePreview() throws {
        var draft = Composer()
        try draft.setThreadParent("t9")
        let long = String(repeating: "👨‍👩‍👧", count: 120)
        try draft.beginReply(messageID: "m7", sender: "Ann", markdown: long, names: [:])
        guard case .reply(_, let preview) = draft.mode else { Issue.record("not replying"); return }
        #expect(preview.sender == "Ann")
        #expect(preview.snippet == String(repeating: "👨‍👩‍👧", count: 100) + "…")
        draft.type("ok")
        let messages = try draft.send(now: 0)
        #expect(messages[0].quotedID == "m7" && messages[0].parentID == "t9")
        #expect(draft.mode == .new && draft.threadParentID == "t9")
        try draft.beginReply(messageID: "m8", sender: "Ann", markdown: "x", names: [:])
        draft.cancelMode()
        #expect(draft.mode == .new)
    }

    @Test func sendReasonsAndRefusedSendChangesNothing() throws {
        var draft = Composer(config: Self.config { $0.maxLength = 5; $0.slowModeSeconds = 10 })
        #expect(draft.sendBlocker == .empty)
        draft.type("   ")
        #expect(draft.sendBlocker == .empty)
        draft.type("123456")
        #expect(draft.sendBlocker == .tooLong(length: 6, limit: 5))
        #expect(throws: ComposerError.self) { _ = try draft.send(now: 0) }
        #expect(draft.text == "   123456")
        draft.deleteBackward()
        let sent = try draft.send(now: 1000)
        #expect(sent[0].text == "12345")
        draft.type("again")
        #expect(draft.sendBlocker == .cooldown(milliseconds: 10_000))
        try draft.tick(now: 6000)
        #expect(draft.cooldownRemaining == 5000)
        try draft.tick(now: 11_000)
        #expect(draft.canSend)
        #expect(throws: ComposerError.self) { try draft.tick(now: 10_000) }
    }

    @Test func trimmingCanBeSwitchedOff() throws {
        var draft = Composer(config: Self.config { $0.trimOnSend = false; $0.richText = false })
        draft.type("  a*b  ")
        #expect(try draft.send(now: 0)[0].text == "&#32;&#32;a\\*b&#32;&#32;")
    }

    @Test func typingEventsStartOnEditAndStopWhenIdleOnSendAndClear() throws {
        var draft = Composer()
        draft.type("a")
        #expect(draft.drainNotices() == [.typingStarted])
        try draft.tick(now: 4999)
        #expect(draft.drainNotices().isEmpty)
        try draft.tick(now: 5000)
        #expect(draft.drainNotices() == [.typingStopped])
        draft.type("b")
        _ = try draft.send(now: 6000)
        #expect(draft.drainNotices() == [.typingStarted, .typingStopped])
        draft.type("c")
        draft.clear()
        #expect(draft.drainNotices() == [.typingStarted, .typingStopped])
        var quiet = Composer(config: Self.config { $0.typingEvents = false })
        quiet.type("x")
        #expect(quiet.drainNotices().isEmpty)
    }

    @Test func attachmentsSendInKindOrderWithTheCaptionFirst() throws {
        var draft = Composer()
        let picks = [PickedFile(name: "a.pdf", mimeType: "application/pdf", size: 5),
                     PickedFile(name: "b.mp4", mimeType: "video/mp4", size: 5),
                     PickedFile(name: "c.png", mimeType: "image/png", size: 5),
                     PickedFile(name: "d.mp3", mimeType: "audio/mpeg", size: 5)]
        let staged = try draft.stage(picks).staged
        draft.type("**look**")
        #expect(draft.sendBlocker == .uploadsPending(4))
        for id in staged {
            try draft.applyUpload(.start, to: id)
            try draft.applyUpload(.complete(remote: "r\(id)"), to: id)
        }
        let messages = try draft.send(now: 0)
        #expect(messages.map(\.attachmentKind) == [.image, .video, .audio, .file])
        #expect(messages.map(\.text) == ["**look**", "", "", ""])
        #expect(draft.tray.isEmpty)
    }

    /// Of the messages one send makes, only the first quotes the reply and carries the mentions;
    /// all go to the thread. Without slow mode the send starts no cooldown.
    @Test func aReplyWithAttachmentsQuotesInItsFirstMessageOnly() throws {
        var draft = Composer()
        try draft.setThreadParent("t1")
        try draft.beginReply(messageID: "m5", sender: "Ann", markdown: "hi", names: [:])
        try draft.insertMention(uid: "u1", name: "Ann")
        let picks = [PickedFile(name: "a.pdf", mimeType: "application/pdf", size: 5),
                     PickedFile(name: "c.png", mimeType: "image/png", size: 5)]
        for id in try draft.stage(picks).staged {
            try draft.applyUpload(.start, to: id)
            try draft.applyUpload(.complete(remote: "r\(id)"), to: id)
        }
        let messages = try draft.send(now: 5000)
        #expect(messages.map(\.attachmentKind) == [.image, .file])
        #expect(messages.map(\.quotedID) == ["m5", nil])
        #expect(messages.map(\.parentID) == ["t1", "t1"])
        #expect(messages.map { $0.mentions.map(\.uid) } == [["u1"], []])
        #expect(draft.mode == .new && draft.cooldownUntil == 0 && draft.cooldownRemaining == 0)
    }

    @Test func removingAnUploadingFileAsksTheHostToStop() throws {
        var draft = Composer()
        let id = try draft.stage([PickedFile(name: "a.png", mimeType: "image/png", size: 5)]).staged[0]
        try draft.applyUpload(.start, to: id)
        try draft.removeAttachment(id)
        #expect(draft.drainNotices() == [.cancelUpload(id: id)])
    }

    @Test func voiceNotesAndLegacyMode() throws {
        var draft = Composer()
        let note = try draft.voiceNote(name: "v.m4a", mimeType: "audio/mp4", size: 9, remote: "r1")
        #expect(note.kind == .media && note.attachmentKind == .audio && note.attachments.count == 1)
        _ = try draft.stage([PickedFile(name: "a.png", mimeType: "image/png", size: 5)])
        #expect(!draft.canRecordVoice)
        #expect(throws: ComposerError.self) { _ = try draft.voiceNote(name: "v.m4a", mimeType: "audio/mp4", size: 9, remote: "r1") }
    }

    @Test func snapshotRestoresEverythingAndInterruptsUploads() throws {
        var draft = Composer()
        try draft.setThreadParent("t1")
        let id = try draft.stage([PickedFile(name: "a.png", mimeType: "image/png", size: 5)]).staged[0]
        try draft.applyUpload(.progress(0.5), to: id)
        draft.type("keep")
        try draft.beginEdit(messageID: "m1", markdown: "*edit*", names: [:], isMedia: false)
        let snapshot = draft.snapshotJSON
        var restored = Composer()
        try restored.restore(snapshotJSON: snapshot)
        #expect(restored.document == draft.document && restored.mode == draft.mode && restored.threadParentID == "t1")
        restored.cancelMode()
        #expect(restored.text == "keep")
        #expect(restored.tray.tiles.first?.state == .failed(message: "Upload interrupted."))
        #expect(throws: ComposerError.invalidArgument("snapshot version 3 is not supported (this library reads versions 1 and 2)")) {
            try restored.restore(snapshotJSON: #"{"version":3,"document":{"text":""}}"#)
        }
        #expect(restored.text == "keep")
    }
}

/// Found by the bindings' mirror soak runs.
@Suite struct EventRegressionTests {
    @Test func deletingAnEmptyBlockLineInsideARangeReportsFormatting() throws {
        var draft = try Composer.make("ab\n\ncd", spans: #"[{"start":3,"end":3,"format":"quote"}]"#)
        let seen = draft.observation
        draft.discardChanges()
        try draft.replace(2, 4, with: "")
        let (events, _) = draft.takeEvents(since: seen)
        #expect(events.contains(UIEvent(kind: .formatting, payload: #"{"start":2,"end":2}"#)))
        #expect(draft.document.spans.isEmpty)
    }

    /// Found by the API fuzzer (Tests/fuzz-findings/api/batch-closed-by-restore): a restore inside
    /// a batch forgot the batch, so its commit was refused.
    @Test func aBatchStaysOpenAcrossAHistoryReset() throws {
        var draft = try Composer.make("abc")
        let snapshot = draft.snapshotJSON
        draft.editor.beginBatch()
        try draft.restore(snapshotJSON: snapshot)
        draft.insert("x")
        #expect(draft.editor.isInBatch)
        try draft.editor.commitBatch()
        #expect(!draft.editor.isInBatch)
    }

    /// Found by the API fuzzer (caret-inside-mention-after-restore): a snapshot's caret inside a
    /// mention is moved to the mention's edge.
    @Test func aRestoredCaretNeverSitsInsideAMention() throws {
        var draft = Composer()
        try draft.insertMention(uid: "u1", name: "Bob")
        let snapshot = draft.snapshotJSON.replacingSelection(with: "[2,2]")
        try draft.restore(snapshotJSON: snapshot)
        #expect(draft.selection == .caret(0) || draft.selection == .caret(4))
    }

    @Test func clearingAnEmptyTextKeepsWhatRedoNeeds() throws {
        for clear: (inout Composer) throws -> Void in [{ $0.clear() }, { try $0.setCommand(name: "giphy", args: "cats") }] {
            var draft = Composer()
            try draft.insertMention(uid: "u2", name: "Bob")
            draft.editor.undo()
            try clear(&draft)
            draft.editor.redo()
            #expect(try Document(json: draft.document.json) == draft.document)
        }
    }
}

@Suite struct ComposerClockTests {
    @Test func extremeClocksNeverOverflow() throws {
        var config = DraftConfig()
        config.slowModeSeconds = 1_000_000
        var draft = Composer(config: config)
        #expect(throws: ComposerError.self) { try draft.tick(now: -1) }
        draft.type("x")
        _ = try draft.send(now: Int64.max - 5)
        #expect(draft.cooldownUntil == Int64.max)
        #expect(draft.cooldownRemaining == 5)
        try draft.tick(now: Int64.max)
        #expect(draft.cooldownRemaining == 0)
        #expect(throws: ComposerError.self) { try draft.restore(snapshotJSON: #"{"version":1,"document":{"text":""},"now":-5}"#) }
    }
}

extension String {
    /// The snapshot JSON with its "selection" member replaced (test helper; no Foundation).
    func replacingSelection(with value: String) -> String {
        let key = Array("\"selection\":[".utf8)
        let bytes = Array(utf8)
        guard let start = (0...(bytes.count - key.count)).first(where: { Array(bytes[$0..<($0 + key.count)]) == key }),
              let close = bytes[(start + key.count)...].firstIndex(of: UInt8(ascii: "]")) else { return self }
        return String(decoding: bytes[..<start], as: UTF8.self) + "\"selection\":" + value
            + String(decoding: bytes[(close + 1)...], as: UTF8.self)
    }
}

/// Typing notices come from the editor's change records: a key that changed the text starts
/// typing; a key that changed nothing, a format or a caret move does not.
@Suite struct TypingFromChangeRecordsTests {
    @Test func onlyKeysThatChangeTheDocumentAreTyping() throws {
        var composer = try Composer.make("abc", selection: (0, 0))
        composer.deleteBackward()
        _ = composer.editor.moveCaret(.grapheme, by: 1, extend: false)
        _ = try composer.editor.format(.toggle, .bold, start: 0, end: 3)
        #expect(composer.drainNotices() == [])
        composer.deleteBackward()
        #expect(composer.drainNotices() == [.typingStarted])
    }
}
