/// Why a draft cannot be sent (README "What the engine does"), in the order they are checked.
public enum SendBlocker: Equatable, Sendable {
    case empty
    case uploadsPending(Int)
    case failedUploads(Int)
    case errorTiles(Int)
    case tooManyFiles(count: Int, limit: Int)
    case cooldown(milliseconds: Int64)
    case tooLong(length: Int, limit: Int)
    case tooManyMentions(count: Int, limit: Int)

    public var name: String {
        switch self {
        case .empty: return "empty"
        case .uploadsPending: return "uploads_pending"
        case .failedUploads: return "failed_uploads"
        case .errorTiles: return "error_tiles"
        case .tooManyFiles: return "too_many_files"
        case .cooldown: return "cooldown"
        case .tooLong: return "too_long"
        case .tooManyMentions: return "too_many_mentions"
        }
    }

    public var message: String {
        switch self {
        case .empty: return "the message is empty"
        case .uploadsPending(let n): return "\(n) upload\(n == 1 ? " is" : "s are") still in progress"
        case .failedUploads(let n): return "\(n) upload\(n == 1 ? "" : "s") failed; retry or remove \(n == 1 ? "it" : "them")"
        case .errorTiles(let n): return "\(n) attachment\(n == 1 ? " has" : "s have") an error; remove \(n == 1 ? "it" : "them")"
        case .tooManyFiles(let count, let limit): return "the message has \(count) attachments; the limit is \(limit)"
        // Rounded up without `ms + 999`, which overflows near the clock's end.
        case .cooldown(let ms): return "slow mode: wait \(ms / 1000 + (ms % 1000 > 0 ? 1 : 0)) s"
        case .tooLong(let length, let limit): return "the message is \(length) characters long; the limit is \(limit)"
        case .tooManyMentions(let count, let limit): return "the message has \(count) mentions; the limit is \(limit)"
        }
    }
}

/// One message a send produces. Its JSON (`jsonValue`) is the documented outgoing schema.
public struct OutgoingMessage: Equatable, Sendable {
    public enum Kind: String, Sendable { case text, media, command, edit, sticker }
    public var kind: Kind
    /// Wire markdown (the caption for media).
    public var text: String
    public var mentions: [MentionValue]
    public var attachmentKind: AttachmentKind?
    public var attachments: [Attachment]
    public var command: ComposerCommand?
    public var quotedID: String?
    public var editedID: String?
    public var parentID: String?
    /// A sticker message's sticker.
    public var sticker: Sticker?
    /// A thread reply that also goes to the channel.
    public var alsoSendToChannel = false
}

/// A sticker the user picked (CometChat's sticker button): the sticker service's id and image
/// URL, and the pack it belongs to.
public struct Sticker: Equatable, Sendable {
    public var id: String
    public var url: String
    public var pack: String?

    public init(id: String, url: String, pack: String? = nil) {
        self.id = id
        self.url = url
        self.pack = pack
    }
}

extension Composer {
    /// The document as it would be sent: hand-typed markdown normalized (rich text on), and
    /// whitespace trimmed at both ends (when trimming is on).
    func outgoingDocument() -> Document {
        var doc = config.richText ? editor.normalizedDocument : document
        if config.trimOnSend {
            let kept = doc.rangeWithoutEndWhitespace
            let (start, end) = (kept.lowerBound, kept.upperBound)
            if end < doc.count { doc.replace(end..<doc.count, with: [], style: .plain) }
            if start > 0 {
                // Removing a leading line keeps the first line's block; the first kept line's block wins.
                let firstKeptLine = doc.lineIndex(at: start)
                let block = doc.block(ofLine: firstKeptLine)
                doc.replace(0..<start, with: [], style: .plain)
                doc.setBlock(block, lines: 0...0)
            }
        }
        return doc
    }

