import Testing
@testable import ComposerCore

// MARK: Shared helpers (also used by the policy, config and offset tests)

/// The case of a `ComposerError` without its message, so a test states which refusal it expects.
enum RefusalKind: String, Sendable {
    case invalidArgument, invalidJSON, invalidUTF8, outOfRange, unsafeLink, invalidColor, notAllowed, limitExceeded
}

extension ComposerError {
    var refusalKind: RefusalKind {
        switch self {
        case .invalidArgument: return .invalidArgument
        case .invalidJSON: return .invalidJSON
        case .invalidUTF8: return .invalidUTF8
        case .outOfRange: return .outOfRange
        case .unsafeLink: return .unsafeLink
        case .invalidColor: return .invalidColor
        case .notAllowed: return .notAllowed
        case .limitExceeded: return .limitExceeded
        }
    }
}

/// Expects `body` to throw a `ComposerError` of case `kind`; a success or another case is a failure
/// reported at the calling line.
func expectRefusal<T>(_ kind: RefusalKind, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T) {
    do {
        let value = try body()
        Issue.record("expected a .\(kind.rawValue) refusal, but the call returned \(value)", sourceLocation: sourceLocation)
    } catch let error as ComposerError {
        #expect(error.refusalKind == kind, "got .\(error.refusalKind.rawValue): \(error.message)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected ComposerError.\(kind.rawValue), got \(error)", sourceLocation: sourceLocation)
    }
}

// MARK: Document JSON builders

/// A document JSON with `text` escaped and the given span objects.
private func docJSON(_ text: String, _ spans: String...) -> String {
    "{\"text\":" + JSONWriter.write(.string(text)) + ",\"spans\":[" + spans.joined(separator: ",") + "]}"
}

/// One span object in canonical key order; `values` are the value keys (`url`, `color`, `uid`, `name`).
private func spanJSON(_ start: Int, _ end: Int, _ format: String, _ values: (String, String)...) -> String {
    var members: [(key: String, value: JSONValue)] = [
        ("start", .integer(Int64(start))), ("end", .integer(Int64(end))), ("format", .string(format)),
    ]
    for (key, value) in values { members.append((key, .string(value))) }
    return JSONWriter.write(.object(members))
}

private func linkJSON(_ start: Int, _ end: Int, _ url: String) -> String { spanJSON(start, end, "link", ("url", url)) }
private func colorJSON(_ start: Int, _ end: Int, _ value: String) -> String { spanJSON(start, end, "color", ("color", value)) }
private func mentionJSON(_ start: Int, _ end: Int, _ uid: String, _ name: String) -> String {
    spanJSON(start, end, "mention", ("uid", uid), ("name", name))
}

