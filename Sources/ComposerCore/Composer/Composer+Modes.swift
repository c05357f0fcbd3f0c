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
        tray = AttachmentTray(limits: tray.limits)
        command = nil
        mode = .edit(messageID: messageID, isMedia: isMedia)
        editor.load(message)
        editor.resetHistory()
        infoBanner = nil
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
        tray = saved.tray
        command = saved.command
        mode = saved.mode
    }

    /// Sets (or with nil clears) the thread every outgoing message goes to.
    public mutating func setThreadParent(_ id: String?) throws(ComposerError) {
        if let id { try Composer.checkID(id, "thread parent id") }
        threadParentID = id
    }

    static func checkID(_ id: String, _ what: String) throws(ComposerError) {
        guard !id.isEmpty, id.unicodeScalars.count <= 256, !id.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            throw .invalidArgument("\(what) must be 1-256 characters without control characters")
        }
    }
}
