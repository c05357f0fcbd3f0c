extension Composer {
    /// The snapshot format's version; restore refuses any other.
    public static let snapshotVersion: Int64 = 1

    /// The whole draft as versioned JSON: text and formats, selection, mode (with the draft put
    /// aside by an edit), thread, command, tray, slow-mode deadline and clock. The configuration
    /// is not included: a draft restores into one created with its own config.
    public var snapshotJSON: String { JSONWriter.write(snapshotValue) }

    var snapshotValue: JSONValue {
        func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        var members: [(key: String, value: JSONValue)] = [
            ("version", .integer(Composer.snapshotVersion)),
            ("document", document.jsonValue),
            ("selection", .array([.integer(Int64(selection.anchor)), .integer(Int64(selection.focus))])),
            ("mode", Composer.modeValue(mode)),
            ("thread_parent_id", string(threadParentID)),
            ("command", command.map { .object([("name", .string($0.name)), ("args", .string($0.args))]) } ?? .null),
            ("tray", tray.snapshot),
            ("cooldown_until", .integer(cooldownUntil)),
            ("now", .integer(now)),
        ]
        if let saved = putAside {
            let e = saved.editor
            members.append(("saved", .object([
                ("document", e.document.jsonValue),
                ("selection", .array([.integer(Int64(e.selection.anchor)), .integer(Int64(e.selection.focus))])),
                ("mode", Composer.modeValue(saved.mode)),
                ("command", saved.command.map { .object([("name", .string($0.name)), ("args", .string($0.args))]) } ?? .null),
                ("tray", saved.tray.snapshot),
            ])))
        }
        return .object(members)
    }

    static func modeValue(_ mode: ComposerMode) -> JSONValue {
        switch mode {
        case .new: return .object([("kind", .string("new"))])
        case .edit(let id, let isMedia):
            return .object([("kind", .string("edit")), ("message_id", .string(id)), ("media", .bool(isMedia))])
        case .reply(let id, let preview):
            return .object([("kind", .string("reply")), ("message_id", .string(id)), ("sender", .string(preview.sender)),
                            ("snippet", .string(preview.snippet))])
        }
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
        let command = ComposerCommand(name: try r.requiredString("name"), args: try r.string("args") ?? "")
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
    /// were in flight come back as retryable failures. The undo history starts empty.
    public mutating func restore(snapshotJSON json: String) throws(ComposerError) {
        var r = try JSONObjectReader(try JSONParser.parse(json), context: "snapshot")
        let version = try r.requiredInteger("version")
        guard version == Composer.snapshotVersion else {
            throw .invalidArgument("snapshot version \(version) is not supported (this library reads version \(Composer.snapshotVersion))")
        }
        guard let documentValue = r.value("document") else { throw .invalidArgument("snapshot: \"document\" is required") }
        let doc = try Document(jsonValue: documentValue)
        let sel = try Composer.selection(from: r.value("selection"), length: doc.count)
        let newMode = try Composer.mode(from: r.value("mode") ?? .object([("kind", .string("new"))]))
        var thread: String?
        switch r.value("thread_parent_id") {
        case nil, .null?: thread = nil
        case .string(let id)?: thread = id
        case let other?: throw .invalidArgument("snapshot: \"thread_parent_id\" must be a string or null, not \(other.typeName)")
        }
        let cmd = try Composer.command(from: r.value("command"))
        let newTray = try AttachmentTray(snapshot: r.value("tray") ?? .object([("tiles", .array([]))]), limits: tray.limits)
        let until = try r.integer("cooldown_until") ?? 0
        let clock = try r.integer("now") ?? 0
        guard until >= 0, clock >= 0 else { throw .outOfRange("snapshot: clock values must not be negative") }
        var saved: PutAsideDraft?
        if let savedValue = r.value("saved"), savedValue != .null {
            var s = try JSONObjectReader(savedValue, context: "snapshot saved")
            guard let savedDoc = s.value("document") else { throw .invalidArgument("snapshot saved: \"document\" is required") }
            let d = try Document(jsonValue: savedDoc)
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
        // Uploads running in the tray being replaced must stop.
        for tile in tray.tiles + (putAside?.tray.tiles ?? []) {
            if case .uploading = tile.state { outbox.append(.cancelUpload(id: tile.id)) }
        }
        editor.reset(document: doc, selection: sel)
        mode = newMode
        threadParentID = thread
        command = cmd
        tray = newTray
        cooldownUntil = until
        now = clock
        putAside = saved
        stopTyping()
        typing = TypingState()
        infoBanner = nil
    }
}
