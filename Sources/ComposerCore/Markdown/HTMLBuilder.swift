/// Writes the safe HTML of `HTMLRenderer` as text arrives line by line: runs of lines with one
/// block format become `<p>` (lines joined by `<br>`), `<blockquote><p>`, `<ul>` / `<ol>` (one
/// `<li>` per line) or `<pre><code>` (lines joined by `\n`); inline formats become tags, kept
/// properly nested within a line by closing and reopening. The parser writes into it directly
/// (`mc_markdown_to_html`); a flat document is fed to it run by run. One implementation of the
/// layout for both.
struct HTMLBuilder: ByteParseOutput {
    private var html: ByteBuffer
    var values = ParsedValues()
    private var lineCount = 0
    /// The current line's block format.
    private var block: BlockFormat?
    /// The inline tags open in the current line, outermost first.
    private var stack = OpenTags()
    /// The style the open tags are for (plain when none is open): text of this style again, as
    /// most pieces of a line are, needs no tag work at all.
    private var styled = InlineStyle.plain

    /// Room for the HTML of `capacity` bytes of markdown, so that it rarely grows (with one and a
    /// half times the markdown's size, one message in four of the bench's chat corpus grew it).
    static func outputBytes(capacity: Int) -> Int { 2 * capacity + 64 }

    init(capacity: Int, kept: inout OutputBuffers) {
        html = ByteBuffer()
        swapBuffers(with: &kept)
    }

    mutating func swapBuffers(with kept: inout OutputBuffers) {
        swap(&html, &kept.bytes)
        swap(&values, &kept.values)
    }

    mutating func startLine(_ next: BlockFormat?) {
        if lineCount > 0 {
            closeTags()
            if next == block {
                // Another line of the same run.
                switch block {
                case .codeBlock?: html.append(0x0A)
                case .bulletList?, .orderedList?: html.append("</li><li>")
                case .quote?, nil: html.append("<br>")
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

    mutating func link(_ url: UnsafeBufferPointer<UInt8>) -> UInt32 { values.link(url) }

    mutating func add(mention: MentionValue) -> UInt32 { values.add(mention: mention) }

    mutating func append(_ bytes: ArraySlice<UInt8>, style: InlineStyle) {
        bytes.withUnsafeBufferPointer { appendText($0, style: style) }
    }

    /// The source's bytes read in place (a slice of the array was a retain and a release a piece).
    mutating func appendUnescaped(_ source: [UInt8], _ range: Range<Int>, style: InlineStyle, ascii: Bool) {
        guard range.lowerBound >= 0, range.upperBound <= source.count else { return }
        source.withUnsafeBufferPointer { appendText(UnsafeBufferPointer(rebasing: $0[range]), style: style) }
    }

    /// Text of `style`, escaped: what every append of text comes to.
    private mutating func appendText(_ text: UnsafeBufferPointer<UInt8>, style: InlineStyle) {
        guard !text.isEmpty else { return }
        // Code block lines hold plain text only.
        if block != .codeBlock { restyle(style) }
        HTMLTag.appendEscaped(text, to: &html)
    }

    mutating func appendCode(_ bytes: ArraySlice<UInt8>, style: InlineStyle) {
        guard bytes.contains(0x0A) else { return append(bytes, style: style) }
        append(bytes.map { $0 == 0x0A ? 0x20 : $0 }[...], style: style)
    }

    /// `@` and the uid, escaped as any text: no string is made of the uid, nor an array of both.
    mutating func appendMention(ofUID uid: ArraySlice<UInt8>, style: InlineStyle) {
        uid.withUnsafeBufferPointer { bytes in
            var style = style
            style.mention = values.add(mentionOfUID: bytes)
            HTMLBuilder.at.withUTF8Buffer { appendText($0, style: style) }
            appendText(bytes, style: style)
        }
    }

    private static let at: StaticString = "@"

    /// The HTML. A document without lines is one empty paragraph.
    mutating func finish<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if lineCount == 0 { startLine(nil) }
        closeTags()
        closeRun()
        return try html.withUnsafeBufferPointer(body)
    }

    private mutating func openRun(_ next: BlockFormat?) {
        switch next {
        case .codeBlock?: html.append("<pre><code>")
        case .bulletList?: html.append("<ul><li>")
        case .orderedList?: html.append("<ol><li>")
        case .quote?: html.append("<blockquote><p>")
        case nil: html.append("<p>")
        }
    }

    private mutating func closeRun() {
        switch block {
        case .codeBlock?: html.append("</code></pre>")
        case .bulletList?: html.append("</li></ul>")
        case .orderedList?: html.append("</li></ol>")
        case .quote?: html.append("</p></blockquote>")
        case nil: html.append("</p>")
        }
    }

    /// Tags for text of `style`: the open ones it keeps stay, the rest close, its new ones open.
    @inline(__always)
    private mutating func restyle(_ style: InlineStyle) {
        if style != styled { retag(style) }
    }

    /// `restyle` to another style than the open tags': the tags are a function of the style, so
    /// that of the same style again would change none.
    private mutating func retag(_ style: InlineStyle) {
        styled = style
        var keep = 0
        while keep < stack.count, stack[keep].isIn(style) { keep += 1 }
        while stack.count > keep, let tag = stack.popLast() { tag.close(into: &html) }
        HTMLTag.forEachTag(of: style) { tag in
            guard !stack.contains(tag), stack.push(tag) else { return }
            tag.open(values, into: &html)
        }
    }

    private mutating func closeTags() {
        while let tag = stack.popLast() { tag.close(into: &html) }
        styled = .plain
    }
}

/// The inline tags open in a line, outermost first, in room of their own: they are the tags of one
/// style (`retag` keeps those the new style has and opens the others), so at most one of each of
/// `HTMLTag`'s eight kinds. An array of them allocated and freed its storage for every message
/// with a format.
struct OpenTags {
    static let capacity = 8
    private var tags = InlineArray<8, HTMLTag>(repeating: .bold)
    private(set) var count = 0

    subscript(_ i: Int) -> HTMLTag { tags[i & 7] }

    /// Puts `tag` on top; false, with nothing changed, when the room is full (a ninth tag, which
    /// a style cannot have).
    mutating func push(_ tag: HTMLTag) -> Bool {
        guard count < OpenTags.capacity else { return false }
        tags[count] = tag
        count += 1
        return true
    }

    mutating func popLast() -> HTMLTag? {
        guard count > 0 else { return nil }
        count -= 1
        return tags[count]
    }

    func contains(_ tag: HTMLTag) -> Bool {
        var i = 0
        while i < count {
            if tags[i] == tag { return true }
            i += 1
        }
        return false
    }
}
