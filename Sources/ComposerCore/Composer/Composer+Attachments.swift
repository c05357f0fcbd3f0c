extension Composer {
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
        var result = try tray.stage(picks)
        if picks.count < files.count {
            result = TrayStageResult(staged: result.staged, dropped: result.dropped + files.count - picks.count, notice: result.notice)
        }
        if let notice = result.notice { infoBanner = notice }
        return result
    }

    /// Runs `body` on the tray that holds `id`: the live one, or the one an edit put aside (its
    /// uploads keep going while the edit is open).
    private mutating func withTray<R>(holding id: UInt64, _ body: (inout AttachmentTray) throws(ComposerError) -> R) throws(ComposerError) -> R {
        if tray.attachment(id: id) == nil, var saved = putAside, saved.tray.attachment(id: id) != nil {
            let result = try body(&saved.tray)
            putAside = saved
            return result
        }
        return try body(&tray)
    }

    /// Drives an attachment's upload (host events); illegal transitions are refused.
    public mutating func applyUpload(_ event: UploadEvent, to id: UInt64) throws(ComposerError) {
        _ = try withTray(holding: id) { (t: inout AttachmentTray) throws(ComposerError) in try t.apply(event, to: id) }
    }

    /// The server refused the file's type: the tile becomes a non-retryable error.
    public mutating func refuseAttachmentType(_ id: UInt64) throws(ComposerError) {
        _ = try withTray(holding: id) { (t: inout AttachmentTray) throws(ComposerError) in try t.refuseType(of: id) }
    }

    /// Removes (or cancels) an attachment; a running upload gets a cancel notice.
    public mutating func removeAttachment(_ id: UInt64) throws(ComposerError) {
        let wasUploading = try withTray(holding: id) { (t: inout AttachmentTray) throws(ComposerError) in try t.remove(id) }
        if wasUploading { outbox.append(.cancelUpload(id: id)) }
    }

    /// A recorded voice note, already uploaded (`remote`), goes out at once as its own audio
    /// message (never staged); it takes an id of the draft's sequence, respects slow mode (on the
    /// last clock the host gave) and starts the cooldown. Refused while editing, while a command
    /// is set, or while the tray holds anything.
    public mutating func voiceNote(name: String, mimeType: String, size: Int64, remote: String) throws(ComposerError) -> OutgoingMessage {
        guard canRecordVoice else {
            throw .notAllowed(mode.isEditing ? "voice notes are unavailable while editing"
                              : command != nil ? "voice notes are unavailable while a command is set"
                              : "voice notes are unavailable while attachments are staged")
        }
        guard !remote.isEmpty else { throw .invalidArgument("voice note needs the uploaded file's remote reference") }
        guard size >= 0 else { throw .invalidArgument("voice note size \(size) is negative") }
        guard size <= tray.limits.maxFileSizeBytes else {
            throw .notAllowed("voice note refused: " + AttachmentNotice.fileTooLarge(limitBytes: tray.limits.maxFileSizeBytes))
        }
        if cooldownRemaining > 0 { throw .notAllowed("cannot send: " + SendBlocker.cooldown(milliseconds: cooldownRemaining).message) }
        let id = tray.reserveID()
        let note = Attachment(id: id, name: name, mimeType: mimeType.isEmpty ? "audio/mp4" : mimeType.lowercased(), size: size,
                              hostReference: "", state: .uploaded(remote: remote), kind: .audio)
        var quoted: String?
        if case .reply(let messageID, _) = mode {
            quoted = messageID
            mode = .new  // the reply is sent, as with text
        }
        startCooldown()
        return OutgoingMessage(kind: .media, text: "", mentions: [], attachmentKind: .audio, attachments: [note],
                               quotedID: quoted, parentID: threadParentID)
    }
}
