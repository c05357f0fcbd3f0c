import Testing
@testable import ComposerCore

/// Grapheme boundaries (what backspace, delete and the caret step over) against the standard
/// library's own segmentation of the whole text, at every offset, on texts mixing the scripts the
/// quick split covers with everything that joins: combining marks, Hangul jamo, emoji ZWJ
/// sequences and modifiers, flags (Regional Indicator pairs), CR LF, Indic conjuncts, Thai.
@Suite struct GraphemeTests {
    /// Pieces of text, each a few scalars; concatenated at random they also make clusters that
    /// span pieces (a mark after a letter, two Regional Indicators after a third).
    static let pieces: [String] = [
        "a", "Z", " ", "1", ",", "\n", "\r", "\r\n", "\t",
        "é", "e\u{301}", "\u{301}", "\u{301}\u{302}", "ß", "ё", "й", "\u{483}", "Ω", "ש", "\u{5B8}", "ع", "\u{64B}",
        "語", "文", "。", "あ", "\u{3099}", "カ", "！",
        "한", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{1100}\u{1161}\u{11A8}",
        "😀", "👍🏽", "\u{1F3FD}", "👨\u{200D}👩\u{200D}👧", "\u{200D}", "❤\u{FE0F}", "\u{FE0F}", "#\u{FE0F}\u{20E3}",
        "🇫", "🇷", "🇫🇷", "©", "\u{AD}",
        "क", "\u{94D}", "ष", "\u{93F}", "ก", "\u{E33}", "\u{E31}", "\u{600}", "\u{1}",
        // Conjuncts of other scripts (Myanmar, Khmer, Balinese), a Thai word, a modifier alone.
        "\u{1000}", "\u{1039}", "\u{1001}", "\u{1780}", "\u{17D2}", "\u{1B13}", "\u{1B44}", "กิน", "\u{E40}", "\u{1F3FB}",
    ]

    static func randomText(_ rng: inout SeededRandom, pieces count: Int) -> String {
        var text = ""
        for _ in 0..<count { text += pieces[rng.next(pieces.count)] }
        return text
    }

    /// The scalar offsets where the standard library puts a boundary.
    static func expectedBoundaries(_ text: String) -> [Int] {
        var boundaries = [0]
        for character in text { boundaries.append(boundaries[boundaries.count - 1] + character.unicodeScalars.count) }
        return boundaries
    }

    static func check(_ text: String, sourceName: String, _ source: some ScalarSource) {
        let boundaries = expectedBoundaries(text)
        let count = source.scalarCount
        #expect(boundaries.last == count)
        for offset in 0...count {
            // The cluster holding offset - 1 starts at the last boundary below `offset`.
            let previous = offset == 0 ? 0 : boundaries[boundaries.lastIndex(where: { $0 < offset }) ?? 0]
            let next = offset == count ? count : boundaries.first(where: { $0 > offset }) ?? count
            let gotPrevious = Graphemes.previousBoundary(before: offset, in: source)
            let gotNext = Graphemes.nextBoundary(after: offset, in: source)
            #expect(gotPrevious == previous, "\(sourceName) previousBoundary(before: \(offset)) in \(Array(text.unicodeScalars))")
            #expect(gotNext == next, "\(sourceName) nextBoundary(after: \(offset)) in \(Array(text.unicodeScalars))")
        }
    }

    @Test func boundariesMatchTheStandardLibraryOnMixedScripts() {
        var rng = SeededRandom(seed: 0x6772_6170_6865)
        for _ in 0..<300 {
            let text = Self.randomText(&rng, pieces: 1 + rng.next(24))
            Self.check(text, sourceName: "array", Array(text.unicodeScalars))
            Self.check(text, sourceName: "document", Document(text: text))
        }
    }

