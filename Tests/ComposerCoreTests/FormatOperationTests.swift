import Testing
@testable import ComposerCore

/// Runs `edit` on the draft `before` describes and expects the state `after` describes; both are read
/// as `Notation`, so the order of tags opening at one offset does not matter.
func expectState(_ before: String, _ after: String, config: DraftConfig = DraftConfig(),
                 sourceLocation: SourceLocation = #_sourceLocation, _ edit: (inout Editor) throws -> Void) {
    do {
        var draft = try Editor.notation(before, config: config)
        try edit(&draft)
        let want = try Editor.notation(after, config: config)
        #expect(draft.document == want.document && draft.selection == want.selection,
                "from \(before): got \(draft.notation), want \(want.notation)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(before): \(error)", sourceLocation: sourceLocation)
    }
}

/// Format operations over explicit ranges (apply, remove, toggle; with and without protection), what
/// each kind reaches, typing attributes at a caret, active formats, links and mentions.
@Suite struct FormatOperationTests {
    @Test func aRangeAwayFromTheSelectionNeverMovesItAndApplyingTwiceChangesNothing() {
        expectState("ab{c d}|ef\nline2", "<b>ab{c</b> d}|ef\nline2") { d in
            try d.format(.apply, .bold, start: 0, end: 3)
            try d.format(.apply, .bold, start: 0, end: 3)
        }
        expectState("ab{c d}|ef\nline2", "[quote]ab{c d}|ef\nline2") { try $0.format(.apply, .quote, start: 0, end: 3) }
        expectState("<b>ab{c</b> d}|ef\n<b>line2</b>", "ab{c d}|ef\nline2") { try $0.format(.remove, .bold, start: 0, end: 13) }
    }

    @Test func aLinkOrColourTogglesOffOnlyWithItsValue() {
        let start = "<a https://a.io><color #000000>abc</color></a>"
        expectState(start, "<a https://b.io><color #000000>abc</color></a>") { d in
            try d.format(.toggle, .link, start: 0, end: 3, value: "https://b.io")  // a link operation reaches links
            try d.format(.toggle, .color, start: 0, end: 3, value: "#fff")  // a protected colour operation does not
        }
        expectState(start, "<a https://a.io><color #ffffff>abc</color></a>") { try $0.format(.toggle, .color, start: 0, end: 3, value: "#fff", protect: false) }
        expectState("<color #ffffff>abc</color>", "abc") { try $0.format(.toggle, .color, start: 0, end: 3, value: "#FFFFFF", protect: false) }
        expectState("<a https://b.io>abc</a>", "abc") { try $0.format(.toggle, .link, start: 0, end: 3) }
        // Remove takes any value; with protection, a link keeps its colour.
        let two = "<color #111111>a<a https://a.io>b</color><color #222222>c</a>d</color>"
        expectState(two, two) { try $0.format(.remove, .color, start: 1, end: 3) }
        expectState(two, "a<a https://a.io>bc</a>d") { try $0.format(.remove, .color, start: 0, end: 4, protect: false) }
    }

    @Test func blockTogglesApplyUnlessEveryTouchedLineHasTheBlock() {
        let lines = "[ordered_list]one\n[ordered_list]two\n[quote]three\nfour"
        expectState(lines, "[quote]one\n[quote]two\n[quote]three\nfour") { try $0.format(.toggle, .quote, start: 0, end: 13) }
        expectState("[quote]one\n[quote]two\n[quote]three\nfour", "[quote]one\ntwo\nthree\nfour") { try $0.format(.toggle, .quote, start: 4, end: 8) }
        expectState("[quote]one\ntwo", "[quote]one\ntwo") { try $0.format(.remove, .bulletList, start: 0, end: 7) }
        expectState("one\ntwo\nthree", "one\n[quote]two\n[quote]three") { try $0.format(.apply, .quote, start: 5, end: 9) }
        expectState("one\n[quote]two", "[ordered_list]one\n[ordered_list]two") { try $0.format(.apply, .orderedList, start: 3, end: 4) }
        // At a caret, toggling the list type a line already has takes only that line out.
        expectState("[ordered_list]a\n[ordered_list]b|\n[ordered_list]c\nd", "[ordered_list]a\nb|\n[ordered_list]c\nd") {
            try $0.format(.toggle, .orderedList, start: 2, end: 2)
        }
    }

    static let runs = "a <@u1 Bob>@Bob</@> <a https://x.io>link</a> <code>code</code> end"

