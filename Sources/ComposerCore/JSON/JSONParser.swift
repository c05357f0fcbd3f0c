/// A strict RFC 8259 parser over UTF-8 bytes: no trailing commas, no comments, no lone surrogates,
/// a nesting limit instead of unbounded recursion (`Limits.maxJSONDepth` levels of arrays and
/// objects; deeper input is `limitExceeded`), and linear time in the input.
/// Appends a scalar's UTF-8 encoding through `utf8`.
private struct ScalarSink {
    let utf8: ([UInt8]) -> Void

    mutating func append(_ scalar: Unicode.Scalar) {
        utf8(Array(String(scalar).utf8))
    }
}

public struct JSONParser {
    /// Arrays and objects nest at most this deep; deeper input is refused rather than risking
    /// the stack.
    public static var maxDepth: Int { Limits.maxJSONDepth }

    private let bytes: [UInt8]
    private var index = 0

    public static func parse(_ text: String) throws(ComposerError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected data after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> ComposerError {
        .invalidJSON("\(message) at byte \(index)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func expect(_ literal: String, _ value: JSONValue) throws(ComposerError) -> JSONValue {
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw error("invalid literal") }
            index += 1
        }
        return value
    }

    /// Parses the value at `index`; `depth` is the number of arrays and objects around it.
    private mutating func parseValue(depth: Int) throws(ComposerError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < JSONParser.maxDepth else {
                throw .limitExceeded("JSON nested deeper than \(JSONParser.maxDepth) levels (at byte \(index))")
            }
            return bytes[index] == UInt8(ascii: "{") ? try parseObject(depth: depth + 1) : try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character")
        }
    }

    private mutating func parseObject(depth: Int) throws(ComposerError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        // Keys seen so far: a duplicate check that stays linear however many members there are.
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try parseString()
            guard keys.insert(key).inserted else { throw error("duplicate key \"\(key)\"") }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(ComposerError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseHex4() throws(ComposerError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseString() throws(ComposerError) -> String {
        index += 1
        // UTF-8 bytes, decoded once at the end (appending to a String.UnicodeScalarView copies it
        // whole each time, which made strings with many escapes quadratic). The input is already
        // valid UTF-8 (it came from a String).
        var utf8: [UInt8] = []
        var runStart = index
        func flush(_ end: Int) {
            if end > runStart { utf8.append(contentsOf: bytes[runStart..<end]) }
        }
        var scalars = ScalarSink(utf8: { utf8.append(contentsOf: $0) })
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                flush(index)
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if b < 0x20 { throw error("control character in string") }
            if b != UInt8(ascii: "\\") { index += 1; continue }
            flush(index)
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let high = try parseHex4()
                var code = high
                if (0xD800...0xDBFF).contains(high) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                    code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(high) {
                    throw error("unpaired surrogate in \\u escape")
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                scalars.append(scalar)
            default:
                throw error("invalid escape")
            }
            runStart = index
        }
    }

    private mutating func parseNumber() throws(ComposerError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ p: inout Int, _ bytes: [UInt8]) -> Int {
            let s = p
            while p < bytes.count, bytes[p] >= UInt8(ascii: "0"), bytes[p] <= UInt8(ascii: "9") { p += 1 }
            return p - s
        }
        let intStart = index
        let intDigits = digits(&index, bytes)
        guard intDigits > 0 else { throw error("invalid number") }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("leading zero in number") }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits(&index, bytes) > 0 else { throw error("invalid number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&index, bytes) > 0 else { throw error("invalid number") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int64(text) { return .integer(value) }
        guard let value = Double(text), value.isFinite else { throw error("number out of range") }
        return .double(value)
    }
}
