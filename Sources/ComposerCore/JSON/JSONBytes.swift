/// A small JSON writer into one byte buffer, for payloads built on every keystroke (the text,
/// formatting and selection events), where `JSONValue` trees and string appends cost more than
/// the edit they describe.
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func integer(_ value: Int) {
        // Digits into a stack buffer from the end, then one append.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var i = digits.count
            repeat {
                i -= 1
                digits[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
        }
    }

    /// A JSON string of UTF-8 `text`, escaped as `JSONWriter` escapes.
    mutating func string<C: Collection>(utf8 text: C) where C.Element == UInt8 {
        bytes.append(UInt8(ascii: "\""))
        escaped(utf8: text)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A JSON string whose UTF-8 text comes in pieces: `body` gets a writer to pass each piece to.
    mutating func string(pieces body: (inout JSONBytes) -> Void) {
        bytes.append(UInt8(ascii: "\""))
        body(&self)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 `text` escaped for inside a JSON string.
    mutating func escaped<C: Collection>(utf8 text: C) where C.Element == UInt8 {
        for b in text {
            switch b {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0..<0x20:
                raw("\\u00")
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(hex[Int(b >> 4)])
                bytes.append(hex[Int(b & 0xF)])
            default: bytes.append(b)
            }
        }
    }
}