    /// Why the draft cannot be sent now, or nil when it can. An edit is never held by slow mode
    /// (it is no new message), and the edit of a media message may empty its caption.
    public var sendBlocker: SendBlocker? {
        if command == nil {
            // Cheap on every keystroke: scans only the whitespace at the start, and at the end only
            // when a length limit needs the trimmed length; never builds the outgoing document.
            let count = document.count
            var first = 0
            // Text that starts with a character (the usual case) costs no descent.
            if document.firstScalar?.isWhitespace == true { first = document.firstNonWhitespace(from: 1) }
            let hasText = first < count
            if !hasText, tray.isEmpty, !mode.isEditingMedia { return .empty }
            if let blocker = tray.blocker, !tray.isEmpty {
                switch blocker {
                case .empty: break
                case .uploadsPending(let n): return .uploadsPending(n)
                case .failedUploads(let n): return .failedUploads(n)
                case .errorTiles(let n): return .errorTiles(n)
                }
            }
            if tray.tiles.count > tray.limits.maxFiles { return .tooManyFiles(count: tray.tiles.count, limit: tray.limits.maxFiles) }
            if let limit = config.maxLength {
                let last = document.endOfNonWhitespace(before: count, notBefore: first)
                let length = config.trimOnSend ? last - first : count
                if length > limit { return .tooLong(length: length, limit: limit) }
            }
        }
        if !mode.isEditing, cooldownRemaining > 0 { return .cooldown(milliseconds: cooldownRemaining) }
        let count = editor.mentionCount
        if count > config.mentionLimit { return .tooManyMentions(count: count, limit: config.mentionLimit) }
        return nil
    }

    public var canSend: Bool { sendBlocker == nil }

    /// Sends at the host's time `now` (milliseconds): returns the outgoing messages and clears the
    /// draft (the thread parent stays; an edit gives the put-aside draft back). A new message
    /// starts slow mode's cooldown and resets "also send to channel"; an edit does neither.
    /// A refused send throws `.notAllowed` with the reason and changes nothing.
    public mutating func send(now: Int64) throws(ComposerError) -> [OutgoingMessage] {
        try checkClock(now)
        var copy = self
        copy.now = now
        if let blocker = copy.sendBlocker { throw .notAllowed("cannot send: \(blocker.message)") }
        try tick(now: now)
        let messages = outgoingMessages()
        switch mode {
        case .edit:
            restoreSavedDraft()
        case .new, .reply:
            editor.clear()
            _ = tray.removeAll()  // keeps the id counter: ids are never reused in a draft's life
            command = nil
            mode = .new
            editor.resetHistory()
            alsoSendToChannel = false
            noteMessageSent()
        }
        banner = nil
        stopTyping()
        return messages
    }

    func outgoingMessages() -> [OutgoingMessage] {
        let parent = threadParentID
        let toChannel = alsoSendToChannel && parent != nil
        if var command {
            // Text typed after choosing a command is its argument ("/giphy" then "cats").
            let typed = text.trimmingWhitespace
            if !typed.isEmpty { command.args = (command.args ?? "").isEmpty ? typed : (command.args ?? "") + " " + typed }
            return [OutgoingMessage(kind: .command, text: "", mentions: [], attachments: [], command: command, parentID: parent,
                                    alsoSendToChannel: toChannel)]
        }
        let doc = outgoingDocument()
        let markdown = MarkdownSerializer.serialize(doc, mode: config.richText ? .rich : .plain)
        var seen = Set<String>()
        let mentionValues = doc.spans.compactMap { span -> MentionValue? in
            guard case .mention(let uid, let name) = span.format, seen.insert(uid).inserted else { return nil }
            return MentionValue(uid: uid, name: name)
        }
        let hasText = doc.text.unicodeScalars.contains { !$0.isWhitespace }
        var quoted: String?
        if case .reply(let id, _) = mode { quoted = id }
        if case .edit(let id, _) = mode {
            return [OutgoingMessage(kind: .edit, text: markdown, mentions: mentionValues, attachments: [], editedID: id, parentID: parent)]
        }
        let groups = tray.groupsForSending()
        if groups.isEmpty {
            return [OutgoingMessage(kind: .text, text: markdown, mentions: mentionValues, attachments: [], quotedID: quoted, parentID: parent,
                                    alsoSendToChannel: toChannel)]
        }
        return groups.enumerated().map { i, group in
            OutgoingMessage(kind: .media, text: i == 0 && hasText ? markdown : "", mentions: i == 0 ? mentionValues : [],
                            attachmentKind: group.kind, attachments: group.attachments,
                            quotedID: i == 0 ? quoted : nil, parentID: parent, alsoSendToChannel: toChannel)
        }
    }

    /// Clears text, command and attachments (uploads in flight are cancelled); typing stops.
    /// One undo step for the text. The mode and thread stay.
    public mutating func clear() {
        guard !document.isEmpty || command != nil || !tray.isEmpty || banner != nil || typing.isTyping else { return }
        editor.clear()
        command = nil
        for id in tray.removeAll() { outbox.append(.cancelUpload(id: id)) }
        banner = nil
        stopTyping()
    }
}

extension String {
    var trimmingWhitespace: String {
        let scalars = Array(unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
