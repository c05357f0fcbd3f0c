/// Rich text: the characters with their inline styles (as runs) and the block format of each
/// line, kept in a `TextTree`, so that reading or editing at an offset costs O(log n) plus one leaf.
///
/// Every change goes through three primitives (`rawReplace`, `rawRestyle`, `rawSetBlock`). Each
/// records, when asked to, its exact inverse (`journal`, which undo keeps instead of copies of the
/// document) and what it changed (`change`, which events report instead of whole states).
///
/// Invariants (kept by every mutating method):
/// - a `\n` always has the plain style; each line has one block entry (stored on the `\n` that
///   ends it, the last line's in `lastLineBlock`);
/// - styles are normalized (code excludes bold/italic/underline/strike/colour), and lines in a code
///   block hold plain characters only.
public struct Document: Sendable {
    @usableFromInline var tree = TextTree()
    /// The block of the last line, the one no `\n` ends.
    var lastLineBlock: BlockFormat?
    public internal(set) var values = ValueTable()
    /// Inverses of the primitives applied while `isRecording` (undo keeps them).
    var journal: [DocumentEdit] = []
    var isRecording = false
    /// What changed since the change record was last taken (`takeChange`).
    var change = DocumentChange()
    /// Moves with every primitive change (text, styles, blocks, a whole replacement), never back:
    /// what a fact remembered about the document (the editor's caret formats) is checked against.
    var version: UInt64 = 0

    public init() {}

    /// A plain document holding `text`.
    public init(text: String) {
        tree = TextTree(TextFragment(scalars: text.unicodeScalars, style: .plain, block: nil))
    }

    init(fragment: TextFragment, lastLineBlock: BlockFormat?, values: ValueTable) {
        tree = TextTree(fragment)
        self.lastLineBlock = lastLineBlock
        self.values = values
    }

    /// Inlinable down to the root's summary: a host's length getter reads a field, without
    /// handing the whole composer to a function (which copies it; docs/engine.md, "Cheap getters").
    @inlinable public var count: Int { tree.scalarCount }
    public var isEmpty: Bool { tree.summary.scalars == 0 }
    /// The first character (nil when the text is empty), kept by the tree: no descent.
    var firstScalar: Unicode.Scalar? { tree.scalarCount == 0 ? nil : tree.firstScalar }
    public var utf8Count: Int { tree.summary.utf8 }
    public var lineCount: Int { tree.summary.newlines + 1 }
    /// How many mentions the text holds (a root read).
    public var mentionCount: Int { tree.summary.mentionRuns }

    /// Whether the text holds an `@` anywhere (a read of the root's summary).
    var containsAtSign: Bool { tree.summary.atSigns > 0 }

