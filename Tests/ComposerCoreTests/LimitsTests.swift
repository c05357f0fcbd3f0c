import Testing
@testable import ComposerCore

/// The engine's size limits (docs/limits.md): the deepest JSON, the longest draft. Past them a
/// call throws `limitExceeded` and changes nothing; at them it succeeds.
@Suite struct LimitsTests {
    static let limit = Limits.maxTextLength

    static func nested(_ levels: Int, open: String, close: String, inner: String = "1") -> String {
        String(repeating: open, count: levels) + inner + String(repeating: close, count: levels)
    }

    /// `body` throws `limitExceeded` with a message containing `needle`.
    static func expectLimit(_ needle: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("not refused", sourceLocation: sourceLocation)
        } catch {
            guard case .limitExceeded(let message)? = error as? ComposerError else {
                Issue.record("refused with \(error), not limitExceeded", sourceLocation: sourceLocation)
                return
            }
            #expect(message.contains(needle), "\(message)", sourceLocation: sourceLocation)
        }
    }

    // MARK: JSON depth

    @Test(arguments: [("[", "]"), ("{\"k\":", "}")])
    func jsonNestsExactlyToTheLimit(_ brackets: (String, String)) throws {
        let atLimit = Self.nested(Limits.maxJSONDepth, open: brackets.0, close: brackets.1)
        var value = try JSONParser.parse(atLimit)
        var levels = 0
        while true {
            if case .array(let items) = value, items.count == 1 { value = items[0] }
            else if case .object(let members) = value, members.count == 1 { value = members[0].value }
            else { break }
            levels += 1
        }
        #expect(levels == Limits.maxJSONDepth)
        #expect(value == .integer(1))
        let past = Self.nested(Limits.maxJSONDepth + 1, open: brackets.0, close: brackets.1)
        Self.expectLimit("nested deeper than 128 levels") { _ = try JSONParser.parse(past) }
    }

    /// 100,000 levels: refused at level 129 while parsing, without recursing further (no stack
    /// overflow), whether or not the input is complete, and wherever the JSON is read.
    @Test func jsonNestedAHundredThousandDeepIsRefusedEverywhere() {
        let inputs = [
            Self.nested(100_000, open: "[", close: "]"),
            Self.nested(100_000, open: "{\"a\":", close: "}"),
            String(repeating: "[", count: 100_000),
            "{\"text\":\"x\",\"spans\":" + Self.nested(100_000, open: "[", close: "]") + "}",
        ]
        for input in inputs {
            Self.expectLimit("deeper than 128") { _ = try JSONParser.parse(input) }
            Self.expectLimit("deeper than 128") { _ = try Document(json: input) }
            Self.expectLimit("deeper than 128") { _ = try DraftConfig(json: input) }
            Self.expectLimit("deeper than 128") { _ = try PickedFile.list(fromJSON: input) }
            Self.expectLimit("deeper than 128") { _ = try MentionNames.read(json: input) }
            var draft = Composer()
            Self.expectLimit("deeper than 128") { try draft.restore(snapshotJSON: input) }
        }
    }

    /// Duplicate keys are found however many members an object has (the check is a set, not a
    /// scan per key).
    @Test func manyKeysParseAndADuplicateAmongThemIsFound() throws {
        let keys = (0..<50_000).map { "\"k\($0)\":\($0)" }
        guard case .object(let members) = try JSONParser.parse("{" + keys.joined(separator: ",") + "}") else {
            Issue.record("not an object")
            return
        }
        #expect(members.count == 50_000)
        #expect(members.last?.value == .integer(49_999))
        let duplicate = "{" + keys.joined(separator: ",") + ",\"k7\""
        #expect(throws: ComposerError.invalidJSON("duplicate key \"k7\" at byte \(duplicate.utf8.count)")) {
            try JSONParser.parse(duplicate + ":0}")
        }
    }

    // MARK: the longest draft

    static func text(_ length: Int) -> String { String(repeating: "a", count: length) }

    static func atLimit() throws -> Composer {
        try Composer.make(text(limit), selection: (limit, limit))
    }

    @Test func documentJSONHoldsUpToTheLimit() throws {
        #expect(try Document(json: #"{"text":""# + Self.text(Self.limit) + #""}"#).count == Self.limit)
        #expect(throws: ComposerError.limitExceeded("the document's text would be 2097153 characters long; the limit is 2097152")) {
            try Document(json: #"{"text":""# + Self.text(Self.limit + 1) + #""}"#)
        }
    }

    @Test func replacingPastTheLimitIsRefusedAndChangesNothing() throws {
        var draft = try Self.atLimit()
        let before = draft.snapshotJSON
        #expect(throws: ComposerError.limitExceeded("the text would be 2097153 characters long; the limit is 2097152")) {
            try draft.replace(0, 0, with: "b")
        }
        #expect(throws: ComposerError.self) { try draft.replace(0, 1, with: "bc") }
        #expect(draft.snapshotJSON == before)
        #expect(!draft.editor.canUndo)
        try draft.replace(0, 1, with: "b")  // as long as before: allowed
        try draft.replace(0, 2, with: "\r\n")  // one line break replacing two
        #expect(draft.length == Self.limit - 1)
        try draft.replace(0, 0, with: "c")  // back to the limit exactly
        #expect(draft.length == Self.limit)
    }

    @Test func typingAndEnterAtTheLimitAreRefused() throws {
        let draft = try Self.atLimit()
        #expect(throws: ComposerError.self) { try draft.editor.checkRoom(toInsert: "x") }
        #expect(throws: ComposerError.self) { try draft.editor.checkRoomForEnter() }
        try draft.editor.checkRoom(toInsert: "")
        var selected = draft
        selected.editor.setSelection(anchor: 0, focus: 2)
        try selected.editor.checkRoom(toInsert: "xy")
        try selected.editor.checkRoom(toInsert: "x\r\n")  // "\r\n" is one line break
        #expect(throws: ComposerError.self) { try selected.editor.checkRoom(toInsert: "xyz") }
        try selected.editor.checkRoomForEnter()
        let shorter = try Composer.make(Self.text(Self.limit - 2))
        try shorter.editor.checkRoom(toInsert: "xy")
        #expect(throws: ComposerError.self) { try shorter.editor.checkRoom(toInsert: "x\ny") }
    }

    @Test func linksAndMentionsPastTheLimitAreRefusedWithoutABanner() throws {
        var draft = try Composer.make(Self.text(Self.limit - 5), selection: (Self.limit - 5, Self.limit - 5))
        let before = draft.snapshotJSON
        #expect(throws: ComposerError.self) { try draft.editor.insertLink(text: "sixsix", url: "https://a.io") }
        // "@" + name + " ": 6 scalars.
        #expect(throws: ComposerError.limitExceeded("the text would be 2097153 characters long; the limit is 2097152")) {
            try draft.insertMention(uid: "u1", name: "Four")
        }
        #expect(draft.snapshotJSON == before)
        #expect(draft.infoBanner == nil)
        try draft.editor.insertLink(text: "five5", url: "https://a.io")
        #expect(draft.length == Self.limit)
        draft.editor.setSelection(anchor: 0, focus: 6)
        try draft.insertMention(uid: "u1", name: "Four")
        #expect(draft.length == Self.limit)
    }

    @Test func loadsEditsAndRestoresPastTheLimitAreRefused() throws {
        let draft = Composer()
        try draft.editor.checkRoom(toLoad: MarkdownParser.parse(Self.text(Self.limit)))
        #expect(throws: ComposerError.limitExceeded("the loaded text would be 2097153 characters long; the limit is 2097152")) {
            try draft.editor.checkRoom(toLoad: MarkdownParser.parse(Self.text(Self.limit + 1)))
        }
        var editing = try Composer.make("kept")
        let before = editing.snapshotJSON
        #expect(throws: ComposerError.self) {
            try editing.beginEdit(messageID: "m1", markdown: Self.text(Self.limit + 1), names: [:], isMedia: false)
        }
        #expect(editing.snapshotJSON == before)
        #expect(editing.mode == .new)

        // A snapshot whose text, or whose put-aside draft's text, is too long.
        try editing.beginEdit(messageID: "m1", markdown: "edited", names: [:], isMedia: false)
        let snapshot = editing.snapshotJSON
        let long = #"{"text":""# + Self.text(Self.limit + 1) + #"","spans":[]}"#
        for (old, new) in [(#"{"text":"edited","spans":[]}"#, long), (#"{"text":"kept","spans":[]}"#, long)] {
            let tooLong = snapshot.replacing(old, with: new, maxReplacements: 1)
            #expect(tooLong != snapshot)
            var target = try Composer.make("other")
            let untouched = target.snapshotJSON
            Self.expectLimit("2097153") { try target.restore(snapshotJSON: tooLong) }
            #expect(target.snapshotJSON == untouched)
        }
    }

    /// Converting hand-typed markdown usually shortens the text; hand-typed mention tags of a
    /// mention with a long name make it longer, and past the limit the conversion is refused.
    @Test func normalizingPastTheLimitIsRefused() throws {
        let name = String(repeating: "N", count: 1000)
        let tags = String(repeating: "<@uid:u1>", count: 2100)  // 2100 × "@" + name > the limit
        let mention = #"[{"start":0,"end":1001,"format":"mention","uid":"u1","name":""# + name + #""}]"#
        var draft = try Composer.make("@" + name + " " + tags, spans: mention)
        let before = draft.document
        // "@" + name + " " stays; each tag becomes "@" + name.
        #expect(throws: ComposerError.limitExceeded("the converted text would be \(1002 + 2100 * 1001) characters long; the limit is 2097152")) {
            try draft.editor.normalizeMarkdownWithinLimits()
        }
        #expect(draft.document == before)
        var fewer = try Composer.make("@" + name + " " + String(repeating: "<@uid:u1>", count: 3), spans: mention)
        try fewer.editor.normalizeMarkdownWithinLimits()
        #expect(fewer.document.count == 1002 + 3 * 1001)
        var plain = DraftConfig()
        plain.richText = false
        var unconverted = try Composer.make("@" + name + " " + tags, spans: mention, config: plain)
        try unconverted.editor.normalizeMarkdownWithinLimits()  // nothing to convert
        #expect(unconverted.document.count == 1002 + tags.count)
    }

    @Test func inputSizeLimit() throws {
        try Limits.checkInput(byteCount: UInt(Limits.maxInputBytes), "utf8")
        #expect(throws: ComposerError.limitExceeded("utf8 is 33554433 bytes long; the limit is 33554432")) {
            try Limits.checkInput(byteCount: UInt(Limits.maxInputBytes) + 1, "utf8")
        }
        #expect(throws: ComposerError.limitExceeded("utf8 is 18446744073709551615 bytes long; the limit is 33554432")) {
            try Limits.checkInput(byteCount: UInt.max, "utf8")
        }
    }
}
