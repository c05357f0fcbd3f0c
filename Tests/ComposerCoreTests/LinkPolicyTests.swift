import Testing
@testable import ComposerCore

@Suite struct LinkPolicyTests {
    @Test func allowsExactlyHTTPHTTPSAndMailto() {
        #expect(LinkPolicy.allowedSchemes == ["http", "https", "mailto"])
    }

    static let allowed: [(String, String)] = [
        ("http://example.com", "http://example.com"),
        ("https://example.com", "https://example.com"),
        ("https://example.com/a/b?c=d&e=f#g", "https://example.com/a/b?c=d&e=f#g"),
        ("https://user@example.com:8443/x", "https://user@example.com:8443/x"),
        ("https://[::1]:8080/", "https://[::1]:8080/"),
        ("mailto:bob@example.com", "mailto:bob@example.com"),
        ("mailto:bob@example.com?subject=hi", "mailto:bob@example.com?subject=hi"),
        // The scheme is case-insensitive and comes out lower-cased; the rest is kept as written.
        ("HTTP://example.com", "http://example.com"),
        ("HTTPS://Example.COM/Path", "https://Example.COM/Path"),
        ("hTtPs://example.com", "https://example.com"),
        ("MAILTO:Bob@Example.com", "mailto:Bob@Example.com"),
        ("Mailto:bob@example.com", "mailto:bob@example.com"),
        // Bare hosts get https://.
        ("example.com", "https://example.com"),
        ("www.example.com", "https://www.example.com"),
        ("example.com/path?q#f", "https://example.com/path?q#f"),
        ("example.com/", "https://example.com/"),
        ("example.com?q=1", "https://example.com?q=1"),
        ("example.com#top", "https://example.com#top"),
        ("a-b.example", "https://a-b.example"),
        ("EXAMPLE.COM/X", "https://EXAMPLE.COM/X"),
        ("127.0.0.1", "https://127.0.0.1"),
        ("127.0.0.1:8080/x", "https://127.0.0.1:8080/x"),
        ("1password.com", "https://1password.com"),
        ("javascript.com", "https://javascript.com"),
    ]

    @Test(arguments: allowed)
    func normalizesAllowedLinks(_ input: String, _ expected: String) throws {
        #expect(try LinkPolicy.normalize(input) == expected)
    }

    @Test(arguments: allowed)
    func normalizingIsIdempotent(_ input: String, _ expected: String) throws {
        #expect(try LinkPolicy.normalize(LinkPolicy.normalize(input)) == expected)
    }

    /// A bare host with a port: the host looks like a URI scheme ("sub.example.co.uk:") to the
    /// scheme check, which refuses it before the bare-host check can accept it.
    @Test(arguments: [
              ("sub.example.co.uk:8080/x", "https://sub.example.co.uk:8080/x"),
              ("example.com:8080", "https://example.com:8080"),
              ("example.com:443/path?q#f", "https://example.com:443/path?q#f"),
              ("example.com:8080?q=1", "https://example.com:8080?q=1"),
              ("example.com:8080#top", "https://example.com:8080#top"),
          ])
    func normalizesBareHostsWithAPort(_ input: String, _ expected: String) throws {
        #expect(try LinkPolicy.normalize(input) == expected)
    }

    static let refused: [String] = [
        // Unsafe or unsupported schemes, in any case.
        "javascript:alert(1)", "JAVASCRIPT:alert(1)", "JavaScript:alert(1)", "javascript://example.com/%0Aalert(1)",
        "data:text/plain;base64,SGk=", "DATA:text/plain,hi", "vbscript:msgbox(1)", "VBScript:x",
        "file:///etc/passwd", "FILE://host/share", "ftp://example.com/f", "ws://example.com", "about:blank", "blob:https://x.org/1",
        "tel:+123456", "sms:123", "chrome://settings", "intent://x#Intent;end", "x-custom:payload",
        // Relative references.
        "docs", "/a", "./x", "../x", "//example.com", "?q=1", "#frag", "localhost", "a..b", ".example.com", "example.com.",
        // Empty and whitespace.
        "", " ", "\t", " https://example.com", "https://example.com ", "https://exa mple.com", "https://example.com/a b",
        // Controls, invisible and look-alike spaces anywhere, including inside a scheme.
        "java\tscript:alert(1)", "java\nscript:alert(1)", "java\rscript:alert(1)", "\u{0}javascript:alert(1)",
        "https://example.com\n", "https://example.com/\u{0}", "https://example.com/\u{7F}", "https://example.com/\u{85}",
        "https://example.com/\u{A0}", "https://exa\u{200B}mple.com", "java\u{200B}script:alert(1)", "https://example.com/\u{2028}",
        "\u{FEFF}https://example.com", "https://example.com/\u{3000}",
        // Characters the wire format cannot carry safely.
        "https://example.com/<script>", "https://example.com/>", "https://example.com/\"onclick", "https://example.com\\evil",
        "https:\\\\example.com", "https://example.com/`x`", "<https://example.com>",
        // A dotted name and a port that is not digits up to `/`, `?`, `#` or the end: a scheme.
        "example.com:80x", "example.com:", "example.com:/x",
        // mailto without an address.
        "mailto:", "MAILTO:", "mailto:bob", "mailto:@example.com",
        // http(s) without a host.
        "http:", "http:/x", "http:///x", "https:", "https://", "http://", "https:///", "HTTP:example.com",
        // A combining mark after "//" makes one character of it with the "/": no "//", no host.
        "https://\u{301}example.com",
    ]

