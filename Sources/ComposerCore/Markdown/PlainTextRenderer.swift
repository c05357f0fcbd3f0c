/// Plain text for receivers (notifications, reply snippets): the document's text, mentions already
/// shown as `@Name`, optionally cut to a number of grapheme clusters with an ellipsis.
public enum PlainTextRenderer {
    public static let ellipsis = "\u{2026}"

    /// `document`'s text, cut after `maxGraphemes` grapheme clusters (with "…" added) when longer.
    /// The cut never splits a cluster: an emoji sequence or a letter with its accents stays whole.
    public static func render(_ document: Document, maxGraphemes: Int? = nil) -> String {
        truncate(document.text, maxGraphemes: maxGraphemes)
    }

    public static func render(_ document: FlatDocument, maxGraphemes: Int? = nil) -> String {
        truncate(String(decoding: document.utf8, as: UTF8.self), maxGraphemes: maxGraphemes)
    }

    public static func truncate(_ text: String, maxGraphemes: Int?) -> String {
        // A cluster is at least one byte: a text of at most `limit` bytes is never cut.
        guard let limit = maxGraphemes, text.utf8.count > limit else { return text }
        var count = 0
        for index in text.indices {
            if count == limit { return String(text[..<index]) + ellipsis }
            count += 1
        }
        return text
    }
}
