/// Reads wire markdown into a document: the block structure (paragraphs, block quotes, bullet and
/// ordered lists, fenced code, the `<p></p>` empty-line marker) with CommonMark's container rules,
/// flattened to one block format per line (a line in a list item is a list line, in a quote a
/// quote line, in a fence a code line), and inline content through `InlineParser`. Any input is
/// valid: what the subset does not cover stays literal text.
public enum MarkdownParser {
    /// Parses `markdown`; mention uids resolve to display names through `names` (a uid without
    /// a name shows as itself).
    public static func parse(_ markdown: String, names: [String: String] = [:]) -> Document {
        var builder = BlockParser(names: names)
        builder.run(markdown)
        return builder.document.document
    }
}

private struct BlockParser {
    enum Container: Equatable {
        case quote
        /// A list item: its list's kind, the content indent, and the marker character (`-`, `+`,
        /// `*`, or `.` / `)` for ordered lists), which tells sibling items from a new list.
        case item(BlockFormat, contentIndent: Int, marker: Unicode.Scalar)
    }

    enum Leaf {
        case none
        case paragraph([[Unicode.Scalar]])
        case fence(char: Unicode.Scalar, length: Int, indent: Int, lines: [[Unicode.Scalar]])
        case emptyLines(Int)
    }

    let names: [String: String]
    var document = _LegacyDocument()
    var containers: [Container] = []
    /// Whether each open container has produced a line yet (an empty item or quote still shows as
    /// one empty line).
    var containerHasContent: [Bool] = []
    var leaf = Leaf.none
    var lineCount = 0

    init(names: [String: String]) { self.names = names }

    mutating func run(_ markdown: String) {
        var lines: [[Unicode.Scalar]] = [[]]
        var scalars = markdown.unicodeScalars.makeIterator()
        var previousCR = false
        while let s = scalars.next() {
            if s == "\n" {
                if !previousCR { lines.append([]) }
                previousCR = false
            } else if s == "\r" {
                lines.append([])
                previousCR = true
            } else {
                lines[lines.count - 1].append(s == "\u{0}" ? "\u{FFFD}" : s)
                previousCR = false
            }
        }
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines { process(line) }
        closeLeaf()
        closeContainers(downTo: 0)
        if lineCount == 0 { document = _LegacyDocument() }
    }

    // MARK: Output

    /// For each open container, the block format its lines get: the innermost list item's kind,
    /// else quote. Kept as a stack so deep nesting costs nothing per line.
    var containerBlocks: [BlockFormat] = []

    /// The block format lines emitted now get.
    var currentBlock: BlockFormat? { containerBlocks.last }

    mutating func emitLine(_ pieces: [InlineParser.Piece], block: BlockFormat?) {
        if lineCount > 0 {
            document.scalars.append("\n")
            document.styles.append(.plain)
            document.lineBlocks.append(block)
        } else {
            document.lineBlocks[0] = block
        }
        lineCount += 1
        for piece in pieces {
            document.scalars.append(contentsOf: piece.scalars)
            document.styles.append(contentsOf: repeatElement(block == .codeBlock ? .plain : piece.style.normalized(), count: piece.scalars.count))
        }
        // Containers are marked from the innermost out; the first already marked means all
        // outer ones are too, so each container is marked once.
        var i = containerHasContent.count - 1
        while i >= 0, !containerHasContent[i] { containerHasContent[i] = true; i -= 1 }
    }

