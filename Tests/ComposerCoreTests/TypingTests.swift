import Testing
@testable import ComposerCore

@Suite struct TypingTests {
    @Test func typedTextInheritsThePreviousCharacter() {
        expectEdit("<b>ab|</b>c", "<b>abx</b>|c") { $0.insert("x") }
        expectEdit("<b>a|b</b>", "<b>ax|b</b>") { $0.insert("x") }
        expectEdit("a|<b>b</b>", "ax|<b>b</b>") { $0.insert("x") }
    }

    @Test func linksAndMentionsNeverExtend() {
        expectEdit("<a https://e.com>ab|</a>", "<a https://e.com>ab</a>x|") { $0.insert("x") }
        expectEdit("|<a https://e.com>ab</a>", "x|<a https://e.com>ab</a>") { $0.insert("x") }
        expectEdit("<a https://e.com>ab|</a><b>c</b>", "<a https://e.com>ab</a><b>x|c</b>") { $0.insert("x") }
        expectEdit("<@u1 Bo>@Bo|</@>", "<@u1 Bo>@Bo</@>x|") { $0.insert("x") }
    }

    @Test func replacingASelectionTakesTheFirstReplacedCharactersFormat() {
        expectEdit("before{<b>bold</b>after}|", "before<b>Z</b>|") { $0.insert("Z") }
        expectEdit("<a https://e.com>a{b}|c</a>", "<a https://e.com>aZ|c</a>") { $0.insert("Z") }
        expectEdit("<a https://e.com>a{bc</a>d}|", "<a https://e.com>a</a>Z|") { $0.insert("Z") }
    }

    @Test func replaceIsExactAndValidated() throws {
        var draft = try Editor.notation("hello|")
        try draft.replace(1, 4, with: "ipp")
        #expect(draft.notation == "hipp|o")
        #expect(throws: ComposerError.self) { try draft.replace(-1, 2, with: "") }
        #expect(throws: ComposerError.self) { try draft.replace(3, 2, with: "") }
        #expect(throws: ComposerError.self) { try draft.replace(0, 6, with: "") }
        #expect(draft.notation == "hipp|o")
    }

    /// Texts whose grapheme clusters span several scalars.
    static let clusterTexts = [
        "a👨‍👩‍👧b", "🇫🇷🇩🇪", "👍🏽x", "e\u{301}\u{302}o", "中文字", "שָׁלוֹם", "ก่า", "🏳️‍🌈!", "a\u{200D}b", "ᄀ\u{1161}\u{11A8}",
    ]

    /// Every grapheme boundary of `text` as scalar offsets, from the standard library.
    static func boundaries(_ text: String) -> [Int] {
        var result = [0]
        for character in text { result.append(result.last! + character.unicodeScalars.count) }
        return result
    }

    @Test(arguments: clusterTexts)
    func backspaceRemovesOneClusterAtEveryBoundary(_ text: String) throws {
        let bounds = Self.boundaries(text)
        for (k, offset) in bounds.enumerated() where k > 0 {
            var draft = Editor()
            draft.load(Document(text: text))
            draft.setSelection(anchor: offset, focus: offset)
            draft.deleteBackward()
            let scalars = Array(text.unicodeScalars)
            let expected = String(String.UnicodeScalarView(scalars[0..<bounds[k - 1]] + scalars[offset...]))
            #expect(draft.text == expected, "backspace at \(offset) of \(text.debugDescription)")
            #expect(draft.selection == .caret(bounds[k - 1]))
        }
    }

    @Test(arguments: clusterTexts)
    func deleteForwardRemovesOneClusterAtEveryBoundary(_ text: String) throws {
        let bounds = Self.boundaries(text)
        for k in 0..<(bounds.count - 1) {
            var draft = Editor()
            draft.load(Document(text: text))
            draft.setSelection(anchor: bounds[k], focus: bounds[k])
            draft.deleteForward()
            let scalars = Array(text.unicodeScalars)
            #expect(Array(draft.text.unicodeScalars) == Array(scalars[0..<bounds[k]] + scalars[bounds[k + 1]...]), "delete at \(bounds[k])")
        }
    }

    @Test(arguments: clusterTexts)
    func caretStepsVisitExactlyTheBoundaries(_ text: String) throws {
        var draft = Editor()
        draft.load(Document(text: text))
        draft.setSelection(anchor: 0, focus: 0)
        var visited = [0]
        for _ in 0..<text.unicodeScalars.count {
            draft.moveCaret(.grapheme, by: 1, extend: false)
            if draft.selection.focus != visited.last { visited.append(draft.selection.focus) }
        }
        #expect(visited == Self.boundaries(text))
        var back = [draft.selection.focus]
        for _ in 0..<text.unicodeScalars.count {
            draft.moveCaret(.grapheme, by: -1, extend: false)
            if draft.selection.focus != back.last { back.append(draft.selection.focus) }
        }
        #expect(back == Self.boundaries(text).reversed())
    }

    @Test func longTextsStillDeleteWholeClusters() throws {
        let text = String(repeating: "ab", count: 5000) + "👨‍👩‍👧" + String(repeating: "中", count: 3000) + "🇫🇷"
        var draft = Editor()
        draft.load(Document(text: text))
        draft.deleteBackward()
        #expect(draft.text == String(text.dropLast()))
        draft.setSelection(anchor: 10000, focus: 10000)
        draft.deleteForward()
        #expect(draft.text == String(repeating: "ab", count: 5000) + String(repeating: "中", count: 3000))
    }

    @Test func wordAndLineMoves() throws {
        var draft = try Editor.notation("hello, wide world\nline two|")
        draft.moveCaret(.word, by: -1, extend: false)
        #expect(draft.selection == .caret(23))
        draft.moveCaret(.word, by: -2, extend: false)
        #expect(draft.selection == .caret(12))
        draft.moveCaret(.word, by: 1, extend: true)
        #expect(draft.selection == Selection(anchor: 12, focus: 17))
        draft.moveCaret(.line, by: -1, extend: false)
        #expect(draft.selection == .caret(0))
        draft.moveCaret(.document, by: 1, extend: false)
        #expect(draft.selection == .caret(26))
        draft.moveCaret(.grapheme, by: -3, extend: true)
        #expect(draft.selection == Selection(anchor: 26, focus: 23))
        draft.moveCaret(.grapheme, by: 1, extend: false)
        #expect(draft.selection == .caret(26))
        draft.selectAll()
        #expect(draft.selection == Selection(anchor: 0, focus: 26))
    }

    @Test func selectionClampsAndSnapsOutOfMentions() throws {
        var draft = try Editor.notation("a<@u1 Bobby>@Bobby</@> b|")
        draft.setSelection(anchor: -5, focus: 99)
        #expect(draft.selection == Selection(anchor: 0, focus: 9))
        draft.setSelection(anchor: 2, focus: 2)
        #expect(draft.selection == .caret(1))
        draft.setSelection(anchor: 5, focus: 5)
        #expect(draft.selection == .caret(7))
    }
}
