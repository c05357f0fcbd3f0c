/// One mention in the draft, as hosts query them.
public struct MentionRange: Equatable, Sendable {
    public var start: Int
    public var end: Int
    public var uid: String
    public var name: String
}

extension Draft {
    /// How many mentions the draft holds (kept in the text tree's summaries).
    public var mentionCount: Int { document.mentionCount }

    /// Every mention run, in text order.
    public var mentions: [MentionRange] {
        document.spans.compactMap { span in
            guard case .mention(let uid, let name) = span.format else { return nil }
            return MentionRange(start: span.start, end: span.end, uid: uid, name: name)
        }
    }

    /// Replaces the selection with the atomic run `@name` for `uid`, followed by a space; the caret
    /// ends after the space (one undo step). Refused when mentions are disabled or the draft already
    /// holds `mentionLimit` mentions.
    public mutating func insertMention(uid: String, name: String) throws(ComposerError) {
        guard config.mentionsEnabled else { throw .notAllowed("mentions are disabled") }
        try MentionPolicy.validate(uid: uid, name: name)
        // Mentions the insertion replaces do not count against the limit.
        let target = expandToMentions(selection.range)
        let replaced = target.isEmpty ? 0 : mentions.filter { $0.start >= target.lowerBound && $0.end <= target.upperBound }.count
        guard mentionCount - replaced < config.mentionLimit else {
            // The refusal raises the info banner the UI shows (README "What the engine does").
            infoBanner = Draft.mentionLimitBanner(config.mentionLimit)
            throw .limitExceeded("a message can hold at most \(config.mentionLimit) mention\(config.mentionLimit == 1 ? "" : "s")")
        }
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
        noteTyping()
    }

    static func mentionLimitBanner(_ limit: Int) -> String {
        "You can mention up to \(limit) \(limit == 1 ? "person" : "people") in a message."
    }
}