    mutating func closeLeaf() {
        if case .none = leaf { return }
        let block = currentBlock
        switch leaf {
        case .none: break
        case .paragraph(let lines):
            var content: [Unicode.Scalar] = []
            for (i, line) in lines.enumerated() {
                if i > 0 { content.append("\n") }
                content.append(contentsOf: line.drop(while: { $0 == " " || $0 == "\t" }))
            }
            // The paragraph's final whitespace is not content (entities are, being written out).
            while content.last == " " || content.last == "\t" { content.removeLast() }
            let names = self.names
            let pieces = InlineParser.parse(content, into: &document, names: { names[$0] ?? $0 })
            // Every "\n" ends a line, whether a break or decoded from an entity such as "&#10;"
            // (the document keeps one block entry per line and never styles a newline).
            var line: [InlineParser.Piece] = []
            for piece in pieces {
                var rest = piece.scalars[...]
                while let newline = rest.firstIndex(of: "\n") {
                    if newline > rest.startIndex { line.append(InlineParser.Piece(scalars: Array(rest[..<newline]), style: piece.style)) }
                    emitLine(line, block: block)
                    line = []
                    rest = rest[(newline + 1)...]
                }
                if !rest.isEmpty { line.append(InlineParser.Piece(scalars: Array(rest), style: piece.style)) }
            }
            emitLine(line, block: block)
        case .fence(_, _, _, let lines):
            if lines.isEmpty {
                emitLine([], block: .codeBlock)
            } else {
                for line in lines { emitLine([InlineParser.Piece(scalars: line, style: .plain)], block: .codeBlock) }
            }
        case .emptyLines(let n):
            for _ in 0..<n { emitLine([], block: block) }
        }
        leaf = .none
    }

    mutating func closeContainers(downTo count: Int) {
        while containers.count > count {
            closeLeaf()
            if containerHasContent.last == false {
                // An empty item or quote is one empty line of its kind.
                let block = currentBlock
                containers.removeLast()
                containerHasContent.removeLast()
                containerBlocks.removeLast()
                emitLine([], block: block)
            } else {
                containers.removeLast()
                containerHasContent.removeLast()
                containerBlocks.removeLast()
            }
        }
    }

    mutating func open(_ container: Container) {
        closeLeaf()
        containers.append(container)
        containerHasContent.append(false)
        switch container {
        case .item(let kind, _, _): containerBlocks.append(kind)
        case .quote: containerBlocks.append(containerBlocks.last.map { $0.isList ? $0 : .quote } ?? .quote)
        }
    }

    // MARK: Lines

    static func indentation(_ line: ArraySlice<Unicode.Scalar>) -> Int {
        var columns = 0
        for s in line {
            if s == " " { columns += 1 } else if s == "\t" { columns += 4 - columns % 4 } else { break }
        }
        return columns
    }

    /// Drops `columns` columns of leading spaces (tabs count to the next multiple of 4).
    static func dropIndent(_ line: ArraySlice<Unicode.Scalar>, _ columns: Int) -> ArraySlice<Unicode.Scalar> {
        var rest = line
        var dropped = 0
        while dropped < columns, let first = rest.first, first == " " || first == "\t" {
            dropped += first == " " ? 1 : 4 - dropped % 4
            rest = rest.dropFirst()
        }
        return rest
    }

