extension ComposerQuery {
    /// `{"query", "start", "end"}` (the UI state's queries and their events); `null` for nil.
    static func writeJSON(_ query: ComposerQuery?, into out: inout ByteBuffer) {
        guard let query else { return out.append("null") }
        out.append("{\"query\":")
        out.jsonString(query.text)
        out.append(",\"start\":")
        out.jsonInteger(query.start)
        out.append(",\"end\":")
        out.jsonInteger(query.end)
        out.append(UInt8(ascii: "}"))
    }
}
