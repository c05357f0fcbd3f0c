import Testing
@testable import ComposerCore

@Suite struct MentionPolicyTests {
    @Test(arguments: [
        "u42", "a", "Z", "0", "bob_smith", "a-b", "a.b", "@bob:example.org", "user=1", "a+b",
        "_-.:@=+", "ABCdef0123456789", String(repeating: "a", count: 255), String(repeating: "9", count: 255),
    ])
    func acceptsUIDsFromTheDocumentedSet(_ uid: String) throws {
        try MentionPolicy.validate(uid: uid, name: "Bob")
    }

    @Test func everyAllowedASCIICharacterIsAccepted() throws {
        let allowed = (0x21...0x7E).compactMap(Unicode.Scalar.init).filter(MentionPolicy.isUIDCharacter)
        #expect(String(String.UnicodeScalarView(allowed))
            == "+-.0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")
        try MentionPolicy.validate(uid: String(String.UnicodeScalarView(allowed)), name: "x")
    }

    @Test(arguments: [
        String(repeating: "a", count: 256), "",
        " ", "a b", " a", "a ", "a\tb", "a\nb",
        "a<b", "a>b", "a|b", "<@x>", "a/b", "a#b", "a,b", "a\"b", "a'b", "a\\b", "a*b", "a`b", "a[b", "a]b", "a(b",
        "\u{E9}", "caf\u{E9}", "\u{7528}\u{6237}", "a\u{301}", "\u{1F600}", "a\u{200B}b", "\u{0}", "a\u{7F}",
        "\u{FF41}",  // full-width a
    ])
    func refusesOtherUIDs(_ uid: String) {
        expectRefusal(.invalidArgument) { try MentionPolicy.validate(uid: uid, name: "Bob") }
    }

    @Test func uidLengthCountsScalars() {
        expectRefusal(.invalidArgument) {
            try MentionPolicy.validate(uid: String(repeating: "a", count: 254) + "\u{E9}", name: "Bob")
        }
        #expect(MentionPolicy.maxUIDLength == 255)
    }

    @Test(arguments: ["Bob", "B", "Bob Smith", "Zo\u{EB}", "\u{5E9}\u{5DC}\u{5D5}\u{5DD}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
                      "a|b <c>", " padded ", "tab\there"])
    func acceptsNonEmptySingleLineNames(_ name: String) throws {
        try MentionPolicy.validate(uid: "u1", name: name)
    }

    @Test(arguments: ["", "a\nb", "\n", "Bob\n", "a\rb", "a\r\nb"])
    func refusesEmptyOrMultiLineNames(_ name: String) {
        expectRefusal(.invalidArgument) { try MentionPolicy.validate(uid: "u1", name: name) }
    }
}
