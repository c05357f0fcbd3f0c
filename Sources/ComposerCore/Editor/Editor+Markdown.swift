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
        load(normalized: settings.richText ? normalizedDocument : nil)
    }

    /// `normalizeMarkdown()`, refused with nothing changed when the converted text would be
    /// longer than `Limits.maxTextLength` (a hand-typed mention tag becomes the mention's name,
    /// which may be longer). The conversion, a serialization and a parse of the whole draft, is
    /// made once for both (a check made before the conversion made it twice).
    @discardableResult
    public mutating func normalizeMarkdownWithinLimits() throws(ComposerError) -> EditorChange {
        guard settings.richText else { return load(normalized: nil) }
        let normalized = normalizedDocument
        try Limits.checkTextLength(normalized.count, "the converted text")
        return load(normalized: normalized)
    }

    /// Loads `normalized` as one undo step, unless it is nil or the document already.
    private mutating func load(normalized: Document?) -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        guard let normalized, normalized != document else { return currentChange }
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
