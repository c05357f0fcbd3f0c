/// Writes a document as wire markdown (README "The wire format"):
/// - blocks: runs of lines with the same block format, separated by a blank line; lines of a
///   paragraph or quote joined by hard breaks (`\` at the end of the line); an empty line that a
///   paragraph cannot hold (at the edge of a run) as the HTML block `<p></p>`; one list item per
///   line (`- `, `1. `); code blocks fenced with backticks longer than any run inside;
/// - inline: `**bold**`, `*italic*` (`__` / `_` where `*` would touch `*`), `~~strike~~`,
///   `<u>underline</u>`, `<color=#rrggbb>…</color>`, `` `code` ``, `[text](url)`, `<@uid:UID>`;
/// - text: every character that could be read as syntax is backslash-escaped; characters next to a
///   delimiter become numeric entities (`&#32;`) where CommonMark's flanking rules would otherwise
///   misread the delimiter, and so do spaces at the start and end of a line.
///
/// Reads the flat document and writes UTF-8 into one growing buffer.
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
        serialize(document.flat, mode: mode)
    }

    public static func serialize(_ document: consuming FlatDocument, mode: Mode = .rich) -> String {
        serializeUTF8(document, mode: mode) { String(decoding: $0, as: UTF8.self) }
    }

    /// `serialize`, its UTF-8 bytes lent to `body` (valid during the call only) instead of made a
    /// string: the C API copies them once, into the string it returns.
    ///
    /// The document is consumed: the writer keeps it (`Document.flat`'s, made for the call, moves
    /// in). A borrowed one was copied, each of its six buffers retained through a value witness,
    /// and released twice over: about 3% of sending a chat message.
    public static func serializeUTF8<R>(_ document: consuming FlatDocument, mode: Mode = .rich,
                                        _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        // The writer keeps one copy of the document: the plain mode's, changed, or the caller's.
        var doc = consume document
        if mode == .plain {
            for i in doc.runs.indices {
                var plain = InlineStyle.plain
                plain.mention = doc.runs[i].style.mention
                doc.runs[i].style = plain
            }
            for line in doc.lineBlocks.indices { doc.lineBlocks[line] = nil }
        }
        // The buffers are kept ones when the pool has some. The box stays here (held by the
        // writer too, it was counted up and down again: an atomic operation each way). The
        // document is not moved inside a closure: a `consume` of a captured variable compiled,
        // and the variable was released again after the closure (a double free, Swift 6.3).
        let kept = BufferPools.serializerBuffers.take() ?? KeptBox()
        var writer = BlockWriter(consume doc, mode: mode)
        kept.withBuffers { writer.takeBuffers(from: &$0) }
        writer.write()
        let result = try writer.out.withUnsafeBufferPointer(body)
        kept.withBuffers { writer.giveBack(to: &$0) }
        BufferPools.serializerBuffers.give(consume kept)
        return result
    }
}

/// The block structure of the wire format, written line run by line run into `out`.
private struct BlockWriter {
    let mode: MarkdownSerializer.Mode
    /// Every line's bytes, without its `\n`.
    var lines: [Range<Int>] = []
    var inline: InlineWriter
    var out = ByteBuffer()

    /// The document, the inline writer's (borrowed, not copied: a copy of a document retains
    /// and then releases each of its arrays, about a thirtieth of sending a chat message).
    var doc: FlatDocument {
        _read { yield inline.doc }
    }

    /// It writes into buffers it moves in before it starts (`takeBuffers`, kept ones from
    /// `BufferPools.serializerBuffers`) and back out once done (`giveBack`).
    init(_ doc: consuming FlatDocument, mode: MarkdownSerializer.Mode) {
        self.mode = mode
        inline = InlineWriter(consume doc, mode: mode)
    }

    /// Moves the kept buffers in and finds the lines. The output and the lines are emptied
    /// here; the inline writer's where it starts each line or piece of text, and its
    /// `encodingOverride` is set for the document in place (emptying an array costs a call of
    /// some sixty instructions, even an empty one).
    mutating func takeBuffers(from kept: inout SerializerBuffers) {
        kept.out.removeAll()
        kept.lines.removeAll(keepingCapacity: true)
        swap(&lines, &kept.lines)
        swap(&out, &kept.out)
        inline.takeBuffers(from: &kept)
        lines.reserveCapacity(self.doc.lineBlocks.count)
        // Line ends found 16 bytes at a time (a loop over every byte was a tenth of serializing
        // a chat message).
        var start = 0
        while true {
            let end = ByteScan.firstIndex(of: 0x0A, in: self.doc.utf8, from: start)
            lines.append(start..<end)
            guard end < self.doc.utf8.count else { break }
            start = end + 1
        }
        out.reserve(self.doc.utf8.count + self.doc.utf8.count / 4 + 16)
    }

