extension Composer {
    /// Characters of the quoted message shown in a reply preview.
    public static let replySnippetGraphemes = 100

    /// Starts editing message `messageID` whose markdown is `markdown` (mention names from
    /// `names`). The current draft is put aside and comes back when the edit is sent or cancelled.
    /// Editing a media message (`isMedia`) edits its caption only. Staged attachments stay with the
    /// put-aside draft.
    public mutating func beginEdit(messageID: String, markdown: String, names: [String: String], isMedia: Bool) throws(ComposerError) {
        try Composer.checkID(messageID, "message id")
        let message = MarkdownParser.parse(markdown, names: names)
        try editor.checkRoom(toLoad: message)
        if putAside == nil {
            putAside = PutAsideDraft(editor: editor, tray: tray, command: command, mode: mode)
        }
        var editTray = AttachmentTray(limits: tray.limits)
        editTray.reserveIDs(below: tray.nextAttachmentID)  // one id sequence per draft
        tray = editTray
        command = nil
        mode = .edit(messageID: messageID, isMedia: isMedia)
        editor.load(message)
        editor.resetHistory()
        banner = nil
    }

    /// Starts a reply to `messageID` by `sender`; the preview shows the quoted message's plain
    /// text cut to `replySnippetGraphemes` grapheme clusters. The text being written stays.
    public mutating func beginReply(messageID: String, sender: String, markdown: String, names: [String: String]) throws(ComposerError) {
        try Composer.checkID(messageID, "message id")
        if mode.isEditing { cancelMode() }
        let snippet = PlainTextRenderer.render(MarkdownParser.parse(markdown, names: names), maxGraphemes: Composer.replySnippetGraphemes)
        mode = .reply(messageID: messageID, preview: ReplyPreview(sender: sender, snippet: snippet))
    }

    /// Cancels an edit (the put-aside draft comes back) or dismisses a reply preview (the text
    /// stays). Does nothing in new mode.
    public mutating func cancelMode() {
        switch mode {
        case .new: return
        case .reply: mode = .new
        case .edit: restoreSavedDraft()
        }
    }

    mutating func restoreSavedDraft() {
        guard let saved = putAside else { mode = .new; return }
        putAside = nil
        editor.reset(document: saved.editor.document, selection: saved.editor.selection)
        let next = tray.nextAttachmentID
        tray = saved.tray
        tray.reserveIDs(below: next)
        command = saved.command
        mode = saved.mode
    }

    /// Sets (or with nil clears) the thread every outgoing message goes to. Another thread (or
    /// none) resets "also send to channel".
    public mutating func setThreadParent(_ id: String?) throws(ComposerError) {
        if let id { try Composer.checkID(id, "thread parent id") }
        if id != threadParentID { alsoSendToChannel = false }
        threadParentID = id
    }

    /// Sets whether the next new message, a thread reply, also goes to the channel (Stream's
    /// "also send in channel" checkbox). It goes out on that message (`also_send_to_channel`) and
    /// resets after it; an edit neither carries nor resets it.
    /// - Throws: `.notAllowed` turning it on outside a thread (no thread parent set).
    public mutating func setAlsoSendToChannel(_ on: Bool) throws(ComposerError) {
        if on, threadParentID == nil {
            throw .notAllowed("only a thread reply can also go to the channel: set a thread parent first")
        }
        alsoSendToChannel = on
    }

    /// Message, thread and sticker ids: 1-256 characters (scalars), none of them a control
    /// character in Unicode's sense (general category Cc: C0, DEL and C1, U+0080-U+009F).
    static func checkID(_ id: String, _ what: String) throws(ComposerError) {
        guard !id.isEmpty, id.unicodeScalars.count <= 256, !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidArgument("\(what) must be 1-256 characters without control characters")
        }
    }
}
