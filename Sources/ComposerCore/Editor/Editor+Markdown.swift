extension Editor {
    /// The draft as wire markdown: with rich text on every format; with rich text off plain text
    /// (mentions kept) with every markdown-significant character escaped.
    public var markdown: String {
        MarkdownSerializer.serialize(document, mode: settings.richText ? .rich : .plain)
    }

    /// `markdown` as UTF-8 bytes lent to `body` (valid during the call only), without a string
    /// made of them: `mc_draft_serialize` copies them once, into the string it returns.
    public func withMarkdownUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try MarkdownSerializer.serializeUTF8(document.flat, mode: settings.richText ? .rich : .plain, body)
    }

    /// Replaces the content with a received message's markdown (one undo step); mention uids take
    /// their names from `names` (else the uid).
    @discardableResult
    public mutating func loadMarkdown(_ markdown: String, names: [String: String] = [:]) -> EditorChange {
        load(MarkdownParser.parse(markdown, names: names))
    }

    /// Turns markdown typed by hand (`**x**`, `_y_`, `` `z` ``, `[a](b)`, `- item`) into formatting
    /// (one undo step); text already formatted stays literal. Does nothing with rich text off.
    /// The caret goes to the end.
    @discardableResult
    public mutating func normalizeMarkdown() -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        guard settings.richText else { return currentChange }
        let normalized = normalizedDocument
        guard normalized != document else { return currentChange }
        load(normalized)
        return currentChange
    }

    /// The document with hand-typed markdown turned into formatting (what send uses too).
    var normalizedDocument: Document {
        MarkdownParser.parse(MarkdownSerializer.serialize(document, mode: .raw), names: mentionNames)
    }

    /// Each mentioned uid's display name (a uid has one name per message).
    var mentionNames: [String: String] {
        Dictionary(mentions.map { ($0.uid, $0.name) }, uniquingKeysWith: { first, _ in first })
    }
}
