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
            #expect(Graphemes.isBoundary(offset, in: source) == boundaries.contains(offset))
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
}
