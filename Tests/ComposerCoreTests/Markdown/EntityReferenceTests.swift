import Testing
@testable import ComposerCore

/// Character references in received markdown (Sources/ComposerCore/Markdown/EntityDecoder.swift):
/// decoded when complete, else literal text that the tokenizer passes over in one step, with the
/// syntax after it read as usual. Each expectation is what cmark-gfm renders.
@Suite struct EntityReferenceTests {
    @Test(arguments: [
        ("&#65;&#x42;&#X43;", "ABC"),
        ("&#1234567;", "\u{FFFD}"),
        ("&#x10FFFF;", "\u{10FFFF}"),
        ("&#0;", "\u{FFFD}"),
        ("&amp;&lt;", "&<"),
    ])
    func completeReferencesAreDecoded(markdown: String, text: String) {
        let document = MarkdownParser.parse(markdown)
        #expect(document.text == text)
        #expect(document.spans.isEmpty)
    }

    /// No `;`, no digit, a digit run broken by a letter: the reference's bytes stay text, and the
    /// emphasis right after them still pairs.
    @Test(arguments: [
        ("&#;", "&#;", [Span]()),
        ("&#x;", "&#x;", [Span]()),
        ("&amp", "&amp", [Span]()),
        ("&#12a;", "&#12a;", [Span]()),
        ("&#x1g;", "&#x1g;", [Span]()),
        ("&#9999999*a*", "&#9999999a", [Span(9, 10, .italic)]),
        ("&ampx*b*", "&ampxb", [Span(5, 6, .italic)]),
        ("a&#9999999&#9999999 **b**", "a&#9999999&#9999999 b", [Span(20, 21, .bold)]),
    ])
    func incompleteReferencesStayText(markdown: String, text: String, spans: [Span]) {
        let document = MarkdownParser.parse(markdown)
        #expect(document.text == text)
        #expect(document.spans == spans)
    }

    /// The decoder alone, at the input's last bytes (its callers look ahead first, so the parse
    /// never asks it there): a cut-off reference is none, and nothing is appended; with its `;`,
    /// the complete ones take their bytes.
    @Test(arguments: [("&", nil), ("&#", nil), ("&#x", nil), ("&a", nil), ("&#1", 4), ("&amp", 5)] as [(String, Int?)])
    func aReferenceCutOffByTheInputsEndIsNone(_ tail: String, _ withSemicolon: Int?) {
        var out: [UInt8] = [0x2A]
        #expect(EntityDecoder.decode(Array(("a" + tail).utf8), at: 1, into: &out) == nil)
        #expect(out == [0x2A])
        #expect(EntityDecoder.decode(Array(("a" + tail + ";").utf8), at: 1, into: &out) == withSemicolon)
    }
}
