/// Writes the document JSON (`Document.json`) while the parser reads: the text escaped as it
/// comes, the spans tracked as the style changes. `mc_markdown_parse` returns this: no document,
/// no flat text and no second pass over either (`FlatDocument.jsonUTF8` gives the same bytes).
struct DocumentJSONBuilder: ByteParseOutput {
    private var json: ByteBuffer
    private var values = ParsedValues()
    private var tracker: SpanTracker
    /// Scalars of text written so far, but for the text from `pendingStart` on.
    private var offset = 0
    /// Where the non-ASCII text copied as it is since `offset` was last brought up to date starts
    /// in `json` (-1 for none): its scalars are counted when an offset is needed (a style changes,
    /// a line starts, escaped text comes), in one pass instead of one per piece.
    private var pendingStart = -1
    private var lineCount = 0
    /// The run of lines with one block format going on: its format and where its first line
    /// starts.
    private var blockRun: BlockFormat?
    private var blockRunStart = 0

    /// Room for the JSON of `capacity` bytes of markdown: the text, and spans as dense as a
    /// chat message's, so it rarely grows (with twice the markdown's size, two messages in three of
    /// the bench's chat corpus grew it, a copy each; with four times, one in a thousand). The spans
    /// themselves get room for one every four bytes (a message of code spans or bold words has
    /// that many): growing their array copies it, and room never used is never touched.
    static func outputBytes(capacity: Int) -> Int { 4 * capacity + 256 }

    init(capacity: Int, kept: inout OutputBuffers) {
        json = ByteBuffer()
        tracker = SpanTracker()
        swapBuffers(with: &kept)
        tracker.spans.reserveCapacity(capacity / 4 + 8)
        json.append("{\"text\":\"")
    }

    mutating func swapBuffers(with kept: inout OutputBuffers) {
        swap(&json, &kept.bytes)
        swap(&tracker.spans, &kept.spans)
        swap(&values, &kept.values)
    }

    /// Brings `offset` up to date.
    @inline(__always)
    private mutating func settle() {
        guard pendingStart >= 0 else { return }
        offset += json.withUnsafeBufferPointer { ByteScan.scalarCount($0, pendingStart..<$0.count) }
        pendingStart = -1
    }

    /// Inlined: called for every line, and the call's register saves were a sixth of its cost.
    @inline(__always)
    mutating func startLine(_ block: BlockFormat?) {
        settle()
        if lineCount > 0 {
            // The line before ends here.
            if block != blockRun {
                if let run = blockRun { tracker.spans.append(FlatSpan(start: blockRunStart, end: offset, kind: run.kind, key: UInt32(run.rawValue))) }
                blockRun = block
                blockRunStart = offset + 1
            }
            tracker.restyle(.plain, at: offset)
            json.append(UInt8(ascii: "\\"))
            json.append(UInt8(ascii: "n"))
            offset += 1
        } else {
            blockRun = block
            blockRunStart = 0
        }
        lineCount += 1
    }

    mutating func link(_ url: UnsafeBufferPointer<UInt8>) -> UInt32 { values.link(url) }

    mutating func add(mention: MentionValue) -> UInt32 { values.add(mention: mention) }

    /// `@` and the name, escaped as it is written (no string of both is made).
    mutating func appendMention(_ name: String, style: InlineStyle, block: BlockFormat?) {
        let bytes = [UInt8(ascii: "@")] + Array(name.utf8)
        guard !bytes.contains(0x0A) else { return appendLines(bytes[...], style: style, block: block) }
        append(bytes[...], style: style)
    }