    /// A cluster longer than any window a walk starts with (70,000 marks on one letter) is
    /// crossed whole, forward and back.
    @Test func aGiantClusterIsOneStep() {
        let document = Document(text: "x" + "a" + String(repeating: "\u{301}", count: 70_000) + "b")
        #expect(Graphemes.nextBoundary(after: 1, in: document) == 70_002)
        #expect(Graphemes.nextBoundary(after: 5_000, in: document) == 70_002)
        #expect(Graphemes.previousBoundary(before: 70_002, in: document) == 1)
        var walk = BoundariesForward(after: 0, in: document)
        #expect([walk.next(), walk.next(), walk.next(), walk.next()] == [1, 70_002, 70_003, nil])
    }

    /// Long runs the quick split does not cover (it then walks back to the line's start) and long
    /// runs it does, across the tree's leaves.
    @Test func longRunsAcrossLeaves() {
        for text in [String(repeating: "語文한ё", count: 700), String(repeating: "\u{1F1EB}", count: 301),
                     String(repeating: "क\u{94D}", count: 600), "a" + String(repeating: "\u{301}", count: 900)] {
            let document = Document(text: text)
            let boundaries = Self.expectedBoundaries(text)
            let count = document.scalarCount
            for offset in [1, 2, 3, count / 2, count / 2 + 1, count - 1, count] {
                let previous = boundaries[boundaries.lastIndex(where: { $0 < offset }) ?? 0]
                #expect(Graphemes.previousBoundary(before: offset, in: document) == previous)
            }
        }
    }

    /// The walks give every boundary after (before) an offset, in order, from every offset of the
    /// random texts: what a caret moving by many clusters steps through.
    @Test func walksGiveEveryBoundaryInOrder() {
        var rng = SeededRandom(seed: 0x7761_6C6B)
        for _ in 0..<150 {
            let text = Self.randomText(&rng, pieces: 1 + rng.next(30))
            let boundaries = Self.expectedBoundaries(text)
            let document = Document(text: text)
            for offset in 0...document.count {
                var forward = BoundariesForward(after: offset, in: document)
                var after: [Int] = []
                while let b = forward.next() { after.append(b) }
                #expect(after == boundaries.filter { $0 > offset }, "forward from \(offset) in \(Array(text.unicodeScalars))")
                var backward = BoundariesBackward(before: offset, in: document)
                var before: [Int] = []
                while let b = backward.next() { before.append(b) }
                #expect(before == boundaries.filter { $0 < offset }.reversed(), "backward from \(offset) in \(Array(text.unicodeScalars))")
            }
        }
    }

    /// Word moves against the same moves over the standard library's clusters of the whole text.
    @Test func wordMovesMatchTheWholeTextsClusters() {
        var rng = SeededRandom(seed: 0x776F_7264)
        for _ in 0..<150 {
            let text = Self.randomText(&rng, pieces: 1 + rng.next(30))
            let scalars = Array(text.unicodeScalars)
            let boundaries = Self.expectedBoundaries(text)
            let document = Document(text: text)
            for offset in 0...scalars.count {
                var i = offset
                var later = boundaries.filter { $0 > offset }[...]
                while i < scalars.count, !Words.isWordScalar(scalars[i]) { i = later.popFirst() ?? scalars.count }
                while i < scalars.count, Words.isWordScalar(scalars[i]) { i = later.popFirst() ?? scalars.count }
                #expect(Words.nextWordEnd(after: offset, in: document) == i, "next word end after \(offset) in \(scalars)")
                var j = offset
                var earlier = boundaries.filter { $0 < offset }[...]
                while j > 0, let start = earlier.last, !Words.isWordScalar(scalars[start]) { j = start; earlier.removeLast() }
                while j > 0, let start = earlier.last, Words.isWordScalar(scalars[start]) { j = start; earlier.removeLast() }
                #expect(Words.previousWordStart(before: offset, in: document) == j, "previous word start before \(offset) in \(scalars)")
            }
        }
    }

