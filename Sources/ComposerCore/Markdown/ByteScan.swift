/// The wire format's scans over whole inputs, 16 bytes at a time: SIMD loads and compares on the
/// array's storage (no bounds check per byte, which kept the byte loops they replace from
/// vectorizing), then byte by byte for the block where the answer lies and for the tail.
enum ByteScan {
    typealias Block = SIMD16<UInt8>

    /// Whether any lane of `mask` is set. The standard `any` reduces through a generic `min()`
    /// that is not inlined (a call per block); the two halves as integers are two instructions.
    @inline(__always)
    static func anySet(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return halves[0] | halves[1] != 0
    }

    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, _ i: Int) -> Block {
        UnsafeRawPointer(base + i).loadUnaligned(as: Block.self)
    }

    /// The first `\n` or `\r` at or after `start`, or `bytes.count`.
    static func lineEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return 0 }
            let n = buf.count
            var i = max(0, start)
            while i + 16 <= n {
                let v = load(base, i)
                if anySet((v .== Block(repeating: 0x0A)) .| (v .== Block(repeating: 0x0D))) { break }
                i += 16
            }
            while i < n, base[i] != 0x0A, base[i] != 0x0D { i += 1 }
            return i
        }
    }

    /// The index of the first set lane of `mask`, or nil: the lowest set bit of its two halves as
    /// integers (a set lane is eight set bits).
    @inline(__always)
    static func firstSet(_ mask: SIMDMask<SIMD16<Int8>>) -> Int? {
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        if halves[0] != 0 { return halves[0].trailingZeroBitCount >> 3 }
        if halves[1] != 0 { return 8 + halves[1].trailingZeroBitCount >> 3 }
        return nil
    }

    /// The index of the last set lane of `mask`, or nil.
    @inline(__always)
    private static func lastSet(_ mask: SIMDMask<SIMD16<Int8>>) -> Int? {
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        if halves[1] != 0 { return 15 - halves[1].leadingZeroBitCount >> 3 }
        if halves[0] != 0 { return 7 - halves[0].leadingZeroBitCount >> 3 }
        return nil
    }

    /// The index of the last `byte` in `bytes` before `end`, or -1.
    static func lastIndex(of byte: UInt8, in bytes: [UInt8], before end: Int) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return -1 }
            var i = min(end, buf.count)
            while i >= 16 {
                if let last = lastSet(load(base, i - 16) .== Block(repeating: byte)) { return i - 16 + last }
                i -= 16
            }
            while i > 0 {
                i -= 1
                if base[i] == byte { return i }
            }
            return -1
        }
    }

    /// The first byte at or after `start` that the inline tokenizer acts on (`\n \\ & ` * _ ~ [ ] <`),
    /// or `bytes.count`.
    @inline(__always)
    static func plainRunEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return 0 }
            let n = buf.count
            var i = max(0, start)
            // Runs between syntax characters are mostly short ("*a *a …", "[a](b…"): the first
            // bytes one by one cost less than a block's sixteen compares.
            let shortEnd = min(n, i + 4)
            while i < shortEnd {
                if isSpecial(base[i]) { return i }
                i += 1
            }
            while i + 16 <= n {
                // The block's first special byte is where the run ends: no second pass over it.
                if let first = firstSet(special(load(base, i))) { return i + first }
                i += 16
            }
            while i < n, !isSpecial(base[i]) { i += 1 }
            return i
        }
    }

    /// The first byte at or after `start` that `isSpecial` flags, other than a line break (a `\n`,
    /// or a `\\` right before one: a hard break) and a `\\` that ends `bytes` (it escapes
    /// nothing), or `bytes.count`. Content up to it holds no inline syntax but line breaks (see
    /// `InlineParser.writeLines`). The byte after each lane is loaded as the block at `i + 1`; the
    /// last sixteen bytes are looked at one by one.
    static func lineBreakRunEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return 0 }
            let n = buf.count
            var i = max(0, start)
            while i + 17 <= n {
                let v = load(base, i)
                let newline = v .== Block(repeating: 0x0A)
                let hardBreak = (v .== Block(repeating: 0x5C)) .& (load(base, i + 1) .== Block(repeating: 0x0A))
                if let first = firstSet(special(v) .& .!(newline .| hardBreak)) { return i + first }
                i += 16
            }
            while i < n {
                let b = base[i]
                if isSpecial(b), b != 0x0A, b != 0x5C || (i + 1 < n && base[i + 1] != 0x0A) { return i }
                i += 1
            }
            return i
        }
    }

    /// The first `byte` at or after `start`, or `bytes.count`. Inlined: it finds the end of every
    /// line `InlineParser.writeLines` writes, most of them short.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return 0 }
            let n = buf.count
            var i = max(0, start)
            while i + 16 <= n {
                if let first = firstSet(load(base, i) .== Block(repeating: byte)) { return i + first }
                i += 16
            }
            while i < n, base[i] != byte { i += 1 }
            return i
        }
    }

    /// `plainRunEnd` that also passes over `c` and `d`: the first byte at or after `start` that
    /// `isSpecial` flags other than those two, or `bytes.count`. For characters that can no longer
    /// take effect (an emphasis run with nothing after it that may close, a `<` with no `>` after
    /// it): one scan to the next byte that matters instead of a scan per occurrence.
    static func plainRunEnd(_ bytes: [UInt8], from start: Int, passing c: UInt8, or d: UInt8) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return 0 }
            let n = buf.count
            var i = max(0, start)
            while i + 16 <= n {
                let v = load(base, i)
                let stops = special(v) .& (v .!= Block(repeating: c)) .& (v .!= Block(repeating: d))
                if let first = firstSet(stops) { return i + first }
                i += 16
            }
            while i < n, !isSpecial(base[i]) || base[i] == c || base[i] == d { i += 1 }
            return i
        }
    }

    /// The last `c` in `bytes` that may close emphasis (see `InlineParser.lastPossibleCloser`), or
    /// -1: a `c` whose byte before is not ASCII whitespace (`CharacterClass.flankASCII`) and is not `c`, or is a `c` escaped by
    /// a backslash before it. Blocks of 16 from the end; each lane's two bytes before it are
    /// loaded as blocks at `i - 1` and `i - 2` (the first two bytes are checked one by one).
    static func lastPossibleCloser(_ c: UInt8, in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return -1 }
            @inline(__always) func mayClose(_ q: Int) -> Bool {
                guard q > 0, base[q] == c else { return false }
                let before = base[q - 1]
                guard CharacterClass.flankASCII(before) != .space else { return false }
                return before != c || (q >= 2 && base[q - 2] == UInt8(ascii: "\\"))
            }
            var i = buf.count
            while i - 16 >= 2 {
                let v = load(base, i - 16)
                let before = load(base, i - 17)
                let twoBefore = load(base, i - 18)
                // ASCII whitespace as `CharacterClass.flankASCII` has it: 9, 10, 12, 13, 32.
                let space = (before .== Block(repeating: 0x20)) .| (before .== Block(repeating: 0x09))
                    .| (before .== Block(repeating: 0x0A)) .| (before .== Block(repeating: 0x0C)) .| (before .== Block(repeating: 0x0D))
                let closers = (v .== Block(repeating: c)) .& .!space
                    .& ((before .!= Block(repeating: c)) .| (twoBefore .== Block(repeating: 0x5C)))
                if let last = lastSet(closers) { return i - 16 + last }
                i -= 16
            }
            while i > 0 {
                i -= 1
                if mayClose(i) { return i }
            }
            return -1
        }
    }

    /// The last `c` in `bytes` that may be the last byte of a run that opens emphasis, or -1: a `c`
    /// with a byte after it that is not ASCII whitespace (`CharacterClass.flankASCII`). A run
    /// opens only if the character after it is not whitespace, so this is a superset of the
    /// openers' last bytes (a `~` or a byte of a longer character after it counts).
    static func lastPossibleOpener(_ c: UInt8, in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return -1 }
            // Candidates are below `i`; each needs the byte after it.
            var i = buf.count - 1
            while i >= 16 {
                let v = load(base, i - 16)
                let after = load(base, i - 15)
                let space = (after .== Block(repeating: 0x20)) .| (after .== Block(repeating: 0x09))
                    .| (after .== Block(repeating: 0x0A)) .| (after .== Block(repeating: 0x0C)) .| (after .== Block(repeating: 0x0D))
                if let last = lastSet((v .== Block(repeating: c)) .& .!space) { return i - 16 + last }
                i -= 16
            }
            while i > 0 {
                i -= 1
                if base[i] == c, CharacterClass.flankASCII(base[i + 1]) != .space { return i }
            }
            return -1
        }
    }

    /// The lanes of `v` that `isSpecial` flags.
    @inline(__always)
    private static func special(_ v: Block) -> SIMDMask<SIMD16<Int8>> {
        (v .== Block(repeating: 0x0A)) .| (v .== Block(repeating: 0x5C)) .| (v .== Block(repeating: 0x26))
            .| (v .== Block(repeating: 0x60)) .| (v .== Block(repeating: 0x2A)) .| (v .== Block(repeating: 0x5F))
            .| (v .== Block(repeating: 0x7E)) .| (v .== Block(repeating: 0x5B)) .| (v .== Block(repeating: 0x5D))
            .| (v .== Block(repeating: 0x3C))
    }

    /// For `bytes[range]`, text of one line (no `\n`): nil unless it is plain (no byte
    /// `isSpecial` flags, so `plainRunEnd` passes all of it), else what `classify` finds of it.
    /// One pass instead of the two, and over the range only.
    @inline(__always)
    static func plainLine(_ bytes: [UInt8], _ range: Range<Int>) -> (unescaped: Bool, ascii: Bool)? {
        classify(bytes, range, backslashes: false, plainOnly: true)
    }

    /// `\n \\ & ` * _ ~ [ ] <`, as bits of two masks (a switch here compiles to a jump per byte).
    @inline(__always)
    static func isSpecial(_ c: UInt8) -> Bool {
        let low: UInt64 = 1 << 0x0A | 1 << 0x26 | 1 << 0x2A | 1 << 0x3C
        let high: UInt64 = 1 << (0x5B - 64) | 1 << (0x5C - 64) | 1 << (0x5D - 64) | 1 << (0x5F - 64) | 1 << (0x60 - 64)
            | 1 << (0x7E - 64)
        return c < 128 && ((c < 64 ? low : high) >> UInt64(c & 63)) & 1 != 0
    }

    /// The index of the first byte of `bytes` at or after `start` that is not ASCII, or
    /// `bytes.count`.
    static func firstNonASCII(_ bytes: [UInt8], from start: Int = 0) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return 0 }
            return firstNonASCII(base, from: Swift.max(0, start), buf.count) ?? buf.count
        }
    }

    /// The first of the `n` bytes at `base` at or after `i` that is not ASCII, nil for none: four
    /// blocks a step while they are all ASCII, then `firstFlagged`.
    @inline(__always)
    static func firstNonASCII(_ base: UnsafePointer<UInt8>, from i: Int, _ n: Int) -> Int? {
        let high = Block(repeating: 0x80)
        var i = i
        while i + 64 <= n {
            if anySet((load(base, i) | load(base, i + 16) | load(base, i + 32) | load(base, i + 48)) .>= high) { break }
            i += 64
        }
        return firstFlagged(base, from: i, n) { $0 .>= high }
    }

    /// The first of the `n` bytes at `base` at or after `i` whose lane `flags` sets, nil for none:
    /// a block at a time, then the first set lane of the block that holds one; the last bytes
    /// (fewer than a block) are read as the block that ends with them, its lanes before `i` left
    /// out. Only fewer than a block in all go byte by byte (`flags` of a block holding the byte).
    @inline(__always)
    static func firstFlagged(_ base: UnsafePointer<UInt8>, from i: Int, _ n: Int,
                             _ flags: (Block) -> SIMDMask<SIMD16<Int8>>) -> Int? {
        var i = i
        while i + 16 <= n {
            if let lane = firstSet(flags(load(base, i))) { return i + lane }
            i += 16
        }
        guard i < n else { return nil }
        if n >= 16 {
            let start = n - 16
            return firstSet(flags(load(base, start)) .& lanes(from: i - start)).map { start + $0 }
        }
        while i < n {
            if flags(Block(repeating: base[i]))[0] { return i }
            i += 1
        }
        return nil
    }

    /// Whether `bytes` holds a zero byte.
    static func containsZero(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return false }
            let n = buf.count
            var i = 0
            // Lanes that met a zero, or-ed block after block (pointwiseMin is a generic call).
            var zeros = SIMDMask<SIMD16<Int8>>(repeating: false)
            while i + 16 <= n {
                zeros = zeros .| (load(base, i) .== Block())
                i += 16
            }
            if anySet(zeros) { return true }
            while i < n {
                if base[i] == 0 { return true }
                i += 1
            }
            return false
        }
    }

    /// Whether `bytes` holds no `"`, `\\` (unless `backslashes` is false) or control character
    /// other than `\n` (JSON strings hold it as it is), and whether it is all ASCII.
    static func classify(_ bytes: [UInt8], backslashes: Bool = true) -> (unescaped: Bool, ascii: Bool) {
        classify(bytes, 0..<bytes.count, backslashes: backslashes, plainOnly: false) ?? (true, true)
    }

    /// `classify` of `bytes[range]` (a range out of bounds: neither).
    static func classify(_ bytes: [UInt8], _ range: Range<Int>) -> (unescaped: Bool, ascii: Bool) {
        classify(bytes, range, backslashes: true, plainOnly: false) ?? (false, false)
    }

    /// `classify` of `bytes[range]`; with `plainOnly`, nil as soon as a byte `isSpecial` flags.
    @inline(__always)
    private static func classify(_ bytes: [UInt8], _ range: Range<Int>, backslashes: Bool,
                                 plainOnly: Bool) -> (unescaped: Bool, ascii: Bool)? {
        let backslash: UInt8 = backslashes ? 0x5C : 0x22
        return bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return plainOnly ? nil : (true, true) }
            guard range.lowerBound >= 0, range.upperBound <= buf.count else { return nil }
            var i = range.lowerBound
            var escapes = SIMDMask<SIMD16<Int8>>(repeating: false)
            var high = Block()
            while i + 16 <= range.upperBound {
                let v = load(base, i)
                if plainOnly, anySet(special(v)) { return nil }
                high |= v
                escapes = escapes .| ((v .< Block(repeating: 0x20)) .& (v .!= Block(repeating: 0x0A)))
                    .| (v .== Block(repeating: 0x22)) .| (v .== Block(repeating: backslash))
                i += 16
            }
            // The rest, fewer than 16 bytes (all of a short line): each byte's classes or-ed
            // together from a table, tested once at the end.
            var classes: UInt8 = 0
            byteClasses.withUnsafeBufferPointer { table in
                while i < range.upperBound {
                    classes |= table[Int(base[i])]
                    i += 1
                }
            }
            if plainOnly, classes & ByteClass.special != 0 { return nil }
            let escaping = ByteClass.escaped | (backslashes ? ByteClass.backslash : 0)
            return (!anySet(escapes) && classes & escaping == 0, !anySet(high .>= Block(repeating: 0x80)) && classes & ByteClass.nonASCII == 0)
        }
    }

    /// The classes `classify` tells a byte by, as bits of `byteClasses`.
    enum ByteClass {
        /// `isSpecial`.
        static let special: UInt8 = 1
        /// A byte a JSON string escapes, but for `\\` (and `\n`, a line break of the content).
        static let escaped: UInt8 = 2
        static let backslash: UInt8 = 4
        static let nonASCII: UInt8 = 8
    }

    /// Each byte's `ByteClass` bits, one row of sixteen bytes a line: special (1) for
    /// `\n & * < [ \\ ] _ ` ~`, escaped (2) for the control characters but `\n` and for `"`,
    /// backslash (4), non-ASCII (8). Written out rather than computed: a table built at first use
    /// is a lazy global, whose initialization is checked (a call) at every use, once a short line.
    /// `ByteScanTests` checks it against the definitions.
    static let byteClasses: [UInt8] = [
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2,  // 0x00
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,  // 0x10
        0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0,  // 0x20
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,  // 0x30
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 0x40
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 5, 1, 0, 1,  // 0x50
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 0x60
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0,  // 0x70
        8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,  // 0x80
        8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,  // 0x90
        8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,  // 0xA0
        8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,  // 0xB0
        8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,  // 0xC0
        8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,  // 0xD0
        8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,  // 0xE0
        8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,  // 0xF0
    ]

    /// How many scalars UTF-8 `bytes[range]` holds (bytes that are not continuation bytes).
    static func scalarCount(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { scalarCount($0, range) }
    }

    /// `scalarCount` of bytes in memory (a `ByteBuffer`'s): the continuation bytes counted a
    /// block at a time (the set lanes of a mask, as two population counts), the last bytes (fewer
    /// than a block) as the block that ends the range, its lanes already counted left out. Only a
    /// range shorter than a block goes byte by byte (a byte loop over the tail was a third of the
    /// count for the short pieces of text between two styles).
    static func scalarCount(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        guard let base = buf.baseAddress else { return 0 }
        let lower = max(0, range.lowerBound), upper = min(buf.count, range.upperBound)
        guard lower < upper else { return 0 }
        @inline(__always) func continuations(_ v: Block) -> SIMDMask<SIMD16<Int8>> {
            (v & Block(repeating: 0xC0)) .== Block(repeating: 0x80)
        }
        var i = lower
        var count = 0
        while i + 16 <= upper {
            count &+= setCount(continuations(load(base, i)))
            i += 16
        }
        if i < upper {
            if upper - lower >= 16 {
                let start = upper - 16
                count &+= setCount(continuations(load(base, start)) .& lanes(from: i - start))
            } else {
                while i < upper {
                    count &+= base[i] & 0xC0 == 0x80 ? 1 : 0
                    i += 1
                }
            }
        }
        return upper - lower - count
    }

    /// Lanes `k` to 15 of a block (`k` from 0 to 16): the lanes at or past an offset, as the
    /// block scans' last, overlapping block leaves out the lanes before it.
    @inline(__always)
    static func lanes(from k: Int) -> SIMDMask<SIMD16<Int8>> {
        Block(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) .>= Block(repeating: UInt8(truncatingIfNeeded: k))
    }

    /// How many lanes of `mask` are set (a set lane is eight set bits): a 1 kept of each, the
    /// two halves' added bytewise, then `byteSum`.
    @inline(__always)
    static func setCount(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return byteSum((halves[0] & 0x0101_0101_0101_0101) &+ (halves[1] & 0x0101_0101_0101_0101))
    }

    /// The sum of the eight bytes of `word`, which must be at most 255: one multiplication adds
    /// them all into the top byte. What counting bits needs here: the baseline x86-64 the library
    /// is built for has no bit-count instruction (`nonzeroBitCount` is a dozen instructions in
    /// software).
    @inline(__always)
    static func byteSum(_ word: UInt64) -> Int {
        Int(truncatingIfNeeded: (word &* 0x0101_0101_0101_0101) &>> 56)
    }
}
