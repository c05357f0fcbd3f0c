// From nodes and marks to styled text: tags paired, each node's style found in one walk.
extension InlineParser {
    /// Pairs `<u>`/`</u>` and `<color>`/`</color>` by nesting; unpaired tags become literal text
    /// (their source, which they keep as their text).
    mutating func pairTags() {
        var underlines: [Int] = []
        var colors: [Int] = []
        for i in nodes.indices {
            switch nodes[i].kind {
            case .underlineOpen: underlines.append(i)
            case .underlineClose: if underlines.popLast() == nil { nodes[i].kind = .text }
            case .colorOpen: colors.append(i)
            case .colorClose: if colors.popLast() == nil { nodes[i].kind = .text }
            default: break
            }
        }
        for open in underlines { nodes[open].kind = .text }
        for open in colors { nodes[open].kind = .text }
    }

    /// Running totals of the marks that start (+) and end (-) at a node.
    private struct MarkDelta {
        var strong: Int32 = 0
        var emphasis: Int32 = 0
        var strike: Int32 = 0
        /// Links never nest (no links inside links), so their ids add up to the one link open.
        var link = 0
    }

    /// Writes every node's text with its style into `output`. Emphasis, strong, strike and link
    /// marks come from `marks`; underline and colour from the paired tags, the innermost colour
    /// winning.
    mutating func flatten(into output: inout FlatBuilder, block: BlockFormat?, names: [String: String]) {
        var deltas = [MarkDelta](repeating: MarkDelta(), count: nodes.count + 1)
        for mark in marks where mark.start <= mark.end {
            switch mark.kind {
            case .strong: deltas[mark.start].strong += 1; deltas[mark.end].strong -= 1
            case .emphasis: deltas[mark.start].emphasis += 1; deltas[mark.end].emphasis -= 1
            case .strike: deltas[mark.start].strike += 1; deltas[mark.end].strike -= 1
            case .link: deltas[mark.start].link += mark.link; deltas[mark.end].link -= mark.link
            }
        }
        // Each paragraph-local link interned into the document once.
        var linkIDs = [UInt32](repeating: 0, count: links.count)
        var running = MarkDelta()
        var underline = 0
        var colors: [UInt32] = []
        for i in nodes.indices {
            let d = deltas[i]
            running.strong += d.strong
            running.emphasis += d.emphasis
            running.strike += d.strike
            running.link += d.link
            let node = nodes[i]
            var style = InlineStyle()
            if running.strong > 0 { style.flags.insert(.bold) }
            if running.emphasis > 0 { style.flags.insert(.italic) }
            if running.strike > 0 { style.flags.insert(.strike) }
            if underline > 0 { style.flags.insert(.underline) }
            if let rgb = colors.last { style.color = rgb | 0x100_0000 }
            if running.link > 0, running.link <= links.count {
                let local = running.link - 1
                if linkIDs[local] == 0 { linkIDs[local] = output.values.intern(link: links[local]) }
                style.link = linkIDs[local]
            }
            switch node.kind {
            case .text, .delimiter, .bracket:
                if node.inExtra {
                    output.appendLines(extra[node.start..<node.end], style: style, block: block)
                } else {
                    output.append(src[node.start..<node.end], style: style)
                }
            case .code:
                var code = style
                code.flags = [.code]
                code.color = 0
                appendCode(node, style: code, into: &output)
            case .mention:
                let uid = String(decoding: extra[node.start..<node.end], as: UTF8.self)
                let name = names[uid] ?? uid
                style.link = 0
                style.mention = output.values.add(mention: MentionValue(uid: uid, name: name))
                scratch.removeAll(keepingCapacity: true)
                scratch.append(UInt8(ascii: "@"))
                scratch.append(contentsOf: name.utf8)
                output.appendLines(scratch[...], style: style, block: block)
            case .lineBreak:
                output.startLine(block)
            case .underlineOpen: underline += 1
            case .underlineClose: underline -= 1
            case .colorOpen: colors.append(node.rgb)
            case .colorClose: _ = colors.popLast()
            }
        }
    }

    /// A code span's text: its line breaks read as spaces.
    private mutating func appendCode(_ node: Node, style: InlineStyle, into output: inout FlatBuilder) {
        let content = src[node.start..<node.end]
        guard content.contains(0x0A) else {
            output.append(content, style: style)
            return
        }
        scratch.removeAll(keepingCapacity: true)
        for b in content { scratch.append(b == 0x0A ? 0x20 : b) }
        output.append(scratch[...], style: style)
    }
}
