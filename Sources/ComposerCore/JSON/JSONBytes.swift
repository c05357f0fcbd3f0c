/// A small JSON writer into one byte buffer, for payloads built on every keystroke (the text,
/// formatting and selection events), where `JSONValue` trees and string appends cost more than
/// the edit they describe.
struct JSONBytes: ~Copyable {
    // A buffer of its own rather than an `[UInt8]`: every append is a bounds check and a store
    // (an array append costs a uniqueness check and a generic copy, about a hundred instructions,
    // and a keystroke's events make a dozen of them).
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// False while writing into a caller's buffer (`init(borrowing:)`), which is not ours to free.
    private var ownsBase: Bool

    init(capacity: Int = 128) {
        self.capacity = Swift.max(capacity, 32)
        base = .allocate(capacity: self.capacity)
        ownsBase = true
    }

    /// Writes into `buffer` (a caller's temporary allocation, on the stack) until it is full,
    /// then moves to a buffer of its own: a keystroke's events fit, and cost no allocation.
    init(borrowing buffer: UnsafeMutableBufferPointer<UInt8>) {
        if let start = buffer.baseAddress, buffer.count >= 32 {
            base = start
            capacity = buffer.count
            ownsBase = false
        } else {
            capacity = 128
            base = .allocate(capacity: capacity)
            ownsBase = true
        }
    }

    deinit {
        if ownsBase { base.deallocate() }
    }

    /// The bytes written so far, as a String (they are UTF-8: every writer below keeps them so).
    var string: String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// The bytes written so far as a String, and the writer emptied for the next payload (one
    /// buffer serves all of a call's events).
    mutating func take() -> String {
        let taken = string
        count = 0
        return taken
    }

    /// Room for `n` more bytes.
    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if n > capacity - count { grow(to: count + n) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        if ownsBase { base.deallocate() }
        base = newBase
        capacity = newCapacity
        ownsBase = true
    }

    @inline(__always)
    private mutating func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    /// Inlined: the literal's length is then a constant and the copy a few stores (a call was
    /// some fifty instructions, eight times per keystroke).
    @inline(__always)
    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { utf8 in
            guard let source = utf8.baseAddress else { return }
            reserve(utf8.count)
            (base + count).update(from: source, count: utf8.count)
            count += utf8.count
        }
    }

    mutating func integer(_ value: Int) {
        reserve(20)  // Int.min: a sign and 19 digits
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        // The digit count by comparisons, then the digits two at a time from the end: offsets are
        // written several times per keystroke, and a division per digit counted and another per
        // digit written was most of an event's cost.
        var digits = 1
        var bound: UInt = 10
        while digits < 20, magnitude >= bound {
            digits += 1
            bound = bound &* 10
        }
        var i = count + digits
        JSONBytes.digitPairs.withUTF8Buffer { pairs in
            while magnitude >= 100 {
                let pair = Int(magnitude % 100) * 2
                magnitude /= 100
                i -= 2
                base[i] = pairs[pair]
                base[i + 1] = pairs[pair + 1]
            }
            if magnitude >= 10 {
                let pair = Int(magnitude) * 2
                base[i - 2] = pairs[pair]
                base[i - 1] = pairs[pair + 1]
            } else {
                base[i - 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude)
            }
        }
        count += digits
    }

    private static let digitPairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

    /// A JSON string of UTF-8 `text`, escaped as `JSONWriter` escapes.
    mutating func string<C: Collection>(utf8 text: C) where C.Element == UInt8 {
        byte(UInt8(ascii: "\""))
        escaped(utf8: text)
        byte(UInt8(ascii: "\""))
    }

    /// A JSON string whose UTF-8 text comes in pieces: `body` gets a writer to pass each piece to.
    mutating func string(pieces body: (inout JSONBytes) -> Void) {
        byte(UInt8(ascii: "\""))
        body(&self)
        byte(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 `text` escaped for inside a JSON string.
    mutating func escaped<C: Collection>(utf8 text: C) where C.Element == UInt8 {
        reserve(text.count)  // the usual case: nothing to escape
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
                let hex: StaticString = "0123456789abcdef"
                hex.withUTF8Buffer { digits in
                    byte(digits[Int(b >> 4)])
                    byte(digits[Int(b & 0xF)])
                }
            default: byte(b)
            }
        }
    }
}
