import Testing
@testable import ComposerCore

/// A host hearing a composer the way the C layer delivers to its listener
/// (Sources/ComposerCAPI/Listener.swift): after each call the composer settles, then hands over the
/// events since the previous delivery. Each event reads "<kind name> <payload>".
struct Listening {
    var draft: Composer
    var seen: UIObservation

    /// Starts listening to `draft` as it is now: what happened before is not heard.
    init(_ draft: Composer) {
        var draft = draft
        draft.discardChanges()
        seen = draft.observation
        self.draft = draft
    }

    /// One call on the draft (a batch is one call: the C layer delivers at its outermost commit),
    /// and what the host hears after it.
    @discardableResult
    mutating func call(_ body: (inout Composer) throws -> Void) rethrows -> [String] {
        try body(&draft)
        return heard()
    }

    /// Types `text` as a keyboard does: one call per scalar; everything heard, in order.
    @discardableResult
    mutating func type(_ text: String) -> [String] {
        text.unicodeScalars.flatMap { scalar in call { $0.insert(String(scalar)) } }
    }

    /// What the host hears now (after a refused call too: it may have raised the banner).
    mutating func heard() -> [String] {
        draft.settle()
        let (events, now) = draft.takeEvents(since: seen)
        seen = now
        return events.map { "\($0.kind.name) \($0.payload)" }
    }
}

/// The event names of `heard`, in order.
func eventNames(_ heard: [String]) -> [String] {
    heard.map { String($0.prefix(while: { $0 != " " })) }
}

/// The events a composer reports for each kind of change (docs/events.md): which ones, in which
/// order, with which payloads, and none for a part that did not change.
@Suite struct ComposerEventTests {
    static func config(_ edit: (inout DraftConfig) -> Void) -> DraftConfig {
        var c = DraftConfig()
        edit(&c)
        return c
    }

    static func files(_ json: String) throws -> [PickedFile] { try PickedFile.list(fromJSON: json) }
    static let twoPNGs = #"[{"name":"a.png","size":10},{"name":"b.png","size":20}]"#

    /// One tile of the tray payload (as `AttachmentTray.json` writes it).
    static func tile(_ id: Int, _ name: String, _ size: Int, _ state: String = "queued", progress: String = "0.0",
                     error: String = "null", retryable: Bool = false, remote: String = "null") -> String {
        #"{"id":\#(id),"kind":"image","name":"\#(name)","mime":"image/png","size":\#(size),"state":"\#(state)","#
            + #""progress":\#(progress),"error":\#(error),"retryable":\#(retryable),"remote":\#(remote)}"#
    }

    static let empty = #"send_state {"can_send":false,"reason":"empty"}"#
    static let sendable = #"send_state {"can_send":true,"reason":null}"#

    @Test func typingAWordThenFormattingIt() throws {
        var host = Listening(Composer())
        // Plain text typed at the end of a plain line: the host's span rule formats it, no formatting event.
        #expect(host.type("H") == [#"text {"start":0,"end":0,"text":"H","length":1}"#, "selection [1,1]", Self.sendable,
                                   #"typing {"typing":true}"#])
        #expect(host.type("i") == [#"text {"start":1,"end":1,"text":"i","length":2}"#, "selection [2,2]"])
        // Formatting a word: no text event, the range to read again, the toolbar.
        #expect(try host.call { try $0.editor.format(.apply, .bold, start: 0, end: 2) }
            == [#"formatting {"start":0,"end":2}"#, #"formats {"formats":["bold"],"link":null,"color":null}"#])
        #expect(host.call { _ = $0.editor.selectAll() } == ["selection [0,2]"])
    }

    /// Offsets count scalars: a thumbs-up with a skin tone is one grapheme of two scalars. A deletion
    /// needs no formatting event; a replacement's formatting range covers what it inserted.
    @Test func textEventsNameTheReplacedRangeInScalars() throws {
        var draft = Composer()
        draft.insert("ab\u{1F44D}\u{1F3FD}c")  // typing is on
        try draft.editor.format(.apply, .bold, start: 0, end: 2)
        _ = draft.editor.setSelection(anchor: 4, focus: 4)
        var host = Listening(draft)
        #expect(host.call { $0.deleteBackward() } == [#"text {"start":2,"end":4,"text":"","length":3}"#, "selection [2,2]",
                                                    #"formats {"formats":["bold"],"link":null,"color":null}"#])
        #expect(try host.call { try $0.replace(1, 2, with: "XY") }
            == [#"text {"start":1,"end":2,"text":"XY","length":4}"#, #"formatting {"start":1,"end":3}"#, "selection [3,3]"])
        // Typing and deleting back inside a batch changes nothing: no event at all.
        #expect(try host.call { d in
            d.editor.beginBatch()
            d.insert("q")
            d.deleteBackward()
            try d.editor.commitBatch()
        } == [])
        // A line break is formatted with its line; a block format changes the formatting of whole lines.
        #expect(host.call { $0.enter() } == [#"text {"start":3,"end":3,"text":"\n","length":5}"#,
                                             #"formatting {"start":3,"end":4}"#, "selection [4,4]"])
        #expect(try host.call { try $0.editor.format(.apply, .quote, start: 0, end: 0) } == [#"formatting {"start":0,"end":4}"#])
        draft = host.draft
        #expect(draft.document.json == #"{"text":"aXY\nc","spans":[{"start":0,"end":3,"format":"bold"},{"start":0,"end":3,"format":"quote"}]}"#)
    }

