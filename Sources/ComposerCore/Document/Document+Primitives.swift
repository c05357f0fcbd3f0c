/// One primitive change to a document, as undo keeps it: applying it to the document it was
/// recorded against gives back the document from before the change it inverts.
enum DocumentEdit: Sendable {
    /// Replace `range` with `fragment`, then set the block of the line holding the fragment's
    /// end to `tailBlock`.
    case replace(range: Range<Int>, fragment: TextFragment, tailBlock: BlockFormat?)
    /// Set the block of line `line`.
    case block(line: Int, block: BlockFormat?)
    /// Give `range` the styles (and line-break blocks) of `fragment`, whose text is the same.
    case styles(range: Range<Int>, fragment: TextFragment)
    /// Put `document` in place of the whole document (a load, a clear).
    indirect case whole(Document)
}

/// What changed in a document since the record was last taken, for events: the text as one
/// replacement (old `[start, oldEnd)` became new `[start, newEnd)`), and the range (in new offsets)
/// whose formatting a host must read again. Recording costs O(1) per primitive.
public struct DocumentChange: Equatable, Sendable {
    public struct TextReplacement: Equatable, Sendable {
        public var start: Int
        public var oldEnd: Int
        public var newEnd: Int
    }

    public var text: TextReplacement?
    /// May be empty (a block set on an empty line): then it names that position.
    public var formatting: Range<Int>?
    /// Whether a line's block format changed (an empty formatting range then still matters).
    public var blocksChanged = false
    /// Whether the change is one insertion whose formatting a host infers by itself (the text
    /// event's span rule stretches exactly the spans the inserted text has): no formatting event.
    public var isInferableInsertion = false

    public var isEmpty: Bool { text == nil && formatting == nil }

    /// Records that `range` (current offsets) was replaced by `length` characters; `inferable`
    /// says the host's span rule gives the inserted text its formatting.
    mutating func replaced(_ range: Range<Int>, length: Int, inferable: Bool = false) {
        let wasEmpty = isEmpty
        defer { isInferableInsertion = wasEmpty && inferable }
        let delta = length - range.count
        if let t = text {
            let start = Swift.min(t.start, range.lowerBound)
            let oldEnd = t.oldEnd + Swift.max(0, range.upperBound - t.newEnd)
            let newEnd = Swift.max(t.newEnd, range.upperBound) + delta
            text = TextReplacement(start: start, oldEnd: oldEnd, newEnd: newEnd)
        } else {
            text = TextReplacement(start: range.lowerBound, oldEnd: range.upperBound, newEnd: range.upperBound + delta)
        }
        if let f = formatting {
            // Shift the formatting range through the replacement.
            func map(_ p: Int) -> Int { p >= range.upperBound ? p + delta : Swift.min(p, range.lowerBound + length) }
            formatting = map(f.lowerBound)..<Swift.max(map(f.lowerBound), map(f.upperBound))
        }
        restyled(range.lowerBound..<(range.lowerBound + length))
    }

    /// Records that the formatting of `range` (current offsets) changed.
    mutating func restyled(_ range: Range<Int>) {
        isInferableInsertion = false
        if let f = formatting {
            formatting = Swift.min(f.lowerBound, range.lowerBound)..<Swift.max(f.upperBound, range.upperBound)
        } else {
            formatting = range
        }
    }
}

extension Document {
    /// Replaces `range` with `fragment` and gives the line holding the fragment's end the block
    /// `tailBlock` (the other lines the fragment ends carry their blocks in it).
    mutating func rawReplace(_ range: Range<Int>, with fragment: TextFragment, tailBlock: BlockFormat?, firstLine known: Int? = nil,
                             inferable: Bool = false) {
        version &+= 1
        let firstLine = known ?? lineIndex(at: range.lowerBound)
        let lastLine = range.isEmpty ? firstLine : lineIndex(at: range.upperBound)
        let oldTail = block(ofLine: lastLine)
        // Lines wholly inside the range vanish with their blocks; a host's copy keeps the span of
        // a block on an empty line (it maps to the range's start), so it must read there again.
        var dropsBlockLine = false
        if lastLine - firstLine >= 2 {
            for line in (firstLine + 1)..<lastLine where block(ofLine: line) != nil {
                dropsBlockLine = true
                break
            }
        }
        let removed = isRecording ? self.fragment(in: range) : TextFragment()
        let inserted = TextSummary.counting(fragment.bytes)
        tree.replace(range, with: fragment)
        if isRecording {
            journal.append(.replace(range: range.lowerBound..<(range.lowerBound + inserted.scalars), fragment: removed, tailBlock: oldTail))
        }
        change.replaced(range, length: inserted.scalars, inferable: inferable && !dropsBlockLine)
        if dropsBlockLine {
            change.restyled(range.lowerBound..<(range.lowerBound + inserted.scalars))
            change.blocksChanged = true
        }
        let tailLine = firstLine + inserted.newlines
        storeBlock(tailBlock, line: tailLine)
        if tailBlock != oldTail || (tailBlock != nil && lineRange(firstLine).isEmpty) {
            // A block span whose line changed block, or whose line became empty (a block on an
            // empty line is an empty span a host cannot tell from a vanished one), is read again.
            change.restyled(blockRange(tailBlock != oldTail ? tailLine : firstLine))
            change.blocksChanged = true
        }
    }

