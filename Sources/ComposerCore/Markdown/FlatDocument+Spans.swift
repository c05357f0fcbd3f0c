/// A canonical span before its value is looked up: the format kind and its key in the style
/// (1 for flags, the link, colour or mention id, the block format's raw value). A plain value, so
/// finding and sorting the spans of a message costs no reference counting.
struct FlatSpan {
    var start: Int
    var end: Int
    var kind: FormatKind
    var key: UInt32

    /// Canonical order: start, then end, then format name. Two spans never tie on all three:
    /// runs of one format are maximal, so they never share a start.
    static func < (a: FlatSpan, b: FlatSpan) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.end != b.end { return a.end < b.end }
        return a.kind.nameRank < b.kind.nameRank
    }
}

extension FormatKind {
    /// The position of `name` in alphabetical order (what canonical order compares).
    var nameRank: Int {
        switch self {
        case .bold: return 0
        case .bulletList: return 1
        case .code: return 2
        case .codeBlock: return 3
        case .color: return 4
        case .italic: return 5
        case .link: return 6
        case .mention: return 7
        case .orderedList: return 8
        case .quote: return 9
        case .strike: return 10
        case .underline: return 11
        }
    }
}

extension FlatDocument {
    /// The canonical spans, the same as `Document.spans` (maximal runs per format and value, inline
    /// spans never covering a `\n`, block spans over whole lines, canonical order).
    public var spans: [Span] {
        flatSpans.map { Span($0.start, $0.end, format(of: $0)) }
    }

    /// The canonical spans, found from the style runs in one pass: offsets are counted in scalars
    /// once per run, not per character.
    var flatSpans: [FlatSpan] {
        var result: [FlatSpan] = []
        result.reserveCapacity(runs.count + 4)
        // The style being followed and, per inline format, where its current run started.
        var style = InlineStyle.plain
        var starts = InlineStarts()
        // Scalar offsets are byte offsets minus the continuation bytes before them, which are
        // counted from the first non-ASCII byte on (most messages have none or few).
        let firstWide = UTF8Bytes.firstNonASCII(utf8)
        var continuations = 0
        var offset = 0
        var byte = 0
        for run in runs {
            let end = min(utf8.count, byte + max(0, run.utf8Count))
            if run.style != style {
                FlatDocument.closeChangedRuns(from: style, to: run.style, starts: &starts, at: offset, into: &result)
                style = run.style
            }
            var i = max(byte, firstWide)
            while i < end {
                // 1 for a continuation byte (10xxxxxx), without a branch.
                continuations &+= Int(truncatingIfNeeded: (utf8[i] &>> 7) & ~(utf8[i] &>> 6) & 1)
                i += 1
            }
            byte = max(byte, end)
            offset = byte - continuations
        }
        FlatDocument.closeChangedRuns(from: style, to: .plain, starts: &starts, at: offset, into: &result)
        if lineBlocks.contains(where: { $0 != nil }) { appendBlockSpans(into: &result) }
        result.sort(by: <)
        return result
    }

    /// The span's format with its value.
    func format(of span: FlatSpan) -> Format {
        switch span.kind {
        case .bold: return .bold
        case .italic: return .italic
        case .underline: return .underline
        case .strike: return .strike
        case .code: return .code
        case .link: return .link(url: values.link(span.key) ?? "")
        case .color: return .color(ColorPolicy.format(span.key))
        case .mention:
            let m = values.mention(span.key) ?? MentionValue(uid: "", name: "")
            return .mention(uid: m.uid, name: m.name)
        case .codeBlock, .quote, .bulletList, .orderedList:
            return .block(BlockFormat(rawValue: UInt8(truncatingIfNeeded: span.key)) ?? .quote)
        }
    }

    /// The inline formats, numbered as in `InlineStarts`.
    @inline(__always)
    private static func inlineKind(_ k: Int) -> FormatKind {
        switch k {
        case 0: return .bold
        case 1: return .italic
        case 2: return .underline
        case 3: return .strike
        case 4: return .code
        case 5: return .link
        case 6: return .color
        default: return .mention
        }
    }

    /// Format `k`'s key in `s`, 0 for none.
    @inline(__always)
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

    /// Ends the runs of the formats whose key differs between `old` and `new` (a span for each
    /// that was on) and starts theirs at `offset`.
    @inline(__always)
    private static func closeChangedRuns(from old: InlineStyle, to new: InlineStyle, starts: inout InlineStarts, at offset: Int,
                                         into result: inout [FlatSpan]) {
        func change(_ k: Int) {
            let oldKey = key(old, k)
            if oldKey != 0 { result.append(FlatSpan(start: starts[k], end: offset, kind: inlineKind(k), key: oldKey)) }
            starts[k] = offset
        }
        // Flags are bits 0-4 in the order of formats 0-4.
        var flags = old.flags.rawValue ^ new.flags.rawValue
        var k = 0
        while flags != 0, k < 5 {
            if flags & 1 != 0 { change(k) }
            flags >>= 1
            k += 1
        }
        if old.link != new.link { change(5) }
        if old.color != new.color { change(6) }
        if old.mention != new.mention { change(7) }
    }

    /// One span per run of lines with the same block format, from its first line's start to its
    /// last line's end.
    private func appendBlockSpans(into result: inout [FlatSpan]) {
        var line = 0
        // Scalar offsets: byte offsets minus the continuation bytes seen so far.
        var continuations = 0
        var runBlock = lineBlocks.first ?? nil
        var runStart = 0
        var i = 0
        while i < utf8.count {
            let b = utf8[i]
            continuations &+= Int(truncatingIfNeeded: (b &>> 7) & ~(b &>> 6) & 1)
            if b == 0x0A {
                line += 1
                let next = line < lineBlocks.count ? lineBlocks[line] : nil
                if next != runBlock {
                    let lineEnd = i - continuations
                    if let block = runBlock {
                        result.append(FlatSpan(start: runStart, end: lineEnd, kind: block.kind, key: UInt32(block.rawValue)))
                    }
                    runBlock = next
                    runStart = lineEnd + 1
                }
            }
            i += 1
        }
        if let block = runBlock {
            result.append(FlatSpan(start: runStart, end: utf8.count - continuations, kind: block.kind, key: UInt32(block.rawValue)))
        }
    }
}

/// Where the current run of each inline format started (numbered as in `inlineKind`), as
/// fields rather than an array so that finding spans allocates nothing for it.
private struct InlineStarts {
    private var values = (0, 0, 0, 0, 0, 0, 0, 0)

    subscript(_ k: Int) -> Int {
        @inline(__always) get {
            switch k {
            case 0: return values.0
            case 1: return values.1
            case 2: return values.2
            case 3: return values.3
            case 4: return values.4
            case 5: return values.5
            case 6: return values.6
            default: return values.7
            }
        }
        @inline(__always) set {
            switch k {
            case 0: values.0 = newValue
            case 1: values.1 = newValue
            case 2: values.2 = newValue
            case 3: values.3 = newValue
            case 4: values.4 = newValue
            case 5: values.5 = newValue
            case 6: values.6 = newValue
            default: values.7 = newValue
            }
        }
    }
}
