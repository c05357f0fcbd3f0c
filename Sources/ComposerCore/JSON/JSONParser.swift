/// A strict RFC 8259 parser over UTF-8 bytes: no trailing commas, no comments, no lone surrogates,
/// a nesting limit instead of unbounded recursion (`Limits.maxJSONDepth` levels of arrays and
/// objects; deeper input is `limitExceeded`), and linear time in the input.
///
/// It reads the string's own UTF-8 storage through a buffer pointer (no copy of the input, no
/// bounds check per byte): every read below is behind an `index < bytes.count` test, which is
/// what keeps it in bounds. Snapshots, documents and configurations are a few hundred bytes, so
/// the per-value costs (allocations, hashing) are what the parser is tuned for.
public struct JSONParser {
    /// Arrays and objects nest at most this deep; deeper input is refused rather than risking
    /// the stack.
    public static var maxDepth: Int { Limits.maxJSONDepth }

    /// Up to this many members an object checks a new key for duplicates by comparing it with the
    /// keys before it (cheaper than hashing for the few keys of real objects); past it, with a
    /// set, so that the check stays linear however many members there are.
    static let linearKeyLimit = 16

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// The bytes of a string with escapes, reused from one such string to the next.
    private var scratch: [UInt8] = []
    /// The members, by their path of keys from the top, whose document the plain-layout reader
    /// reads (`parse(utf8:readingDocumentsAt:)`), and what it read.
    private var documentPaths: Set<[String]> = []
    private var documents: [[String]: (text: String, spans: [Span])] = [:]

    public static func parse(_ text: String) throws(ComposerError) -> JSONValue {
        var text = text
        return try text.withUTF8Bytes { bytes throws(ComposerError) in try parse(utf8: bytes) }
    }

    /// `parse` of UTF-8 bytes (the caller checked they are UTF-8: the parser does not).
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(ComposerError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    /// `parse(utf8:)`, except that a member at one of `paths` (its keys from the top, through
    /// objects only) holding a document in the plain layout (`readDocumentLayout`) is read into
    /// its text and spans, returned by path, and stands as `null` in the tree. What the reader
    /// does not take (valid or not) the tree reads as `parse` does, so the input's errors are
    /// `parse`'s, and a document returned is what `Document(jsonValue:)` would read from the tree.
    /// Why: a snapshot is mostly its document, whose spans cost a tree object each.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, readingDocumentsAt paths: Set<[String]>) throws(ComposerError)
        -> (value: JSONValue, documents: [[String]: (text: String, spans: [Span])]) {
        var parser = JSONParser(bytes: bytes)
        parser.documentPaths = paths
        let value = try parser.parseDocument()
        return (value, parser.documents)
    }

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func parseDocument() throws(ComposerError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0, path: documentPaths.isEmpty ? nil : [])
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected data after the JSON value") }
        return value
    }

