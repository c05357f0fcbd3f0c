/// What the draft is for (README "What the engine does").
public enum ComposerMode: Equatable, Sendable {
    /// A new message.
    case new
    /// Editing the message `messageID`; `isMedia` means only its caption is edited.
    case edit(messageID: String, isMedia: Bool)
    /// Replying to (quoting) `messageID`, with a preview of it.
    case reply(messageID: String, preview: ReplyPreview)

    public var isEditing: Bool {
        if case .edit = self { return true }
        return false
    }

    /// Editing a media message: only its caption, which may become empty.
    public var isEditingMedia: Bool {
        if case .edit(_, true) = self { return true }
        return false
    }
}

/// The quoted message as the reply preview shows it.
public struct ReplyPreview: Equatable, Sendable {
    public var sender: String
    /// Plain text, cut on a grapheme boundary with "…".
    public var snippet: String
}

/// A slash command set on the draft: the draft then sends it instead of text.
public struct ComposerCommand: Equatable, Sendable {
    public var name: String
    /// nil when the command was set without arguments (and none were typed after it).
    public var args: String?

    public init(name: String, args: String?) {
        self.name = name
        self.args = args
    }
}

/// Typing presence, on the host's clock.
struct TypingState: Sendable {
    var isTyping = false
    var lastEditAt: Int64 = 0
    /// Idle time after which typing stops (README "What the engine does").
    static let idleMilliseconds: Int64 = 5000
}

/// One-off notices for the host.
public enum DraftNotice: Equatable, Sendable {
    case typingStarted
    case typingStopped
    /// The host should stop uploading this attachment (it was removed or cancelled).
    case cancelUpload(id: UInt64)
}
