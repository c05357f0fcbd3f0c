/// Grapheme-cluster boundaries over a text's scalars, using the standard library's implementation of
/// Unicode's extended grapheme rules (no Foundation, no ICU).
///
/// Work is bounded by the cluster sizes involved, not by the text: scanning starts at a nearby
/// position that is certainly a boundary (after a line break, or between two scalars that no rule
/// joins: see `certainlySplits`), walking back one scalar at a time, so backspace in a huge draft
/// stays cheap, in every script the list below covers. Elsewhere a scan reaches back to the line's
/// start or to two such scalars, a step costing a few instructions.
enum Graphemes {
    /// Whether there is a boundary between adjacent scalars `a` and `b` whatever surrounds them.
    ///
    /// Every rule of UAX #29 that joins two scalars needs the second one to be LF after CR, Extend,
    /// ZWJ, SpacingMark, a Hangul jamo, a Regional Indicator, an Extended_Pictographic or an Indic
    /// conjunct consonant, or the first one to be Prepend or a Hangul jamo. None of the scalars
    /// `isPlain` accepts is any of those, so two of them always split (GB4/GB5 split around the
    /// ASCII controls too, CR LF aside).
    @inline(__always)
    static func certainlySplits(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        isPlain(a) && isPlain(b) && !(a == "\r" && b == "\n")
    }

    /// ASCII, and the letters of the common scripts: Grapheme_Cluster_Break Other, not
    /// Extended_Pictographic, not an Indic conjunct consonant (ranges that hold no combining mark;
    /// a scalar missing here only makes a scan longer, never wrong).
    @inline(__always)
    static func isPlain(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return true }
        switch v {
        case 0x00C0...0x024F,  // Latin-1 letters, Latin Extended-A and -B
             0x0370...0x03FF,  // Greek and Coptic
             0x0400...0x0482, 0x048A...0x052F,  // Cyrillic (0483-0489 combine)
             0x05D0...0x05EA,  // Hebrew letters
             0x0620...0x064A,  // Arabic letters
             0x3001...0x3003,  // CJK comma, full stop, ditto mark
             0x3041...0x3096, 0x30A1...0x30FA,  // Hiragana, Katakana
             0x4E00...0x9FFF,  // CJK Unified Ideographs
             0xAC00...0xD7A3,  // Hangul syllables (LV/LVT: two of them split, GB6-GB8 join jamo only)
             0xFF01...0xFF5E:  // fullwidth ASCII
            return true
        default:
            return false
        }
    }

    /// A position certainly on a boundary at or before `latest` (at most `offset`), walking back
    /// from `offset`.
    private static func safeStart(before offset: Int, atMost latest: Int, in scalars: some ScalarSource) -> Int {
        var start = 0
        var position = offset  // the boundary candidate between `c` and `after`
        var after: Unicode.Scalar = "\0"
        scalars.forEachScalarBackward(from: offset, limit: offset) { c in
            if position <= latest, c == "\n" || (position < offset && certainlySplits(c, after)) {
                start = position
                return false
            }
            after = c
            position -= 1
            return true
        }
        return start
    }

    /// The start of the grapheme cluster that ends at or contains `offset - 1`.
    static func previousBoundary(before offset: Int, in scalars: some ScalarSource) -> Int {
        guard offset > 0 else { return 0 }
        // The usual case: a certain boundary right before the last scalar, found reading two.
        let start = safeStart(before: offset, atMost: offset - 1, in: scalars)
        if start == offset - 1 { return start }
        // The scalars of [start, offset) through the standard library's segmentation.
        var boundary = start
        var cluster = start
        for character in String(String.UnicodeScalarView(scalars.scalars(in: start..<offset))) {
            cluster = boundary
            boundary += character.unicodeScalars.count
        }
        return cluster
    }

    /// The end of the grapheme cluster that starts at or contains `offset`.
    static func nextBoundary(after offset: Int, in scalars: some ScalarSource) -> Int {
        guard offset < scalars.scalarCount else { return scalars.scalarCount }
        let start = safeStart(before: offset, atMost: offset, in: scalars)
        // Clusters are short; widen the window until the cluster holding `offset` ends inside it.
        var window = 64
        while true {
            let end = Swift.min(scalars.scalarCount, offset + window)
            var position = start
            for character in String(String.UnicodeScalarView(scalars.scalars(in: start..<end))) {
                position += character.unicodeScalars.count
                if position > offset {
                    if position < end || end == scalars.scalarCount { return position }
                    break
                }
            }
            if end == scalars.scalarCount { return scalars.scalarCount }
            window *= 4
        }
    }

    /// Whether `offset` lies on a grapheme boundary.
    static func isBoundary(_ offset: Int, in scalars: some ScalarSource) -> Bool {
        offset == 0 || offset == scalars.scalarCount || previousBoundary(before: nextBoundary(after: offset - 1, in: scalars), in: scalars) == offset
            || nextBoundary(after: previousBoundary(before: offset, in: scalars), in: scalars) == offset
    }
}

/// Word boundaries for caret movement: a word is a run of letters, digits, marks and connector
/// punctuation; moving by word skips the separators before it.
enum Words {
    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        return p.isAlphabetic || p.numericType != nil || p.generalCategory == .connectorPunctuation
            || p.generalCategory == .nonspacingMark || p.generalCategory == .spacingMark || p.isJoinControl
    }

    /// Steps whole grapheme clusters, so a word move never lands inside one; a cluster is a word
    /// character when its first scalar is.
    static func previousWordStart(before offset: Int, in scalars: some ScalarSource) -> Int {
        var i = offset
        func previousCluster() -> Int { Graphemes.previousBoundary(before: i, in: scalars) }
        while i > 0, !isWordScalar(scalars.scalar(at: previousCluster())) { i = previousCluster() }
        while i > 0, isWordScalar(scalars.scalar(at: previousCluster())) { i = previousCluster() }
        return i
    }

    static func nextWordEnd(after offset: Int, in scalars: some ScalarSource) -> Int {
        var i = offset
        while i < scalars.scalarCount, !isWordScalar(scalars.scalar(at: i)) { i = Graphemes.nextBoundary(after: i, in: scalars) }
        while i < scalars.scalarCount, isWordScalar(scalars.scalar(at: i)) { i = Graphemes.nextBoundary(after: i, in: scalars) }
        return i
    }
}
