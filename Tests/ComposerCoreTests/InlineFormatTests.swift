import Testing
@testable import ComposerCore

@Suite struct InlineFormatTests {
    @Test func toggleAppliesToSelectionAndKeepsDirection() {
        expectEdit("aa{bb}|cc", "aa{<b>bb</b>}|cc") { try $0.toggle(.bold) }
        expectEdit("aa|{bb}cc", "aa|{<b>bb</b>}cc") { try $0.toggle(.bold) }
    }

    @Test func toggleRemovesOnlyWhenEveryCharacterHasIt() {
        expectEdit("<i>a{bc</i>de}|f", "<i>a{bcde</i>}|f") { try $0.toggle(.italic) }
        expectEdit("<i>a{bcd}|e</i>f", "<i>a</i>{bcd}|<i>e</i>f") { try $0.toggle(.italic) }
    }

    @Test(arguments: [FormatKind.bold, .italic, .underline, .strike, .code])
    func everyFlagFormatToggles(_ kind: FormatKind) throws {
        var draft = try Editor.notation("x{yz}|")
        try draft.toggle(kind)
        #expect(draft.document.spans == [Span(1, 3, Format.flag(kind))])
        try draft.toggle(kind)
        #expect(draft.document.spans.isEmpty)
    }

    @Test func caretToggleChangesTypingAttributesOnly() {
        expectEdit("aa|cc", "aa<b>x</b>|cc") { d in try d.toggle(.bold); d.insert("x") }
        expectEdit("<b>aa|cc</b>", "<b>aa</b>x|<b>cc</b>") { d in try d.toggle(.bold); d.insert("x") }
        expectEdit("aa|cc", "aax|cc") { d in try d.toggle(.bold); try d.toggle(.bold); d.insert("x") }
    }

    @Test func movingTheCaretDropsPendingFormatsButReselectingKeepsThem() {
        expectEdit("ab|cd", "abx|cd") { d in try d.toggle(.bold); d.setSelection(anchor: 1, focus: 1); d.setSelection(anchor: 2, focus: 2); d.insert("x") }
        expectEdit("ab|cd", "ab<b>x</b>|cd") { d in try d.toggle(.bold); d.setSelection(anchor: 2, focus: 2); d.insert("x") }
    }

    @Test func protectCarvesOutLinksMentionsAndCode() {
        expectEdit("{a<a https://e.com>ln</a><code>c</code><@u1 Bo>@Bo</@>z}|", "{<b>a</b><a https://e.com>ln</a><code>c</code><@u1 Bo>@Bo</@><b>z</b>}|") { try $0.toggle(.bold) }
    }

    @Test func withoutProtectTheWholeRangeIsCoveredButCodeStillExcludesStyles() {
        expectEdit("{a<a https://e.com>ln</a><code>c</code>z}|", "{<b>a<a https://e.com>ln</a></b><code>c</code><b>z</b>}|") { try $0.toggle(.bold, protect: false) }
    }

    @Test func withoutProtectAPartialMentionGrowsToTheWholeMention() {
        expectEdit("a{b<@u1 Bob>@B}|ob</@> c", "a{<i>b<@u1 Bob>@B}|ob</@></i> c") { try $0.apply(.italic, protect: false) }
    }

    @Test func applyingCodeStripsOtherStyles() {
        expectEdit("<b>a{bc}|d</b>", "<b>a</b>{<code>bc</code>}|<b>d</b>") { try $0.toggle(.code) }
        expectEdit("<color #ff0000>{ab}|</color>", "{<code>ab</code>}|") { try $0.toggle(.code) }
    }

    @Test func linksAndColoursCarryValues() {
        expectEdit("{ab}|c", "{<a https://example.com>ab</a>}|c") { try $0.apply(.link, value: "example.com") }
        expectEdit("{ab}|c", "{<color #aabbcc>ab</color>}|c") { try $0.apply(.color, value: "#ABC") }
        expectEdit("<color #aabbcc>{ab}|</color>c", "{ab}|c") { try $0.toggle(.color, value: "#abc") }
        expectEdit("<color #aabbcc>{ab}|</color>c", "{<color #112233>ab</color>}|c") { try $0.toggle(.color, value: "#123") }
    }

    /// Toggled without a value, a link or colour counts as set wherever any value is: over a
    /// range that all has one (of any values) the toggle removes them; where some has none there
    /// is nothing to apply, and the toggle is refused.
    @Test func aLinkOrColourToggledWithoutAValueRemovesAnyValue() throws {
        expectEdit("<color #aabbcc>{a</color><color #112233>b}|</color>c", "{ab}|c") { try $0.toggle(.color) }
        expectEdit("<a https://a.io>{a</a><a https://b.io>b}|</a>c", "{ab}|c") { try $0.toggle(.link) }
        for (start, kind) in [("<color #aabbcc>{a</color>b}|", FormatKind.color), ("<a https://a.io>{a</a>b}|", .link)] {
            var draft = try Editor.notation(start)
            let before = draft.notation
            #expect(throws: ComposerError.invalidArgument("\(kind.name) needs a value to apply")) { try draft.toggle(kind) }
            #expect(draft.notation == before)
            #expect(!draft.canUndo)
        }
    }

    @Test func refusedValuesChangeNothing() throws {
        var draft = try Editor.notation("{ab}|")
        #expect(throws: ComposerError.unsafeLink("link scheme \"javascript:\" is not allowed (allowed: http, https, mailto)")) {
            try draft.apply(.link, value: "javascript:alert(1)")
        }
        #expect(throws: ComposerError.self) { try draft.apply(.color, value: "red") }
        #expect(throws: ComposerError.self) { try draft.apply(.bold, value: "x") }
        #expect(throws: ComposerError.self) { try draft.apply(.link) }
        #expect(throws: ComposerError.self) { try draft.format(.apply, .bold, start: 0, end: 9) }
        #expect(throws: ComposerError.self) { try draft.format(.apply, .mention, start: 0, end: 1) }
        #expect(draft.notation == "{ab}|")
        #expect(!draft.canUndo)
    }

    @Test func formatsSkipNewlinesAndCodeBlocks() {
        expectEdit("{ab\n[code_block]cd\nef}|", "{<b>ab</b>\n[code_block]cd\n<b>ef</b>}|") { try $0.toggle(.bold) }
    }

    @Test func activeFormatsReportCommonFormats() throws {
        var draft = try Editor.notation("<b>a{b<i>c</i></b><i>d}|</i>")
        #expect(draft.activeFormats.kinds == [])
        draft.setSelection(anchor: 2, focus: 3)
        #expect(draft.activeFormats.kinds == [.bold, .italic])
        draft = try Editor.notation("[quote]<a https://e.com>ab|</a>")
        #expect(draft.activeFormats.kinds == [.quote])
        draft.setSelection(anchor: 0, focus: 2)
        #expect(draft.activeFormats == ActiveFormats(kinds: [.link, .quote], link: "https://e.com", color: nil))
    }
}

extension Format {
    static func flag(_ kind: FormatKind) -> Format {
        switch kind {
        case .bold: return .bold
        case .italic: return .italic
        case .underline: return .underline
        case .strike: return .strike
        default: return .code
        }
    }
}
