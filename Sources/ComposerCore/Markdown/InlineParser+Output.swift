// From nodes and marks to styled text: tags paired, each node's style found in one walk.
extension InlineParser {
    /// Pairs `<u>`/`</u>` and `<color>`/`</color>` by nesting; unpaired tags become literal text
    /// (their source, which they keep as their text). Two passes with counters instead of a stack
    /// of open tags (two arrays a paragraph with tags): forward, a closing tag with no open one
    /// before it is unpaired; then backward, over what pairs, an opening tag with no closing one
    /// after it. Nesting pairs the same tags.
    mutating func pairTags() {
        nodes.withUnsafeMutableBufferPointer { nodes in
            var underlines = 0, colors = 0
            for i in nodes.indices {
                switch nodes[i].kind {
                case .underlineOpen: underlines += 1
                case .underlineClose: if underlines > 0 { underlines -= 1 } else { nodes[i].kind = .text }
                case .colorOpen: colors += 1
                case .colorClose: if colors > 0 { colors -= 1 } else { nodes[i].kind = .text }
                default: break
                }
            }
            guard underlines > 0 || colors > 0 else { return }
            // `underlines` and `colors` opening tags are unpaired: the last ones with no closing
            // tag left after them.
            var closings = (underline: 0, color: 0)
            var i = nodes.count
            while i > 0, underlines > 0 || colors > 0 {
                i -= 1
                switch nodes[i].kind {
                case .underlineClose: closings.underline += 1
                case .underlineOpen:
                    if closings.underline > 0 { closings.underline -= 1 } else { nodes[i].kind = .text; underlines -= 1 }
                case .colorClose: closings.color += 1
                case .colorOpen:
                    if closings.color > 0 { closings.color -= 1 } else { nodes[i].kind = .text; colors -= 1 }
                default: break
                }
            }
        }
    }

    /// Running totals of the marks that start (+) and end (-) at a node (32-bit: a node holds
    /// them; wrapping arithmetic, though no paragraph that fits in memory nests 2^31 marks).
    struct MarkDelta: BitwiseCopyable {
        var strong: Int32 = 0
        var emphasis: Int32 = 0
        var strike: Int32 = 0
        /// Links never nest (no links inside links), so their ids add up to the one link open.
        var link: Int32 = 0

        var isZero: Bool { strong | emphasis | strike | link == 0 }
    }

    /// Writes every node's text with its style into `output`. Emphasis, strong, strike and link
    /// marks come from `marks`; underline and colour from the paired tags, the innermost colour
    /// winning. Neighbouring source text of one style goes out as one piece.
    mutating func flatten<Output: ParseOutput>(into output: inout Output, block: BlockFormat?, names: [String: String]) {
        addMarkDeltas()
        // Nothing changes the nodes or their marks from here on: they are read through pointers
        // to the buffers while `self` stays free to change (link ids). `self` keeps both
        // (`PlainList.unsafeElements`: the walk adds none; a local reference to an array of the
        // deltas was counted up and down, an atomic operation each way). Without marks, `deltas`
        // is empty; with marks, it is the first `nodes.count` of `markDeltas` (which may hold
        // more, from a longer paragraph before).
        let nodes = UnsafeBufferPointer(self.nodes.unsafeElements)
        let deltas = UnsafeBufferPointer(rebasing: self.markDeltas.unsafeElements[..<(marks.isEmpty ? 0 : nodes.count)])
        writeNodes(nodes, deltas, into: &output, block: block, names: names)
        clearMarkDeltas()
    }

