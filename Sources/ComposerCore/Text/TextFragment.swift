/// A piece of rich text: UTF-8 bytes, the style runs covering them, and the block format of each
/// line that a `\n` in the piece ends. It is both a leaf of the text tree and what an edit inserts
/// or removes (undo keeps the removed fragment, not a copy of the document).
///
/// Invariants: `runs` cover `bytes` exactly, with no empty run and no two neighbours of equal
/// style; a `\n` byte sits in a plain run; `blocks.count` is the number of `\n` bytes.
/// Positions inside a fragment are byte offsets on scalar boundaries.
struct TextFragment: Equatable, Sendable {
    var bytes: [UInt8] = []
    var runs: [StyleRun] = []
    var blocks: [BlockFormat?] = []

    static let empty = TextFragment()

    init() {}

    /// Text in one style (newlines plain), its line breaks ending lines of block `block`.
    init<S: Sequence>(scalars: S, style: InlineStyle, block: BlockFormat?) where S.Element == Unicode.Scalar {
        var runStart = 0
        for s in scalars {
            if s == "\n" {
                if bytes.count > runStart { appendRun(style, bytes.count - runStart) }
                bytes.append(0x0A)
                appendRun(.plain, 1)
                blocks.append(block)
                runStart = bytes.count
            } else {
                UTF8.encode(s) { bytes.append($0) }
            }
        }
        if bytes.count > runStart { appendRun(style, bytes.count - runStart) }
    }

    /// Length counts and mention runs, and the formats the characters share.
    var summaries: (summary: TextSummary, shared: SharedFormats) {
        var s = TextSummary.counting(bytes)
        addMentions(to: &s)
        return (s, sharedFormats(s))
    }

    /// Fills the mention fields of `s` from the runs.
    func addMentions(to s: inout TextSummary) {
        var mentionRuns = 0
        var previous: UInt32 = 0
        runs.withUnsafeBufferPointer { runs in
            for run in runs {
                let m = run.style.mention
                mentionRuns &+= m != 0 && m != previous ? 1 : 0
                previous = m
            }
        }
        s.mentionRuns = mentionRuns
        s.firstMention = runs.first?.style.mention ?? 0
        s.lastMention = runs.last?.style.mention ?? 0
    }

    /// The formats the characters share; `counts` are the fragment's length counts.
    func sharedFormats(_ counts: TextSummary) -> SharedFormats {
        SharedFormats(hasText: counts.scalars > counts.newlines, style: sharedStyle(counts), block: sharedBlockKey,
                      allWhitespace: isAllWhitespace)
    }

    /// Whether every character is whitespace: read up to the first that is not (the first, as a
    /// rule).
    var isAllWhitespace: Bool { firstNonWhitespaceByte(from: 0) == bytes.count }

    /// The byte offset of the first scalar from byte `start` on that is not whitespace (the byte
    /// count when none is).
    func firstNonWhitespaceByte(from start: Int) -> Int {
        var i = Swift.max(0, start)
        while i < bytes.count, scalar(atByte: i).isWhitespace { i = byteAfterScalar(at: i) }
        return Swift.min(i, bytes.count)
    }

    /// The byte offset just after the last scalar before byte `end` that is not whitespace (0 when
    /// none is).
    func endOfNonWhitespaceByte(before end: Int) -> Int {
        var i = Swift.min(end, bytes.count)
        while i > 0 {
            let start = scalarStart(before: i)
            guard scalar(atByte: start).isWhitespace else { break }
            i = start
        }
        return i
    }

    /// `SharedFormats.style` of this fragment, whose length counts are `counts`. Every line break
    /// is a plain byte of its own: plain runs holding more bytes than there are line breaks hold
    /// plain text, and nothing is shared. Only a fragment without plain text (seldom: a draft all
    /// bold, say) reads its runs again for what they share.
    func sharedStyle(_ counts: TextSummary) -> InlineStyle {
        let plainBytes = runs.withUnsafeBufferPointer { runs in
            var n = 0
            for run in runs where run.style == .plain { n &+= run.utf8Count }
            return n
        }
        return plainBytes > counts.newlines ? .plain : sharedStyleOfStyledRuns
    }

    /// What the runs other than plain ones share (`.plain` for none).
    private var sharedStyleOfStyledRuns: InlineStyle {
        runs.withUnsafeBufferPointer { runs in
            var shared: InlineStyle?
            for run in runs where run.style != .plain {
                shared = shared?.shared(with: run.style) ?? run.style
                if shared == .plain { break }
            }
            return shared ?? .plain
        }
    }

