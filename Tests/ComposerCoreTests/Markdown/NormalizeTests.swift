import Testing
@testable import ComposerCore

/// Markdown typed by hand becomes formatting on send (rich text on); formatted text stays literal.
@Suite struct NormalizeTests {
    static let cases: [(String, String)] = [
        ("**x** and _y_ and `z`|", "<b>x</b> and <i>y</i> and <code>z</code>|"),
        ("see [docs](example.com/d)|", "see <a https://example.com/d>docs</a>|"),
        ("a\n- item|", "a\n[bullet_list]item|"),
        ("1. a\n2. b|", "[ordered_list]a\n[ordered_list]b|"),
        ("<b>**kept**</b> *x*|", "<b>**kept**</b> <i>x</i>|"),
        ("plain text|", "plain text|"),
    ]

    @Test(arguments: cases)
    func handTypedMarkdownBecomesFormatting(_ before: String, _ after: String) throws {
        var draft = try Editor.notation(before)
        draft.normalizeMarkdown()
        draft.setSelection(anchor: draft.length, focus: draft.length)
        #expect(draft.notation == after)
    }

    @Test func richTextOffLeavesItAndUndoRestores() throws {
        var config = DraftConfig()
        config.richText = false
        var plain = try Editor.notation("**x**|", config: config)
        plain.normalizeMarkdown()
        #expect(plain.notation == "**x**|")
        var draft = try Editor.notation("**x**|")
        draft.normalizeMarkdown()
        draft.undo()
        #expect(draft.notation == "**x**|")
    }
}

@Suite struct NormalizeBlankLineTests {
    @Test func blankLinesSurviveNormalizing() throws {
        var draft = try Editor.notation("first paragraph\n\nsecond **bold**\n\n\n- item|")
        draft.normalizeMarkdown()
        draft.setSelection(anchor: draft.length, focus: draft.length)
        #expect(draft.notation == "first paragraph\n\nsecond <b>bold</b>\n\n\n[bullet_list]item|")
    }

    @Test func imagesStayLiteral() {
        #expect(MarkdownParser.parse("![img](https://e.com/a.png) and \\![x](y.org)").text == "![img](https://e.com/a.png) and !x")
    }
}
