/// Plain text for receivers (notifications, reply snippets): the document's text, mentions already
/// shown as `@Name`, optionally cut to a number of grapheme clusters with an ellipsis.
public enum PlainTextRenderer {
    public static let ellipsis = "\u{2026}"

    /// `document`'s text, cut after `maxGraphemes` grapheme clusters (with "…" added) when longer.
    /// The cut never splits a cluster: an emoji sequence or a letter with its accents stays whole.
    public static func render(_ document: Document, maxGraphemes: Int? = nil) -> String {
        truncate(document.text, maxGraphemes: maxGraphemes)
    }

    public static func truncate(_ text: String, maxGraphemes: Int?) -> String {
        guard let limit = maxGraphemes else { return text }
        var count = 0
        var end = text.startIndex
        for index in text.indices {
            if count == limit { return String(text[..<index]) + ellipsis }
            count += 1
            end = index
        }
        _ = end
        return text
    }
}
