import Testing
@testable import ComposerCore

@Suite struct JSONTests {
    @Test func parsesAndWritesRoundTrip() throws {
        let text = #"{"a":[1,-2,3.5,true,false,null],"b":"x\"\\\n\u00e9\ud83d\ude00"}"#
        let value = try JSONParser.parse(text)
        #expect(JSONWriter.write(value) == #"{"a":[1,-2,3.5,true,false,null],"b":"x\"\\\né😀"}"#)
    }

    /// Every strict prefix of a valid object is refused, by the tree parser and by the document
    /// layout reader, and none traps: each look at the next byte (a literal's letters, an
    /// escape's, a surrogate pair's second half, a number's fraction and exponent, a document's
    /// members) must meet the input's end wherever it falls.
    @Test func everyPrefixOfAnObjectIsRefused() throws {
        let text = #"{"a":[1,-2.5e+3,0.25E-1,true,false,null,{},[]],"b":"x\"\\\n\u00e9\ud83d\ude00 \/é","#
            + #""document":{"text":"ab\u00e9\n\"","spans":[{"start":0,"end":1,"format":"link","url":"https://e.com/"},"#
            + ##"{"start":1,"end":2,"format":"color","color":"#ff0000"},{"start":2,"end":4,"format":"quote"}]},"c":{"d":[[{}]]}}"##
        let bytes = Array(text.utf8)
        let paths: Set<[String]> = [["document"]]
        /// The first `count` bytes parsed; the documents the layout reader took (none without it).
        @discardableResult
        func parse(_ count: Int, documents: Bool) throws(ComposerError) -> [[String]: (text: String, spans: [Span])] {
            try bytes.withUnsafeBufferPointer { all throws(ComposerError) in
                let prefix = UnsafeBufferPointer(rebasing: all[..<count])
                if documents { return try JSONParser.parse(utf8: prefix, readingDocumentsAt: paths).documents }
                _ = try JSONParser.parse(utf8: prefix)
                return [:]
            }
        }
        try parse(bytes.count, documents: false)
        // The whole object is read, its document by the layout reader.
        let whole = try parse(bytes.count, documents: true)
        #expect(whole[["document"]]?.text == "ab\u{E9}\n\"")
        #expect(whole[["document"]]?.spans.count == 3)
        for count in 0..<bytes.count {
            #expect(throws: ComposerError.self, "\(count) bytes") { try parse(count, documents: false) }
            #expect(throws: ComposerError.self, "\(count) bytes") { try parse(count, documents: true) }
        }
    }

