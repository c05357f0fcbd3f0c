import Testing
@testable import ComposerCore

/// The inline parser's look ahead (Sources/ComposerCore/Markdown/InlineParser+Lookahead.swift): past
/// a content's first few dozen tokens, a token that nothing after it can complete is text at once.
/// It must give what pairing every token would: these inputs are where a shortcut once did not.
@Suite struct InlineLookaheadTests {
    /// A `~` opener with no `~` closer after it, below a `**` closer that finds no opener: it bounds
    /// the later search of the final `****`, until the first pair across it removes it. Taken out
    /// early, the bound fell on the `****` opener itself and its second pair was lost (cmark-gfm
    /// pairs all eight stars). Found by comparing 300,000 random inputs with the parser before the
    /// look ahead; the leading `<` make the content long enough for the scans to be used.
    @Test(arguments: [0, 40])
    func aRunWithNoCloserOfItsOwnStillBoundsTheSearch(prefix: Int) {
        let lead = prefix == 0 ? "" : String(repeating: "<", count: prefix) + " "
        let document = MarkdownParser.parse(lead + "*<<*<~ *<< ~>~*~a*<~<<****a<**r<**<~r>**>****")
        let shift = lead.count
        #expect(document.text == lead + "<<<~ *<< >~a<~<<a<r<<~r>**>")
        #expect(document.spans == [
            Span(shift + 0, shift + 2, .italic),
            Span(shift + 9, shift + 10, .strike),
            Span(shift + 10, shift + 12, .italic),
            Span(shift + 16, shift + 27, .bold),
        ])
    }

    /// Openers with no closer of any kind after them, past the first tokens: text, as they would be
    /// unpaired; and a closer after many of them still pairs with the nearest.
    @Test func openersWithoutClosersStayTextAndTheLastPairStillForms() {
        let openers = String(repeating: "*a ", count: 50)
        let unpaired = MarkdownParser.parse(openers)
        #expect(unpaired.text == String(openers.dropLast()))  // the paragraph's last space goes
        #expect(unpaired.spans.isEmpty)
        let document = MarkdownParser.parse(openers + "*b*")
        #expect(document.text == openers + "b")
        #expect(document.spans == [Span(openers.count, openers.count + 1, .italic)])
    }

    /// Openers of one character with closers of another after them, which have no opener to
    /// close ("*a_ " repeated): all text, passed over in one step. A `*` closer or a `_` opener
    /// later on keeps them in play, and the pairs form as cmark-gfm makes them.
    @Test func openersWhoseOnlyClosersAreOfAnInertCharacterStayText() {
        let units = String(repeating: "*a_ ", count: 50)
        let inert = MarkdownParser.parse(units + "~~x~~ **y**")
        #expect(inert.text == units + "x y")
        #expect(inert.spans == [Span(200, 201, .strike), Span(202, 203, .bold)])
        // The `_b_` opener makes the `_` closers live, and the final `*` closes the last `*`.
        let live = MarkdownParser.parse(units + "_b_ c*")
        #expect(live.text == String(repeating: "*a_ ", count: 49) + "a_ b c")
        #expect(live.spans == [Span(196, 202, .italic)])
    }

    /// Past the first tokens, a `[` with no `]` after it, a `]` with no `)` after it, and a `<`
    /// with no `>` after it are text at once, each passing over the run of them (cmark-gfm shows
    /// each input as it is).
    @Test(arguments: [
        String(repeating: "[", count: 40) + "]",
        String(repeating: "[a] ", count: 20) + "x",
        String(repeating: "a] ", count: 40) + "x",
        "a > " + String(repeating: "< ", count: 40) + "x",
        "(" + String(repeating: "[a] ", count: 20) + "[b) x",
    ])
    func bracketsAndAnglesNothingCanCloseAreText(_ markdown: String) {
        let document = MarkdownParser.parse(markdown)
        #expect(document.text == markdown && document.spans.isEmpty)
    }
}
