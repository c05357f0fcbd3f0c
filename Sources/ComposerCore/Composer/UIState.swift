/// Everything a UI needs to draw the composer (SPEC section 10), as one value and as JSON.
public struct UIState: Equatable, Sendable {
    public var revision: Int
    /// The content itself, kept only for a batch's starting state, so a batch that changes the
    /// text and changes it back reports no text event (a revision cannot tell).
    public var content: Document?
    public var selection: Selection
    public var activeFormats: ActiveFormats
    public var sendBlocker: SendBlocker?
    public var mode: ComposerMode
    public var threadParentID: String?
    public var tray: AttachmentTray
    public var canAttach: Bool
    public var canRecordVoice: Bool
    public var infoBanner: String?
    public var mentionQuery: ComposerQuery?
    public var commandQuery: ComposerQuery?
    public var command: ComposerCommand?
    public var cooldownRemaining: Int64
    public var length: Int
    public var maxLength: Int?
    public var isTyping: Bool
    public var canUndo: Bool
    public var canRedo: Bool

    /// The JSON schema `mc_draft_ui_state` returns (README "UI state").
    public var jsonValue: JSONValue {
        func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        let modeValue: JSONValue
        switch mode {
        case .new: modeValue = .object([("kind", .string("new"))])
        case .edit(let id, let isMedia):
            modeValue = .object([("kind", .string("edit")), ("message_id", .string(id)), ("media", .bool(isMedia))])
        case .reply(let id, let preview):
            modeValue = .object([("kind", .string("reply")), ("message_id", .string(id)),
                                 ("preview", .object([("sender", .string(preview.sender)), ("snippet", .string(preview.snippet))]))])
        }
        return .object([
            ("can_send", .bool(sendBlocker == nil)),
            ("send_blocked", sendBlocker.map { .object([("reason", .string($0.name)), ("message", .string($0.message))]) } ?? .null),
            ("mode", modeValue),
            ("thread_parent_id", string(threadParentID)),
            ("selection", .array([.integer(Int64(selection.anchor)), .integer(Int64(selection.focus))])),
            ("active_formats", activeFormats.jsonValue),
            ("tray", tray.jsonValue),
            ("attachments_available", .bool(canAttach)),
            ("mic_available", .bool(canRecordVoice)),
            ("info_banner", string(infoBanner)),
            ("mention_query", mentionQuery?.jsonValue ?? .null),
            ("command_query", commandQuery?.jsonValue ?? .null),
            ("command", command.map { .object([("name", .string($0.name)), ("args", .string($0.args))]) } ?? .null),
            ("cooldown_remaining_ms", .integer(cooldownRemaining)),
            ("length", .integer(Int64(length))),
            ("max_length", maxLength.map { .integer(Int64($0)) } ?? .null),
            ("typing", .bool(isTyping)),
            ("can_undo", .bool(canUndo)),
            ("can_redo", .bool(canRedo)),
        ])
    }
}

/// What changed between two UI states, as the listener's event kinds.
public enum UIEventKind: Int32, CaseIterable, Sendable {
    case text = 0
    case selection = 1
    case formats = 2
    case sendState = 3
    case tray = 4
    case mentionQuery = 5
    case commandQuery = 6
    case typing = 7
    case mode = 8
    case banner = 9
    case error = 10
    case cancelUpload = 11

    public var name: String {
        switch self {
        case .text: return "text"
        case .selection: return "selection"
        case .formats: return "formats"
        case .sendState: return "send_state"
        case .tray: return "tray"
        case .mentionQuery: return "mention_query"
        case .commandQuery: return "command_query"
        case .typing: return "typing"
        case .mode: return "mode"
        case .banner: return "banner"
        case .error: return "error"
        case .cancelUpload: return "cancel_upload"
        }
    }
}

/// One event for the listener: its kind and JSON payload.
public struct UIEvent: Equatable, Sendable {
    public var kind: UIEventKind
    public var payload: String

    public init(kind: UIEventKind, payload: String) {
        self.kind = kind
        self.payload = payload
    }
}

extension Draft {
    /// The UI state a batch starts from: with the content kept for comparison at the commit.
    public var batchStartState: UIState {
        var state = uiState
        state.content = document
        return state
    }

    public var uiState: UIState {
        UIState(revision: revision, content: nil, selection: selection, activeFormats: activeFormats, sendBlocker: sendBlocker,
                mode: mode, threadParentID: threadParentID, tray: tray, canAttach: canAttach, canRecordVoice: canRecordVoice,
                infoBanner: infoBanner, mentionQuery: mentionQuery, commandQuery: commandQuery, command: command,
                cooldownRemaining: cooldownRemaining, length: length, maxLength: config.maxLength, isTyping: isTyping,
                canUndo: canUndo, canRedo: canRedo)
    }

    /// The events that turn `old` into `new`, in a fixed order, plus the pending notices: one
    /// event per kind at most (a batch of changes coalesces to one set).
    public static func events(from old: UIState, to new: UIState, notices: [DraftNotice], document: Document) -> [UIEvent] {
        var events: [UIEvent] = []
        func add(_ kind: UIEventKind, _ payload: JSONValue) { events.append(UIEvent(kind: kind, payload: JSONWriter.write(payload))) }
        let contentChanged: Bool
        if let before = old.content, old.revision != new.revision {
            contentChanged = before != document
        } else {
            contentChanged = old.revision != new.revision
        }
        if contentChanged {
            add(.text, .object([("text", .string(document.text)), ("length", .integer(Int64(new.length)))]))
        }
        if old.selection != new.selection {
            add(.selection, .array([.integer(Int64(new.selection.anchor)), .integer(Int64(new.selection.focus))]))
        }
        if old.activeFormats != new.activeFormats { add(.formats, new.activeFormats.jsonValue) }
        // Only when sendability or its reason changes (not every cooldown tick or keystroke).
        if old.sendBlocker?.name != new.sendBlocker?.name {
            add(.sendState, .object([("can_send", .bool(new.sendBlocker == nil)),
                                     ("reason", new.sendBlocker.map { .string($0.name) } ?? .null)]))
        }
        if old.tray.tiles != new.tray.tiles { add(.tray, new.tray.jsonValue) }
        if old.mentionQuery != new.mentionQuery { add(.mentionQuery, new.mentionQuery?.jsonValue ?? .null) }
        if old.commandQuery != new.commandQuery { add(.commandQuery, new.commandQuery?.jsonValue ?? .null) }
        for notice in notices {
            switch notice {
            case .typingStarted: add(.typing, .object([("typing", .bool(true))]))
            case .typingStopped: add(.typing, .object([("typing", .bool(false))]))
            case .cancelUpload(let id): add(.cancelUpload, .object([("id", .integer(Int64(truncatingIfNeeded: id)))]))
            }
        }
        if old.mode != new.mode || old.command != new.command {
            add(.mode, new.jsonValue.member("mode") ?? .null)
        }
        if old.infoBanner != new.infoBanner { add(.banner, new.infoBanner.map(JSONValue.string) ?? .null) }
        return events
    }
}

extension JSONValue {
    /// The value of `key` in an object.
    public func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }
}
