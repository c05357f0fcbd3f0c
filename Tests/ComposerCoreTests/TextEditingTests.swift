import Testing
@testable import ComposerCore

/// Editing through `replace`, `insert`, `enter` and the delete keys at the edges the other suites leave
/// out: mentions cut by a range, line breaks and block formats, carriage returns, shortcuts that are not
/// shortcuts, Enter with a selection, and caret moves by huge counts.
@Suite struct TextEditingTests {
    static let bob = "hi <@u1 Bob>@Bob</@> x"

    @Test func aReplacedRangeThatCutsAMentionTakesItWhole() {
        expectEdit(Self.bob, "hi | x") { try $0.replace(5, 6, with: "") }
        expectEdit(Self.bob, "hey| x") { try $0.replace(1, 5, with: "ey") }
        expectEdit(Self.bob, "hi ?|") { try $0.replace(6, 9, with: "?") }
        expectEdit(Self.bob, "hi | x") { try $0.replace(3, 7, with: "") }
        // At either edge the mention is untouched and does not extend.
        expectEdit(Self.bob, "hi (|<@u1 Bob>@Bob</@>! x") { d in try d.replace(7, 7, with: "!"); try d.replace(3, 3, with: "(") }
        // An insertion point inside it moves to the nearer edge (the start when halfway).
        expectEdit(Self.bob, "hi z|<@u1 Bob>@Bob</@> x") { try $0.replace(4, 4, with: "z") }
        expectEdit(Self.bob, "hi z|<@u1 Bob>@Bob</@> x") { try $0.replace(5, 5, with: "z") }
        expectEdit(Self.bob, "hi <@u1 Bob>@Bob</@>z| x") { try $0.replace(6, 6, with: "z") }
        expectEdit(Self.bob, "hi |<@u1 Bob>@Bob</@> x") { try $0.replace(5, 5, with: "") }
    }

    @Test func touchingMentionsOfOneUserAreCutOneAtATime() {
        let two = "<@u1 Bob>@Bob</@><@u1 Bob>@Bob</@>|"
        expectEdit(two, "<@u1 Bob>@Bob</@>+|<@u1 Bob>@Bob</@>") { try $0.replace(4, 4, with: "+") }
        expectEdit(two, "|<@u1 Bob>@Bob</@>") { try $0.replace(3, 4, with: "") }
        expectEdit(two, "<@u1 Bob>@Bob</@>|") { try $0.replace(4, 5, with: "") }
        expectEdit(two, "|") { try $0.replace(3, 5, with: "") }
    }

    @Test func aSelectionSnapsOutOfAMentionToTheNearerEdge() throws {
        var draft = try Editor.notation(Self.bob)
        for (anchor, focus, wantAnchor, wantFocus) in [(5, 5, 3, 3), (4, 6, 3, 7), (6, 4, 7, 3), (0, 5, 0, 3), (9, 6, 9, 7), (1, 2, 1, 2)] {
            draft.setSelection(anchor: anchor, focus: focus)
            #expect(draft.selection == Selection(anchor: wantAnchor, focus: wantFocus), "(\(anchor), \(focus))")
        }
    }

    @Test func typedTextTakesTheFormatsBeforeIt() {
        expectEdit("<b><color #ff0000>ab</color></b>|", "<b><color #ff0000>abc</color></b>|") { try $0.replace(2, 2, with: "c") }
        expectEdit("<b>ab|</b>", ">|<b>ab</b>") { try $0.replace(0, 0, with: ">") }
        expectEdit("<b>ab</b>\n|cd", "<b>ab</b>\nx|cd") { try $0.replace(3, 3, with: "x") }
        expectEdit("<a https://x.io>abc</a>|", "<a https://x.io>aX|bc</a>") { try $0.replace(1, 1, with: "X") }
    }

    @Test func lineBreaksCarryTheBlockAndJoinsKeepTheFirstLines() {
        expectEdit("[quote]ab|", "[quote]a\n[quote]|b") { try $0.replace(1, 1, with: "\n") }
        expectEdit("[quote]a\n[quote]b|", "[quote]a\n[quote]b\n[quote]\n[quote]|") { try $0.replace(3, 3, with: "\n\n") }
        expectEdit("[quote]a\n[bullet_list]b|", "[quote]a|b") { try $0.replace(1, 2, with: "") }
        expectEdit("a\n[ordered_list]b|", "a|b") { try $0.replace(1, 2, with: "") }
        expectEdit("[code_block]ab|", "[code_block]|") { try $0.replace(0, 2, with: "") }
        expectEdit("[quote]<b>one</b>\ntwo|", "[quote]<b>o</b>|o") { d in d.setSelection(anchor: 6, focus: 1); d.deleteBackward() }
        expectEdit("[quote]one\ntwo|", "[quote]|") { d in d.selectAll(); d.deleteForward() }
        expectEdit("[code_block]ab\n|<b>cd</b>", "[code_block]ab|cd") { $0.deleteBackward() }
    }

    @Test func aDraftNeverHoldsACarriageReturn() {
        expectEdit("|", "a\nb|") { $0.insert("a\r\nb") }
        expectEdit("a\nb|", "a\nb\nc\n\nd\n|") { $0.insert("\rc\n\rd\r") }
        // A "\n" pairs with a CR right before it only: first in the text, it is a line break.
        expectEdit("a|", "a\n\nb\n|") { $0.insert("\n\rb\r") }
        expectEdit("|", "x\ny\n|") { $0.type("x\ry\r") }
        expectEdit("x|", "1\n2\n|") { try $0.replace(0, 1, with: "1\r2\r\n") }
        // As Enter: a CR continues a list like "\n".
        expectEdit("[bullet_list]item|", "[bullet_list]item\n[bullet_list]next\n[bullet_list]last|") { $0.insert("\r\nnext\rlast") }
    }