    /// Strings longer than a block (16 bytes): escapes at a block's first and last byte, between
    /// blocks, after clean blocks, in the tail, and non-ASCII (which a block test may flag) are
    /// written as the byte-by-byte writer would, and parse back.
    @Test(arguments: [
        String(repeating: "a", count: 40),
        "\"" + String(repeating: "b", count: 15) + "\\" + String(repeating: "c", count: 16) + "\n",
        String(repeating: "x", count: 32) + "\u{1}" + String(repeating: "y", count: 5) + "\t\u{8}\u{C}\r",
        "é😀中" + String(repeating: "z", count: 20) + "\u{1F}\"" + "ÿ\u{7F}",
        String(repeating: "\"", count: 33),
    ])
    func writesLongStringsAsByteByByte(_ s: String) throws {
        var expected = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": expected += "\\\""
            case "\\": expected += "\\\\"
            case "\n": expected += "\\n"
            case "\r": expected += "\\r"
            case "\t": expected += "\\t"
            case "\u{8}": expected += "\\b"
            case "\u{C}": expected += "\\f"
            case _ where scalar.value < 0x20: expected += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: expected.unicodeScalars.append(scalar)
            }
        }
        expected += "\""
        let written = JSONWriter.write(.string(s))
        #expect(written == expected)
        #expect(try JSONParser.parse(written) == .string(s))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\":1,}", "01", "\"\\ud800\"", "\"\\udc00x\"", "nul", "1 2", "{\"a\":1,\"a\":2}", "\"\u{01}\"", "[" + String(repeating: "[", count: 200)])
    func refusesMalformedInput(_ text: String) {
        #expect(throws: ComposerError.self) { try JSONParser.parse(text) }
    }

    /// Each refusal says what is wrong and where (the byte offset), as a C host reads it in
    /// mc_last_error(). Whitespace is JSON's four characters only: a byte order mark or a comment is
    /// an unexpected character.
    @Test(arguments: [
        ("", "unexpected end of input at byte 0"),
        ("   ", "unexpected end of input at byte 3"),
        ("{", "expected a string key at byte 1"),
        (#"{"trim":true,}"#, "expected a string key at byte 13"),
        ("{'trim':true}", "expected a string key at byte 1"),
        ("{trim:true}", "expected a string key at byte 1"),
        (#"{"trim":tru}"#, "invalid literal at byte 11"),
        (#"{"trim":True}"#, "unexpected character at byte 8"),
        ("{} {}", "unexpected data after the JSON value at byte 3"),
        ("/* defaults */ {}", "unexpected character at byte 0"),
        ("{} // defaults", "unexpected data after the JSON value at byte 3"),
        ("\u{FEFF}{}", "unexpected character at byte 0"),
        (#"{"a":true,"a":false}"#, #"duplicate key "a" at byte 13"#),
        ("01", "leading zero in number at byte 2"),
        ("+1", "unexpected character at byte 0"),
        ("1.", "invalid number at byte 2"),
        ("NaN", "unexpected character at byte 0"),
        ("1e999", "number out of range at byte 5"),
        (#"["a\x"]"#, "invalid escape at byte 5"),
        (#"["\ud800"]"#, #"unpaired surrogate in \u escape at byte 8"#),
        ("[\"tab\there\"]", "control character in string at byte 5"),
        (#"["unterminated]"#, "unterminated string at byte 15"),
    ])
    func refusalsSayWhatAndWhere(_ text: String, _ message: String) {
        #expect(throws: ComposerError.invalidJSON(message)) { try JSONParser.parse(text) }
    }

    /// Strings are passed 16 bytes at a time up to what stops them (a quote, a backslash, a
    /// control character): each of those at every place of strings around a block's length,
    /// plain and after an escape, and in the document layout's own reader.
    @Test func everyPlaceOfAStringIsRead() throws {
        for length in 0...40 {
            let plain = String(repeating: "é", count: length / 3) + String(repeating: "a", count: length - length / 3)
            #expect(try JSONParser.parse("[\"\(plain)\"]") == .array([.string(plain)]))
            for k in 0...plain.unicodeScalars.count {
                let head = String(plain.unicodeScalars.prefix(k)), tail = String(plain.unicodeScalars.dropFirst(k))
                #expect(try JSONParser.parse("[\"\(head)\\n\\u00e9\(tail)\"]") == .array([.string(head + "\n\u{E9}" + tail)]))
                let offset = 2 + head.utf8.count
                #expect(throws: ComposerError.invalidJSON("control character in string at byte \(offset)")) {
                    try JSONParser.parse("[\"\(head)\u{1F}\(tail)\"]")
                }
                #expect(throws: ComposerError.invalidJSON("control character in string at byte \(offset + 2)")) {
                    try JSONParser.parse("[\"\\n\(head)\u{1F}\(tail)\"]")
                }
                #expect(JSONParser.readDocumentLayout("{\"text\":\"\(head)\u{1F}\(tail)\"}") == nil)
                #expect(JSONParser.readDocumentLayout("{\"text\":\"\(head)\\u00e9\(tail)\"}")?.text == head + "\u{E9}" + tail)
            }
            #expect(throws: ComposerError.invalidJSON("unterminated string at byte \(2 + plain.utf8.count)")) { try JSONParser.parse("[\"\(plain)") }
        }
    }

    @Test func nestingIsRefusedAtItsLimitWithoutRecursingFurther() {
        let deep = #"{"allowed_types":"# + String(repeating: "[", count: 100_000)
        #expect(throws: ComposerError.limitExceeded("JSON nested deeper than 128 levels (at byte 144)")) { try JSONParser.parse(deep) }
    }

    @Test func integersStayExact() throws {
        #expect(try JSONParser.parse("9223372036854775807") == .integer(Int64.max))
        #expect(try JSONParser.parse("-9223372036854775808") == .integer(Int64.min))
        #expect(try JSONParser.parse("9223372036854775808") == .double(9223372036854775808))
        #expect(try JSONParser.parse("-0") == .integer(0))
    }

    /// Values compare as written: objects member by member in source order (keys kept in order
    /// for messages), so one more or one fewer member, or the same members in another order,
    /// makes another value; arrays element by element.
    @Test func valuesAreEqualOnlyWithEveryMemberInOrder() throws {
        let value = try JSONParser.parse(#"{"a":1,"b":[true,null]}"#)
        #expect(value == (try JSONParser.parse(#"{ "a": 1, "b": [true, null] }"#)))
        for other in [#"{"a":1}"#, #"{"a":1,"b":[true,null],"c":2}"#, #"{"b":[true,null],"a":1}"#,
                      #"{"a":1,"b":[true]}"#, #"{"a":1,"b":[true,null,null]}"#, #"{"a":2,"b":[true,null]}"#,
                      #"{"a":1,"c":[true,null]}"#, #"[1,[true,null]]"#] {
            #expect(value != (try JSONParser.parse(other)), "\(other)")
            #expect((try JSONParser.parse(other)) != value, "\(other)")
        }
    }

    @Test func readerRefusesUnknownKeysAndWrongTypes() throws {
        var r = try JSONObjectReader(try JSONParser.parse(#"{"x":1,"y":"s"}"#), context: "t")
        #expect(try r.integer("x") == 1)
        #expect(throws: ComposerError.self) { try r.finish() }
        #expect(throws: ComposerError.self) { try r.bool("y") }
    }
}

/// The byte writer of the keystroke events: integers at every digit count and both extremes, and
/// strings escaped as `JSONWriter` escapes them.
@Suite struct JSONBytesTests {
    @Test func integersAsDecimal() {
        var values: [Int] = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 65538, Int.max, Int.min, Int.min + 1, -1, -10, -99, -100]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power]
        }
        for value in values {
            var json = JSONBytes()
            json.raw("[")
            json.integer(value)
            json.raw("]")
            #expect(json.take() == "[\(value)]")
        }
    }

    @Test func stringsEscapedLikeTheWriter() {
        let text = "a\"b\\c\n\r\t\u{8}\u{C}\u{1}\u{1F} é 😀"
        var json = JSONBytes(capacity: 1)  // grows as it goes
        json.string(utf8: Array(text.utf8))
        #expect(json.take() == JSONWriter.write(.string(text)))
        #expect(json.take() == "")  // taken: the writer starts again empty
    }

    /// Appends of every length from 0 to 40 (the small ones moved as overlapping words, the
    /// others copied) after every offset up to 17, growing the buffer from nothing: the bytes
    /// come out as they went in.
    @Test func byteBufferKeepsEveryAppendOfEverySize() {
        for offset in 0...17 {
            var buffer = ByteBuffer()
            var expected: [UInt8] = []
            let head = (0..<offset).map { UInt8(truncatingIfNeeded: 200 &+ $0) }
            head.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
            expected += head
            for length in 0...40 {
                let piece = (0..<length).map { UInt8(truncatingIfNeeded: length &* 7 &+ $0) }
                piece.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
                expected += piece
            }
            #expect(buffer.array == expected, "offset \(offset)")
        }
    }

    /// A placeholder buffer (no room, no memory) reads as empty, and each way of writing into it
    /// makes room first: a byte, bytes, a literal, and a cursor over its free room.
    @Test func aBufferWithNoRoomGrowsForEveryWrite() {
        #expect(ByteBuffer().capacity == 0)
        #expect(ByteBuffer().withUnsafeBufferPointer { $0.count } == 0)
        #expect(ByteBuffer().array == [])

        var byte = ByteBuffer()
        byte.append(UInt8(ascii: "a"))
        #expect(byte.array == Array("a".utf8))

        var literal = ByteBuffer()
        literal.append("{\"text\":")
        #expect(literal.array == Array("{\"text\":".utf8))

        var cursor = ByteBuffer()
        cursor.writeIntoFreeRoom { $0.put(UInt8(ascii: "[")) }
        cursor.reserve(200)
        cursor.writeIntoFreeRoom { w in
            for _ in 0..<100 { w.put("ab") }
        }
        #expect(cursor.array == Array(("[" + String(repeating: "ab", count: 100)).utf8))

        // Emptied, it keeps its room.
        var kept = cursor
        kept.removeAll()
        #expect(kept.capacity == cursor.capacity && kept.isEmpty)
    }

    /// One byte that needs escaping (or none) at every position of URLs of every length around the
    /// 16-byte blocks, found by the block-wise test and by the byte-wise one below 16 bytes.
    @Test func needsNoEscapeFindsEveryEscapedByte() {
        let escaped: [UInt8] = [0x00, 0x0A, 0x1F, UInt8(ascii: "\""), UInt8(ascii: "\\")]
        let fine: [UInt8] = [0x20, UInt8(ascii: "a"), UInt8(ascii: "/"), 0x7F, 0xC3, 0xFF]
        var rng = SeededRandom(seed: 5)
        for length in 0...40 {
            for position in -1..<length {
                var bytes = (0..<length).map { _ in rng.pick(fine) }
                if position >= 0 { bytes[position] = rng.pick(escaped) }
                // Known from how the bytes were made: one byte to escape, at `position`, or none.
                #expect(bytes.withUnsafeBufferPointer(JSONWriter.needsNoEscape) == (position < 0), "\(bytes)")
            }
        }
    }

    /// Writing into a caller's buffer, then past its end: the bytes written before the move are
    /// kept, and the caller's buffer is left as it was past them.
    @Test func aBorrowedBufferOverflowsIntoItsOwn() {
        let text = String(repeating: "0123456789", count: 10)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { stack in
            stack.initialize(repeating: 0xEE)
            var json = JSONBytes(borrowing: stack)
            json.raw("[")
            json.integer(42)
            #expect(json.take() == "[42")
            json.string(utf8: Array(text.utf8))
            #expect(json.take() == "\"\(text)\"")
            #expect(stack[0] == UInt8(ascii: "\""))
        }
    }
}

@Suite struct ByteCursorTests {
    /// Every digit count, both signs, the edges of two-digit steps: what `String` prints.
    @Test func decimalsAsStringPrintsThem() {
        var values: [Int] = [0, 1, 9, 10, 11, 42, 99, 100, 101, 999, 1000, 1001, 65538, Int.max, Int.min, Int.min + 1, -1, -10]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, power / 2 + 7]
        }
        // Every digit pair in every place of the table-driven path (below a million).
        values += Array(0..<100_000) + Array(stride(from: 100_000, to: 1_000_000, by: 101))
        for value in values {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { room in
                guard let base = room.baseAddress else { Issue.record("a temporary allocation with no address"); return }
                var w = ByteCursor(base: base, capacity: room.count)
                w.putDecimal(value)
                #expect(String(decoding: UnsafeBufferPointer(start: base, count: w.count), as: UTF8.self) == String(value))
            }
        }
    }

    /// A number that does not fit is dropped whole: nothing is written past the room.
    @Test func aDecimalThatDoesNotFitIsDropped() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { room in
            guard let base = room.baseAddress else { Issue.record("a temporary allocation with no address"); return }
            room.initialize(repeating: 0xEE)
            var w = ByteCursor(base: base, capacity: 4)
            w.putDecimal(12)
            w.putDecimal(345)
            #expect(w.count == 2)
            #expect(Array(room) == [0x31, 0x32, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE])
        }
    }

    /// A byte or a literal that does not fit is dropped as a number is: a full cursor writes
    /// nothing at its end, and a literal longer than the room left writes none of its bytes.
    @Test func aByteOrLiteralThatDoesNotFitIsDropped() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { room in
            guard let base = room.baseAddress else { Issue.record("a temporary allocation with no address"); return }
            room.initialize(repeating: 0xEE)
            var w = ByteCursor(base: base, capacity: 4)
            w.put(UInt8(ascii: "a"))
            w.put("bc")
            w.put("de")
            #expect(w.count == 3)
            w.put(UInt8(ascii: "f"))
            w.put(UInt8(ascii: "g"))
            w.put("h")
            #expect(w.count == 4)
            #expect(Array(room) == Array("abcf".utf8) + [0xEE, 0xEE, 0xEE, 0xEE])
        }
    }

    /// A number that fills the room left exactly is written whole, at every length and sign (in
    /// room of less than six bytes every number takes the long path).
    @Test func aDecimalThatFillsTheRoomIsWritten() {
        var values = [Int.max, Int.min, Int.min + 1]
        var power = 1
        for _ in 0..<19 {
            values += [power, -power, power * 7 / 3]
            if power <= Int.max / 10 { power *= 10 }
        }
        for value in values {
            let text = String(value)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.utf8.count + 8) { room in
                guard let base = room.baseAddress else { Issue.record("a temporary allocation with no address"); return }
                var w = ByteCursor(base: base, capacity: text.utf8.count)
                w.putDecimal(value)
                #expect(String(decoding: UnsafeBufferPointer(start: base, count: w.count), as: UTF8.self) == text)
            }
        }
    }

    /// Bytes copied as they are between quotes, at every length around the 8-byte steps and the
    /// switch to a bulk copy; a string that does not fit is dropped whole.
    @Test func quotedBytesAreCopiedWholeOrNotAtAll() {
        for n in [0, 1, 7, 8, 9, 15, 16, 17, 23, 63, 64, 65, 100] {
            let bytes = (0..<n).map { UInt8(0x41 + $0 % 26) }
            for room in [n + 1, n + 2, n + 5] {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room + 8) { buffer in
                    guard let base = buffer.baseAddress else { Issue.record("a temporary allocation with no address"); return }
                    buffer.initialize(repeating: 0xEE)
                    var w = ByteCursor(base: base, capacity: room)
                    bytes.withUnsafeBufferPointer { w.putQuoted($0) }
                    let written = n + 2 <= room ? [0x22] + bytes + [0x22] : []
                    #expect(w.count == written.count)
                    #expect(Array(buffer) == written + Array(repeating: 0xEE, count: room + 8 - written.count))
                }
            }
        }
    }

    /// A string written with escapes (link URLs and mention names in span JSON): every control
    /// byte, the quote and the backslash escaped as JSON wants them, the rest as it is; the JSON
    /// parser reads back the text written.
    @Test func escapedStringsReadBackAsTheirText() throws {
        let text = String(decoding: Array(0x00...0x7F) + Array("é😀".utf8), as: UTF8.self)
        let json = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { room in
            guard let base = room.baseAddress else { Issue.record("a temporary allocation with no address"); return "" }
            var w = ByteCursor(base: base, capacity: room.count)
            w.putString(text.utf8)
            return String(decoding: UnsafeBufferPointer(start: base, count: w.count), as: UTF8.self)
        }
        #expect(json.hasPrefix(#""\u0000\u0001\u0002"#) && json.contains(#"\b\t\n\u000b\f\r\u000e"#))
        #expect(json.contains(##"\u001a\u001b\u001c\u001d\u001e\u001f !\"#$"##) && json.contains(#"[\\]"#))
        #expect(try JSONParser.parse(json) == .string(text))
    }
}

