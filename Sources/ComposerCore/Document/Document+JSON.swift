extension Document {
    /// The document JSON (README "The document JSON"), canonical: compact, spans in canonical order, keys in the
    /// order `start, end, format`, then the value keys (the layout of `jsonValue`, written
    /// straight into bytes from the flat document).
    public var json: String { flat.json }

    public var jsonValue: JSONValue {
        .object([("text", .string(text)), ("spans", .array(spans.map(Document.jsonValue(of:))))])
    }

    public static func jsonValue(of span: Span) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("start", .integer(Int64(span.start))), ("end", .integer(Int64(span.end))), ("format", .string(span.kind.name)),
        ]
        switch span.format {
        case .link(let url): members.append(("url", .string(url)))
        case .color(let c): members.append(("color", .string(c)))
        case .mention(let uid, let name):
            members.append(("uid", .string(uid)))
            members.append(("name", .string(name)))
        default: break
        }
        return .object(members)
    }

    /// Parses and validates document JSON. A text longer than `Limits.maxTextLength` is refused.
    /// A document in the plain layout (`JSONParser.readDocumentLayout`: what `json` writes, with
    /// any whitespace and key order) is read without a tree of JSON values; any other input, and
    /// every input with an error, goes through the tree, which says what is wrong.
    public init(json: String) throws(ComposerError) {
        var json = json
        self = try json.withUTF8Bytes { bytes throws(ComposerError) in try Document(validUTF8JSON: bytes) }
    }

    /// `init(json:)` of UTF-8 bytes, as a C caller hands them (no `String` is made of the JSON:
    /// creating one checks every byte again, a tenth of loading a document). Bytes that are not
    /// UTF-8 are refused.
    public init(jsonUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(ComposerError) {
        guard MarkdownParser.isValidUTF8(bytes) else { throw .invalidUTF8 }
        try self.init(validUTF8JSON: bytes)
    }

    private init(validUTF8JSON bytes: UnsafeBufferPointer<UInt8>) throws(ComposerError) {
        guard let layout = JSONParser.readDocumentLayout(utf8: bytes) else {
            try self.init(jsonValue: try JSONParser.parse(utf8: bytes))
            return
        }
        try self.init(layout: layout)
    }

    /// The document of a text and spans the plain-layout reader read (`JSONParser.readDocumentLayout`,
    /// `parse(utf8:readingDocumentsAt:)`): what `init(jsonValue:)` does with them.
    init(layout: (text: String, spans: [Span])) throws(ComposerError) {
        try Document.checkLength(of: layout.text)
        try self.init(text: layout.text, spans: layout.spans)
    }

    public init(jsonValue: JSONValue) throws(ComposerError) {
        var reader = try JSONObjectReader(jsonValue, context: "document")
        let text = try reader.requiredString("text")
        try Document.checkLength(of: text)
        let spanValues = try reader.array("spans") ?? []
        try reader.finish()
        var spans: [Span] = []
        spans.reserveCapacity(spanValues.count)
        for (i, value) in spanValues.enumerated() {
            spans.append(try Document.span(from: value, index: i))
        }
        try self.init(text: text, spans: spans)
    }

    private static func checkLength(of text: String) throws(ComposerError) {
        var text = text
        try Limits.checkTextLength(text.withUTF8 { ByteScan.scalarCount($0, 0..<$0.count) }, "the document's text")
    }

    /// The keys of a span's values in the document JSON.
    enum ValueKey: String {
        case url, color, uid, name
    }

    /// The format of kind `kind`, its values read by `value`; nil for a kind with no format of
    /// its own.
    static func format(_ kind: FormatKind, value: (ValueKey) throws(ComposerError) -> String) throws(ComposerError) -> Format? {
        switch kind {
        case .bold: return .bold
        case .italic: return .italic
        case .underline: return .underline
        case .strike: return .strike
        case .code: return .code
        case .link: return .link(url: try value(.url))
        case .color: return .color(try value(.color))
        case .mention: return .mention(uid: try value(.uid), name: try value(.name))
        case .codeBlock, .quote, .bulletList, .orderedList: return BlockFormat(kind).map(Format.block)
        }
    }

    /// Span `index` of a document's "spans"; messages name it `spans[index]`.
    static func span(from value: JSONValue, index: Int) throws(ComposerError) -> Span {
        var r = try JSONObjectReader(value, context: "spans", index: index)
        let start = try r.requiredInteger("start")
        let end = try r.requiredInteger("end")
        let name = try r.requiredString("format")
        guard let kind = FormatKind(rawValue: name) else {
            throw .invalidArgument("\(r.context): unknown format \"\(name)\"")
        }
        guard let format = try Document.format(kind, value: { key throws(ComposerError) in try r.requiredString(key.rawValue) }) else {
            throw .invalidArgument("\(r.context): unknown format \"\(name)\"")
        }
        try r.finish()
        guard let s = Int(exactly: start), let e = Int(exactly: end), s >= 0, e >= s else {
            throw .outOfRange("\(r.context): invalid range [\(start), \(end))")
        }
        return Span(s, e, format)
    }
}
