/// Reading and writing UTF-8 in byte buffers, for the wire-format code that works on bytes.
/// Reads are bounds-checked and never trap: a position outside the buffer reads as 0, and bytes
/// that are not UTF-8 decode as U+FFFD one byte long (inputs come from Swift strings, so this is a
/// guard, not a path taken).
enum UTF8Bytes {
    /// The byte at `i`, or 0 outside the buffer (0 is never part of a parsed text).
    @inline(__always)
    static func byte(_ bytes: [UInt8], _ i: Int) -> UInt8 {
        i >= 0 && i < bytes.count ? bytes[i] : 0
    }

    @inline(__always)
    static func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }

    /// The scalar starting at `i` and its length in bytes.
    static func scalar(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar, Int) {
        let b0 = byte(bytes, i)
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        // `i` is in the buffer (a byte past it reads as 0, ASCII).
        let length = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { wellFormedLength($0, i, buffer.count) } ?? 0
        }
        guard length > 0 else { return ("\u{FFFD}", 1) }
        // The lead byte's value bits (5, 4 or 3 of them), then 6 from each continuation byte.
        var value = UInt32(b0 & (0xFF &>> (length + 1)))
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The length of the well-formed UTF-8 sequence whose lead byte (0x80 or above) is at `i` of
    /// the `n` bytes at `p`, or 0 when there is none: the Unicode standard's table of well-formed
    /// byte sequences (no overlong forms, no surrogates, nothing past U+10FFFF). Bytes past `n`
    /// read as 0, which continues nothing. The decoder above asks it; the validator
    /// (`UTF8Validator`, the C strings' check) states the same rules as a state machine, and the
    /// tests hold the two to the standard library's validation.
    @inline(__always)
    static func wellFormedLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        @inline(__always) func byte(_ k: Int) -> UInt8 { i + k < n ? p[i + k] : 0 }
        let b0 = p[i]
        switch b0 {
        case 0xC2...0xDF:
            return isContinuation(byte(1)) ? 2 : 0
        case 0xE0...0xEF:
            let b1 = byte(1)
            let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80, high: UInt8 = b0 == 0xED ? 0x9F : 0xBF
            return b1 >= low && b1 <= high && isContinuation(byte(2)) ? 3 : 0
        case 0xF0...0xF4:
            let b1 = byte(1)
            let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80, high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            return b1 >= low && b1 <= high && isContinuation(byte(2)) && isContinuation(byte(3)) ? 4 : 0
        default:
            return 0
        }
    }

    /// The scalar that ends just before `end` (nil at the start of the buffer).
    static func scalar(_ bytes: [UInt8], before end: Int) -> Unicode.Scalar? {
        guard end > 0, end <= bytes.count else { return nil }
        var start = end - 1
        while start > 0, end - start < 4, isContinuation(bytes[start]) { start -= 1 }
        let (s, length) = scalar(bytes, at: start)
        return start + length == end ? s : "\u{FFFD}"
    }

    /// The index of the next `\n` from `start` (`bytes.count` when there is none). Blocks of 16
    /// bytes without one are passed over whole (the test vectorizes).
    static func nextNewline(_ bytes: [UInt8], from start: Int) -> Int {
        var i = max(0, start)
        while i + 16 <= bytes.count {
            var flagged: UInt8 = 0
            for j in i..<(i + 16) { flagged |= (bytes[j] ^ 0x0A) &- 1 }
            if flagged & 0x80 != 0 { break }
            i += 16
        }
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
        return i
    }

    /// The number of scalars in `bytes[range]`: its bytes minus its continuation bytes, counted
    /// in blocks small enough for a byte-wide sum (which vectorizes; a branch per byte does not).
    static func scalarCount(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        let range = range.clamped(to: 0..<bytes.count)
        var continuations = 0
        var i = range.lowerBound
        while i < range.upperBound {
            let end = min(range.upperBound, i + 128)
            var block: UInt8 = 0
            for j in i..<end { block &+= (bytes[j] &>> 7) & ~(bytes[j] &>> 6) & 1 }
            continuations += Int(block)
            i = end
        }
        return range.count - continuations
    }

    static func append(_ s: Unicode.Scalar, to out: inout [UInt8]) {
        if s.isASCII {
            out.append(UInt8(truncatingIfNeeded: s.value))
        } else {
            UTF8.encode(s) { out.append($0) }
        }
    }

    /// Appends `value` in decimal. Offsets in a message have one to three digits: those are
    /// written byte by byte without a loop (an append of a slice costs more than the bytes).
    static func appendDecimal<Out: ByteOutput>(_ value: Int, to out: inout Out) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(value.magnitude), to: &out)
    }

    static func appendDecimal<Out: ByteOutput>(_ value: Int64, to out: inout Out) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendDecimal(value.magnitude, to: &out)
    }

    private static func appendDecimal<Out: ByteOutput>(_ value: UInt64, to out: inout Out) {
        if value < 10 {
            out.append(digit(value))
        } else if value < 100 {
            out.append(digit(value / 10))
            out.append(digit(value % 10))
        } else if value < 1000 {
            out.append(digit(value / 100))
            out.append(digit(value / 10 % 10))
            out.append(digit(value % 10))
        } else {
            appendDecimal(value / 1000, to: &out)
            let group = value % 1000
            out.append(digit(group / 100))
            out.append(digit(group / 10 % 10))
            out.append(digit(group % 10))
        }
    }

    @inline(__always)
    private static func digit(_ value: UInt64) -> UInt8 {
        0x30 &+ UInt8(truncatingIfNeeded: value)
    }

    /// Appends `"#rrggbb"` for a 24-bit colour (lower-case, as `ColorPolicy.format`).
    static func appendColor<Out: ByteOutput>(_ rgb: UInt32, to out: inout Out) {
        out.append(UInt8(ascii: "#"))
        var shift: UInt32 = 20
        while true {
            let digit = UInt8(truncatingIfNeeded: (rgb >> shift) & 0xF)
            out.append(digit < 10 ? 0x30 &+ digit : 0x61 &+ digit &- 10)
            if shift == 0 { break }
            shift -= 4
        }
    }

    /// Appends an ASCII literal.
    @inline(__always)
    static func append(_ literal: StaticString, to out: inout [UInt8]) {
        literal.withUTF8Buffer { buf in
            // A literal of a few bytes goes byte by byte: cheaper than the generic bulk append.
            if buf.count <= 4 {
                for b in buf { out.append(b) }
            } else {
                out.append(contentsOf: buf)
            }
        }
    }
}
