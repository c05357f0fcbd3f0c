/// One mention in the draft, as hosts query them.
public struct MentionRange: Equatable, Sendable {
    public var start: Int
    public var end: Int
    public var uid: String
    public var name: String
}

extension Editor {
    /// How many mentions the draft holds (kept in the text tree's summaries).
    public var mentionCount: Int { document.mentionCount }

    /// Every mention run, in text order.
    public var mentions: [MentionRange] {
        // Most drafts hold none, which the tree's summary knows; the leaves that hold one are
        // found through the summaries too, without reading the rest of the text.
        guard document.mentionCount > 0 else { return [] }
        return document.mentionRuns().map { run in
            let value = document.values.mention(run.id) ?? MentionValue(uid: "", name: "")
            return MentionRange(start: run.range.lowerBound, end: run.range.upperBound, uid: value.uid, name: value.name)
        }
    }

    /// Replaces the selection with the atomic run `@name` for `uid`, followed by a space; the caret
    /// ends after the space (one undo step). Refused in a code block, and when `uid` is already
    /// mentioned under another name. Whether mentions are on and how many a message may hold are
    /// the composer's rules (`Composer.insertMention`).
    @discardableResult
    public mutating func insertMention(uid: String, name: String) throws(ComposerError) -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        try MentionPolicy.validate(uid: uid, name: name)
        if let known = mentions.first(where: { $0.uid == uid && $0.name != name }) {
            throw .invalidArgument("uid \"\(uid)\" is already mentioned as \"\(known.name)\"; a uid has one name in a message")
        }
        let range = expandToMentions(selection.range)
        let line = document.lineIndex(at: range.lowerBound)
        guard document.block(ofLine: line) != .codeBlock else { throw .notAllowed("mentions cannot go in a code block") }
        let run = Array(("@" + name).unicodeScalars)
        try checkRoom(replacing: range.count, inserting: run.count + 1)
        checkpoint(.other)
        var style = typingStyle
        style.flags.remove(.code)
        style.link = 0
        var mentionStyle = style
        mentionStyle.mention = document.add(mention: MentionValue(uid: uid, name: name))
        document.replace(range, with: run, style: mentionStyle)
        document.replace((range.lowerBound + run.count)..<(range.lowerBound + run.count), with: [" "], style: style)
        selection = .caret(range.lowerBound + run.count + 1)
        pending = nil
        return currentChange
    }

    /// How many mentions an insertion at the selection would replace (they do not count against
    /// a limit: the insertion takes their place).
    public var mentionsInSelection: Int {
        let target = expandToMentions(selection.range)
        guard !target.isEmpty else { return 0 }
        return mentions.filter { $0.start >= target.lowerBound && $0.end <= target.upperBound }.count
    }
}
