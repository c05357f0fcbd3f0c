/// What a stretch of text adds up to: its length in each unit the API converts between, its line
/// breaks, and the mention runs that start in it. Summaries add up (`+`), so every node of the
/// text tree keeps the sum of its children and a position can be found by descending the tree.
///
/// Mention runs: a mention is one maximal run of characters carrying the same mention instance.
/// A summary counts the runs starting in it as if its first character started one, and remembers
/// the instance at each edge, so that adding two summaries can take back the one run that
/// continues across the seam. This makes the mention count of the whole draft a root read.
struct TextSummary: Equatable, Sendable {
    var utf8 = 0
    var scalars = 0
    var utf16 = 0
    var newlines = 0
    /// `@` characters: a caret can have a mention query only in a draft that holds one, which
    /// the root answers without looking at the text (`Composer.mentionQuery`, on every key).
    var atSigns = 0
    var mentionRuns = 0
    /// The mention instance of the first and the last character (0 = none, or empty).
    var firstMention: UInt32 = 0
    var lastMention: UInt32 = 0

    static let zero = TextSummary()

    static func + (a: TextSummary, b: TextSummary) -> TextSummary {
        if a.scalars == 0 { return b }
        if b.scalars == 0 { return a }
        var s = a
        s.utf8 += b.utf8
        s.scalars += b.scalars
        s.utf16 += b.utf16
        s.newlines += b.newlines
        s.atSigns += b.atSigns
        s.mentionRuns += b.mentionRuns
        if a.lastMention != 0, a.lastMention == b.firstMention { s.mentionRuns -= 1 }
        s.lastMention = b.lastMention
        return s
    }

    /// The length counts of UTF-8 `bytes` (mention fields left at zero).
    static func counting<C: Collection>(_ bytes: C) -> TextSummary where C.Element == UInt8 {
        var s = TextSummary()
        s.utf8 = bytes.count
        // A scalar starts at every byte that is not a continuation byte (10xxxxxx); scalars of
        // four bytes (lead byte 11110xxx) take two UTF-16 units.
        let counted: ByteCounts? = bytes.withContiguousStorageIfAvailable { ByteCounts(counting: $0) }
        if let counted {
            s.scalars = counted.scalars
            s.utf16 = counted.scalars + counted.fourByteLeads
            s.newlines = counted.newlines
            s.atSigns = counted.atSigns
            return s
        }
        for b in bytes where b & 0xC0 != 0x80 {
            s.scalars += 1
            s.utf16 += b >= 0xF0 ? 2 : 1
            if b == 0x0A { s.newlines += 1 }
            if b == 0x40 { s.atSigns += 1 }
        }
        return s
    }
}

/// The four byte counts a summary is made of, over bytes in memory: 16 at a time, a lane per
/// byte and kind adding up its matches (a pasted or loaded text is counted whole; byte by byte,
/// some 13 instructions a byte: the compiler did not vectorize the four counts), the lanes summed
/// every 255 blocks (a lane holds 255) and at the end; the last bytes one by one.
private struct ByteCounts {
    var scalars = 0, fourByteLeads = 0, newlines = 0, atSigns = 0

    init(counting buf: UnsafeBufferPointer<UInt8>) {
        guard let base = buf.baseAddress else { return }
        typealias Lanes = SIMD16<UInt8>
        // Both sides of every operation are vectors: an operator with a scalar side compiles to
        // a loop over the lanes. A matching lane of a mask is all ones (255): subtracting it
        // adds one.
        @inline(__always) func ones(_ mask: SIMDMask<SIMD16<Int8>>) -> Lanes { unsafeBitCast(mask, to: Lanes.self) }
        var i = 0
        while i + 16 <= buf.count {
            var starts = Lanes(), fours = Lanes(), lineBreaks = Lanes(), ats = Lanes()
            let end = Swift.min(buf.count, i &+ 16 &* 255)
            while i + 16 <= end {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: Lanes.self)
                starts &-= ones(v & Lanes(repeating: 0xC0) .!= Lanes(repeating: 0x80))
                fours &-= ones(v .>= Lanes(repeating: 0xF0))
                lineBreaks &-= ones(v .== Lanes(repeating: 0x0A))
                ats &-= ones(v .== Lanes(repeating: 0x40))
                i += 16
            }
            scalars &+= ByteCounts.sum(starts)
            fourByteLeads &+= ByteCounts.sum(fours)
            newlines &+= ByteCounts.sum(lineBreaks)
            atSigns &+= ByteCounts.sum(ats)
        }
        while i < buf.count {
            let b = base[i]
            scalars &+= b & 0xC0 != 0x80 ? 1 : 0
            fourByteLeads &+= b >= 0xF0 ? 1 : 0
            newlines &+= b == 0x0A ? 1 : 0
            atSigns &+= b == 0x40 ? 1 : 0
            i += 1
        }
    }

    @inline(__always)
    private static func sum(_ lanes: SIMD16<UInt8>) -> Int {
        Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
    }
}
