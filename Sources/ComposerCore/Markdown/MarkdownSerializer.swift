/// Writes a document as wire markdown (SPEC section 9, README "Wire format"):
/// - blocks: runs of lines with the same block format, separated by a blank line; lines of a
///   paragraph or quote joined by hard breaks (`\` at the end of the line); an empty line that a
///   paragraph cannot hold (at the edge of a run) as the HTML block `<p></p>`; one list item per
///   line (`- `, `1. `); code blocks fenced with backticks longer than any run inside;
/// - inline: `**bold**`, `*italic*` (`__` / `_` where `*` would touch `*`), `~~strike~~`,
///   `<u>underline</u>`, `<color=#rrggbb>…</color>`, `` `code` ``, `[text](url)`, `<@uid:UID>`;
/// - text: every character that could be read as syntax is backslash-escaped; characters next to a
///   delimiter become numeric entities (`&#32;`) where CommonMark's flanking rules would otherwise
///   misread the delimiter, and so do spaces at the start and end of a line.
public enum MarkdownSerializer {
    public enum Mode: Sendable {
        /// Every format, every character literal: `parse(serialize(D)) == D`.
        case rich
        /// Rich text disabled: formats dropped (mentions kept), every character literal.
        case plain
        /// For normalizing hand-typed markdown: unformatted text is written as is, so markdown the
        /// user typed becomes syntax when parsed back.
        case raw
    }

    public static func serialize(_ document: Document, mode: Mode = .rich) -> String {
        var doc = _LegacyDocument(document)
        if mode == .plain {
            doc.restyle(at: Array(doc.styles.indices)) { s in
                let mention = s.mention
                s = .plain
                s.mention = mention
            }
            for line in doc.lineBlocks.indices { doc.lineBlocks[line] = nil }
        }
        let ranges = doc.lineRanges
        var blocks: [String] = []
        var line = 0
        while line < ranges.count {
            let block = doc.lineBlocks[line]
            var last = line
            while last + 1 < ranges.count, doc.lineBlocks[last + 1] == block { last += 1 }
            let run = Array(ranges[line...last])
            switch block {
            case .codeBlock?: blocks.append(codeBlock(doc, run))
            case .bulletList?, .orderedList?: blocks.append(list(doc, run, ordered: block == .orderedList, mode: mode))
            case .quote?: blocks.append(paragraphs(doc, run, prefix: "> ", blank: ">", mode: mode))
            case nil: blocks.append(paragraphs(doc, run, prefix: "", blank: "", mode: mode))
            }
            line = last + 1
        }
        if blocks == [""] { return "" }
        return blocks.joined(separator: "\n\n")
    }

    /// Paragraph-capable lines (plain or quoted): empty lines at the run's edges become `<p></p>`
    /// blocks, the rest one paragraph with hard breaks.
    private static func paragraphs(_ doc: _LegacyDocument, _ run: [Range<Int>], prefix: String, blank: String, mode: Mode) -> String {
        if run.count == 1, run[0].isEmpty, prefix.isEmpty {
            // A document that is one empty plain line is the empty message.
            return doc.count == 0 ? "" : "<p></p>"
        }
        if mode == .raw { return rawParagraphs(doc, run, prefix: prefix, blank: blank) }
        var first = 0
        while first < run.count, run[first].isEmpty { first += 1 }
        var parts: [[String]] = []
        if first == run.count {
            parts.append(Array(repeating: "<p></p>", count: run.count))
        } else {
            var last = run.count - 1
            while run[last].isEmpty { last -= 1 }
            if first > 0 { parts.append(Array(repeating: "<p></p>", count: first)) }
            var lines: [String] = []
            for i in first...last {
                let content = InlineWriter.write(doc, run[i], mode: mode)
                lines.append(i < last ? content + "\\" : content)
            }
            parts.append(lines)
            if last < run.count - 1 { parts.append(Array(repeating: "<p></p>", count: run.count - 1 - last)) }
        }
        return parts.map { $0.map { prefix + $0 }.joined(separator: "\n") }.joined(separator: "\n" + blank + "\n")
    }

    /// Raw mode (normalizing hand-typed markdown): lines of a paragraph joined by soft breaks, so
    /// a typed "- item" line starts a list; every empty line a `<p></p>` block of its own.
    private static func rawParagraphs(_ doc: _LegacyDocument, _ run: [Range<Int>], prefix: String, blank: String) -> String {
        var blocks: [[String]] = []
        var paragraph: [String] = []
        for range in run {
            if range.isEmpty {
                if !paragraph.isEmpty { blocks.append(paragraph); paragraph = [] }
                blocks.append(["<p></p>"])
            } else {
                paragraph.append(InlineWriter.write(doc, range, mode: .raw))
            }
        }
        if !paragraph.isEmpty { blocks.append(paragraph) }
        return blocks.map { $0.map { prefix + $0 }.joined(separator: "\n") }.joined(separator: "\n" + blank + "\n")
    }

    private static func list(_ doc: _LegacyDocument, _ run: [Range<Int>], ordered: Bool, mode: Mode) -> String {
        run.enumerated().map { i, range in
            let marker = ordered ? "\(i + 1)." : "-"
            let content = InlineWriter.write(doc, range, mode: mode)
            return content.isEmpty ? marker : marker + " " + content
        }.joined(separator: "\n")
    }

    private static func codeBlock(_ doc: _LegacyDocument, _ run: [Range<Int>]) -> String {
        var longest = 0
        for range in run {
            var current = 0
            for i in range {
                current = doc.scalars[i] == "`" ? current + 1 : 0
                longest = max(longest, current)
            }
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return ([fence] + run.map { doc.text(in: $0) } + [fence]).joined(separator: "\n")
    }
}