/// The link URLs of a parse as the span writer writes them: as `ValueTable` writes them (escaped
/// where JSON needs it), and the last URL given again keeps its id.
@Suite struct ParsedValuesTests {
    @Test func linksAreWrittenAsTheValueTableWritesThem() {
        var table = ValueTable()
        let urls = ["https://e.com/a", "x\"y\\z", "tab\there", "https://e.com/a-longer-path/than-8-bytes", "", "é"]
        for url in urls { _ = table.intern(link: url) }
        let values = ParsedValues(table)
        for id in UInt32(0)...UInt32(urls.count + 1) {
            let span = FlatSpan(start: 0, end: 1, kind: .link, key: id)
            #expect(values.valueBound(span) >= table.valueBound(span))
            #expect(written(values.valueBound(span)) { values.writeLink(id, to: &$0) }
                == written(table.valueBound(span)) { table.writeLink(id, to: &$0) })
        }
    }

    @Test func theLastLinkGivenAgainKeepsItsId() {
        var values = ParsedValues()
        func id(_ url: String) -> UInt32 { Array(url.utf8).withUnsafeBufferPointer { values.link($0) } }
        #expect(id("https://e.com/p?q=(c)") == 1)
        #expect(id("https://e.com/p?q=(c)") == 1)
        #expect(id("https://e.com/p?q=(d)") == 2)
        #expect(id("https://e.com/p?q=(c)") == 3)
        #expect(id("short") == 4)
        #expect(id("short") == 4)
        #expect(id("shorT") == 5)
    }

    @Test func mentionsReadBackAndUnknownIdsAreEmpty() {
        var values = ParsedValues()
        func read(_ id: UInt32) -> (uid: String, name: String) {
            (values.withMentionUID(id) { String(decoding: $0, as: UTF8.self) }, values.withMentionName(id) { String(decoding: $0, as: UTF8.self) })
        }
        let bob = values.add(mention: MentionValue(uid: "u42", name: "Bob Ünal"))
        let uidOnly = Array("u7".utf8).withUnsafeBufferPointer { values.add(mentionOfUID: $0) }
        let link = Array("https://e.com".utf8).withUnsafeBufferPointer { values.link($0) }
        #expect((bob, uidOnly, link) == (1, 2, 1))
        #expect(read(bob) == ("u42", "Bob Ünal"))
        #expect(read(uidOnly) == ("u7", "u7"))
        #expect(values.withLink(link) { String(decoding: $0, as: UTF8.self) } == "https://e.com")
        for unknown: UInt32 in [0, 3, .max] { #expect(read(unknown) == ("", "")) }
        for unknown: UInt32 in [0, 2, .max] { #expect(values.withLink(unknown) { $0.count } == 0) }
        values.removeAll()
        #expect(read(bob) == ("", ""))
        #expect(values.withLink(link) { $0.count } == 0)
        #expect(values.add(mention: MentionValue(uid: "u1", name: "Al")) == 1)
        #expect(read(1) == ("u1", "Al"))
    }

    private func written(_ bound: Int, _ write: (inout ByteCursor) -> Void) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { room in
            guard let base = room.baseAddress else { return [] }
            var w = ByteCursor(base: base, capacity: room.count)
            write(&w)
            return Array(UnsafeBufferPointer(start: base, count: w.count))
        }
    }
}