    /// Counts in the first `nodes.count` of `markDeltas` each mark from its first node to its end
    /// (a mark reaching the last node needs no end); nothing when there are no marks. The buffer
    /// only grows, and is all zero between paragraphs (`clearMarkDeltas`): zeroing it for each
    /// paragraph cost a step per node, more than the counting. Counted through a pointer (an array
    /// write checks the buffer's uniqueness each time, a call per mark end).
    private mutating func addMarkDeltas() {
        guard !marks.isEmpty else { return }
        let count = nodes.count
        if markDeltas.count < count {
            markDeltas.append(contentsOf: repeatElement(MarkDelta(), count: count - markDeltas.count))
        }
        let marks = self.marks
        // Every index used is below `count`, which `markDeltas` holds.
        markDeltas.withUnsafeMutableBufferPointer { all in
            let deltas = UnsafeMutableBufferPointer(rebasing: all[..<count])
            marks.withUnsafeBufferPointer { marks in
                for mark in marks where mark.start < mark.end && mark.start < count {
                    switch mark.kind {
                    case .strong: deltas[mark.start].strong &+= 1
                    case .emphasis: deltas[mark.start].emphasis &+= 1
                    case .strike: deltas[mark.start].strike &+= 1
                    case .link: deltas[mark.start].link &+= Int32(truncatingIfNeeded: mark.link)
                    }
                    guard mark.end < count else { continue }
                    switch mark.kind {
                    case .strong: deltas[mark.end].strong &-= 1
                    case .emphasis: deltas[mark.end].emphasis &-= 1
                    case .strike: deltas[mark.end].strike &-= 1
                    case .link: deltas[mark.end].link &-= Int32(truncatingIfNeeded: mark.link)
                    }
                }
            }
        }
    }

    /// Zeroes the deltas `addMarkDeltas` counted, at the nodes where marks start and end: a step
    /// per mark, and the buffer is all zero again for the next paragraph.
    private mutating func clearMarkDeltas() {
        guard !marks.isEmpty else { return }
        let count = Swift.min(nodes.count, markDeltas.count)
        let marks = self.marks
        markDeltas.withUnsafeMutableBufferPointer { deltas in
            marks.withUnsafeBufferPointer { marks in
                for mark in marks {
                    if mark.start >= 0, mark.start < count { deltas[mark.start] = MarkDelta() }
                    if mark.end >= 0, mark.end < count { deltas[mark.end] = MarkDelta() }
                }
            }
        }
    }

    /// The walk of `flatten`.
    private mutating func writeNodes<Output: ParseOutput>(_ nodes: UnsafeBufferPointer<Node>, _ deltas: UnsafeBufferPointer<MarkDelta>,
                                                          into output: inout Output, block: BlockFormat?, names: [String: String]) {
        let hasMarks = deltas.count == nodes.count
        var running = MarkDelta()
        var underline = 0
        var colors: [UInt32] = []
        // Source text waiting to be written: src[pendingStart..<pendingEnd] in `pendingStyle`,
        // and whether that is the style at the current node (then source text right after it
        // joins it without a comparison of styles).
        var pendingStart = 0, pendingEnd = 0
        var pendingStyle = InlineStyle.plain
        var pendingIsCurrent = true
        // The style of text at the current node, worked out again only after a mark or tag
        // changed it (most nodes change nothing).
        var current = InlineStyle.plain
        var changed = false
        var i = 0
        while i < nodes.count {
            let node = nodes[i]
            if hasMarks, !deltas[i].isZero {
                running.strong &+= deltas[i].strong
                running.emphasis &+= deltas[i].emphasis
                running.strike &+= deltas[i].strike
                running.link &+= deltas[i].link
                changed = true
            }
            i += 1
            // Text first: most nodes are text, and a test is cheaper than the switch's jump.
            if node.kind == .text || node.kind == .delimiter || node.kind == .bracket {
                if node.start == node.end { continue }
                // Source text continuing the pending text in the same style.
                if !changed, pendingIsCurrent, node.start == pendingEnd, !node.inExtra {
                    pendingEnd = node.end
                    // The nodes after it that do the same, in a tight loop ("*a *a …", "[a](…":
                    // text split at every special character that stays text).
                    while i < nodes.count, nodes[i].continuesSource(at: pendingEnd), !hasMarks || deltas[i].isZero {
                        pendingEnd = nodes[i].end
                        i += 1
                    }
                    continue
                }
            } else {
                switch node.kind {
                case .underlineOpen:
                    underline += 1
                    changed = true
                    continue
                case .underlineClose:
                    underline -= 1
                    changed = true
                    continue
                case .colorOpen:
                    colors.append(node.rgb)
                    changed = true
                    continue
                case .colorClose:
                    _ = colors.popLast()
                    changed = true
                    continue
                case .text, .delimiter, .bracket, .code, .mention, .lineBreak:
                    break
                }
            }
            if changed {
                current = InlineStyle()
                if running.strong > 0 { current.flags.insert(.bold) }
                if running.emphasis > 0 { current.flags.insert(.italic) }
                if running.strike > 0 { current.flags.insert(.strike) }
                if underline > 0 { current.flags.insert(.underline) }
                if let rgb = colors.last { current.color = rgb | 0x100_0000 }
                if running.link > 0 { current.link = linkID(Int(running.link), &output) }
                changed = false
                pendingIsCurrent = current == pendingStyle
            }
            var style = current
            if node.kind != .code, node.kind != .mention, node.kind != .lineBreak, !node.inExtra {
                if node.start == pendingEnd, pendingIsCurrent {
                    pendingEnd = node.end
                } else {
                    if pendingStart < pendingEnd { appendSource(pendingStart..<pendingEnd, style: pendingStyle, to: &output) }
                    (pendingStart, pendingEnd, pendingStyle) = (node.start, node.end, style)
                    pendingIsCurrent = true
                }
                continue
            }
            // Nothing pending after a code span, mention or line break: no call for it.
            if pendingStart < pendingEnd { appendSource(pendingStart..<pendingEnd, style: pendingStyle, to: &output) }
            (pendingStart, pendingEnd) = (0, 0)
            switch node.kind {
            case .code:
                var code = style
                code.flags = [.code]
                code.color = 0
                // A backslash is literal in code (the content's flags do not cover it), and a
                // line break reads as a space: without either, the text goes out as it is. The
                // slice is made in each call rather than kept (kept, it was retained and released
                // around the calls: a message of code spans has one every few bytes).
                if contentIsUnescaped, !codeNeedsEscaping(node.start, node.end) {
                    output.appendUnescaped(src, node.start..<node.end, style: code, ascii: contentIsASCII)
                } else {
                    output.appendCode(src[node.start..<node.end], style: code)
                }
            case .mention:
                style.link = 0
                output.appendMention(uid: extra[node.start..<node.end], names: names, style: style, block: block)
            case .lineBreak:
                output.startLine(block)
            default:
                output.appendLines(extra[node.start..<node.end], style: style, block: block)
            }
        }
        appendSource(pendingStart..<pendingEnd, style: pendingStyle, to: &output)
    }

