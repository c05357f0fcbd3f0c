import Testing
@testable import ComposerCore

/// Underline and colour tags pair by nesting, each kind on its own; a tag that pairs with none is
/// literal text (docs/wire-format.md). `InlineParser.pairTags` finds them with counters, in two
/// passes; these cases hold it to a stack of open tags, the plain statement of the rule.
@Suite struct TagPairingTests {
    static let tokens = ["<u>", "</u>", "<color=#102030>", "</color>", "a"]

    /// The text of `sequence` by the rule: paired tags vanish, unpaired ones stay as written.
    static func expectedText(_ sequence: [Int]) -> String {
        var literal = sequence.map { $0 == 4 }
        var open: [Int: [Int]] = [0: [], 2: []]
        for (i, t) in sequence.enumerated() where t < 4 {
            if t % 2 == 0 {
                open[t, default: []].append(i)
            } else if open[t - 1, default: []].popLast() == nil {
                literal[i] = true
            }
        }
        for indices in open.values { for i in indices { literal[i] = true } }
        return sequence.indices.filter { literal[$0] }.map { tokens[sequence[$0]] }.joined()
    }

    @Test func unpairedTagsAreTheOnesAStackLeaves() {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<3000 {
            let sequence = (0..<Int.random(in: 0..<12, using: &rng)).map { _ in Int.random(in: 0..<5, using: &rng) }
            let markdown = sequence.map { Self.tokens[$0] }.joined()
            #expect(MarkdownParser.parse(markdown).text == Self.expectedText(sequence), "\(markdown)")
        }
    }

    @Test func examples() {
        #expect(MarkdownParser.parse("<u>a<u>b</u>").json
            == #"{"text":"<u>ab","spans":[{"start":4,"end":5,"format":"underline"}]}"#)
        #expect(MarkdownParser.parse("</u><u>a</u></u>").text == "</u>a</u>")
    }
}
