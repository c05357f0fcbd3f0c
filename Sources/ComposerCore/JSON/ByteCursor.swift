/// Writes bytes through a pointer into room reserved beforehand (`withUnsafeTemporaryAllocation`),
/// for JSON written in one piece (the spans of a document): a store per byte instead of an array
/// append. It never writes past `capacity`: a write that would not fit is dropped whole (callers
/// reserve an upper bound of what they write, so none is).
struct ByteCursor {
    /// What one span takes without its value: `,{"start":` and `,"end":` with two decimals of
    /// at most 20 digits, the longest format members, the closing `}` (under 100 bytes).
    static let spanBound = 128

    /// At most what `putString` writes for `count` bytes: each may become a six-byte `\u00XX`.
    static func stringBound(_ count: Int) -> Int { 6 * count + 2 }

    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    private(set) var count = 0

    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    @inline(__always)
    mutating func put(_ b: UInt8) {
        guard count < capacity else { return }
        base[count] = b
        count += 1
    }

    @inline(__always)
    mutating func put(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes in
            guard let source = bytes.baseAddress, bytes.count <= capacity - count else { return }
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }
    }

    /// A decimal integer.
    mutating func putDecimal(_ value: Int) {
        if value < 0 { put(UInt8(ascii: "-")) }
        var v = value.magnitude
        var digits = 1
        var rest = v
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        guard digits <= capacity - count else { return }
        var k = count + digits
        repeat {
            k -= 1
            base[k] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
            v /= 10
        } while v > 0
        count += digits
    }

    /// `#rrggbb`.
    mutating func putColor(_ rgb: UInt32) {
        put(UInt8(ascii: "#"))
        var shift: UInt32 = 20
        while true {
            let digit = UInt8(truncatingIfNeeded: (rgb >> shift) & 0xF)
            put(digit < 10 ? 0x30 &+ digit : 0x61 &+ digit &- 10)
            if shift == 0 { break }
            shift -= 4
        }
    }

    /// UTF-8 `bytes` as a JSON string, quoted and escaped (as `JSONWriter.writeString`).
    mutating func putString<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        put(UInt8(ascii: "\""))
        for b in bytes {
            if b >= 0x20, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") {
                put(b)
                continue
            }
            put(UInt8(ascii: "\\"))
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(b)
            case 0x0A: put(UInt8(ascii: "n"))
            case 0x0D: put(UInt8(ascii: "r"))
            case 0x09: put(UInt8(ascii: "t"))
            case 0x08: put(UInt8(ascii: "b"))
            case 0x0C: put(UInt8(ascii: "f"))
            default:
                put("u00")
                put(b >> 4 < 10 ? 0x30 &+ (b >> 4) : 0x61 &+ (b >> 4) &- 10)
                put(b & 0xF < 10 ? 0x30 &+ (b & 0xF) : 0x61 &+ (b & 0xF) &- 10)
            }
        }
        put(UInt8(ascii: "\""))
    }
}
