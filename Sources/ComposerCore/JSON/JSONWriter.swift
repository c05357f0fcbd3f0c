/// Writes compact JSON into one growing byte buffer. Output is deterministic: object members in
/// the order given.
public enum JSONWriter {
    public static func write(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        write(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func write(_ value: JSONValue, into out: inout [UInt8]) { append(value, to: &out) }

    /// `write(_:into:)` into any byte output (a layout written into a `ByteBuffer` holds the
    /// host's own JSON this way: an attachment's `extra`).
    static func append<Out: ByteOutput>(_ value: JSONValue, to out: inout Out) {
        switch value {
        case .null: out.append("null")
        case .bool(let b): b ? out.append("true") : out.append("false")
        case .integer(let i): UTF8Bytes.appendDecimal(i, to: &out)
        case .double(let d): appendDouble(d, to: &out)
        case .string(let s): appendString(s, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                append(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                appendString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                append(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func appendString<Out: ByteOutput>(_ s: String, to out: inout Out) {
        var s = s
        s.withUTF8 { writeString(utf8: $0, into: &out) }
    }

    /// A number: its description, `null` when it is not finite (JSON has no NaN or infinity).
    static func appendDouble<Out: ByteOutput>(_ d: Double, to out: inout Out) {
        guard d.isFinite else { return out.append("null") }
        var text = d.description
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// A JSON string of UTF-8 `bytes`; runs that need no escape are copied whole (a byte-by-byte
    /// append costs a uniqueness check each).
    static func writeString<Out: ByteOutput>(utf8 bytes: UnsafeBufferPointer<UInt8>, into out: inout Out) {
        out.append(UInt8(ascii: "\""))
        var copied = 0
        var i = 0
        let count = bytes.count
        while i < count {
            // Blocks of 32 bytes that surely need no escape are passed over whole (the test
            // vectorizes; it may flag a clean block holding non-ASCII, which is then read byte by
            // byte).
            if i + 32 <= count {
                var flagged: UInt8 = 0
                for j in i..<(i + 32) {
                    let b = bytes[j]
                    flagged |= (b &- 0x20) | ((b ^ 0x22) &- 1) | ((b ^ 0x5C) &- 1)
                }
                if flagged & 0x80 == 0 {
                    i += 32
                    continue
                }
            }
            let end = min(count, i + 32)
            while i < end {
                if needsEscape(bytes[i]) {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                    appendEscape(bytes[i], to: &out)
                    copied = i + 1
                }
                i += 1
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count]))
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `bytes` as the inside of a JSON string (escaped, without quotes) and returns how
    /// many scalars they hold: one pass for both, by blocks of 16 bytes that need no escape
    /// (the test and the count vectorize).
    static func appendEscaped(_ bytes: ArraySlice<UInt8>, to out: inout ByteBuffer) -> Int {
        // A few bytes go one by one: the block loop and the bulk append cost more than they do.
        if bytes.count <= 8 {
            var scalars = 0
            for b in bytes {
                if b & 0xC0 != 0x80 { scalars += 1 }
                if needsEscape(b) { appendEscape(b, to: &out) } else { out.append(b) }
            }
            return scalars
        }
        var continuations = 0
        var copied = bytes.startIndex
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            if i + 16 <= end {
                var flagged: UInt8 = 0
                var blockContinuations: UInt8 = 0
                for j in i..<(i + 16) {
                    let b = bytes[j]
                    flagged |= (b &- 0x20) | ((b ^ 0x22) &- 1) | ((b ^ 0x5C) &- 1)
                    blockContinuations &+= (b &>> 7) & ~(b &>> 6) & 1
                }
                if flagged & 0x80 == 0 {
                    continuations += Int(blockContinuations)
                    i += 16
                    continue
                }
            }
            let blockEnd = min(end, i + 16)
            while i < blockEnd {
                let b = bytes[i]
                continuations &+= Int(truncatingIfNeeded: (b &>> 7) & ~(b &>> 6) & 1)
                if needsEscape(b) {
                    out.append(bytes[copied..<i])
                    appendEscape(b, to: &out)
                    copied = i + 1
                }
                i += 1
            }
        }
        out.append(bytes[copied..<end])
        return bytes.count - continuations
    }

    /// Whether a JSON string escapes byte `b` (a control character, `"` or a backslash).
    @inline(__always)
    static func needsEscape(_ b: UInt8) -> Bool {
        b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\")
    }

    /// Whether no byte of `bytes` needs escaping (`needsEscape`): 16 bytes a step, the last step
    /// the 16 bytes that end them (some looked at twice); byte by byte only when there are fewer
    /// than 16. A link's URL is asked once (the byte loop over it was some 200 instructions a
    /// link, and over the bytes after the last whole block still a hundred).
    static func needsNoEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        guard n >= 16 else {
            for i in 0..<n where needsEscape(base[i]) { return false }
            return true
        }
        @inline(__always) func blockNeedsEscape(_ i: Int) -> Bool {
            let v = ByteScan.load(base, i)
            return ByteScan.anySet((v .< ByteScan.Block(repeating: 0x20)) .| (v .== ByteScan.Block(repeating: UInt8(ascii: "\"")))
                .| (v .== ByteScan.Block(repeating: UInt8(ascii: "\\"))))
        }
        var i = 0
        while i + 16 < n {
            if blockNeedsEscape(i) { return false }
            i += 16
        }
        return !blockNeedsEscape(n - 16)
    }

    @inline(__always)
    private static func hexDigit(_ d: UInt8) -> UInt8 { d < 10 ? 0x30 &+ d : 0x61 &+ d &- 10 }

    private static func appendEscape<Out: ByteOutput>(_ b: UInt8, to out: inout Out) {
        switch b {
        case UInt8(ascii: "\""): out.append("\\\"")
        case UInt8(ascii: "\\"): out.append("\\\\")
        case 0x0A: out.append("\\n")
        case 0x0D: out.append("\\r")
        case 0x09: out.append("\\t")
        case 0x08: out.append("\\b")
        case 0x0C: out.append("\\f")
        default:
            out.append("\\u00")
            out.append(hexDigit(b >> 4))
            out.append(hexDigit(b & 0xF))
        }
    }
}