    @Test func protectionSkipsMentionsLinksAndCodeCutByTheRange() {
        expectState(Self.runs, "a <@u1 Bob>@Bob</@><s> </s><a https://x.io>link</a> <code>code</code> end") {
            try $0.format(.apply, .strike, start: 4, end: 9)
        }
        expectState(Self.runs, "a <u><@u1 Bob>@Bob</@> <a https://x.io>li</u>nk</a> <code>code</code> end") {
            try $0.format(.apply, .underline, start: 4, end: 9, protect: false)
        }
        expectState(Self.runs, "<color #aabbcc>a </color><@u1 Bob>@Bob</@><color #aabbcc> </color><a https://x.io>link</a><color #aabbcc> </color><code>code</code><color #aabbcc> end</color>") {
            try $0.format(.apply, .color, start: 0, end: 20, value: "#abc")
        }
    }

    @Test func aFormatReachesItsOwnKind() {
        // A link operation reaches links (never mentions), even when protected.
        expectState(Self.runs, "<a https://y.io>a </a><@u1 Bob>@Bob</@><a https://y.io> link </a><code>code</code> end") {
            try $0.format(.apply, .link, start: 0, end: 12, value: "https://y.io")
        }
        expectState(Self.runs, "a <@u1 Bob>@Bob</@> link <code>code</code> end") { try $0.format(.remove, .link, start: 0, end: 20) }
        // Code strips the other styles and skips mentions; bold never covers code, protected or not.
        let styled = "<b><i><color #ff0000>bold</color></i></b> <@u1 Al>@Al</@> x"
        let coded = "<code>bold </code><@u1 Al>@Al</@><code> x</code>"
        expectState(styled, coded) { try $0.format(.apply, .code, start: 0, end: 10, protect: false) }
        expectState(coded, coded) { try $0.format(.apply, .bold, start: 0, end: 10) }
        expectState(coded, "<code>bold </code><b><@u1 Al>@Al</@></b><code> x</code>") { try $0.format(.apply, .bold, start: 0, end: 10, protect: false) }
        expectState("<code>bold </code><b><@u1 Al>@Al</@></b><code> x</code>", "bold <b><@u1 Al>@Al</@></b> x") { try $0.format(.toggle, .code, start: 0, end: 10) }
        // A link may contain code.
        expectState("a <code>`b`</code> c", "<a https://z.io>a <code>`b`</code> c</a>") { try $0.format(.apply, .link, start: 0, end: 7, value: "https://z.io", protect: false) }
    }

    @Test func codeBlocksHoldNoInlineFormatsNorMentions() {
        expectState("[code_block]x = 1\ntext", "[code_block]x = 1\n<b>text</b>") { try $0.format(.apply, .bold, start: 0, end: 10, protect: false) }
        expectState("[code_block]x = 1", "[code_block]x = 1") { try $0.format(.apply, .link, start: 0, end: 5, value: "https://a.io", protect: false) }
        expectState("<@u1 Al>@Al</@> <b><a https://a.io>b</a></b>", "[code_block]@Al b") { try $0.format(.apply, .codeBlock, start: 0, end: 0) }
    }

    @Test func caretFormatsApplyToWhatIsTypedNextAndALinkOnlyToThat() throws {
        var draft = try Editor.notation("abcde|")
        try draft.format(.toggle, .color, start: 5, end: 5, value: "#abc")
        try draft.format(.toggle, .link, start: 5, end: 5, value: "a.io")
        try draft.format(.apply, .underline, start: 5, end: 5)
        #expect(draft.activeFormats == ActiveFormats(kinds: [.underline, .link, .color], link: "https://a.io", color: "#aabbcc"))
        // What `mc_draft_active_formats` returns.
        #expect(draft.activeFormats.json == ##"{"formats":["underline","link","color"],"link":"https://a.io","color":"#aabbcc"}"##)
        draft.insert("f")
        #expect(draft.activeFormats == ActiveFormats(kinds: [.underline, .color], link: nil, color: "#aabbcc"))
        try draft.format(.remove, .underline, start: 6, end: 6)
        try draft.format(.remove, .color, start: 6, end: 6)
        #expect(draft.activeFormats == ActiveFormats(kinds: [], link: nil, color: nil))
        #expect(draft.activeFormats.json == #"{"formats":[],"link":null,"color":null}"#)
        draft.insert("g")
        #expect(draft.document == (try Editor.notation("abcde<u><color #aabbcc><a https://a.io>f</a></color></u>g")).document)
        // An empty range away from the caret changes nothing; code at a caret in bold replaces the bold.
        expectState("abc|", "abcd|") { d in try d.format(.toggle, .bold, start: 1, end: 1); d.insert("d") }
        expectState("<b>bo|ld</b>", "<b>bo</b><code>Z</code>|<b>ld</b>") { d in try d.format(.toggle, .code, start: 2, end: 2); d.insert("Z") }
    }

