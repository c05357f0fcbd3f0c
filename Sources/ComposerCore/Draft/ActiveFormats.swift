/// The formats in force at the selection, for toolbar buttons: at a caret, the typing
/// attributes and the line's block; over a selection, the formats every selected character
/// (and every touched line) has.
public struct ActiveFormats: Equatable, Sendable {
    public var kinds: [FormatKind]
    public var link: String?
    public var color: String?
}

extension Draft {
    public var activeFormats: ActiveFormats {
        let range = selection.range
        var common: InlineStyle
        if range.isEmpty {
            common = typingStyle
        } else {
            var first: InlineStyle?
            let firstLine = document.lineIndex(at: range.lowerBound)
            let lastLine = document.lineIndex(at: range.upperBound)
            for line in firstLine...lastLine {
                document.forEachRun(in: document.lineRange(line).clamped(to: range)) { _, s in
                    guard var c = first else { first = s; return true }
                    c.flags.formIntersection(s.flags)
                    if c.link != s.link { c.link = 0 }
                    if c.color != s.color { c.color = 0 }
                    if c.mention != s.mention { c.mention = 0 }
                    first = c
                    return true
                }
            }
            common = first ?? .plain
        }
        var kinds = FormatKind.allCases.filter { !$0.isBlock && common.has($0) }
        let first = document.lineIndex(at: range.lowerBound)
        let last = range.isEmpty ? first : document.lineIndex(at: range.upperBound)
        if let block = document.block(ofLine: first), (first...last).allSatisfy({ document.block(ofLine: $0) == block }) {
            kinds.append(block.kind)
        }
        return ActiveFormats(kinds: kinds,
                             link: document.values.link(common.link),
                             color: common.color == 0 ? nil : ColorPolicy.format(common.color))
    }
}
