import Testing
@testable import ComposerCore

/// Inline links whose text is plain are read in one step at their `[`
/// (`readPlainLink` in Sources/ComposerCore/Markdown/InlineParser+Links.swift); any other link
/// goes through the bracket stack. Both ways must make the same document.
@Suite struct InlineLinkTests {
    /// The same markdown with link text `ab.` (plain: read at once) and `ab\.` (an escape: the
    /// bracket stack), which mean the same text.
    private static func variants(_ template: String) -> (plain: String, general: String) {
        (template.replacing("{t}", with: "ab."), template.replacing("{t}", with: "ab\\."))
    }

    /// `template` with link text `ab` (plain: read at once) and `a\*` (an escape: the bracket
    /// stack) reads as `text` with `{t}` the link text (`ab`, `a*`), linked to `url` over those two
    /// characters, or not linked.
    private static func expectBothWays(_ template: String, text: String, url: String?) {
        for (markdown, expected) in [(template.replacing("{t}", with: "ab"), text.replacing("{t}", with: "ab")),
                                     (template.replacing("{t}", with: "a\\*"), text.replacing("{t}", with: "a*"))] {
            let document = MarkdownParser.parse(markdown)
            #expect(document.text == expected, "\(markdown)")
            #expect(document.spans == (url.map { [Span(0, 2, .link(url: $0))] } ?? []), "\(markdown)")
        }
    }

    @Test(arguments: [
        "[{t}](https://e.com/p?q=(c))",
        String(repeating: "*a [{t}](u) ", count: 40),
        String(repeating: "**a** [{t}](https://e.com) ", count: 40),
        String(repeating: "[{t}](https://e.com/p?q=(c)) ", count: 40),
        "[x [{t}](https://b.com) y](https://c.com) [{t}](https://d.com)",
        "[{t}](https://e.com \"title\") [{t}](<https://e.com/a>) [{t}](https://e.com/&amp;) [{t}](https://e.com/\\))",
        "*[{t}](https://e.com)* _[{t}](https://e.com)_ ~~[{t}](https://e.com)~~",
        "[{t}](https://e.com)[{t}](https://e.com)",
        "<u>[{t}](https://e.com)</u> <color=#a0b1c2>[{t}](https://e.com)</color>",
        "[{t}](mailto:a@b.c) [{t}](e.com/x) [{t}](u)",
        // Just missed: no link tail (noted once, the `]` finds none again), no `](`, an image,
        // a run of `[`, a line break in the text, too many `(`.
        "[{t}](u v) [{t}](https://d.com)",
        "[{t}] (https://e.com) [{t}](https://e.com",
        "![{t}](https://e.com) [[{t}](https://e.com)",
        "[{t}\n](https://e.com)",
        "[{t}](" + String(repeating: "(", count: 40) + "a" + String(repeating: ")", count: 41),
        String(repeating: "[{t}](", count: 40) + ")",
    ])
    func plainLinkTextMakesTheDocumentOfTheGeneralWay(_ template: String) {
        let (plain, general) = InlineLinkTests.variants(template)
        #expect(MarkdownParser.parse(plain) == MarkdownParser.parse(general))
        #expect(MarkdownParser.parseJSON(utf8: Array(plain.utf8)) == MarkdownParser.parseJSON(utf8: Array(general.utf8)))
        #expect(HTMLRenderer.renderUTF8(markdown: Array(plain.utf8)) == HTMLRenderer.renderUTF8(markdown: Array(general.utf8)))
    }

    /// A destination that starts inside one that met its 33rd `(` (which is no destination) is
    /// scanned on from where that scan stopped, with the `(` before its own start taken off: at
    /// most 32 deep it is a link, past that none, as cmark-gfm reads them (`<a
    /// href="https://e.com/(((((((((((((x)))))))))))))">b</a>` for the first; for the last, no
    /// link `b`, its bare URL autolinked, which stays text here).
    @Test(arguments: [(13, true), (32, true), (33, false)])
    func aDestinationInsideAnOverDeepOneCountsItsOwnParentheses(_ depth: Int, _ linked: Bool) {
        let url = "https://e.com/" + String(repeating: "(", count: depth) + "x" + String(repeating: ")", count: depth)
        let before = "[a](" + String(repeating: "(", count: 20)
        let document = MarkdownParser.parse(before + "[b](" + url + ")")
        #expect(document.text == before + (linked ? "b" : "[b](" + url + ")"))
        #expect(document.spans == (linked ? [Span(before.count, before.count + 1, .link(url: url))] : []))
    }

    /// What a link read at once makes: its text with the link's URL, the brackets and the
    /// destination gone; a URL `LinkPolicy` refuses leaves the text unlinked.
    @Test func aPlainLinkIsItsTextWithTheURL() {
        let document = MarkdownParser.parse("see [the docs](https://e.com/p?q=(c)) or [that](u).")
        #expect(document.text == "see the docs or that.")
        #expect(document.spans == [Span(4, 12, .link(url: "https://e.com/p?q=(c)"))])
        // A decoded destination and one `LinkPolicy` rewrites are copied; their spans' URLs too.
        let json = MarkdownParser.parseJSON(utf8: Array("[a](https://e.com/?x=1&amp;y=2) [b](HTTPS://E.COM/x)".utf8))
        #expect(String(decoding: json, as: UTF8.self) == #"{"text":"a b","spans":["#
            + #"{"start":0,"end":1,"format":"link","url":"https://e.com/?x=1&y=2"},"#
            + #"{"start":2,"end":3,"format":"link","url":"https://E.COM/x"}]}"#)
    }

