extension FlatDocument {
    /// The document JSON (`Document.json`) of this document.
    public var json: String { String(decoding: jsonUTF8, as: UTF8.self) }

    /// `json` as UTF-8 bytes.
    public var jsonUTF8: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 48 * runs.count + 32)
        JSONWriter.writeDocument(self, into: &out)
        return out
    }
}

extension JSONWriter {
    /// The document JSON (`Document.json`): `{"text": …, "spans": [{"start", "end", "format", then
    /// "url" | "color" | "uid", "name"}, …]}`, written from the text's UTF-8 and its canonical spans.
    static func writeDocument(_ doc: FlatDocument, into out: inout [UInt8]) {
        UTF8Bytes.append("{\"text\":", to: &out)
        writeString(utf8: doc.utf8, into: &out)
        UTF8Bytes.append(",\"spans\":", to: &out)
        writeSpans(doc.flatSpans, values: doc.values, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The `spans` array of the document JSON, from canonical spans and the values they point
    /// into.
    static func writeSpans<Values: SpanValues>(_ spans: [FlatSpan], values: Values, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, span) in spans.enumerated() {
            UTF8Bytes.append(i == 0 ? "{\"start\":" : ",{\"start\":", to: &out)
            UTF8Bytes.appendDecimal(span.start, to: &out)
            UTF8Bytes.append(",\"end\":", to: &out)
            UTF8Bytes.appendDecimal(span.end, to: &out)
            UTF8Bytes.append(span.kind.jsonMembers, to: &out)
            switch span.kind {
            case .link:
                values.writeLink(span.key, into: &out)
                out.append(UInt8(ascii: "}"))
            case .color:
                UTF8Bytes.appendColor(span.key & 0xFF_FFFF, to: &out)
                UTF8Bytes.append("\"}", to: &out)
            case .mention:
                let mention = values.mention(span.key) ?? MentionValue(uid: "", name: "")
                writeString(mention.uid, into: &out)
                UTF8Bytes.append(",\"name\":", to: &out)
                writeString(mention.name, into: &out)
                out.append(UInt8(ascii: "}"))
            default:
                break
            }
        }
        out.append(UInt8(ascii: "]"))
    }
}

extension FormatKind {
    /// What follows a span's `"end"` in the document JSON: its format, then either the end of the
    /// span or the start of its value.
    var jsonMembers: StaticString {
        switch self {
        case .bold: return ",\"format\":\"bold\"}"
        case .italic: return ",\"format\":\"italic\"}"
        case .underline: return ",\"format\":\"underline\"}"
        case .strike: return ",\"format\":\"strike\"}"
        case .code: return ",\"format\":\"code\"}"
        case .link: return ",\"format\":\"link\",\"url\":"
        case .color: return ",\"format\":\"color\",\"color\":\""
        case .mention: return ",\"format\":\"mention\",\"uid\":"
        case .codeBlock: return ",\"format\":\"code_block\"}"
        case .quote: return ",\"format\":\"quote\"}"
        case .bulletList: return ",\"format\":\"bullet_list\"}"
        case .orderedList: return ",\"format\":\"ordered_list\"}"
        }
    }
}

/// Where the span writer finds link URLs and mentions: a document's `ValueTable`, or the
/// `ParsedValues` of a parse written straight to JSON.
protocol SpanValues {
    /// Link `id`'s URL as a JSON string (empty for an unknown id).
    func writeLink(_ id: UInt32, into out: inout [UInt8])
    func mention(_ id: UInt32) -> MentionValue?
}

extension ValueTable: SpanValues {
    func writeLink(_ id: UInt32, into out: inout [UInt8]) {
        JSONWriter.writeString(link(id) ?? "", into: &out)
    }
}

extension ParsedValues: SpanValues {
    func writeLink(_ id: UInt32, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        _ = JSONWriter.appendEscaped(link(id), to: &out)
        out.append(UInt8(ascii: "\""))
    }
}
