/// The block structure of one input, line by line (see `MarkdownParser`): which containers (block
/// quotes, list items) each line continues or opens, and the leaf it feeds (a paragraph, a fence,
/// a run of `<p></p>` markers). Lines are ranges of `src`; a paragraph's text goes to the inline
/// parser when the paragraph closes, and every finished line goes to `output`.
struct BlockParser<Output: ParseOutput> {
    enum Container: Equatable {
        case quote
        /// A list item: its list's kind, the content indent, and the marker character (`-`, `+`,
        /// `*`, or `.` / `)` for ordered lists), which tells sibling items from a new list.
        case item(BlockFormat, contentIndent: Int, marker: UInt8)
    }

    struct OpenContainer {
        var container: Container
        /// The block format its lines get: the innermost list item's kind, else quote. Kept per
        /// container so deep nesting costs nothing per line.
        var block: BlockFormat
        /// Whether it has produced a line yet (an empty item or quote still shows as one empty
        /// line).
        var hasContent = false
    }

    enum Leaf { case none, paragraph, fence, emptyLines }

    let src: [UInt8]
    let names: [String: String]
    var output: Output
    /// The open containers, outermost first.
    var containers: [OpenContainer] = []
    var leaf = Leaf.none
    /// The open paragraph's text goes straight into the inline parser's content as its lines
    /// come; the open fence's lines straight into the output.
    var paragraphLines = 0
    var fence = (char: UInt8(0), length: 0, indent: 0)
    var fenceLines = 0
    var emptyLines = 0
    /// Where the line being processed starts and ends (before its line break).
    var lineStart = 0
    var lineEnd = 0
    var thematicBreaks = ThematicBreakIndex()
    /// `listMarker`'s last answer, for the position and line end it was asked at.
    var lastListMarker: (line: Int, lineEnd: Int, marker: ListMarker?) = (-1, -1, nil)
    /// Reused for every paragraph, and taken from (and given back to) `InlineParserPool`, so its
    /// buffers are allocated once, not once per input.
    var inline = InlineParserPool.take()

    init(source: [UInt8], names: [String: String], output: Output) {
        src = source
        self.names = names
        self.output = output
    }

    /// Lines end at `\n`, `\r\n` or `\r`; a line break at the very end starts no further line.
    mutating func run() {
        var start = 0
        while true {
            let end = lineEnd(from: start)
            if end == src.count, start == end, start > 0 { break }
            process(start, end)
            guard end < src.count else { break }
            start = src[end] == 0x0D && UTF8Bytes.byte(src, end + 1) == 0x0A ? end + 2 : end + 1
        }
        closeLeaf()
        closeContainers(downTo: 0)
        InlineParserPool.give(inline)
        inline = InlineParser()
    }

    /// Where the line from `start` ends: the next `\n` or `\r`, or the end of the input.
    private mutating func lineEnd(from start: Int) -> Int { ByteScan.lineEnd(src, from: start) }

    // MARK: Output

    /// The block format lines emitted now get.
    var currentBlock: BlockFormat? { containers.last?.block }

    /// Starts an output line; the open containers have content from now on.
    mutating func emitLine(_ block: BlockFormat?) {
        output.startLine(block)
        // Containers are marked from the innermost out; the first already marked means all
        // outer ones are too, so each container is marked once.
        var i = containers.count - 1
        while i >= 0, !containers[i].hasContent {
            containers[i].hasContent = true
            i -= 1
        }
    }

    mutating func closeLeaf() {
        let block = currentBlock
        switch leaf {
        case .none:
            return
        case .paragraph:
            // The paragraph's final whitespace is not content (entities are, being written out).
            inline.trimContentEnd()
            emitLine(block)
            inline.parse(into: &output, block: block, names: names)
        case .fence:
            // A fence without lines is one empty code line.
            if fenceLines == 0 { emitLine(.codeBlock) }
        case .emptyLines:
            for _ in 0..<emptyLines { emitLine(block) }
        }
        leaf = .none
    }

    /// Adds a line to the open paragraph (or opens one): lines are joined by `\n`, each without
    /// its leading whitespace.
    mutating func appendParagraphLine(_ line: Int) {
        if leaf != .paragraph {
            closeLeaf()
            leaf = .paragraph
            paragraphLines = 0
            // Room for the rest of the input: the content never outgrows it.
            inline.beginContent(capacity: src.count - line)
        }
        if paragraphLines > 0 { inline.appendContent(0x0A) }
        paragraphLines += 1
        var start = line
        while start < lineEnd, src[start] == 0x20 || src[start] == 0x09 { start += 1 }
        inline.appendContent(src, start..<lineEnd)
    }

    mutating func closeContainers(downTo count: Int) {
        while containers.count > count {
            closeLeaf()
            // An empty item or quote is one empty line of its kind.
            guard let closed = containers.popLast() else { return }
            if !closed.hasContent { emitLine(closed.block) }
        }
    }