    @Test(arguments: refused)
    func refusesUnsafeOrMalformedLinks(_ url: String) {
        expectRefusal(.unsafeLink) { try LinkPolicy.normalize(url) }
    }

    @Test func refusesOverlongLinks() throws {
        let base = "https://example.com/"
        let longest = base + String(repeating: "a", count: 4096 - base.count)
        #expect(try LinkPolicy.normalize(longest) == longest)
        expectRefusal(.unsafeLink) { try LinkPolicy.normalize(longest + "a") }
    }

    /// The 4,096-character limit counts characters, also past the quick path for plain web URLs
    /// (which takes only URLs of at most 4,096 bytes of printable ASCII).
    @Test func theLengthLimitCountsCharacters() throws {
        let base = "https://example.com/é"
        let longest = base + String(repeating: "a", count: 4096 - base.unicodeScalars.count)
        #expect(try LinkPolicy.normalize(longest) == longest)
        expectRefusal(.unsafeLink) { try LinkPolicy.normalize(longest + "a") }
    }

    /// A scheme is a letter, then letters, digits, `+`, `-` and `.` up to the `:`: the refusal
    /// names it whole. A name with any other character there is no scheme at all.
    @Test(arguments: [("svn+ssh://example.com/r", "svn+ssh:"), ("h323:10.0.0.1", "h323:"), ("x-custom:payload", "x-custom:"),
                      ("a.b:c", "a.b:")])
    func refusalNamesTheWholeScheme(_ url: String, _ scheme: String) {
        #expect(throws: ComposerError.unsafeLink("link scheme \"\(scheme)\" is not allowed (allowed: http, https, mailto)")) {
            try LinkPolicy.normalize(url)
        }
    }

    @Test(arguments: ["a_b:x", "9p:x", "+x:y"])
    func aNameWithOtherCharactersIsNoScheme(_ url: String) {
        #expect(throws: ComposerError.unsafeLink("link \"\(url)\" has no scheme and does not start with a host name")) {
            try LinkPolicy.normalize(url)
        }
    }

    @Test func refusalMessageNamesTheRefusedScheme() {
        do {
            _ = try LinkPolicy.normalize("javascript:alert(1)")
            Issue.record("javascript: was accepted")
        } catch {
            #expect(error.refusalKind == .unsafeLink)
            #expect(error.message.contains("javascript"))
        }
    }

    /// Whether a URL may hold `s`, as the rule says it (docs and `LinkPolicy`): no whitespace, no
    /// control (C0, DEL, C1), no format character, none of `< > \\ " \``. Written from the Unicode
    /// properties for every scalar, which the policy reads for non-ASCII scalars only.
    private static func mayHold(_ s: Unicode.Scalar) -> Bool {
        !(s.value <= 0x20 || (0x7F...0x9F).contains(s.value) || "<>\\\"`".unicodeScalars.contains(s)
            || s.properties.isWhitespace || s.properties.generalCategory == .format)
    }

    /// Every ASCII scalar, the Latin-1 range and the spaces, joiners and marks of the general
    /// punctuation block, each in the middle of a path: accepted exactly when the rule allows it.
    @Test func everyCharacterIsJudgedByTheRule() throws {
        let scalars = (0..<0x100).compactMap(Unicode.Scalar.init) + (0x2000...0x206F).compactMap(Unicode.Scalar.init)
            + [0x1680, 0x180E, 0x3000, 0xFEFF, 0xFFF9, 0x110BD, 0xE0001].compactMap(Unicode.Scalar.init)
        for s in scalars {
            let url = "https://example.com/a\(Character(s))b"
            if LinkPolicyTests.mayHold(s) {
                #expect(try LinkPolicy.normalize(url) == url, "U+\(String(s.value, radix: 16))")
            } else {
                expectRefusal(.unsafeLink) { try LinkPolicy.normalize(url) }
            }
        }
    }
}
