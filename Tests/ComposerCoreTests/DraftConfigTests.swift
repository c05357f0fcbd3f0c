import Testing
@testable import ComposerCore

@Suite struct DraftConfigTests {
    static let defaultJSON = #"{"rich_text":true,"mentions":true,"mention_limit":10,"max_length":null,"trim":true,"#
        + #""typing_events":true,"multiple_attachments":true,"max_files":10,"max_file_size":104857600,"#
        + #""allowed_types":null,"undo_depth":100,"slow_mode_seconds":0,"commands":true,"stickers":true}"#

    @Test func defaultsMatchSpec() {
        let c = DraftConfig()
        #expect(c.richText == true)
        #expect(c.mentionsEnabled == true)
        #expect(c.mentionLimit == 10)
        #expect(c.maxLength == nil)
        #expect(c.trimOnSend == true)
        #expect(c.typingEvents == true)
        #expect(c.multipleAttachments == true)
        #expect(c.maxFiles == 10)
        #expect(c.maxFileSizeBytes == 104_857_600)
        #expect(c.allowedTypes == nil)
        #expect(c.undoDepth == 100)
        #expect(c.commandsEnabled && c.stickersEnabled)
    }

    @Test(arguments: [nil, "{}", " { }\n", "\t{}\r\n"] as [String?])
    func nilAndEmptyObjectGiveDefaults(_ json: String?) throws {
        #expect(try DraftConfig(json: json) == DraftConfig())
    }

    @Test func defaultJSONValueIsExact() {
        #expect(JSONWriter.write(DraftConfig().jsonValue) == Self.defaultJSON)
    }

    @Test func defaultJSONLoadsBackToDefaults() throws {
        #expect(try DraftConfig(json: Self.defaultJSON) == DraftConfig())
    }

    @Test func everyKeySet() throws {
        // Keys in a different order than jsonValue writes them.
        let json = #"{"stickers":false,"commands":false,"slow_mode_seconds":30,"undo_depth":5,"allowed_types":["image/png","Video/*"],"max_file_size":2048,"max_files":3,"#
            + #""multiple_attachments":false,"typing_events":false,"trim":false,"max_length":500,"mention_limit":2,"#
            + #""mentions":false,"rich_text":false}"#
        let c = try DraftConfig(json: json)
        #expect(c.richText == false)
        #expect(c.mentionsEnabled == false)
        #expect(c.mentionLimit == 2)
        #expect(c.maxLength == 500)
        #expect(c.trimOnSend == false)
        #expect(c.typingEvents == false)
        #expect(c.multipleAttachments == false)
        #expect(c.maxFiles == 3)
        #expect(c.maxFileSizeBytes == 2048)
        #expect(c.allowedTypes == ["image/png", "video/*"])
        #expect(c.undoDepth == 5)
        #expect(!c.commandsEnabled && !c.stickersEnabled)
        #expect(JSONWriter.write(c.jsonValue) == #"{"rich_text":false,"mentions":false,"mention_limit":2,"max_length":500,"#
            + #""trim":false,"typing_events":false,"multiple_attachments":false,"max_files":3,"max_file_size":2048,"#
            + #""allowed_types":["image/png","video/*"],"undo_depth":5,"slow_mode_seconds":30,"commands":false,"stickers":false}"#)
        #expect(try DraftConfig(json: JSONWriter.write(c.jsonValue)) == c)
    }

    @Test(arguments: DraftConfig.keys)
    func eachKeyAloneChangesOnlyItsField(_ key: String) throws {
        let values: [String: String] = [
            "rich_text": "false", "mentions": "false", "mention_limit": "3", "max_length": "7", "trim": "false",
            "typing_events": "false", "multiple_attachments": "false", "max_files": "4", "max_file_size": "9",
            "allowed_types": #"["text/plain"]"#, "undo_depth": "0", "slow_mode_seconds": "5", "commands": "false",
            "stickers": "false",
        ]
        let value = try #require(values[key])
        let c = try DraftConfig(json: "{\"\(key)\":\(value)}")
        #expect(c != DraftConfig())
        let expected = Self.defaultJSON.replacingFirst(key: key, with: value)
        #expect(JSONWriter.write(c.jsonValue) == expected)
    }

    @Test func keysListsEveryKeyInOutputOrder() {
        guard case .object(let members) = DraftConfig().jsonValue else {
            Issue.record("jsonValue is not an object")
            return
        }
        #expect(members.map(\.key) == DraftConfig.keys)
    }

