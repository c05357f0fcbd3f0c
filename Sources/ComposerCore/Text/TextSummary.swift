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
        let counted: (Int, Int, Int, Int)? = bytes.withContiguousStorageIfAvailable { buf in
            var scalars = 0, fourByte = 0, newlines = 0, atSigns = 0
            for b in buf {
                scalars &+= b & 0xC0 != 0x80 ? 1 : 0
                fourByte &+= b >= 0xF0 ? 1 : 0
                newlines &+= b == 0x0A ? 1 : 0
                atSigns &+= b == 0x40 ? 1 : 0
            }
            return (scalars, fourByte, newlines, atSigns)
        }
        if let (scalars, fourByte, newlines, atSigns) = counted {
            s.scalars = scalars
            s.utf16 = scalars + fourByte
            s.newlines = newlines
            s.atSigns = atSigns
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
