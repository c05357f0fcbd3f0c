/// Safe HTML for receivers: every text escaped, links only with allowed schemes (they already are:
/// documents hold only validated links), colours as validated `#rrggbb`, mentions as spans.
/// Paragraph and quote lines become `<p>` with `<br>`, lists `<ul>`/`<ol>`, code blocks
/// `<pre><code>` (see `HTMLBuilder`, which writes it as UTF-8 into one growing buffer).
public enum HTMLRenderer {
    public static func render(_ document: Document) -> String {
        render(document.flat)
    }

    public static func render(_ document: FlatDocument) -> String {
        String(decoding: renderUTF8(document), as: UTF8.self)
    }

    /// `render` as UTF-8 bytes: the flat document fed to the builder line by line, run by run.
    public static func renderUTF8(_ document: FlatDocument) -> [UInt8] {
        OutputBuffers.withReused(bytes: HTMLBuilder.outputBytes(capacity: document.utf8.count)) { kept in
            var builder = HTMLBuilder(capacity: document.utf8.count, kept: &kept)
            builder.values = ParsedValues(document.values)
            let bytes = document.utf8
            func block(_ line: Int) -> BlockFormat? { line < document.lineBlocks.count ? document.lineBlocks[line] : nil }
            var line = 0
            builder.startLine(block(0))
            var start = 0
            var runIndex = 0
            while start < bytes.count {
                // The run at `start`; bytes no run covers (a flat document that breaks its rules)
                // read as plain text.
                var style = InlineStyle.plain
                var end = bytes.count
                if runIndex < document.runs.count {
                    style = document.runs[runIndex].style
                    end = min(bytes.count, start + max(0, document.runs[runIndex].utf8Count))
                    runIndex += 1
                }
                var piece = start
                while piece < end {
                    let newline = bytes[piece..<end].firstIndex(of: 0x0A) ?? end
                    builder.append(bytes[piece..<newline], style: style)
                    if newline < end {
                        line += 1
                        builder.startLine(block(line))
                    }
                    piece = newline + 1
                }
                start = max(start, end)
            }
            let html = builder.finish { Array($0) }
            builder.swapBuffers(with: &kept)
            return html
        }
    }

    /// The safe HTML of wire markdown given as UTF-8 bytes (valid UTF-8): `renderUTF8` of
    /// `MarkdownParser.parseFlat(utf8:names:)`, written while parsing.
    public static func renderUTF8(markdown: [UInt8], names: [String: String] = [:]) -> [UInt8] {
        renderUTF8(markdown: markdown, names: names) { Array($0) }
    }

    /// `renderUTF8(markdown:names:)`, its bytes lent to `body` (valid during the call only): the
    /// C API copies them once, into the string it returns. `zeroFree` as for
    /// `MarkdownParser.parseJSON(utf8:names:zeroFree:_:)`.
    public static func renderUTF8<R>(markdown: [UInt8], names: [String: String] = [:], zeroFree: Bool = false,
                                     _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try MarkdownParser.parseHTML(utf8: markdown, names: names, zeroFree: zeroFree, body)
    }

    /// `renderUTF8(markdown:names:zeroFree:_:)` of bytes in the caller's memory, as
    /// `MarkdownParser.parseJSON(zeroFreeUTF8:names:_:)` reads them.
    public static func renderUTF8<R>(zeroFreeMarkdown markdown: UnsafeBufferPointer<UInt8>, names: [String: String] = [:],
                                     _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try MarkdownParser.parseHTML(zeroFreeUTF8: markdown, names: names, body)
    }
}
