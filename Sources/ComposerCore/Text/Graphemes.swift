/// Grapheme-cluster boundaries over a text's scalars, using the standard library's implementation of
/// Unicode's extended grapheme rules (no Foundation, no ICU).
///
/// Work is bounded by the cluster sizes involved, not by the text: scanning starts at a nearby
/// position that is certainly a boundary (after a line break, or between two ASCII characters
/// other than CR LF), so backspace in a huge draft stays cheap.
enum Graphemes {
    /// A position certainly on a boundary at or before `offset`.
    private static func safeStart(before offset: Int, in scalars: some ScalarSource) -> Int {
        var i = offset
        var steps = 0
        while i > 0 {
            let prev = scalars.scalar(at: i - 1)
            if prev == "\n" { return i }
            if i < scalars.scalarCount, steps > 0, prev.isASCII, scalars.scalar(at: i).isASCII, !(prev == "\r" && scalars.scalar(at: i) == "\n") {
                return i
            }
            i -= 1
            steps += 1
        }
        return 0
    }

    /// The start of the grapheme cluster that ends at or contains `offset - 1`.
    static func previousBoundary(before offset: Int, in scalars: some ScalarSource) -> Int {
        guard offset > 0 else { return 0 }
        let start = safeStart(before: offset - 1, in: scalars)
        var position = start
        var last = start
        for character in String(String.UnicodeScalarView(scalars.scalars(in: start..<offset))) {
            last = position
            position += character.unicodeScalars.count
        }
        return last
    }

    /// The end of the grapheme cluster that starts at or contains `offset`.
    static func nextBoundary(after offset: Int, in scalars: some ScalarSource) -> Int {
        guard offset < scalars.scalarCount else { return scalars.scalarCount }
        let start = safeStart(before: offset, in: scalars)
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
