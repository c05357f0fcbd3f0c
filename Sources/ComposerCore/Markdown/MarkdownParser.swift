/// Reads wire markdown into a document: the block structure (paragraphs, block quotes, bullet and
/// ordered lists, fenced code, the `<p></p>` empty-line marker) with CommonMark's container rules,
/// flattened to one block format per line (a line in a list item is a list line, in a quote a
/// quote line, in a fence a code line), and inline content through `InlineParser`. Any input is
/// valid: what the subset does not cover stays literal text.
///
/// The parser works on the input's UTF-8 bytes: lines and paragraph lines are ranges into the
/// input, output goes into one `FlatDocument` (bytes and style runs), and offsets become scalar
/// offsets only when a `Document` is made of it.
public enum MarkdownParser {
    /// Parses `markdown`; mention uids resolve to display names through `names` (a uid without
    /// a name shows as itself).
    public static func parse(_ markdown: String, names: [String: String] = [:]) -> Document {
        Document(flat: parseFlat(markdown, names: names))
    }

    /// What `parse` reads, as a flat document (for renderers that need no `Document`).
    public static func parseFlat(_ markdown: String, names: [String: String] = [:]) -> FlatDocument {
        var parser = BlockParser(source: input(markdown), names: names)
        parser.run()
        return parser.output.flat
    }

    /// The bytes to parse: U+0000 becomes U+FFFD (a document never holds it).
    private static func input(_ markdown: String) -> [UInt8] {
        let bytes = Array(markdown.utf8)
        guard bytes.contains(0) else { return bytes }
        var replaced: [UInt8] = []
        replaced.reserveCapacity(bytes.count + 16)
        for b in bytes {
            if b == 0 { replaced += [0xEF, 0xBF, 0xBD] } else { replaced.append(b) }
        }
        return replaced
    }
}
