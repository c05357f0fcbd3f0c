import Testing
@testable import ComposerCore

@Suite struct BlockFormatTests {
    @Test(arguments: [FormatKind.codeBlock, .quote, .bulletList, .orderedList])
    func caretToggleAffectsOnlyItsLine(_ kind: FormatKind) {
        expectEdit("a\nb|\nc", "a\n[\(kind.name)]b|\nc") { try $0.toggle(kind) }
        expectEdit("a\n[\(kind.name)]b|\nc", "a\nb|\nc") { try $0.toggle(kind) }
    }

    @Test func blockOnAnEmptyDraftIsAnEmptySpan() throws {
        var draft = Editor()
        try draft.toggle(.quote)
        #expect(draft.document.json == #"{"text":"","spans":[{"start":0,"end":0,"format":"quote"}]}"#)
    }

    @Test func selectionAppliesToEveryTouchedLineAndReplacesOtherBlocks() {
        expectEdit("a{a\n[quote]b\nc}|c\nd", "[bullet_list]a{a\n[bullet_list]b\n[bullet_list]c}|c\nd") { try $0.toggle(.bulletList) }
    }

    @Test func caretSwitchesTheWholeListAndRemovesTheWholeCodeBlockOrQuote() {
        expectEdit("[bullet_list]a\n[bullet_list]b|\n[bullet_list]c\nd", "[ordered_list]a\n[ordered_list]b|\n[ordered_list]c\nd") { try $0.toggle(.orderedList) }
        expectEdit("[code_block]a\n[code_block]b|\nc", "a\nb|\nc") { try $0.toggle(.codeBlock) }
        expectEdit("[quote]a\n[quote]b|\nc", "a\nb|\nc") { try $0.toggle(.quote) }
    }

    @Test func codeBlockStripsInlineFormats() {
        expectEdit("<b>ab|</b>", "[code_block]ab|") { try $0.toggle(.codeBlock) }
        expectEdit("[code_block]ab|", "[code_block]abx|") { d in d.insert("x") }
    }

    @Test func enterContinuesAndEndsLists() {
        expectEdit("[bullet_list]one|", "[bullet_list]one\n[bullet_list]|") { $0.enter() }
        expectEdit("[bullet_list]one\n[bullet_list]|", "[bullet_list]one\n|") { $0.enter() }
        expectEdit("[ordered_list]a|", "[ordered_list]a\n[ordered_list]b|") { d in d.enter(); d.insert("b") }
        expectEdit("[quote]q|", "[quote]q\n[quote]|") { $0.enter() }
        expectEdit("[code_block]x|", "[code_block]x\n[code_block]|") { $0.enter() }
        expectEdit("a{b}|c", "a\n|c") { $0.enter() }
    }

    @Test func enterCarriesInlineFormatsToTheNewLine() {
        expectEdit("<b>ab|</b>", "<b>ab</b>\n<b>c</b>|") { d in d.enter(); d.insert("c") }
        expectEdit("<a https://e.com>ab|</a>", "<a https://e.com>ab</a>\nc|") { d in d.enter(); d.insert("c") }
    }

    @Test(arguments: [("- ", FormatKind.bulletList), ("* ", .bulletList), ("1. ", .orderedList), ("> ", .quote), ("```", .codeBlock)])
    func lineStartShortcutsConvertTheLine(_ shortcut: String, _ kind: FormatKind) {
        expectEdit("|", "[\(kind.name)]x|") { d in d.type(shortcut); d.insert("x") }
        expectEdit("ab\n|", "ab\n[\(kind.name)]|") { d in d.type(shortcut) }
    }

    @Test func shortcutUndoGivesTheTypedCharactersBack() {
        expectEdit("|", "- |") { d in d.type("- "); d.undo() }
    }

    @Test func shortcutsNeedRichTextAndAPlainLineStart() {
        var plain = DraftConfig()
        plain.richText = false
        expectEdit("|", "- |", config: plain) { $0.type("- ") }
        expectEdit("a|", "a- |") { $0.type("- ") }
        expectEdit("[quote]|", "[quote]- |") { $0.type("- ") }
    }

    @Test func backspaceAtTheStartRemovesTheBlockThenJoinsLines() {
        expectEdit("[bullet_list]|a", "|a") { $0.deleteBackward() }
        expectEdit("x\n[bullet_list]|a", "x|a") { $0.deleteBackward() }
        expectEdit("[quote]x\n|a", "[quote]x|a") { $0.deleteBackward() }
        expectEdit("[code_block]x|\nmore", "[code_block]x|more") { $0.deleteForward() }
    }
}
