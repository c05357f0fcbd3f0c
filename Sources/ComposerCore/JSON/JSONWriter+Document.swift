extension FlatDocument {
    /// The document JSON (`Document.json`) of this document.
    public var json: String {
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 40 * runs.count + 24)
        JSONWriter.writeDocument(text: utf8, spans: spans, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

extension JSONWriter {
    /// The document JSON (`Document.json`): `{"text": …, "spans": [{"start", "end", "format", then
    /// "url" | "color" | "uid", "name"}, …]}`, written from the text's UTF-8 and its canonical spans.
    static func writeDocument(text: [UInt8], spans: [Span], into out: inout [UInt8]) {
        UTF8Bytes.append("{\"text\":", to: &out)
        writeString(utf8: text, into: &out)
        UTF8Bytes.append(",\"spans\":[", to: &out)
        for (i, span) in spans.enumerated() {
            UTF8Bytes.append(i == 0 ? "{\"start\":" : ",{\"start\":", to: &out)
            UTF8Bytes.appendDecimal(span.start, to: &out)
            UTF8Bytes.append(",\"end\":", to: &out)
            UTF8Bytes.appendDecimal(span.end, to: &out)
            UTF8Bytes.append(",\"format\":", to: &out)
            writeString(span.kind.name, into: &out)
            switch span.format {
            case .link(let url):
                UTF8Bytes.append(",\"url\":", to: &out)
                writeString(url, into: &out)
            case .color(let color):
                UTF8Bytes.append(",\"color\":", to: &out)
                writeString(color, into: &out)
            case .mention(let uid, let name):
                UTF8Bytes.append(",\"uid\":", to: &out)
                writeString(uid, into: &out)
                UTF8Bytes.append(",\"name\":", to: &out)
                writeString(name, into: &out)
            default:
                break
            }
            out.append(UInt8(ascii: "}"))
        }
        UTF8Bytes.append("]}", to: &out)
    }
}
