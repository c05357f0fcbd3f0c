/// The formats in force at the selection, for toolbar buttons: at a caret, the typing
/// attributes and the line's block; over a selection, the formats every selected character
/// (and every touched line) has.
public struct ActiveFormats: Equatable, Sendable {
    public var kinds: [FormatKind]
    public var link: String?
    public var color: String?
}

/// What the active formats are made of: the style every selected character shares (mention
/// ids folded to "a mention") and the block every touched line shares. Comparing keys costs no
/// allocation, so the formats event is built only when they change.
struct ActiveFormatsKey: Equatable, Sendable {
    var style: InlineStyle
    var block: BlockFormat?
}

extension Editor {
    public var activeFormats: ActiveFormats { activeFormats(activeFormatsKey) }

    func activeFormats(_ key: ActiveFormatsKey) -> ActiveFormats {
        var kinds = FormatKind.allCases.filter { !$0.isBlock && key.style.has($0) }
        if let block = key.block { kinds.append(block.kind) }
        return ActiveFormats(kinds: kinds,
                             link: document.values.link(key.style.link),
                             color: key.style.color == 0 ? nil : ColorPolicy.format(key.style.color))
    }

    var activeFormatsKey: ActiveFormatsKey {
        if selection.isCaret, pending == nil, let known = caretFormats, known.version == document.version,
           known.offset == selection.focus {
            if let style = known.style { return ActiveFormatsKey(style: style, block: known.block) }
            // The block is known: only the character before the caret is read.
            let offset = known.offset
            var style = offset > 0 ? insertionStyle(at: offset, after: document.scalarAndStyle(at: offset - 1)) : .plain
            if style.mention != 0 { style.mention = 1 }
            return ActiveFormatsKey(style: style, block: known.block)
        }
        return computedActiveFormatsKey
    }

    /// `activeFormatsKey` found from the document (what `caretFormats` saves after typing).
    var computedActiveFormatsKey: ActiveFormatsKey {
        let range = selection.range
        var common: InlineStyle
        var block: BlockFormat?
        if range.isEmpty {
            // What `typingStyle` and `block(ofLineAt:)` give, from one descent (asked on every key).
            let around = document.caretSurroundings(at: range.lowerBound)
            if let pending, pending.offset == range.lowerBound {
                common = pending.style
            } else if let previous = around.previous {
                common = insertionStyle(at: range.lowerBound, after: previous)
            } else {
                common = .plain
            }
            block = around.block
        } else {
            common = document.commonStyle(in: range) ?? .plain
        }
        if common.mention != 0 { common.mention = 1 }  // which mention does not show
        if !range.isEmpty {
            let first = document.lineIndex(at: range.lowerBound)
            let last = document.lineIndex(at: range.upperBound)
            if let b = document.block(ofLine: first), document.linesAll(first...last, have: b) { block = b }
        }
        return ActiveFormatsKey(style: common, block: block)
    }
}
