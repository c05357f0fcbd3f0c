extension Composer {
    /// The snapshot format's version. Restore reads it and version 1 (written before "also send to
    /// channel", the trays' next ids, media metadata and the last message time; its cooldown
    /// deadline becomes a last message time under the draft's slow mode) and refuses any other.
    public static let snapshotVersion: Int64 = 2

    /// The whole draft as versioned JSON: text and formats, selection, mode (with the draft put
    /// aside by an edit), thread and "also send to channel", command, tray (with the id the next
    /// tile gets), the last message time (slow mode) and clock. The configuration is not
    /// included: a draft restores into one with its own config.
    public var snapshotJSON: String { snapshotJSONText.string }

    /// `snapshotJSON` as the bytes it is written into, key by key (no `JSONValue` tree: building
    /// and freeing one cost more than writing the bytes):
    /// `{"version", "document", "selection": [anchor, focus], "mode", "thread_parent_id",
    /// "also_send_to_channel", "command", "tray", "last_message_at", "now"}`, then `"saved":
    /// {"document", "selection", "mode", "command", "tray"}` while an edit holds a draft aside.
    public var snapshotJSONText: JSONText {
        var out = ByteBuffer(capacity: 256 + 2 * document.utf8Count)
        out.append("{\"version\":")
        out.jsonInteger(Composer.snapshotVersion)
        out.append(",\"document\":")
        JSONWriter.writeDocument(document.flat, into: &out)
        out.append(",\"selection\":")
        out.jsonSelection(selection)
        out.append(",\"mode\":")
        mode.writeJSON(into: &out, previewNested: false)
        out.append(",\"thread_parent_id\":")
        out.jsonString(threadParentID)
        out.append(",\"also_send_to_channel\":")
        out.jsonBool(alsoSendToChannel)
        out.append(",\"command\":")
        Composer.writeCommand(command, into: &out)
        out.append(",\"tray\":")
        tray.writeSnapshot(into: &out)
        out.append(",\"last_message_at\":")
        out.jsonInteger(lastMessageAt)
        out.append(",\"now\":")
        out.jsonInteger(now)
        if let saved = putAside {
            let e = saved.editor
            out.append(",\"saved\":{\"document\":")
            JSONWriter.writeDocument(e.document.flat, into: &out)
            out.append(",\"selection\":")
            out.jsonSelection(e.selection)
            out.append(",\"mode\":")
            saved.mode.writeJSON(into: &out, previewNested: false)
            out.append(",\"command\":")
            Composer.writeCommand(saved.command, into: &out)
            out.append(",\"tray\":")
            saved.tray.writeSnapshot(into: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "}"))
        return JSONText(out)
    }

    /// `{"name", "args"}` or `null` (the snapshot's and the UI state's "command").
    static func writeCommand(_ command: ComposerCommand?, into out: inout ByteBuffer) {
        guard let command else { return out.append("null") }
        out.append("{\"name\":")
        out.jsonString(command.name)
        out.append(",\"args\":")
        out.jsonString(command.args)
        out.append(UInt8(ascii: "}"))
    }

    static func mode(from value: JSONValue) throws(ComposerError) -> ComposerMode {
        var r = try JSONObjectReader(value, context: "snapshot mode")
        let kind = try r.requiredString("kind")
        let mode: ComposerMode
        switch kind {
        case "new": mode = .new
        case "edit": mode = .edit(messageID: try r.requiredString("message_id"), isMedia: try r.bool("media") ?? false)
        case "reply":
            mode = .reply(messageID: try r.requiredString("message_id"),
                          preview: ReplyPreview(sender: try r.requiredString("sender"), snippet: try r.requiredString("snippet")))
        default: throw .invalidArgument("snapshot mode: unknown kind \"\(kind)\"")
        }
        try r.finish()
        return mode
    }

    static func command(from value: JSONValue?) throws(ComposerError) -> ComposerCommand? {
        guard let value, value != .null else { return nil }
        var r = try JSONObjectReader(value, context: "snapshot command")
        let args: String?
        switch r.value("args") {
        case nil, .null?: args = nil
        case .string(let s)?: args = s
        case let v?: throw .invalidArgument("snapshot command: \"args\" must be a string or null, not \(v.typeName)")
        }
        let command = ComposerCommand(name: try r.requiredString("name"), args: args)
        try r.finish()
        return command
    }

    static func selection(from value: JSONValue?, length: Int) throws(ComposerError) -> Selection {
        guard case .array(let items)? = value, items.count == 2, case .integer(let a) = items[0], case .integer(let f) = items[1] else {
            throw .invalidArgument("snapshot: \"selection\" must be [anchor, focus]")
        }
        return Selection(anchor: Int(clamping: a), focus: Int(clamping: f)).clamped(to: length)
    }

    /// Restores a snapshot taken by `snapshotJSON` (any draft with the same configuration).
    /// An unknown version or a malformed snapshot is refused and nothing changes. Uploads that
    /// were in flight come back as retryable failures. The undo history starts empty. Attachment
    /// ids go on from the snapshot's (never below the ones this draft already gave out), so a
    /// late upload event for a tile retired before the snapshot is refused after it too.
    public mutating func restore(snapshotJSON json: String) throws(ComposerError) {
        var json = json
        try json.withUTF8Bytes { bytes throws(ComposerError) in try restore(validSnapshotUTF8: bytes) }
    }

    /// `restore(snapshotJSON:)` of UTF-8 bytes, as a C caller hands them (no `String` is made
    /// of them). Bytes that are not UTF-8 are refused.
    public mutating func restore(snapshotUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(ComposerError) {
        guard MarkdownParser.isValidUTF8(bytes) else { throw .invalidUTF8 }
        try restore(validSnapshotUTF8: bytes)
    }

    /// Where a snapshot holds documents: read without a tree when in the plain layout.
    private static let documentPaths: Set<[String]> = [["document"], ["saved", "document"]]

    private mutating func restore(validSnapshotUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(ComposerError) {
        let parsed = try JSONParser.parse(utf8: bytes, readingDocumentsAt: Composer.documentPaths)
        // A document member's document: read already, or read from the tree.
        func document(_ path: [String], _ value: JSONValue) throws(ComposerError) -> Document {
            if let layout = parsed.documents[path] { return try Document(layout: layout) }
            return try Document(jsonValue: value)
        }
        var r = try JSONObjectReader(parsed.value, context: "snapshot")
        let version = try r.requiredInteger("version")
        guard version == 1 || version == Composer.snapshotVersion else {
            throw .invalidArgument("snapshot version \(version) is not supported (this library reads versions 1 and \(Composer.snapshotVersion))")
        }
        guard let documentValue = r.value("document") else { throw .invalidArgument("snapshot: \"document\" is required") }
        let doc = try document(["document"], documentValue)
        let sel = try Composer.selection(from: r.value("selection"), length: doc.count)
        let newMode = try Composer.mode(from: r.value("mode") ?? .object([("kind", .string("new"))]))
        var thread: String?
        switch r.value("thread_parent_id") {
        case nil, .null?: thread = nil
        case .string(let id)?: thread = id
        case let other?: throw .invalidArgument("snapshot: \"thread_parent_id\" must be a string or null, not \(other.typeName)")
        }
        let toChannel = version >= 2 ? try r.bool("also_send_to_channel") ?? false : false
        let cmd = try Composer.command(from: r.value("command"))
        var newTray = try AttachmentTray(snapshot: r.value("tray") ?? .object([("tiles", .array([]))]), limits: tray.limits)
        let clock = try r.integer("now") ?? 0
        var lastMessage: Int64?
        if version >= 2 {
            switch r.value("last_message_at") {
            case nil, .null?: lastMessage = nil
            case .integer(let t)?: lastMessage = t
            case let v?: throw .invalidArgument("snapshot: \"last_message_at\" must be an integer or null, not \(v.typeName)")
            }
            guard lastMessage ?? 0 >= 0, clock >= 0 else { throw .outOfRange("snapshot: clock values must not be negative") }
        } else {
            // Version 1 kept the deadline: the last message was slow_mode_seconds before it.
            let until = try r.integer("cooldown_until") ?? 0
            guard until >= 0, clock >= 0 else { throw .outOfRange("snapshot: clock values must not be negative") }
            if until > 0 { lastMessage = max(0, until - Int64(config.slowModeSeconds) * 1000) }
        }
        // A last message after the snapshot's clock counts as sent at that clock, as in
        // `startCooldown`: the draft never writes one, and a cooldown must not outlast slow mode
        // (one reaching the clock's end had no number of seconds left to show).
        if let last = lastMessage { lastMessage = min(last, clock) }
        var saved: PutAsideDraft?
        if let savedValue = r.value("saved"), savedValue != .null {
            var s = try JSONObjectReader(savedValue, context: "snapshot saved")
            guard let savedDoc = s.value("document") else { throw .invalidArgument("snapshot saved: \"document\" is required") }
            let d = try document(["saved", "document"], savedDoc)
            var savedEditor = Editor(settings: config.editorSettings)
            savedEditor.reset(document: d, selection: try Composer.selection(from: s.value("selection"), length: d.count))
            saved = PutAsideDraft(editor: savedEditor,
                                  tray: try AttachmentTray(snapshot: s.value("tray") ?? .object([("tiles", .array([]))]), limits: tray.limits),
                                  command: try Composer.command(from: s.value("command")),
                                  mode: try Composer.mode(from: s.value("mode") ?? .object([("kind", .string("new"))])))
            try s.finish()
        }
        try r.finish()
        if newMode.isEditing != (saved != nil) { throw .invalidArgument("snapshot: an edit needs its put-aside draft and only an edit has one") }
        if let thread { try Composer.checkID(thread, "thread parent id") }
        if toChannel, thread == nil { throw .invalidArgument("snapshot: \"also_send_to_channel\" needs a thread parent") }
        // One id sequence for the draft: past every id either tray (or this draft) gave out.
        let next = max(newTray.nextAttachmentID, saved?.tray.nextAttachmentID ?? 1, tray.nextAttachmentID, putAside?.tray.nextAttachmentID ?? 1)
        newTray.reserveIDs(below: next)
        saved?.tray.reserveIDs(below: next)
        // Uploads running in the tray being replaced must stop.
        for tile in tray.tiles + (putAside?.tray.tiles ?? []) {
            if case .uploading = tile.state { outbox.append(.cancelUpload(id: tile.id)) }
        }
        editor.reset(document: doc, selection: sel)
        mode = newMode
        threadParentID = thread
        alsoSendToChannel = toChannel
        command = cmd
        tray = newTray
        lastMessageAt = lastMessage
        now = clock
        putAside = saved
        stopTyping()
        typing = TypingState()
        banner = nil
    }
}