    /// The uid bytes are the name: no string is made of them.
    mutating func appendMention(ofUID uid: ArraySlice<UInt8>, style: InlineStyle) {
        uid.withUnsafeBufferPointer { bytes in
            var style = style
            style.mention = values.add(mentionOfUID: bytes)
            settle()
            tracker.restyle(style, at: offset)
            json.append(UInt8(ascii: "@"))
            // A uid's characters (`MentionPolicy.isUIDCharacter`) are ASCII that a JSON string holds
            // as they are: copied, one scalar a byte. Anything else goes through the escaper.
            if let base = bytes.baseAddress, bytes.allSatisfy({ $0 < 0x80 && !JSONWriter.needsEscape($0) }) {
                json.put(base, bytes.count)
                offset += 1 + bytes.count
            } else {
                offset += 1 + JSONWriter.appendEscaped(uid, to: &json)
            }
        }
    }

    /// Inlined, as `startLine`: a line of a paragraph of hard breaks is often one such piece.
    @inline(__always)
    mutating func append(_ bytes: ArraySlice<UInt8>, style: InlineStyle) {
        guard !bytes.isEmpty else { return }
        settle()
        tracker.restyle(style, at: offset)
        offset += JSONWriter.appendEscaped(bytes, to: &json)
    }

    /// Inlined: a short line of a list or a quote is little more than this call, whose register
    /// saves were a fifth of it.
    @inline(__always)
    mutating func appendUnescaped(_ source: [UInt8], _ range: Range<Int>, style: InlineStyle, ascii: Bool) {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= source.count else { return }
        if style != tracker.style {
            settle()
            tracker.restyle(style, at: offset)
        }
        if !ascii, pendingStart < 0 { pendingStart = json.count }
        source.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { json.put(base + range.lowerBound, range.count) }
        }
        // Text after pending text is counted with it.
        if pendingStart < 0 { offset += range.count }
    }

    /// After the second line, each line is `\n` and its bytes: the block and the (plain) style
    /// are the second line's, and ASCII leaves no scalars to count (what `startLine` and
    /// `appendUnescaped` would find, without their tests), written through one cursor into room
    /// reserved for them all. A paragraph of hard breaks or of short plain lines is mostly such
    /// lines.
    mutating func appendBrokenLines(_ content: [UInt8], block: BlockFormat?, unescaped: Bool, ascii: Bool) {
        guard unescaped, ascii else { return appendBrokenLinesOneByOne(content, block: block, unescaped: unescaped, ascii: ascii) }
        content.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var lines = BrokenLines(buffer)
            let keepsBackslash = lines.lastLineKeepsBackslash
            var k = 0
            while k < 2, let line = lines.next() {
                if k > 0 { startLine(block) }
                k += 1
                appendBrokenLine(content, line, keepsBackslash: keepsBackslash, unescaped: true, ascii: true)
            }
            guard k == 2 else { return }
            // Each line takes its `\n` from the content and writes at most its bytes and two.
            json.reserve(2 * buffer.count + 2)
            var written = (scalars: 0, lines: 0)
            var last: Range<Int>?
            json.writeIntoFreeRoom { w in
                while let line = lines.next() {
                    if keepsBackslash, line.upperBound == buffer.count {
                        last = line
                        return
                    }
                    w.putEscapedNewline(then: base + line.lowerBound, line.count)
                    // At most the content's bytes and lines: no overflow.
                    written.scalars &+= 1 &+ line.count
                    written.lines &+= 1
                }
            }
            offset += written.scalars
            lineCount += written.lines
            if let last {
                startLine(block)
                append(content[last], style: .plain)
            }
        }
    }

    mutating func appendCode(_ bytes: ArraySlice<UInt8>, style: InlineStyle) {
        guard bytes.contains(0x0A) else { return append(bytes, style: style) }
        append(bytes.map { $0 == 0x0A ? 0x20 : $0 }[...], style: style)
    }

    /// The document JSON.
    mutating func finish<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        settle()
        tracker.restyle(.plain, at: offset)
        if let run = blockRun { tracker.spans.append(FlatSpan(start: blockRunStart, end: offset, kind: run.kind, key: UInt32(run.rawValue))) }
        json.append("\",\"spans\":")
        tracker.sortSpans()
        JSONWriter.writeSpans(tracker.spans, values: values, into: &json)
        json.append(UInt8(ascii: "}"))
        return try json.withUnsafeBufferPointer(body)
    }
}
