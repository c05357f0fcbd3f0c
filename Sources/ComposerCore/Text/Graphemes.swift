/// Grapheme-cluster boundaries over a text's scalars, using the standard library's implementation of
/// Unicode's extended grapheme rules (no Foundation, no ICU).
///
/// Work is bounded by the cluster sizes involved, not by the text: scanning starts at a nearby
/// position that is certainly a boundary (after a line break, or between two scalars that no rule
/// joins whatever comes before them: see `certainlySplits`), walking back one scalar at a time, so
/// backspace in a huge draft stays cheap in every script. Only a run of Regional Indicators (flags)
/// or of scalars joined to each other (one giant cluster) makes a scan reach back to its start.
/// Moving over many clusters (a caret step of several, a word) walks them in one pass
/// (`BoundariesForward`, `BoundariesBackward`), each stretch of text segmented once.
enum Graphemes {
    /// Whether there is a boundary at `position`, between scalars `a` (at `position - 1`) and `b`,
    /// whatever precedes what this reads of `scalars`.
    ///
    /// Of UAX #29's rules, three look further left than `a`: GB9c (an Indic conjunct: a consonant,
    /// then linkers and extending marks, then a consonant), GB11 (an emoji, extending marks, a ZWJ,
    /// an emoji) and GB12/13 (flags: Regional Indicators pair from the run's start). Outside those
    /// the pair alone decides, and the standard library's segmentation of the two says what it
    /// decides; two "plain" scalars (`isPlain`) always split but for CR LF, answered without it.
    @inline(__always)
    static func certainlySplits(_ a: Unicode.Scalar, _ b: Unicode.Scalar, at position: Int, in scalars: some ScalarSource) -> Bool {
        if isPlain(a), isPlain(b) { return !(a == "\r" && b == "\n") }
        return contextCertainlySplits(a, b, at: position, in: scalars)
    }

    /// The longest run of extending scalars before `b` that `certainlySplits` reads back over; a
    /// longer one (a pile of marks) leaves the boundary unsure, and the scan goes on back.
    static let maxExtendingRun = 32

    /// `certainlySplits` for a pair that is not two plain scalars (apart: the plain test stays
    /// inline in the scans).
    @inline(never)
    static func contextCertainlySplits(_ a: Unicode.Scalar, _ b: Unicode.Scalar, at position: Int, in scalars: some ScalarSource) -> Bool {
        if isRegionalIndicator(a), isRegionalIndicator(b) { return false }
        // A mark joins what precedes it (GB9) but after a control: a pile of marks (one giant
        // cluster) is walked back over without segmenting each pair.
        if b.properties.isGraphemeExtend { return false }
        // A pair joined on its own is joined by a rule of the pair alone (the rules with a
        // context cannot apply to two scalars that are all their context): joined anywhere.
        guard clusterCount(a, b) == 2 else { return false }
        guard mayExtend(a) else { return true }
        // GB9c and GB11 look back over the run of extending scalars (linkers, marks, ZWJ) that
        // ends at `a`, to the scalar before it (the conjunct's consonant, the emoji) and no
        // further: segmented from there, the stretch and `b` decide as the whole text would.
        var context: [Unicode.Scalar] = [b, a]  // backward
        var complete = false
        var read = 0
        scalars.forEachScalarBackward(from: position - 1, limit: maxExtendingRun) { s in
            context.append(s)
            read += 1
            if !mayExtend(s) { complete = true }
            return !complete
        }
        // Fewer scalars than asked for: the text's start ends the run.
        if read < maxExtendingRun { complete = true }
        guard complete else { return false }
        let last = context.count - 1
        var boundary = 0
        for character in String(String.UnicodeScalarView(context.reversed())) {
            boundary += character.unicodeScalars.count
            if boundary >= last { return boundary == last }
        }
        return false
    }

    /// Scalars that may extend what precedes them (GB9c's linkers and marks, GB11's marks and
    /// ZWJ): the marks, format characters, joiners and the Grapheme_Extend ones. Wider than the
    /// rules need: a scalar counted here only makes `certainlySplits` read a little further back.
    private static func mayExtend(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        if p.isGraphemeExtend || p.isJoinControl || p.isEmojiModifier || p.isVariationSelector { return true }
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    @inline(__always)
    private static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(s.value) }

