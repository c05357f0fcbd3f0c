/// An inline format as an HTML element, and HTML escaping.
enum HTMLTag: Equatable {
    case link(UInt32), color(UInt32), mention(UInt32), underline, strike, bold, italic, code

    /// The tags of `style`, outermost first.
    static func tags(of s: InlineStyle, into tags: inout [HTMLTag]) {
        tags.removeAll(keepingCapacity: true)
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

    /// Appends `text` with `& < > " '` as entities.
    static func appendEscaped<Out: ByteOutput>(_ text: ArraySlice<UInt8>, to out: inout Out) {
        var copied = text.startIndex
        var i = text.startIndex
        while i < text.endIndex {
            // Blocks of 32 bytes holding none of & < > " ' are passed over whole (the test
            // vectorizes).
            if i + 32 <= text.endIndex {
                var flagged: UInt8 = 0
                for j in i..<(i + 32) {
                    let b = text[j]
                    flagged |= ((b ^ 0x26) &- 1) | ((b ^ 0x3C) &- 1) | ((b ^ 0x3E) &- 1) | ((b ^ 0x22) &- 1) | ((b ^ 0x27) &- 1)
                }
                if flagged & 0x80 == 0 {
                    i += 32
                    continue
                }
            }
            let end = min(text.endIndex, i + 32)
            while i < end {
                let entity: StaticString
                switch text[i] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default:
                    i += 1
                    continue
                }
                out.append(contentsOf: text[copied..<i])
                out.append(entity)
                i += 1
                copied = i
            }
        }
        out.append(contentsOf: text[copied...])
    }
}