    /// `SharedFormats.block` of this fragment's line breaks.
    var sharedBlockKey: UInt8 {
        guard let first = blocks.first else { return SharedFormats.noLineBreaks }
        for block in blocks.dropFirst() where block != first { return SharedFormats.mixedBlocks }
        return SharedFormats.key(first)
    }

    private mutating func appendRun(_ style: InlineStyle, _ count: Int) {
        guard count > 0 else { return }
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].utf8Count += count
        } else {
            runs.append(StyleRun(style: style, utf8Count: count))
        }
    }

    // MARK: Positions

    // The scans below run on every keystroke over up to one leaf: plain loops over a buffer,
    // without bounds checks per byte, so the compiler can vectorize the counting ones.

    /// The byte offset of scalar `k` (k may equal the scalar count).
    func byteOffset(ofScalar k: Int, scalarCount: Int) -> Int {
        if scalarCount == bytes.count { return Swift.max(0, Swift.min(k, bytes.count)) }  // ASCII
        return byteOffset(ofScalar: k, after: (0, 0))
    }

    /// The byte offset of scalar `k`, counting on from scalar `from.scalar` at byte `from.byte`
    /// (`k >= from.scalar`), so that ascending places are found in one pass over the bytes.
    /// Blocks of 16 bytes are passed while the scalars starting in them stay below `k`, counted
    /// with one multiplication (a byte at a time, a place late in a leaf cost some 5
    /// instructions a byte; with `nonzeroBitCount`, done in software on the library's baseline
    /// x86-64, 4; summing a SIMD vector's lanes compiled to more still). Not inlined: the ASCII
    /// test above is what a keystroke in ASCII text runs, and the scan inlined with it made a
    /// keystroke 170 instructions dearer.
    @inline(never)
    func byteOffset(ofScalar k: Int, after from: (scalar: Int, byte: Int)) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return 0 }
            var seen = from.scalar
            var i = Swift.max(0, Swift.min(from.byte, buf.count))
            while i + 16 <= buf.count {
                let words = UnsafeRawPointer(base + i).loadUnaligned(as: (UInt64, UInt64).self)
                let starts = TextFragment.scalarStarts(in: words.0, words.1)
                if seen + starts > k { break }
                seen += starts
                i += 16
            }
            while i < buf.count {
                if buf[i] & 0xC0 != 0x80 {
                    if seen == k { return i }
                    seen += 1
                }
                i += 1
            }
            return buf.count
        }
    }

    /// How many of the 16 bytes of `low` and `high` start a scalar (are no continuation byte,
    /// 10xxxxxx): a 1 in the low bit of each such byte, the two words' added bytewise (2 at
    /// most), then `ByteScan.byteSum`.
    @inline(__always)
    static func scalarStarts(in low: UInt64, _ high: UInt64) -> Int {
        func ones(_ word: UInt64) -> UInt64 {
            let continuations = word & ~(word &<< 1) & 0x8080_8080_8080_8080
            return ~continuations &>> 7 & 0x0101_0101_0101_0101
        }
        return ByteScan.byteSum(ones(low) &+ ones(high))
    }

    /// The byte offset just after the `n`-th (0-based) line break.
    func byteOffset(afterNewline n: Int) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            var seen = 0
            for i in 0..<buf.count where buf[i] == 0x0A {
                if seen == n { return i + 1 }
                seen += 1
            }
            return buf.count
        }
    }

    /// Line breaks in the bytes before `byte`. Counts the shorter side: the bytes after `byte` are
    /// subtracted from the leaf's total (one block entry per line break) when they are fewer.
    func newlines(before byte: Int) -> Int {
        let end = Swift.max(0, Swift.min(byte, bytes.count))
        if end > bytes.count / 2 {
            return blocks.count - TextFragment.countBytes(in: bytes, end..<bytes.count, { $0 .== SIMD16(repeating: 0x0A) }, { $0 == 0x0A })
        }
        return TextFragment.countBytes(in: bytes, 0..<end, { $0 .== SIMD16(repeating: 0x0A) }, { $0 == 0x0A })
    }

    /// Scalars starting in the bytes before `byte` (bytes that are not UTF-8 continuation bytes).
    func scalars(before byte: Int) -> Int {
        let end = Swift.max(0, Swift.min(byte, bytes.count))
        return TextFragment.countBytes(in: bytes, 0..<end, { $0 & SIMD16(repeating: 0xC0) .!= SIMD16(repeating: 0x80) }, { $0 & 0xC0 != 0x80 })
    }

    /// Scalars starting in the bytes of `range` (clamped to the fragment).
    func scalars(in range: Range<Int>) -> Int {
        TextFragment.countBytes(in: bytes, range.clamped(to: 0..<bytes.count), { $0 & SIMD16(repeating: 0xC0) .!= SIMD16(repeating: 0x80) }, { $0 & 0xC0 != 0x80 })
    }

    /// How many bytes of `range` satisfy a test, given for 16 bytes at a time and for one. The
    /// 16-byte counts add up lane by lane and are summed at the end, and after every 255 blocks
    /// before a lane could overflow (a leaf of the tree, at most `TextTree.maxLeafBytes`, never
    /// gets there; a fragment not yet cut into leaves may).
    @inline(__always)
    private static func countBytes(in bytes: [UInt8], _ range: Range<Int>, _ test16: (SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>,
                              _ test1: (UInt8) -> Bool) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return 0 }
            var lanes = SIMD16<UInt8>()
            var blocksInLanes = 0
            var n = 0
            var i = range.lowerBound
            while i + 16 <= range.upperBound {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                // A matching lane of the mask is all ones (255): subtracting it adds one.
                lanes &-= unsafeBitCast(test16(v), to: SIMD16<UInt8>.self)
                i += 16
                blocksInLanes += 1
                if blocksInLanes == 255 {
                    n &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
                    lanes = SIMD16()
                    blocksInLanes = 0
                }
            }
            n &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
            while i < range.upperBound {
                if test1(base[i]) { n &+= 1 }
                i += 1
            }
            return n
        }
    }

    /// The style of the character starting at byte `byte`.
    func style(atByte byte: Int) -> InlineStyle {
        var position = 0
        for run in runs {
            position += run.utf8Count
            if byte < position { return run.style }
        }
        return runs.last?.style ?? .plain
    }

    /// The byte offset where the scalar ending at byte `byte` starts (`byte` > 0).
    @inline(__always)
    func scalarStart(before byte: Int) -> Int {
        var start = byte - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    /// The byte offset after the scalar starting at byte `i`.
    @inline(__always)
    func byteAfterScalar(at i: Int) -> Int { i + TextFragment.utf8Length(lead: bytes[i]) }

    /// The bytes of the UTF-8 sequence that `lead` starts.
    @inline(__always)
    static func utf8Length(lead: UInt8) -> Int { lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4 }

    /// The scalar starting at byte `i`.
    func scalar(atByte i: Int) -> Unicode.Scalar {
        guard i >= 0, i < bytes.count else { return "\u{0}" }
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return Unicode.Scalar(UInt8(b0)) }
        let length = TextFragment.utf8Length(lead: bytes[i])
        var value = b0 & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        var k = 1
        while k < length, i + k < bytes.count {
            value = value << 6 | (UInt32(bytes[i + k]) & 0x3F)
            k += 1
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    // MARK: Slicing and splicing

    /// The fragment between two byte offsets.
    func slice(_ range: Range<Int>) -> TextFragment {
        var out = TextFragment()
        guard !range.isEmpty else { return out }
        out.bytes = Array(bytes[range])
        var position = 0
        for run in runs {
            let lo = Swift.max(position, range.lowerBound)
            let hi = Swift.min(position + run.utf8Count, range.upperBound)
            if lo < hi { out.appendRun(run.style, hi - lo) }
            position += run.utf8Count
            if position >= range.upperBound { break }
        }
        let firstBlock = newlines(before: range.lowerBound)
        let count = out.bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        if count > 0 { out.blocks = Array(blocks[firstBlock..<(firstBlock + count)]) }
        return out
    }

    /// Appends `other`, merging the runs at the seam.
    mutating func append(_ other: TextFragment) {
        bytes.append(contentsOf: other.bytes)
        for run in other.runs { appendRun(run.style, run.utf8Count) }
        blocks.append(contentsOf: other.blocks)
    }

    /// Replaces the bytes in `range` with `fragment`, in place: the bytes move once, and only the
    /// runs and blocks around the range are touched (this is the cost of a keystroke).
    mutating func replace(_ range: Range<Int>, with fragment: TextFragment) {
        let firstBlock = newlines(before: range.lowerBound)
        var removedNewlines = 0
        for i in range where bytes[i] == 0x0A { removedNewlines += 1 }
        bytes.replaceSubrange(range, with: fragment.bytes)
        if removedNewlines > 0 || !fragment.blocks.isEmpty {
            blocks.replaceSubrange(firstBlock..<(firstBlock + removedNewlines), with: fragment.blocks)
        }
        // Runs: the ones touching [lo, hi] (ends included, so neighbours can merge) give way to
        // their parts outside the range around the fragment's runs. Only the run holding `lo`
        // has a part before it, and only the one holding `hi` a part after it.
        let lo = range.lowerBound
        let hi = range.upperBound
        var first = runs.count
        var last = -1
        var before: StyleRun?
        var after: StyleRun?
        var position = 0
        for (i, run) in runs.enumerated() {
            let start = position
            let end = position + run.utf8Count
            position = end
            if end < lo { continue }
            if start > hi { break }
            if first == runs.count { first = i }
            last = i
            if start < lo { before = StyleRun(style: run.style, utf8Count: Swift.min(end, lo) - start) }
            if end > hi { after = StyleRun(style: run.style, utf8Count: end - Swift.max(start, hi)) }
        }
        // The new runs, neighbours of one style merged, built in a stack buffer: a keystroke's are
        // at most three, and two arrays per edit were most of the allocations of a keystroke.
        let capacity = fragment.runs.count + 2
        withUnsafeTemporaryAllocation(of: StyleRun.self, capacity: capacity) { buffer in
            guard let base = buffer.baseAddress else { return }
            var count = 0
            func add(_ run: StyleRun) {
                guard run.utf8Count > 0 else { return }
                if count > 0, base[count - 1].style == run.style {
                    base[count - 1].utf8Count += run.utf8Count
                } else {
                    (base + count).initialize(to: run)
                    count += 1
                }
            }
            if let before { add(before) }
            fragment.runs.forEach(add)
            if let after { add(after) }
            let middle = UnsafeBufferPointer(start: base, count: count)
            if last >= first {
                runs.replaceSubrange(first...last, with: middle)
            } else {
                runs.append(contentsOf: middle)
            }
            _ = (base).deinitialize(count: count)
        }
    }

    /// Sets the style of the bytes of each of `ranges` (ascending, disjoint) through `transform`
    /// in one pass over the runs; newlines stay plain. Calls `changed` with the index of each range
    /// some of whose bytes changed style (once or more); returns whether any did.
    mutating func restyle(_ ranges: UnsafeBufferPointer<Range<Int>>, _ transform: (InlineStyle) -> InlineStyle,
                          changed: (Int) -> Void) -> Bool {
        var newRuns: [StyleRun] = []
        newRuns.reserveCapacity(runs.count + 2 * ranges.count)
        func add(_ style: InlineStyle, _ count: Int) {
            guard count > 0 else { return }
            if let last = newRuns.last, last.style == style {
                newRuns[newRuns.count - 1].utf8Count += count
            } else {
                newRuns.append(StyleRun(style: style, utf8Count: count))
            }
        }
        var any = false
        var position = 0
        var r = 0
        for run in runs {
            let end = position + run.utf8Count
            // The run's bytes before `cursor` are added already.
            var cursor = position
            position = end
            while r < ranges.count, ranges[r].lowerBound < end {
                let lo = Swift.max(cursor, ranges[r].lowerBound)
                let hi = Swift.min(end, ranges[r].upperBound)
                if lo < hi {
                    add(run.style, lo - cursor)
                    let newStyle = transform(run.style)
                    // Newlines inside the range keep their (plain) style.
                    var k = lo
                    while k < hi {
                        if bytes[k] == 0x0A {
                            add(run.style, 1)
                            k += 1
                            continue
                        }
                        var m = k
                        while m < hi, bytes[m] != 0x0A { m += 1 }
                        add(newStyle, m - k)
                        if newStyle != run.style {
                            any = true
                            changed(r)
                        }
                        k = m
                    }
                    cursor = hi
                }
                // A range going on past this run goes on in the next.
                guard ranges[r].upperBound <= end else { break }
                r += 1
            }
            add(run.style, end - cursor)
        }
        // Runs are maximal (no two neighbours share a style), so the runs are the same exactly
        // when no byte changed style.
        guard any else { return false }
        runs = newRuns
        return true
    }
}

extension TextFragment {
    /// Calls `body` with each run's style, its scalars (counted from `start`, the offset of the
    /// fragment's first scalar) and its bytes, in order, until `body` returns false; returns
    /// whether it went through every run. `ascii`: the fragment is ASCII (a byte a scalar, so no
    /// counting).
    @inline(__always)
    func forEachRun(from start: Int, ascii: Bool, _ body: (InlineStyle, Range<Int>, Range<Int>) -> Bool) -> Bool {
        var byte = 0
        var scalar = start
        for run in runs {
            let runEnd = byte + run.utf8Count
            // The run's own bytes: counted from the fragment's start for every run, a walk over
            // a leaf's runs was quadratic in them (a select-all and bold on a formatted draft spent
            // a third of its time here).
            let length = ascii ? run.utf8Count : scalars(in: byte..<runEnd)
            if !body(run.style, scalar..<(scalar + length), byte..<runEnd) { return false }
            scalar += length
            byte = runEnd
        }
        return true
    }
}
