/// An inline format as an HTML element, and HTML escaping.
enum HTMLTag: Equatable {
    case link(UInt32), color(UInt32), mention(UInt32), underline, strike, bold, italic, code

    /// The tags of `style`, outermost first, each given to `body` (no array made of them).
    @inline(__always)
    static func forEachTag(of s: InlineStyle, _ body: (HTMLTag) -> Void) {
        if s.link != 0 { body(.link(s.link)) }
        if s.color != 0 { body(.color(s.color)) }
        if s.mention != 0 { body(.mention(s.mention)) }
        if s.flags.contains(.underline) { body(.underline) }
        if s.flags.contains(.strike) { body(.strike) }
        if s.flags.contains(.bold) { body(.bold) }
        if s.flags.contains(.italic) { body(.italic) }
        if s.flags.contains(.code) { body(.code) }
    }

    /// Whether text of style `s` has this tag (is it among `forEachTag(of: s)`'s).
    func isIn(_ s: InlineStyle) -> Bool {
        switch self {
        case .link(let id): return s.link == id
        case .color(let rgb): return s.color == rgb
        case .mention(let id): return s.mention == id
        case .underline: return s.flags.contains(.underline)
        case .strike: return s.flags.contains(.strike)
        case .bold: return s.flags.contains(.bold)
        case .italic: return s.flags.contains(.italic)
        case .code: return s.flags.contains(.code)
        }
    }

    func open<Out: ByteOutput>(_ values: ParsedValues, into out: inout Out) {
        switch self {
        case .link(let id):
            out.append("<a href=\"")
            values.withLink(id) { HTMLTag.appendEscaped($0, to: &out) }
            out.append("\" rel=\"nofollow noopener noreferrer\">")
        case .color(let rgb):
            out.append("<span style=\"color:")
            UTF8Bytes.appendColor(rgb & 0xFFFFFF, to: &out)
            out.append("\">")
        case .mention(let id):
            out.append("<span class=\"mention\" data-uid=\"")
            values.withMentionUID(id) { HTMLTag.appendEscaped($0, to: &out) }
            out.append("\">")
        case .underline: out.append("<u>")
        case .strike: out.append("<del>")
        case .bold: out.append("<strong>")
        case .italic: out.append("<em>")
        case .code: out.append("<code>")
        }
    }

    func close<Out: ByteOutput>(into out: inout Out) {
        switch self {
        case .link: out.append("</a>")
        case .color, .mention: out.append("</span>")
        case .underline: out.append("</u>")
        case .strike: out.append("</del>")
        case .bold: out.append("</strong>")
        case .italic: out.append("</em>")
        case .code: out.append("</code>")
        }
    }

    /// Appends `text` with `& < > " '` as entities: the runs between them copied whole, each
    /// found a block of 16 bytes at a time (`ByteScan.firstFlagged`).
    static func appendEscaped<Out: ByteOutput>(_ text: ArraySlice<UInt8>, to out: inout Out) {
        text.withUnsafeBufferPointer { appendEscaped($0, to: &out) }
    }

    /// `appendEscaped` of bytes in memory (a parser's content, read without a slice of it).
    static func appendEscaped<Out: ByteOutput>(_ text: UnsafeBufferPointer<UInt8>, to out: inout Out) {
        guard let base = text.baseAddress else { return }
        let n = text.count
        var copied = 0
        while let at = ByteScan.firstFlagged(base, from: copied, n, HTMLTag.escapedLanes) {
            out.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: at - copied))
            switch base[at] {
            case UInt8(ascii: "&"): out.append("&amp;")
            case UInt8(ascii: "<"): out.append("&lt;")
            case UInt8(ascii: ">"): out.append("&gt;")
            case UInt8(ascii: "\""): out.append("&quot;")
            default: out.append("&#39;")
            }
            copied = at + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: n - copied))
    }

    /// The lanes of `v` that HTML text escapes: `& < > " '`.
    @inline(__always)
    private static func escapedLanes(_ v: ByteScan.Block) -> SIMDMask<SIMD16<Int8>> {
        (v .== ByteScan.Block(repeating: UInt8(ascii: "&"))) .| (v .== ByteScan.Block(repeating: UInt8(ascii: "<")))
            .| (v .== ByteScan.Block(repeating: UInt8(ascii: ">"))) .| (v .== ByteScan.Block(repeating: UInt8(ascii: "\"")))
            .| (v .== ByteScan.Block(repeating: UInt8(ascii: "'")))
    }
}