    /// A destination in `<…>` holds what a bare one cannot, a lone `(` or `)`, and a `\`-escaped
    /// one too; a `<` or a line end inside leaves no destination, and the link is text. Read off
    /// cmark-gfm's HTML (`<a href="https://e.com/(">a</a>` …); plain link text and text with an
    /// escape alike.
    @Test(arguments: [
        ("[{t}](<https://e.com/(>)", "{t}", "https://e.com/("),
        ("[{t}](<https://e.com/x)y>)", "{t}", "https://e.com/x)y"),
        ("[{t}](<https://e.com/\\(>)", "{t}", "https://e.com/("),
        ("[{t}](<https://e.com/<>)", "[{t}](<https://e.com/<>)", nil),
        ("[{t}](<https://e.com/\nx>)", "[{t}](<https://e.com/\nx>)", nil),
    ])
    func aPointyDestinationHoldsWhatABareOneCannot(_ template: String, _ text: String, _ url: String?) {
        InlineLinkTests.expectBothWays(template, text: text, url: url)
    }

    /// In a destination decoded for its escapes or entities, a backslash escapes ASCII punctuation
    /// only: before anything else it stays (cmark-gfm's `href` has it as `%5C`), and `LinkPolicy`
    /// refuses a URL holding a backslash, so the text stays unlinked.
    @Test(arguments: [
        ("[{t}](https://e.com/\\_a\\(x)", "https://e.com/_a(x"),
        ("[{t}](https://e.com/\\a\\(x)", nil),
        ("[{t}](https://e.com/\\a&amp;x)", nil),
    ])
    func aBackslashInADestinationEscapesOnlyPunctuation(_ template: String, _ url: String?) {
        InlineLinkTests.expectBothWays(template, text: "{t}", url: url)
    }

    /// A `(` right after a bracket's text is a link tail only after `]`: where the text stops at
    /// another special byte, it is text, even with a link tail after it and a link later on (which
    /// lets the bracket be looked at), as cmark-gfm reads it.
    @Test(arguments: ["*", "_", "`", "&", "~", "!", "<"])
    func aParenthesisAfterTheTextButNoBracketIsNoLinkTail(_ stop: String) {
        let markdown = "[a\(stop)(https://e.com/x) [b](https://e.com/y)"
        let document = MarkdownParser.parse(markdown)
        #expect(document.text == "[a\(stop)(https://e.com/x) b")
        #expect(document.spans == [Span(21, 22, .link(url: "https://e.com/y"))])
    }

    /// A title is dropped, but it decides whether there is a link: one in parentheses holds a
    /// `(` only escaped, as in cmark-gfm, which reads `[a](https://e.com (t(x)))` as text. Each
    /// case with plain link text (read at once) and with an escape in it (the bracket stack).
    @Test(arguments: [
        ("[{t}](https://e.com (t(x)))", "[{t}](https://e.com (t(x)))", false),
        ("[{t}](https://e.com ((t))", "[{t}](https://e.com ((t))", false),
        ("[{t}](https://e.com (t)x)", "[{t}](https://e.com (t)x)", false),
        ("[{t}](https://e.com (t\\(x\\)))", "{t}", true),
        ("[{t}](https://e.com (t)) b", "{t} b", true),
        ("[{t}](https://e.com (t\"x))", "{t}", true),
        ("[{t}](https://e.com \"t(x\")", "{t}", true),
        ("[{t}](https://e.com 't)')", "{t}", true),
        ("[{t}](https://e.com ()) b", "{t} b", true),
    ])
    func aTitleInParenthesesHoldsOnlyEscapedParentheses(_ template: String, _ text: String, _ linked: Bool) {
        InlineLinkTests.expectBothWays(template, text: text, url: linked ? "https://e.com" : nil)
    }

    /// Between a link tail's parts, whitespace is what CommonMark 0.29 calls so and cmark-gfm
    /// skips: line tabulations and form feeds too, and any number of line ends (a paragraph holds
    /// a second one only after a line of such characters). Read off cmark-gfm's HTML; plain link
    /// text and text with an escape alike.
    @Test(arguments: [
        "[{t}](https://e.com\n\u{C})",
        "[{t}](\u{B} https://e.com \u{C}\"t\"\u{B})",
        "[{t}](https://e.com\n\u{C}\n)",
        "[{t}](https://e.com \n \"t\" \n )",
    ])
    func aLinkTailTakesEveryWhitespaceBetweenItsParts(_ template: String) {
        InlineLinkTests.expectBothWays(template, text: "{t}", url: "https://e.com")
    }

    /// A link deactivates the openers before it (no links inside links), but only those: once a
    /// `]` has taken them off the stack, a `[` after them opens a link again, as in cmark-gfm
    /// (`[a [b](u) c] [x](v)` links both `b` and `x`).
    @Test(arguments: [
        ("[a [b](https://b.com) c] [x](https://x.com)", "[a b c] x", [Span(3, 4, .link(url: "https://b.com")), Span(8, 9, .link(url: "https://x.com"))]),
        ("[a [b](https://b.com) c]] [x\\.](https://x.com)", "[a b c]] x.", [Span(3, 4, .link(url: "https://b.com")), Span(9, 11, .link(url: "https://x.com"))]),
        ("[[a [b](https://b.com) c]] [x](https://x.com)", "[[a b c]] x", [Span(4, 5, .link(url: "https://b.com")), Span(10, 11, .link(url: "https://x.com"))]),
        // Still inactive: an opener before the link that no `]` has taken off.
        ("[[a [b](https://b.com) c] d](https://x.com)", "[[a b c] d](https://x.com)", [Span(4, 5, .link(url: "https://b.com"))]),
    ])
    func openersTakenOffAfterALinkLetLaterOnesLink(_ markdown: String, _ text: String, _ spans: [Span]) {
        let document = MarkdownParser.parse(markdown)
        #expect(document.text == text)
        #expect(document.spans == spans)
    }
}