@Suite struct DocumentJSONTests {
    /// A table row: a name for the report, the input, and what it should give.
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let input: String
        let expected: String
        var description: String { name }
        init(_ name: String, _ input: String, _ expected: String) {
            self.name = name
            self.input = input
            self.expected = expected
        }
    }

    struct Refusal: Sendable, CustomStringConvertible {
        let name: String
        let input: String
        let kind: RefusalKind
        var description: String { name }
        init(_ name: String, _ input: String, _ kind: RefusalKind) {
            self.name = name
            self.input = input
            self.kind = kind
        }
    }

    // MARK: Canonical output

    static let layoutExample = #"""
    {"text": "Hi @Bob, see docs\nline two",
     "spans": [{"start": 0, "end": 2, "format": "bold"},
               {"start": 3, "end": 7, "format": "mention", "uid": "u42", "name": "Bob"},
               {"start": 13, "end": 17, "format": "link", "url": "https://example.com/docs"},
               {"start": 18, "end": 26, "format": "quote"}]}
    """#

    static let canonicalCases: [Case] = [
        Case("plain text", #"{"text":"hello","spans":[]}"#, #"{"text":"hello","spans":[]}"#),
        Case("empty text", #"{"text":"","spans":[]}"#, #"{"text":"","spans":[]}"#),
        Case("whitespace and key order of the input do not matter",
                "{ \"spans\" : [ { \"format\" : \"bold\" , \"end\" : 2 , \"start\" : 0 } ] ,\n \"text\" : \"hello\" }",
                #"{"text":"hello","spans":[{"start":0,"end":2,"format":"bold"}]}"#),
        Case("a document with inline, mention, link and block spans", layoutExample,
                #"{"text":"Hi @Bob, see docs\nline two","spans":[{"start":0,"end":2,"format":"bold"},"#
                    + #"{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"},"#
                    + #"{"start":13,"end":17,"format":"link","url":"https://example.com/docs"},"#
                    + #"{"start":18,"end":26,"format":"quote"}]}"#),
        Case("spans sorted by start, then end",
                #"{"text":"Hello world","spans":[{"start":6,"end":11,"format":"underline"},{"start":0,"end":11,"format":"italic"},{"start":0,"end":5,"format":"bold"}]}"#,
                #"{"text":"Hello world","spans":[{"start":0,"end":5,"format":"bold"},{"start":0,"end":11,"format":"italic"},{"start":6,"end":11,"format":"underline"}]}"#),
        Case("same range sorted by format name",
                ##"{"text":"abc","spans":[{"start":0,"end":3,"format":"underline"},{"start":0,"end":3,"format":"strike"},{"start":0,"end":3,"format":"link","url":"https://x.org"},{"start":0,"end":3,"format":"italic"},{"start":0,"end":3,"format":"color","color":"#102030"},{"start":0,"end":3,"format":"bold"}]}"##,
                ##"{"text":"abc","spans":[{"start":0,"end":3,"format":"bold"},{"start":0,"end":3,"format":"color","color":"#102030"},{"start":0,"end":3,"format":"italic"},{"start":0,"end":3,"format":"link","url":"https://x.org"},{"start":0,"end":3,"format":"strike"},{"start":0,"end":3,"format":"underline"}]}"##),
        Case("code, link and quote on one range sort by name",
                #"{"text":"abc\nxy","spans":[{"start":4,"end":6,"format":"code_block"},{"start":0,"end":3,"format":"link","url":"https://x.org"},{"start":0,"end":3,"format":"code"},{"start":0,"end":3,"format":"quote"}]}"#,
                #"{"text":"abc\nxy","spans":[{"start":0,"end":3,"format":"code"},{"start":0,"end":3,"format":"link","url":"https://x.org"},{"start":0,"end":3,"format":"quote"},{"start":4,"end":6,"format":"code_block"}]}"#),
        Case("value keys follow start, end, format",
                ##"{"text":"@Bob x","spans":[{"name":"Bob","uid":"u1","format":"mention","end":4,"start":0},{"color":"#ABCDEF","format":"color","end":6,"start":5}]}"##,
                ##"{"text":"@Bob x","spans":[{"start":0,"end":4,"format":"mention","uid":"u1","name":"Bob"},{"start":5,"end":6,"format":"color","color":"#abcdef"}]}"##),
        Case("text escapes", docJSON("a\"b\\c\td/e\u{1}\u{8}"),
                #"{"text":"a\"b\\c\td/e\u0001\b","spans":[]}"#),
        Case("non-ASCII text is written raw", #"{"text":"caf\u00e9 \ud83d\ude00","spans":[{"start":5,"end":6,"format":"bold"}]}"#,
                #"{"text":"café 😀","spans":[{"start":5,"end":6,"format":"bold"}]}"#),
    ]

    @Test(arguments: canonicalCases)
    func writesCanonicalJSON(_ c: Case) throws {
        #expect(try Document(json: c.input).json == c.expected)
    }

    @Test(arguments: canonicalCases)
    func canonicalJSONIsAFixedPoint(_ c: Case) throws {
        #expect(try Document(json: c.expected).json == c.expected)
    }

    // MARK: Merging and splitting

    static let normalizationCases: [Case] = [
        Case("touching same-format spans merge", docJSON("abcdef", spanJSON(0, 2, "bold"), spanJSON(2, 4, "bold")),
                docJSON("abcdef", spanJSON(0, 4, "bold"))),
        Case("overlapping same-format spans merge", docJSON("abcdef", spanJSON(1, 5, "italic"), spanJSON(0, 3, "italic")),
                docJSON("abcdef", spanJSON(0, 5, "italic"))),
        Case("a contained span merges", docJSON("abcdef", spanJSON(0, 6, "strike"), spanJSON(2, 3, "strike")),
                docJSON("abcdef", spanJSON(0, 6, "strike"))),
        Case("a duplicated span appears once", docJSON("abcdef", spanJSON(1, 2, "underline"), spanJSON(1, 2, "underline")),
                docJSON("abcdef", spanJSON(1, 2, "underline"))),
        Case("separated same-format spans stay apart", docJSON("abcdef", spanJSON(0, 2, "bold"), spanJSON(3, 5, "bold")),
                docJSON("abcdef", spanJSON(0, 2, "bold"), spanJSON(3, 5, "bold"))),
        Case("different formats never merge", docJSON("abcdef", spanJSON(0, 3, "bold"), spanJSON(3, 6, "italic")),
                docJSON("abcdef", spanJSON(0, 3, "bold"), spanJSON(3, 6, "italic"))),
        Case("touching links with one URL merge", docJSON("abcdef", linkJSON(0, 2, "https://a.org"), linkJSON(2, 5, "https://a.org")),
                docJSON("abcdef", linkJSON(0, 5, "https://a.org"))),
        Case("overlapping links with one URL merge", docJSON("abcdef", linkJSON(0, 4, "https://a.org"), linkJSON(2, 6, "https://a.org")),
                docJSON("abcdef", linkJSON(0, 6, "https://a.org"))),
        Case("links spelt differently but equal after canonicalization merge",
                docJSON("abcdef", linkJSON(0, 2, "a.org"), linkJSON(2, 4, "HTTPS://a.org")),
                docJSON("abcdef", linkJSON(0, 4, "https://a.org"))),
        Case("touching links with different URLs stay apart", docJSON("abcdef", linkJSON(0, 3, "https://a.org"), linkJSON(3, 6, "https://b.org")),
                docJSON("abcdef", linkJSON(0, 3, "https://a.org"), linkJSON(3, 6, "https://b.org"))),
        Case("colours equal after canonicalization merge", docJSON("abcdef", colorJSON(0, 2, "#ABC"), colorJSON(2, 4, "#aabbcc")),
                docJSON("abcdef", colorJSON(0, 4, "#aabbcc"))),
        Case("touching different colours stay apart", docJSON("abcdef", colorJSON(0, 3, "#000"), colorJSON(3, 6, "#000001")),
                docJSON("abcdef", colorJSON(0, 3, "#000000"), colorJSON(3, 6, "#000001"))),
        Case("an inline span across a newline is split", docJSON("abc\ndef", spanJSON(0, 7, "bold")),
                docJSON("abc\ndef", spanJSON(0, 3, "bold"), spanJSON(4, 7, "bold"))),
        Case("an inline span across blank lines is split", docJSON("ab\n\ncd", spanJSON(1, 5, "italic")),
                docJSON("ab\n\ncd", spanJSON(1, 2, "italic"), spanJSON(4, 5, "italic"))),
        Case("a link across a newline is split with its URL", docJSON("ab\ncd", linkJSON(0, 5, "https://a.org")),
                docJSON("ab\ncd", linkJSON(0, 2, "https://a.org"), linkJSON(3, 5, "https://a.org"))),
        Case("a colour across a newline is split", docJSON("ab\ncd", colorJSON(1, 4, "#f00")),
                docJSON("ab\ncd", colorJSON(1, 2, "#ff0000"), colorJSON(3, 4, "#ff0000"))),
        Case("spans on both sides of a newline do not merge across it",
                docJSON("ab\ncd", spanJSON(0, 2, "bold"), spanJSON(3, 5, "bold")),
                docJSON("ab\ncd", spanJSON(0, 2, "bold"), spanJSON(3, 5, "bold"))),
        Case("a span covering only a newline vanishes", docJSON("ab\ncd", spanJSON(2, 3, "bold")), docJSON("ab\ncd")),
        Case("a span covering only newlines vanishes", docJSON("a\n\n\nb", spanJSON(1, 4, "underline")), docJSON("a\n\n\nb")),
        Case("an empty bold span vanishes", docJSON("abc", spanJSON(1, 1, "bold")), docJSON("abc")),
        Case("an empty span at the end vanishes", docJSON("abc", spanJSON(3, 3, "strike")), docJSON("abc")),
        Case("an empty link span vanishes", docJSON("abc", linkJSON(0, 0, "https://a.org")), docJSON("abc")),
        Case("an empty colour span vanishes", docJSON("abc", colorJSON(2, 2, "#abc")), docJSON("abc")),
        Case("an empty inline span in empty text vanishes", docJSON("", spanJSON(0, 0, "code")), docJSON("")),
        Case("a link may contain code", docJSON("see code", linkJSON(0, 8, "https://a.org"), spanJSON(4, 8, "code")),
                docJSON("see code", linkJSON(0, 8, "https://a.org"), spanJSON(4, 8, "code"))),
        Case("a format may cover a mention whole", docJSON("Hi @Bob!", spanJSON(0, 8, "bold"), mentionJSON(3, 7, "u1", "Bob")),
                docJSON("Hi @Bob!", spanJSON(0, 8, "bold"), mentionJSON(3, 7, "u1", "Bob"))),
        Case("a colour exactly on a mention", docJSON("Hi @Bob!", mentionJSON(3, 7, "u1", "Bob"), colorJSON(3, 7, "#123")),
                docJSON("Hi @Bob!", colorJSON(3, 7, "#112233"), mentionJSON(3, 7, "u1", "Bob"))),
        Case("two different mentions side by side", docJSON("@A@B", mentionJSON(0, 2, "a", "A"), mentionJSON(2, 4, "b", "B")),
                docJSON("@A@B", mentionJSON(0, 2, "a", "A"), mentionJSON(2, 4, "b", "B"))),
        Case("inline formats on lines outside a code block",
                docJSON("ab\ncode\ncd", spanJSON(3, 7, "code_block"), spanJSON(0, 2, "bold"), spanJSON(8, 10, "code")),
                docJSON("ab\ncode\ncd", spanJSON(0, 2, "bold"), spanJSON(3, 7, "code_block"), spanJSON(8, 10, "code"))),
        Case("an inline span may cross a code block's line break without styling the code line",
                docJSON("ab\ncode", spanJSON(3, 7, "code_block"), spanJSON(0, 3, "bold")),
                docJSON("ab\ncode", spanJSON(0, 2, "bold"), spanJSON(3, 7, "code_block"))),
    ]

    @Test(arguments: normalizationCases)
    func loadingCanonicalizes(_ c: Case) throws {
        #expect(try Document(json: c.input).json == c.expected)
    }

    @Test func spansComeOutAsValuesInCanonicalOrder() throws {
        let doc = try Document(json: docJSON("Hi @Bob\nxy", spanJSON(8, 10, "quote"), mentionJSON(3, 7, "u1", "Bob"),
                                             colorJSON(0, 2, "#F00"), spanJSON(0, 2, "bold"), linkJSON(8, 10, "x.org")))
        #expect(doc.spans == [
            Span(0, 2, .bold), Span(0, 2, .color("#ff0000")), Span(3, 7, .mention(uid: "u1", name: "Bob")),
            Span(8, 10, .link(url: "https://x.org")), Span(8, 10, .block(.quote)),
        ])
    }

    /// Spans of one start and end sort by format name, through either ordering: `FormatKind`'s
    /// `<` (the document's spans) and `nameRank` (the parser's flat spans). Both are the names'
    /// order, strict: no format comes before itself.
    @Test func formatsOrderByNameStrictlyInBothOrderings() {
        for a in FormatKind.allCases {
            #expect(!(a < a), "\(a)")
            for b in FormatKind.allCases where a != b {
                #expect((a < b) == (a.name < b.name), "\(a) \(b)")
                #expect((a.nameRank < b.nameRank) == (a.name < b.name), "\(a) \(b)")
            }
        }
    }

    @Test func initFromTextAndSpansAcceptsAnyOrderAndCanonicalizes() throws {
        let doc = try Document(text: "abc\ndef", spans: [
            Span(4, 7, .block(.bulletList)), Span(2, 6, .italic), Span(0, 4, .italic), Span(0, 0, .bold),
            Span(0, 3, .block(.bulletList)), Span(1, 2, .color("#ABC")),
        ])
        #expect(doc.spans == [
            Span(0, 3, .italic), Span(0, 7, .block(.bulletList)), Span(1, 2, .color("#aabbcc")), Span(4, 6, .italic),
        ])
        #expect(doc.text == "abc\ndef")
    }

    // MARK: Value canonicalization

    @Test(arguments: [("#ABC", "#aabbcc"), ("#abc", "#aabbcc"), ("#AbCdEf", "#abcdef"), ("#000", "#000000"), ("#0a0B0c", "#0a0b0c")])
    func coloursCanonicalizeToLowerCaseSixDigits(_ input: String, _ expected: String) throws {
        #expect(try Document(json: docJSON("ab", colorJSON(0, 2, input))).json == docJSON("ab", colorJSON(0, 2, expected)))
    }

    @Test(arguments: [
        ("example.com", "https://example.com"),
        ("example.com/docs?q=1#top", "https://example.com/docs?q=1#top"),
        ("HTTPS://Example.com/A", "https://Example.com/A"),
        ("Http://example.com", "http://example.com"),
        ("MAILTO:bob@example.com", "mailto:bob@example.com"),
        ("https://example.com/x", "https://example.com/x"),
    ])
    func linksCanonicalize(_ input: String, _ expected: String) throws {
        #expect(try Document(json: docJSON("ab", linkJSON(0, 2, input))).json == docJSON("ab", linkJSON(0, 2, expected)))
    }

    // MARK: Block spans

    @Test(arguments: ["code_block", "quote", "bullet_list", "ordered_list"])
    func everyBlockFormatLoadsOnAWholeLine(_ name: String) throws {
        let json = docJSON("ab\ncd\nef", spanJSON(3, 5, name))
        let doc = try Document(json: json)
        #expect(doc.json == json)
        #expect(doc.lineBlocks == [nil, BlockFormat(FormatKind(rawValue: name)!), nil])
    }

    static let blockCases: [Case] = [
        Case("a block on the only line", docJSON("abc", spanJSON(0, 3, "quote")), docJSON("abc", spanJSON(0, 3, "quote"))),
        Case("a block over several lines", docJSON("a\nbc\nd", spanJSON(0, 6, "bullet_list")),
                docJSON("a\nbc\nd", spanJSON(0, 6, "bullet_list"))),
        Case("a block over the last lines", docJSON("a\nbc\nd", spanJSON(2, 6, "ordered_list")),
                docJSON("a\nbc\nd", spanJSON(2, 6, "ordered_list"))),
        Case("a block over a middle line ending at its newline", docJSON("a\nbc\nd", spanJSON(2, 4, "code_block")),
                docJSON("a\nbc\nd", spanJSON(2, 4, "code_block"))),
        Case("two adjacent runs of one block merge", docJSON("a\nb", spanJSON(0, 1, "quote"), spanJSON(2, 3, "quote")),
                docJSON("a\nb", spanJSON(0, 3, "quote"))),
        Case("three single-line runs merge, given out of order",
                docJSON("a\nb\nc", spanJSON(4, 5, "bullet_list"), spanJSON(0, 1, "bullet_list"), spanJSON(2, 3, "bullet_list")),
                docJSON("a\nb\nc", spanJSON(0, 5, "bullet_list"))),
        Case("overlapping runs of one block merge", docJSON("a\nb\nc", spanJSON(0, 3, "quote"), spanJSON(2, 5, "quote")),
                docJSON("a\nb\nc", spanJSON(0, 5, "quote"))),
        Case("adjacent runs of different blocks stay apart",
                docJSON("a\nb", spanJSON(0, 1, "bullet_list"), spanJSON(2, 3, "ordered_list")),
                docJSON("a\nb", spanJSON(0, 1, "bullet_list"), spanJSON(2, 3, "ordered_list"))),
        Case("runs of one block separated by a plain line stay apart",
                docJSON("a\nb\nc", spanJSON(0, 1, "quote"), spanJSON(4, 5, "quote")),
                docJSON("a\nb\nc", spanJSON(0, 1, "quote"), spanJSON(4, 5, "quote"))),
        Case("an empty block span on an empty draft", docJSON("", spanJSON(0, 0, "quote")), docJSON("", spanJSON(0, 0, "quote"))),
        Case("an empty block span on an empty middle line", docJSON("a\n\nb", spanJSON(2, 2, "bullet_list")),
                docJSON("a\n\nb", spanJSON(2, 2, "bullet_list"))),
        Case("an empty block span on an empty last line", docJSON("a\n", spanJSON(2, 2, "ordered_list")),
                docJSON("a\n", spanJSON(2, 2, "ordered_list"))),
        Case("an empty block span on an empty first line", docJSON("\na", spanJSON(0, 0, "code_block")),
                docJSON("\na", spanJSON(0, 0, "code_block"))),
        Case("a block over a line and the empty line after it", docJSON("a\n", spanJSON(0, 2, "quote")),
                docJSON("a\n", spanJSON(0, 2, "quote"))),
        Case("an empty-line block merges with the block on the line before",
                docJSON("a\n", spanJSON(0, 1, "quote"), spanJSON(2, 2, "quote")), docJSON("a\n", spanJSON(0, 2, "quote"))),
        Case("blocks and inline spans together",
                docJSON("- x\ny", spanJSON(0, 3, "bullet_list"), spanJSON(2, 3, "bold")),
                docJSON("- x\ny", spanJSON(0, 3, "bullet_list"), spanJSON(2, 3, "bold"))),
    ]

    @Test(arguments: blockCases)
    func blockSpansLoadOverWholeLines(_ c: Case) throws {
        #expect(try Document(json: c.input).json == c.expected)
    }

    // MARK: Refusals

    static let refusals: [Refusal] = [
        // Offsets.
        Refusal("end past the text", docJSON("abc", spanJSON(0, 4, "bold")), .outOfRange),
        Refusal("start past the text", docJSON("abc", spanJSON(4, 4, "bold")), .outOfRange),
        Refusal("negative start", docJSON("abc", spanJSON(-1, 2, "bold")), .outOfRange),
        Refusal("negative end", docJSON("abc", spanJSON(0, -1, "bold")), .outOfRange),
        Refusal("end before start", docJSON("abc", spanJSON(2, 1, "bold")), .outOfRange),
        Refusal("huge offsets", #"{"text":"abc","spans":[{"start":9223372036854775807,"end":9223372036854775807,"format":"bold"}]}"#, .outOfRange),
        Refusal("a block span past the text", docJSON("abc", spanJSON(0, 4, "quote")), .outOfRange),
        Refusal("an empty span past the text", docJSON("", spanJSON(1, 1, "quote")), .outOfRange),
        Refusal("offsets counted in UTF-16 are past the end", docJSON("😀a", spanJSON(2, 3, "bold")), .outOfRange),
        Refusal("a link span past the text", docJSON("ab", linkJSON(0, 3, "https://a.org")), .outOfRange),
        // Formats and keys.
        Refusal("unknown format", docJSON("abc", spanJSON(0, 1, "blink")), .invalidArgument),
        Refusal("format names are case-sensitive", docJSON("abc", spanJSON(0, 1, "Bold")), .invalidArgument),
        Refusal("strikethrough is spelt strike", docJSON("abc", spanJSON(0, 1, "strikethrough")), .invalidArgument),
        Refusal("code-block is spelt code_block", docJSON("abc", spanJSON(0, 3, "code-block")), .invalidArgument),
        Refusal("missing text", #"{"spans":[]}"#, .invalidArgument),
        Refusal("missing start", #"{"text":"abc","spans":[{"end":1,"format":"bold"}]}"#, .invalidArgument),
        Refusal("missing end", #"{"text":"abc","spans":[{"start":0,"format":"bold"}]}"#, .invalidArgument),
        Refusal("missing format", #"{"text":"abc","spans":[{"start":0,"end":1}]}"#, .invalidArgument),
        Refusal("link without url", docJSON("abc", spanJSON(0, 1, "link")), .invalidArgument),
        Refusal("colour without color", docJSON("abc", spanJSON(0, 1, "color")), .invalidArgument),
        Refusal("mention without uid", docJSON("@B", spanJSON(0, 2, "mention", ("name", "B"))), .invalidArgument),
        Refusal("mention without name", docJSON("@B", spanJSON(0, 2, "mention", ("uid", "u1"))), .invalidArgument),
        Refusal("unknown top-level key", #"{"text":"abc","spans":[],"selection":[0,0]}"#, .invalidArgument),
        Refusal("unknown span key", #"{"text":"abc","spans":[{"start":0,"end":1,"format":"bold","weight":700}]}"#, .invalidArgument),
        Refusal("url on bold", docJSON("abc", spanJSON(0, 1, "bold", ("url", "https://a.org"))), .invalidArgument),
        Refusal("color on link", docJSON("abc", spanJSON(0, 1, "link", ("url", "https://a.org"), ("color", "#000"))), .invalidArgument),
        Refusal("url on a block", docJSON("abc", spanJSON(0, 3, "quote", ("url", "https://a.org"))), .invalidArgument),
        Refusal("name on a colour", docJSON("abc", spanJSON(0, 1, "color", ("color", "#000"), ("name", "x"))), .invalidArgument),
        // Types.
        Refusal("text is a number", #"{"text":5,"spans":[]}"#, .invalidArgument),
        Refusal("text is null", #"{"text":null,"spans":[]}"#, .invalidArgument),
        Refusal("spans is an object", #"{"text":"abc","spans":{}}"#, .invalidArgument),
        Refusal("spans is a string", #"{"text":"abc","spans":"bold"}"#, .invalidArgument),
        Refusal("spans is null", #"{"text":"abc","spans":null}"#, .invalidArgument),
        Refusal("a span is a number", #"{"text":"abc","spans":[1]}"#, .invalidArgument),
        Refusal("a span is an array", #"{"text":"abc","spans":[[0,1,"bold"]]}"#, .invalidArgument),
        Refusal("start is a string", #"{"text":"abc","spans":[{"start":"0","end":1,"format":"bold"}]}"#, .invalidArgument),
        Refusal("start is a fraction", #"{"text":"abc","spans":[{"start":0.5,"end":1,"format":"bold"}]}"#, .invalidArgument),
        Refusal("end is a boolean", #"{"text":"abc","spans":[{"start":0,"end":true,"format":"bold"}]}"#, .invalidArgument),
        Refusal("end is null", #"{"text":"abc","spans":[{"start":0,"end":null,"format":"bold"}]}"#, .invalidArgument),
        Refusal("format is a number", #"{"text":"abc","spans":[{"start":0,"end":1,"format":1}]}"#, .invalidArgument),
        Refusal("url is a number", #"{"text":"abc","spans":[{"start":0,"end":1,"format":"link","url":5}]}"#, .invalidArgument),
        Refusal("color is a number", #"{"text":"abc","spans":[{"start":0,"end":1,"format":"color","color":16711680}]}"#, .invalidArgument),
        Refusal("uid is a number", #"{"text":"@B","spans":[{"start":0,"end":2,"format":"mention","uid":42,"name":"B"}]}"#, .invalidArgument),
        Refusal("name is null", #"{"text":"@B","spans":[{"start":0,"end":2,"format":"mention","uid":"u1","name":null}]}"#, .invalidArgument),
        Refusal("document is an array", "[]", .invalidArgument),
        Refusal("document is a string", #""abc""#, .invalidArgument),
        Refusal("document is a number", "42", .invalidArgument),
        Refusal("document is null", "null", .invalidArgument),
        // JSON syntax.
        Refusal("empty input", "", .invalidJSON),
        Refusal("unterminated object", #"{"text":"abc""#, .invalidJSON),
        Refusal("trailing comma", #"{"text":"abc","spans":[],}"#, .invalidJSON),
        Refusal("not JSON", "text: abc", .invalidJSON),
        Refusal("data after the value", #"{"text":"abc","spans":[]} x"#, .invalidJSON),
        Refusal("duplicate key", #"{"text":"abc","text":"abd","spans":[]}"#, .invalidJSON),
        Refusal("lone surrogate in text", #"{"text":"\ud800","spans":[]}"#, .invalidJSON),
        // Values.
        Refusal("javascript link", docJSON("abc", linkJSON(0, 3, "javascript:alert(1)")), .unsafeLink),
        Refusal("data link", docJSON("abc", linkJSON(0, 3, "data:text/plain,hi")), .unsafeLink),
        Refusal("relative link", docJSON("abc", linkJSON(0, 3, "docs")), .unsafeLink),
        Refusal("empty link", docJSON("abc", linkJSON(0, 3, "")), .unsafeLink),
        Refusal("colour name", docJSON("abc", colorJSON(0, 3, "red")), .invalidColor),
        Refusal("colour with alpha", docJSON("abc", colorJSON(0, 3, "#11223344")), .invalidColor),
        Refusal("empty colour", docJSON("abc", colorJSON(0, 3, "")), .invalidColor),
        Refusal("a carriage return", docJSON("a\rb"), .invalidArgument),
        Refusal("an empty mention span", docJSON("abc", mentionJSON(1, 1, "u1", "Bob")), .invalidArgument),
        Refusal("a mention whose text is not @name", docJSON("Bob", mentionJSON(0, 3, "u1", "Bob")), .invalidArgument),
        Refusal("mention uid with a space", docJSON("@B", mentionJSON(0, 2, "u 1", "B")), .invalidArgument),
        Refusal("mention with an empty name", docJSON("@B", mentionJSON(0, 2, "u1", "")), .invalidArgument),
        Refusal("one uid with two names (the wire format carries one)", docJSON("@A @B", mentionJSON(0, 2, "u1", "A"), mentionJSON(3, 5, "u1", "B")),
                .invalidArgument),
        // Structure.
        Refusal("block starting mid-line", docJSON("abc", spanJSON(1, 3, "quote")), .invalidArgument),
        Refusal("block ending mid-line", docJSON("abc", spanJSON(0, 2, "quote")), .invalidArgument),
        Refusal("block ending at the next line's start", docJSON("a\nb", spanJSON(0, 2, "quote")), .invalidArgument),
        Refusal("block starting at a newline", docJSON("a\nb", spanJSON(1, 3, "bullet_list")), .invalidArgument),
        Refusal("empty block at the start of a non-empty line", docJSON("abc", spanJSON(0, 0, "quote")), .invalidArgument),
        Refusal("empty block at the end of a non-empty line", docJSON("abc", spanJSON(3, 3, "quote")), .invalidArgument),
        Refusal("empty block inside a line", docJSON("abc", spanJSON(1, 1, "ordered_list")), .invalidArgument),
        Refusal("two block formats on one line", docJSON("abc", spanJSON(0, 3, "quote"), spanJSON(0, 3, "bullet_list")), .invalidArgument),
        Refusal("two block formats sharing one of several lines",
                   docJSON("a\nb\nc", spanJSON(0, 3, "quote"), spanJSON(2, 5, "code_block")), .invalidArgument),
        Refusal("two empty block spans on one empty line", docJSON("", spanJSON(0, 0, "quote"), spanJSON(0, 0, "code_block")), .invalidArgument),
        Refusal("overlapping links with different URLs",
                   docJSON("abcdef", linkJSON(0, 4, "https://a.org"), linkJSON(2, 6, "https://b.org")), .invalidArgument),
        Refusal("one character with two links", docJSON("abc", linkJSON(1, 2, "https://a.org"), linkJSON(1, 2, "https://b.org")), .invalidArgument),
        Refusal("overlapping colours with different values", docJSON("abcdef", colorJSON(0, 4, "#000"), colorJSON(2, 6, "#fff")), .invalidArgument),
        Refusal("overlapping different mentions", docJSON("@A@B", mentionJSON(0, 3, "a", "A"), mentionJSON(2, 4, "b", "B")), .invalidArgument),
        Refusal("code overlapping a mention", docJSON("@Bob", mentionJSON(0, 4, "u1", "Bob"), spanJSON(0, 4, "code")), .invalidArgument),
        Refusal("a link on a mention", docJSON("@Bob", mentionJSON(0, 4, "u1", "Bob"), linkJSON(0, 4, "https://a.org")), .invalidArgument),
        Refusal("a link listed before the mention it covers", docJSON("Hi @Bob", linkJSON(0, 7, "https://a.org"), mentionJSON(3, 7, "u1", "Bob")),
                   .invalidArgument),
        Refusal("a link on part of a mention", docJSON("@Bob", linkJSON(0, 2, "https://a.org"), mentionJSON(0, 4, "u1", "Bob")), .invalidArgument),
    ]

    @Test(arguments: refusals)
    func refusesInvalidDocuments(_ r: Refusal) {
        expectRefusal(r.kind) { try Document(json: r.input) }
    }

    /// A refusal says where it is: the document, or a span by its index in "spans" (the first
    /// one too).
    @Test(arguments: [
        (#"{"spans":[]}"#, #"document: "text" is required"#),
        (docJSON("abc", spanJSON(0, 1, "blink")), #"spans[0]: unknown format "blink""#),
        (#"{"text":"abc","spans":[{"end":1,"format":"bold"}]}"#, #"spans[0]: "start" is required"#),
        (docJSON("abc", spanJSON(0, 1, "bold"), spanJSON(1, 2, "italic"), spanJSON(0, 1, "link")), #"spans[2]: "url" is required"#),
    ])
    func refusalsNameWhereTheyAre(_ input: String, _ message: String) {
        #expect(throws: ComposerError.invalidArgument(message)) { try Document(json: input) }
    }

    static let codeExcludedFormats = [
        spanJSON(1, 3, "bold"), spanJSON(1, 3, "italic"), spanJSON(1, 3, "underline"), spanJSON(1, 3, "strike"), colorJSON(1, 3, "#abc"),
    ]

    @Test(arguments: codeExcludedFormats)
    func refusesStylesOverlappingCodeInEitherOrder(_ styled: String) {
        expectRefusal(.invalidArgument) { try Document(json: docJSON("abcd", spanJSON(0, 2, "code"), styled)) }
        expectRefusal(.invalidArgument) { try Document(json: docJSON("abcd", styled, spanJSON(2, 4, "code"))) }
    }

    @Test(arguments: codeExcludedFormats)
    func stylesTouchingCodeAreAccepted(_ styled: String) throws {
        let doc = try Document(json: docJSON("abcdef", styled, spanJSON(3, 5, "code")))
        #expect(doc.spans.count == 2)
    }

    static let partialMentionCovers = [
        spanJSON(3, 5, "bold"), spanJSON(0, 5, "italic"), spanJSON(5, 9, "underline"), spanJSON(4, 6, "strike"),
        colorJSON(3, 6, "#123"), colorJSON(6, 9, "#123"), spanJSON(6, 7, "bold"),
    ]

    @Test(arguments: partialMentionCovers)
    func refusesAFormatOnPartOfAMention(_ partial: String) {
        expectRefusal(.invalidArgument) { try Document(json: docJSON("Hi @Bob!!", mentionJSON(3, 7, "u1", "Bob"), partial)) }
        expectRefusal(.invalidArgument) { try Document(json: docJSON("Hi @Bob!!", partial, mentionJSON(3, 7, "u1", "Bob"))) }
    }

    static let inlineSpansOnLine1 = [
        spanJSON(4, 6, "bold"), spanJSON(3, 4, "italic"), spanJSON(5, 7, "underline"), spanJSON(3, 7, "strike"),
        spanJSON(4, 5, "code"), linkJSON(3, 7, "https://a.org"), colorJSON(3, 4, "#abc"), mentionJSON(3, 7, "u1", "cod"),
    ]

    @Test(arguments: inlineSpansOnLine1)
    func refusesInlineSpansInsideACodeBlock(_ inline: String) {
        // Line 1 is "code" at [3, 7); blocks are validated before inline spans whatever the order.
        expectRefusal(.invalidArgument) { try Document(json: docJSON("ab\n@cod", spanJSON(3, 7, "code_block"), inline)) }
        expectRefusal(.invalidArgument) { try Document(json: docJSON("ab\n@cod", inline, spanJSON(3, 7, "code_block"))) }
    }

    @Test(arguments: inlineSpansOnLine1)
    func inlineSpansAreAcceptedInOtherBlocks(_ inline: String) throws {
        let doc = try Document(json: docJSON("ab\n@cod", inline, spanJSON(3, 7, "quote")))
        #expect(doc.spans.contains(Span(3, 7, .block(.quote))))
        #expect(doc.spans.count == 2)
    }

    @Test func refusalsThroughInitFromTextAndSpans() {
        expectRefusal(.outOfRange) { try Document(text: "ab", spans: [Span(0, 3, .bold)]) }
        expectRefusal(.outOfRange) { try Document(text: "ab", spans: [Span(-1, 1, .bold)]) }
        expectRefusal(.outOfRange) { try Document(text: "ab", spans: [Span(2, 1, .italic)]) }
        expectRefusal(.unsafeLink) { try Document(text: "ab", spans: [Span(0, 2, .link(url: "vbscript:x"))]) }
        expectRefusal(.invalidColor) { try Document(text: "ab", spans: [Span(0, 2, .color("#12"))]) }
        expectRefusal(.invalidArgument) { try Document(text: "ab", spans: [Span(0, 1, .block(.quote))]) }
        expectRefusal(.invalidArgument) { try Document(text: "ab", spans: [Span(0, 2, .mention(uid: "", name: "x"))]) }
    }

    // MARK: Round trip

    static let validDocuments: [String] = canonicalCases.map(\.input) + normalizationCases.map(\.input) + blockCases.map(\.input)
        + unicodeDocuments

    @Test(arguments: validDocuments)
    func roundTripsThroughItsJSON(_ json: String) throws {
        let doc = try Document(json: json)
        let again = try Document(json: doc.json)
        #expect(again == doc)
        #expect(again.json == doc.json)
        #expect(try Document(text: doc.text, spans: doc.spans) == doc)
    }

    @Test func equalityComparesTextAndSpans() throws {
        let a = try Document(json: docJSON("ab", spanJSON(0, 2, "bold")))
        #expect(a == (try Document(json: docJSON("ab", spanJSON(0, 1, "bold"), spanJSON(1, 2, "bold")))))
        #expect(a != (try Document(json: docJSON("ab", spanJSON(0, 1, "bold")))))
        #expect(a != (try Document(json: docJSON("ac", spanJSON(0, 2, "bold")))))
        #expect(a != (try Document(json: docJSON("ab", spanJSON(0, 2, "italic")))))
        #expect(try Document(json: docJSON("ab", linkJSON(0, 2, "https://a.org"))) != Document(json: docJSON("ab", linkJSON(0, 2, "https://b.org"))))
    }

    // MARK: Unicode

    /// The family emoji is 5 scalars (man, ZWJ, woman, ZWJ, girl), 🇫🇷 2, "é" as e + U+0301 2.
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
    static let flagFR = "\u{1F1EB}\u{1F1F7}"
    static let unicodeText = family + " " + flagFR + " e\u{301} \u{4E2D}\u{6587} \u{5E9}\u{5DC}\u{5D5}\u{5DD}"

    static let unicodeDocuments: [String] = [
        docJSON(unicodeText, spanJSON(0, 5, "bold"), spanJSON(6, 8, "italic"), spanJSON(9, 11, "underline"),
                linkJSON(12, 14, "https://example.jp/%E4%B8%AD"), colorJSON(15, 19, "#0F0")),
        docJSON("@Zo\u{EB} \u{1F600}\n\u{1F1EF}\u{1F1F5}", mentionJSON(0, 4, "zoe", "Zo\u{EB}"), spanJSON(5, 6, "strike"), spanJSON(7, 9, "quote")),
        docJSON("مرحبا بالعالم", spanJSON(0, 5, "bold"), spanJSON(6, 13, "code")),
    ]

    @Test func unicodeOffsetsCountScalars() throws {
        #expect(Document(text: Self.unicodeText).count == 19)
        let doc = try Document(json: Self.unicodeDocuments[0])
        #expect(doc.json == "{\"text\":\"" + Self.unicodeText + #"","spans":[{"start":0,"end":5,"format":"bold"},"#
            + #"{"start":6,"end":8,"format":"italic"},{"start":9,"end":11,"format":"underline"},"#
            + ##"{"start":12,"end":14,"format":"link","url":"https://example.jp/%E4%B8%AD"},{"start":15,"end":19,"format":"color","color":"#00ff00"}]}"##)
        let texts = doc.spans.map { doc.text(in: $0.start..<$0.end) }
        #expect(texts == [Self.family, Self.flagFR, "e\u{301}", "\u{4E2D}\u{6587}", "\u{5E9}\u{5DC}\u{5D5}\u{5DD}"])
    }

    @Test func unicodeMentionAndBlockOffsets() throws {
        let doc = try Document(json: Self.unicodeDocuments[1])
        #expect(doc.spans == [
            Span(0, 4, .mention(uid: "zoe", name: "Zo\u{EB}")), Span(5, 6, .strike), Span(7, 9, .block(.quote)),
        ])
        #expect(doc.text(in: 7..<9) == "\u{1F1EF}\u{1F1F5}")
        #expect(doc.lineBlocks == [nil, .quote])
    }

    @Test func unicodeSpanMayEndBetweenScalarsOfOneCluster() throws {
        // Offsets are scalars, not clusters: a span over the flag's first regional indicator is valid.
        let doc = try Document(json: docJSON(Self.flagFR, spanJSON(0, 1, "bold")))
        #expect(doc.spans == [Span(0, 1, .bold)])
        expectRefusal(.outOfRange) { try Document(json: docJSON(Self.flagFR, spanJSON(0, 3, "bold"))) }
    }

    @Test func escapedAstralScalarsCountAsOne() throws {
        let doc = try Document(json: #"{"text":"\ud83d\ude00a","spans":[{"start":1,"end":2,"format":"bold"}]}"#)
        #expect(doc.text == "😀a")
        #expect(doc.spans == [Span(1, 2, .bold)])
        #expect(doc.json == #"{"text":"😀a","spans":[{"start":1,"end":2,"format":"bold"}]}"#)
    }
}
