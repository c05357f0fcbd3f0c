/// The editing a user does by typing. Each runs the editor's operation and notes typing when the
/// change record says the text or its formatting changed (a key that changed nothing, such as
/// Backspace at the start of plain text, is not typing).
extension Composer {
    public mutating func insert(_ text: String) { noteTyping(editor.insert(text)) }

    public mutating func enter() { noteTyping(editor.enter()) }

    public mutating func deleteBackward() { noteTyping(editor.deleteBackward()) }

    public mutating func deleteForward() { noteTyping(editor.deleteForward()) }

    public mutating func replace(_ start: Int, _ end: Int, with text: String) throws(ComposerError) {
        noteTyping(try editor.replace(start, end, with: text))
    }

    /// Inserts a mention at the selection (`Editor.insertMention`), under the message's rules:
    /// refused when mentions are off, or when the draft already holds `mention_limit` mentions
    /// (mentions the insertion replaces do not count); that refusal also raises the info banner,
    /// which shows until the draft is back under the limit (README "What the engine does").
    public mutating func insertMention(uid: String, name: String) throws(ComposerError) {
        guard config.mentionsEnabled else { throw .notAllowed("mentions are disabled") }
        try MentionPolicy.validate(uid: uid, name: name)
        guard editor.mentionCount - editor.mentionsInSelection < config.mentionLimit else {
            banner = .mentionLimit
            throw .limitExceeded("a message can hold at most \(config.mentionLimit) mention\(config.mentionLimit == 1 ? "" : "s")")
        }
        noteTyping(try editor.insertMention(uid: uid, name: name))
    }

    static func mentionLimitBanner(_ limit: Int) -> String {
        "You can mention up to \(limit) \(limit == 1 ? "person" : "people") in a message."
    }

    /// Records a user edit from its change record: typing starts (once) and its idle timer restarts.
    mutating func noteTyping(_ change: EditorChange) {
        guard change.changedDocument else { return }
        noteTyping()
    }
}
