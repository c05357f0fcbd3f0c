extension FlatDocument {
    /// The canonical spans, the same as `Document.spans` (maximal runs per format and value, inline
    /// spans never covering a `\n`, block spans over whole lines, canonical order), found from the
    /// style runs in one pass: offsets are counted in scalars once per run, not per character.
    public var spans: [Span] {
        var result: [Span] = []
        // The style being followed and, per inline format, where its current run started.
        var style = InlineStyle.plain
        var starts = [Int](repeating: 0, count: FlatDocument.inlineFormats)
        var offset = 0
        var byte = 0
        for run in runs {
            let end = min(utf8.count, byte + max(0, run.utf8Count))
            if run.style != style {
                closeChangedRuns(from: style, to: run.style, starts: &starts, at: offset, into: &result)
                style = run.style
            }
            offset += UTF8Bytes.scalarCount(utf8, byte..<end)
            byte = end
        }
        closeChangedRuns(from: style, to: .plain, starts: &starts, at: offset, into: &result)
        if lineBlocks.contains(where: { $0 != nil }) { appendBlockSpans(into: &result) }
        result.sort(by: Span.canonicalOrder)
        return result
    }

    /// bold, italic, underline, strike, code, link, color, mention.
    private static let inlineFormats = 8

    /// Format `k`'s value in `s`, 0 for none: flags as 1, links, colours and mentions as their ids.
    private static func key(_ s: InlineStyle, _ k: Int) -> UInt32 {
        switch k {
        case 0: return s.flags.contains(.bold) ? 1 : 0
        case 1: return s.flags.contains(.italic) ? 1 : 0
        case 2: return s.flags.contains(.underline) ? 1 : 0
        case 3: return s.flags.contains(.strike) ? 1 : 0
        case 4: return s.flags.contains(.code) ? 1 : 0
        case 5: return s.link
        case 6: return s.color
        default: return s.mention
        }
    }

    private func closeChangedRuns(from old: InlineStyle, to new: InlineStyle, starts: inout [Int], at offset: Int,
                                  into result: inout [Span]) {
        for k in 0..<FlatDocument.inlineFormats {
            let oldKey = FlatDocument.key(old, k)
            guard oldKey != FlatDocument.key(new, k) else { continue }
            if oldKey != 0 { result.append(Span(starts[k], offset, format(k, oldKey))) }
            starts[k] = offset
        }
    }

    private func format(_ k: Int, _ key: UInt32) -> Format {
        switch k {
        case 0: return .bold
        case 1: return .italic
        case 2: return .underline
        case 3: return .strike
        case 4: return .code
        case 5: return .link(url: values.link(key) ?? "")
        case 6: return .color(ColorPolicy.format(key))
        default:
            let m = values.mention(key) ?? MentionValue(uid: "", name: "")
            return .mention(uid: m.uid, name: m.name)
        }
    }

    /// One span per run of lines with the same block format, from its first line's start to its
    /// last line's end.
    private func appendBlockSpans(into result: inout [Span]) {
        // Scalar offset of every line's start, and of the text's end.
        var lineStarts = [0]
        var offset = 0
        for b in utf8 where !UTF8Bytes.isContinuation(b) {
            offset += 1
            if b == 0x0A { lineStarts.append(offset) }
        }
        let lineCount = lineStarts.count
        func lineEnd(_ line: Int) -> Int { line + 1 < lineCount ? lineStarts[line + 1] - 1 : offset }
        var line = 0
        while line < min(lineBlocks.count, lineCount) {
            guard let block = lineBlocks[line] else { line += 1; continue }
            var last = line
            while last + 1 < min(lineBlocks.count, lineCount), lineBlocks[last + 1] == block { last += 1 }
            result.append(Span(lineStarts[line], lineEnd(last), .block(block)))
            line = last + 1
        }
    }
}
