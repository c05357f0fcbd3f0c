/// The line breaks of a buffer from a position on, in order: `\n`, and `\r` too when asked. The
/// bytes are looked at eight at a time, as a word whose flagged bytes are bits; each break found
/// clears its bit. For a run of short lines ("a\" hard breaks, quoted lines), finding the next
/// break from the last one costs a bit cleared, where a scan from each line's start waited on
/// the load and the arithmetic of the line before (a chain of some ten cycles a line).
///
/// Only for callers that take every break from the start on, in order: a line that starts past a
/// break not taken would be given that break as its end.
struct LineBreakBits {
    private let base: UnsafePointer<UInt8>?
    private let count: Int
    /// Whether `\r` counts as a break.
    private let carriageReturns: Bool
    /// Where the word of `bits` starts.
    private var wordStart: Int
    /// The high bit of byte `k` set: `base[wordStart + k]` is a break not yet taken.
    private var bits: UInt64 = 0

    /// The breaks of `buffer` at or after `start`.
    @inline(__always)
    init(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, carriageReturns: Bool) {
        base = buffer.baseAddress
        count = buffer.count
        self.carriageReturns = carriageReturns
        // The word before `start`, taken: the first `next` looks at the word from `start` (a
        // loop that asks for no break pays for no load).
        wordStart = Swift.max(0, start) &- 8
    }

    /// The next break, or `count` when none is left.
    @inline(__always)
    mutating func next() -> Int {
        if bits == 0, !refill() { return count }
        let i = wordStart &+ bits.trailingZeroBitCount &>> 3
        bits &= bits &- 1
        return i
    }

    /// Moves to the next word with a break; false when none is left. The word right after this
    /// one first: where breaks are dense (short lines) it has one, and nothing else is looked at.
    @inline(__always)
    private mutating func refill() -> Bool {
        // `wordStart` is at least -8 and at most `count`: no overflow.
        guard count &- wordStart > 8 else { return false }
        wordStart &+= 8
        bits = breaks(at: wordStart)
        while bits == 0 {
            guard let start = nextWordWithBreak() else { return false }
            wordStart = start
            bits = breaks(at: start)
        }
        return true
    }

    /// Where the next word to look at starts, past the bytes before the next break: sixteen at a
    /// time (a long line is passed as fast as by a scan for its end), else the word after this
    /// one. Nil after the last byte.
    @inline(__always)
    private func nextWordWithBreak() -> Int? {
        guard let base else { return nil }
        // `wordStart` is at least -8 and at most `count`: no overflow.
        var i = wordStart &+ 8
        while count &- i >= 16 {
            let v = ByteScan.load(base, i)
            var found = v .== ByteScan.Block(repeating: 0x0A)
            if carriageReturns { found = found .| (v .== ByteScan.Block(repeating: 0x0D)) }
            if ByteScan.anySet(found) { return i }
            i &+= 16
        }
        return i < count ? i : nil
    }

    /// The breaks among the (up to) eight bytes from `i`, which is below `count`.
    @inline(__always)
    private func breaks(at i: Int) -> UInt64 {
        guard let base else { return 0 }
        guard count &- i >= 8 else { return tailBreaks(at: i) }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
        let newlines = LineBreakBits.bytes(equalTo: 0x0A, in: word)
        // A test, not a mask over both: the loops that ask for `\n` only pay for no second scan.
        guard carriageReturns else { return newlines }
        return newlines | LineBreakBits.bytes(equalTo: 0x0D, in: word)
    }

    /// `breaks(at:)` for the last bytes, fewer than eight, one by one (no read past the end).
    @inline(never)
    private func tailBreaks(at i: Int) -> UInt64 {
        guard let base else { return 0 }
        var found: UInt64 = 0
        var k = 0
        while i &+ k < count {
            let b = base[i &+ k]
            if b == 0x0A || (b == 0x0D && carriageReturns) { found |= 0x80 << UInt64(k &* 8) }
            k &+= 1
        }
        return found
    }

    /// The high bit of each byte of `word` equal to `byte`, exactly (no carry from one byte into
    /// the next: unlike `LineScan.zeroBytes`, every flagged byte is one, not only the first).
    @inline(__always)
    static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let t = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~(((t & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | t) & 0x8080_8080_8080_8080
    }
}
