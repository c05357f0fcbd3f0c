import Testing
@testable import ComposerCore

@Suite struct JSONTests {
    @Test func parsesAndWritesRoundTrip() throws {
        let text = #"{"a":[1,-2,3.5,true,false,null],"b":"x\"\\\n\u00e9\ud83d\ude00"}"#
        let value = try JSONParser.parse(text)
        #expect(JSONWriter.write(value) == #"{"a":[1,-2,3.5,true,false,null],"b":"x\"\\\né😀"}"#)
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\":1,}", "01", "\"\\ud800\"", "\"\\udc00x\"", "nul", "1 2", "{\"a\":1,\"a\":2}", "\"\u{01}\"", "[" + String(repeating: "[", count: 200)])
    func refusesMalformedInput(_ text: String) {
        #expect(throws: ComposerError.self) { try JSONParser.parse(text) }
    }

    @Test func integersStayExact() throws {
        #expect(try JSONParser.parse("9223372036854775807") == .integer(Int64.max))
        #expect(try JSONParser.parse("-9223372036854775808") == .integer(Int64.min))
        #expect(try JSONParser.parse("9223372036854775808") == .double(9223372036854775808))
    }

    @Test func readerRefusesUnknownKeysAndWrongTypes() throws {
        var r = try JSONObjectReader(try JSONParser.parse(#"{"x":1,"y":"s"}"#), context: "t")
        #expect(try r.integer("x") == 1)
        #expect(throws: ComposerError.self) { try r.finish() }
        #expect(throws: ComposerError.self) { try r.bool("y") }
    }
}
