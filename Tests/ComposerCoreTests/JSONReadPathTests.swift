import Testing
@testable import ComposerCore

/// The JSON reading code has two ways to each result: strings decoded straight from the input or
/// through the escape path, duplicate keys found by comparison or (past
/// `JSONParser.linearKeyLimit` members) by a set, integers accumulated digit by digit or (when
/// they do not fit) converted as a Double, documents with ASCII or other text. Each pair must
/// agree.
@Suite struct JSONReadPathTests {
    /// Every scalar written as `\uXXXX` (a pair for those past the BMP): the escape path all along.
    private static func escapedWhole(_ s: String) -> String {
        var out = "\""
        for unit in s.utf16 {
            let hex = String(unit, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return out + "\""
    }

    @Test func stringsReadTheSameWithAndWithoutEscapes() throws {
        var random = SeededRandom(seed: 14)
        let alphabet: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{1F}", "\u{7F}",
                                          "é", "\u{301}", "中", "😀", "\u{FFFF}", "\u{10FFFF}"]
        for _ in 0..<400 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &random) { s.append(random.pick(alphabet)) }
            let text = String(s)
            // The writer escapes only what it must: strings without a quote, backslash or
            // control character take the direct path.
            #expect(try JSONParser.parse(JSONWriter.write(.string(text))) == .string(text))
            #expect(try JSONParser.parse(JSONReadPathTests.escapedWhole(text)) == .string(text))
            // An escape after some plain bytes: the direct start is kept, the rest gathered.
            // (Built by scalars: a leading combining mark would join the quote as a Character.)
            let plain = String(String.UnicodeScalarView(text.unicodeScalars.prefix(5).filter { $0.value >= 0x20 && $0 != "\"" && $0 != "\\" }))
            let mixed = "\"" + plain + "\\n" + String(JSONWriter.write(.string(text)).unicodeScalars.dropFirst())
            #expect(try JSONParser.parse(mixed) == .string(plain + "\n" + text))
        }
    }

    /// An object of `count` keys `k0`... with key `k\(duplicateOf)` given again last.
    private static func object(count: Int, duplicateOf: Int) -> (text: String, byte: Int) {
        var text = "{"
        for k in 0..<count { text += "\"k\(k)\":\(k)," }
        text += "\"k\(duplicateOf)\""
        return (text + ":0}", text.utf8.count)
    }

    @Test(arguments: [1, 2, JSONParser.linearKeyLimit - 1, JSONParser.linearKeyLimit, JSONParser.linearKeyLimit + 1, 40])
    func duplicateKeysAreFoundOnBothSidesOfTheLimit(_ count: Int) {
        for duplicateOf in 0..<count {
            let (text, byte) = JSONReadPathTests.object(count: count, duplicateOf: duplicateOf)
            #expect(throws: ComposerError.invalidJSON("duplicate key \"k\(duplicateOf)\" at byte \(byte)")) { try JSONParser.parse(text) }
        }
        var keys = (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        #expect(throws: Never.self) { try JSONParser.parse("{" + keys + "}") }
        // Keys are Strings: canonically equivalent spellings are one key, as a Set has them.
        keys += #","\u00e9":1,"e\u0301":2"#
        #expect(throws: ComposerError.self) { try JSONParser.parse("{" + keys + "}") }
    }

    @Test func integersReadAsInt64ParsesThemAndTheRestAsDouble() throws {
        var random = SeededRandom(seed: 64)
        var samples: [String] = ["0", "-0", "7", "-7", "9223372036854775807", "-9223372036854775808",
                                 "9223372036854775808", "-9223372036854775809", "18446744073709551616",
                                 "99999999999999999999999", "-1000000000000000000000", "1.5", "-2e3", "1E+2"]
        for _ in 0..<300 { samples.append(String(Int64.random(in: .min ... .max, using: &random))) }
        for _ in 0..<100 { samples.append(String(repeating: "9", count: Int.random(in: 18...22, using: &random))) }
        for text in samples {
            let expected: JSONValue
            if let i = Int64(text) { expected = .integer(i) } else { expected = .double(try #require(Double(text))) }
            #expect(try JSONParser.parse(text) == expected, "\(text)")
            #expect(try JSONParser.parse("[\(text)]") == .array([expected]), "\(text)")
        }
    }

    /// The offsets in these messages count scalars, also when the bytes before are not ASCII.
    @Test(arguments: [
        ("a\u{0}", "text holds U+0000 at offset 1 (drafts never hold it: C strings could not carry it)"),
        ("é😀\u{0}", "text holds U+0000 at offset 2 (drafts never hold it: C strings could not carry it)"),
        ("ab\r", "text holds a carriage return at offset 2; line breaks are \"\\n\" only"),
        ("中\ne\u{301}\r", "text holds a carriage return at offset 4; line breaks are \"\\n\" only"),
    ])
    func refusedCharactersAreAtTheirScalarOffset(_ text: String, _ message: String) {
        #expect(throws: ComposerError.invalidArgument(message)) { try Document(text: text, spans: []) }
    }

    /// The same formats on an ASCII text and on one with multi-byte scalars give the same spans.
    @Test func documentsOfAnyTextKeepTheirSpans() throws {
        let spans = [Span(0, 3, .bold), Span(2, 5, .italic), Span(6, 9, .block(.quote)), Span(7, 8, .code)]
        for text in ["abcde\nfgh", "aé😀d中\nxe\u{301}"] {
            let doc = try Document(text: text, spans: spans)
            #expect(doc.text == text)
            #expect(try Document(json: doc.json) == doc)
            #expect(doc.spans.map(\.start) == [0, 2, 6, 7])
        }
    }

    /// The reader keeps the first 64 members' flags in bits and the others in an array: the key
    /// it reports as unknown is the first not read, on either side.
    @Test(arguments: [0, 1, 63, 64, 65, 69])
    func theFirstUnreadKeyIsReportedOnBothSidesOf64(_ unread: Int) throws {
        let value = JSONValue.object((0..<70).map { ("k\($0)", .integer(Int64($0))) })
        var all = try JSONObjectReader(value, context: "wide")
        for k in 0..<70 { #expect(all.value("k\(k)") == .integer(Int64(k))) }
        #expect(throws: Never.self) { try all.finish() }
        var r = try JSONObjectReader(value, context: "wide", index: 3)
        for k in 0..<70 where k != unread { _ = r.value("k\(k)") }
        #expect(throws: ComposerError.invalidArgument("wide[3]: unknown key \"k\(unread)\"")) { try r.finish() }
    }
}
