/// Writes bytes through a pointer into room reserved beforehand (`withUnsafeTemporaryAllocation`),
/// for JSON written in one piece (the spans of a document): a store per byte instead of an array
/// append. It never writes past `capacity`: a write that would not fit is dropped whole (callers
/// reserve an upper bound of what they write, so none is).
struct ByteCursor {
    /// What one span takes without its value's strings: `,{"start":` and `,"end":` with two
    /// decimals of at most 20 digits and a sign, the longest format members, then `}` or a
    /// colour's `#rrggbb"}` (under 100 bytes).
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
        count &+= 1
    }

    /// A literal's bytes: with its length a constant, the copy is a few stores (a raw copy, with
    /// no test of the two places being one, which `update(from:)` makes).
    @inline(__always)
    mutating func put(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes in
            guard let source = bytes.baseAddress, bytes.count <= capacity &- count else { return }
            UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
            count &+= bytes.count
        }
    }

    /// A decimal integer. Below a million (nearly every offset in a message, every one in a
    /// message under a megabyte) the digits are worked out by multiplications and stored at once;
    /// larger ones two digits a step.
    @inline(__always)
    mutating func putDecimal(_ value: Int) {
        guard value >= 0, value < 1_000_000, capacity &- count >= 6 else { return putLongDecimal(value) }
        let v = UInt32(truncatingIfNeeded: value)
        if v >= 10_000 { return putFiveOrSixDigits(v) }
        if v < 10 {
            base[count] = 0x30 &+ UInt8(truncatingIfNeeded: v)
            count &+= 1
        } else if v < 100 {
            putPair(v)
        } else if v < 1_000 {
            let hundreds = v / 100
            base[count] = 0x30 &+ UInt8(truncatingIfNeeded: hundreds)
            count &+= 1
            putPair(v &- hundreds &* 100)
        } else {
            let high = v / 100
            putPair(high)
            putPair(v &- high &* 100)
        }
    }

    /// `v` from 10,000 to 999,999: its one or two leading digits, then two pairs; room already
    /// checked. Not inlined: it would grow every span writer for the offsets of large messages.
    @inline(never)
    private mutating func putFiveOrSixDigits(_ v: UInt32) {
        let high = v / 10_000
        if high < 10 {
            base[count] = 0x30 &+ UInt8(truncatingIfNeeded: high)
            count &+= 1
        } else {
            putPair(high)
        }
        let low = v &- high &* 10_000
        let hundreds = low / 100
        putPair(hundreds)
        putPair(low &- hundreds &* 100)
    }

    /// Two digits of `v` (below 100), as the table has them; room already checked.
    @inline(__always)
    private mutating func putPair(_ v: UInt32) {
        let pair = UnsafeRawPointer(ByteCursor.digitPairs.utf8Start).loadUnaligned(fromByteOffset: 2 &* Int(truncatingIfNeeded: v), as: UInt16.self)
        UnsafeMutableRawPointer(base + count).storeBytes(of: pair, as: UInt16.self)
        count &+= 2
    }

    /// `putDecimal` of any integer, two digits a step.
    @inline(never)
    private mutating func putLongDecimal(_ value: Int) {
        if value < 0 { put(UInt8(ascii: "-")) }
        var v = value.magnitude
        let digits = ByteCursor.decimalDigits(v)
        guard digits <= capacity - count else { return }
        var k = count + digits
        ByteCursor.digitPairs.withUTF8Buffer { pairs in
            while v >= 100 {
                let pair = 2 &* Int(truncatingIfNeeded: v % 100)
                v /= 100
                k -= 2
                base[k] = pairs[pair]
                base[k + 1] = pairs[pair + 1]
            }
            if v >= 10 {
                let pair = 2 &* Int(truncatingIfNeeded: v)
                base[k - 2] = pairs[pair]
                base[k - 1] = pairs[pair + 1]
            } else {
                base[k - 1] = UInt8(truncatingIfNeeded: v) &+ 0x30
            }
        }
        count += digits
    }

    /// "00" to "99": the two digits of each number below 100.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// How many decimal digits `v` takes.
    @inline(__always)
    static func decimalDigits(_ v: UInt) -> Int {
        var digits = 1
        var rest = v
        while rest >= 10_000 {
            rest /= 10_000
            digits += 4
        }
        if rest >= 1_000 { return digits + 3 }
        if rest >= 100 { return digits + 2 }
        return rest >= 10 ? digits + 1 : digits
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

    /// `bytes`, which hold no byte a JSON string escapes, quoted: one copy (dropped whole, quotes
    /// and all, when it does not fit). Up to 64 bytes (a link's URL, as a rule) 8 at a time, the
    /// last 8 ending at the last byte (some copied twice): `memmove` took some 50 instructions.
    @inline(__always)
    mutating func putQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n + 2 <= capacity - count else { return }
        base[count] = UInt8(ascii: "\"")
        let target = base + count + 1
        if let source = bytes.baseAddress {
            if n > 64 {
                target.update(from: source, count: n)
            } else if n >= 8 {
                var k = 0
                while k + 8 < n {
                    UnsafeMutableRawPointer(target + k).storeBytes(of: UnsafeRawPointer(source + k).loadUnaligned(as: UInt64.self), as: UInt64.self)
                    k += 8
                }
                let last = UnsafeRawPointer(source + n - 8).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(target + n - 8).storeBytes(of: last, as: UInt64.self)
            } else {
                for k in 0..<n { target[k] = source[k] }
            }
        }
        count += n + 2
        base[count - 1] = UInt8(ascii: "\"")
    }

    /// `\n` (a JSON string's line break) and the `n` bytes at `source`, which hold no byte a
    /// JSON string escapes: one room check (dropped whole when it does not fit).
    @inline(__always)
    mutating func putEscapedNewline(then source: UnsafePointer<UInt8>, _ n: Int) {
        guard n >= 0, n + 2 <= capacity - count else { return }
        base[count] = UInt8(ascii: "\\")
        base[count &+ 1] = UInt8(ascii: "n")
        (base + (count &+ 2)).copyBytes(from: source, count: n)
        count &+= n &+ 2
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