    @Test func typingStopsAfterFiveIdleSecondsOnSendAndOnClear() throws {
        var host = Listening(Composer())
        try host.call { try $0.tick(now: 1000) }
        #expect(eventNames(host.type("a")).filter { $0 == "typing" }.count == 1)
        #expect(try host.call { try $0.tick(now: 5999) } == [])
        #expect(try host.call { try $0.tick(now: 6000) } == [#"typing {"typing":false}"#])  // 5000 ms after the last edit
        #expect(try JSONParser.parse(host.draft.uiState.json).member("typing") == .bool(false))
        #expect(try host.call { try $0.tick(now: 60_000) } == [])
        // Each edit restarts the idle time; typing starts once.
        #expect(eventNames(host.type("b")) == ["text", "selection", "typing"])
        try host.call { try $0.tick(now: 63_000) }
        #expect(eventNames(host.type("c")) == ["text", "selection"])
        #expect(try host.call { try $0.tick(now: 67_999) } == [])
        #expect(try host.call { try $0.tick(now: 68_000) } == [#"typing {"typing":false}"#])
        // Sending stops typing.
        host.type("d")
        #expect(try host.call { _ = try $0.send(now: 68_001) }
            == [#"text {"start":0,"end":4,"text":"","length":0}"#, #"formatting {"start":0,"end":0}"#, "selection [0,0]",
                Self.empty, #"typing {"typing":false}"#])
        // So does clearing; clearing while not typing says nothing about typing.
        host.type("e")
        #expect(host.call { $0.clear() }
            == [#"text {"start":0,"end":1,"text":"","length":0}"#, #"formatting {"start":0,"end":0}"#, "selection [0,0]",
                Self.empty, #"typing {"typing":false}"#])
        host.type("f")
        try host.call { try $0.tick(now: 80_000) }
        #expect(!eventNames(host.call { $0.clear() }).contains("typing"))
    }

    @Test func sendStateOnlyWhenSendabilityOrItsReasonChanges() throws {
        var draft = Composer(config: Self.config { $0.slowModeSeconds = 10; $0.maxLength = 3 })
        draft.type("x")
        _ = try draft.send(now: 0)
        var host = Listening(draft)
        #expect(host.type("a") == [#"text {"start":0,"end":0,"text":"a","length":1}"#, "selection [1,1]",
                                   #"send_state {"can_send":false,"reason":"cooldown"}"#, #"typing {"typing":true}"#])
        // The cooldown counting down is not a new send state.
        #expect(try host.call { try $0.tick(now: 1000) } == [])
        #expect(try host.call { try $0.tick(now: 2000) } == [])
        #expect(try host.call { try $0.tick(now: 10_000) } == [Self.sendable, #"typing {"typing":false}"#])
        // Nor is a message growing while it is already too long.
        #expect(host.type("bcd").filter { $0.hasPrefix("send_state") } == [#"send_state {"can_send":false,"reason":"too_long"}"#])
        #expect(!eventNames(host.type("e")).contains("send_state"))
    }

    @Test func restoringASnapshotStopsTyping() throws {
        let snapshot = Composer().snapshotJSON
        var host = Listening(Composer())
        host.type("abc")
        #expect(try host.call { try $0.restore(snapshotJSON: snapshot) }
            == [#"text {"start":0,"end":3,"text":"","length":0}"#, #"formatting {"start":0,"end":0}"#, "selection [0,0]",
                Self.empty, #"typing {"typing":false}"#])
        #expect(!host.draft.isTyping)
    }

    @Test func noTypingEventsWhenTheyAreOff() throws {
        var host = Listening(Composer(config: Self.config { $0.typingEvents = false }))
        var heard = host.type("hello")
        #expect(try JSONParser.parse(host.draft.uiState.json).member("typing") == .bool(false))
        heard += try host.call { try $0.tick(now: 10_000) }
        heard += try host.call { try $0.insertMentionAtQuery(uid: "u1", name: "Ann") }
        heard += try host.call { _ = try $0.send(now: 10_000) }
        heard += host.type("x")
        heard += host.call { $0.clear() }
        #expect(!eventNames(heard).contains("typing"))
        #expect(eventNames(heard).contains("text"))
    }

    /// A batch (nested too) is one coalesced set: one event per kind, describing the whole batch.
    @Test func aBatchIsOneCoalescedSet() throws {
        var host = Listening(Composer())
        #expect(try host.call { d in
            d.editor.beginBatch()
            d.insert("a")
            d.insert("b")
            d.editor.beginBatch()
            d.insert("c")
            try d.editor.format(.apply, .italic, start: 0, end: 3)
            try d.editor.commitBatch()
            d.insert(" @x")
            _ = try d.stage(Self.files(Self.twoPNGs))
            try d.editor.commitBatch()
        } == [
            #"text {"start":0,"end":0,"text":"abc @x","length":6}"#,
            #"formatting {"start":0,"end":6}"#,
            "selection [6,6]",
            #"formats {"formats":["italic"],"link":null,"color":null}"#,
            #"send_state {"can_send":false,"reason":"uploads_pending"}"#,
            "tray [\(Self.tile(1, "a.png", 10)),\(Self.tile(2, "b.png", 20))]",
            #"mention_query {"query":"x","start":4,"end":6}"#,
            #"typing {"typing":true}"#,
        ])
        // A batch that changes nothing is heard as nothing, nor is one that moves the caret and back.
        #expect(try host.call { d in
            d.editor.beginBatch()
            try d.editor.commitBatch()
        } == [])
        #expect(try host.call { d in
            d.editor.beginBatch()
            _ = d.editor.setSelection(anchor: 0, focus: 0)
            _ = d.editor.setSelection(anchor: 6, focus: 6)
            try d.editor.commitBatch()
        } == [])
    }

    /// Each part has its event only when it changed: a call that changes nothing is heard as nothing.
    @Test func aCallThatChangesNothingIsHeardAsNothing() throws {
        var draft = try Composer.make("plain bold", spans: #"[{"start":6,"end":10,"format":"bold"}]"#, selection: (7, 7))
        try draft.setThreadParent("t1")
        draft.insert("o")  // typing is on
        _ = try draft.stage(Self.files(Self.twoPNGs))
        try draft.applyUpload(.progress(0.5), to: 1)
        var host = Listening(draft)
        let calls: [(String, (inout Composer) throws -> Void)] = [
            ("the same selection", { _ = $0.editor.setSelection(anchor: 8, focus: 8) }),
            ("no mode to cancel", { $0.cancelMode() }),
            ("the same thread", { try $0.setThreadParent("t1") }),
            ("no banner to dismiss", { $0.dismissBanner() }),
            ("no command to clear", { $0.clearCommand() }),
            ("an empty config update", { try $0.updateConfig(json: "{}") }),
            ("a config update to the values it has", { try $0.updateConfig(json: #"{"mention_limit":10,"trim":true}"#) }),
            ("the same clock", { try $0.tick(now: 0) }),
            ("the same upload progress", { try $0.applyUpload(.progress(0.5), to: 1) }),
            ("typing and deleting it in a batch", { d in
                d.editor.beginBatch()
                d.insert("z")
                d.deleteBackward()
                try d.editor.commitBatch()
            }),
        ]
        for (what, call) in calls {
            #expect(try host.call(call) == [], "\(what)")
        }
        // Moving the caret inside the bold word changes the selection, not the active formats.
        #expect(host.call { _ = $0.editor.setSelection(anchor: 9, focus: 9) } == ["selection [9,9]"])
    }

    @Test func removingAnUploadingAttachmentCancelsItsUpload() throws {
        var host = Listening(Composer())
        try host.call { d in
            _ = try d.stage(Self.files(Self.twoPNGs))
            try d.applyUpload(.start, to: 1)
            try d.applyUpload(.progress(0.5), to: 1)
        }
        #expect(try host.call { try $0.removeAttachment(1) } == ["tray [\(Self.tile(2, "b.png", 20))]", #"cancel_upload {"id":1}"#])
        // A queued tile was not uploading: removing it cancels nothing.
        #expect(try host.call { try $0.removeAttachment(2) } == [Self.empty, "tray []"])
        // Uploaded, failed and error tiles: nothing to cancel either.
        try host.call { d in
            _ = try d.stage(Self.files(#"[{"name":"c.png","size":1},{"name":"d.png","size":1},{"name":"e.png","size":1}]"#))
            try d.applyUpload(.start, to: 3)
            try d.applyUpload(.complete(remote: "r3"), to: 3)
            try d.applyUpload(.start, to: 4)
            try d.applyUpload(.fail(message: "net"), to: 4)
            try d.refuseAttachmentType(5)
        }
        for id: UInt64 in [3, 4, 5] {
            #expect(try !eventNames(host.call { try $0.removeAttachment(id) }).contains("cancel_upload"))
        }
        // Clearing, or setting a command, cancels every running upload. The text was empty already
        // (no block): it is left alone, no text or formatting event.
        try host.call { d in
            _ = try d.stage(Self.files(Self.twoPNGs))  // ids 6 and 7
            try d.applyUpload(.start, to: 6)
            try d.applyUpload(.start, to: 7)
        }
        #expect(host.call { $0.clear() } == [Self.empty, "tray []", #"cancel_upload {"id":6}"#, #"cancel_upload {"id":7}"#])
        try host.call { d in
            _ = try d.stage(Self.files(Self.twoPNGs))  // ids 8 and 9
            try d.applyUpload(.start, to: 9)
        }
        let command = try host.call { try $0.setCommand(name: "giphy", args: nil) }
        #expect(command.filter { $0.hasPrefix("cancel_upload") } == [#"cancel_upload {"id":9}"#])
        #expect(command.filter { $0.hasPrefix("tray") } == ["tray []"])
    }

    /// Restoring a snapshot replaces the tray: uploads running in the replaced tray are cancelled.
    @Test func restoreCancelsTheUploadsItReplaces() throws {
        let empty = Composer().snapshotJSON
        var draft = Composer()
        _ = try draft.stage(Self.files(#"[{"name":"a.png","size":1},{"name":"b.png","size":1},{"name":"c.png","size":1}]"#))
        try draft.applyUpload(.start, to: 1)
        try draft.applyUpload(.start, to: 3)
        var host = Listening(draft)
        // Tile 2 was only queued: nothing to cancel. The text was empty and stays empty.
        #expect(try host.call { try $0.restore(snapshotJSON: empty) }
            == [#"formatting {"start":0,"end":0}"#, Self.empty, "tray []", #"cancel_upload {"id":1}"#, #"cancel_upload {"id":3}"#])

        // A snapshot taken mid-upload: the upload comes back interrupted, and the running one is cancelled.
        var uploading = Composer()
        _ = try uploading.stage(Self.files(#"[{"name":"a.png","size":1}]"#))
        try uploading.applyUpload(.start, to: 1)
        let mid = uploading.snapshotJSON
        host = Listening(uploading)
        #expect(try host.call { try $0.restore(snapshotJSON: mid) }
            == [#"formatting {"start":0,"end":0}"#, #"send_state {"can_send":false,"reason":"failed_uploads"}"#,
                "tray [\(Self.tile(1, "a.png", 1, "failed", progress: "null", error: #""Upload interrupted.""#, retryable: true))]",
                #"cancel_upload {"id":1}"#])
    }

    /// An edit puts the tray aside and its cancel brings it back: heard only when the tray shown
    /// changes, so not with an empty tray.
    @Test func anEditAndItsCancelAreHeardWithTheTrayOnlyWhenItHasTiles() throws {
        var draft = Composer()
        _ = try draft.stage(Self.files(#"[{"name":"a.png","size":1}]"#))
        try draft.removeAttachment(1)  // the tray is empty again
        var host = Listening(draft)
        #expect(try host.call { try $0.beginEdit(messageID: "m-1", markdown: "old", names: [:], isMedia: false) }
            == [#"text {"start":0,"end":0,"text":"old","length":3}"#, #"formatting {"start":0,"end":3}"#, "selection [3,3]",
                Self.sendable, #"mode {"kind":"edit","message_id":"m-1","media":false}"#])
        #expect(host.call { $0.cancelMode() }
            == [#"text {"start":0,"end":3,"text":"","length":0}"#, #"formatting {"start":0,"end":0}"#, "selection [0,0]",
                Self.empty, #"mode {"kind":"new"}"#])
        try host.call { _ = try $0.stage(Self.files(#"[{"name":"b.png","size":1}]"#)) }
        let edit = try host.call { try $0.beginEdit(messageID: "m-1", markdown: "old", names: [:], isMedia: false) }
        #expect(edit.filter { $0.hasPrefix("tray") } == ["tray []"])
        let cancel = host.call { $0.cancelMode() }
        #expect(cancel.filter { $0.hasPrefix("tray") } == ["tray [\(Self.tile(2, "b.png", 1))]"])
    }

    @Test func modeAndThreadEvents() throws {
        var host = Listening(Composer())
        #expect(try host.call { try $0.beginReply(messageID: "m-1", sender: "Ann", markdown: "*hi*", names: [:]) }
            == [#"mode {"kind":"reply","message_id":"m-1","preview":{"sender":"Ann","snippet":"hi"}}"#])
        #expect(host.call { $0.cancelMode() } == [#"mode {"kind":"new"}"#])
        #expect(host.call { $0.cancelMode() } == [])
        // The thread, and whether a reply also goes to the channel.
        #expect(try host.call { try $0.setThreadParent("t") } == [#"thread {"parent_id":"t","also_send_to_channel":false}"#])
        #expect(try host.call { try $0.setAlsoSendToChannel(true) } == [#"thread {"parent_id":"t","also_send_to_channel":true}"#])
        #expect(try host.call { try $0.setThreadParent("t") } == [])
        // An edit: its text and its mode; cancelling it brings the draft's text back.
        #expect(try host.call { try $0.beginEdit(messageID: "m-2", markdown: "old", names: [:], isMedia: false) }
            == [#"text {"start":0,"end":0,"text":"old","length":3}"#, #"formatting {"start":0,"end":3}"#, "selection [3,3]",
                Self.sendable, #"mode {"kind":"edit","message_id":"m-2","media":false}"#])
        #expect(host.call { $0.cancelMode() }
            == [#"text {"start":0,"end":3,"text":"","length":0}"#, #"formatting {"start":0,"end":0}"#, "selection [0,0]",
                Self.empty, #"mode {"kind":"new"}"#])
    }

    /// Tray and banner events of a pick over the limit and its upload; then a mention query that
    /// opens, changes and ends; then the send, which clears the banner and the tray and resets
    /// "also send to channel".
    @Test func trayBannerMentionQueryAndSendEvents() throws {
        var draft = Composer(config: Self.config { $0.maxFiles = 1 })
        try draft.setThreadParent("t")
        try draft.setAlsoSendToChannel(true)
        var host = Listening(draft)
        #expect(try host.call { _ = try $0.stage(Self.files(Self.twoPNGs)) }
            == [#"send_state {"can_send":false,"reason":"uploads_pending"}"#, "tray [\(Self.tile(1, "a.png", 10))]",
                #"banner "You can attach up to 1 file.""#])
        #expect(try host.call { try $0.applyUpload(.start, to: 1) } == ["tray [\(Self.tile(1, "a.png", 10, "uploading"))]"])
        #expect(try host.call { try $0.applyUpload(.complete(remote: "https://cdn/a"), to: 1) }
            == [Self.sendable, "tray [\(Self.tile(1, "a.png", 10, "uploaded", progress: "1.0", remote: #""https://cdn/a""#))]"])
        #expect(eventNames(host.type("@")) == ["text", "selection", "mention_query", "typing"])
        #expect(host.type("b") == [#"text {"start":1,"end":1,"text":"b","length":2}"#, "selection [2,2]",
                                   #"mention_query {"query":"b","start":0,"end":2}"#])
        #expect(try host.call { try $0.insertMentionAtQuery(uid: "u1", name: "Bo") }
            == [#"text {"start":0,"end":2,"text":"@Bo ","length":4}"#, #"formatting {"start":0,"end":4}"#, "selection [4,4]",
                "mention_query null"])
        #expect(try host.call { _ = try $0.send(now: 0) }
            == [#"text {"start":0,"end":4,"text":"","length":0}"#, #"formatting {"start":0,"end":0}"#, "selection [0,0]",
                Self.empty, "tray []", #"typing {"typing":false}"#, "banner null",
                #"thread {"parent_id":"t","also_send_to_channel":false}"#])
    }

    /// A command query opens and changes as the name is typed; setting the command clears the text
    /// and is heard as a mode change (the command is part of the mode the UI shows), and so is
    /// clearing it.
    @Test func commandQueryAndCommandEvents() throws {
        var host = Listening(Composer())
        #expect(host.type("/") == [#"text {"start":0,"end":0,"text":"/","length":1}"#, "selection [1,1]", Self.sendable,
                                   #"command_query {"query":"","start":0,"end":1}"#, #"typing {"typing":true}"#])
        #expect(host.type("g") == [#"text {"start":1,"end":1,"text":"g","length":2}"#, "selection [2,2]",
                                   #"command_query {"query":"g","start":0,"end":2}"#])
        #expect(try host.call { try $0.setCommand(name: "giphy", args: nil) }
            == [#"text {"start":0,"end":2,"text":"","length":0}"#, #"formatting {"start":0,"end":0}"#, "selection [0,0]",
                "command_query null", #"mode {"kind":"new"}"#])
        #expect(host.call { $0.clearCommand() } == [Self.empty, #"mode {"kind":"new"}"#])
    }

    /// The payload of the error event the C layer sends for a refused call: the message is
    /// JSON-escaped.
    @Test func aRefusalPayloadNamesTheFunctionStatusAndMessage() {
        let event = UIEvent.refusal(function: "mc_draft_begin_edit", status: -1,
                                    message: #"mc_draft_begin_edit: mentions_json must be a JSON object {"uid": "name"}"#)
        #expect(event.kind == .error)
        #expect(event.payload == #"{"function":"mc_draft_begin_edit","status":-1,"message":"mc_draft_begin_edit: mentions_json must be a JSON object {\"uid\": \"name\"}"}"#)
    }

    @Test func uiStateAndEventsDescribeChanges() throws {
        var draft = Composer()
        let before = draft.observation
        draft.type("@b")
        let (events, _) = draft.takeEvents(since: before)
        #expect(events.map(\.kind) == [.text, .formatting, .selection, .sendState, .mentionQuery, .typing])
        #expect(events[0].payload == #"{"start":0,"end":0,"text":"@b","length":2}"#)
        #expect(try JSONParser.parse(draft.uiState.json).member("can_send") == .bool(true))
    }

    @Test func textEventsReportTheReplacedRangeOnly() throws {
        var draft = try Composer.make("hello world", selection: (5, 5))
        var seen = draft.observation
        draft.discardChanges()
        func take() -> [UIEvent] {
            let (events, now) = draft.takeEvents(since: seen)
            seen = now
            return events
        }
        draft.insert(",")
        #expect(take().first == UIEvent(kind: .text, payload: #"{"start":5,"end":5,"text":",","length":12}"#))
        try draft.editor.format(.apply, .bold, start: 0, end: 5)
        #expect(take() == [UIEvent(kind: .formatting, payload: #"{"start":0,"end":5}"#)])
        draft.deleteBackward()
        #expect(take().first == UIEvent(kind: .text, payload: #"{"start":5,"end":6,"text":"","length":11}"#))
        // A batch that types and deletes again reports no text.
        draft.editor.beginBatch()
        draft.insert("x")
        draft.deleteBackward()
        try draft.editor.commitBatch()
        #expect(!take().contains { $0.kind == .text })
    }
}

/// A host copy of the text and spans kept from the text and formatting events alone (reading
/// `spans(in:)` for each formatting range) equals the document after every step of random sessions.
@Suite struct EventMirrorTests {
    struct Mirror {
        var text: [Unicode.Scalar] = []
        var spans: [Span] = []

        /// Old `[start, end)` became `inserted`: spans after it shift, spans across it stretch or
        /// shrink; the formatting event that follows repairs the rest.
        mutating func replace(_ start: Int, _ end: Int, with inserted: [Unicode.Scalar]) {
            let delta = inserted.count - (end - start)
            text.replaceSubrange(start..<end, with: inserted)
            func map(_ p: Int) -> Int { p <= start ? p : (p >= end ? p + delta : start) }
            spans = Mirror.canonical(spans.compactMap { span in
                let a = map(span.start), b = map(span.end)
                if a == b, span.start != span.end { return nil }
                return Span(a, b, span.format)
            })
        }

        /// Reads the spans of `[start, end]` again.
        mutating func refresh(_ start: Int, _ end: Int, from document: Document) {
            var kept: [Span] = []
            for span in spans {
                if span.start == span.end {
                    if span.start < start || span.start > end { kept.append(span) }
                    continue
                }
                if span.start < start { kept.append(Span(span.start, min(span.end, start), span.format)) }
                if span.end > end { kept.append(Span(max(span.start, end), span.end, span.format)) }
            }
            spans = Mirror.canonical(kept + document.spans(in: start..<end))
        }

        /// Touching or overlapping spans of one format and value merge (mentions never do:
        /// each is its own instance); sorted canonically.
        static func canonical(_ spans: [Span]) -> [Span] {
            var sorted = spans.sorted(by: Span.canonicalOrder)
            var merged = true
            while merged {
                merged = false
                var out: [Span] = []
                for span in sorted {
                    if span.kind != .mention, let i = out.lastIndex(where: { $0.format == span.format && $0.end >= span.start && $0.start <= span.end }) {
                        out[i] = Span(min(out[i].start, span.start), max(out[i].end, span.end), span.format)
                        merged = true
                    } else {
                        out.append(span)
                    }
                }
                sorted = out.sorted(by: Span.canonicalOrder)
            }
            return sorted
        }
    }

    static func apply(_ events: [UIEvent], to mirror: inout Mirror, document: Document) throws {
        for event in events {
            guard event.kind == .text || event.kind == .formatting, case .object(let members) = try JSONParser.parse(event.payload) else { continue }
            func int(_ key: String) -> Int {
                guard case .integer(let v)? = members.first(where: { $0.key == key })?.value else { return -1 }
                return Int(v)
            }
            if event.kind == .text {
                guard case .string(let text)? = members.first(where: { $0.key == "text" })?.value else { continue }
                mirror.replace(int("start"), int("end"), with: Array(text.unicodeScalars))
            } else {
                mirror.refresh(int("start"), int("end"), from: document)
            }
        }
    }

    @Test(arguments: 0..<60)
    func mirrorFollowsRandomSessions(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 6_364_136_223 &+ 1)
        var config = DraftConfig()
        config.mentionLimit = 1000
        var draft = try Composer.notation("[quote]q\nab<b>cd</b>|<a https://e.com>ef</a>\n[bullet_list]x", config: config)
        var mirror = Mirror(text: Array(draft.text.unicodeScalars), spans: draft.document.spans)
        var seen = draft.observation
        draft.discardChanges()
        for step in 0..<120 {
            let batch = rng.next(8) == 0
            if batch { draft.editor.beginBatch() }
            var ops: [String] = []
            for _ in 0..<(batch ? 3 : 1) { ops.append(EditingPropertyTests.randomOperation(&draft.editor, &rng)) }
            if batch { try draft.editor.commitBatch() }
            let (events, now) = draft.takeEvents(since: seen)
            seen = now
            try Self.apply(events, to: &mirror, document: draft.document)
            let text = String(String.UnicodeScalarView(mirror.text))
            guard text == draft.text, mirror.spans == draft.document.spans else {
                Issue.record("seed \(seed) step \(step) after \(ops): mirror \(text.debugDescription) \(mirror.spans) != \(draft.text.debugDescription) \(draft.document.spans); events \(events)")
                return
            }
        }
    }
}
