/// A query the user is typing: `@bo` for a mention, `/gi` for a command.
public struct ComposerQuery: Equatable, Sendable {
    /// The text after the trigger character, up to the caret.
    public var text: String
    /// The range from the trigger character to the caret.
    public var start: Int
    public var end: Int
}

extension Composer {
    /// The mention query at the caret: `@` at the start of a line or after whitespace, then no
    /// whitespace up to the caret; never inside code, a code block, a link or a mention, and only
    /// with mentions on.
    public var mentionQuery: ComposerQuery? {
        guard config.mentionsEnabled, selection.isCaret, document.containsAtSign else { return nil }
        let caret = selection.focus
        // `@`, then up to 64 characters without whitespace, then the caret.
        var at = -1
        var examined = 0
        document.forEachScalarBackward(from: caret, limit: 66) { s in
            if s == "@" {
                at = caret - 1 - examined
                return false
            }
            if s.isWhitespace || examined > 64 { return false }
            examined += 1
            return true
        }
        guard at >= 0 else { return nil }
        guard at == 0 || document.scalar(at: at - 1).isWhitespace else { return nil }
        let line = document.lineIndex(at: at)
        guard document.block(ofLine: line) != .codeBlock else { return nil }
        var plain = true
        document.forEachRun(in: at..<caret) { _, style in
            plain = style.mention == 0 && style.link == 0 && !style.flags.contains(.code)
            return plain
        }
        guard plain else { return nil }
        return ComposerQuery(text: document.text(in: (at + 1)..<caret), start: at, end: caret)
    }

    /// The command query: `/` as the draft's first character, the caret within the name typed so
    /// far (no whitespace). None with commands off, in code (a code block or inline code: there
    /// `/` is code), or after `//` (the way to start a message with a literal slash).
    public var commandQuery: ComposerQuery? {
        guard config.commandsEnabled, command == nil, selection.isCaret, document.firstScalar == "/" else { return nil }
        let caret = selection.focus
        guard caret >= 1 else { return nil }
        guard document.block(ofLine: 0) != .codeBlock, !document.style(at: 0).flags.contains(.code) else { return nil }
        if document.count > 1, document.scalar(at: 1) == "/" { return nil }
        // Stops at the first whitespace, so a long draft costs only its first word.
        guard document.firstOffset(from: 1, before: caret, where: { $0.isWhitespace }) == caret else { return nil }
        let name = document.scalars(in: 1..<caret)
        return ComposerQuery(text: String(String.UnicodeScalarView(name)), start: 0, end: caret)
    }

    /// Inserts a mention: it replaces the mention query when one is open, else the selection.
    public mutating func insertMentionAtQuery(uid: String, name: String) throws(ComposerError) {
        if let query = mentionQuery {
            let saved = editor.selection
            editor.selection = Selection(anchor: query.start, focus: query.end)
            do throws(ComposerError) {
                try insertMention(uid: uid, name: name)
            } catch {
                editor.selection = saved
                throw error
            }
        } else {
            try insertMention(uid: uid, name: name)
        }
    }

    /// Sets a slash command (name without `/`, args or nil for none): text and attachments are
    /// cleared, and the draft now sends the command. Refused with commands off.
    public mutating func setCommand(name: String, args: String?) throws(ComposerError) {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ !$0.isWhitespace && $0 != "/" && $0 != "\u{0}" }) else {
            throw .invalidArgument("command name must be non-empty, without whitespace or '/'")
        }
        guard config.commandsEnabled else { throw .notAllowed("commands are disabled") }
        guard !mode.isEditing else { throw .notAllowed("commands cannot be set while editing a message") }
        editor.clear()
        for id in tray.removeAll() { outbox.append(.cancelUpload(id: id)) }
        command = ComposerCommand(name: name, args: args)
    }

    /// Removes the command; the draft is empty again.
    public mutating func clearCommand() {
        command = nil
    }
}
