extension Composer {
    /// Whether files can be picked now: not while editing or with a command set; in legacy
    /// single-attachment mode (where a pick goes out at once) not while tiles staged before the
    /// mode changed are left.
    public var canAttach: Bool {
        !mode.isEditing && command == nil && (config.multipleAttachments || tray.isEmpty)
    }

    /// Whether the voice-note button is available: not while editing, not while the tray holds
    /// anything.
    public var canRecordVoice: Bool { !mode.isEditing && tray.isEmpty && command == nil }

    /// Whether the sticker button shows: stickers on, not while editing or with a command set.
    public var canSendSticker: Bool { config.stickersEnabled && !mode.isEditing && command == nil }

    /// Stages picked (or pasted) files. Extra picks beyond the limit are dropped and raise the info
    /// banner "You can attach up to N files."; oversize and refused types stage as error tiles.
    /// A pick that drops nothing ends a files banner.
    ///
    /// In legacy single-attachment mode (`multiple_attachments` off) there is no tray: the first
    /// file goes out at once as its own media message (`TrayStageResult.messages`; not uploaded
    /// yet, so its attachment has the host's `ref` and no `remote`), like a voice note: it respects
    /// and starts slow mode, takes the reply and the thread. Further files of the pick are dropped
    /// with the banner "You can attach up to 1 file.". A file over the size limit or of a refused
    /// type is refused (nothing is sent).
    public mutating func stage(_ files: [PickedFile]) throws(ComposerError) -> TrayStageResult {
        guard !mode.isEditing else { throw .notAllowed("attachments cannot be added while editing a message") }
        guard command == nil else { throw .notAllowed("attachments cannot be added to a command") }
        if !config.multipleAttachments { return try sendPick(files) }
        let result = try tray.stage(files)
        if result.notice != nil {
            banner = .filesDropped
        } else if banner == .filesDropped, !result.staged.isEmpty {
            banner = nil
        }
        return result
    }

    /// Legacy mode: the pick's first file as its own message, now.
    private mutating func sendPick(_ files: [PickedFile]) throws(ComposerError) -> TrayStageResult {
        guard tray.isEmpty else { throw .notAllowed("multiple attachments are off: send or remove the staged files first") }
        for (i, file) in files.enumerated() where file.size < 0 {
            throw .invalidArgument("file \(i) (\"\(file.name)\"): size must not be negative, not \(file.size)")
        }
        guard let file = files.first else { return TrayStageResult(staged: [], dropped: 0, notice: nil) }
        let mime = _FileTypes.effectiveMIMEType(file.mimeType, fileName: file.name)
        guard tray.limits.allows(mimeType: mime) else { throw .notAllowed(AttachmentNotice.typeNotAllowed) }
        guard file.size <= tray.limits.maxFileSizeBytes else {
            throw .limitExceeded(AttachmentNotice.fileTooLarge(limitBytes: tray.limits.maxFileSizeBytes))
        }
        try checkCooldown()
        let id = try tray.reserveID()
        let attachment = Attachment(id: id, name: file.name, mimeType: mime, size: file.size, hostReference: file.hostReference,
                                    state: .queued, metadata: file.metadata)
        let message = sendAtOnce(OutgoingMessage(kind: .media, text: "", mentions: [], attachmentKind: attachment.kind,
                                                 attachments: [attachment]))
        let dropped = files.count - 1
        banner = dropped > 0 ? .filesDropped : (banner == .filesDropped ? nil : banner)
        return TrayStageResult(staged: [], dropped: dropped, notice: dropped > 0 ? AttachmentNotice.tooManyFiles(limit: 1) : nil,
                               messages: [message])
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

    /// Drives an attachment's upload (host events); illegal transitions are refused, and so is
    /// every event for a retired id (a tile removed or sent: ids are never given out twice).
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
    /// last clock the host gave) and starts the cooldown. Its MIME type must be an audio one
    /// (an empty one is taken from the name's extension). Refused while editing, while a command
    /// is set, or while the tray holds anything.
    public mutating func voiceNote(name: String, mimeType: String, size: Int64, remote: String) throws(ComposerError) -> OutgoingMessage {
        guard canRecordVoice else {
            throw .notAllowed(mode.isEditing ? "voice notes are unavailable while editing"
                              : command != nil ? "voice notes are unavailable while a command is set"
                              : "voice notes are unavailable while attachments are staged")
        }
        let mime = _FileTypes.effectiveMIMEType(mimeType, fileName: name)
        guard AttachmentKind(mimeType: mime) == .audio else {
            throw .invalidArgument("a voice note needs an audio MIME type (audio/*), not \"\(mimeType.isEmpty ? mime : mimeType)\"")
        }
        guard !remote.isEmpty else { throw .invalidArgument("voice note needs the uploaded file's remote reference") }
        guard size >= 0 else { throw .invalidArgument("voice note size \(size) is negative") }
        guard size <= tray.limits.maxFileSizeBytes else {
            throw .notAllowed("voice note refused: " + AttachmentNotice.fileTooLarge(limitBytes: tray.limits.maxFileSizeBytes))
        }
        try checkCooldown()
        let id = try tray.reserveID()
        let note = Attachment(id: id, name: name, mimeType: mime, size: size, hostReference: "", state: .uploaded(remote: remote), kind: .audio)
        return sendAtOnce(OutgoingMessage(kind: .media, text: "", mentions: [], attachmentKind: .audio, attachments: [note]))
    }

    /// A sticker the user picked goes out at once as its own message (never staged), like a voice
    /// note: it respects and starts slow mode, takes the reply and the thread. The id and pack
    /// are 1-256 characters without control characters (pack optional); the URL must be http(s)
    /// (a bare host becomes https). Refused while editing, with a command set, or with stickers off.
    public mutating func sendSticker(_ sticker: Sticker) throws(ComposerError) -> OutgoingMessage {
        guard canSendSticker else {
            throw .notAllowed(!config.stickersEnabled ? "stickers are disabled"
                              : mode.isEditing ? "stickers are unavailable while editing"
                              : "stickers are unavailable while a command is set")
        }
        try Composer.checkID(sticker.id, "sticker id")
        if let pack = sticker.pack { try Composer.checkID(pack, "sticker pack") }
        let url = try LinkPolicy.normalize(sticker.url)
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw .unsafeLink("a sticker URL must be http or https, not \"\(sticker.url)\"")
        }
        try checkCooldown()
        return sendAtOnce(OutgoingMessage(kind: .sticker, text: "", mentions: [], attachments: [],
                                          sticker: Sticker(id: sticker.id, url: url, pack: sticker.pack)))
    }

    /// Refuses a new message while slow mode's cooldown runs (on the last clock the host gave).
    func checkCooldown() throws(ComposerError) {
        if cooldownRemaining > 0 { throw .notAllowed("cannot send: " + SendBlocker.cooldown(milliseconds: cooldownRemaining).message) }
    }

    /// A new message that goes out at once, beside the draft (voice note, sticker, legacy pick):
    /// it answers the reply being written (the reply is then sent) and goes to the thread, with
    /// "also send to channel" (which resets); the cooldown starts. The text stays.
    mutating func sendAtOnce(_ message: OutgoingMessage) -> OutgoingMessage {
        var message = message
        if case .reply(let messageID, _) = mode {
            message.quotedID = messageID
            mode = .new
        }
        message.parentID = threadParentID
        message.alsoSendToChannel = alsoSendToChannel && threadParentID != nil
        alsoSendToChannel = false
        noteMessageSent()
        return message
    }
}
