/// Which link targets a draft accepts (README "What the engine does"): `http`, `https` and `mailto`; a bare host
/// such as `example.com/docs` becomes `https://example.com/docs`. Everything else — `javascript:`,
/// `data:`, `vbscript:`, `file:`, relative paths — is refused.
public enum LinkPolicy {
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// Returns the canonical form of `url`, or throws `.unsafeLink`.
    public static func normalize(_ url: String) throws(ComposerError) -> String {
        let scalars = Array(url.unicodeScalars)
        guard !scalars.isEmpty else { throw .unsafeLink("link URL is empty") }
        guard scalars.count <= 4096 else { throw .unsafeLink("link URL is longer than 4096 characters") }
        for s in scalars {
            // Whitespace and controls hide schemes from naive checks ("java\tscript:"), and
            // angle brackets / backslashes cannot be carried safely in the wire format.
            if s.value <= 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value)
                || s == "<" || s == ">" || s == "\\" || s == "\"" || s == "`"
                || s.isWhitespace || s.properties.generalCategory == .format {
                throw .unsafeLink("link URL contains a forbidden character (U+\(String(s.value, radix: 16, uppercase: true)))")
            }
        }
        // "example.com:8080/x" reads like a scheme "example.com:", but a dotted name followed by a
        // port is a host.
        if let scheme = scheme(of: scalars), !(scheme.contains(".") && looksLikeHost(scalars)) {
            let lower = scheme.lowercased()
            guard allowedSchemes.contains(lower) else {
                throw .unsafeLink("link scheme \"\(scheme):\" is not allowed (allowed: http, https, mailto)")
            }
            let rest = String(String.UnicodeScalarView(scalars[(scheme.unicodeScalars.count + 1)...]))
            if lower == "mailto" {
                guard rest.contains("@"), !rest.hasPrefix("@") else { throw .unsafeLink("mailto link has no address") }
            } else {
                guard rest.hasPrefix("//"), rest.count > 2, !rest.hasPrefix("///") else {
                    throw .unsafeLink("\(lower) link has no host")
                }
            }
            return lower + ":" + rest
        }
        guard looksLikeHost(scalars) else {
            throw .unsafeLink("link \"\(url)\" has no scheme and does not start with a host name")
        }
        return "https://" + url
    }

    /// The scheme, if the URL starts with `letter (letter | digit | + | - | .)* :`.
    private static func scheme(of scalars: [Unicode.Scalar]) -> String? {
        guard let first = scalars.first, first.isASCII, isASCIILetter(first) else { return nil }
        var i = 1
        while i < scalars.count {
            let s = scalars[i]
            if s == ":" { return String(String.UnicodeScalarView(scalars[0..<i])) }
            guard s.isASCII, isASCIILetter(s) || ("0"..."9").contains(s) || s == "+" || s == "-" || s == "." else { return nil }
            i += 1
        }
        return nil
    }

    /// `label(.label)+` with an optional port, then `/`, `?`, `#` or the end.
    private static func looksLikeHost(_ scalars: [Unicode.Scalar]) -> Bool {
        var i = 0
        var labels = 0
        var labelLength = 0
        while i < scalars.count {
            let s = scalars[i]
            if s.isASCII, isASCIILetter(s) || ("0"..."9").contains(s) || s == "-" {
                labelLength += 1
            } else if s == "." {
                guard labelLength > 0 else { return false }
                labels += 1
                labelLength = 0
            } else if s == "/" || s == "?" || s == "#" || s == ":" {
                break
            } else {
                return false
            }
            i += 1
        }
        guard labelLength > 0 else { return false }
        labels += 1
        if i < scalars.count, scalars[i] == ":" {
            var j = i + 1
            while j < scalars.count, ("0"..."9").contains(scalars[j]) { j += 1 }
            guard j > i + 1, j == scalars.count || scalars[j] == "/" || scalars[j] == "?" || scalars[j] == "#" else { return false }
        }
        return labels >= 2
    }

    private static func isASCIILetter(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s)
    }
}
