extension AttachmentTray {
    /// The tiles for UI state, an array in tray order. Every key is always present:
    /// ```
    /// [{"id": 1,                    // integer, the tile's stable id
    ///   "kind": "image",            // "image" | "video" | "audio" | "file"
    ///   "name": "cat.png",          // display name as staged
    ///   "mime": "image/png",        // effective MIME type (see Attachment.mimeType)
    ///   "size": 52311,              // bytes
    ///   "state": "uploading",       // "queued" | "uploading" | "uploaded" | "failed" | "error"
    ///   "progress": 0.25,           // number: 0.0 queued, 0...1 uploading, 1.0 uploaded; null failed/error
    ///   "error": null,              // string for failed and error, else null
    ///   "retryable": false,         // true for failed only
    ///   "remote": null}]            // string for uploaded (the remote reference), else null
    /// ```
    public var jsonValue: JSONValue {
        .array(tiles.map(\.jsonValue))
    }

    /// `jsonValue`, written compactly.
    public var json: String { JSONWriter.write(jsonValue) }
}

extension Attachment {
    /// One tile of `AttachmentTray.jsonValue`.
    public var jsonValue: JSONValue {
        let progress: JSONValue
        switch state {
        case .queued: progress = .double(0)
        case .uploading(let p): progress = .double(p)
        case .uploaded: progress = .double(1)
        case .failed, .error: progress = .null
        }
        var remote = JSONValue.null
        if case .uploaded(let r) = state { remote = .string(r) }
        return .object([
            ("id", .integer(Int64(truncatingIfNeeded: id))),
            ("kind", .string(kind.name)),
            ("name", .string(name)),
            ("mime", .string(mimeType)),
            ("size", .integer(size)),
            ("state", .string(state.name)),
            ("progress", progress),
            ("error", state.message.map(JSONValue.string) ?? .null),
            ("retryable", .bool(state.isRetryable)),
            ("remote", remote),
        ])
    }
}