    /// Moves its buffers back to `kept`; it is empty after.
    mutating func giveBack(to kept: inout SerializerBuffers) {
        swap(&lines, &kept.lines)
        swap(&out, &kept.out)
        inline.swapBuffers(with: &kept)
    }

    func block(ofLine line: Int) -> BlockFormat? {
        line < doc.lineBlocks.count ? doc.lineBlocks[line] : nil
    }

    mutating func write() {
        var line = 0
        while line < lines.count {
            let block = self.block(ofLine: line)
            var last = line
            while last + 1 < lines.count, self.block(ofLine: last + 1) == block { last += 1 }
            if line > 0 { out.append("\n\n") }
            switch block {
            case .codeBlock?: codeBlock(line...last)
            case .bulletList?, .orderedList?: list(line...last, ordered: block == .orderedList)
            case .quote?: paragraphs(line...last, prefix: "> ", blank: ">")
            case nil: paragraphs(line...last, prefix: "", blank: "")
            }
            line = last + 1
        }
    }

    /// Paragraph-capable lines (plain or quoted): empty lines at the run's edges become `<p></p>`
    /// blocks, the rest one paragraph with hard breaks.
    private mutating func paragraphs(_ run: ClosedRange<Int>, prefix: StaticString, blank: StaticString) {
        if run.count == 1, lines[run.lowerBound].isEmpty, prefix.utf8CodeUnitCount == 0 {
            // A document that is one empty plain line is the empty message.
            if !doc.utf8.isEmpty { out.append("<p></p>") }
            return
        }
        if mode == .raw { return rawParagraphs(run, prefix: prefix, blank: blank) }
        guard let first = run.first(where: { !lines[$0].isEmpty }), let last = run.last(where: { !lines[$0].isEmpty }) else {
            emptyLines(run.count, prefix: prefix)
            return
        }
        if first > run.lowerBound {
            emptyLines(first - run.lowerBound, prefix: prefix)
            partBreak(blank)
        }
        for i in first...last {
            if i > first { out.append(0x0A) }
            out.append(prefix)
            inline.write(lines[i], into: &out)
            if i < last { out.append(UInt8(ascii: "\\")) }
        }
        if last < run.upperBound {
            partBreak(blank)
            emptyLines(run.upperBound - last, prefix: prefix)
        }
    }

    /// Raw mode (normalizing hand-typed markdown): lines of a paragraph joined by soft breaks, so
    /// a typed "- item" line starts a list; every empty line a `<p></p>` block of its own.
    private mutating func rawParagraphs(_ run: ClosedRange<Int>, prefix: StaticString, blank: StaticString) {
        var inParagraph = false
        for i in run {
            if lines[i].isEmpty {
                if i > run.lowerBound { partBreak(blank) }
                out.append(prefix)
                out.append("<p></p>")
                inParagraph = false
            } else {
                if inParagraph {
                    out.append(0x0A)
                } else if i > run.lowerBound {
                    partBreak(blank)
                }
                out.append(prefix)
                inline.write(lines[i], into: &out)
                inParagraph = true
            }
        }
    }

    /// `count` lines of `<p></p>`.
    private mutating func emptyLines(_ count: Int, prefix: StaticString) {
        for i in 0..<count {
            if i > 0 { out.append(0x0A) }
            out.append(prefix)
            out.append("<p></p>")
        }
    }

    /// Between two parts of one run: a line holding only the run's blank prefix.
    private mutating func partBreak(_ blank: StaticString) {
        out.append(0x0A)
        out.append(blank)
        out.append(0x0A)
    }

    private mutating func list(_ run: ClosedRange<Int>, ordered: Bool) {
        for (n, i) in run.enumerated() {
            if n > 0 { out.append(0x0A) }
            if ordered {
                UTF8Bytes.appendDecimal(n + 1, to: &out)
                out.append(UInt8(ascii: "."))
            } else {
                out.append(UInt8(ascii: "-"))
            }
            if !lines[i].isEmpty {
                out.append(0x20)
                inline.write(lines[i], into: &out)
            }
        }
    }

    private mutating func codeBlock(_ run: ClosedRange<Int>) {
        var longest = 0
        var current = 0
        for i in run {
            current = 0
            for b in doc.utf8[lines[i]] {
                current = b == UInt8(ascii: "`") ? current + 1 : 0
                longest = max(longest, current)
            }
        }
        let fence = max(3, longest + 1)
        for _ in 0..<fence { out.append(UInt8(ascii: "`")) }
        for i in run {
            out.append(0x0A)
            out.append(contentsOf: doc.utf8[lines[i]])
        }
        out.append(0x0A)
        for _ in 0..<fence { out.append(UInt8(ascii: "`")) }
    }
}
