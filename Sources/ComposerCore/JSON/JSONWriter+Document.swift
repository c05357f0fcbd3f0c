extension FlatDocument {
    /// The document JSON (`Document.json`) of this document.
    public var json: String { jsonText.string }

    /// `json` as UTF-8 bytes.
    public var jsonUTF8: [UInt8] { jsonText.buffer.array }

    /// `json` as the bytes it is written into (the C layer copies them out as they are).
    public var jsonText: JSONText {
        var out = ByteBuffer(capacity: utf8.count + 48 * runs.count + 32)
        JSONWriter.writeDocument(self, into: &out)
        return JSONText(out)
    }
}

extension Document {
    /// `json` as the bytes it is written into (`mc_draft_document`).
    public var jsonText: JSONText { flat.jsonText }
}

extension JSONWriter {
    /// The document JSON (`Document.json`): `{"text": …, "spans": [{"start", "end", "format", then
    /// "url" | "color" | "uid", "name"}, …]}`, written from the text's UTF-8 and its canonical spans.
    static func writeDocument(_ doc: FlatDocument, into out: inout ByteBuffer) {
        out.append("{\"text\":")
        doc.utf8.withUnsafeBufferPointer { writeString(utf8: $0, into: &out) }
        out.append(",\"spans\":")
        writeSpans(doc.flatSpans, values: doc.values, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The `spans` array of the document JSON, from canonical spans and the values they point
    /// into, written through a `ByteCursor` straight into the buffer's free room: a span costs a
    /// few stores per byte. Room for a typical span each is reserved at once; a span that finds
    /// less than its bound left (`ByteCursor.spanBound` and its value's) reserves more first.
    static func writeSpans<Values: SpanValues>(_ list: SpanList, values: Values, into out: inout ByteBuffer) {
        list.withUnsafeBufferPointer { writeSpans($0, values: values, into: &out) }
    }

    private static func writeSpans<Values: SpanValues>(_ spans: UnsafeBufferPointer<FlatSpan>, values: Values, into out: inout ByteBuffer) {
        out.reserve(2 + spans.count * typicalSpanSize)
        out.append(UInt8(ascii: "["))
        var i = 0
        while i < spans.count {
            let bound = ByteCursor.spanBound + values.valueBound(spans[i])
            out.reserve(bound + (spans.count - i - 1) * typicalSpanSize)
            out.writeIntoFreeRoom { w in
                // A local cursor, which stays in registers (written through the parameter, its
                // count went to memory and back at every byte or literal).
                var cursor = w
                defer { w = cursor }
                while i < spans.count {
                    let bound = ByteCursor.spanBound + values.valueBound(spans[i])
                    guard bound <= cursor.capacity - cursor.count else { return }
                    writeSpan(spans[i], first: i == 0, values: values, to: &cursor)
                    i += 1
                }
            }
        }
        out.append(UInt8(ascii: "]"))
    }

    /// What a span without a value takes at most with offsets of up to seven digits: the room
    /// reserved per span up front.
    private static let typicalSpanSize = 64

    /// One span's object, with the comma before it unless it is the first.
    @inline(__always)
    private static func writeSpan<Values: SpanValues>(_ span: FlatSpan, first: Bool, values: Values, to w: inout ByteCursor) {
        // Literals one by one: each is then a constant-length copy, a few stores.
        if !first { w.put(UInt8(ascii: ",")) }
        w.put("{\"start\":")
        w.putDecimal(span.start)
        w.put(",\"end\":")
        w.putDecimal(span.end)
        putMembers(span.kind, to: &w)
        switch span.kind {
        case .link:
            values.writeLink(span.key, to: &w)
            w.put(UInt8(ascii: "}"))
        case .color:
            w.putColor(span.key & 0xFF_FFFF)
            w.put("\"}")
        case .mention:
            values.writeMention(span.key, to: &w)
            w.put(UInt8(ascii: "}"))
        default:
            break
        }
    }
}

extension JSONWriter {
    /// `kind.jsonMembers`; for the flag formats, each its own literal: a constant-length copy,
    /// a few stores, where a length known only at run time is a call to `memmove` (a message of
    /// code spans or bold words writes one every few bytes).
    @inline(__always)
    fileprivate static func putMembers(_ kind: FormatKind, to w: inout ByteCursor) {
        switch kind {
        case .bold: w.put(",\"format\":\"bold\"}")
        case .italic: w.put(",\"format\":\"italic\"}")
        case .underline: w.put(",\"format\":\"underline\"}")
        case .strike: w.put(",\"format\":\"strike\"}")
        case .code: w.put(",\"format\":\"code\"}")
        default: w.put(kind.jsonMembers)
        }
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
    /// At least the bytes `writeLink` / `writeMention` write for `span`.
    func valueBound(_ span: FlatSpan) -> Int
    /// Link `id`'s URL as a JSON string (empty for an unknown id).
    func writeLink(_ id: UInt32, to w: inout ByteCursor)
    /// Mention `id`'s uid as a JSON string, `,"name":` and its name as one.
    func writeMention(_ id: UInt32, to w: inout ByteCursor)
}

extension ValueTable: SpanValues {
    func valueBound(_ span: FlatSpan) -> Int {
        switch span.kind {
        case .link: return ByteCursor.stringBound(link(span.key)?.utf8.count ?? 0)
        case .mention:
            let m = mention(span.key)
            return ByteCursor.stringBound(m?.uid.utf8.count ?? 0) + ByteCursor.stringBound(m?.name.utf8.count ?? 0) + 16
        default: return 0
        }
    }

    func writeLink(_ id: UInt32, to w: inout ByteCursor) {
        w.putString((link(id) ?? "").utf8)
    }

    func writeMention(_ id: UInt32, to w: inout ByteCursor) {
        let m = mention(id) ?? MentionValue(uid: "", name: "")
        w.putString(m.uid.utf8)
        w.put(",\"name\":")
        w.putString(m.name.utf8)
    }
}

extension ParsedValues: SpanValues {
    func valueBound(_ span: FlatSpan) -> Int {
        switch span.kind {
        case .link: return linkBound(span.key)
        case .mention:
            return ByteCursor.stringBound(withMentionUID(span.key) { $0.count }) + ByteCursor.stringBound(withMentionName(span.key) { $0.count }) + 16
        default: return 0
        }
    }

    func writeMention(_ id: UInt32, to w: inout ByteCursor) {
        withMentionUID(id) { w.putString($0) }
        w.put(",\"name\":")
        withMentionName(id) { w.putString($0) }
    }
}
