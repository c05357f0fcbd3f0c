import Testing
@testable import ComposerCore

/// The composer as host apps use it (issue 11): banners that go with their cause, slow mode and
/// edits, captions, attachment ids across snapshots, live configuration, commands, legacy picks,
/// stickers and voice notes, media metadata, "also send to channel".
@Suite struct ComposerHostTests {
    static func config(_ edit: (inout DraftConfig) -> Void) -> DraftConfig {
        var c = DraftConfig()
        edit(&c)
        return c
    }

    static func png(_ name: String = "a.png", size: Int64 = 5, metadata: MediaMetadata = MediaMetadata()) -> PickedFile {
        PickedFile(name: name, mimeType: "image/png", size: size, hostReference: "ref:" + name, metadata: metadata)
    }

    /// Every event kind the composer reports for what happened since `seen`, which moves on.
    static func events(_ draft: inout Composer, since seen: inout UIObservation) -> [UIEvent] {
        let (events, now) = draft.takeEvents(since: seen)
        seen = now
        return events
    }

    // MARK: 1. Banners clear with their cause; the host dismisses them

    @Test func theMentionBannerGoesWhenTheDraftIsBackUnderTheLimit() throws {
        var draft = Composer(config: Self.config { $0.mentionLimit = 1 })
        var seen = draft.observation
        try draft.insertMention(uid: "a", name: "A")
        #expect(throws: ComposerError.self) { try draft.insertMention(uid: "b", name: "B") }
        #expect(draft.infoBanner == "You can mention up to 1 person in a message.")
        _ = Self.events(&draft, since: &seen)
        draft.editor.selectAll()
        draft.deleteBackward()
        draft.settle()
        #expect(draft.infoBanner == nil)
        #expect(Self.events(&draft, since: &seen).contains(UIEvent(kind: .banner, payload: "null")))
        // Gone for good: undo bringing the mention back is no new attempt.
        draft.editor.undo()
        #expect(draft.editor.mentionCount == 1 && draft.infoBanner == nil)
    }

    @Test func theFilesBannerGoesWithRoomInTheTrayAndTheHostDismissesBanners() throws {
        var draft = Composer(config: Self.config { $0.maxFiles = 2 })
        let result = try draft.stage([Self.png("1.png"), Self.png("2.png"), Self.png("3.png")])
        #expect(result.dropped == 1 && draft.infoBanner == "You can attach up to 2 files.")
        try draft.removeAttachment(result.staged[0])
        #expect(draft.infoBanner == nil)
        // Full again by a pick that drops: the banner; the host dismisses it.
        _ = try draft.stage([Self.png("4.png"), Self.png("5.png")])
        #expect(draft.infoBanner == "You can attach up to 2 files.")
        draft.dismissBanner()
        #expect(draft.infoBanner == nil)
        draft.dismissBanner()  // nothing to dismiss: nothing happens
        #expect(draft.infoBanner == nil)
    }

    /// A pick that drops nothing ends the files banner, also with no call between to settle it:
    /// a tray full again by a pick that fits is no new refusal.
    @Test func aPickThatDropsNothingEndsTheFilesBanner() throws {
        var draft = Composer(config: Self.config { $0.maxFiles = 2 })
        let result = try draft.stage([Self.png("1.png"), Self.png("2.png"), Self.png("3.png")])
        try draft.removeAttachment(result.staged[0])
        #expect(try draft.stage([Self.png("4.png")]).dropped == 0)
        #expect(draft.tray.tiles.count == 2 && draft.infoBanner == nil)
    }

    /// A pick that stages files ends the files banner only: the banner of another cause stays
    /// while its cause holds (a mention refused at the limit, with the draft still at it).
    @Test func aPickThatStagesLeavesAnotherCausesBanner() throws {
        var draft = Composer(config: Self.config { $0.mentionLimit = 1 })
        try draft.insertMention(uid: "a", name: "A")
        #expect(throws: ComposerError.self) { try draft.insertMention(uid: "b", name: "B") }
        _ = try draft.stage([Self.png()])
        #expect(draft.infoBanner == "You can mention up to 1 person in a message.")
    }

    /// Clearing takes the banner away, also when nothing else is left to clear (a legacy pick
    /// went out at once and dropped the rest: no text, no tray, a banner).
    @Test func clearingTakesTheBannerWithNothingElseToClear() throws {
        var draft = Composer(config: Self.config { $0.multipleAttachments = false })
        _ = try draft.stage([Self.png("a.png"), Self.png("b.png")])
        #expect(draft.tray.isEmpty && draft.text.isEmpty && draft.infoBanner == "You can attach up to 1 file.")
        draft.clear()
        #expect(draft.infoBanner == nil)
    }

