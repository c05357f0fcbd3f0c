/// A run of equally styled text, its length in UTF-8 bytes. Styles are stored as runs, never one
/// record per character: typed prose costs a few runs per leaf of the text tree.
public struct StyleRun: Hashable, Sendable {
    public var style: InlineStyle
    public var utf8Count: Int

    public init(style: InlineStyle, utf8Count: Int) {
        self.style = style
        self.utf8Count = utf8Count
    }
}