    /// The output's id for link mark `link` (1 + its index in `links`; 0 for none), asked for
    /// at its first use. Apart from `writeNodes`, whose loop over the nodes of a paragraph
    /// without links compiled less well with it inside (the links' array reads among them).
    @inline(never)
    private mutating func linkID<Output: ParseOutput>(_ link: Int, _ output: inout Output) -> UInt32 {
        guard link >= 1, link <= links.count else { return 0 }
        let k = link - 1
        if links[k].id != 0 { return links[k].id }
        let url = links[k]
        let range = url.start..<url.end
        let id = url.inSource
            ? src.withUnsafeBufferPointer { output.link(UnsafeBufferPointer(rebasing: $0[range])) }
            : linkBytes.withUnsafeBufferPointer { output.link(UnsafeBufferPointer(rebasing: $0[range])) }
        links[k].id = id
        return id
    }

    /// Whether the code span `src[start..<end]` holds a line break or a backslash (read through a
    /// pointer: the closure over a slice cost more than the few bytes of a short span).
    @inline(__always)
    private func codeNeedsEscaping(_ start: Int, _ end: Int) -> Bool {
        src.withUnsafeBufferPointer { src in
            var i = Swift.max(start, 0)
            let end = Swift.min(end, src.count)
            while i < end {
                if src[i] == 0x0A || src[i] == UInt8(ascii: "\\") { return true }
                i += 1
            }
            return false
        }
    }

    /// Writes `src[range]`, telling the output when the content needs no escaping.
    @inline(__always)
    func appendSource<Output: ParseOutput>(_ range: Range<Int>, style: InlineStyle, to output: inout Output) {
        if contentIsUnescaped {
            output.appendUnescaped(src, range, style: style, ascii: contentIsASCII)
        } else {
            output.append(src[range], style: style)
        }
    }
}

extension InlineParser.Node {
    /// Whether this node is source text starting at `offset`: text, or a delimiter or bracket
    /// that stayed text (it continues the text before it if no mark starts or ends here).
    @inline(__always)
    func continuesSource(at offset: Int) -> Bool {
        start == offset && !inExtra && (kind == .text || kind == .delimiter || kind == .bracket)
    }
}
