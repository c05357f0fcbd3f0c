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
    public init(json: String) throws(ComposerError) {
        try self.init(jsonValue: try JSONParser.parse(json))
    }

    public init(jsonValue: JSONValue) throws(ComposerError) {
        var reader = try JSONObjectReader(jsonValue, context: "document")
        var text = try reader.requiredString("text")
        try Limits.checkTextLength(text.withUTF8 { ByteScan.scalarCount($0, 0..<$0.count) }, "the document's text")
        let spanValues = try reader.array("spans") ?? []
        try reader.finish()
        var spans: [Span] = []
        spans.reserveCapacity(spanValues.count)
        for (i, value) in spanValues.enumerated() {
            spans.append(try Document.span(from: value, index: i))
        }
        try self.init(text: text, spans: spans)
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
        let format: Format
        switch kind {
        case .bold: format = .bold
        case .italic: format = .italic
        case .underline: format = .underline
        case .strike: format = .strike
        case .code: format = .code
        case .link: format = .link(url: try r.requiredString("url"))
        case .color: format = .color(try r.requiredString("color"))
        case .mention: format = .mention(uid: try r.requiredString("uid"), name: try r.requiredString("name"))
        case .codeBlock, .quote, .bulletList, .orderedList:
            guard let block = BlockFormat(kind) else { throw .invalidArgument("\(r.context): unknown format \"\(name)\"") }
            format = .block(block)
        }
        try r.finish()
        guard let s = Int(exactly: start), let e = Int(exactly: end), s >= 0, e >= s else {
            throw .outOfRange("\(r.context): invalid range [\(start), \(end))")
        }
        return Span(s, e, format)
    }
}
