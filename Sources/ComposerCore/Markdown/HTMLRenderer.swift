/// Safe HTML for receivers: every text escaped, links only with allowed schemes (they already are:
/// documents hold only validated links), colours as validated `#rrggbb`, mentions as spans.
/// Paragraph and quote lines become `<p>` with `<br>`, lists `<ul>`/`<ol>`, code blocks
/// `<pre><code>`.
public enum HTMLRenderer {
    public static func render(_ document: Document) -> String {
        let document = _LegacyDocument(document)
        var out = ""
        let ranges = document.lineRanges
        var line = 0
        while line < ranges.count {
            let block = document.lineBlocks[line]
            var last = line
            while last + 1 < ranges.count, document.lineBlocks[last + 1] == block { last += 1 }
            let run = ranges[line...last]
            switch block {
            case .codeBlock?:
                out += "<pre><code>" + run.map { escape(document.text(in: $0)) }.joined(separator: "\n") + "</code></pre>"
            case .bulletList?, .orderedList?:
                let tag = block == .bulletList ? "ul" : "ol"
                out += "<\(tag)>" + run.map { "<li>" + inline(document, $0) + "</li>" }.joined() + "</\(tag)>"
            case .quote?:
                out += "<blockquote><p>" + run.map { inline(document, $0) }.joined(separator: "<br>") + "</p></blockquote>"
            case nil:
                out += "<p>" + run.map { inline(document, $0) }.joined(separator: "<br>") + "</p>"
            }
            line = last + 1
        }
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            switch s {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }

    private enum Tag: Hashable {
        case link(UInt32), color(UInt32), underline, strike, bold, italic, code, mention(UInt32)
    }

    private static func tags(_ s: InlineStyle) -> [Tag] {
        var t: [Tag] = []
        if s.link != 0 { t.append(.link(s.link)) }
        if s.color != 0 { t.append(.color(s.color)) }
        if s.mention != 0 { t.append(.mention(s.mention)) }
        if s.flags.contains(.underline) { t.append(.underline) }
        if s.flags.contains(.strike) { t.append(.strike) }
        if s.flags.contains(.bold) { t.append(.bold) }
        if s.flags.contains(.italic) { t.append(.italic) }
        if s.flags.contains(.code) { t.append(.code) }
        return t
    }

    private static func open(_ tag: Tag, _ doc: _LegacyDocument) -> String {
        switch tag {
        case .link(let id): return "<a href=\"" + escape(doc.values.link(id) ?? "") + "\" rel=\"nofollow noopener noreferrer\">"
        case .color(let rgb): return "<span style=\"color:" + ColorPolicy.format(rgb) + "\">"
        case .mention(let id):
            return "<span class=\"mention\" data-uid=\"" + escape(doc.values.mention(id)?.uid ?? "") + "\">"
        case .underline: return "<u>"
        case .strike: return "<del>"
        case .bold: return "<strong>"
        case .italic: return "<em>"
        case .code: return "<code>"
        }
    }

    private static func close(_ tag: Tag) -> String {
        switch tag {
        case .link: return "</a>"
        case .color, .mention: return "</span>"
        case .underline: return "</u>"
        case .strike: return "</del>"
        case .bold: return "</strong>"
        case .italic: return "</em>"
        case .code: return "</code>"
        }
    }

    /// One line's inline content, tags kept properly nested by closing and reopening.
    private static func inline(_ doc: _LegacyDocument, _ range: Range<Int>) -> String {
        var out = ""
        var stack: [Tag] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let style = doc.styles[i]
            var end = i + 1
            while end < range.upperBound, doc.styles[end] == style { end += 1 }
            let wanted = tags(style)
            var keep = 0
            while keep < stack.count, wanted.contains(stack[keep]) { keep += 1 }
            while stack.count > keep { out += close(stack.removeLast()) }
            for tag in wanted where !stack.contains(tag) {
                out += open(tag, doc)
                stack.append(tag)
            }
            out += escape(doc.text(in: i..<end))
            i = end
        }
        while let tag = stack.popLast() { out += close(tag) }
        return out
    }
}