    private func error(_ message: String) -> ComposerError {
        .invalidJSON("\(message) at byte \(index)")
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            let b = bytes[index]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            index += 1
        }
    }

    /// `literal` (whose first byte the caller has seen) and then `value`; the error is at the
    /// first byte that differs.
    private mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(ComposerError) -> JSONValue {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        for k in 0..<count {
            guard index < bytes.count, bytes[index] == start[k] else { throw error("invalid literal") }
            index += 1
        }
        return value
    }

    /// Parses the value at `index`; `depth` is the number of arrays and objects around it, `path`
    /// the keys of the objects it lies in when they may lead to a path documents are read at (nil
    /// otherwise, and always inside an array).
    private mutating func parseValue(depth: Int, path: [String]? = nil) throws(ComposerError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < JSONParser.maxDepth else {
                throw .limitExceeded("JSON nested deeper than \(JSONParser.maxDepth) levels (at byte \(index))")
            }
            return bytes[index] == UInt8(ascii: "{") ? try parseObject(depth: depth + 1, path: path) : try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character")
        }
    }

    private mutating func parseObject(depth: Int, path: [String]?) throws(ComposerError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        // Filled only once the object passes `linearKeyLimit` members.
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        members.reserveCapacity(4)
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try parseString()
            if members.count < JSONParser.linearKeyLimit {
                for member in members where member.key == key { throw error("duplicate key \"\(key)\"") }
            } else {
                if keys.isEmpty { keys = Set(members.lazy.map(\.key)) }
                guard keys.insert(key).inserted else { throw error("duplicate key \"\(key)\"") }
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            if let path {
                let memberPath = path + [key]
                // A document's span objects lie two levels below it: where the tree would refuse
                // them as too deep, it reads the member and says so.
                if documentPaths.contains(memberPath), depth + 2 < JSONParser.maxDepth, let document = readDocumentValue() {
                    documents[memberPath] = document
                    members.append((key, .null))
                } else {
                    // Paths are followed only where they may lead to a document (a path per
                    // member of every object would cost an array each).
                    let leads = documentPaths.contains { $0.count > memberPath.count && $0.starts(with: memberPath) }
                    members.append((key, try parseValue(depth: depth, path: leads ? memberPath : nil)))
                }
            } else {
                members.append((key, try parseValue(depth: depth)))
            }
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
        elements.reserveCapacity(4)
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
            guard let digit = CharacterClass.hexValue(bytes[index]) else { throw error("invalid \\u escape") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The string whose opening quote is at `index`. Without escapes (nearly every string) it is
    /// decoded straight from the input; the first backslash (or a control character, or the end)
    /// hands over to `parseEscapedString`, which goes on from there.
    mutating func parseString() throws(ComposerError) -> String {
        index += 1
        let start = index
        index = stringStop(from: index)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            return text
        }
        return try parseEscapedString(from: start)
    }

    /// The first byte at or after `from` that a string's plain bytes stop at: a quote, a
    /// backslash or a control character (`bytes.count` for none). Found 16 bytes at a time: a
    /// loaded document's text is one string, a byte at a time some 10 instructions a byte.
    func stringStop(from: Int) -> Int {
        guard let base = bytes.baseAddress, from < bytes.count else { return bytes.count }
        typealias Block = ByteScan.Block
        return ByteScan.firstFlagged(base, from: from, bytes.count) { v in
            (v .== Block(repeating: UInt8(ascii: "\""))) .| (v .== Block(repeating: UInt8(ascii: "\\"))) .| (v .< Block(repeating: 0x20))
        } ?? bytes.count
    }

    /// The rest of a string that began at `start`, from `index`: its bytes are gathered in
    /// `scratch` and decoded once at the end (appending to a String.UnicodeScalarView copies it
    /// whole each time, which made strings with many escapes quadratic). The input is already
    /// valid UTF-8 (it came from a String).
    private mutating func parseEscapedString(from start: Int) throws(ComposerError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        while true {
            // Past the plain bytes: what stops them is a quote, a control character or a backslash.
            index = stringStop(from: index)
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if b < 0x20 { throw error("control character in string") }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
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
                UTF8.encode(scalar) { scratch.append($0) }
            default:
                throw error("invalid escape")
            }
            runStart = index
        }
    }

    /// A number. Integers are accumulated as their digits are read (what `Int64(text)` gave, with
    /// no string made); one that does not fit in `Int64`, and every fraction or exponent, is
    /// converted from its text by `Double`.
    private mutating func parseNumber() throws(ComposerError) -> JSONValue {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let intStart = index
        var magnitude: Int64 = 0
        var fits = true
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            if fits {
                let digit = Int64(bytes[index] &- UInt8(ascii: "0"))
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                // Negative numbers accumulate downwards, so that Int64.min fits.
                let (next, o2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
                if o1 || o2 { fits = false } else { magnitude = next }
            }
            index += 1
        }
        let intDigits = index - intStart
        guard intDigits > 0 else { throw error("invalid number") }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("leading zero in number") }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard skipDigits() > 0 else { throw error("invalid number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw error("invalid number") }
        }
        if isInteger, fits { return .integer(magnitude) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number out of range") }
        return .double(value)
    }

    /// Moves past decimal digits; how many there were.
    private mutating func skipDigits() -> Int {
        let s = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index - s
    }
}