    // MARK: 2. Only new messages start slow mode

    @Test func anEditNeitherStartsNorWaitsForTheCooldown() throws {
        var draft = Composer(config: Self.config { $0.slowModeSeconds = 30 })
        draft.type("first")
        _ = try draft.send(now: 0)
        #expect(draft.cooldownRemaining == 30_000)
        try draft.beginEdit(messageID: "m1", markdown: "first", names: [:], isMedia: false)
        draft.type("!")
        #expect(draft.canSend)  // an edit is no new message: slow mode does not hold it
        let edit = try draft.send(now: 1000)
        #expect(edit[0].kind == .edit && edit[0].text == "first!")
        #expect(draft.cooldownRemaining == 29_000)  // still the first message's cooldown
        try draft.tick(now: 30_000)
        try draft.beginEdit(messageID: "m1", markdown: "first!", names: [:], isMedia: false)
        draft.type("?")
        _ = try draft.send(now: 31_000)
        draft.type("second")
        #expect(draft.canSend)  // the edit started nothing
        _ = try draft.send(now: 31_000)
        #expect(draft.cooldownRemaining == 30_000)
    }

    // MARK: 3. A media caption can be removed

    @Test func aMediaCaptionCanBeEmptiedButATextEditCannot() throws {
        var draft = Composer()
        try draft.beginEdit(messageID: "m1", markdown: "**nice** photo", names: [:], isMedia: true)
        draft.editor.selectAll()
        draft.deleteBackward()
        #expect(draft.sendBlocker == nil)
        let messages = try draft.send(now: 0)
        #expect(messages == [OutgoingMessage(kind: .edit, text: "", mentions: [], attachments: [], editedID: "m1")])
        try draft.beginEdit(messageID: "m2", markdown: "words", names: [:], isMedia: false)
        draft.editor.selectAll()
        draft.deleteBackward()
        #expect(draft.sendBlocker == .empty)
    }

    // MARK: 4. Attachment ids never come back

