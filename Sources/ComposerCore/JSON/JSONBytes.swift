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

    init(capacity: Int = 64) {
        self.capacity = Swift.max(capacity, 32)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far, as a String (they are UTF-8: every writer below keeps them so).
    var string: String {
        String(unsafeUninitializedCapacity: count) { out in
            guard let target = out.baseAddress else { return 0 }
            target.update(from: base, count: count)
            return count
        }
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
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    private mutating func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

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
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        var i = count + digits
        repeat {
            i -= 1
            base[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        count += digits
    }

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