    static func isBlank(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// `>` after at most three spaces: the rest of the line after the marker and one optional space.
    static func quoteMarker(_ line: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar>? {
        guard indentation(line) <= 3 else { return nil }
        let rest = line.drop(while: { $0 == " " })
        guard rest.first == ">" else { return nil }
        let after = rest.dropFirst()
        return after.first == " " || after.first == "\t" ? after.dropFirst() : after
    }

    struct ListMarker {
        var kind: BlockFormat
        var contentIndent: Int
        var content: ArraySlice<Unicode.Scalar>
        var marker: Unicode.Scalar
        var start: Int
    }

    /// A list marker after at most three spaces.
    static func listMarker(_ line: ArraySlice<Unicode.Scalar>) -> ListMarker? {
        guard let (kind, indent, content) = listMarkerParts(line) else { return nil }
        let rest = line.drop(while: { $0 == " " })
        var number = 0
        var marker = rest.first ?? "-"
        if kind == .orderedList {
            for s in rest {
                guard ("0"..."9").contains(s) else { marker = s; break }
                number = number * 10 + Int(s.value - 0x30)
            }
        }
        return ListMarker(kind: kind, contentIndent: indent, content: content, marker: marker, start: number)
    }

    static func listMarkerParts(_ line: ArraySlice<Unicode.Scalar>) -> (BlockFormat, Int, ArraySlice<Unicode.Scalar>)? {
        let indent = indentation(line)
        guard indent <= 3 else { return nil }
        let rest = line.drop(while: { $0 == " " })
        guard let first = rest.first else { return nil }
        var markerEnd = rest.startIndex
        let kind: BlockFormat
        if first == "-" || first == "+" || first == "*" {
            markerEnd = rest.index(after: rest.startIndex)
            kind = .bulletList
        } else {
            var i = rest.startIndex
            while i < rest.endIndex, ("0"..."9").contains(rest[i]), i - rest.startIndex < 9 { i += 1 }
            guard i > rest.startIndex, i < rest.endIndex, rest[i] == "." || rest[i] == ")" else { return nil }
            markerEnd = i + 1
            kind = .orderedList
        }
        let afterMarker = rest[markerEnd...]
        if afterMarker.isEmpty || isBlank(afterMarker) {
            return (kind, indent + (markerEnd - rest.startIndex) + 1, afterMarker[afterMarker.endIndex...])
        }
        guard afterMarker.first == " " || afterMarker.first == "\t" else { return nil }
        let spaces = indentation(afterMarker)
        let width = markerEnd - rest.startIndex
        if spaces >= 5 {
            return (kind, indent + width + 1, dropIndent(afterMarker, 1))
        }
        return (kind, indent + width + spaces, dropIndent(afterMarker, spaces))
    }

    static func fenceOpener(_ line: ArraySlice<Unicode.Scalar>) -> (Unicode.Scalar, Int, Int)? {
        let indent = indentation(line)
        guard indent <= 3 else { return nil }
        let rest = line.drop(while: { $0 == " " })
        guard let c = rest.first, c == "`" || c == "~" else { return nil }
        let length = rest.prefix(while: { $0 == c }).count
        guard length >= 3 else { return nil }
        if c == "`", rest.dropFirst(length).contains("`") { return nil }
        return (c, length, indent)
    }

    static func isFenceCloser(_ line: ArraySlice<Unicode.Scalar>, char: Unicode.Scalar, length: Int) -> Bool {
        guard indentation(line) <= 3 else { return false }
        let rest = line.drop(while: { $0 == " " })
        let run = rest.prefix(while: { $0 == char }).count
        return run >= length && isBlank(rest.dropFirst(run))
    }

    static let emptyLineMarker: [Unicode.Scalar] = Array("<p></p>".unicodeScalars)

    static func isEmptyLineMarker(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        guard indentation(line) <= 3 else { return false }
        let rest = line.drop(while: { $0 == " " })
        return Array(rest.prefix(emptyLineMarker.count)) == emptyLineMarker && isBlank(rest.dropFirst(emptyLineMarker.count))
    }

    mutating func process(_ fullLine: [Unicode.Scalar]) {
        var line = fullLine[...]
        thematicBreaks = ThematicBreakIndex(fullLine)
        // 1. Which open containers does this line continue?
        var matched = 0
        while matched < containers.count {
            switch containers[matched] {
            case .quote:
                guard let rest = BlockParser.quoteMarker(line) else { break }
                line = rest
                matched += 1
                continue
            case .item(_, let contentIndent, _):
                if BlockParser.isBlank(line) {
                    matched += 1
                    continue
                }
                guard BlockParser.indentation(line) >= contentIndent else { break }
                line = BlockParser.dropIndent(line, contentIndent)
                matched += 1
                continue
            }
            break
        }

        // 2. Inside a fence: the line is code unless it closes the fence.
        // (Lines are appended to a leaf taken out of `leaf` first, so the array is never copied.)
        if case .fence(let char, let length, let indent, var lines) = leaf, matched == containers.count {
            leaf = .none
            if BlockParser.isFenceCloser(line, char: char, length: length) {
                leaf = .fence(char: char, length: length, indent: indent, lines: lines)
                closeLeaf()
            } else {
                lines.append(Array(BlockParser.dropIndent(line, indent)))
                leaf = .fence(char: char, length: length, indent: indent, lines: lines)
            }
            return
        }

        // 3. Lazy paragraph continuation: text that starts no block keeps the paragraph going.
        if matched < containers.count, case .paragraph = leaf, !startsBlock(line), !isSiblingItem(line, at: matched) {
            appendToParagraph(line)
            return
        }
        if matched < containers.count { closeContainers(downTo: matched) }

        // 4. New containers and leaves.
        var openedOnThisLine = false
        while true {
            if BlockParser.isBlank(line) {
                if case .paragraph = leaf { closeLeaf() }
                if case .emptyLines = leaf { closeLeaf() }
                return
            }
            if let rest = BlockParser.quoteMarker(line) {
                open(.quote)
                openedOnThisLine = true
                line = rest
                continue
            }
            if let marker = BlockParser.listMarker(line), !isThematicBreak(line), canInterrupt(with: marker) {
                // A marker right after the matched containers ends the open sibling item; one after
                // a marker on the same line nests inside it.
                if !openedOnThisLine, case .item = containers.last { closeContainers(downTo: containers.count - 1) }
                open(.item(marker.kind, contentIndent: marker.contentIndent, marker: marker.marker))
                openedOnThisLine = true
                if BlockParser.isBlank(marker.content) { return }
                line = marker.content
                continue
            }
            break
        }
        if let (char, length, indent) = BlockParser.fenceOpener(line) {
            closeLeaf()
            leaf = .fence(char: char, length: length, indent: indent, lines: [])
            return
        }
        if BlockParser.isEmptyLineMarker(line) {
            if case .emptyLines(let n) = leaf {
                leaf = .emptyLines(n + 1)
            } else {
                closeLeaf()
                leaf = .emptyLines(1)
            }
            return
        }
        if case .paragraph = leaf {
            appendToParagraph(line)
        } else {
            closeLeaf()
            leaf = .paragraph([Array(line)])
        }
    }

    mutating func appendToParagraph(_ line: ArraySlice<Unicode.Scalar>) {
        guard case .paragraph(var lines) = leaf else { return }
        leaf = .none
        lines.append(Array(line))
        leaf = .paragraph(lines)
    }

    /// A list item that would start a new list can interrupt a paragraph only when it is not empty
    /// and, if ordered, starts at 1.
    func canInterrupt(with marker: ListMarker) -> Bool {
        guard case .paragraph = leaf else { return true }
        return !BlockParser.isBlank(marker.content) && (marker.kind == .bulletList || marker.start == 1)
    }

    /// A list marker of the same list as the open item at `depth`: a sibling item, which ends the
    /// open item even where a new list could not start.
    func isSiblingItem(_ line: ArraySlice<Unicode.Scalar>, at depth: Int) -> Bool {
        guard depth < containers.count, case .item(let kind, _, let marker) = containers[depth],
              let found = BlockParser.listMarker(line) else { return false }
        return found.kind == kind && found.marker == marker && !isThematicBreak(line)
    }

    /// For the line being processed: for each break character, where the suffix made only of it
    /// and spaces starts, and how many of it each suffix holds. The line's slices are suffixes of
    /// it, so every thematic-break check is then constant time ("- - - … x" stays linear).
    struct ThematicBreakIndex {
        var onlyFrom: [Unicode.Scalar: Int] = [:]
        var counts: [Unicode.Scalar: [Int]] = [:]

        init(_ line: [Unicode.Scalar]) {
            for c in ["-", "*", "_"] as [Unicode.Scalar] {
                var i = line.count
                while i > 0, line[i - 1] == c || line[i - 1] == " " || line[i - 1] == "\t" { i -= 1 }
                onlyFrom[c] = i
                var suffixCounts = Array(repeating: 0, count: line.count + 1)
                var k = line.count - 1
                while k >= i {
                    suffixCounts[k] = suffixCounts[k + 1] + (line[k] == c ? 1 : 0)
                    k -= 1
                }
                counts[c] = suffixCounts
            }
        }
    }

    var thematicBreaks = ThematicBreakIndex([])

    func isThematicBreak(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = line.first(where: { $0 != " " && $0 != "\t" }), first == "-" || first == "*" || first == "_",
              let from = thematicBreaks.onlyFrom[first], line.startIndex >= from,
              let counts = thematicBreaks.counts[first], line.startIndex < counts.count else { return false }
        return counts[line.startIndex] >= 3
    }

    func startsBlock(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        BlockParser.isBlank(line) || BlockParser.quoteMarker(line) != nil || BlockParser.fenceOpener(line) != nil
            || BlockParser.isEmptyLineMarker(line)
            || (BlockParser.listMarker(line).map { !BlockParser.isBlank($0.content) && ($0.kind == .bulletList || $0.start == 1) } ?? false)
    }
}
