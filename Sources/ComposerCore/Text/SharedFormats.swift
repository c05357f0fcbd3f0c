/// What the characters of a stretch of text have in common: the style of all but its line breaks
/// (the flags they all have, and a link, colour or mention only where all have the same one), the
/// block format of the lines its line breaks end, and whether all are whitespace. Every node of the
/// text tree keeps those of its subtree, so the toolbar's formats over a selection read the
/// subtrees the selection covers instead of their runs, and the send state steps over whitespace a
/// subtree at a time (docs/storage.md).
///
/// Kept beside the node's `TextSummary`, not in it: summaries are copied at every step of every
/// descent, and these are read only by the toolbar's queries and the whitespace scans.
struct SharedFormats: Equatable, Sendable {
    /// Whether the stretch holds a character other than a line break; `style` is `.plain` when
    /// it does not (and `+` passes it over).
    var hasText = false
    var style = InlineStyle.plain
    /// `noLineBreaks`, one block format's `key`, or `mixedBlocks`.
    var block: UInt8 = SharedFormats.noLineBreaks
    /// Whether every character is whitespace (`Unicode.Scalar.isWhitespace`; true when there are
    /// none).
    var allWhitespace = true

    static let noLineBreaks: UInt8 = 0
    static let mixedBlocks: UInt8 = 0xFF

    /// `block` as `SharedFormats.block` holds it (1 for no block, 1 + the raw value for one).
    @inline(__always)
    static func key(_ block: BlockFormat?) -> UInt8 { 1 &+ (block?.rawValue ?? 0) }

    /// Those of `a` followed by `b`.
    @inline(__always)
    static func + (a: SharedFormats, b: SharedFormats) -> SharedFormats {
        var s = a
        if !a.hasText {
            s.hasText = b.hasText
            s.style = b.style
        } else if b.hasText, a.style != .plain {
            // Once plain (text without formats, the usual case), it stays plain: no comparison.
            s.style = a.style.shared(with: b.style)
        }
        s.allWhitespace = a.allWhitespace && b.allWhitespace
        if a.block == noLineBreaks {
            s.block = b.block
        } else if b.block != noLineBreaks, b.block != a.block {
            s.block = mixedBlocks
        }
        return s
    }
}
