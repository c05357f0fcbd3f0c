/// A message draft: the rich text, the selection and the configuration. A value type; the C layer
/// wraps one per handle behind a lock.
public struct Draft: Sendable {
    public let config: DraftConfig
    public internal(set) var document = Document()
    public internal(set) var selection = Selection.caret(0)

    public init(config: DraftConfig = DraftConfig()) {
        self.config = config
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

    /// Sets the selection, clamping both ends into the text (SPEC section 1). A caret inside a
    /// mention snaps to the mention's nearer edge.
    public mutating func setSelection(anchor: Int, focus: Int) {
        let clamped = Selection(anchor: anchor, focus: focus).clamped(to: document.count)
        selection = Selection(anchor: snapOutOfMention(clamped.anchor), focus: snapOutOfMention(clamped.focus))
    }

    /// Replaces the whole content with `document`; the caret goes to the end.
    public mutating func load(_ document: Document) {
        self.document = document
        selection = .caret(document.count)
    }

    /// Replaces `[start, end)` with `text`; the caret ends after the inserted text. A range that
    /// cuts into a mention grows to take the whole mention (mentions are atomic).
    public mutating func replace(_ start: Int, _ end: Int, with text: String) throws(ComposerError) {
        let range = expandToMentions(try checkRange(start, end))
        let replacement = Array(text.unicodeScalars)
        let style = insertionStyle(replacing: range)
        document.replace(range, with: replacement, style: style)
        selection = .caret(range.lowerBound + replacement.count)
    }

    /// The style new text takes: the first replaced character's (links kept only if the
    /// replacement stays inside the link), or at a caret the previous character's without link or
    /// mention (they never extend by typing).
    func insertionStyle(replacing range: Range<Int>) -> InlineStyle {
        let styles = document.styles
        if !range.isEmpty {
            var style = styles[range.lowerBound]
            if style.link != 0, range.upperBound < styles.count, styles[range.upperBound].link == style.link {
                // Replacement inside a link stays linked.
            } else {
                style.link = 0
            }
            style.mention = 0
            return style
        }
        guard range.lowerBound > 0, document.scalars[range.lowerBound - 1] != "\n" else { return .plain }
        var style = styles[range.lowerBound - 1]
        style.link = 0
        style.mention = 0
        return style
    }

    /// The range of the mention run covering `offset` strictly inside it, if any.
    func mentionRun(around offset: Int) -> Range<Int>? {
        let styles = document.styles
        guard offset > 0, offset < styles.count else { return nil }
        let id = styles[offset].mention
        guard id != 0, styles[offset - 1].mention == id else { return nil }
        var start = offset
        while start > 0, styles[start - 1].mention == id { start -= 1 }
        var end = offset
        while end < styles.count, styles[end].mention == id { end += 1 }
        return start..<end
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