    /// How many clusters the standard library finds in `a` `b` (a small string: no allocation).
    private static func clusterCount(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Int {
        var text = String(a)
        text.unicodeScalars.append(b)
        return text.count
    }

    /// ASCII, and the letters of the common scripts: Grapheme_Cluster_Break Other, not
    /// Extended_Pictographic, not an Indic conjunct consonant (ranges that hold no combining mark).
    /// Two of them split without asking the standard library; a scalar missing here only costs a
    /// segmentation of its pair, never a wrong answer.
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
    static func safeStart(before offset: Int, atMost latest: Int, in scalars: some ScalarSource) -> Int {
        var start = 0
        var position = offset  // the boundary candidate between `c` and `after`
        var after: Unicode.Scalar = "\0"
        // Whether every scalar read is a Regional Indicator: a run of flags is walked to its start
        // (no pair in it is certain), and from there its pairs are known without segmenting it.
        var onlyFlags = true
        var found = false
        scalars.forEachScalarBackward(from: offset, limit: offset) { c in
            if onlyFlags, !isRegionalIndicator(c) {
                onlyFlags = false
                if let pair = flagBoundary(runStart: position, offset: offset, atMost: latest) {
                    start = pair
                    found = true
                    return false
                }
            }
            if position <= latest, c == "\n" || (position < offset && certainlySplits(c, after, at: position, in: scalars)) {
                start = position
                found = true
                return false
            }
            after = c
            position -= 1
            return true
        }
        if !found, onlyFlags, let pair = flagBoundary(runStart: 0, offset: offset, atMost: latest) { return pair }
        return start
    }

    /// In a run of Regional Indicators from `runStart` to at least `offset`, the last boundary at
    /// or before `latest` between two of them: they pair from the run's start (GB12/13), whatever
    /// precedes it. Nil when no such boundary lies after `runStart`.
    private static func flagBoundary(runStart: Int, offset: Int, atMost latest: Int) -> Int? {
        let last = Swift.min(latest, offset - 1)
        guard last >= runStart + 2 else { return nil }
        return runStart + (last - runStart) / 2 * 2
    }

    /// The start of the grapheme cluster that ends at or contains `offset - 1`.
    static func previousBoundary(before offset: Int, in scalars: some ScalarSource) -> Int {
        var walk = BoundariesBackward(before: offset, in: scalars)
        return walk.next() ?? 0
    }

    /// The end of the grapheme cluster that starts at or contains `offset`.
    static func nextBoundary(after offset: Int, in scalars: some ScalarSource) -> Int {
        var walk = BoundariesForward(after: offset, in: scalars)
        return walk.next() ?? scalars.scalarCount
    }
}

/// The grapheme boundaries after an offset, nearest first. The text is segmented a window at a
/// time from a certain boundary; every boundary a window finds is certain but its end (the last
/// cluster may go on past it), so the next window starts at the last cluster's start, and no
/// scalar is segmented twice but that cluster's.
struct BoundariesForward<Source: ScalarSource> {
    private let source: Source
    /// Boundaries found and not yet given, ascending.
    private var found: [Int] = []
    private var given = 0
    /// A certain boundary where the next window starts.
    private var windowStart: Int
    private var windowLength = 64
    /// The last boundary given (at first the offset): what is given next lies after it.
    private var position: Int
    /// Steps taken by `certainStep`: a walk longer than `maxCertainSteps` segments windows, which
    /// cost less a step over many (a certain step reads two scalars of the tree, and between emoji
    /// segments their pair: some 10,000 instructions a step, where a window of emoji costs half
    /// that a step).
    private var certainSteps = 0
    private static var maxCertainSteps: Int { 4 }

    init(after offset: Int, in source: Source) {
        self.source = source
        position = offset
        windowStart = Graphemes.safeStart(before: offset, atMost: offset, in: source)
    }

    /// The next boundary, nil past the text's end.
    mutating func next() -> Int? {
        if certainSteps < Self.maxCertainSteps, let step = certainStep() { return step }
        // From here on the windows answer.
        certainSteps = Self.maxCertainSteps
        while given == found.count {
            guard refill() else { return nil }
        }
        position = found[given]
        given += 1
        return position
    }

