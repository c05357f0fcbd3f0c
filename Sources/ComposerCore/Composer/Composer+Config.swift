extension Composer {
    /// A live configuration update (limits and switches come from the server at run time):
    /// `json` is a JSON object of any of the `mc_draft_new` options, and only those change. The
    /// result is validated whole; on any error nothing changes. Then:
    /// - staged tiles (and those of a draft an edit put aside) are checked against the new limits
    ///   as staging would: a type no longer allowed or a file now too large becomes an error tile,
    ///   and an upload running for it gets a cancel notice; a tray over a lowered `max_files`
    ///   keeps its tiles, raises the files banner and cannot be sent until enough are removed;
    /// - `slow_mode_seconds` applies to a cooldown already running (it runs from the last message);
    /// - typing events switched off stop a typing notice that is on;
    /// - commands switched off drop the command set on the draft;
    /// - the undo history keeps at most the new `undo_depth` steps (the newest).
    /// Everything else (send state, queries, banner text, the UI state) follows from the new
    /// values; the events report what changed, the new values of the options included.
    public mutating func updateConfig(json: String) throws(ComposerError) {
        let new = try config.updating(json: json)
        let limits = try AttachmentLimits(config: new)
        guard new != config else { return }
        let old = config
        config = new
        editor.updateSettings(new.editorSettings)
        if limits != tray.limits {
            for id in tray.relimit(limits) { outbox.append(.cancelUpload(id: id)) }
            if var saved = putAside {
                for id in saved.tray.relimit(limits) { outbox.append(.cancelUpload(id: id)) }
                putAside = saved
            }
            if tray.tiles.count > limits.maxFiles { banner = .tooManyFiles }
        }
        if old.typingEvents, !new.typingEvents { stopTyping() }
        if !new.commandsEnabled {
            command = nil
            putAside?.command = nil
        }
    }
}
