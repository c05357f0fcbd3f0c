import Testing
@testable import ComposerCore

@Suite struct NotationTests {
    @Test(arguments: [
        "aa|bb", "aa{bb}|cc", "aa|{bb}cc", "a<b>bc</b>d|", "<b>a<i>b</b>c</i>|", "x<a https://e.com/>link</a>|",
        "[quote]q\n[bullet_list]a\n[bullet_list]b|", "<@u1 Bob>@Bob</@> hi|", "a\\<b\\{c|", "<color #ff0000>red</color>|",
    ])
    func roundTrips(_ notation: String) throws {
        let draft = try Editor.notation(notation)
        #expect(draft.notation == notation)
    }

    @Test func readsSelectionDirection() throws {
        #expect(try Editor.notation("aa{bb}|cc").selection == Selection(anchor: 2, focus: 4))
        #expect(try Editor.notation("aa|{bb}cc").selection == Selection(anchor: 4, focus: 2))
        #expect(try Editor.notation("aa|bb").selection == .caret(2))
    }
}
