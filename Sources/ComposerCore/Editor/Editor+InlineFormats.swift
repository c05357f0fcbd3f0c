/// What a format operation does.
public enum FormatAction: Sendable {
    case apply, remove, toggle
}

extension Editor {
    /// Applies, removes or toggles `kind` over `[start, end)` (one undo step).
    ///
    /// - Inline formats: with `protect`, mentions, links, inline code and code blocks are carved out
    ///   of the range (a format never protects against itself: a link operation reaches links).
    ///   Mentions are never linked or made code, and without `protect` a range that cuts into a
    ///   mention grows to cover it whole. Toggle removes when every touched character already has
    ///   the format (with the same value), else applies. An empty range at the caret changes the
    ///   typing attributes instead of the text.
    /// - Block formats apply to every line the range touches (see `formatBlocks`).
    /// - `value` is the URL for `link` and the `#rgb` / `#rrggbb` colour for `color`, and must be
    ///   nil for every other format.
    @discardableResult
    public mutating func format(_ action: FormatAction, _ kind: FormatKind, start: Int, end: Int,
                                value: String? = nil, protect: Bool = true) throws(ComposerError) -> EditorChange {
        let mark = beginChange(); defer { endChange(mark) }
        let range = try checkRange(start, end)
        if let block = BlockFormat(kind) {
            guard value == nil else { throw .invalidArgument("\(kind.name) takes no value") }
            formatBlocks(action, block, range: range)
            return currentChange
        }
        let styleValue = try InlineValue(kind: kind, value: value, action: action, document: &document)
        if action == .apply, styleValue.needsValue { throw .invalidArgument("\(kind.name) needs a value to apply") }
        if range.isEmpty {
            if range.lowerBound == selection.focus, selection.isCaret { try formatTypingStyle(action, styleValue) }
            return currentChange
        }
        let targets = formatTargets(styleValue.kind, in: protect ? range : expandToMentions(range), protect: protect)
        guard !targets.isEmpty else { return currentChange }
        let apply: Bool
        switch action {
        case .apply: apply = true
        case .remove: apply = false
        case .toggle: apply = !allStyles(of: targets) { styleValue.isSet(in: $0) }
        }
        if apply, styleValue.needsValue { throw .invalidArgument("\(kind.name) needs a value to apply") }
        // Applying what every target already has (or removing what none has) changes nothing.
        let unchanged = apply ? allStyles(of: targets) { styleValue.isSet(in: $0) }
                              : allStyles(of: targets) { !styleValue.clears($0) }
        if unchanged { return currentChange }
        checkpoint(.other)
        document.restyle(targets) { apply ? styleValue.set(in: &$0) : styleValue.clear(in: &$0) }
        return currentChange
    }

    /// The ranges of `range` an operation on `kind` touches (never a `\n`, a code-block line or,
    /// as `protect` says, a protected run), in order.
    /// The lines come first (a descent each), then the runs in one walk, each cut at the line
    /// ends: a walk per line read each leaf's runs from its start once per line in it.
    func formatTargets(_ kind: FormatKind, in range: Range<Int>, protect: Bool) -> [Range<Int>] {
        let first = document.lineIndex(at: range.lowerBound)
        let last = document.lineIndex(at: range.upperBound)
        var lines: [Range<Int>] = []
        for line in first...last where document.block(ofLine: line) != .codeBlock {
            let part = document.lineRange(line).clamped(to: range)
            if !part.isEmpty { lines.append(part) }
        }
        guard let firstLine = lines.first, let lastLine = lines.last else { return [] }
        var targets: [Range<Int>] = []
        var l = 0
        document.forEachRun(in: firstLine.lowerBound..<lastLine.upperBound) { r, s in
            if s.mention != 0, protect || kind == .link || kind == .code { return true }
            if protect, s.link != 0, kind != .link { return true }
            if protect, s.flags.contains(.code), kind != .code { return true }
            while l < lines.count, lines[l].upperBound <= r.lowerBound { l += 1 }
            var k = l
            while k < lines.count, lines[k].lowerBound < r.upperBound {
                let piece = Swift.max(r.lowerBound, lines[k].lowerBound)..<Swift.min(r.upperBound, lines[k].upperBound)
                if let previous = targets.last, previous.upperBound == piece.lowerBound {
                    targets[targets.count - 1] = previous.lowerBound..<piece.upperBound
                } else {
                    targets.append(piece)
                }
                k += 1
            }
            return true
        }
        return targets
    }

    /// Whether every character of `ranges` has a style satisfying `predicate`.
    func allStyles(of ranges: [Range<Int>], _ predicate: (InlineStyle) -> Bool) -> Bool {
        var all = true
        for range in ranges where all {
            document.forEachRun(in: range) { _, style in
                all = predicate(style)
                return all
            }
        }
        return all
    }

    private mutating func formatTypingStyle(_ action: FormatAction, _ value: InlineValue) throws(ComposerError) {
        var style = typingStyle
        let apply: Bool
        switch action {
        case .apply: apply = true
        case .remove: apply = false
        case .toggle: apply = !value.isSet(in: style)
        }
        if apply, value.needsValue { throw .invalidArgument("\(value.kind.name) needs a value to apply") }
        if apply { value.set(in: &style) } else { value.clear(in: &style) }
        pending = PendingStyle(style: style.normalized(), offset: selection.focus)
    }
}

/// One inline format with its interned value, as operations use it.
struct InlineValue {
    let kind: FormatKind
    private let flag: InlineStyle.Flags?
    private let link: UInt32
    private let color: UInt32
    /// Link or colour given no value: can only be removed.
    let needsValue: Bool

    init(kind: FormatKind, value: String?, action: FormatAction, document: inout Document) throws(ComposerError) {
        self.kind = kind
        flag = InlineStyle.flag(for: kind)
        var link: UInt32 = 0
        var color: UInt32 = 0
        switch kind {
        case .link:
            if let value { link = document.intern(link: try LinkPolicy.normalize(value)) }
        case .color:
            if let value { color = try ColorPolicy.parse(value) | 0x100_0000 }
        case .mention:
            throw .invalidArgument("mentions are inserted with insert_mention, not formatted")
        default:
            guard value == nil else { throw .invalidArgument("\(kind.name) takes no value") }
        }
        self.link = link
        self.color = color
        needsValue = (kind == .link || kind == .color) && value == nil
    }

    /// Whether `style` has this format (for link and colour: this very value when one was given).
    func isSet(in style: InlineStyle) -> Bool {
        if let flag { return style.flags.contains(flag) }
        switch kind {
        case .link: return needsValue ? style.link != 0 : style.link == link
        case .color: return needsValue ? style.color != 0 : style.color == color
        default: return false
        }
    }

    func set(in style: inout InlineStyle) {
        if let flag { style.flags.insert(flag); return }
        if kind == .link { style.link = link }
        if kind == .color { style.color = color }
    }

    /// Whether clearing this format would change `style` (for link and colour: any value).
    func clears(_ style: InlineStyle) -> Bool {
        var copy = style
        clear(in: &copy)
        return copy != style
    }

    func clear(in style: inout InlineStyle) {
        if let flag { style.flags.remove(flag); return }
        if kind == .link { style.link = 0 }
        if kind == .color { style.color = 0 }
    }
}