    /// A certain split is one in the whole text: after each mark, linker or joiner (a conjunct's,
    /// in four scripts; an emoji sequence's), in contexts that do and do not make a conjunct or an
    /// emoji sequence of it, every BMP scalar after it is a boundary when `certainlySplits` says so.
    @Test func certainSplitsHoldInTheirContext() {
        let lefts: [Unicode.Scalar] = ["\u{094D}", "\u{0301}", "\u{1039}", "\u{17D2}", "\u{0E34}", "\u{200C}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{093F}"]
        let contexts = ["\u{0915}", "\u{0915}\u{094D}", "\u{1000}", "\u{1F600}", "\u{1F600}\u{1F3FB}", "a", ""]
        var certain = 0, unsure = 0
        // The scripts with marks and conjuncts whole, one scalar in sixteen elsewhere in the BMP.
        for value in UInt32(0x20)...0xFFFF where value < 0x2000 || (0xA800...0xABFF).contains(value) || value % 16 == 0 {
            guard let b = Unicode.Scalar(value) else { continue }
            for a in lefts {
                for context in contexts {
                    var scalars = Array(context.unicodeScalars)
                    scalars += [a, b]
                    let position = scalars.count - 1
                    guard Graphemes.certainlySplits(a, b, at: position, in: scalars) else { unsure += 1; continue }
                    certain += 1
                    #expect(Self.expectedBoundaries(String(String.UnicodeScalarView(scalars))).contains(position),
                            "U+\(String(a.value, radix: 16)) U+\(String(value, radix: 16)) after \(Array(context.unicodeScalars))")
                }
            }
        }
        // Most pairs are certain; those that join (a mark after a mark, a conjunct) are not.
        #expect(certain > 700_000, "\(certain) certain")
        #expect(unsure > 50_000, "\(unsure) unsure")
    }

    /// GB11 and GB9c decide by the scalar before a run of extending ones, however long: an emoji,
    /// marks, a ZWJ and an emoji are one cluster, and so are a consonant, nuktas, a virama and a
    /// consonant. `certainlySplits` reads back `maxExtendingRun` scalars at most; a run that long
    /// or longer leaves the pair unsure (what it read cannot show the emoji or the consonant), and
    /// the walk goes on back to the cluster's start.
    @Test func extendingRunsAsLongAsTheLookBackAndLongerStayInTheirCluster() {
        let limit = Graphemes.maxExtendingRun
        for n in [limit - 1, limit, limit + 1, 2 * limit] {
            let marks = String(repeating: "\u{FE0F}", count: n)
            Self.check("x\u{2764}" + marks + "\u{200D}\u{1F525}y", sourceName: "emoji, \(n) marks", Document(text: "x\u{2764}" + marks + "\u{200D}\u{1F525}y"))
            let nuktas = String(repeating: "\u{93C}", count: n)
            Self.check("x\u{915}" + nuktas + "\u{94D}\u{937}y", sourceName: "conjunct, \(n) nuktas", Document(text: "x\u{915}" + nuktas + "\u{94D}\u{937}y"))
        }
    }

    /// The walk back from the end of a long line stops a cluster or two before it in every script
    /// (a run of flags is read back to its start, where its pairs begin, but not segmented):
    /// backspace segments a few scalars.
    @Test func walksBackAFewScalarsOnLongLines() {
        for piece in ["😀", "👍🏽", "กิ", "e\u{301}", "क्ष", "कि", "কি", "\u{1000}\u{1039}\u{1001}", "\u{1000}\u{102D}", "\u{1780}\u{17B7}", "a\u{200D}", "👨\u{200D}👩", "🇫🇷", "x🇫🇷🇫🇷🇫"] {
            let text = String(repeating: piece, count: 2_000)
            let document = Document(text: text)
            let end = document.count
            let last = Self.expectedBoundaries(text).dropLast().last ?? 0
            #expect(end - last <= 3, "\(piece)")
            #expect(Graphemes.safeStart(before: end, atMost: end - 1, in: document) >= last - 3, "\(piece)")
            #expect(Graphemes.previousBoundary(before: end, in: document) == last, "\(piece)")
        }
    }
}
