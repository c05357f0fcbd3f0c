/// The selection: `anchor` stays put while `focus` moves; a caret has `anchor == focus`.
public struct Selection: Hashable, Sendable {
    public var anchor: Int
    public var focus: Int

    public init(anchor: Int, focus: Int) {
        self.anchor = anchor
        self.focus = focus
    }

    public static func caret(_ offset: Int) -> Selection { Selection(anchor: offset, focus: offset) }

    public var isCaret: Bool { anchor == focus }
    public var range: Range<Int> { min(anchor, focus)..<max(anchor, focus) }

    /// Clamped into `0...length` (selection setters clamp, README "What the engine does").
    func clamped(to length: Int) -> Selection {
        Selection(anchor: Swift.max(0, Swift.min(anchor, length)), focus: Swift.max(0, Swift.min(focus, length)))
    }
}
