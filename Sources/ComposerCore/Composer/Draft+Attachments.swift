extension Draft {
    /// Whether files can be staged now: not while editing; in legacy single-attachment mode only
    /// into an empty tray.
    public var canAttach: Bool {
        !mode.isEditing && command == nil && (config.multipleAttachments || tray.isEmpty)
    }

    /// Whether the voice-note button is available: not while editing, not while the tray holds
    /// anything.
    public var canRecordVoice: Bool { !mode.isEditing && tray.isEmpty && command == nil }

    /// Stages picked (or pasted) files. Extra picks beyond the limit are dropped and raise the info
    /// banner "You can attach up to N files."; oversize and refused types stage as error tiles.
    /// In legacy mode (multiple attachments off) exactly one file is taken.
    public mutating func stage(_ files: [PickedFile]) throws(ComposerError) -> TrayStageResult {
        guard !mode.isEditing else { throw .notAllowed("attachments cannot be added while editing a message") }
        guard command == nil else { throw .notAllowed("attachments cannot be added to a command") }
        var picks = files
        if !config.multipleAttachments {
            guard tray.isEmpty else { throw .notAllowed("multiple attachments are off: send or remove the staged file first") }
            picks = Array(files.prefix(1))
        }
        let result = try tray.stage(picks)
        if let notice = result.notice { infoBanner = notice }
        return result
    }

    /// Drives an attachment's upload (host events); illegal transitions are refused.
    public mutating func applyUpload(_ event: UploadEvent, to id: UInt64) throws(ComposerError) {
        _ = try tray.apply(event, to: id)
    }

    /// The server refused the file's type: the tile becomes a non-retryable error.
    public mutating func refuseAttachmentType(_ id: UInt64) throws(ComposerError) {
        _ = try tray.refuseType(of: id)
    }

    /// Removes (or cancels) an attachment; a running upload gets a cancel notice.
    public mutating func removeAttachment(_ id: UInt64) throws(ComposerError) {
        if try tray.remove(id) { outbox.append(.cancelUpload(id: id)) }
    }

    /// A recorded voice note goes out at once as its own message (never staged). Refused while
    /// editing or while the tray holds anything.
    public func voiceNote(name: String, mimeType: String, size: Int64, remote: String) throws(ComposerError) -> OutgoingMessage {
        guard canRecordVoice else {
            throw .notAllowed(mode.isEditing ? "voice notes are unavailable while editing" : "voice notes are unavailable while attachments are staged")
        }
        guard !remote.isEmpty else { throw .invalidArgument("voice note needs the uploaded file's remote reference") }
        var scratch = AttachmentTray()
        let staged = try scratch.stage([PickedFile(name: name, mimeType: mimeType, size: size)])
        guard let id = staged.staged.first else { throw .invalidArgument("voice note could not be staged") }
        _ = try scratch.apply(.start, to: id)
        _ = try scratch.apply(.complete(remote: remote), to: id)
        return OutgoingMessage(kind: .media, text: "", mentions: [], attachmentKind: .audio, attachments: scratch.tiles,
                               parentID: threadParentID)
    }
}
