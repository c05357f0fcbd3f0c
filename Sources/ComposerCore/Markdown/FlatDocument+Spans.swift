extension FlatDocument {
    /// The canonical spans, the same as `Document.spans` (maximal runs per format and value, inline
    /// spans never covering a `\n`, block spans over whole lines, canonical order).
    public var spans: [Span] {
        flatSpans.withUnsafeBufferPointer { $0.map { Span($0.start, $0.end, format(of: $0)) } }
    }

    /// The canonical spans, found from the style runs in one pass: offsets are counted in scalars
    /// once per run, not per character.
    var flatSpans: SpanList {
        var tracker = SpanTracker(capacity: runs.count + 4)
        // Scalar offsets are byte offsets minus the continuation bytes before them, which are
        // counted from the first non-ASCII byte on (most messages have none or few).
        let firstWide = ByteScan.firstNonASCII(utf8)
        var continuations = 0
        var byte = 0
        for run in runs {
            let end = min(utf8.count, byte + max(0, run.utf8Count))
            tracker.restyle(run.style, at: byte - continuations)
            var i = max(byte, firstWide)
            while i < end {
                // 1 for a continuation byte (10xxxxxx), without a branch.
                continuations &+= Int(truncatingIfNeeded: (utf8[i] &>> 7) & ~(utf8[i] &>> 6) & 1)
                i += 1
            }
            byte = max(byte, end)
        }
        tracker.restyle(.plain, at: byte - continuations)
        if lineBlocks.contains(where: { $0 != nil }) { appendBlockSpans(into: &tracker.spans) }
        tracker.sortSpans()
        return tracker.spans
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

    /// One span per run of lines with the same block format, from its first line's start to its
    /// last line's end.
    private func appendBlockSpans(into result: inout SpanList) {
        // Scalar offsets are byte offsets minus the continuation bytes before them, counted from
        // the first non-ASCII byte on; line breaks are found a block of bytes at a time.
        let firstWide = ByteScan.firstNonASCII(utf8)
        var continuations = 0
        var counted = firstWide
        var line = 0
        var runBlock = lineBlocks.first ?? nil
        var runStart = 0
        var i = UTF8Bytes.nextNewline(utf8, from: 0)
        while i < utf8.count {
            while counted < i {
                continuations &+= Int(truncatingIfNeeded: (utf8[counted] &>> 7) & ~(utf8[counted] &>> 6) & 1)
                counted += 1
            }
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
            i = UTF8Bytes.nextNewline(utf8, from: i + 1)
        }
        if let block = runBlock {
            while counted < utf8.count {
                continuations &+= Int(truncatingIfNeeded: (utf8[counted] &>> 7) & ~(utf8[counted] &>> 6) & 1)
                counted += 1
            }
            result.append(FlatSpan(start: runStart, end: utf8.count - continuations, kind: block.kind, key: UInt32(block.rawValue)))
        }
    }
}
