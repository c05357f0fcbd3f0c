import Testing
@testable import ComposerCore

/// The kept flanking facts (`FlankTable`) are the definitions' (`CharacterClass.computedFlank`,
/// `computedAmbiguity`), for every character.
@Suite struct FlankTableTests {
    /// Every scalar of the kept planes, each block filled by its first question, then every scalar
    /// again (read from the filled blocks), and every 61st scalar above them (the definitions
    /// asked directly).
    @Test func everyCharacterHasItsDefinedClassAndAmbiguity() {
        var wrong: [UInt32] = []
        for pass in 0..<2 {
            for value in UInt32(0)..<FlankTable.keptLimit where pass == 0 || value % 7 == 0 {
                guard let s = Unicode.Scalar(value) else { continue }
                if CharacterClass.flank(s) != CharacterClass.computedFlank(s)
                    || CharacterClass.isAmbiguousForFlanking(s) != CharacterClass.computedAmbiguity(s) {
                    wrong.append(value)
                }
            }
        }
        for value in stride(from: FlankTable.keptLimit, through: 0x10FFFF, by: 61) {
            guard let s = Unicode.Scalar(value) else { continue }
            if CharacterClass.flank(s) != CharacterClass.computedFlank(s)
                || CharacterClass.isAmbiguousForFlanking(s) != CharacterClass.computedAmbiguity(s) {
                wrong.append(value)
            }
        }
        #expect(wrong.isEmpty, "first disagreements: \(wrong.prefix(8).map { String($0, radix: 16) })")
    }

    /// The classes the tables give the characters a chat message puts next to its delimiters.
    @Test func knownCharacters() {
        let cases: [(Unicode.Scalar, FlankClass, Bool)] = [
            ("\u{A0}", .space, true), ("\u{3000}", .space, true), ("\u{2014}", .punctuation, true),
            ("\u{AB}", .punctuation, true), ("\u{416}", .other, false), ("\u{4E2D}", .other, false),
            ("\u{1F600}", .other, true), ("\u{301}", .other, true), ("\u{E9}", .other, false),
            ("\u{10FFFF}", .other, true), ("a", .other, false), ("*", .punctuation, false), (" ", .space, false),
        ]
        for (s, flank, ambiguous) in cases {
            #expect(CharacterClass.flank(s) == flank, "\(s.value)")
            #expect(CharacterClass.isAmbiguousForFlanking(s) == ambiguous, "\(s.value)")
        }
    }
}