    @Test func insertedLineBreaksActAsEnter() {
        expectEdit("[bullet_list]item|", "[bullet_list]item\n[bullet_list]next\n[bullet_list]last|") { $0.insert("\nnext\nlast") }
        expectEdit("[bullet_list]last|", "[bullet_list]last\nafter|") { $0.insert("\n\nafter") }
    }

    @Test func insertingNothingChangesNothing() {
        expectEdit("a|{bc}d", "aX|d") { $0.insert("X") }
        expectEdit("a{bc}|d", "a{bc}|d") { $0.insert("") }
    }

    // The last: two Greek varias and a backtick, canonically equivalent to three backticks (a
    // comparison of strings took them for the marker); a marker is its ASCII characters.
    @Test(arguments: ["2. one", "-one", "+ one", ">one", "``one", "x - one", " - one", "\u{1FEF}\u{1FEF}`"])
    func notAShortcut(_ typed: String) {
        expectEdit("|", typed + "|") { $0.type(typed) }
    }

    @Test func shortcutsOnALineStartBeforeTextAndOnlyForExactlyTheMarker() {
        expectEdit("|", "[bullet_list]|") { $0.type("- ") }
        expectEdit("a\n|hello", "a\n[ordered_list]|hello") { $0.type("1. ") }
        expectEdit("|", "[quote]|") { $0.insert("> ") }
        expectEdit("|", "- pasted|") { $0.insert("- pasted") }
    }

    @Test func enterSplitsEndsAndReplacesTheSelectionInOneStep() throws {
        expectEdit("[ordered_list]one|two", "[ordered_list]one\n[ordered_list]|two") { $0.enter() }
        expectEdit("[quote]q\n[quote]|", "[quote]q\n|") { $0.enter() }
        expectEdit("[code_block]x\n[code_block]|", "[code_block]x\n|") { $0.enter() }
        expectEdit("[bullet_list]a\n[bullet_list]{bc}|", "[bullet_list]a\n|") { $0.enter() }
        var draft = try Editor.notation("ab\nc|d")
        draft.setSelection(anchor: 1, focus: 4)
        draft.enter()
        #expect(draft.notation == "a\n|d")
        draft.undo()
        #expect(draft.notation == "a{b\nc}|d")
    }

    @Test func deletingAtTheEdgesOfThePlainTextDoesNothingAndAddsNoStep() throws {
        var draft = try Editor.notation("|ab")
        draft.deleteBackward()
        draft.setSelection(anchor: 2, focus: 2)
        draft.deleteForward()
        #expect(draft.notation == "ab|")
        #expect(!draft.canUndo)
    }

    @Test func clearingAnEmptyTextDropsTheBlockOfItsOneLineAsOneStep() throws {
        var draft = try Editor.notation("[quote]|")
        draft.clear()
        #expect(draft.notation == "|" && draft.document.block(ofLine: 0) == nil)
        draft.undo()
        #expect(draft.document.block(ofLine: 0) == .quote)
        var plain = try Editor.notation("|")
        plain.clear()
        #expect(!plain.canUndo)
    }

    @Test func backspaceRemovesAKeycapWhole() {
        expectEdit("a1\u{FE0F}\u{20E3}|", "a|") { $0.deleteBackward() }
    }

    @Test func caretMovesStopAtTheEdgesAndCollapseASelection() throws {
        var draft = try Editor.notation("ab cd|")
        draft.moveCaret(.grapheme, by: .min, extend: false)
        #expect(draft.selection == .caret(0))
        draft.moveCaret(.grapheme, by: .max, extend: true)
        #expect(draft.selection == Selection(anchor: 0, focus: 5))
        draft.moveCaret(.grapheme, by: 1, extend: false)
        #expect(draft.selection == .caret(5))
        draft.setSelection(anchor: 1, focus: 4)
        draft.moveCaret(.grapheme, by: -1, extend: false)
        #expect(draft.selection == .caret(1))
        draft.setSelection(anchor: 0, focus: 4)
        draft.moveCaret(.word, by: -1, extend: false)  // a word move starts at the focus
        #expect(draft.selection == .caret(3))
        draft.moveCaret(.document, by: .max, extend: false)
        #expect(draft.selection == .caret(5))
        draft.moveCaret(.word, by: .min, extend: false)
        #expect(draft.selection == .caret(0))
    }

    @Test func wordMovesKeepConnectorsAndClustersInTheirWords() throws {
        var draft = try Editor.notation("foo_bar 42|")
        draft.moveCaret(.word, by: -2, extend: false)
        #expect(draft.selection == .caret(0))
        draft = try Editor.notation("a 👨‍👩‍👧 b|")
        for expected in [8, 0] {
            draft.moveCaret(.word, by: -1, extend: false)
            #expect(draft.selection == .caret(expected))
        }
        for expected in [1, 9] {
            draft.moveCaret(.word, by: 1, extend: false)
            #expect(draft.selection == .caret(expected))
        }
        draft = try Editor.notation("ne\u{301}e x|")
        for expected in [5, 0] {
            draft.moveCaret(.word, by: -1, extend: false)
            #expect(draft.selection == .caret(expected))
        }
        draft.moveCaret(.word, by: 1, extend: false)
        #expect(draft.selection == .caret(4))
    }

    @Test func wordMovesNeverStopInsideAMention() throws {
        var draft = try Editor.notation("hi |<@u1 Bob>@Bob</@><@u1 Bob>@Bob</@> x")
        draft.moveCaret(.word, by: 1, extend: false)
        #expect(draft.selection == .caret(7))
        draft.moveCaret(.word, by: -1, extend: false)
        #expect(draft.selection == .caret(3))
    }
}