    @Test func nullResetsOptionalLimits() throws {
        let c = try DraftConfig(json: #"{"max_length":null,"allowed_types":null}"#)
        #expect(c.maxLength == nil)
        #expect(c.allowedTypes == nil)
    }

    @Test func emptyAllowedTypesIsAnEmptyList() throws {
        let c = try DraftConfig(json: #"{"allowed_types":[]}"#)
        #expect(c.allowedTypes == [])
        #expect(JSONWriter.write(c.jsonValue).contains(#""allowed_types":[]"#))
    }

    @Test(arguments: [
        ("mention_limit", 0), ("mention_limit", 1_000_000_000), ("max_files", 1), ("max_files", 1_000_000_000),
        ("max_length", 1), ("max_length", 1_000_000_000), ("undo_depth", 0), ("undo_depth", 1_000_000_000),
        ("max_file_size", 1), ("max_file_size", 1_000_000_000_000),
    ])
    func acceptsBoundaryIntegers(_ key: String, _ value: Int64) throws {
        let c = try DraftConfig(json: "{\"\(key)\":\(value)}")
        guard case .object(let members) = c.jsonValue else { Issue.record("not an object"); return }
        #expect(members.first(where: { $0.key == key })?.value == .integer(value))
    }

    @Test func theExtremesAreAccepted() throws {
        let c = try DraftConfig(json: #"{"max_file_size":9223372036854775807,"undo_depth":-0}"#)
        #expect(c.maxFileSizeBytes == Int64.max && c.undoDepth == 0)
    }

    // MARK: Refusals

    /// Each refusal names the key and says what it must be (a C host reads it in mc_last_error()).
    @Test(arguments: [
        (#"{"foo":1}"#, #"config: unknown key "foo""#),
        (#"{"rich_text":true,"max_len":5}"#, #"config: unknown key "max_len""#),
        (#"{"rich_text":1}"#, #"config: "rich_text" must be a boolean, not number"#),
        (#"{"trim":null}"#, #"config: "trim" must be a boolean, not null"#),
        (#"{"mention_limit":1.0}"#, #"config: "mention_limit" must be an integer, not number"#),
        (#"{"mention_limit":1e2}"#, #"config: "mention_limit" must be an integer, not number"#),
        (#"{"max_files":true}"#, #"config: "max_files" must be an integer, not boolean"#),
        (#"{"undo_depth":{}}"#, #"config: "undo_depth" must be an integer, not object"#),
        // Past Int64.max a number is no longer an integer.
        (#"{"undo_depth":9223372036854775808}"#, #"config: "undo_depth" must be an integer, not a number past the int64_t range"#),
        (#"{"undo_depth":-1e19}"#, #"config: "undo_depth" must be an integer, not a number past the int64_t range"#),
        (#"{"undo_depth":1e300}"#, #"config: "undo_depth" must be an integer, not a number past the int64_t range"#),
        (#"{"max_length":"10"}"#, #"config: "max_length" must be an integer or null, not string"#),
        (#"{"allowed_types":"image/*"}"#, #"config: "allowed_types" must be an array or null, not string"#),
        (#"{"allowed_types":[""]}"#, #"config: "allowed_types" must be an array of non-empty strings"#),
        // U+0000 (a JSON escape): a MIME type never holds it, and C could not carry it back.
        (#"{"allowed_types":["image/\u0000png"]}"#, #"config: "allowed_types" must be an array of non-empty strings"#),
        (#"{"max_length":0}"#, #"config: "max_length" must be between 1 and 1000000000, not 0"#),
        (#"{"mention_limit":-1}"#, #"config: "mention_limit" must be between 0 and 1000000000, not -1"#),
        (#"{"mention_limit":1000000001}"#, #"config: "mention_limit" must be between 0 and 1000000000, not 1000000001"#),
        (#"{"undo_depth":9223372036854775807}"#, #"config: "undo_depth" must be between 0 and 1000000000, not 9223372036854775807"#),
        (#"{"max_file_size":-9223372036854775808}"#, #"config: "max_file_size" must be at least 1"#),
        ("[]", "config must be a JSON object, not array"),
        ("null", "config must be a JSON object, not null"),
        (#""{}""#, "config must be a JSON object, not string"),
    ])
    func refusalsSayWhatIsWrong(_ json: String, _ message: String) {
        #expect(throws: ComposerError.invalidArgument(message)) { try DraftConfig(json: json) }
    }

    @Test(arguments: ["richText", "rich-text", "RICH_TEXT", "", "max_size", "mention_limits", "theme"])
    func refusesUnknownKeys(_ key: String) {
        expectRefusal(.invalidArgument) { try DraftConfig(json: "{\"\(key)\":true}") }
    }

    @Test func refusesAnUnknownKeyNextToValidOnes() {
        expectRefusal(.invalidArgument) { try DraftConfig(json: ##"{"rich_text":false,"colour":"#000"}"##) }
    }

    static let wrongTypes: [(String, String)] = [
        ("rich_text", "1"), ("rich_text", #""true""#), ("rich_text", "null"),
        ("mentions", "0"), ("mentions", "[]"),
        ("trim", #""yes""#), ("trim", "{}"),
        ("typing_events", "1.0"), ("typing_events", "null"),
        ("multiple_attachments", #""false""#),
        ("mention_limit", #""10""#), ("mention_limit", "1.5"), ("mention_limit", "true"), ("mention_limit", "null"),
        ("max_length", #""500""#), ("max_length", "2.5"), ("max_length", "false"), ("max_length", "[]"),
        ("max_files", #""3""#), ("max_files", "3.0"), ("max_files", "null"),
        ("max_file_size", #""1MB""#), ("max_file_size", "1e6"), ("max_file_size", "null"),
        ("undo_depth", #""100""#), ("undo_depth", "false"),
        ("slow_mode_seconds", #""5""#), ("slow_mode_seconds", "1.5"),
        ("commands", "0"), ("commands", #""off""#), ("stickers", "null"), ("stickers", "[]"),
        ("allowed_types", #""image/png""#), ("allowed_types", "{}"), ("allowed_types", "true"), ("allowed_types", "1"),
    ]

    @Test(arguments: wrongTypes)
    func refusesWrongTypes(_ key: String, _ value: String) {
        expectRefusal(.invalidArgument) { try DraftConfig(json: "{\"\(key)\":\(value)}") }
    }

    @Test func everyKeyHasAWrongTypeCase() {
        #expect(Set(Self.wrongTypes.map(\.0)) == Set(DraftConfig.keys))
    }

    @Test(arguments: [
        ("mention_limit", "-1"), ("max_files", "0"), ("max_files", "-5"), ("max_length", "0"), ("max_length", "-1"),
        ("max_file_size", "0"), ("max_file_size", "-1"), ("undo_depth", "-1"),
        ("mention_limit", "1000000001"), ("max_files", "1000000001"), ("max_length", "1000000001"), ("undo_depth", "1000000001"),
        ("mention_limit", "-9223372036854775808"),
    ])
    func refusesOutOfRangeIntegers(_ key: String, _ value: String) {
        expectRefusal(.invalidArgument) { try DraftConfig(json: "{\"\(key)\":\(value)}") }
    }

    @Test(arguments: [#"[1]"#, #"[""]"#, #"["image/png",""]"#, #"["image/png",null]"#, #"[["image/png"]]"#, #"[true]"#, #"[{}]"#])
    func refusesAllowedTypesThatAreNotNonEmptyStrings(_ list: String) {
        expectRefusal(.invalidArgument) { try DraftConfig(json: "{\"allowed_types\":\(list)}") }
    }

    @Test(arguments: ["", "{", "}", "{\"rich_text\":}", "{\"rich_text\":true,}", "{rich_text:true}", "{'trim':false}",
                      "{\"trim\":false} {}", "{\"trim\":tru}", "{\"trim\":true,\"trim\":false}"])
    func refusesInvalidJSON(_ json: String) {
        expectRefusal(.invalidJSON) { try DraftConfig(json: json) }
    }

    @Test(arguments: ["[]", "[{}]", "42", "-1", #""rich_text""#, "true", "null"])
    func refusesNonObjects(_ json: String) {
        expectRefusal(.invalidArgument) { try DraftConfig(json: json) }
    }

    // MARK: Live updates (issue 11, point 5)

    @Test func anUpdateChangesOnlyTheKeysItNames() throws {
        let start = try DraftConfig(json: #"{"mention_limit":3,"max_files":4,"rich_text":false}"#)
        let updated = try start.updating(json: #"{"max_files":2,"slow_mode_seconds":30,"max_length":null}"#)
        var expected = start
        expected.maxFiles = 2
        expected.slowModeSeconds = 30
        #expect(updated == expected)
        #expect(try start.updating(json: "{}") == start)
        #expect(JSONWriter.write(updated.changes(from: start)) == #"{"max_files":2,"slow_mode_seconds":30}"#)
        #expect(JSONWriter.write(start.changes(from: start)) == "{}")
    }

    @Test(arguments: [
        #"{"max_files":2,"bogus":1}"#, #"{"max_files":2,"mention_limit":-1}"#, #"{"max_files":2,"allowed_types":["not a type"]}"#,
        #"{"max_files":2,"trim":"yes"}"#, "[]",
    ])
    func anUpdateIsValidatedWhole(_ json: String) {
        expectRefusal(.invalidArgument) { try DraftConfig().updating(json: json) }
    }
}

private extension String {
    /// Replaces the value after `"key":` in a flat compact JSON object with `value`.
    func replacingFirst(key: String, with value: String) -> String {
        let marker = "\"\(key)\":"
        let chars = Array(self)
        let m = Array(marker)
        var i = 0
        while i + m.count <= chars.count, Array(chars[i..<(i + m.count)]) != m { i += 1 }
        let valueStart = i + m.count
        var j = valueStart
        var depth = 0
        while j < chars.count {
            let c = chars[j]
            if c == "[" || c == "{" { depth += 1 }
            if c == "]" || c == "}" {
                if depth == 0 { break }
                depth -= 1
            }
            if c == ",", depth == 0 { break }
            j += 1
        }
        return String(chars[..<valueStart]) + value + String(chars[j...])
    }
}
