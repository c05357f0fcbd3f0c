/// The rich-text editor: the document, the selection, the typing attributes and the undo
/// history, and every operation on them. It knows nothing of messages: no clock, banner, mode,
/// tray or limits (those are the `Composer`'s, which owns an editor). Every operation returns an
/// `EditorChange` naming what it did, which the composer turns into typing notices and events.
public struct Editor: Sendable {
    public private(set) var settings: EditorSettings
    public internal(set) var document = Document()
    public internal(set) var selection = Selection.caret(0)
    /// Formats chosen with a caret toggle, for the next typed text, valid while the caret stays
    /// where they were chosen (README "What the engine does"; peer choice 2).
    var pending: PendingStyle?
    /// Where the three-backtick shortcut has just opened a code block (the caret on its empty
    /// line), until the next operation: an Enter right there confirms the block instead of ending
    /// it (`enter()`).
    var openedCodeBlock: Int?
    var history: UndoHistory
    /// What typing and backspace know of the active formats they leave at the caret: the line's
    /// block (the edit looked it up) and, after typing, the style it gave the text before the
    /// caret. Valid while the document's version and the caret are those it was taken at: the
    /// formats event after a keystroke then needs no lookup, or only the character before it.
    var caretFormats: (version: UInt64, offset: Int, block: BlockFormat?, style: InlineStyle?)?

    public init(settings: EditorSettings = EditorSettings()) {
        self.settings = settings
        history = UndoHistory(depth: settings.undoDepth)
        document.beginRecording()
    }

    public var text: String { document.text }
    public var length: Int { document.count }

    /// Takes new settings (a live configuration update). The text and its formats stay as they
    /// are (with rich text off they go out as plain text); the history keeps at most the new
    /// depth's newest steps.
    public mutating func updateSettings(_ new: EditorSettings) {
        settings = new
        history.depth = new.undoDepth
        history.undo.keepNewest(new.undoDepth)
        history.redo.keepNewest(new.undoDepth)
    }

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
    @discardableResult
    public mutating func setSelection(anchor: Int, focus: Int) -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        let clamped = Selection(anchor: anchor, focus: focus).clamped(to: document.count)
        let new = Selection(anchor: snapOutOfMention(clamped.anchor), focus: snapOutOfMention(clamped.focus))
        if new != selection { pending = nil }
        selection = new
        history.breakCoalescing()
        return currentChange
    }

    /// Replaces the whole content with `document` (one undo step); the caret goes to the end.
    @discardableResult
    public mutating func load(_ document: Document) -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        checkpoint(.other)
        self.document.replaceAll(with: document)
        selection = .caret(document.count)
        pending = nil
        return currentChange
    }

    /// Replaces `[start, end)` with `text` (one undo step); the caret ends after the inserted text.
    /// A range that cuts into a mention grows to take the whole mention (mentions are atomic).
    /// Refused when the text would grow past `Limits.maxTextLength`.
    @discardableResult
    public mutating func replace(_ start: Int, _ end: Int, with text: String) throws(ComposerError) -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        var range = try checkRange(start, end)
        // An insertion point inside a mention moves to its nearer edge; a range that cuts into a
        // mention takes all of it.
        range = range.isEmpty ? snapOutOfMention(start)..<snapOutOfMention(start) : expandToMentions(range)
        if range.isEmpty, text.isEmpty {
            // Nothing to change: the caret moves there, without an undo step.
            setSelection(anchor: range.lowerBound, focus: range.lowerBound)
            return currentChange
        }
        let replacement = Editor.normalizingLineBreaks(text.scalarArray)
        try checkRoom(replacing: range.count, inserting: replacement.count)
        checkpoint(.other)
        document.replace(range, with: replacement, style: insertionStyle(replacing: range))
        selection = .caret(range.lowerBound + replacement.count)
        pending = nil
        return currentChange
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
        guard offset > 0 else { return .plain }
        return insertionStyle(at: offset, after: document.scalarAndStyle(at: offset - 1))
    }

    /// `insertionStyle(replacing: offset..<offset)` for `offset > 0`, given the character before
    /// the caret and its style (a caller that already holds them saves a descent).
    func insertionStyle(at offset: Int, after previous: (scalar: Unicode.Scalar, style: InlineStyle)) -> InlineStyle {
        let count = document.count
        func styles(_ i: Int) -> InlineStyle { document.style(at: i) }
        let (before, styleBefore) = previous
        guard before != "\n" else { return .plain }
        var style = styleBefore
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
        // Most drafts hold no mention: the tree's summary says so without a descent.
        guard document.mentionCount > 0, offset > 0, offset < document.count else { return nil }
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

extension Editor {
    /// Empties the text as one undo step; the caret goes to 0. An already empty text is left
    /// alone (replacing it would also drop the value table that the redo steps still point into),
    /// but for a block on its one line, which goes.
    @discardableResult
    public mutating func clear() -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        if !document.isEmpty {
            checkpoint(.other)
            document.replaceAll(with: Document())
        } else if document.block(ofLine: 0) != nil {
            checkpoint(.other)
            document.setBlock(nil, lines: 0...0)
        }
        selection = .caret(0)
        pending = nil
        return currentChange
    }

    /// Puts `document` and `selection` in place of the content with a fresh history (a draft put
    /// aside coming back, a snapshot restored): nothing to undo, no typing attributes. A caret never
    /// rests inside a mention, whatever `selection` says.
    @discardableResult
    mutating func reset(document new: Document, selection newSelection: Selection) -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        document.replaceAll(with: new)
        let clamped = newSelection.clamped(to: document.count)
        selection = Selection(anchor: snapOutOfMention(clamped.anchor), focus: snapOutOfMention(clamped.focus))
        pending = nil
        resetHistory()
        return currentChange
    }
}