    /// Sets the style of `range` through `transform`, recording the old styles.
    mutating func rawRestyle(_ range: Range<Int>, _ transform: (InlineStyle) -> InlineStyle) {
        guard !range.isEmpty else { return }
        let before = isRecording ? fragment(in: range) : TextFragment()
        guard tree.restyle(range, transform) else { return }
        version &+= 1
        if isRecording { journal.append(.styles(range: range, fragment: before)) }
        change.restyled(range)
    }

    /// `rawRestyle` of each of `ranges` (ascending, disjoint) in one walk of the tree. What changed
    /// is recorded as one step over the ranges from the first that changed to the last (the
    /// styles between them, which did not change, are put back as they are), so that undoing it
    /// is one walk too; the change for events is the same hull that the calls one by one give.
    mutating func rawRestyle(_ ranges: [Range<Int>], _ transform: (InlineStyle) -> InlineStyle) {
        guard let first = ranges.first, let last = ranges.last, first.lowerBound < last.upperBound else { return }
        let hull = first.lowerBound..<last.upperBound
        let before = isRecording ? fragment(in: hull) : TextFragment()
        var changed = (first: Int.max, last: -1)
        let any = ranges.withUnsafeBufferPointer {
            tree.restyle($0, transform) { k in changed = (Swift.min(changed.first, k), Swift.max(changed.last, k)) }
        }
        guard any else { return }
        let range = ranges[changed.first].lowerBound..<ranges[changed.last].upperBound
        version &+= 1
        if isRecording {
            let lo = before.byteOffset(ofScalar: range.lowerBound - hull.lowerBound, scalarCount: hull.count)
            let hi = before.byteOffset(ofScalar: range.upperBound - hull.lowerBound, scalarCount: hull.count)
            journal.append(.styles(range: range, fragment: before.slice(lo..<hi)))
        }
        change.restyled(range)
    }

    /// Puts back the styles of `range` from `fragment` (same text), recording the current ones.
    private mutating func rawSetStyles(_ range: Range<Int>, _ fragment: TextFragment) {
        version &+= 1
        if isRecording { journal.append(.styles(range: range, fragment: self.fragment(in: range))) }
        tree.replace(range, with: fragment)
        change.restyled(range)
    }

    /// Sets the block of `line`, recording the old one.
    mutating func rawSetBlock(_ block: BlockFormat?, line: Int) {
        let old = self.block(ofLine: line)
        guard old != block else { return }
        version &+= 1
        if isRecording { journal.append(.block(line: line, block: old)) }
        storeBlock(block, line: line)
        change.restyled(blockRange(line))
        change.blocksChanged = true
    }

    /// A line with the line breaks on either side: a block span runs across the break between two
    /// lines of one block, so a host re-reading a line's block needs both breaks to join its pieces.
    func blockRange(_ line: Int) -> Range<Int> {
        let range = lineRange(line)
        return Swift.max(0, range.lowerBound - 1)..<Swift.min(count, range.upperBound + 1)
    }

    private mutating func storeBlock(_ block: BlockFormat?, line: Int) {
        if line >= lineCount - 1 {
            lastLineBlock = block
        } else {
            tree.setBlock(block, ofNewline: line)
        }
    }

    /// Applies a recorded edit (through the primitives, so it records its own inverse).
    mutating func apply(_ edit: DocumentEdit) {
        switch edit {
        case let .replace(range, fragment, tailBlock):
            guard range.lowerBound >= 0, range.upperBound <= count else { return }
            rawReplace(range, with: fragment, tailBlock: tailBlock)
        case let .block(line, block):
            guard line >= 0, line < lineCount else { return }
            rawSetBlock(block, line: line)
        case let .styles(range, fragment):
            guard range.lowerBound >= 0, range.upperBound <= count else { return }
            rawSetStyles(range, fragment)
        case let .whole(document):
            replaceAll(with: document)
        }
    }

    /// Puts `new` in place of the whole content (its values come along), recording the old
    /// content whole (structure is shared, so this costs no copy of the text).
    mutating func replaceAll(with new: Document) {
        let oldCount = count
        var old = self
        old.journal = []
        old.isRecording = false
        old.change = DocumentChange()
        let journal = self.journal
        let recording = isRecording
        var change = self.change
        change.replaced(0..<oldCount, length: new.count)
        change.blocksChanged = true
        let version = self.version &+ 1
        self = new
        self.version = version
        self.journal = journal + (recording ? [.whole(old)] : [])
        self.isRecording = recording
        self.change = change
    }

    /// Starts recording inverses into a fresh journal.
    mutating func beginRecording() {
        journal = []
        isRecording = true
    }

    /// Stops recording and returns the inverses in the order recorded: undoing applies them last
    /// first. Not reversed here: an undo step gathering many recordings (a held backspace, a long
    /// batch) appends each, where putting each in front moved the whole step on every keystroke.
    mutating func endRecording() -> [DocumentEdit] {
        isRecording = false
        defer { journal = [] }
        return journal
    }

    /// The change record since the last call, and a fresh one started.
    public mutating func takeChange() -> DocumentChange {
        defer { change = DocumentChange() }
        return change
    }
}
