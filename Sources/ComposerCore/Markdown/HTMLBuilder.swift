/// Writes the safe HTML of `HTMLRenderer` as text arrives line by line: runs of lines with one
/// block format become `<p>` (lines joined by `<br>`), `<blockquote><p>`, `<ul>` / `<ol>` (one
/// `<li>` per line) or `<pre><code>` (lines joined by `\n`); inline formats become tags, kept
/// properly nested within a line by closing and reopening. The parser writes into it directly
/// (`mc_markdown_to_html`); a flat document is fed to it run by run. One implementation of the
/// layout for both.
struct HTMLBuilder: ParseOutput {
    private var html: [UInt8] = []
    var values = ParsedValues()
    private var lineCount = 0
    /// The current line's block format.
    private var block: BlockFormat?
    /// The inline tags open in the current line, outermost first.
    private var stack: [HTMLTag] = []
    private var wanted: [HTMLTag] = []

    init(capacity: Int) {
        html.reserveCapacity(capacity + capacity / 2 + 16)
    }

    mutating func startLine(_ next: BlockFormat?) {
        if lineCount > 0 {
            closeTags()
            if next == block {
                // Another line of the same run.
                switch block {
                case .codeBlock?: html.append(0x0A)
                case .bulletList?, .orderedList?: UTF8Bytes.append("</li><li>", to: &html)
                case .quote?, nil: UTF8Bytes.append("<br>", to: &html)
                }
            } else {
                closeRun()
                openRun(next)
            }
        } else {
            openRun(next)
        }
        block = next
        lineCount += 1
    }

    mutating func link(_ url: ArraySlice<UInt8>) -> UInt32 { values.link(url) }

    mutating func add(mention: MentionValue) -> UInt32 { values.add(mention: mention) }

    mutating func append(_ bytes: ArraySlice<UInt8>, style: InlineStyle) {
        guard !bytes.isEmpty else { return }
        // Code block lines hold plain text only.
        if block != .codeBlock { restyle(style) }
        HTMLTag.appendEscaped(bytes, to: &html)
    }

    mutating func appendUnescaped(_ bytes: ArraySlice<UInt8>, style: InlineStyle, ascii: Bool) {
        append(bytes, style: style)
    }

    mutating func appendCode(_ bytes: ArraySlice<UInt8>, style: InlineStyle) {
        guard bytes.contains(0x0A) else { return append(bytes, style: style) }
        append(bytes.map { $0 == 0x0A ? 0x20 : $0 }[...], style: style)
    }

    /// The HTML. A document without lines is one empty paragraph.
    mutating func finish() -> [UInt8] {
        if lineCount == 0 { startLine(nil) }
        closeTags()
        closeRun()
        return html
    }

    private mutating func openRun(_ next: BlockFormat?) {
        switch next {
        case .codeBlock?: UTF8Bytes.append("<pre><code>", to: &html)
        case .bulletList?: UTF8Bytes.append("<ul><li>", to: &html)
        case .orderedList?: UTF8Bytes.append("<ol><li>", to: &html)
        case .quote?: UTF8Bytes.append("<blockquote><p>", to: &html)
        case nil: UTF8Bytes.append("<p>", to: &html)
        }
    }

    private mutating func closeRun() {
        switch block {
        case .codeBlock?: UTF8Bytes.append("</code></pre>", to: &html)
        case .bulletList?: UTF8Bytes.append("</li></ul>", to: &html)
        case .orderedList?: UTF8Bytes.append("</li></ol>", to: &html)
        case .quote?: UTF8Bytes.append("</p></blockquote>", to: &html)
        case nil: UTF8Bytes.append("</p>", to: &html)
        }
    }

    /// Tags for text of `style`: the open ones it keeps stay, the rest close, its new ones open.
    private mutating func restyle(_ style: InlineStyle) {
        HTMLTag.tags(of: style, into: &wanted)
        var keep = 0
        while keep < stack.count, wanted.contains(stack[keep]) { keep += 1 }
        while stack.count > keep { stack.removeLast().close(into: &html) }
        for tag in wanted where !stack.contains(tag) {
            tag.open(values, into: &html)
            stack.append(tag)
        }
    }

    private mutating func closeTags() {
        while let tag = stack.popLast() { tag.close(into: &html) }
    }
}
