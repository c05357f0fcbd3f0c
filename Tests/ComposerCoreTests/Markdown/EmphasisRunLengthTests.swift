import Testing
@testable import ComposerCore

/// CommonMark's "multiple of 3" rule compares the lengths of the whole delimiter runs, as read,
/// not what earlier matches left of them (`Delimiter.runLength` in
/// Sources/ComposerCore/Markdown/InlineParser.swift). Each expectation is what cmark-gfm 0.29
/// renders (`cmark-gfm -e strikethrough`), shown beside it.
@Suite struct EmphasisRunLengthTests {
    @Test(arguments: [
        // é<strong><strong><strong>é</strong></strong></strong>****é: runs of 6 and 10 match
        // three times (6 + 10 is no multiple of 3); by what is left (4 + 8) the second would not.
        ("é******é**********é", "éé****é", [Span(1, 2, .bold)]),
        // a*<em><strong>b</strong></em>c: 4 + 3 is no multiple of 3, so the run of 4 closes
        // twice; by what is left (2 + 1) the second would not.
        ("a****b***c", "a*bc", [Span(2, 3, .bold), Span(2, 3, .italic)]),
        // Unchanged by the rule's reading, for contrast: a*<strong>b</strong>c, <em>a**b</em>,
        // x<strong>a</strong><em>b</em><strong>c</strong>y.
        ("a***b**c", "a*bc", [Span(2, 3, .bold)]),
        ("*a**b*", "a**b", [Span(0, 4, .italic)]),
        ("x**a***b***c**y", "xabcy", [Span(1, 2, .bold), Span(2, 3, .italic), Span(3, 4, .bold)]),
    ])
    func theRuleOfThreeReadsWholeRuns(_ markdown: String, _ text: String, _ spans: [Span]) {
        let document = MarkdownParser.parse(markdown)
        #expect(document.text == text)
        #expect(document.spans == spans)
    }
}
