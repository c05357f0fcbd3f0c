/// The formats in force at the selection, for toolbar buttons: at a caret, the typing
/// attributes and the line's block; over a selection, the formats every selected character
/// (and every touched line) has.
public struct ActiveFormats: Equatable, Sendable {
    public var kinds: [FormatKind]
    public var link: String?
    public var color: String?

    public var jsonValue: JSONValue {
        .object([
            ("formats", .array(kinds.map { .string($0.name) })),
            ("link", link.map(JSONValue.string) ?? .null),
            ("color", color.map(JSONValue.string) ?? .null),
        ])
    }
}

extension Draft {
    public var activeFormats: ActiveFormats {
        let range = selection.range
        var common: InlineStyle
        if range.isEmpty {
            common = typingStyle
        } else {
            let chars = range.filter { document.scalars[$0] != "\n" }
            common = chars.first.map { document.styles[$0] } ?? .plain
            for i in chars {
                let s = document.styles[i]
                common.flags.formIntersection(s.flags)
                if common.link != s.link { common.link = 0 }
                if common.color != s.color { common.color = 0 }
                if common.mention != s.mention { common.mention = 0 }
            }
        }
        var kinds = FormatKind.allCases.filter { !$0.isBlock && common.has($0) }
        let first = document.lineIndex(at: range.lowerBound)
        let last = first + document.scalars[range].lazy.filter { $0 == "\n" }.count
        if let block = document.lineBlocks[first], (first...last).allSatisfy({ document.lineBlocks[$0] == block }) {
            kinds.append(block.kind)
        }
        return ActiveFormats(kinds: kinds,
                             link: document.values.link(common.link),
                             color: common.color == 0 ? nil : ColorPolicy.format(common.color))
    }
}