    @Test func idsNeverRepeatAcrossSnapshotAndRestoreAndRetiredIdsAreRefused() throws {
        var draft = Composer()
        let ids = try draft.stage([Self.png("1.png"), Self.png("2.png"), Self.png("3.png")]).staged
        #expect(ids == [1, 2, 3])
        try draft.applyUpload(.start, to: 3)
        try draft.removeAttachment(3)
        let snapshot = draft.snapshotJSON
        try draft.restore(snapshotJSON: snapshot)
        #expect(try draft.stage([Self.png("4.png")]).staged == [4])
        // The cancelled upload's late events are refused and land on no tile.
        #expect(throws: ComposerError.notAllowed("attachment 3 was removed or sent: events for it are refused")) {
            try draft.applyUpload(.complete(remote: "late"), to: 3)
        }
        #expect(draft.tray.tiles.allSatisfy { $0.state != .uploaded(remote: "late") })
        // A fresh draft restoring the snapshot goes on after it too, and so does a draft that
        // already gave out more ids than the snapshot knows.
        var fresh = Composer()
        try fresh.restore(snapshotJSON: snapshot)
        #expect(try fresh.stage([Self.png()]).staged == [4])
        _ = try draft.stage([Self.png()])
        try draft.restore(snapshotJSON: snapshot)
        #expect(try draft.stage([Self.png()]).staged == [6])
    }

    @Test func idsStayUniqueAcrossAnEditAndItsPutAsideTray() throws {
        var draft = Composer()
        _ = try draft.stage([Self.png("1.png"), Self.png("2.png")])
        try draft.removeAttachment(2)
        try draft.beginEdit(messageID: "m1", markdown: "x", names: [:], isMedia: false)
        var restored = Composer()
        try restored.restore(snapshotJSON: draft.snapshotJSON)
        restored.cancelMode()
        #expect(restored.tray.tiles.map(\.id) == [1])
        #expect(try restored.stage([Self.png()]).staged == [3])
        #expect(throws: ComposerError.self) { try restored.removeAttachment(2) }
        // Sent tiles and voice notes retire their ids too (tile 1 was queued: restored as interrupted).
        try restored.applyUpload(.retry, to: 1)
        try restored.applyUpload(.start, to: 1)
        try restored.applyUpload(.complete(remote: "r1"), to: 1)
        try restored.removeAttachment(3)
        _ = try restored.send(now: 0)
        let note = try restored.voiceNote(name: "v.m4a", mimeType: "audio/mp4", size: 1, remote: "r")
        #expect(note.attachments.map(\.id) == [4])
        for id: UInt64 in [1, 3, 4] { #expect(throws: ComposerError.self) { try restored.applyUpload(.start, to: id) } }
    }

    @Test func aVersionOneSnapshotStillRestores() throws {
        var draft = Composer(config: Self.config { $0.slowModeSeconds = 10 })
        try draft.restore(snapshotJSON: #"{"version":1,"document":{"text":"hi","spans":[]},"selection":[2,2],"mode":{"kind":"new"},"#
            + #""thread_parent_id":null,"command":{"name":"giphy","args":""},"tray":{"tiles":[{"id":2,"name":"a.png","mime":"image/png","#
            + #""size":1,"ref":"","state":"queued"}]},"cooldown_until":15000,"now":8000}"#)
        #expect(draft.text == "hi" && draft.command == ComposerCommand(name: "giphy", args: ""))
        #expect(draft.cooldownRemaining == 7000 && draft.lastMessageAt == 5000)
        #expect(draft.tray.nextAttachmentID == 3)
        #expect(draft.snapshotJSON.hasPrefix(#"{"version":2,"#))
        // A deadline of 0 was no cooldown: no last message comes of it.
        try draft.restore(snapshotJSON: #"{"version":1,"document":{"text":"hi","spans":[]},"selection":[2,2],"cooldown_until":0,"now":8000}"#)
        #expect(draft.lastMessageAt == nil && draft.cooldownRemaining == 0 && draft.sendBlocker == nil)
    }

    /// A snapshot the draft did not write may put the last message after its clock, up to the
    /// clock's end: it counts as sent at the clock, so the cooldown is slow mode's, and nothing
    /// overflows (the blocker's message trapped on `ms + 999`).
    @Test(arguments: [
        #"{"version":2,"document":{"text":"hi","spans":[]},"selection":[2,2],"last_message_at":9223372036854775807,"now":7000}"#,
        #"{"version":1,"document":{"text":"hi","spans":[]},"selection":[2,2],"cooldown_until":9223372036854775807,"now":7000}"#,
    ])
    func aLastMessageAfterTheSnapshotsClockCountsAsSentAtIt(_ snapshot: String) throws {
        var draft = Composer(config: Self.config { $0.slowModeSeconds = 1 })
        try draft.restore(snapshotJSON: snapshot)
        #expect(draft.lastMessageAt == 7000 && draft.cooldownRemaining == 1000)
        #expect(draft.sendBlocker?.message == "slow mode: wait 1 s")
        try draft.updateConfig(json: #"{"slow_mode_seconds":1000000000}"#)
        #expect(draft.cooldownRemaining == 1_000_000_000_000)
    }

    @Test(arguments: [(Int64(0), "0"), (1, "1"), (999, "1"), (1000, "1"), (1001, "2"), (Int64.max, "9223372036854776")])
    func theCooldownMessageRoundsUpToWholeSeconds(_ ms: Int64, _ seconds: String) {
        #expect(SendBlocker.cooldown(milliseconds: ms).message == "slow mode: wait \(seconds) s")
    }

    // MARK: 5. Live configuration

    @Test func aConfigUpdateChangesWhatItNamesAndAFailedOneNothing() throws {
        var draft = Composer(config: Self.config { $0.mentionLimit = 3 })
        draft.type("hello")
        let before = (draft.config, draft.snapshotJSON)
        for bad in [#"{"max_length":5,"nope":1}"#, #"{"max_length":0}"#, #"{"allowed_types":["x"]}"#, "[]", "{"] {
            #expect(throws: ComposerError.self) { try draft.updateConfig(json: bad) }
            #expect(draft.config == before.0 && draft.snapshotJSON == before.1)
        }
        draft.discardChanges()
        var seen = draft.observation
        try draft.updateConfig(json: #"{"max_length":3}"#)
        #expect(draft.config.maxLength == 3 && draft.config.mentionLimit == 3)
        #expect(draft.sendBlocker == .tooLong(length: 5, limit: 3))
        let events = Self.events(&draft, since: &seen)
        #expect(events.map(\.kind) == [.sendState, .config])
        #expect(events.last?.payload == #"{"max_length":3}"#)
        try draft.updateConfig(json: #"{"max_length":3}"#)  // the same value: no change, no event
        #expect(Self.events(&draft, since: &seen).isEmpty)
    }

    @Test func stagedTilesAreCheckedAgainstNewLimits() throws {
        var draft = Composer()
        let ids = try draft.stage([Self.png("a.png", size: 2000), PickedFile(name: "b.pdf", mimeType: "application/pdf", size: 10),
                                   Self.png("c.png", size: 1024)]).staged
        try draft.applyUpload(.start, to: ids[0])
        _ = draft.drainNotices()
        try draft.updateConfig(json: #"{"allowed_types":["image/*"],"max_file_size":1024}"#)
        // A file of the new limit's size stays.
        #expect(draft.tray.tiles.map(\.state) == [.error(message: "File exceeds 1 KB."), .error(message: "This file type isn't allowed."), .queued])
        #expect(draft.drainNotices() == [.cancelUpload(id: ids[0])])
        #expect(draft.sendBlocker == .errorTiles(2))
        // Later picks follow the new limits.
        _ = try draft.stage([Self.png("d.png", size: 1025)])
        #expect(draft.tray.tiles.last?.state == .error(message: "File exceeds 1 KB."))
    }

    /// The tray an edit put aside follows new limits too: its uploading tile that no longer fits
    /// is cancelled at once, and its tiles come back with the new states when the edit ends.
    @Test func newLimitsReachTheTrayAnEditPutAside() throws {
        var draft = Composer()
        let ids = try draft.stage([Self.png("big.png", size: 2000), Self.png("small.png", size: 10)]).staged
        try draft.applyUpload(.start, to: ids[0])
        try draft.beginEdit(messageID: "m1", markdown: "sent", names: [:], isMedia: false)
        _ = draft.drainNotices()
        try draft.updateConfig(json: #"{"max_file_size":1024}"#)
        #expect(draft.drainNotices() == [.cancelUpload(id: ids[0])])
        draft.cancelMode()
        #expect(draft.tray.tiles.map(\.state) == [.error(message: "File exceeds 1 KB."), .queued])
    }

    /// Lowering `max_files` to as many tiles as the tray holds raises no banner, and leaves the
    /// one showing (its cause still holds) as it is.
    @Test func aFileLimitLoweredToTheTraysCountLeavesTheBannerShowing() throws {
        var draft = Composer(config: Self.config { $0.mentionLimit = 1 })
        _ = try draft.stage([Self.png("1.png"), Self.png("2.png")])
        try draft.insertMention(uid: "a", name: "A")
        #expect(throws: ComposerError.self) { try draft.insertMention(uid: "b", name: "B") }
        try draft.updateConfig(json: #"{"max_files":2}"#)
        draft.settle()
        #expect(draft.infoBanner == "You can mention up to 1 person in a message.")
    }

    @Test func aLoweredFileLimitBlocksSendingUntilEnoughTilesAreRemoved() throws {
        var draft = Composer()
        let ids = try draft.stage([Self.png("1.png"), Self.png("2.png"), Self.png("3.png")]).staged
        for id in ids {
            try draft.applyUpload(.start, to: id)
            try draft.applyUpload(.complete(remote: "r\(id)"), to: id)
        }
        try draft.updateConfig(json: #"{"max_files":2}"#)
        #expect(draft.tray.tiles.count == 3)
        #expect(draft.sendBlocker == .tooManyFiles(count: 3, limit: 2))
        #expect(draft.infoBanner == "You can attach up to 2 files.")
        try draft.removeAttachment(ids[1])
        draft.settle()
        #expect(draft.canSend && draft.infoBanner == nil)
        #expect(try draft.send(now: 0)[0].attachments.map(\.id) == [ids[0], ids[2]])
    }

    @Test func slowModeCanStartMidSessionAndFromTheLastMessageTime() throws {
        var draft = Composer()
        draft.type("a")
        _ = try draft.send(now: 10_000)
        try draft.tick(now: 15_000)
        try draft.updateConfig(json: #"{"slow_mode_seconds":30}"#)
        #expect(draft.cooldownRemaining == 25_000)  // from the message sent at 10 s
        try draft.updateConfig(json: #"{"slow_mode_seconds":0}"#)
        #expect(draft.cooldownRemaining == 0)

        var fresh = Composer(config: Self.config { $0.slowModeSeconds = 30 })
        try fresh.startCooldown(lastMessageAt: 100_000, now: 110_000)
        #expect(fresh.now == 110_000 && fresh.cooldownRemaining == 20_000)
        try fresh.startCooldown(lastMessageAt: 50_000, now: 110_000)  // older than what it knows: nothing
        #expect(fresh.cooldownRemaining == 20_000)
        try fresh.startCooldown(lastMessageAt: 500_000, now: 120_000)  // after now: counts as now
        #expect(fresh.cooldownRemaining == 30_000)
        let snapshot = fresh.snapshotJSON
        #expect(throws: ComposerError.outOfRange("last message time -1 is negative")) { try fresh.startCooldown(lastMessageAt: -1, now: 130_000) }
        #expect(throws: ComposerError.outOfRange("clock went backwards (100 < 120000)")) { try fresh.startCooldown(lastMessageAt: 0, now: 100) }
        #expect(fresh.snapshotJSON == snapshot)
    }

    @Test func switchesTakeEffectLive() throws {
        var draft = Composer(config: Self.config { $0.undoDepth = 10 })
        draft.type("one two three ")
        #expect(draft.isTyping)
        try draft.setCommand(name: "giphy", args: nil)
        try draft.updateConfig(json: #"{"typing_events":false,"commands":false,"undo_depth":1}"#)
        #expect(!draft.isTyping && draft.drainNotices().last == .typingStopped)
        #expect(draft.command == nil)
        #expect(throws: ComposerError.notAllowed("commands are disabled")) { try draft.setCommand(name: "giphy", args: nil) }
        draft.type("x y")
        draft.editor.undo()
        #expect(!draft.editor.canUndo)
        try draft.updateConfig(json: #"{"rich_text":false}"#)
        draft.editor.clear()
        draft.type("- ")
        #expect(draft.notation == "- |")  // no shortcut with rich text off
    }

    // MARK: 6. Commands

    @Test func commandQueriesNeedCommandsOnAndPlainTextThatIsNoDoubleSlash() throws {
        var draft = Composer()
        draft.type("/gi")
        #expect(draft.commandQuery?.text == "gi")
        draft = Composer()
        draft.type("//gi")
        #expect(draft.commandQuery == nil)
        #expect(try draft.send(now: 0)[0].text == "//gi")  // literal text
        draft = try Composer.notation("[code_block]/gi|")
        #expect(draft.commandQuery == nil)
        draft = try Composer.notation("<code>/gi|</code>")
        #expect(draft.commandQuery == nil)
        var off = Composer(config: Self.config { $0.commandsEnabled = false })
        off.type("/gi")
        #expect(off.commandQuery == nil)
        #expect(throws: ComposerError.notAllowed("commands are disabled")) { try off.setCommand(name: "giphy", args: "x") }
    }

    @Test(arguments: ["", "gi phy", "gi/phy", "/giphy", "a\u{0}b", "tab\t", "line\n"])
    func aCommandNameIsOneWordWithoutSlashes(_ name: String) throws {
        var draft = Composer()
        draft.type("text")
        #expect(throws: ComposerError.invalidArgument("command name must be non-empty, without whitespace or '/'")) {
            try draft.setCommand(name: name, args: nil)
        }
        #expect(draft.command == nil && draft.text == "text")
    }

    @Test func aCommandWithoutArgsSendsNullArgs() throws {
        var draft = Composer()
        try draft.setCommand(name: "shrug", args: nil)
        #expect(try JSONParser.parse(draft.uiState.json).member("command") == .object([("name", .string("shrug")), ("args", .null)]))
        #expect(JSONWriter.write(try draft.send(now: 0)[0].jsonValue).contains(#""command":"shrug","args":null,"#))
        try draft.setCommand(name: "giphy", args: nil)
        draft.type("cats")
        #expect(try draft.send(now: 0)[0].command == ComposerCommand(name: "giphy", args: "cats"))
        try draft.setCommand(name: "empty", args: "")
        #expect(try draft.send(now: 0)[0].command?.args == "")
    }

    // MARK: 7. Legacy single-attachment mode

    @Test func aLegacyPickGoesOutAtOnceWithoutATray() throws {
        var draft = Composer(config: Self.config { $0.multipleAttachments = false; $0.slowModeSeconds = 10 })
        try draft.setThreadParent("t1")
        try draft.beginReply(messageID: "m9", sender: "Ann", markdown: "hi", names: [:])
        draft.type("caption stays")
        let meta = MediaMetadata(width: 10, height: 20)
        let result = try draft.stage([Self.png("a.png", metadata: meta), Self.png("b.png")])
        #expect(result.staged.isEmpty && result.dropped == 1 && result.notice == "You can attach up to 1 file.")
        #expect(draft.tray.isEmpty && draft.text == "caption stays" && draft.mode == .new)
        let message = try #require(result.messages.first)
        #expect(message.kind == .media && message.attachmentKind == .image && message.quotedID == "m9" && message.parentID == "t1")
        #expect(message.attachments.map(\.hostReference) == ["ref:a.png"] && message.attachments[0].metadata == meta)
        #expect(JSONWriter.write(message.jsonValue).contains(#""remote":null,"ref":"ref:a.png","width":10,"height":20"#))
        #expect(draft.infoBanner == "You can attach up to 1 file.")
        // Slow mode holds the next one; nothing changes when it is refused.
        #expect(throws: ComposerError.notAllowed("cannot send: slow mode: wait 10 s")) { _ = try draft.stage([Self.png()]) }
        try draft.tick(now: 10_000)
        #expect(try draft.stage([Self.png("c.png")]).messages[0].attachments[0].id == 2)
        #expect(draft.infoBanner == nil)  // a pick that dropped nothing
    }

    /// What `mc_draft_stage_files` returns: the staged ids, how many were dropped, the notice, and
    /// the messages a legacy pick sent at once, each in its outgoing layout.
    @Test func aPicksResultInJSON() throws {
        var draft = Composer(config: Self.config { $0.maxFiles = 2 })
        let picked = try draft.stage([Self.png("1.png"), Self.png("2.png"), Self.png("3.png")])
        #expect(JSONWriter.write(picked.jsonValue) == #"{"staged":[1,2],"dropped":1,"notice":"You can attach up to 2 files.","messages":[]}"#)
        #expect(JSONWriter.write(try draft.stage([]).jsonValue) == #"{"staged":[],"dropped":0,"notice":null,"messages":[]}"#)
        var legacy = Composer(config: Self.config { $0.multipleAttachments = false })
        let sent = try legacy.stage([Self.png("a.png")])
        let message = try #require(sent.messages.first)
        #expect(sent.jsonValue == .object([("staged", .array([])), ("dropped", .integer(0)), ("notice", .null), ("messages", .array([message.jsonValue]))]))
    }

    @Test func aLegacyPickThatCannotGoIsRefused() throws {
        var draft = Composer(config: Self.config { $0.multipleAttachments = false; $0.maxFileSizeBytes = 100; $0.allowedTypes = ["image/*"] })
        #expect(throws: ComposerError.limitExceeded("File exceeds 100 bytes.")) { _ = try draft.stage([Self.png(size: 101)]) }
        #expect(throws: ComposerError.notAllowed("This file type isn't allowed.")) {
            _ = try draft.stage([PickedFile(name: "a.pdf", mimeType: "application/pdf", size: 1)])
        }
        #expect(try draft.stage([]).messages.isEmpty)
        // Refusals took no id; a file of the limit's size is taken.
        #expect(try draft.stage([Self.png(size: 100)]).messages[0].attachments[0].id == 1)
        // A negative size is refused wherever it is in the pick; an empty file goes out.
        #expect(throws: ComposerError.invalidArgument("file 1 (\"b.png\"): size must not be negative, not -1")) {
            _ = try draft.stage([Self.png(size: 1), Self.png("b.png", size: -1)])
        }
        let empty = try draft.stage([Self.png("empty.png", size: 0)]).messages[0].attachments[0]
        #expect(empty.id == 2 && empty.size == 0)
        // Tiles staged before the switch stay until sent or removed; a pick waits for that.
        var switched = Composer()
        _ = try switched.stage([Self.png()])
        try switched.updateConfig(json: #"{"multiple_attachments":false}"#)
        #expect(!switched.canAttach)
        #expect(throws: ComposerError.notAllowed("multiple attachments are off: send or remove the staged files first")) {
            _ = try switched.stage([Self.png()])
        }
    }

    // MARK: 8. Stickers and voice notes

    @Test func aStickerGoesOutAtOnceAsItsOwnMessage() throws {
        var draft = Composer(config: Self.config { $0.slowModeSeconds = 5 })
        draft.type("text stays")
        #expect(draft.canSendSticker)
        let message = try draft.sendSticker(Sticker(id: "s1", url: "cdn.example/s1.webp", pack: "cats"))
        #expect(JSONWriter.write(message.jsonValue) == #"{"type":"sticker","text":"","mentions":[],"attachment_kind":null,"#
            + #""attachments":[],"command":null,"args":null,"quoted_id":null,"edited_id":null,"parent_id":null,"#
            + #""sticker":{"id":"s1","url":"https://cdn.example/s1.webp","pack":"cats"},"also_send_to_channel":false}"#)
        #expect(draft.text == "text stays" && draft.cooldownRemaining == 5000)
        #expect(throws: ComposerError.notAllowed("cannot send: slow mode: wait 5 s")) { _ = try draft.sendSticker(Sticker(id: "s2", url: "https://x.y/s")) }
        try draft.tick(now: 5000)
        #expect(throws: ComposerError.self) { _ = try draft.sendSticker(Sticker(id: "s2", url: "javascript:alert(1)")) }
        #expect(throws: ComposerError.self) { _ = try draft.sendSticker(Sticker(id: "s2", url: "mailto:a@b.c")) }
        #expect(throws: ComposerError.self) { _ = try draft.sendSticker(Sticker(id: "", url: "https://x.y/s")) }
        #expect(try draft.sendSticker(Sticker(id: "s2", url: "https://x.y/s")).sticker?.pack == nil)
        try draft.beginEdit(messageID: "m1", markdown: "x", names: [:], isMedia: false)
        #expect(try !draft.canSendSticker && JSONParser.parse(draft.uiState.json).member("sticker_available") == .bool(false))
        #expect(throws: ComposerError.notAllowed("stickers are unavailable while editing")) {
            _ = try draft.sendSticker(Sticker(id: "s3", url: "https://x.y/s"))
        }
        var off = Composer(config: Self.config { $0.stickersEnabled = false })
        #expect(!off.canSendSticker)
        #expect(throws: ComposerError.notAllowed("stickers are disabled")) { _ = try off.sendSticker(Sticker(id: "s", url: "https://x.y")) }
    }

    @Test func aVoiceNoteNeedsAnAudioType() throws {
        var draft = Composer()
        #expect(throws: ComposerError.invalidArgument("a voice note needs an audio MIME type (audio/*), not \"image/png\"")) {
            _ = try draft.voiceNote(name: "v.png", mimeType: "image/png", size: 1, remote: "r")
        }
        #expect(throws: ComposerError.invalidArgument("a voice note needs an audio MIME type (audio/*), not \"application/octet-stream\"")) {
            _ = try draft.voiceNote(name: "recording", mimeType: "", size: 1, remote: "r")
        }
        #expect(try draft.voiceNote(name: "v.ogg", mimeType: "", size: 1, remote: "r").attachments[0].mimeType == "audio/ogg")
        #expect(try draft.voiceNote(name: "v", mimeType: "Audio/Webm; codecs=opus", size: 1, remote: "r").attachments[0].mimeType == "audio/webm")
    }

    // MARK: 9. Media metadata

    @Test func pickedFilesCarryMediaMetadataOntoTheMessage() throws {
        let files = try PickedFile.list(fromJSON: #"[{"name":"v.mp4","mime":"video/mp4","size":9,"width":1920,"height":1080,"#
            + #""duration":12.5,"extra":{"thumb":"t.jpg","n":[1,2]}},{"name":"f.pdf","size":1,"width":null,"extra":null}]"#)
        #expect(files[0].metadata == MediaMetadata(width: 1920, height: 1080, duration: 12.5,
                                                   extra: .object([("thumb", .string("t.jpg")), ("n", .array([.integer(1), .integer(2)]))])))
        #expect(files[1].metadata == MediaMetadata())
        var draft = Composer()
        let ids = try draft.stage(files).staged
        for id in ids {
            try draft.applyUpload(.start, to: id)
            try draft.applyUpload(.complete(remote: "r\(id)"), to: id)
        }
        let json = try draft.send(now: 0).map { JSONWriter.write($0.jsonValue) }
        #expect(json[0].contains(#""ref":"","width":1920,"height":1080,"duration":12.5,"extra":{"thumb":"t.jpg","n":[1,2]}}"#))
        #expect(json[1].contains(#""ref":"","width":null,"height":null,"duration":null,"extra":null}"#))
    }

    @Test(arguments: [
        (#"[{"name":"a","size":1,"width":0}]"#, #"files_json[0]: "width" must be an integer in 1...1000000 or null, not 0"#),
        (#"[{"name":"a","size":1,"height":1000001}]"#, #"files_json[0]: "height" must be an integer in 1...1000000 or null, not 1000001"#),
        (#"[{"name":"a","size":1,"width":1.5}]"#, #"files_json[0]: "width" must be an integer in 1...1000000 or null, not 1.5"#),
        (#"[{"name":"a","size":1,"duration":-0.5}]"#, #"files_json[0]: "duration" must be a number of seconds, at least 0, or null, not -0.5"#),
        (#"[{"name":"a","size":1,"duration":"3s"}]"#, #"files_json[0]: "duration" must be a number of seconds, at least 0, or null, not "3s""#),
        (#"[{"name":"a","size":1,"extra":"x"}]"#, #"files_json[0]: "extra" must be a JSON object or null, not string"#),
        (#"[{"name":"a","size":1,"metadata":{}}]"#, #"files_json[0]: unknown key "metadata""#),
        (#"{"name":"a","size":1}"#, #"files_json must be a JSON array of {"name", "mime", "size", "ref"}"#),
    ])
    func badMediaMetadataIsRefused(_ json: String, _ message: String) {
        #expect(throws: ComposerError.invalidArgument(message)) { _ = try PickedFile.list(fromJSON: json) }
    }

    /// `extra` nested `levels` deep: objects around an empty one.
    private static func pick(extraLevels levels: Int) -> String {
        #"[{"name":"a.png","size":1,"extra":"# + String(repeating: #"{"k":"#, count: levels - 1) + "{}"
            + String(repeating: "}", count: levels - 1) + "}]"
    }

    @Test func theDeepestExtraAPickMayStageStillRestoresFromASnapshotOfAnEdit() throws {
        let deepest = MediaMetadata.maxExtraDepth
        #expect(throws: ComposerError.invalidArgument(#"files_json[0]: "extra" nests \#(deepest + 1) levels; the limit is \#(deepest)"#)) {
            _ = try PickedFile.list(fromJSON: Self.pick(extraLevels: deepest + 1))
        }
        var draft = Composer()
        _ = try draft.stage(try PickedFile.list(fromJSON: Self.pick(extraLevels: deepest)))
        // An edit puts the draft aside, tray and all: its tiles are written deepest.
        try draft.beginEdit(messageID: "m1", markdown: "first", names: [:], isMedia: false)
        let snapshot = draft.snapshotJSON
        var restored = Composer()
        try restored.restore(snapshotJSON: snapshot)
        restored.cancelMode()
        #expect(restored.tray.tiles.first?.metadata.extra?.depth == deepest)
    }

    // MARK: 10. Also send to channel

    @Test func aThreadReplyCanAlsoGoToTheChannelOnce() throws {
        var draft = Composer()
        #expect(throws: ComposerError.notAllowed("only a thread reply can also go to the channel: set a thread parent first")) {
            try draft.setAlsoSendToChannel(true)
        }
        try draft.setThreadParent("t1")
        var seen = draft.observation
        try draft.setAlsoSendToChannel(true)
        #expect(Self.events(&draft, since: &seen) == [UIEvent(kind: .thread, payload: #"{"parent_id":"t1","also_send_to_channel":true}"#)])
        #expect(try JSONParser.parse(draft.uiState.json).member("also_send_to_channel") == .bool(true))
        draft.type("to both")
        let sent = try draft.send(now: 0)
        #expect(sent[0].alsoSendToChannel && sent[0].parentID == "t1")
        #expect(!draft.alsoSendToChannel)  // reset after the send
        draft.type("thread only")
        #expect(try !draft.send(now: 0)[0].alsoSendToChannel)
        // An edit neither carries nor resets it; another thread resets it.
        try draft.setAlsoSendToChannel(true)
        try draft.beginEdit(messageID: "m1", markdown: "x", names: [:], isMedia: false)
        #expect(try !draft.send(now: 0)[0].alsoSendToChannel)
        #expect(draft.alsoSendToChannel)
        try draft.setThreadParent("t2")
        #expect(!draft.alsoSendToChannel)
        // A message that goes out at once (a sticker) carries it and resets it too.
        try draft.setAlsoSendToChannel(true)
        let sticker = try draft.sendSticker(Sticker(id: "s1", url: "https://x.y/s"))
        #expect(sticker.alsoSendToChannel && sticker.parentID == "t2")
        #expect(!draft.alsoSendToChannel)
        // It survives a snapshot.
        try draft.setAlsoSendToChannel(true)
        var restored = Composer()
        try restored.restore(snapshotJSON: draft.snapshotJSON)
        #expect(restored.alsoSendToChannel && restored.threadParentID == "t2")
    }
}
