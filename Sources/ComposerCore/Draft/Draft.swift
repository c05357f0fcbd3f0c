/// A message draft: the rich text, the selection, the typing attributes and the undo history.
/// A value type; the C layer keeps one per handle behind that handle's lock.
public struct Draft: Sendable {
    public let config: DraftConfig
    public internal(set) var document = Document()
    public internal(set) var selection = Selection.caret(0)
    /// Formats chosen with a caret toggle, for the next typed text, valid while the caret stays
    /// where they were chosen (README "What the engine does"; peer choice 2).
    var pending: PendingStyle?
    var history = UndoHistory()

    // The composer around the text (Composer/): mode, thread, command, tray, clock and notices.
    public internal(set) var mode = ComposerMode.new
    /// The draft that was there before an edit started; it comes back when the edit ends.
    var savedBeforeEdit: SavedDraft?
    public internal(set) var threadParentID: String?
    public internal(set) var command: ComposerCommand?
    public internal(set) var tray: AttachmentTray
    /// The host's clock, in milliseconds, as last given (`tick`, `send`).
    public internal(set) var now: Int64 = 0
    var typing = TypingState()
    public internal(set) var cooldownUntil: Int64 = 0
    public internal(set) var infoBanner: String?
    /// One-off notices for the host (typing started/stopped, uploads to stop), drained by the
    /// C layer after each call.
    var outbox: [DraftNotice] = []

    public init(config: DraftConfig = DraftConfig()) {
        self.config = config
        history.depth = config.undoDepth
        document.beginRecording()
        tray = AttachmentTray(limits: (try? AttachmentLimits(config: config)) ?? AttachmentLimits())
    }

    public var text: String { document.text }
    public var length: Int { document.count }

    /// Checks that `start...end` lies within the text.
    func checkRange(_ start: Int, _ end: Int) throws(ComposerError) -> Range<Int> {
        guard start >= 0, end >= start, end <= document.count else {
            throw .outOfRange("range [\(start), \(end)) is outside the text (length \(document.count))")
        }
        return start..<end
    }

    /// Sets the selection, clamping both ends into the text (README "What the engine does"). An end inside a
    /// mention snaps to the mention's nearer edge. Pending formats survive only a re-selection of
    /// the same caret.
    public mutating func setSelection(anchor: Int, focus: Int) {
        let clamped = Selection(anchor: anchor, focus: focus).clamped(to: document.count)
        let new = Selection(anchor: snapOutOfMention(clamped.anchor), focus: snapOutOfMention(clamped.focus))
        if new != selection { pending = nil }
        selection = new
        history.breakCoalescing()
    }

    /// Replaces the whole content with `document` (one undo step); the caret goes to the end.
    public mutating func load(_ document: Document) {
        checkpoint(.other)
        self.document.replaceAll(with: document)
        selection = .caret(document.count)
        pending = nil
    }

    /// Replaces `[start, end)` with `text` (one undo step); the caret ends after the inserted text.
    /// A range that cuts into a mention grows to take the whole mention (mentions are atomic).
    /// Refused when the text would grow past `Limits.maxTextLength`.
    public mutating func replace(_ start: Int, _ end: Int, with text: String) throws(ComposerError) {
        var range = try checkRange(start, end)
        // An insertion point inside a mention moves to its nearer edge; a range that cuts into a
        // mention takes all of it.
        range = range.isEmpty ? snapOutOfMention(start)..<snapOutOfMention(start) : expandToMentions(range)
        if range.isEmpty, text.isEmpty {
            // Nothing to change: the caret moves there, without an undo step.
            setSelection(anchor: range.lowerBound, focus: range.lowerBound)
            return
        }
        let replacement = Array(Draft.normalizingLineBreaks(text).unicodeScalars)
        try checkRoom(replacing: range.count, inserting: replacement.count)
        checkpoint(.other)
        noteTyping()
        document.replace(range, with: replacement, style: insertionStyle(replacing: range))
        selection = .caret(range.lowerBound + replacement.count)
        pending = nil
    }

    /// The style new text takes when it replaces `range` (README "What the engine does"; peer choices 3 and 4):
    /// - replacing characters: the first replaced character's style; its link only if the
    ///   replacement stays inside the link; never a mention;
    /// - at a caret: the previous character's style without link or mention (they never extend);
    ///   after a link, the style of the run that follows it.
    func insertionStyle(replacing range: Range<Int>) -> InlineStyle {
        let count = document.count
        func styles(_ i: Int) -> InlineStyle { document.style(at: i) }
        if !range.isEmpty {
            var style = styles(range.lowerBound)
            let staysInLink = style.link != 0 && range.upperBound < count && styles(range.upperBound).link == style.link
            if !staysInLink { style.link = 0 }
            style.mention = 0
            return style
        }
        let offset = range.lowerBound
        guard offset > 0, document.scalar(at: offset - 1) != "\n" else { return .plain }
        var style = styles(offset - 1)
        if style.link != 0, offset < count, styles(offset).link == style.link {
            style.mention = 0
            return style  // Inside a link (not at its edge): the text joins the link.
        }
        if style.link != 0 || style.mention != 0 {
            if offset < count, document.scalar(at: offset) != "\n", styles(offset).link != style.link || style.link == 0 {
                style = styles(offset)
            }
            if style.mention != 0 && styles(offset - 1).mention != 0 { style = styles(offset - 1) }
        }
        style.link = 0
        style.mention = 0
        return style
    }

    /// The style the next typed character gets at the caret: pending formats if chosen here, else
    /// the inherited style.
    public var typingStyle: InlineStyle {
        if let pending, pending.offset == selection.focus, selection.isCaret { return pending.style }
        return insertionStyle(replacing: selection.range)
    }

    /// The range of the mention run covering `offset` strictly inside it, if any.
    func mentionRun(around offset: Int) -> Range<Int>? {
        guard offset > 0, offset < document.count else { return nil }
        let id = document.style(at: offset).mention
        guard id != 0, document.style(at: offset - 1).mention == id else { return nil }
        return mentionRun(containing: offset)
    }

    /// The whole mention run holding the character at `index`, if it is in one.
    func mentionRun(containing index: Int) -> Range<Int>? {
        document.run(containing: index) { $0.mention }
    }

    func snapOutOfMention(_ offset: Int) -> Int {
        guard let run = mentionRun(around: offset) else { return offset }
        return offset - run.lowerBound <= run.upperBound - offset ? run.lowerBound : run.upperBound
    }

    func expandToMentions(_ range: Range<Int>) -> Range<Int> {
        let lower = mentionRun(around: range.lowerBound)?.lowerBound ?? range.lowerBound
        let upper = mentionRun(around: range.upperBound)?.upperBound ?? range.upperBound
        return lower..<upper
    }
}

/// Typing attributes chosen at a caret position.
struct PendingStyle: Sendable, Equatable {
    var style: InlineStyle
    var offset: Int
}
