extension AttachmentTray: JSONLayout {
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
    public var json: String { JSONText(self, capacity: 2 + 200 * tiles.count).string }

    func writeJSON(into out: inout ByteBuffer) {
        out.append(UInt8(ascii: "["))
        for (i, tile) in tiles.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            tile.writeJSON(into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}

extension Attachment {
    /// One tile of the tray's JSON.
    func writeJSON(into out: inout ByteBuffer) {
        out.append("{\"id\":")
        out.jsonInteger(Int64(truncatingIfNeeded: id))
        out.append(",\"kind\":")
        out.jsonString(kind.name)
        out.append(",\"name\":")
        out.jsonString(name)
        out.append(",\"mime\":")
        out.jsonString(mimeType)
        out.append(",\"size\":")
        out.jsonInteger(size)
        out.append(",\"state\":")
        out.jsonString(state.name)
        out.append(",\"progress\":")
        switch state {
        case .queued: out.jsonDouble(0)
        case .uploading(let p): out.jsonDouble(p)
        case .uploaded: out.jsonDouble(1)
        case .failed, .error: out.append("null")
        }
        out.append(",\"error\":")
        out.jsonString(state.message)
        out.append(",\"retryable\":")
        out.jsonBool(state.isRetryable)
        out.append(",\"remote\":")
        if case .uploaded(let r) = state { out.jsonString(r) } else { out.append("null") }
        out.append(UInt8(ascii: "}"))
    }
}
