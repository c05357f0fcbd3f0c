/// Safe HTML for receivers: every text escaped, links only with allowed schemes (they already are:
/// documents hold only validated links), colours as validated `#rrggbb`, mentions as spans.
/// Paragraph and quote lines become `<p>` with `<br>`, lists `<ul>`/`<ol>`, code blocks
/// `<pre><code>`. Reads the flat document and writes UTF-8 into one growing buffer.
public enum HTMLRenderer {
    public static func render(_ document: Document) -> String {
        render(document.flat)
    }

    public static func render(_ document: FlatDocument) -> String {
        String(decoding: renderUTF8(document), as: UTF8.self)
    }

    /// `render` as UTF-8 bytes.
    public static func renderUTF8(_ document: FlatDocument) -> [UInt8] {
        var writer = HTMLWriter(document)
        writer.write()
        return writer.out
    }

    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        HTMLWriter.appendEscaped(Array(text.utf8)[...], to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

private struct HTMLWriter {
    enum Tag: Equatable {
        case link(UInt32), color(UInt32), mention(UInt32), underline, strike, bold, italic, code
    }

    let doc: FlatDocument
    var out: [UInt8] = []
    private var stack: [Tag] = []
    private var wanted: [Tag] = []
    /// The run holding the next line's first byte, and where that run starts.
    private var runIndex = 0
    private var runStart = 0

    init(_ doc: FlatDocument) {
        self.doc = doc
        out.reserveCapacity(doc.utf8.count + doc.utf8.count / 2 + 16)
    }

    mutating func write() {
        var lines: [Range<Int>] = []
        var start = 0
        for (i, b) in doc.utf8.enumerated() where b == 0x0A {
            lines.append(start..<i)
            start = i + 1
        }
        lines.append(start..<doc.utf8.count)
        func block(_ line: Int) -> BlockFormat? { line < doc.lineBlocks.count ? doc.lineBlocks[line] : nil }
        var line = 0
        while line < lines.count {
            let kind = block(line)
            var last = line
            while last + 1 < lines.count, block(last + 1) == kind { last += 1 }
            let run = lines[line...last]
            switch kind {
            case .codeBlock?:
                UTF8Bytes.append("<pre><code>", to: &out)
                for (i, range) in run.enumerated() {
                    if i > 0 { out.append(0x0A) }
                    HTMLWriter.appendEscaped(doc.utf8[range], to: &out)
                }
                UTF8Bytes.append("</code></pre>", to: &out)
            case .bulletList?, .orderedList?:
                UTF8Bytes.append(kind == .bulletList ? "<ul>" : "<ol>", to: &out)
                for range in run {
                    UTF8Bytes.append("<li>", to: &out)
                    inline(range)
                    UTF8Bytes.append("</li>", to: &out)
                }
                UTF8Bytes.append(kind == .bulletList ? "</ul>" : "</ol>", to: &out)
            case .quote?:
                UTF8Bytes.append("<blockquote><p>", to: &out)
                lineBrokenParagraph(run)
                UTF8Bytes.append("</p></blockquote>", to: &out)
            case nil:
                UTF8Bytes.append("<p>", to: &out)
                lineBrokenParagraph(run)
                UTF8Bytes.append("</p>", to: &out)
            }
            line = last + 1
        }
    }

    private mutating func lineBrokenParagraph(_ run: ArraySlice<Range<Int>>) {
        for (i, range) in run.enumerated() {
            if i > 0 { UTF8Bytes.append("<br>", to: &out) }
            inline(range)
        }
    }

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

    private static func tags(_ s: InlineStyle, into t: inout [Tag]) {
        t.removeAll(keepingCapacity: true)
        if s.link != 0 { t.append(.link(s.link)) }
        if s.color != 0 { t.append(.color(s.color)) }
        if s.mention != 0 { t.append(.mention(s.mention)) }
        if s.flags.contains(.underline) { t.append(.underline) }
        if s.flags.contains(.strike) { t.append(.strike) }
        if s.flags.contains(.bold) { t.append(.bold) }
        if s.flags.contains(.italic) { t.append(.italic) }
        if s.flags.contains(.code) { t.append(.code) }
    }

    private mutating func open(_ tag: Tag) {
        switch tag {
        case .link(let id):
            UTF8Bytes.append("<a href=\"", to: &out)
            HTMLWriter.appendEscaped(Array((doc.values.link(id) ?? "").utf8)[...], to: &out)
            UTF8Bytes.append("\" rel=\"nofollow noopener noreferrer\">", to: &out)
        case .color(let rgb):
            UTF8Bytes.append("<span style=\"color:", to: &out)
            UTF8Bytes.appendColor(rgb & 0xFFFFFF, to: &out)
            UTF8Bytes.append("\">", to: &out)
        case .mention(let id):
            UTF8Bytes.append("<span class=\"mention\" data-uid=\"", to: &out)
            HTMLWriter.appendEscaped(Array((doc.values.mention(id)?.uid ?? "").utf8)[...], to: &out)
            UTF8Bytes.append("\">", to: &out)
        case .underline: UTF8Bytes.append("<u>", to: &out)
        case .strike: UTF8Bytes.append("<del>", to: &out)
        case .bold: UTF8Bytes.append("<strong>", to: &out)
        case .italic: UTF8Bytes.append("<em>", to: &out)
        case .code: UTF8Bytes.append("<code>", to: &out)
        }
    }

    private mutating func close(_ tag: Tag) {
        switch tag {
        case .link: UTF8Bytes.append("</a>", to: &out)
        case .color, .mention: UTF8Bytes.append("</span>", to: &out)
        case .underline: UTF8Bytes.append("</u>", to: &out)
        case .strike: UTF8Bytes.append("</del>", to: &out)
        case .bold: UTF8Bytes.append("</strong>", to: &out)
        case .italic: UTF8Bytes.append("</em>", to: &out)
        case .code: UTF8Bytes.append("</code>", to: &out)
        }
    }

    /// One line's inline content, tags kept properly nested by closing and reopening. Lines come
    /// in document order.
    private mutating func inline(_ range: Range<Int>) {
        while runIndex < doc.runs.count, runStart + doc.runs[runIndex].utf8Count <= range.lowerBound {
            runStart += doc.runs[runIndex].utf8Count
            runIndex += 1
        }
        var r = runIndex
        var start = runStart
        var written = range.lowerBound
        while written < range.upperBound {
            let style: InlineStyle
            var end: Int
            if r < doc.runs.count {
                style = doc.runs[r].style
                end = start + doc.runs[r].utf8Count
                start = end
                r += 1
            } else {
                // Bytes no run covers (a flat document that breaks its rules) read as plain text.
                style = .plain
                end = range.upperBound
            }
            end = min(end, range.upperBound)
            guard end > written else { continue }
            HTMLWriter.tags(style, into: &wanted)
            var keep = 0
            while keep < stack.count, wanted.contains(stack[keep]) { keep += 1 }
            while stack.count > keep { close(stack.removeLast()) }
            for tag in wanted where !stack.contains(tag) {
                open(tag)
                stack.append(tag)
            }
            HTMLWriter.appendEscaped(doc.utf8[written..<end], to: &out)
            written = end
        }
        while let tag = stack.popLast() { close(tag) }
    }
}
