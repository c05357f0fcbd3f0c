import Testing
@testable import ComposerCore

/// Before a line end, cmark-gfm trims the spaces and the tabs that end the line's text (its text
/// node is right-trimmed of ASCII whitespace there), so a received `a\t` then a line shows `a`;
/// `handleNewline` in Sources/ComposerCore/Markdown/InlineParser.swift and the plain-lines path in
/// InlineParser+Lines.swift drop both. Found by bindings/python/tests/test_receive_fidelity.py.
/// Each expectation is what cmark-gfm 0.29 renders (`cmark-gfm -e strikethrough`), shown beside it.
@Suite struct TrailingWhitespaceTests {
    @Test(arguments: [
        // <p>a\nb</p> (a soft break): the plain-lines path.
        ("a\t\nb", "a\nb", [Span]()),
        ("a \t \nb", "a\nb", []),
        // <p>a<br />\nb</p>: a hard break after two spaces, with a tab before them.
        ("a\t  \nb", "a\nb", []),
        // <p><em>a</em>\nb</p>: the tokenizing path.
        ("*a*\t\nb", "a\nb", [Span(0, 1, .italic)]),
        // <blockquote><p>a\nb</p></blockquote>
        ("> a\t\n> b", "a\nb", [Span(0, 3, .block(.quote))]),
        // Unchanged, for contrast: a tab before a backslash break stays (<p>a\t<br />\nb</p>),
        // and so does an escaped tab-like entity (<p>a\t\nb</p>: `&#9;` is no whitespace to trim).
        ("a\t\\\nb", "a\t\nb", []),
        ("a&#9;\nb", "a\t\nb", []),
    ])
    func spacesAndTabsBeforeALineEndGo(_ markdown: String, _ text: String, _ spans: [Span]) {
        let document = MarkdownParser.parse(markdown)
        #expect(document.text == text)
        #expect(document.spans == spans)
    }
}