    @Test func activeFormatsOfEverySelection() throws {
        var draft = try Editor.notation("<b><a https://a.io>abc</a></b> <@u1 Bob>@Bob</@> x\n[quote]q<color #00ff00>uo</color>ted")
        let none = ActiveFormats(kinds: [], link: nil, color: nil)
        let cases: [(Int, Int, ActiveFormats)] = [
            (3, 3, none),  // at the end of a link: it does not extend
            (0, 4, none),
            (4, 8, ActiveFormats(kinds: [.mention], link: nil, color: nil)),
            (11, 11, ActiveFormats(kinds: [.quote], link: nil, color: nil)),
            (13, 13, ActiveFormats(kinds: [.color, .quote], link: nil, color: "#00ff00")),
            (9, 12, none),  // not every touched line is quoted
        ]
        for (anchor, focus, expected) in cases {
            draft.setSelection(anchor: anchor, focus: focus)
            #expect(draft.activeFormats == expected, "(\(anchor), \(focus))")
        }
        draft = try Editor.notation("[ordered_list]{<s><u><i><b><color #112233><a https://a.io>x</a></color></b></i></u></s>}|")
        #expect(draft.activeFormats == ActiveFormats(kinds: [.bold, .italic, .underline, .strike, .link, .color, .orderedList],
                                                     link: "https://a.io", color: "#112233"))
        draft = try Editor.notation("[code_block]|")
        #expect(draft.activeFormats == ActiveFormats(kinds: [.codeBlock], link: nil, color: nil))
    }

    @Test func setLinkLinksTheSelectionOrRetargetsTheLinkAtTheCaret() throws {
        expectState("see the {docs}| now", "see the {<a https://example.com/docs>docs</a>}| now") { try $0.setLink("example.com/docs") }
        for caret in [10, 8, 12] {
            var draft = try Editor.notation("see the <a https://a.io>docs</a> now")
            draft.setSelection(anchor: caret, focus: caret)
            try draft.setLink("mailto:c@d.io")
            #expect(draft.document.spans == [Span(8, 12, .link(url: "mailto:c@d.io"))], "caret \(caret)")
        }
        var draft = try Editor.notation("se|e the <a https://a.io>docs</a> now")
        try draft.setLink("https://nothing.io")
        #expect(draft.notation == "se|e the <a https://a.io>docs</a> now" && !draft.canUndo)
        expectState("see t{he <a https://a.io>d}|ocs</a> now", "see t{<a https://big.io>he d}|ocs</a> now") { try $0.setLink("https://big.io") }
        expectState("{<@u1 Al>@Al</@> <code>`c`</code> <b>b</b>}|", "{<@u1 Al>@Al</@><a https://x.io> <code>`c`</code> <b>b</b></a>}|") { try $0.setLink("https://x.io") }
    }

    @Test func removeLinksTakesEveryLinkTheSelectionTouchesWhole() throws {
        let three = "<i><a https://a.io>one</a> <a https://b.io>two</a> <a https://c.io>three</a></i>"
        expectState(three, "<i>one| <a https://b.io>two</a> <a https://c.io>three</a></i>") { d in d.setSelection(anchor: 3, focus: 3); d.removeLinks() }
        expectState(three, "<i><a https://a.io>one</a> tw{o t}|hree</i>") { d in d.setSelection(anchor: 6, focus: 9); d.removeLinks() }
        var draft = try Editor.notation("<i>plain|</i>")
        draft.removeLinks()
        #expect(!draft.canUndo)
    }

    @Test func insertLinkInsertsLinkedTextThatTypingDoesNotExtend() throws {
        var draft = try Editor.notation("<b>bold {text}|</b>")
        try draft.insertLink(text: "here 😀", url: "example.com")
        #expect(draft.activeFormats == ActiveFormats(kinds: [.bold], link: nil, color: nil))
        draft.insert("!")
        #expect(draft.document == (try Editor.notation("<b>bold <a https://example.com>here 😀</a>!</b>")).document)
        draft.undo()
        draft.undo()
        #expect(draft.notation == "<b>bold {text</b>}|")
        expectState("[code_block]code|", "[code_block]codex|") { try $0.insertLink(text: "x", url: "https://a.io") }
    }

    @Test(arguments: ["", "two\nlines", "a\r\nb", "a\rb"])
    func insertLinkRefusesTextThatIsEmptyOrOnMoreThanOneLine(_ text: String) throws {
        var draft = try Editor.notation("<b>bold {text}|</b>")
        let before = draft.notation
        #expect(throws: ComposerError.invalidArgument("link text must be non-empty and on one line")) {
            try draft.insertLink(text: text, url: "https://a.io")
        }
        #expect(draft.notation == before && !draft.canUndo)
    }

    @Test func aMentionSplitsCodeAndLinksButKeepsStylesAndIsOneStep() throws {
        expectState("<code>a|b</code>", "<code>a</code><@u1 A>@A</@> |<code>b</code>") { try $0.insertMention(uid: "u1", name: "A") }
        expectState("<a https://a.io>a|b</a>", "<a https://a.io>a</a><@u1 A>@A</@> |<a https://a.io>b</a>") { d in
            try d.insertMention(uid: "u1", name: "A")
        }
        expectState("<a https://a.io>a|b</a>", "<a https://a.io>a|b</a>") { d in try d.insertMention(uid: "u1", name: "A"); d.undo() }
        expectState("|", "<@u1 Bob>@Bob</@><@u1 Bob>@Bob</@> |") { d in
            try d.insertMention(uid: "u1", name: "Bob")
            d.setSelection(anchor: 4, focus: 5)
            try d.insertMention(uid: "u1", name: "Bob")
        }
        var draft = Editor()
        try draft.insertMention(uid: "q", name: "a\"b\\c")
        #expect(draft.mentions == [MentionRange(start: 0, end: 6, uid: "q", name: "a\"b\\c")])
        #expect(throws: ComposerError.self) { try draft.insertMention(uid: "q", name: "Other") }  // a uid has one name
        var block = try Editor.notation("[code_block]x|")
        #expect(throws: ComposerError.notAllowed("mentions cannot go in a code block")) { try block.insertMention(uid: "u1", name: "A") }
    }

    @Test func theMentionQueryIsReplacedAndAnAtInsideAWordIsNoQuery() throws {
        var draft = try Composer.notation("hi <@u42 Bob>@Bob</@> and @An|")
        try draft.insertMentionAtQuery(uid: "u7", name: "Ann Lee 😀")
        #expect(draft.editor.document == (try Editor.notation("hi <@u42 Bob>@Bob</@> and <@u7 Ann Lee 😀>@Ann Lee 😀</@> ")).document)
        draft.type("x@y")
        try draft.insertMentionAtQuery(uid: "u3", name: "Cy")
        #expect(draft.text == "hi @Bob and @Ann Lee 😀 x@y@Cy ")
    }

    @Test func theMentionLimitCountsWhatRemainsAndSpeaksInPlural() throws {
        var config = DraftConfig()
        config.mentionLimit = 2
        var two = Composer(config: config)
        try two.insertMention(uid: "u1", name: "A")
        try two.insertMention(uid: "u2", name: "B")
        #expect(throws: ComposerError.limitExceeded("a message can hold at most 2 mentions")) { try two.insertMention(uid: "u3", name: "C") }
        #expect(two.infoBanner == "You can mention up to 2 people in a message.")
        two.deleteBackward()
        two.deleteBackward()
        try two.insertMention(uid: "u3", name: "C")
        #expect(two.editor.mentions.map(\.uid) == ["u1", "u3"])
        config.mentionLimit = 0
        var none = Composer(config: config)
        #expect(throws: ComposerError.limitExceeded("a message can hold at most 0 mentions")) { try none.insertMention(uid: "u1", name: "A") }
        #expect(none.infoBanner == "You can mention up to 0 people in a message.")
        // With mentions off, every insertion is refused as such, bad arguments too; loaded mentions stay.
        config.mentionsEnabled = false
        var off = try Composer.notation("<@u1 Al>@Al</@>", config: config)
        #expect(throws: ComposerError.notAllowed("mentions are disabled")) { try off.insertMention(uid: "bad uid", name: "") }
        #expect(off.editor.mentions == [MentionRange(start: 0, end: 3, uid: "u1", name: "Al")])
    }
}
