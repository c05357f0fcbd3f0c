// A small generic JSON reader and string writer for the harness. The harness only talks to the C
// API, so it reads what the library returns (document, snapshot, mentions, event payloads) as plain
// JSON values, never through ComposerCore: the checks keep working when the engine's internals or
// the payload shapes change.

/// A JSON value; numbers keep their source text (the checks compare, never compute).
enum JSON: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSON])
    case object([(key: String, value: JSON)])

    static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    var array: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The object without `key` (other values unchanged).
    func removing(_ key: String) -> JSON {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { $0.key != key })
    }

    /// Parses JSON text; nil when it is not JSON (depth-limited: the library's output is shallow).
    static func parse(_ text: String) -> JSON? {
        var parser = Parser(bytes: Array(text.utf8))
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.index == parser.bytes.count ? value : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func literal(_ word: StaticString, _ value: JSON) -> JSON? {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return nil }
            for k in 0..<count where bytes[index + k] != word.utf8Start[k] { return nil }
            index += count
            return value
        }

        mutating func value(depth: Int) -> JSON? {
            guard depth < 64 else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "n"): return literal("null", .null)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "\""): return string().map(JSON.string)
            case UInt8(ascii: "["):
                index += 1
                var items: [JSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                    guard bytes[index] == UInt8(ascii: ",") else { return nil }
                    index += 1
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: JSON)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let item = value(depth: depth + 1) else { return nil }
                    members.append((key, item))
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                    guard bytes[index] == UInt8(ascii: ",") else { return nil }
                    index += 1
                }
            default:
                let start = index
                while index < bytes.count, "+-.0123456789eE".utf8.contains(bytes[index]) { index += 1 }
                guard index > start else { return nil }
                return .number(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }

        /// A string at `index` (the opening quote); escapes decoded, surrogate pairs joined. The
        /// bytes are gathered (escapes as their UTF-8) and decoded once: this runs on every string
        /// of every document and snapshot the checks read.
        mutating func string() -> String? {
            index += 1
            let start = index
            // Most strings have no escape: one scan, one decode.
            while index < bytes.count {
                let b = bytes[index]
                if b == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: bytes[start..<index - 1], as: UTF8.self)
                }
                if b < 0x20 { return nil }
                if b == UInt8(ascii: "\\") { break }
                index += 1
            }
            var raw = Array(bytes[start..<index])
            while index < bytes.count {
                let b = bytes[index]
                index += 1
                if b == UInt8(ascii: "\"") { return String(decoding: raw, as: UTF8.self) }
                if b < 0x20 { return nil }
                if b != UInt8(ascii: "\\") { raw.append(b); continue }
                guard index < bytes.count else { return nil }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): raw.append(e)
                case UInt8(ascii: "b"): raw.append(0x08)
                case UInt8(ascii: "f"): raw.append(0x0C)
                case UInt8(ascii: "n"): raw.append(0x0A)
                case UInt8(ascii: "r"): raw.append(0x0D)
                case UInt8(ascii: "t"): raw.append(0x09)
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                        index += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    UTF8.encode(scalar) { raw.append($0) }
                default: return nil
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
            index += 4
            return v
        }
    }
}

/// `s` as a JSON string literal (for the mention-names object the harness builds).
func jsonQuoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

// Shortcuts for the checks that run after every call: they answer from the bytes when they can
// and parse only when they cannot, so a check costs a scan instead of a parse of the document.

/// Whether `text` holds `needle` (a byte search).
func contains(_ text: String, _ needle: StaticString) -> Bool {
    let n = needle.utf8CodeUnitCount
    let bytes = Array(text.utf8)
    guard n > 0, bytes.count >= n else { return n == 0 }
    let first = needle.utf8Start[0]
    var i = 0
    while i + n <= bytes.count {
        if bytes[i] == first {
            var k = 1
            while k < n, bytes[i + k] == needle.utf8Start[k] { k += 1 }
            if k == n { return true }
        }
        i += 1
    }
    return false
}

/// The text member of document JSON as written, escapes and all (between its quotes), when the
/// document starts with it, as the library writes documents; nil otherwise.
func rawText(ofDocument document: String) -> ArraySlice<UInt8>? {
    let bytes = Array(document.utf8)
    let prefix: StaticString = "{\"text\":\""
    let start = prefix.utf8CodeUnitCount
    guard bytes.count > start, (0..<start).allSatisfy({ bytes[$0] == prefix.utf8Start[$0] }) else { return nil }
    var i = start
    while i < bytes.count {
        switch bytes[i] {
        case UInt8(ascii: "\""): return bytes[start..<i]
        case UInt8(ascii: "\\"): i += 2
        default: i += 1
        }
    }
    return nil
}

/// The inside of a JSON string for `s` with the escapes the library writes (\" \\ \n \r \t \b \f,
/// other control characters as \u00xx, everything else as is).
func escapedJSONBytes(_ s: String) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count)
    for b in s.utf8 {
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), b]
        case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
        case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            out += Array("\\u00".utf8) + [hex[Int(b >> 4)], hex[Int(b & 0xF)]]
        default: out.append(b)
        }
    }
    return out
}
