/// A chat message composer: an `Editor` for the text, and around it everything that makes the text
/// a message — configuration (updatable live), mode (new, edit, reply), thread and its "also send
/// to channel" flag, slash command, attachment tray, the host's clock, typing presence, slow-mode
/// cooldown and the info banner. It decides when the draft may be sent
/// and turns it into outgoing messages. A value type; the C layer keeps one per handle behind that
/// handle's lock.
///
/// Editing that the user does by typing (`insert`, `enter`, the deletes, `replace`, mentions) goes
/// through the composer, which turns the editor's change records into typing notices; every other
/// editing operation (formats, links, caret, undo, batches, markdown) is the editor's own and is
/// called on `editor` directly.
public struct Composer: Sendable {
    /// Set at creation, changed by `updateConfig(json:)`.
    public internal(set) var config: DraftConfig { didSet { stateVersion &+= 1 } }
    public var editor: Editor
    /// The draft that was there before an edit started (its text, tray, command and mode); it
    /// comes back when the edit ends.
    var putAside: PutAsideDraft?
    public internal(set) var mode = ComposerMode.new { didSet { stateVersion &+= 1 } }
    public internal(set) var threadParentID: String? { didSet { stateVersion &+= 1 } }
    /// A thread reply also goes to the channel (Stream's "also send in channel"): on the next new
    /// message only; a send resets it.
    public internal(set) var alsoSendToChannel = false { didSet { stateVersion &+= 1 } }
    public internal(set) var command: ComposerCommand? { didSet { stateVersion &+= 1 } }
    public internal(set) var tray: AttachmentTray { didSet { stateVersion &+= 1 } }
    /// The host's clock, in milliseconds, as last given (`tick`, `send`).
    public internal(set) var now: Int64 = 0
    var typing = TypingState()
    /// When the user's last new message went out (the host's clock), by this draft or as the host
    /// told (`startCooldown`): slow mode's cooldown runs from it.
    public internal(set) var lastMessageAt: Int64?
    /// The info banner raised and not yet gone (`infoBanner` is its text while its cause holds).
    var banner: InfoBanner?
    /// One-off notices for the host (typing started/stopped, uploads to stop), delivered as events.
    var outbox: [DraftNotice] = []
    /// Moves whenever config, mode, thread, command or tray is set (the `didSet`s above), so that
    /// events compare those parts only after a call that may have changed them (ComposerEvents.swift).
    var stateVersion: UInt64 = 0

    public init(config: DraftConfig = DraftConfig()) {
        self.config = config
        editor = Editor(settings: config.editorSettings)
        tray = AttachmentTray(limits: (try? AttachmentLimits(config: config)) ?? AttachmentLimits())
    }

    // What hosts read most, without reaching into the editor. Inlinable: a getter that is a
    // function call takes the whole composer as its argument, which the caller copies first.
    @inlinable public var document: Document { editor.document }
    @inlinable public var selection: Selection { editor.selection }
    public var text: String { editor.document.text }
    @inlinable public var length: Int { editor.document.count }
}

/// Everything an edit puts aside and gives back.
struct PutAsideDraft: Sendable {
    var editor: Editor
    var tray: AttachmentTray
    var command: ComposerCommand?
    var mode: ComposerMode
}

extension DraftConfig {
    /// The part of the configuration the editor follows.
    public var editorSettings: EditorSettings { EditorSettings(richText: richText, undoDepth: undoDepth) }
}
