extension AttachmentTray {
    /// The tray for a draft snapshot:
    /// ```
    /// {"tiles": [{"id": 1, "name": "cat.png", "mime": "image/png", "size": 52311, "ref": "host ref",
    ///             "state": "uploading", "progress": 0.25, "width": 640, "height": 480}],
    ///  "next_id": 4}
    /// ```
    /// Per state, one more key: `progress` (number in 0...1) for `uploading`, `remote` (string) for
    /// `uploaded`, `error` (string) for `failed` and `error`; none for `queued`. The media metadata
    /// (`width`, `height`, `duration`, `extra`) is there when the file had it. `next_id` is the id
    /// the next tile gets, so that ids stay unique across a snapshot and its restore. Limits are
    /// not part of it: they come from the configuration.
    public var snapshotJSON: String {
        var out = ByteBuffer(capacity: 32 + 160 * tiles.count)
        writeSnapshot(into: &out)
        return JSONText(out).string
    }

    /// Writes the snapshot straight into `out` (the draft's snapshot holds it).
    func writeSnapshot(into out: inout ByteBuffer) {
        out.append("{\"tiles\":[")
        for (i, tile) in tiles.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            AttachmentTray.writeSnapshot(of: tile, into: &out)
        }
        out.append("],\"next_id\":")
        out.jsonInteger(Int64(truncatingIfNeeded: nextID))
        out.append(UInt8(ascii: "}"))
    }

    /// Restores a tray from `snapshot`. Tiles that were queued or uploading come back as
    /// `failed("Upload interrupted.")`, so the user can retry them; the next id is `next_id` (one
    /// more than the largest restored id in a snapshot without it). Tiles are restored even when
    /// they exceed `limits`.
    /// - Throws: `.invalidArgument` for anything malformed (unknown or missing keys, wrong types, an id
    ///   below 1 or repeated, a negative size, an unknown state, an empty message or reference, bad
    ///   media metadata, a `next_id` not above every tile's id or past 2^63), `.outOfRange` for a
    ///   progress outside 0...1.
    public init(snapshot: JSONValue, limits: AttachmentLimits = AttachmentLimits()) throws(ComposerError) {
        var reader = try JSONObjectReader(snapshot, context: "tray snapshot")
        let values = try reader.array("tiles") ?? []
        let next = try reader.integer("next_id")
        try reader.finish()
        var tiles: [Attachment] = []
        var ids = Set<UInt64>()  // a search of the tiles for each was quadratic in a long tray
        var largest: UInt64 = 0
        for (i, value) in values.enumerated() {
            let tile = try AttachmentTray.tile(from: value, context: "tray snapshot: tiles[\(i)]")
            guard ids.insert(tile.id).inserted else {
                throw .invalidArgument("tray snapshot: tiles[\(i)]: id \(tile.id) is repeated")
            }
            largest = max(largest, tile.id)
            tiles.append(tile)
        }
        var nextID = largest + 1
        if let next {
            // maxID + 1 (Int64.max): every id has been given out, the tray stages nothing more.
            guard next >= 1, UInt64(next) > largest else {
                throw .invalidArgument("tray snapshot: \"next_id\" must be above every tile's id (\(largest)), not \(next)")
            }
            nextID = UInt64(next)
        }
        self.init(limits: limits, tiles: tiles, nextID: nextID)
    }

    /// Parses `snapshotJSON`; see `init(snapshot:limits:)`.
    public init(snapshotJSON: String, limits: AttachmentLimits = AttachmentLimits()) throws(ComposerError) {
        try self.init(snapshot: try JSONParser.parse(snapshotJSON), limits: limits)
    }

    private static func writeSnapshot(of tile: Attachment, into out: inout ByteBuffer) {
        out.append("{\"id\":")
        out.jsonInteger(Int64(truncatingIfNeeded: tile.id))
        out.append(",\"name\":")
        out.jsonString(tile.name)
        out.append(",\"mime\":")
        out.jsonString(tile.mimeType)
        out.append(",\"size\":")
        out.jsonInteger(tile.size)
        out.append(",\"ref\":")
        out.jsonString(tile.hostReference)
        out.append(",\"state\":")
        out.jsonString(tile.state.name)
        switch tile.state {
        case .queued: break
        case .uploading(let p):
            out.append(",\"progress\":")
            out.jsonDouble(p)
        case .uploaded(let r):
            out.append(",\"remote\":")
            out.jsonString(r)
        case .failed(let m), .error(let m):
            out.append(",\"error\":")
            out.jsonString(m)
        }
        tile.metadata.writePresentMembers(into: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func tile(from value: JSONValue, context: String) throws(ComposerError) -> Attachment {
        var r = try JSONObjectReader(value, context: context)
        let id = try r.requiredInteger("id")
        guard id >= 1, UInt64(id) <= AttachmentTray.maxID else {
            throw .invalidArgument("\(context): id must be in 1...\(AttachmentTray.maxID), not \(id)")
        }
        let name = try r.requiredString("name")
        let mime = try r.requiredString("mime")
        let size = try r.requiredInteger("size")
        guard size >= 0 else { throw .invalidArgument("\(context): size must not be negative, not \(size)") }
        let ref = try r.requiredString("ref")
        let stateName = try r.requiredString("state")
        let metadata = try MediaMetadata.read(&r, context: context)
        let state: UploadState
        switch stateName {
        case "queued":
            state = .failed(message: AttachmentNotice.uploadInterrupted)
        case "uploading":
            if let v = r.value("progress") {
                let p: Double
                switch v {
                case .integer(let i): p = Double(i)
                case .double(let d): p = d
                default: throw .invalidArgument("\(context): \"progress\" must be a number, not \(v.typeName)")
                }
                guard p >= 0, p <= 1 else { throw .outOfRange("\(context): progress must be in 0...1, not \(p)") }
            }
            state = .failed(message: AttachmentNotice.uploadInterrupted)
        case "uploaded":
            state = .uploaded(remote: try nonEmpty(r.requiredString("remote"), "remote", context))
        case "failed":
            state = .failed(message: try nonEmpty(r.requiredString("error"), "error", context))
        case "error":
            state = .error(message: try nonEmpty(r.requiredString("error"), "error", context))
        default:
            throw .invalidArgument("\(context): unknown state \"\(stateName)\"")
        }
        try r.finish()
        return Attachment(id: UInt64(id), name: name, mimeType: _FileTypes.effectiveMIMEType(mime, fileName: name),
                          size: size, hostReference: ref, state: state, metadata: metadata)
    }

    private static func nonEmpty(_ s: String, _ key: String, _ context: String) throws(ComposerError) -> String {
        guard !s.isEmpty else { throw .invalidArgument("\(context): \"\(key)\" must not be empty") }
        return s
    }
}
