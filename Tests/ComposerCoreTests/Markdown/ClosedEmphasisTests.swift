import Testing
@testable import ComposerCore

/// A run that opens emphasis with plain text and a closing run after it is read as the pair in one
/// step (`InlineParser.readClosedEmphasis`): it must write what the delimiter stack and
/// `processEmphasis` make of the two runs, on inputs that take the step and inputs that just miss
/// it (runs of other lengths, closers that do not flank, openers that could close an earlier one).
@Suite struct ClosedEmphasisTests {
    /// Paragraph content dense with emphasis runs, words and the characters that change their
    /// flanks (spaces, punctuation, non-ASCII letters and spaces), plus other syntax between them.
    static func contents(count: Int) -> [[UInt8]] {
        var random = SeededRandom(seed: 0xE4F)
        let pieces = ["*", "**", "***", "_", "__", "~", "~~", "~~~", "a", "bc", " ", " ", ".", "é", "\u{a0}", "!", "\\*",
                      "[", "](u)", "](https://e.com)", "`", "\n", "<u>", "</u>", "&amp;", "漢", "x_y"]
        return (0..<count).map { _ in
            let length = Int.random(in: 1...24, using: &random)
            return Array((0..<length).map { _ in random.pick(pieces) }.joined().utf8)
        }
    }

    @Test func pairsReadInOneStepAreThePairsTheStackMakes() {
        var differing = 0
        for content in ClosedEmphasisTests.contents(count: 20000) {
            let fast = InlineOutputs.of(content, block: nil)
            let general = InlineOutputs.of(content, block: nil, closedEmphasis: false)
            #expect(fast.json == general.json, "\(String(decoding: content, as: UTF8.self).debugDescription)")
            #expect(fast.html == general.html, "\(String(decoding: content, as: UTF8.self).debugDescription)")
            if fast.json != general.json { differing += 1 }
        }
        #expect(differing == 0)
    }

    /// The step is taken: runs of one, two and tildes around words, opener runs that flank on both
    /// sides (which could close an earlier opener, had one been pushed), and pairs inside link text.
    @Test(arguments: [
        ("**a**a**a**a", "aaaa", [Span(0, 1, .bold), Span(2, 3, .bold)]),
        ("a**b**c", "abc", [Span(1, 2, .bold)]),
        ("*a*b*c*", "abc", [Span(0, 1, .italic), Span(2, 3, .italic)]),
        ("*i* _j_ __k__ ~~s~~ ~t~", "i j k s t", [Span(0, 1, .italic), Span(2, 3, .italic), Span(4, 5, .bold), Span(6, 7, .strike), Span(8, 9, .strike)]),
        ("*a **b** c*", "a b c", [Span(0, 5, .italic), Span(2, 3, .bold)]),
        ("[**b**](https://e.com) x", "b x", [Span(0, 1, .bold), Span(0, 1, .link(url: "https://e.com"))]),
    ])
    func pairsAroundPlainText(markdown: String, text: String, spans: [Span]) {
        let document = MarkdownParser.parse(markdown)
        #expect(document.text == text)
        #expect(document.spans == spans)
    }

    /// The step is not taken and the stack decides: a closing run longer or shorter than the
    /// opener, a closer that does not flank, an intraword `_`, a run after an opener of its
    /// character, as in cmark-gfm.
    @Test(arguments: [
        ("**a***", "a*", [Span(0, 1, .bold)]),
        ("*a**", "a*", [Span(0, 1, .italic)]),
        ("**a **", "**a **", [Span]()),
        ("a_b_c", "a_b_c", [Span]()),
        ("**a *b** c*", "a b c", [Span(0, 5, .italic)]),
    ])
    func runsTheStepLeavesToTheStack(markdown: String, text: String, spans: [Span]) {
        let document = MarkdownParser.parse(markdown)
        #expect(document.text == text)
        #expect(document.spans == spans)
    }
}