    public var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tree.summary.utf8)
        tree.forEachLeaf { bytes.append(contentsOf: $0.bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func text(in range: Range<Int>) -> String {
        String(decoding: fragment(in: range).bytes, as: UTF8.self)
    }

    public func scalars(in range: Range<Int>) -> [Unicode.Scalar] {
        Array(text(in: range).unicodeScalars)
    }

    /// The character at `offset` (`"\0"` outside the text; callers check their offsets).
    public func scalar(at offset: Int) -> Unicode.Scalar {
        guard offset >= 0, offset < count else { return "\u{0}" }
        let p = position(of: offset)
        return p.node.fragment.scalar(atByte: p.byte)
    }

    /// The style of the character at `offset` (plain outside the text).
    public func style(at offset: Int) -> InlineStyle {
        guard offset >= 0, offset < count else { return .plain }
        let p = position(of: offset)
        return p.node.fragment.style(atByte: p.byte)
    }

    /// The character at `offset` and its style, found with one descent (inside the text).
    func scalarAndStyle(at offset: Int) -> (Unicode.Scalar, InlineStyle) {
        guard offset >= 0, offset < count else { return ("\u{0}", .plain) }
        let p = position(of: offset)
        return (p.node.fragment.scalar(atByte: p.byte), p.node.fragment.style(atByte: p.byte))
    }

    /// Where scalar `offset` (within `0...count`) lies: its leaf, the byte in that leaf, and the
    /// summary of the text before the leaf. `atEnd` takes the earlier leaf at a leaf boundary.
    /// The leaf comes as its node: callers read `node.fragment` in place, where a copy of the
    /// fragment would retain and release its three arrays on every lookup.
    private func position(of offset: Int, atEnd: Bool = false) -> (node: TextNode, byte: Int, base: TextSummary) {
        let (node, base) = tree.leaf(at: offset, atEnd: atEnd)
        return (node, node.fragment.byteOffset(ofScalar: offset - base.scalars, scalarCount: node.summary.scalars), base)
    }

    /// The rich text of `range`: bytes, runs, and the blocks of the lines its `\n`s end.
    func fragment(in range: Range<Int>) -> TextFragment {
        var out = TextFragment()
        guard !range.isEmpty else { return out }
        tree.forEachLeaf(in: range) { leaf, summary, start in
            let lo = leaf.byteOffset(ofScalar: Swift.max(0, range.lowerBound - start), scalarCount: summary.scalars)
            let hi = leaf.byteOffset(ofScalar: Swift.min(summary.scalars, range.upperBound - start), scalarCount: summary.scalars)
            out.append(leaf.slice(lo..<hi))
            return true
        }
        return out
    }

    /// Calls `body` with the UTF-8 bytes of `range`, a leaf's slice at a time, in order (no copy,
    /// no styles: what the text event writes).
    /// A descent per leaf, each reading its leaf in place: the text event of a keystroke is one
    /// character in one leaf, where a walk handing each leaf's fragment to a closure copied it.
    func forEachUTF8Slice(in range: Range<Int>, _ body: (ArraySlice<UInt8>) -> Void) {
        let range = range.clamped(to: 0..<count)
        var offset = range.lowerBound
        while offset < range.upperBound {
            let p = position(of: offset)
            let leafEnd = p.base.scalars + p.node.summary.scalars
            guard leafEnd > offset else { return }  // an empty leaf: cannot be reached inside the text
            let end = Swift.min(range.upperBound, leafEnd)
            let hi = p.node.fragment.byteOffset(ofScalar: end - p.base.scalars, scalarCount: p.node.summary.scalars)
            body(p.node.fragment.bytes[p.byte..<hi])
            offset = end
        }
    }

    /// Calls `body` with each run of equal style overlapping `range` (clipped to it; a run may be
    /// cut where leaves meet), in order; `body` returns false to stop.
    public func forEachRun(in range: Range<Int>, _ body: (Range<Int>, InlineStyle) -> Bool) {
        guard !range.isEmpty else { return }
        tree.forEachLeaf(in: range) { leaf, summary, start in
            leaf.forEachRun(from: start, ascii: summary.scalars == summary.utf8) { style, scalars, _ in
                let lo = Swift.max(scalars.lowerBound, range.lowerBound)
                let hi = Swift.min(scalars.upperBound, range.upperBound)
                if lo < hi, !body(lo..<hi, style) { return false }
                return scalars.upperBound < range.upperBound
            }
        }
    }

    // MARK: Lines

    /// The index of the line holding offset `offset` (an offset at a `\n` belongs to the line it ends).
    public func lineIndex(at offset: Int) -> Int {
        let p = position(of: Swift.max(0, Swift.min(offset, count)), atEnd: true)
        return p.base.newlines + p.node.fragment.newlines(before: p.byte)
    }

    /// The block of the line holding `offset`: `block(ofLine: lineIndex(at: offset))` with one
    /// descent when the line break ending that line is in the same leaf (the usual case).
    public func block(ofLineAt offset: Int) -> BlockFormat? {
        lineBlock(at: position(of: Swift.max(0, Swift.min(offset, count)), atEnd: true))
    }

    /// The block of the line holding a position: from its leaf when the line break ending that
    /// line is there, else by the line's index.
    private func lineBlock(at p: (node: TextNode, byte: Int, base: TextSummary)) -> BlockFormat? {
        let k = p.node.fragment.newlines(before: p.byte)
        if k < p.node.fragment.blocks.count { return p.node.fragment.blocks[k] }
        return block(ofLine: p.base.newlines + k)
    }

    /// At a caret: the character before `offset` and its style (nil at the start of the text),
    /// and `block(ofLineAt: offset)`, from one descent (what the toolbar shows, asked on every key).
    func caretSurroundings(at offset: Int) -> (previous: (scalar: Unicode.Scalar, style: InlineStyle)?, block: BlockFormat?) {
        let offset = Swift.max(0, Swift.min(offset, count))
        // `atEnd`: at a seam between leaves, the leaf that ends at the caret holds the character before it.
        let p = position(of: offset, atEnd: true)
        var previous: (scalar: Unicode.Scalar, style: InlineStyle)?
        if offset > 0 {
            if p.byte > 0 {
                let start = p.node.fragment.scalarStart(before: p.byte)
                previous = (p.node.fragment.scalar(atByte: start), p.node.fragment.style(atByte: start))
            } else {
                previous = scalarAndStyle(at: offset - 1)
            }
        }
        return (previous, lineBlock(at: p))
    }

    /// The offset where line `line` starts.
    public func lineStart(ofLine line: Int) -> Int {
        guard line > 0 else { return 0 }
        guard let (leaf, base) = tree.leaf(ofNewline: line - 1) else { return count }
        let f = leaf.fragment
        return base.scalars + f.scalars(before: f.byteOffset(afterNewline: line - 1 - base.newlines))
    }

    /// The offset where line `line` ends (before its `\n`).
    public func lineEnd(ofLine line: Int) -> Int {
        guard line < lineCount - 1 else { return count }
        return lineStart(ofLine: line + 1) - 1
    }

    public func lineRange(_ line: Int) -> Range<Int> { lineStart(ofLine: line)..<lineEnd(ofLine: line) }

    /// Start offset of the line holding `offset`.
    public func lineStart(at offset: Int) -> Int { lineStart(ofLine: lineIndex(at: offset)) }

    /// End offset (before its `\n`, if any) of the line holding `offset`.
    public func lineEnd(at offset: Int) -> Int { lineEnd(ofLine: lineIndex(at: offset)) }

    public func block(ofLine line: Int) -> BlockFormat? {
        if line == lineCount - 1 { return lastLineBlock }
        guard let (leaf, base) = tree.leaf(ofNewline: line) else { return nil }
        let i = line - base.newlines
        return leaf.fragment.blocks.indices.contains(i) ? leaf.fragment.blocks[i] : nil
    }

    /// Every line's block, in order (O(lines)).
    public var lineBlocks: [BlockFormat?] {
        var blocks: [BlockFormat?] = []
        blocks.reserveCapacity(lineCount)
        tree.forEachLeaf { blocks.append(contentsOf: $0.blocks) }
        blocks.append(lastLineBlock)
        return blocks
    }

    // MARK: Editing

    /// Replaces `range` with `replacement`, giving the new characters `style` (newlines stay plain).
    /// Lines merged by the removal keep the block format of the first; lines created by inserted
    /// newlines take that same block format.
    /// Returns the block of the line where the replacement starts (the one every line it makes gets).
    @discardableResult
    public mutating func replace<S: Collection>(_ range: Range<Int>, with replacement: S, style: InlineStyle) -> BlockFormat? where S.Element == Unicode.Scalar {
        let firstLine = lineIndex(at: range.lowerBound)
        let block = self.block(ofLine: firstLine)
        let newStyle = block == .codeBlock ? InlineStyle.plain : style.normalized()
        let fragment = TextFragment(scalars: replacement, style: newStyle, block: block)
        // A one-character removal (a backspace) joins lines exactly when it removes a line break:
        // a point lookup instead of a second line count.
        let joinsLines = range.count == 1 ? scalar(at: range.lowerBound) == "\n"
            : !range.isEmpty && lineIndex(at: range.upperBound) != firstLine
        let inferable = range.isEmpty && fragment.blocks.isEmpty && hostInfers(newStyle, insertedAt: range.lowerBound, line: firstLine, block: block)
        // The line whose rest is joined: only outside a code block can it hold styles to remove
        // (a backspace inside a code block would otherwise restyle the whole joined line).
        let joinsStyledLine = block == .codeBlock && joinsLines && self.block(ofLine: lineIndex(at: range.upperBound)) != .codeBlock
        rawReplace(range, with: fragment, tailBlock: block, firstLine: firstLine, inferable: inferable)
        if joinsStyledLine {
            // A line joined into a code block brings its characters; they lose their styles there.
            let end = lineEnd(at: range.lowerBound + replacement.count)
            rawRestyle(lineStart(at: range.lowerBound)..<end) { _ in .plain }
        }
        return block
    }

    /// Whether text of one `style` without line breaks, inserted at `offset`, gets exactly the spans
    /// a host's copy gives it by its span rule (docs/events.md): a span that covers the character at
    /// `offset` stretches over the inserted text, one that ends at `offset` does not. So the text
    /// must have the style of the character after it on its line (plain at the line's end), and the
    /// line's block span must run past `offset`.
    private func hostInfers(_ style: InlineStyle, insertedAt offset: Int, line: Int, block: BlockFormat?) -> Bool {
        // `offset` is on `line`: it is before the line's end unless the text or the line ends
        // there, which the character at `offset` tells (one lookup, no line start or end).
        let next = scalarAndStyle(at: offset)
        let beforeLineEnd = offset < count && next.0 != "\n"
        let inferred = beforeLineEnd ? next.1 : .plain
        guard style == inferred else { return false }
        guard let block else { return true }
        return beforeLineEnd || (line + 1 < lineCount && self.block(ofLine: line + 1) == block)
    }

    /// Sets the style of every character in `range` through `transform` (newlines stay plain; code
    /// block lines stay plain).
    public mutating func restyle(_ range: Range<Int>, _ transform: (inout InlineStyle) -> Void) {
        guard !range.isEmpty else { return }
        let first = lineIndex(at: range.lowerBound)
        let last = lineIndex(at: range.upperBound)
        let apply: (InlineStyle) -> InlineStyle = { var s = $0; transform(&s); return s.normalized() }
        if first == last {
            if block(ofLine: first) != .codeBlock { rawRestyle(range, apply) }
            return
        }
        // Several lines: skip the code-block ones.
        for line in first...last where block(ofLine: line) != .codeBlock {
            let lineRange = self.lineRange(line).clamped(to: range)
            rawRestyle(lineRange, apply)
        }
    }

    /// `restyle` of each of `ranges` (ascending, disjoint, each on one line that is no code
    /// block, as `Editor.formatTargets` gives them) in one walk: a format over a long selection
    /// cut by lines, links and mentions into thousands of ranges rebuilds each leaf once, where
    /// the calls one by one found and rebuilt it for each range in it.
    /// Ranges out of order or overlapping are restyled one by one.
    public mutating func restyle(_ ranges: [Range<Int>], _ transform: (inout InlineStyle) -> Void) {
        guard zip(ranges, ranges.dropFirst()).allSatisfy({ $0.upperBound <= $1.lowerBound }) else {
            for range in ranges { restyle(range, transform) }
            return
        }
        rawRestyle(ranges) { var s = $0; transform(&s); return s.normalized() }
    }

    /// Sets the block format of lines `lines`. Entering a code block strips inline styles.
    public mutating func setBlock(_ block: BlockFormat?, lines: ClosedRange<Int>) {
        for line in lines {
            rawSetBlock(block, line: line)
            if block == .codeBlock { rawRestyle(lineRange(line)) { _ in .plain } }
        }
    }

    public mutating func intern(link url: String) -> UInt32 { values.intern(link: url) }
    public mutating func add(mention value: MentionValue) -> UInt32 { values.add(mention: value) }
}

extension Document {
    /// The maximal range around the character at `index` whose `key` equals its (non-zero) key:
    /// the whole mention or link holding it. Costs O(log n) per leaf the run spans.
    func run(containing index: Int, key: (InlineStyle) -> UInt32) -> Range<Int>? {
        guard index >= 0, index < count else { return nil }
        let id = key(style(at: index))
        guard id != 0 else { return nil }
        var start = index
        var end = index + 1
        // Walk outwards run by run (a run is cut only where leaves meet), 64 scalars at a time.
        while start > 0 {
            let window = Swift.max(0, start - 64)..<start
            var runs: [(Range<Int>, InlineStyle)] = []
            forEachRun(in: window) { range, style in
                runs.append((range, style))
                return true
            }
            var reached = start
            for (range, style) in runs.reversed() {
                guard key(style) == id, range.upperBound == reached else { break }
                reached = range.lowerBound
            }
            let done = reached > window.lowerBound || reached == start
            start = reached
            if done { break }
        }
        while end < count {
            var runEnd = end
            forEachRun(in: end..<Swift.min(count, end + 64)) { range, style in
                guard key(style) == id, range.lowerBound == runEnd else { return false }
                runEnd = range.upperBound
                return true
            }
            if runEnd == end { break }
            end = runEnd
        }
        return start..<end
    }
}

extension Document {
    /// Calls `body` with the scalars before `offset`, nearest first, until it returns false, the
    /// text starts, or `limit` were given. One descent per leaf: cheap for the short look-backs
    /// of queries at the caret.
    func forEachScalarBackward(from offset: Int, limit: Int, _ body: (Unicode.Scalar) -> Bool) {
        var position = Swift.min(offset, count)
        var given = 0
        while position > 0, given < limit {
            let (leaf, base) = tree.leaf(at: position - 1)
            let f = leaf.fragment
            var byte = f.byteOffset(ofScalar: position - base.scalars, scalarCount: leaf.summary.scalars)
            while byte > 0, given < limit {
                let start = f.scalarStart(before: byte)
                if !body(f.scalar(atByte: start)) { return }
                given += 1
                position -= 1
                byte = start
            }
        }
    }
}
