/// Decodes a character reference at `&`: named (`&amp;`), decimal (`&#38;`) or hexadecimal
/// (`&#x26;`), as CommonMark does. Invalid code points and U+0000 become U+FFFD, and a carriage
/// return a line feed.
enum EntityDecoder {
    /// Decodes the reference starting at `start` (an `&`) in `src`, appending its UTF-8 to `out`;
    /// returns how many bytes of `src` it takes, or nil (and appends nothing) when there is none.
    static func decode(_ src: [UInt8], at start: Int, into out: inout [UInt8]) -> Int? {
        var i = start + 1
        guard i < src.count else { return nil }
        if src[i] == UInt8(ascii: "#") {
            guard let (end, value) = src.withUnsafeBufferPointer({ numericReference($0, at: start) }) else { return nil }
            // A draft holds no carriage return: "&#13;" is a line break like any other.
            let scalar: Unicode.Scalar = value == 13 ? "\n" : value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
            UTF8Bytes.append(scalar, to: &out)
            return end - start
        }
        let nameStart = i
        while i < src.count, i - nameStart <= HTMLEntities.maxNameLength, isAlphanumeric(src[i]) { i += 1 }
        guard i > nameStart, i < src.count, src[i] == UInt8(ascii: ";") else { return nil }
        guard let value = HTMLEntities.table[String(decoding: src[nameStart..<i], as: UTF8.self)] else { return nil }
        out.append(contentsOf: value.utf8)
        return i + 1 - start
    }

    /// The numeric reference (`&#` and up to seven decimal digits, or `&#x` and up to six hex
    /// digits, then `;`) at `start`: where it ends, past its `;`, and its value. Through a pointer,
    /// with wrapping arithmetic (seven decimal digits fit in 32 bits). The digits are found first
    /// and valued only when a `;` ends them: "&#9999999" repeated without a `;` reads its digits at
    /// every `&`, a compare each.
    private static func numericReference(_ src: UnsafeBufferPointer<UInt8>, at start: Int) -> (end: Int, value: UInt32)? {
        var i = start + 2
        guard start >= 0, i <= src.count else { return nil }
        let hex = i < src.count && src[i] | 0x20 == UInt8(ascii: "x")
        if hex { i += 1 }
        let digitsStart = i
        let maxEnd = Swift.min(src.count, digitsStart + (hex ? 6 : 7))
        if hex {
            while i < maxEnd, src[i] &- UInt8(ascii: "0") < 10 || (src[i] | 0x20) &- UInt8(ascii: "a") < 6 { i += 1 }
        } else {
            while i < maxEnd, src[i] &- UInt8(ascii: "0") < 10 { i += 1 }
        }
        guard i > digitsStart, i < src.count, src[i] == UInt8(ascii: ";") else { return nil }
        var value: UInt32 = 0
        for k in digitsStart..<i {
            let b = src[k]
            let digit = b &- UInt8(ascii: "0") < 10 ? UInt32(b &- UInt8(ascii: "0")) : UInt32((b | 0x20) &- UInt8(ascii: "a")) &+ 10
            value = value &* (hex ? 16 : 10) &+ digit
        }
        return (i + 1, value)
    }

    /// Where the bytes end that `decode` reads of a reference at `start` that it does not decode:
    /// the `&`, a `#`, and the ASCII letters and digits after them (at most 32), none of them a
    /// byte the inline tokenizer acts on.
    static func literalEnd(ofFailedReferenceAt start: Int, in src: [UInt8]) -> Int {
        var i = start + 1
        if i < src.count, src[i] == UInt8(ascii: "#") { i += 1 }
        let limit = Swift.min(src.count, i + 32)
        while i < limit, isAlphanumeric(src[i]) { i += 1 }
        return Swift.max(i, start + 1)
    }

    /// Whether a reference can start at `start` (an `&`): an alphanumeric follows, or `#` and a
    /// digit or `x`. What `decode` needs first, told from two bytes.
    @inline(__always)
    static func mayStartReference(_ src: [UInt8], at start: Int) -> Bool {
        let next = UTF8Bytes.byte(src, start + 1)
        guard next == UInt8(ascii: "#") else { return isAlphanumeric(next) }
        let third = UTF8Bytes.byte(src, start + 2)
        return LineScan.isDigit(third) || third == UInt8(ascii: "x") || third == UInt8(ascii: "X")
    }

    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }
}
