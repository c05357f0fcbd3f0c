extension PickedFile {
    /// Reads the picked files JSON: `[{"name": str, "mime": str, "size": int, "ref": str,
    /// "width": int, "height": int, "duration": number, "extra": object}]` (all but `name` and
    /// `size` optional, each optional one may be null; unknown keys refused). `width` and `height`
    /// are pixels in 1...1000000, `duration` seconds (finite, at least 0), `extra` any JSON object
    /// the host wants back on the outgoing message, nesting at most `MediaMetadata.maxExtraDepth`
    /// levels.
    public static func list(fromJSON text: String) throws(ComposerError) -> [PickedFile] {
        guard case .array(let items) = try JSONParser.parse(text) else {
            throw .invalidArgument("files_json must be a JSON array of {\"name\", \"mime\", \"size\", \"ref\"}")
        }
        var files: [PickedFile] = []
        for (i, item) in items.enumerated() {
            let context = "files_json[\(i)]"
            var r = try JSONObjectReader(item, context: context)
            let file = PickedFile(name: try r.requiredString("name"), mimeType: try r.string("mime") ?? "",
                                  size: try r.requiredInteger("size"), hostReference: try r.string("ref") ?? "",
                                  metadata: try MediaMetadata.read(&r, context: context))
            try r.finish()
            // Checked where a pick comes in, not in `MediaMetadata.read`: a snapshot written
            // before the limit keeps restoring.
            if let depth = file.metadata.extra?.depth, depth > MediaMetadata.maxExtraDepth {
                throw .invalidArgument("\(context): \"extra\" nests \(depth) levels; the limit is \(MediaMetadata.maxExtraDepth)")
            }
            files.append(file)
        }
        return files
    }
}

extension MediaMetadata {
    /// Reads the optional `width`, `height`, `duration` and `extra` members of a picked file or
    /// a snapshot tile (null is the same as absent).
    static func read(_ r: inout JSONObjectReader, context: String) throws(ComposerError) -> MediaMetadata {
        func dimension(_ key: String) throws(ComposerError) -> Int64? {
            switch r.value(key) {
            case nil, .null?: return nil
            case .integer(let v)? where v >= 1 && v <= MediaMetadata.maxDimension: return v
            case let v?: throw .invalidArgument("\(context): \"\(key)\" must be an integer in 1...\(MediaMetadata.maxDimension) or null, not \(JSONWriter.write(v))")
            }
        }
        var metadata = MediaMetadata(width: try dimension("width"), height: try dimension("height"))
        switch r.value("duration") {
        case nil, .null?: break
        case .integer(let v)? where v >= 0: metadata.duration = Double(v)
        case .double(let v)? where v.isFinite && v >= 0: metadata.duration = v
        case let v?: throw .invalidArgument("\(context): \"duration\" must be a number of seconds, at least 0, or null, not \(JSONWriter.write(v))")
        }
        switch r.value("extra") {
        case nil, .null?: break
        case let v? where v.isObject: metadata.extra = v
        case let v?: throw .invalidArgument("\(context): \"extra\" must be a JSON object or null, not \(v.typeName)")
        }
        return metadata
    }

    /// `"width", "height", "duration", "extra"`, null when absent (outgoing attachments).
    var jsonMembers: [(key: String, value: JSONValue)] {
        [("width", width.map(JSONValue.integer) ?? .null), ("height", height.map(JSONValue.integer) ?? .null),
         ("duration", duration.map(JSONValue.double) ?? .null), ("extra", extra ?? .null)]
    }

    /// Only the members that are present, each with the comma before it (snapshot tiles).
    func writePresentMembers(into out: inout ByteBuffer) {
        if let width {
            out.append(",\"width\":")
            out.jsonInteger(width)
        }
        if let height {
            out.append(",\"height\":")
            out.jsonInteger(height)
        }
        if let duration {
            out.append(",\"duration\":")
            out.jsonDouble(duration)
        }
        if let extra, extra != .null {
            out.append(",\"extra\":")
            out.json(extra)
        }
    }
}

extension JSONValue {
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}

extension TrayStageResult {
    /// `{"staged": [ids], "dropped": n, "notice": str or null, "messages": [outgoing messages]}`
    /// (`messages` is not empty only in legacy single-attachment mode, where a pick goes out at once).
    public var jsonValue: JSONValue {
        .object([
            ("staged", .array(staged.map { .integer(Int64(truncatingIfNeeded: $0)) })),
            ("dropped", .integer(Int64(dropped))),
            ("notice", notice.map(JSONValue.string) ?? .null),
            ("messages", .array(messages.map(\.jsonValue))),
        ])
    }
}
