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

    func open(_ values: ParsedValues, into out: inout [UInt8]) {
        switch self {
        case .link(let id):
            UTF8Bytes.append("<a href=\"", to: &out)
            HTMLTag.appendEscaped(values.link(id), to: &out)
            UTF8Bytes.append("\" rel=\"nofollow noopener noreferrer\">", to: &out)
        case .color(let rgb):
            UTF8Bytes.append("<span style=\"color:", to: &out)
            UTF8Bytes.appendColor(rgb & 0xFFFFFF, to: &out)
            UTF8Bytes.append("\">", to: &out)
        case .mention(let id):
            UTF8Bytes.append("<span class=\"mention\" data-uid=\"", to: &out)
            HTMLTag.appendEscaped(values.mentionUID(id), to: &out)
            UTF8Bytes.append("\">", to: &out)
        case .underline: UTF8Bytes.append("<u>", to: &out)
        case .strike: UTF8Bytes.append("<del>", to: &out)
        case .bold: UTF8Bytes.append("<strong>", to: &out)
        case .italic: UTF8Bytes.append("<em>", to: &out)
        case .code: UTF8Bytes.append("<code>", to: &out)
        }
    }

    func close(into out: inout [UInt8]) {
        switch self {
        case .link: UTF8Bytes.append("</a>", to: &out)
        case .color, .mention: UTF8Bytes.append("</span>", to: &out)
        case .underline: UTF8Bytes.append("</u>", to: &out)
        case .strike: UTF8Bytes.append("</del>", to: &out)
        case .bold: UTF8Bytes.append("</strong>", to: &out)
        case .italic: UTF8Bytes.append("</em>", to: &out)
        case .code: UTF8Bytes.append("</code>", to: &out)
        }
    }

    /// Appends `text` with `& < > " '` as entities.
    static func appendEscaped(_ text: ArraySlice<UInt8>, to out: inout [UInt8]) {
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
                UTF8Bytes.append(entity, to: &out)
                i += 1
                copied = i
            }
        }
        out.append(contentsOf: text[copied...])
    }
}
