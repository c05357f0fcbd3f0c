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

    /// Issue 11: three backticks, Enter, code — the Enter confirms the block the backticks opened.
    @Test func enterRightAfterThreeBackticksKeepsTheCodeBlock() {
        expectEdit("|", "[code_block]code|") { d in d.type("```"); d.enter(); d.type("code") }
        expectEdit("ab\n|", "ab\n[code_block]code|") { d in d.type("```"); d.enter(); d.type("code") }
        // Typed as one string, a "\n" is that Enter too.
        expectEdit("|", "[code_block]code|") { d in d.insert("```\ncode") }
        expectEdit("|", "[code_block]code|") { d in d.type("```\ncode") }
        // Then Enter goes on inside the block, and Enter on an empty line ends it.
        expectEdit("|", "[code_block]a\n[code_block]b\n|") { d in d.type("```\na\nb\n\n") }
    }

    @Test func theConfirmingEnterIsOnlyTheOneRightAfterTheShortcut() {
        // A second Enter on the still empty line ends the block, as on any empty block line.
        expectEdit("|", "|") { d in d.type("```"); d.enter(); d.enter() }
        // Anything in between (a caret move, typing and deleting) makes Enter an ordinary one.
        expectEdit("x\n|", "x\n|") { d in d.type("```"); d.setSelection(anchor: 2, focus: 2); d.enter() }
        expectEdit("|", "|") { d in d.type("```"); d.type("a"); d.deleteBackward(); d.enter() }
        // Other shortcuts are unchanged: Enter on their empty line ends them.
        expectEdit("|", "|") { d in d.type("- "); d.enter() }
        // The confirming Enter changes nothing, so undo goes back to the typed backticks.
        expectEdit("|", "```|") { d in d.type("```"); d.enter(); d.undo() }
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
