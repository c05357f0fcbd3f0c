import Testing
@testable import ComposerCore

@Suite struct ColorPolicyTests {
    static let valid: [(String, UInt32, String)] = [
        ("#000", 0x000000, "#000000"),
        ("#fff", 0xFFFFFF, "#ffffff"),
        ("#FFF", 0xFFFFFF, "#ffffff"),
        ("#abc", 0xAABBCC, "#aabbcc"),
        ("#ABC", 0xAABBCC, "#aabbcc"),
        ("#aBc", 0xAABBCC, "#aabbcc"),
        ("#f00", 0xFF0000, "#ff0000"),
        ("#09f", 0x0099FF, "#0099ff"),
        ("#000000", 0x000000, "#000000"),
        ("#123456", 0x123456, "#123456"),
        ("#abcdef", 0xABCDEF, "#abcdef"),
        ("#ABCDEF", 0xABCDEF, "#abcdef"),
        ("#0a0B0c", 0x0A0B0C, "#0a0b0c"),
        ("#FfFfFf", 0xFFFFFF, "#ffffff"),
        ("#000001", 0x000001, "#000001"),
    ]

    @Test(arguments: valid)
    func parsesOpaqueHexColours(_ text: String, _ rgb: UInt32, _ canonical: String) throws {
        #expect(try ColorPolicy.parse(text) == rgb)
    }

    @Test(arguments: valid)
    func normalizesToLowerCaseSixDigits(_ text: String, _ rgb: UInt32, _ canonical: String) throws {
        #expect(try ColorPolicy.normalize(text) == canonical)
    }

    @Test(arguments: [(UInt32(0), "#000000"), (0xFF, "#0000ff"), (0xFF00, "#00ff00"), (0xFFFFFF, "#ffffff"), (0x0A0B0C, "#0a0b0c"),
                      (0x1ABCDEF, "#abcdef")])
    func formatsSixLowerCaseDigits(_ rgb: UInt32, _ expected: String) {
        #expect(ColorPolicy.format(rgb) == expected)
    }

    @Test(arguments: [
        "red", "RED", "transparent", "rgb(1,2,3)",
        "#11223344", "#112233ff", "#1234", "#12345", "#1234567", "#12", "#1", "#",
        "", "123456", "abc", "fff", "##abc", "#-12", "#+12",
        "#ggg", "#12345g", "#GGGGGG", "#xyz",
        " #abc", "#abc ", "#a bc", "#abc\n",
        "#\u{FF11}\u{FF12}\u{FF13}",  // full-width digits
        "#\u{661}\u{662}\u{663}",  // Arabic-Indic digits
        "\u{FF03}abc",  // full-width number sign
    ])
    func refusesEverythingElse(_ text: String) {
        expectRefusal(.invalidColor) { try ColorPolicy.parse(text) }
        expectRefusal(.invalidColor) { try ColorPolicy.normalize(text) }
    }
}