    /// The next boundary when the one after the scalar at `position` is certain
    /// (`Graphemes.certainlySplits`: two plain scalars, answered inline, or a pair whose split no
    /// context could undo): the cluster holding that scalar ends after it, whatever came before. A
    /// caret step or a forward delete then reads two scalars (and, between an emoji and another,
    /// segments the pair); a window of 64 made into a string and segmented was some 70,000
    /// instructions in Latin text, 128,000 between emoji, twenty times a step back. Taken for the
    /// first few steps of a walk only (`maxCertainSteps`).
    private mutating func certainStep() -> Int? {
        let count = source.scalarCount
        guard position >= 0, position < count else { return nil }
        if position + 1 < count {
            let a = source.scalar(at: position), b = source.scalar(at: position + 1)
            guard Graphemes.certainlySplits(a, b, at: position + 1, in: source) else { return nil }
        }
        position += 1
        certainSteps += 1
        // A boundary no rule could move: the next window may start here.
        windowStart = position
        return position
    }

    /// Segments the next window; false at the text's end.
    private mutating func refill() -> Bool {
        let count = source.scalarCount
        guard windowStart < count, position < count else { return false }
        let end = Swift.min(count, windowStart + windowLength)
        found.removeAll(keepingCapacity: true)
        given = 0
        var boundary = windowStart
        var lastStart = windowStart
        for character in String(String.UnicodeScalarView(source.scalars(in: windowStart..<end))) {
            lastStart = boundary
            boundary += character.unicodeScalars.count
            // The window's end is a boundary only at the text's end.
            if boundary > position, boundary < end || end == count { found.append(boundary) }
        }
        if end == count {
            windowStart = count
        } else if lastStart > windowStart {
            windowStart = lastStart
            // Long walks read longer windows (fewer strings made).
            windowLength = Swift.min(windowLength * 2, Swift.max(windowLength, 1 << 16))
        } else {
            // One cluster fills the window: a wider one, however wide the cluster (it ends by the
            // text's end at the latest).
            windowLength *= 4
        }
        return true
    }
}

/// The grapheme boundaries before an offset, nearest first: the start of the cluster holding
/// `offset - 1`, then the one before, and so on. Each stretch, from a certain boundary to where the
/// last one began, is segmented once (a boundary depends on the scalars before it and the one
/// after, never on what follows: a stretch cut short keeps its boundaries).
struct BoundariesBackward<Source: ScalarSource> {
    private let source: Source
    /// Boundaries found and not yet given, ascending (given from the last).
    private var found: [Int] = []
    /// Where the stretch segmented last began: the next stretch ends there.
    private var end: Int

    init(before offset: Int, in source: Source) {
        self.source = source
        end = Swift.min(Swift.max(offset, 0), source.scalarCount)
    }

    /// The next boundary back, nil before the text's start.
    mutating func next() -> Int? {
        if found.isEmpty {
            guard end > 0 else { return nil }
            let start = Graphemes.safeStart(before: end, atMost: end - 1, in: source)
            defer { end = start }
            // The usual case (a backspace): a certain boundary right before the last scalar,
            // given without segmenting or keeping anything.
            if start == end - 1 { return start }
            var boundary = start
            for character in String(String.UnicodeScalarView(source.scalars(in: start..<end))) {
                found.append(boundary)
                boundary += character.unicodeScalars.count
            }
        }
        return found.popLast()
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
    /// Both walk the clusters in one pass (one segmentation of the stretch crossed, not one per
    /// cluster: a word of emoji or Thai a line long).
    static func previousWordStart(before offset: Int, in scalars: some ScalarSource) -> Int {
        var i = offset
        var clusters = BoundariesBackward(before: offset, in: scalars)
        var previous = clusters.next()  // the start of the cluster before `i`
        while i > 0, let start = previous, !isWordScalar(scalars.scalar(at: start)) {
            i = start
            previous = clusters.next()
        }
        while i > 0, let start = previous, isWordScalar(scalars.scalar(at: start)) {
            i = start
            previous = clusters.next()
        }
        return i
    }

    static func nextWordEnd(after offset: Int, in scalars: some ScalarSource) -> Int {
        let count = scalars.scalarCount
        var i = offset
        var clusters = BoundariesForward(after: offset, in: scalars)
        while i < count, !isWordScalar(scalars.scalar(at: i)) { i = clusters.next() ?? count }
        while i < count, isWordScalar(scalars.scalar(at: i)) { i = clusters.next() ?? count }
        return i
    }
}