    mutating func open(_ container: Container) {
        closeLeaf()
        let block: BlockFormat
        switch container {
        case .item(let kind, _, _): block = kind
        case .quote: block = currentBlock.map { $0.isList ? $0 : .quote } ?? .quote
        }
        containers.append(OpenContainer(container: container, block: block))
    }

    // MARK: Lines

    /// One line, `src[start..<end]`. Positions past the containers' markers are suffixes of the
    /// line, so each is just where it starts.
    mutating func process(_ start: Int, _ end: Int) {
        lineStart = start
        lineEnd = end
        thematicBreaks = ThematicBreakIndex()
        var line = start
        // 1. Which open containers does this line continue?
        var matched = 0
        while matched < containers.count {
            switch containers[matched].container {
            case .quote:
                guard let rest = quoteMarker(line) else { break }
                line = rest
                matched += 1
                continue
            case .item(_, let contentIndent, _):
                if isBlank(line) {
                    matched += 1
                    continue
                }
                guard indentation(line) >= contentIndent else { break }
                line = dropIndent(line, contentIndent)
                matched += 1
                continue
            }
            break
        }

        // 2. Inside a fence: the line is code unless it closes the fence.
        if leaf == .fence, matched == containers.count {
            if isFenceCloser(line, char: fence.char, length: fence.length) {
                closeLeaf()
            } else {
                emitLine(.codeBlock)
                output.append(src[dropIndent(line, fence.indent)..<lineEnd], style: .plain)
                fenceLines += 1
            }
            return
        }

        // 3. Lazy paragraph continuation: text that starts no block keeps the paragraph going.
        if matched < containers.count, leaf == .paragraph, !startsBlock(line), !isSiblingItem(line, at: matched) {
            appendParagraphLine(line)
            return
        }
        if matched < containers.count { closeContainers(downTo: matched) }

        // 4. New containers and leaves.
        var openedOnThisLine = false
        while true {
            guard mayStartBlock(line) else { return appendParagraphLine(line) }
            if isBlank(line) {
                if leaf == .paragraph || leaf == .emptyLines { closeLeaf() }
                return
            }
            if let rest = quoteMarker(line) {
                open(.quote)
                openedOnThisLine = true
                line = rest
                continue
            }
            if let marker = listMarker(line), !isThematicBreak(line), canInterrupt(with: marker) {
                // A marker right after the matched containers ends the open sibling item; one after
                // a marker on the same line nests inside it.
                if !openedOnThisLine, case .item = containers.last?.container { closeContainers(downTo: containers.count - 1) }
                open(.item(marker.kind, contentIndent: marker.contentIndent, marker: marker.marker))
                openedOnThisLine = true
                if isBlank(marker.content) { return }
                line = marker.content
                continue
            }
            break
        }
        if let opener = fenceOpener(line) {
            closeLeaf()
            leaf = .fence
            fence = opener
            fenceLines = 0
            return
        }
        if isEmptyLineMarker(line) {
            if leaf == .emptyLines {
                emptyLines += 1
            } else {
                closeLeaf()
                leaf = .emptyLines
                emptyLines = 1
            }
            return
        }
        appendParagraphLine(line)
    }

    /// A list item that would start a new list can interrupt a paragraph only when it is not empty
    /// and, if ordered, starts at 1.
    mutating func canInterrupt(with marker: ListMarker) -> Bool {
        guard leaf == .paragraph else { return true }
        return !isBlank(marker.content) && (marker.kind == .bulletList || marker.start == 1)
    }

    /// A list marker of the same list as the open item at `depth`: a sibling item, which ends the
    /// open item even where a new list could not start.
    mutating func isSiblingItem(_ line: Int, at depth: Int) -> Bool {
        guard depth < containers.count, mayStartBlock(line), case .item(let kind, _, let marker) = containers[depth].container,
              let found = listMarker(line) else { return false }
        return found.kind == kind && found.marker == marker && !isThematicBreak(line)
    }

    mutating func startsBlock(_ line: Int) -> Bool {
        guard mayStartBlock(line) else { return false }
        // Only the scans its first character can start (`mayStartBlock` passed spaces and tabs).
        var first = line
        while first < lineEnd, LineScan.isSpaceOrTab(src[first]) { first += 1 }
        guard first < lineEnd else { return true }
        switch src[first] {
        case UInt8(ascii: ">"): return quoteMarker(line) != nil
        case UInt8(ascii: "`"), UInt8(ascii: "~"): return fenceOpener(line) != nil
        case UInt8(ascii: "<"): return isEmptyLineMarker(line)
        default:
            return listMarker(line).map { !isBlank($0.content) && ($0.kind == .bulletList || $0.start == 1) } ?? false
        }
    }
}
