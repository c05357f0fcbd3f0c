/// An inline format as an HTML element, and HTML escaping.
enum HTMLTag: Equatable {
    case link(UInt32), color(UInt32), mention(UInt32), underline, strike, bold, italic, code

    /// The tags of `style`, outermost first.
    static func tags(of s: InlineStyle, into tags: inout [HTMLTag]) {
        tags.removeAllShort()
        if s.link != 0 { tags.append(.link(s.link)) }
        if s.color != 0 { tags.append(.color(s.color)) }
        if s.mention != 0 { tags.append(.mention(s.mention)) }
        if s.flags.contains(.underline) { tags.append(.underline) }
        if s.flags.contains(.strike) { tags.append(.strike) }
        if s.flags.contains(.bold) { tags.append(.bold) }
        if s.flags.contains(.italic) { tags.append(.italic) }
        if s.flags.contains(.code) { tags.append(.code) }
    }

    func open<Out: ByteOutput>(_ values: ParsedValues, into out: inout Out) {
        switch self {
        case .link(let id):
            out.append("<a href=\"")
            HTMLTag.appendEscaped(values.link(id), to: &out)
            out.append("\" rel=\"nofollow noopener noreferrer\">")
        case .color(let rgb):
            out.append("<span style=\"color:")
            UTF8Bytes.appendColor(rgb & 0xFFFFFF, to: &out)
            out.append("\">")
        case .mention(let id):
            out.append("<span class=\"mention\" data-uid=\"")
            HTMLTag.appendEscaped(values.mentionUID(id), to: &out)
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
