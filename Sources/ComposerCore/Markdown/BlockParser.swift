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

    /// A run of `count` nested containers that are alike (container, block format, whether they
    /// have content): `>>>>> x` or `- - - - x` is one run, so deep nesting takes no memory per
    /// level (a container each was 24 bytes, and the page faults of growing that array were most
    /// of the time of such input) and opening or closing a level is a counter step.
    struct ContainerRun {
        var container: Container
        /// The block format its lines get: the innermost list item's kind, else quote. Kept per
        /// run so deep nesting costs nothing per line.
        var block: BlockFormat
        /// Whether its containers have produced a line yet (an empty item or quote still shows as
        /// one empty line). A line marks the innermost containers out to the first marked one,
        /// so it is the same for every container of a run.
        var hasContent = false
        var count = 1
    }

    enum Leaf { case none, paragraph, fence, emptyLines }

    let src: [UInt8]
    let names: [String: String]
    var output: Output
    /// The open containers, outermost first, as runs of alike ones; `containerCount` of them.
    var runs: [ContainerRun] = []
    var containerCount = 0
    var leaf = Leaf.none
    /// The open paragraph's text goes into the inline parser's content, but its latest stretch
    /// that is a range of `src` (`pendingText`: lines joined by a plain `\n`, without leading
    /// whitespace) only when a line that does not continue it comes or the paragraph closes:
    /// such lines (prose, a run of `a\` hard breaks) are copied in one piece, not line by
    /// line, and a paragraph of one short plain line is written straight from `src`, without
    /// the copy and the inline parser's per-paragraph setup (`closeOneLineParagraph`; most list
    /// items are such). The open fence's lines go straight into the output.
    var paragraphLines = 0
    var pendingText = 0..<0
    var fence = (char: UInt8(0), length: 0, indent: 0)
    var fenceLines = 0
    var emptyLines = 0
    /// Where the line being processed starts and ends (before its line break).
    var lineStart = 0
    var lineEnd = 0
    /// Where the line's trailing spaces and tabs start: a position of the line is blank (only
    /// spaces and tabs follow) when it is at or past this (`isBlank`, constant time).
    var blankFrom = 0
    var thematicBreaks = ThematicBreakIndex()
    /// The line `thematicBreaks` is for (its start): it is reset on first use in a line, not for
    /// every line.
    var thematicBreaksLine = -1
    /// `listMarker`'s last answer, for the position and line end it was asked at.
    var lastListMarker: (line: Int, lineEnd: Int, marker: ListMarker?) = (-1, -1, nil)
    /// A tab that a container's marker or indent took part of: its position and the columns
    /// taken; the rest are the line's from there on (CommonMark's partially consumed tab). Read
    /// only at that position (`startColumn`), so it needs no resetting: positions of another
    /// line, or further on, never match.
    var partialTab = (at: -1, taken: 0)
    /// Reused for every paragraph, and taken from (and given back to) `BufferPools.inlineParsers`,
    /// so its buffers are allocated once, not once per input. Taken when a paragraph first needs
    /// it (`beginParagraphContent`): an input of short plain lines never does. Behind a
    /// reference, and optional: it moves in and out of the pool as a pointer, and giving it back
    /// leaves nil (an emptied parser left in its place was a release per buffer when the block
    /// parser went away, some 500 instructions a message).
    var inline: InlineParserBox?

    init(source: [UInt8], names: [String: String], output: Output) {
        src = source
        self.names = names
        self.output = output
    }

    /// A parser writing into a byte output made here, in place, on `kept`'s buffers (made apart
    /// and moved in, the output was copied with a call to `memmove`).
    init(source: [UInt8], names: [String: String], capacity: Int, kept: inout OutputBuffers) where Output: ByteParseOutput {
        src = source
        self.names = names
        output = Output(capacity: capacity, kept: &kept)
    }

    /// Lines end at `\n`, `\r\n` or `\r`; a line break at the very end starts no further line.
    /// Without `lineLoops`, every line goes through `process` (the tests compare both ways).
    mutating func run(lineLoops: Bool = true) {
        // Inlined with the flag constant: the usual run tests no flag per line.
        if lineLoops { runLines(lineLoops: true) } else { runLines(lineLoops: false) }
    }

    @inline(__always)
    private mutating func runLines(lineLoops: Bool) {
        // A byte order mark opening the input is no text (as cmark-gfm reads it; the serializer
        // writes a U+FEFF of the document as an entity, so no draft's markdown starts with one).
        let first = src.count >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF ? 3 : 0
        var start = first
        while true {
            if lineLoops, leaf == .paragraph { start = takeLines(from: start) }
            if lineLoops, leaf != .fence, containerCount == 0, let next = takeFenceOpener(from: start) {
                guard next < src.count else { break }
                start = next
            }
            if lineLoops, leaf == .fence, containerCount == 0 {
                start = takeFenceLines(from: start)
                // Closed, with lines left: the next may open another fence (the loops again).
                if leaf != .fence, start < src.count { continue }
            }
            let end = lineEnd(from: start)
            if end == src.count, start == end, start > first { break }
            process(start, end)
            guard end < src.count else { break }
            start = lineAfter(end)
        }
        closeLeaf()
        closeContainers(downTo: 0)
        if let used = inline.take() { BufferPools.inlineParsers.give(used) }
    }

    /// Where the line after the one ending at `end` (before its line break, not the input's end)
    /// starts.
    @inline(__always)
    private func lineAfter(_ end: Int) -> Int {
        src[end] == 0x0D && UTF8Bytes.byte(src, end + 1) == 0x0A ? end + 2 : end + 1
    }

    /// The line loop for the open paragraph's container: the lines from `start` on that it takes,
    /// and where the first other line starts. Not inlined: `run`'s loop stays as small as it was
    /// for lines that take none (inlined, the loops cost them a few instructions each).
    @inline(never)
    mutating func takeLines(from start: Int) -> Int {
        if case .item = runs.last?.container { return continueList(from: start) }
        return continueParagraph(from: start)
    }

    /// Opens a fence with the line from `start` when it is a fence opener in no container, and
    /// returns where the next line starts (`src.count` after the last): what `process` does with
    /// such a line (the open leaf closed, the fence opened), without its container matching and
    /// block scans. Nil, changing nothing, for any other line. A run of empty fences was mostly
    /// `process` for each opener.
    @inline(__always)
    mutating func takeFenceOpener(from start: Int) -> Int? {
        guard start < src.count, src[start] == UInt8(ascii: "`") || src[start] == UInt8(ascii: "~") else { return nil }
        let end = lineEnd(from: start)
        beginLine(start, end)
        guard let opener = fenceOpener(start) else { return nil }
        closeLeaf()
        leaf = .fence
        fence = opener
        fenceLines = 0
        return end < src.count ? lineAfter(end) : src.count
    }

    /// The line loop for an open fence in no container: its code lines, then the line that
    /// closes it, without `process`'s container matching for each (what `process` does with them
    /// is `fenceLine`). Returns where the first line after them starts, or `src.count` after the
    /// last line of the input. Inlined: for a fence of no lines, an opener and its closer, the
    /// call cost more than the loop saved (`fence_toggle` of `make profile-parse`, 4% more).
    @inline(__always)
    mutating func takeFenceLines(from start: Int) -> Int {
        var start = start
        while leaf == .fence {
            let end = lineEnd(from: start)
            // The input's final line break starts no line (as in `runLines`).
            if end == src.count, start == end, start > 0 { return start }
            beginLine(start, end)
            fenceLine(start)
            guard end < src.count else { return src.count }
            start = lineAfter(end)
        }
        return start
    }

    /// Takes the lines from `start` on that can only continue the open paragraph, and returns
    /// where the first other line starts: `process` would find each continues every open
    /// container (all quotes, each line's `>` at its start) and starts no block (the byte after
    /// the markers is not one `LineScan.mayInterrupt` flags), and add it to the paragraph. A loop
    /// over such lines (prose, a long quote, a run of `a\` hard breaks) without `process`'s
    /// setup and tests for each. A line with nothing after the markers closes the paragraph
    /// (as in `process`), and is taken too: most paragraphs end so.
    @inline(__always)
    mutating func continueParagraph(from start: Int) -> Int {
        let quotes: Int
        if containerCount == 0 {
            quotes = 0
        } else if runs.count == 1, case .quote = runs[0].container {
            quotes = containerCount
        } else {
            return start
        }
        var start = quotes == 0 ? joinSourceLines(from: start) : start
        while true {
            var at = start
            for _ in 0..<quotes {
                guard at < src.count, src[at] == UInt8(ascii: ">") else { return start }
                // `afterQuoteMarker`: a space or tab is no line end.
                at += at + 1 < src.count && LineScan.isSpaceOrTab(src[at + 1]) ? 2 : 1
            }
            guard at < src.count, !LineScan.mayInterrupt(src[at]) else {
                // A blank line (nothing after the markers) closes the paragraph.
                guard at < src.count, src[at] == 0x0A || src[at] == 0x0D else { return start }
                closeLeaf()
                return lineAfter(at)
            }
            lineEnd = lineEnd(from: at)
            addParagraphLine(at)
            guard lineEnd < src.count else { return src.count }
            start = lineAfter(lineEnd)
        }
    }

    /// The first loop of `continueParagraph` for a paragraph in no container: while the lines go
    /// on right after the pending text, each after a `\n` and starting with a byte that cannot
    /// interrupt the paragraph, they join the pending text (`addParagraphLine`), looked at
    /// through a pointer. Returns where the first line it did not take starts (the general loop
    /// goes on from there: a blank line, a `\r`, a block, the end).
    @inline(__always)
    mutating func joinSourceLines(from start: Int) -> Int {
        let joinedEnd = pendingText.upperBound
        guard start == joinedEnd + 1, joinedEnd < src.count, src[joinedEnd] == 0x0A else { return start }
        let (lines, end) = src.withUnsafeBufferPointer { buf -> (Int, Int) in
            let n = buf.count
            // Most paragraphs are one line, the next blank: the first line is told before the
            // breaks are set up (their setup, though it loads nothing, cost plain prose 0.5%).
            guard let base = buf.baseAddress, start < n, !LineScan.mayInterrupt(base[start]) else { return (0, joinedEnd) }
            // Each line ends at the next break after the one before: every break from `start`
            // on is taken in order, until a line that stops the loop.
            var breaks = LineBreakBits(buf, from: start, carriageReturns: true)
            var lines = 0, end = joinedEnd, next = start
            repeat {
                let i = breaks.next()
                lines += 1
                end = i
                guard i < n, base[i] == 0x0A else { break }
                next = i + 1
            } while next < n && !LineScan.mayInterrupt(base[next])
            return (lines, end)
        }
        guard lines > 0 else { return start }
        if paragraphLines == 1 { beginParagraphContent() }
        paragraphLines += lines
        pendingText = pendingText.lowerBound..<end
        lineEnd = end
        return end < src.count ? lineAfter(end) : end
    }

    /// Takes the lines from `start` on that each open the next item of the open list with one line
    /// of content that starts no block, and returns where the first other line starts: what
    /// `process` does with such a line (`nextItemMarker` and `replaceInnermostItem`, then a
    /// paragraph opened with the content), without its scans. Only for a list at the top level
    /// (the line continues no container, and no item encloses the list): then a marker of the
    /// list's kind and character in its common shape (no indent, one space, see
    /// `siblingItemContent`) before content whose first byte `LineScan.mayInterrupt` passes is
    /// the next item, and its content is neither a nested item nor a thematic break.
    @inline(__always)
    mutating func continueList(from start: Int) -> Int {
        guard runs.count == 1, runs[0].count == 1, case .item(let kind, _, let char) = runs[0].container else { return start }
        var start = start
        var current = runs[0].container
        while let content = siblingItemContent(start, kind: kind, marker: char) {
            lineEnd = lineEnd(from: content)
            let item = Container.item(kind, contentIndent: content - start, marker: char)
            if item == current {
                // An item like the open one: closing the open item's paragraph gives the run
                // content, and replacing the run would only take that back until the new
                // item's paragraph closes, which nothing reads before (each reader of
                // `hasContent` closes the leaf first). The run stays as it is.
                closeLeaf()
            } else {
                replaceInnermostItem(kind: kind, contentIndent: content - start, marker: char)
                current = item
            }
            appendParagraphLine(content)
            guard lineEnd < src.count else { return src.count }
            start = lineAfter(lineEnd)
        }
        return start
    }

    /// Where the content of the item the line from `start` opens starts, when the line starts
    /// with a marker of kind `kind` and character `marker` (`-`, `+`, `*`, or `.` / `)` after one
    /// to nine digits), one space and a byte `LineScan.mayInterrupt` passes: the common shape
    /// of what `listMarker` reads as such an item, its content indent the marker's width plus one.
    @inline(__always)
    mutating func siblingItemContent(_ start: Int, kind: BlockFormat, marker: UInt8) -> Int? {
        var at = start
        if kind == .orderedList {
            while at < src.count, at - start < 9, LineScan.isDigit(src[at]) { at += 1 }
            guard at > start else { return nil }
        }
        guard at + 2 < src.count, src[at] == marker, src[at + 1] == 0x20, !LineScan.mayInterrupt(src[at + 2]) else { return nil }
        return at + 2
    }

    /// Where the line from `start` ends: the next `\n` or `\r`, or the end of the input. The first
    /// eight bytes are looked at as one word: a short line (an item, a fence, a quote) ends
    /// before a block scan pays off, and a byte loop over them cost a third of such a line's
    /// block parsing.
    @inline(__always)
    private mutating func lineEnd(from start: Int) -> Int {
        let prefixEnd = src.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress, start >= 0, start + 8 <= buf.count else {
                var i = max(0, start)
                while i < buf.count, buf[i] != 0x0A, buf[i] != 0x0D { i += 1 }
                return i
            }
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            let breaks = LineScan.zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | LineScan.zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            return start + breaks.trailingZeroBitCount / 8
        }
        guard prefixEnd == start + 8 else { return prefixEnd }
        return ByteScan.lineEnd(src, from: prefixEnd)
    }

    // MARK: Output

    /// The block format lines emitted now get.
    var currentBlock: BlockFormat? { runs.last?.block }

    /// Starts an output line; the open containers have content from now on. Inlined: a line of
    /// a list or of code is little more than this, and the call's register saves were a third of
    /// it.
    @inline(__always)
    mutating func emitLine(_ block: BlockFormat?) {
        output.startLine(block)
        // Without this check, the loop's write access makes the (often empty) array unique first:
        // an allocation per line.
        guard let last = runs.last, !last.hasContent else { return }
        // Containers are marked from the innermost out; the first already marked means all
        // outer ones are too, so each run is marked once.
        var i = runs.count - 1
        while i >= 0, !runs[i].hasContent {
            runs[i].hasContent = true
            i -= 1
        }
    }

    /// Closes the open leaf, if any. Inlined: most calls (each line's `open`, `closeContainers`,
    /// a new paragraph) find none, and the call of the whole leaf switch cost more than the test.
    @inline(__always)
    mutating func closeLeaf() {
        if leaf != .none { closeOpenLeaf() }
    }

    mutating func closeOpenLeaf() {
        switch leaf {
        case .none:
            return
        case .paragraph:
            let block = currentBlock
            if paragraphLines == 1 {
                closeOneLineParagraph(block)
            } else {
                inline?.parser.appendContent(src, pendingText)
                // The paragraph's final whitespace is not content (entities are, being written out).
                inline?.parser.trimContentEnd()
                emitLine(block)
                inline?.parser.parse(into: &output, block: block, names: names)
            }
        case .fence:
            // A fence without lines is one empty code line.
            if fenceLines == 0 { emitLine(.codeBlock) }
        case .emptyLines:
            let block = currentBlock
            for _ in 0..<emptyLines { emitLine(block) }
        }
        leaf = .none
    }

    /// Adds a line to the open paragraph (or opens one): lines are joined by `\n`, each without
    /// its leading whitespace. Inlined: most lines of prose end here, and the call's register
    /// saves were a third of its cost.
    @inline(__always)
    mutating func appendParagraphLine(_ line: Int) {
        var start = line
        while start < lineEnd, LineScan.isSpaceOrTab(src[start]) { start += 1 }
        guard leaf == .paragraph else {
            closeLeaf()
            leaf = .paragraph
            paragraphLines = 1
            pendingText = start..<lineEnd
            return
        }
        addParagraphLine(start)
    }

    /// Adds the line from `start` (past its leading whitespace, but for a lazy line) to `lineEnd`
    /// to the open paragraph.
    @inline(__always)
    mutating func addParagraphLine(_ start: Int) {
        if paragraphLines == 1 { beginParagraphContent() }
        paragraphLines += 1
        // A line right after the pending text and its `\n` continues it: joined, they are the
        // source's bytes.
        if start == pendingText.upperBound + 1, src[pendingText.upperBound] == 0x0A {
            pendingText = pendingText.lowerBound..<lineEnd
        } else {
            inline?.parser.appendContent(src, pendingText)
            inline?.parser.appendContent(0x0A)
            pendingText = start..<lineEnd
        }
    }

    /// Adds a lazy line, from `line` on as it is (`addParagraphLine`), but for a tab there that a
    /// container took part of: the rest of its columns go in as spaces, as cmark-gfm adds the
    /// line (`- >` and a backslash, then a tab and `;`: the line `  ;`).
    mutating func addLazyLine(_ line: Int) {
        guard partialTab.at == line, line < lineEnd else { return addParagraphLine(line) }
        let spaces = tabWidth(base: startColumn(line), seen: 0)
        if paragraphLines == 1 { beginParagraphContent() }
        paragraphLines += 1
        inline?.parser.appendContent(src, pendingText)
        inline?.parser.appendContent(0x0A)
        for _ in 0..<spaces { inline?.parser.appendContent(0x20) }
        pendingText = line + 1..<lineEnd
    }

    /// Starts the inline parser's (empty) content for the open paragraph.
    mutating func beginParagraphContent() {
        if inline == nil { inline = BufferPools.inlineParsers.take() ?? InlineParserBox() }
        // Room for the rest of the input: the content never outgrows it.
        inline?.parser.beginContent(capacity: src.count - pendingText.lowerBound)
    }

    /// Closes a paragraph of one line. Without its final whitespace, a short line of plain text
    /// (no byte the inline tokenizer acts on) is written as `InlineParser.parse` writes it: one
    /// piece of unstyled text, unescaped if it holds no `"` or control character. A long line
    /// goes through the inline parser all the same: its setup is small next to the line's
    /// parse, and scanning the line first would cost more than it saves (most long lines hold
    /// some syntax).
    mutating func closeOneLineParagraph(_ block: BlockFormat?) {
        var end = pendingText.upperBound
        while end > pendingText.lowerBound, LineScan.isSpaceOrTab(src[end - 1]) { end -= 1 }
        let line = pendingText.lowerBound..<end
        emitLine(block)
        guard line.count <= 32, let text = ByteScan.plainLine(src, line) else {
            beginParagraphContent()
            inline?.parser.appendWholeContent(src, line)
            inline?.parser.parse(into: &output, block: block, names: names)
            return
        }
        if text.unescaped {
            output.appendUnescaped(src, line, style: .plain, ascii: text.ascii)
        } else {
            output.append(src[line], style: .plain)
        }
    }

    /// Closes the innermost containers until `count` are open. An empty item or quote is one
    /// empty line of its kind; that line gives every container still open content, so of
    /// several empty ones closed only the innermost shows.
    mutating func closeContainers(downTo count: Int) {
        guard containerCount > count else { return }
        closeLeaf()
        while containerCount > count, let last = runs.last {
            let closing = min(last.count, containerCount - count)
            containerCount -= closing
            if closing == last.count { runs.removeLast() } else { runs[runs.count - 1].count -= closing }
            if !last.hasContent { emitLine(last.block) }
        }
    }

    mutating func open(_ container: Container) {
        closeLeaf()
        let block: BlockFormat
        switch container {
        case .item(let kind, _, _): block = kind
        case .quote: block = currentBlock.map { $0.isList ? $0 : .quote } ?? .quote
        }
        containerCount += 1
        if let last = runs.last, !last.hasContent, last.container == container, last.block == block {
            runs[runs.count - 1].count += 1
        } else {
            runs.append(ContainerRun(container: container, block: block))
        }
    }

    // MARK: Lines

    /// One line, `src[start..<end]`. Positions past the containers' markers are suffixes of the
    /// line, so each is just where it starts.
    mutating func process(_ start: Int, _ end: Int) {
        beginLine(start, end)
        var line = start
        // 1. Which open containers does this line continue?
        var matched = 0
        var r = 0
        // The spaces that start the line from `spacesAt` on (the item runs' fast path).
        var spacesAt = -1, spaces = 0
        runs: while r < runs.count {
            let run = runs[r]
            r += 1
            switch run.container {
            case .quote:
                for _ in 0..<run.count {
                    guard let rest = quoteMarker(line) else { break runs }
                    line = rest
                    matched += 1
                }
            case .item(_, let contentIndent, _):
                // Deep nesting (`- x` lines, each indented 2 more, an item a level): the line's
                // leading spaces are counted once, and each run they cover whole is matched by
                // arithmetic (two scans a level made such input quadratic in its depth). Not for
                // a blank line, whose rules below look at each level.
                if !isBlank(line), partialTab.at != line {
                    if spacesAt != line { (spacesAt, spaces) = (line, skipRun(of: 0x20, from: line) - line) }
                    let needed = run.count * contentIndent
                    if spaces >= needed {
                        line += needed
                        (spacesAt, spaces) = (line, spaces - needed)
                        matched += run.count
                        continue
                    }
                }
                var k = 0
                while k < run.count {
                    // A blank line continues every item (and stays blank) but one that holds
                    // nothing yet (the innermost, no leaf open) unless indented as its content:
                    // an item begins with at most one blank line (CommonMark), so `-`, an empty
                    // line and `  a` are an empty item and a paragraph. cmark-gfm checks the
                    // indent first: `- `, `  ` and `  a` are an item `a`.
                    if isBlank(line) {
                        matched += run.count - k
                        if r == runs.count, !run.hasContent, leaf == .none, !hasIndent(line, contentIndent) { matched -= 1 }
                        // What is left of it is the item's indent taken off, or nothing where the
                        // line is less indented (cmark-gfm: a blank line in fenced code inside an
                        // item keeps only the spaces past the item's content indent).
                        while k < run.count, hasIndent(line, contentIndent) {
                            line = dropIndent(line, contentIndent)
                            k += 1
                        }
                        if k < run.count { line = lineEnd }
                        break
                    }
                    guard hasIndent(line, contentIndent) else { break runs }
                    line = dropIndent(line, contentIndent)
                    matched += 1
                    k += 1
                }
            }
        }

        // 2. Inside a fence: the line is code unless it closes the fence.
        if leaf == .fence, matched == containerCount { return fenceLine(line) }

        if matched + 1 == containerCount, let marker = nextItemMarker(line) {
            // 3a. The next item of the innermost list (the common line of a list): what 3 and 4
            // do with it, without their scans, and the run reused.
            replaceInnermostItem(kind: marker.kind, contentIndent: marker.contentIndent, marker: marker.marker)
            if isBlank(marker.content) { return }
            line = itemContent(marker)
        } else {
            // 3. Lazy paragraph continuation: text that starts no block keeps the paragraph going.
            // Its leading spaces and tabs stay, as cmark-gfm keeps them (it adds a lazy line from
            // after the containers it matched, any other line from its first non-blank): only a
            // code span or a backslash break shows them (`InlineParser.handleBackslash`).
            if matched < containerCount, leaf == .paragraph, !startsBlock(line) {
                addLazyLine(line)
                return
            }
            if matched < containerCount { closeContainers(downTo: matched) }
        }

        // 4. New containers and leaves.
        while true {
            // Only the scans the first character can start: every marker allows at most three
            // columns of indent (so no tab: one counts to column 4).
            let (first, columns) = firstCharacter(line)
            if first == lineEnd {
                if leaf == .paragraph || leaf == .emptyLines { closeLeaf() }
                return
            }
            guard columns <= 3 else { return appendParagraphLine(first) }
            let mayBeItem: Bool
            switch src[first] {
            case UInt8(ascii: ">"):
                // `quoteMarker(line)`, its indent already passed.
                open(.quote)
                line = afterQuoteMarker(first)
                // `>` right after: a quote in the one just opened, alike, so one more of its run
                // (what `open(.quote)` would do, without the scans).
                line = nestedQuotes(line)
                continue
            case UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "<"):
                mayBeItem = false
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                mayBeItem = true
            default:
                return appendParagraphLine(first)
            }
            if mayBeItem, let marker = listMarker(line), !isThematicBreak(line), canInterrupt(with: marker) {
                open(.item(marker.kind, contentIndent: marker.contentIndent, marker: marker.marker))
                if isBlank(marker.content) { return }
                line = itemContent(marker)
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

    /// Starts the line `src[start..<end]`: where it ends, and where its trailing blanks start.
    @inline(__always)
    mutating func beginLine(_ start: Int, _ end: Int) {
        lineStart = start
        lineEnd = end
        var trailing = end
        while trailing > start, LineScan.isSpaceOrTab(src[trailing - 1]) { trailing -= 1 }
        blankFrom = trailing
    }

    /// A line of the open fence, from `line` on (past its containers' markers): code, unless it
    /// closes the fence.
    @inline(__always)
    mutating func fenceLine(_ line: Int) {
        if isFenceCloser(line, char: fence.char, length: fence.length) {
            closeLeaf()
        } else {
            emitLine(.codeBlock)
            let (codeStart, spaces) = dropCodeIndent(line, fence.indent)
            if spaces > 0 { output.append(ArraySlice(repeating: 0x20, count: spaces), style: .plain) }
            // Classified first: most code lines need no escaping, and go out as they are.
            let code = codeStart..<lineEnd
            let text = ByteScan.classify(src, code)
            if text.unescaped {
                output.appendUnescaped(src, code, style: .plain, ascii: text.ascii)
            } else {
                output.append(src[code], style: .plain)
            }
            fenceLines += 1
        }
    }

    /// The marker of the item the line from `line` starts, when the innermost open container is
    /// the only one the line does not continue, and is an item of the same list (a sibling, no
    /// thematic break). Then the general path (`closeContainers`, then `open`) would close that
    /// item and open this one in its place; only when that item is alone in its run and no item
    /// encloses it, which a marker after the matched containers would close as well.
    mutating func nextItemMarker(_ line: Int) -> ListMarker? {
        guard let last = runs.last, last.count == 1, case .item(let kind, _, let char) = last.container else { return nil }
        if runs.count > 1, case .item = runs[runs.count - 2].container { return nil }
        guard let marker = listMarker(line), marker.kind == kind, marker.marker == char, !isThematicBreak(line) else {
            return nil
        }
        return marker
    }

    /// Closes the innermost item (see `nextItemMarker`) and opens an item of `kind`,
    /// `contentIndent` and `marker` in its run: what `closeContainers` and `open` do, without
    /// removing and appending the run.
    mutating func replaceInnermostItem(kind: BlockFormat, contentIndent: Int, marker: UInt8) {
        closeLeaf()
        // An empty item is one empty line (`closeContainers`): marking the runs it gives content
        // marks the closing one too, which is replaced.
        if let last = runs.last, !last.hasContent { emitLine(last.block) }
        let item = Container.item(kind, contentIndent: contentIndent, marker: marker)
        runs[runs.count - 1] = ContainerRun(container: item, block: kind)
    }

    /// Where the content of the item just opened by `marker` starts: past the items alike to it
    /// that follow on its line (`- - - x`, see `nestedBullets`).
    mutating func itemContent(_ marker: ListMarker) -> Int {
        let line = marker.content
        if marker.kind == .bulletList, marker.contentIndent == 2, src[line] == marker.marker {
            return nestedBullets(line, marker: marker.marker)
        }
        return line
    }

    /// Past the `>` (each with one optional space or tab) from `line` on: quotes in the one just
    /// opened, alike, added to the innermost run.
    mutating func nestedQuotes(_ line: Int) -> Int {
        let end = lineEnd
        let (at, nested) = src.withUnsafeBufferPointer { src in
            var at = line
            var nested = 0
            while at < end, src[at] == UInt8(ascii: ">") {
                nested += 1
                at += 1
                // A tab right after the marker: `afterQuoteMarker` takes its one column (below).
                if at < end, src[at] == 0x09 { break }
                if at < end, src[at] == 0x20 { at += 1 }
            }
            return (at, nested)
        }
        deepenInnermostRun(by: nested)
        if at < lineEnd, src[at] == 0x09, src[at - 1] == UInt8(ascii: ">") {
            let rest = afterQuoteMarker(at - 1)
            return rest > at && rest < lineEnd && src[rest] == UInt8(ascii: ">") ? nestedQuotes(rest) : rest
        }
        return at
    }

    /// Past the items alike to the one just opened (`- - - x`) that follow on its line from
    /// `line`: the marker, one space and content that is not blank and is no thematic break,
    /// which is what `listMarker` reads as an item of content indent 2 and `open` adds to the
    /// innermost run; counted here without the scans.
    mutating func nestedBullets(_ line: Int, marker: UInt8) -> Int {
        // `isThematicBreak(at)` for a position on a marker: within the range the line's index
        // gives for the marker's character, read once.
        var breakFrom = Int.max
        var breakTo = Int.min
        if let c = ThematicBreakIndex.slot(marker) {
            let entry = thematicBreakEntry(c)
            if entry.thirdFromEnd >= 0 {
                breakFrom = entry.onlyFrom
                breakTo = entry.thirdFromEnd
            }
        }
        let end = lineEnd
        let (at, nested) = src.withUnsafeBufferPointer { src in
            var at = line
            var nested = 0
            while at + 2 < end, src[at] == marker, src[at + 1] == 0x20, !LineScan.isSpaceOrTab(src[at + 2]),
                  at < breakFrom || at > breakTo {
                nested += 1
                at += 2
            }
            return (at, nested)
        }
        deepenInnermostRun(by: nested)
        return at
    }

    /// `n` more containers alike to the innermost one, opened inside it: one more count of its run
    /// (what `open` does for each, without comparing them).
    mutating func deepenInnermostRun(by n: Int) {
        guard n > 0, !runs.isEmpty else { return }
        runs[runs.count - 1].count += n
        containerCount += n
    }

    /// A list item that would start a new list can interrupt a paragraph only when it is not empty
    /// and, if ordered, starts at 1.
    mutating func canInterrupt(with marker: ListMarker) -> Bool {
        guard leaf == .paragraph else { return true }
        return !isBlank(marker.content) && (marker.kind == .bulletList || marker.start == 1)
    }

    /// Whether the line from `line` on starts a block: it is blank, or its first character after
    /// at most three columns of spaces and tabs begins a marker (`>`, a list marker, a fence,
    /// `<p></p>`; each allows no more indent) that the scan for it finds whole.
    mutating func startsBlock(_ line: Int) -> Bool {
        let (first, columns) = firstCharacter(line)
        guard first < lineEnd else { return true }
        guard columns <= 3 else { return false }
        switch src[first] {
        case UInt8(ascii: ">"): return quoteMarker(line) != nil
        case UInt8(ascii: "`"), UInt8(ascii: "~"): return fenceOpener(line) != nil
        case UInt8(ascii: "<"): return isEmptyLineMarker(line)
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            // Asked of a line that does not continue every open container (step 3 of `process`):
            // there any list marker starts a list, empty or numbered from anything, as cmark-gfm
            // reads it (the paragraph is not among the containers the line
            // continued, so it is not interrupted: `canInterrupt` is for a line inside them). A
            // sibling item of the open list is one such marker.
            return listMarker(line) != nil
        default:
            return false
        }
    }
}
