/// Everything a UI needs to draw the composer (README "What the engine does"), as one value and as JSON.
public struct UIState: Equatable, Sendable {
    public var selection: Selection
    public var activeFormats: ActiveFormats
    public var sendBlocker: SendBlocker?
    public var mode: ComposerMode
    public var threadParentID: String?
    public var alsoSendToChannel: Bool
    public var tray: AttachmentTray
    public var canAttach: Bool
    public var canRecordVoice: Bool
    public var canSendSticker: Bool
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
}

/// The listener's event kinds (MC_EVENT_*); values are part of the ABI.
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
    /// The formatting of a range changed: the host reads its spans again.
    case formatting = 12
    /// Options of the configuration changed (a live update): the changed ones and their values.
    case config = 13
    /// The thread parent or "also send to channel" changed.
    case thread = 14

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
        case .formatting: return "formatting"
        case .config: return "config"
        case .thread: return "thread"
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

extension Composer {
    public var uiState: UIState {
        UIState(selection: selection, activeFormats: editor.activeFormats, sendBlocker: sendBlocker,
                mode: mode, threadParentID: threadParentID, alsoSendToChannel: alsoSendToChannel, tray: tray, canAttach: canAttach,
                canRecordVoice: canRecordVoice, canSendSticker: canSendSticker,
                infoBanner: infoBanner, mentionQuery: mentionQuery, commandQuery: commandQuery, command: command,
                cooldownRemaining: cooldownRemaining, length: length, maxLength: config.maxLength, isTyping: isTyping,
                canUndo: editor.canUndo, canRedo: editor.canRedo)
    }
}

extension JSONValue {
    /// The value of `key` in an object.
    public func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }
}
