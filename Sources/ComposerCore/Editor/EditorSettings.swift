/// What the editor needs to know of the configuration: whether text may be formatted (rich text:
/// line-start shortcuts, hand-typed markdown turned into formats) and how many undo steps to keep.
/// The message rules (limits, mentions on or off, slow mode) belong to the composer.
public struct EditorSettings: Equatable, Sendable {
    public var richText: Bool
    public var undoDepth: Int

    public init(richText: Bool = true, undoDepth: Int = 100) {
        self.richText = richText
        self.undoDepth = undoDepth
    }
}
