/// Which link targets a draft accepts (README "What the engine does"): `http`, `https` and `mailto`; a bare host
/// such as `example.com/docs` becomes `https://example.com/docs`. Everything else — `javascript:`,
/// `data:`, `vbscript:`, `file:`, relative paths — is refused.
public enum LinkPolicy {
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// Returns the canonical form of `url`, or throws `.unsafeLink`. The scheme and the host are
    /// ASCII, so they are read from the UTF-8 bytes; only the forbidden characters need scalars.
    /// (Read from an array of scalars, with the rest of the URL built back from it a scalar at a
    /// time, a link cost some 35,000 instructions: most of loading a document full of links.)
    public static func normalize(_ url: String) throws(ComposerError) -> String {
        // The usual link, `http(s)://` and a host in printable ASCII, is its own canonical form
        // (the wire parser's test; the rules below accept it as it is): a scan, no strings made.
        if url.utf8.withContiguousStorageIfAvailable(LinkTarget.isPlainWebURL) == true { return url }
        let bytes = Array(url.utf8)
        // Scalars: the bytes that do not continue one.
        let scalarCount = bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        guard scalarCount > 0 else { throw .unsafeLink("link URL is empty") }
        guard scalarCount <= 4096 else { throw .unsafeLink("link URL is longer than 4096 characters") }
        for s in url.unicodeScalars where isForbidden(s) {
            throw .unsafeLink("link URL contains a forbidden character (U+\(String(s.value, radix: 16, uppercase: true)))")
        }
        // "example.com:8080/x" reads like a scheme "example.com:", but a dotted name followed by a
        // port is a host.
        if let schemeEnd = schemeEnd(bytes), !(bytes[..<schemeEnd].contains(UInt8(ascii: ".")) && looksLikeHost(bytes)) {
            let scheme = String(decoding: bytes[..<schemeEnd], as: UTF8.self)
            let lower = scheme.lowercased()
            guard allowedSchemes.contains(lower) else {
                throw .unsafeLink("link scheme \"\(scheme):\" is not allowed (allowed: http, https, mailto)")
            }
            // Compared as characters, as before: a combining mark after "//" makes "/" + mark a
            // character, and no host.
            let rest = String(decoding: bytes[(schemeEnd + 1)...], as: UTF8.self)
            if lower == "mailto" {
                guard rest.contains("@"), !rest.hasPrefix("@") else { throw .unsafeLink("mailto link has no address") }
            } else {
                guard rest.hasPrefix("//"), rest.count > 2, !rest.hasPrefix("///") else {
                    throw .unsafeLink("\(lower) link has no host")
                }
            }
            return lower + ":" + rest
        }
        guard looksLikeHost(bytes) else {
            throw .unsafeLink("link \"\(url)\" has no scheme and does not start with a host name")
        }
        return "https://" + url
    }

    /// Whether `s` may not appear in a URL. Whitespace and controls hide schemes from naive checks
    /// ("java\tscript:"), and angle brackets / backslashes cannot be carried safely in the wire
    /// format. ASCII first: its whitespace and controls are all up to U+0020 or U+007F, and none
    /// of it is a format character, so the Unicode properties (some hundreds of instructions a
    /// scalar: loading a document of 700 links spent a quarter of its time on them) are read for
    /// the rest only.
    @inline(__always)
    private static func isForbidden(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII {
            return s.value <= 0x20 || s.value == 0x7F || s == "<" || s == ">" || s == "\\" || s == "\"" || s == "`"
        }
        return (0x80...0x9F).contains(s.value) || s.isWhitespace || s.properties.generalCategory == .format
    }

    /// Where the scheme ends (at its `:`), if the URL starts with
    /// `letter (letter | digit | + | - | .)* :`.
    private static func schemeEnd(_ bytes: [UInt8]) -> Int? {
        guard let first = bytes.first, isASCIILetter(first) else { return nil }
        var i = 1
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: ":") { return i }
            guard isASCIILetter(b) || LineScan.isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") else {
                return nil
            }
            i += 1
        }
        return nil
    }

    /// `label(.label)+` with an optional port, then `/`, `?`, `#` or the end. (A byte of a
    /// non-ASCII scalar is none of these: such a URL is no host, as with its scalars.)
    private static func looksLikeHost(_ bytes: [UInt8]) -> Bool {
        var i = 0
        var labels = 0
        var labelLength = 0
        while i < bytes.count {
            let b = bytes[i]
            if isASCIILetter(b) || LineScan.isDigit(b) || b == UInt8(ascii: "-") {
                labelLength += 1
            } else if b == UInt8(ascii: ".") {
                guard labelLength > 0 else { return false }
                labels += 1
                labelLength = 0
            } else if b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") || b == UInt8(ascii: ":") {
                break
            } else {
                return false
            }
            i += 1
        }
        guard labelLength > 0 else { return false }
        labels += 1
        if i < bytes.count, bytes[i] == UInt8(ascii: ":") {
            var j = i + 1
            while j < bytes.count, LineScan.isDigit(bytes[j]) { j += 1 }
            guard j > i + 1, j == bytes.count || bytes[j] == UInt8(ascii: "/") || bytes[j] == UInt8(ascii: "?") || bytes[j] == UInt8(ascii: "#") else {
                return false
            }
        }
        return labels >= 2
    }

    private static func isASCIILetter(_ b: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
    }
}
