/// The draft's text: a balanced tree (a B+ tree) whose leaves are `TextFragment`s of at most
/// `maxLeafBytes` bytes and whose every node keeps the `TextSummary` of its subtree. Finding an
/// offset in any unit, a line, or the leaf an edit touches descends the tree, so an edit costs
/// O(log n) plus the size of one leaf, not the size of the draft.
///
/// All leaves sit at the same depth: leaves only split upwards and whole subtrees are only ever
/// removed. Deletions may leave nodes underfull, which costs a little space, never correctness.
///
/// Nodes are shared between copies of a tree (a document put aside by an edit, a snapshot taken
/// in a test) and copied on write, one path at a time.
@usableFromInline
struct TextTree: Sendable {
    static let maxLeafBytes = 1024
    /// Leaves built in bulk (loading, splitting) are filled to this, leaving room to type.
    static let fillLeafBytes = 768
    /// A leaf smaller than this merges with a neighbour after an edit.
    static let minLeafBytes = 192
    static let maxChildren = 16

    private(set) var root: TextNode
    /// The root's scalar count, kept beside it: reading it is a plain field load, where reading
    /// the root node's summary (a class property) costs a dynamic exclusivity check. What
    /// `mc_draft_length` reads (docs/engine.md, "Cheap getters").
    @usableFromInline private(set) var scalarCount = 0
    /// The first scalar ("\0" when the text is empty), kept beside the root for the same reason:
    /// the send state and the command query read it after every keystroke, and only an edit at
    /// the very start can change it.
    private(set) var firstScalar: Unicode.Scalar = "\0"

    init() { root = TextNode(leaf: .empty) }

    /// A tree holding `fragment`, built bottom-up in O(n).
    init(_ fragment: TextFragment) {
        var level = fragment.chunks(maxBytes: TextTree.fillLeafBytes).map(TextNode.init(leaf:))
        if level.isEmpty { level = [TextNode(leaf: .empty)] }
        while level.count > 1 { level = TextTree.group(level) }
        root = level[0]
        scalarCount = root.summary.scalars
        firstScalar = readFirstScalar()
    }

    /// The first scalar, read from the first leaf that holds any.
    private func readFirstScalar() -> Unicode.Scalar {
        guard scalarCount > 0 else { return "\0" }
        return leaf(at: 0).leaf.fragment.scalar(atByte: 0)
    }

    var summary: TextSummary { root.summary }

    /// Groups `nodes` into parents of at most `maxChildren`, as evenly as possible.
    private static func group(_ nodes: [TextNode]) -> [TextNode] {
        let groups = (nodes.count + maxChildren - 1) / maxChildren
        var result: [TextNode] = []
        result.reserveCapacity(groups)
        var start = 0
        for g in 0..<groups {
            let end = nodes.count * (g + 1) / groups
            result.append(TextNode(children: Array(nodes[start..<end])))
            start = end
        }
        return result
    }

    // MARK: Editing

    /// Replaces the scalars in `range` (within `0...summary.scalars`) with `fragment`.
    mutating func replace(_ range: Range<Int>, with fragment: TextFragment) {
        let extras = TextTree.replace(&root, range, fragment)
        if !extras.isEmpty {
            // The root split: new levels on top until one node holds them all.
            var level = [root] + extras
            while level.count > 1 { level = TextTree.group(level) }
            root = level[0]
        }
        collapseRoot()
        scalarCount = root.summary.scalars
        if range.lowerBound == 0 { firstScalar = readFirstScalar() }
    }

    private mutating func collapseRoot() {
        while !root.isLeaf {
            if root.children.isEmpty {
                root = TextNode(leaf: .empty)
            } else if root.children.count == 1 {
                root = root.children[0]
            } else {
                break
            }
        }
    }

    private static func makeUnique(_ node: inout TextNode) {
        if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    }

    /// Replaces `range` (relative to `node`) in the subtree; returns the siblings to insert after
    /// `node` when it had to split.
    private static func replace(_ node: inout TextNode, _ range: Range<Int>, _ fragment: TextFragment) -> [TextNode] {
        makeUnique(&node)
        if node.isLeaf {
            let n = node.summary.scalars
            let lo = node.fragment.byteOffset(ofScalar: range.lowerBound, scalarCount: n)
            let hi = range.isEmpty ? lo : node.fragment.byteOffset(ofScalar: range.upperBound, scalarCount: n)
            // The summary changes by what left and what came: no rescan of the leaf.
            let removed = TextSummary.counting(node.fragment.bytes[lo..<hi])
            let added = TextSummary.counting(fragment.bytes)
            node.fragment.replace(lo..<hi, with: fragment)
            guard node.fragment.bytes.count > maxLeafBytes else {
                node.summary.adjust(removing: removed, adding: added)
                node.fragment.addMentions(to: &node.summary)
                if removed.scalars == 0 {
                    // An insertion (a keystroke, as a rule): what was shared and what came, no
                    // read of the leaf's runs.
                    node.shared = node.shared + fragment.sharedFormats(added)
                } else {
                    node.shared.hasText = node.summary.scalars > node.summary.newlines
                    node.shared.style = node.fragment.sharedStyle(node.summary)
                    // What was all whitespace still is, but for what came; what was not is read again.
                    node.shared.allWhitespace = node.shared.allWhitespace ? fragment.isAllWhitespace : node.fragment.isAllWhitespace
                    // The blocks change only with the line breaks.
                    if removed.newlines != 0 || added.newlines != 0 { node.shared.block = node.fragment.sharedBlockKey }
                }
                return []
            }
            var pieces = node.fragment.chunks(maxBytes: fillLeafBytes)
            node.fragment = pieces.removeFirst()
            (node.summary, node.shared) = node.fragment.summaries
            return pieces.map(TextNode.init(leaf:))
        }
        // Children overlapping the range: `first` takes the insertion (left-biased at a seam),
        // `last` holds the range's last character.
        // (Their start offsets are kept as they are found: an array of every child's start was an
        // allocation per level per keystroke.)
        var offset = 0
        var first = -1
        var last = -1
        var sFirst = 0
        var sLast = 0
        for (i, child) in node.children.enumerated() {
            let end = offset + child.summary.scalars
            if first < 0, range.isEmpty ? range.lowerBound <= end : range.lowerBound < end {
                first = i
                sFirst = offset
            }
            if last < 0, !range.isEmpty, range.upperBound <= end {
                last = i
                sLast = offset
            }
            offset = end
        }
        if first < 0, let lastChild = node.children.last {
            first = node.children.count - 1
            sFirst = offset - lastChild.summary.scalars
        }
        if last < 0 {
            last = first
            sLast = sFirst
        }
        var extras: [TextNode] = []
        let childCount = node.children.count
        let sharedBefore = node.children[first].shared
        if first == last {
            extras = replace(&node.children[first], (range.lowerBound - sFirst)..<(range.upperBound - sFirst), fragment)
        } else {
            _ = replace(&node.children[last], 0..<(range.upperBound - sLast), .empty)
            if last - first > 1 { node.children.removeSubrange((first + 1)..<last) }
            extras = replace(&node.children[first], (range.lowerBound - sFirst)..<node.children[first].summary.scalars, fragment)
        }
        node.children.insert(contentsOf: extras, at: first + 1)
        tidy(&node, around: first, count: extras.count + 2)
        node.summary = node.children.reduce(.zero) { $0 + $1.summary }
        // One child changed in place and shares what it shared: so does the node (a keystroke,
        // as a rule). Children gone, added or merged: their formats are added up again.
        if !extras.isEmpty || node.children.count != childCount || first != last || node.children[first].shared != sharedBefore {
            node.sumShared()
        }
        guard node.children.count > maxChildren else { return [] }
        var level = group(node.children)
        node.children = level.removeFirst().children
        node.sumChildren()
        return level
    }

    /// Drops empty children and merges small neighbouring leaves in `first..<first+count`.
    private static func tidy(_ node: inout TextNode, around first: Int, count: Int) {
        var i = Swift.min(first + count, node.children.count - 1)
        let low = Swift.max(0, first - 1)
        while i >= low, i >= 0, i < node.children.count {
            let child = node.children[i]
            if child.summary.utf8 == 0, node.children.count > 1 || !child.isLeaf {
                node.children.remove(at: i)
            } else if child.isLeaf, i + 1 < node.children.count, node.children[i + 1].isLeaf,
                      child.summary.utf8 < minLeafBytes || node.children[i + 1].summary.utf8 < minLeafBytes,
                      child.summary.utf8 + node.children[i + 1].summary.utf8 <= maxLeafBytes {
                var merged = child.fragment
                merged.append(node.children[i + 1].fragment)
                node.children[i] = TextNode(leaf: merged)
                node.children.remove(at: i + 1)
            }
            i -= 1
        }
    }

    /// Sets the style of the scalars in `range` through `transform` (newlines stay plain).
    /// Returns whether anything changed.
    @discardableResult
    mutating func restyle(_ range: Range<Int>, _ transform: (InlineStyle) -> InlineStyle) -> Bool {
        withUnsafePointer(to: range) { restyle(UnsafeBufferPointer(start: $0, count: 1), transform) { _ in } }
    }

    /// Sets the style of the scalars of each of `ranges` (ascending, disjoint) through `transform`
    /// in one walk (newlines stay plain): a leaf holding many of them is rebuilt once, not once
    /// each. Calls `changed` with the index of each range some of whose scalars changed style
    /// (once or more); returns whether any did.
    @discardableResult
    mutating func restyle(_ ranges: UnsafeBufferPointer<Range<Int>>, _ transform: (InlineStyle) -> InlineStyle,
                          changed: (Int) -> Void) -> Bool {
        guard !ranges.isEmpty else { return false }
        return TextTree.restyle(&root, 0, ranges, 0, transform, changed)
    }

    /// `restyle(_:_:changed:)` of the subtree at `node`, which starts at scalar `start`, for the
    /// ranges from index `first` on (the earlier ones end before it).
    private static func restyle(_ node: inout TextNode, _ start: Int, _ ranges: UnsafeBufferPointer<Range<Int>>, _ first: Int,
                                _ transform: (InlineStyle) -> InlineStyle, _ changed: (Int) -> Void) -> Bool {
        makeUnique(&node)
        let end = start + node.summary.scalars
        if node.isLeaf {
            // The ranges' places in this leaf as bytes, found in one pass (each range clipped to
            // the leaf; `indices` maps them back).
            var byteRanges: [Range<Int>] = []
            var indices: [Int] = []
            var at = (scalar: 0, byte: 0)
            let ascii = node.summary.scalars == node.summary.utf8
            func byte(_ scalar: Int) -> Int {
                if ascii { return scalar }
                let b = node.fragment.byteOffset(ofScalar: scalar, after: at)
                at = (scalar, b)
                return b
            }
            var k = first
            while k < ranges.count, ranges[k].lowerBound < end {
                let lo = Swift.max(ranges[k].lowerBound, start) - start
                let hi = Swift.min(ranges[k].upperBound, end) - start
                if lo < hi {
                    byteRanges.append(byte(lo)..<byte(hi))
                    indices.append(k)
                }
                k += 1
            }
            let didChange = byteRanges.withUnsafeBufferPointer { pieces in
                node.fragment.restyle(pieces, transform) { changed(indices[$0]) }
            }
            if didChange {
                node.fragment.addMentions(to: &node.summary)
                node.shared.style = node.fragment.sharedStyle(node.summary)
            }
            return didChange
        }
        var didChange = false
        var offset = start
        var k = first
        for i in node.children.indices {
            let childEnd = offset + node.children[i].summary.scalars
            // Past the ranges that end before this child.
            while k < ranges.count, ranges[k].upperBound <= offset { k += 1 }
            guard k < ranges.count else { break }
            if ranges[k].lowerBound < childEnd, restyle(&node.children[i], offset, ranges, k, transform, changed) { didChange = true }
            offset = childEnd
        }
        if didChange { node.sumChildren() }
        return didChange
    }

    /// Sets the block of the line that the `n`-th line break (0-based) ends.
    mutating func setBlock(_ block: BlockFormat?, ofNewline n: Int) {
        TextTree.setBlock(&root, block, n)
    }

    /// Returns whether anything changed; the summaries on the way keep their shared block.
    @discardableResult
    private static func setBlock(_ node: inout TextNode, _ block: BlockFormat?, _ n: Int) -> Bool {
        if node.isLeaf {
            guard node.fragment.blocks.indices.contains(n), node.fragment.blocks[n] != block else { return false }
            makeUnique(&node)
            node.fragment.blocks[n] = block
            node.shared.block = node.fragment.sharedBlockKey
            return true
        }
        var before = 0
        for i in node.children.indices {
            let count = node.children[i].summary.newlines
            if n < before + count {
                makeUnique(&node)
                guard setBlock(&node.children[i], block, n - before) else { return false }
                node.sumShared()
                return true
            }
            before += count
        }
        return false
    }

    // MARK: Reading

    /// The leaf holding scalar offset `offset` and the summary of everything before it. With
    /// `atEnd`, an offset on a seam between leaves picks the leaf that ends there.
    func leaf(at offset: Int, atEnd: Bool = false) -> (leaf: TextNode, base: TextSummary) {
        leaf(at: offset, by: \.scalars, atEnd: atEnd)
    }

    /// The leaf holding the `n`-th (0-based) line break and the summary before it.
    func leaf(ofNewline n: Int) -> (leaf: TextNode, base: TextSummary)? {
        guard n >= 0, n < root.summary.newlines else { return nil }
        var node = root
        var base = TextSummary.zero
        while !node.isLeaf {
            let next: TextNode? = node.children.withUnsafeBufferPointer { children in
                for child in children {
                    if n < base.newlines + child.summary.newlines { return child }
                    base.addLengths(of: child.summary)
                }
                return nil
            }
            guard let chosen = next else { return nil }
            node = chosen
        }
        return (node, base)
    }

    /// Calls `body` with each leaf overlapping `range` (in order) and the scalar offset where the
    /// leaf starts; `body` returns false to stop.
    func forEachLeaf(in range: Range<Int>, _ body: (TextFragment, TextSummary, Int) -> Bool) {
        _ = TextTree.visit(root, 0, range, body)
    }

    private static func visit(_ node: TextNode, _ start: Int, _ range: Range<Int>,
                              _ body: (TextFragment, TextSummary, Int) -> Bool) -> Bool {
        if node.isLeaf { return body(node.fragment, node.summary, start) }
        var offset = start
        for child in node.children {
            let end = offset + child.summary.scalars
            if end > range.lowerBound || (range.isEmpty && end == range.lowerBound) {
                if !visit(child, offset, range, body) { return false }
            }
            offset = end
            if offset >= range.upperBound { return false }
        }
        return true
    }

    /// Calls `whole` with the shared formats of each largest subtree lying inside `range` and `part`
    /// with each leaf only partly inside it (and the offset where it starts), in order; either returns
    /// false to stop. `range` counts scalars, or line breaks with `byLineBreaks` (a leaf or subtree
    /// holding none is whole where it lies inside). A range covering the text reads the root's
    /// formats alone; any range, two paths down the tree and the subtrees between them.
    func forEachPiece(in range: Range<Int>, byLineBreaks: Bool = false,
                      whole: (SharedFormats) -> Bool, part: (TextFragment, TextSummary, Int) -> Bool) {
        _ = TextTree.visitPieces(root, 0, range, byLineBreaks, whole, part)
    }

    private static func visitPieces(_ node: TextNode, _ start: Int, _ range: Range<Int>, _ byLineBreaks: Bool,
                                    _ whole: (SharedFormats) -> Bool, _ part: (TextFragment, TextSummary, Int) -> Bool) -> Bool {
        let count = byLineBreaks ? node.summary.newlines : node.summary.scalars
        if start >= range.lowerBound, start + count <= range.upperBound { return whole(node.shared) }
        if node.isLeaf { return part(node.fragment, node.summary, start) }
        var offset = start
        for child in node.children {
            let end = offset + (byLineBreaks ? child.summary.newlines : child.summary.scalars)
            if end > range.lowerBound, !visitPieces(child, offset, range, byLineBreaks, whole, part) { return false }
            offset = end
            if offset >= range.upperBound { break }
        }
        return true
    }

    /// The offset of the first scalar at or after `offset` that is not whitespace (the scalar
    /// count when none is). Subtrees all whitespace are stepped over whole, so a run of
    /// whitespace costs the leaves at its ends, not its length.
    func firstNonWhitespace(from offset: Int) -> Int {
        TextTree.firstNonWhitespace(root, 0, offset) ?? scalarCount
    }

    private static func firstNonWhitespace(_ node: TextNode, _ start: Int, _ offset: Int) -> Int? {
        guard !node.shared.allWhitespace, start + node.summary.scalars > offset else { return nil }
        if node.isLeaf {
            let f = node.fragment
            let from = offset <= start ? 0 : f.byteOffset(ofScalar: offset - start, scalarCount: node.summary.scalars)
            let byte = f.firstNonWhitespaceByte(from: from)
            return byte < f.bytes.count ? start + f.scalars(before: byte) : nil
        }
        var childStart = start
        for child in node.children {
            if let found = firstNonWhitespace(child, childStart, offset) { return found }
            childStart += child.summary.scalars
        }
        return nil
    }

    /// The offset just after the last scalar before `offset` that is not whitespace (0 when none
    /// is); subtrees all whitespace are stepped over whole.
    func endOfNonWhitespace(before offset: Int) -> Int {
        TextTree.endOfNonWhitespace(root, 0, offset) ?? 0
    }

    private static func endOfNonWhitespace(_ node: TextNode, _ start: Int, _ offset: Int) -> Int? {
        guard !node.shared.allWhitespace, start < offset else { return nil }
        let end = start + node.summary.scalars
        if node.isLeaf {
            let f = node.fragment
            let to = offset >= end ? f.bytes.count : f.byteOffset(ofScalar: offset - start, scalarCount: node.summary.scalars)
            let byte = f.endOfNonWhitespaceByte(before: to)
            return byte > 0 ? start + f.scalars(before: byte) : nil
        }
        var childEnd = end
        for child in node.children.reversed() {
            let childStart = childEnd - child.summary.scalars
            if let found = endOfNonWhitespace(child, childStart, offset) { return found }
            childEnd = childStart
        }
        return nil
    }

    /// Every leaf, in order.
    func forEachLeaf(_ body: (TextFragment) -> Void) {
        TextTree.visitAll(root, body)
    }

    private static func visitAll(_ node: TextNode, _ body: (TextFragment) -> Void) {
        if node.isLeaf { body(node.fragment); return }
        for child in node.children { visitAll(child, body) }
    }
}

/// A node of the text tree: a leaf holding a fragment, or an inner node holding children.
/// `@unchecked Sendable`: a node is mutated only while its tree holds the only reference to it
/// (`makeUnique`), so a node reachable from two trees or threads is never written.
final class TextNode: @unchecked Sendable {
    var summary: TextSummary
    var shared: SharedFormats
    var children: [TextNode]
    var fragment: TextFragment
    let isLeaf: Bool

    init(leaf: TextFragment) {
        fragment = leaf
        children = []
        isLeaf = true
        (summary, shared) = leaf.summaries
    }

    init(children: [TextNode]) {
        self.children = children
        fragment = .empty
        isLeaf = false
        summary = children.reduce(.zero) { $0 + $1.summary }
        shared = children.reduce(SharedFormats()) { $0 + $1.shared }
    }

    private init(copying other: TextNode) {
        summary = other.summary
        shared = other.shared
        children = other.children
        fragment = other.fragment
        isLeaf = other.isLeaf
    }

    func copy() -> TextNode { TextNode(copying: self) }

    /// An inner node's summary and shared formats, from its children's.
    func sumChildren() {
        summary = children.reduce(.zero) { $0 + $1.summary }
        sumShared()
    }

    /// An inner node's shared formats, from its children's (its summary is left as it is).
    func sumShared() {
        shared = children.reduce(SharedFormats()) { $0 + $1.shared }
    }
}

extension TextSummary {
    /// Takes out the length counts of `removed` and adds those of `added`.
    mutating func adjust(removing removed: TextSummary, adding added: TextSummary) {
        utf8 += added.utf8 - removed.utf8
        scalars += added.scalars - removed.scalars
        utf16 += added.utf16 - removed.utf16
        newlines += added.newlines - removed.newlines
        atSigns += added.atSigns - removed.atSigns
    }

    /// Adds the length counts of `other` (a descent's base needs no mention fields, and skipping
    /// the seam logic of `+` makes each child passed on the way down a few adds).
    @inline(__always)
    mutating func addLengths(of other: TextSummary) {
        utf8 += other.utf8
        scalars += other.scalars
        utf16 += other.utf16
        newlines += other.newlines
    }

    /// Undoes `self = base + other` for the length counts (used only to step back one child).
    func subtracting(_ other: TextSummary) -> TextSummary {
        var s = self
        s.utf8 -= other.utf8
        s.scalars -= other.scalars
        s.utf16 -= other.utf16
        s.newlines -= other.newlines
        return s
    }
}

extension TextFragment {
    /// The fragment cut into pieces of at most `maxBytes` bytes, on scalar boundaries, in O(n).
    func chunks(maxBytes: Int) -> [TextFragment] {
        guard bytes.count > maxBytes else { return [self] }
        var pieces: [TextFragment] = []
        var start = 0
        var runIndex = 0
        var runOffset = 0  // bytes of runs[runIndex] already given to earlier pieces
        var blockIndex = 0
        while start < bytes.count {
            var end = Swift.min(bytes.count, start + maxBytes)
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if end == start { end = Swift.min(bytes.count, start + maxBytes) }
            var piece = TextFragment()
            piece.bytes = Array(bytes[start..<end])
            var need = end - start
            while need > 0, runIndex < runs.count {
                let available = runs[runIndex].utf8Count - runOffset
                let take = Swift.min(available, need)
                piece.runs.append(StyleRun(style: runs[runIndex].style, utf8Count: take))
                need -= take
                runOffset += take
                if runOffset == runs[runIndex].utf8Count {
                    runIndex += 1
                    runOffset = 0
                }
            }
            let newlines = TextSummary.counting(piece.bytes).newlines
            if newlines > 0 {
                let upper = Swift.min(blocks.count, blockIndex + newlines)
                piece.blocks = Array(blocks[blockIndex..<upper])
                blockIndex = upper
            }
            pieces.append(piece)
            start = end
        }
        return pieces
    }
}

extension TextTree {
    /// The leaf holding offset `offset` counted in `metric` (with `atEnd`, the first leaf whose end
    /// is at or past it, so a seam picks the leaf that ends there), and the summary before it.
    func leaf(at offset: Int, by metric: (TextSummary) -> Int, atEnd: Bool = true) -> (leaf: TextNode, base: TextSummary) {
        var node = root
        var base = TextSummary.zero
        while !node.isLeaf {
            let next: TextNode? = node.children.withUnsafeBufferPointer { children in
                for child in children {
                    let end = metric(base) + metric(child.summary)
                    if atEnd ? offset <= end : offset < end { return child }
                    base.addLengths(of: child.summary)
                }
                return nil
            }
            guard let chosen = next ?? node.children.last else { break }
            if next == nil { base = base.subtracting(chosen.summary) }
            node = chosen
        }
        return (node, base)
    }
}

extension TextUnit {
    func count(in summary: TextSummary) -> Int {
        switch self {
        case .scalar: return summary.scalars
        case .utf16: return summary.utf16
        case .utf8: return summary.utf8
        }
    }
}

extension Document {
    /// Converts `offset` counted in `from` units into `to` units in O(log n) plus one leaf.
    /// Offsets past the end or inside a multi-unit sequence are refused, never rounded.
    public func convert(_ offset: Int, from: TextUnit, to: TextUnit) throws(ComposerError) -> Int {
        guard offset >= 0 else { throw .outOfRange("offset \(offset) is negative") }
        let total = from.count(in: tree.summary)
        guard offset <= total else {
            throw .outOfRange("\(from.name) offset \(offset) is past the end of the text (\(total))")
        }
        let (leaf, base) = tree.leaf(at: offset) { from.count(in: $0) }
        var fromCount = from.count(in: base)
        var toCount = to.count(in: base)
        for s in String(decoding: leaf.fragment.bytes, as: UTF8.self).unicodeScalars {
            if fromCount == offset { return toCount }
            fromCount += from.width(of: s)
            toCount += to.width(of: s)
            if fromCount > offset { throw .outOfRange("\(from.name) offset \(offset) falls inside a character") }
        }
        return toCount
    }
}

extension TextTree {
    /// The first broken structural invariant, for tests: equal leaf depth, summaries that add up,
    /// runs that cover their bytes (no empty run, no equal neighbours, newlines plain), one block
    /// per line break, leaves within size.
    func invariantViolation() -> String? {
        var leafDepth: Int?
        func check(_ node: TextNode, depth: Int) -> String? {
            if node.isLeaf {
                if let d = leafDepth, d != depth { return "leaves at depths \(d) and \(depth)" }
                leafDepth = depth
                let f = node.fragment
                let (expected, shared) = f.summaries
                if expected != node.summary { return "leaf summary \(node.summary) != \(expected)" }
                if shared != node.shared { return "leaf shared formats \(node.shared) != \(shared)" }
                if f.bytes.count > TextTree.maxLeafBytes { return "leaf of \(f.bytes.count) bytes" }
                if f.runs.reduce(0, { $0 + $1.utf8Count }) != f.bytes.count { return "runs do not cover the leaf" }
                for (a, b) in zip(f.runs, f.runs.dropFirst()) where a.style == b.style { return "equal neighbouring runs" }
                if f.runs.contains(where: { $0.utf8Count <= 0 }) { return "empty run" }
                if f.blocks.count != expected.newlines { return "\(f.blocks.count) blocks for \(expected.newlines) line breaks" }
                for (i, b) in f.bytes.enumerated() where b == 0x0A && !f.style(atByte: i).isPlain { return "styled line break" }
                return nil
            }
            if node.children.isEmpty { return "inner node without children" }
            let sum = node.children.reduce(TextSummary.zero) { $0 + $1.summary }
            if sum != node.summary { return "inner summary \(node.summary) != \(sum)" }
            let shared = node.children.reduce(SharedFormats()) { $0 + $1.shared }
            if shared != node.shared { return "inner shared formats \(node.shared) != \(shared)" }
            for child in node.children {
                if let failure = check(child, depth: depth + 1) { return failure }
            }
            return nil
        }
        return check(root, depth: 0)
    }
}

extension Document {
    /// The first broken invariant of the document (tree structure, normalized styles, plain
    /// code-block lines), for tests; nil when all hold.
    func invariantViolation() -> String? {
        if let failure = tree.invariantViolation() { return failure }
        var failure: String?
        for line in 0..<lineCount {
            let isCode = block(ofLine: line) == .codeBlock
            forEachRun(in: lineRange(line)) { range, style in
                if style != style.normalized() { failure = "code holds another style at \(range)" }
                if isCode, !style.isPlain { failure = "styled character in a code block at \(range)" }
                return failure == nil
            }
            if failure != nil { break }
        }
        return failure
    }
}

extension TextTree {
    /// Calls `body` with each leaf holding a mention's character, in order, and the scalar offset
    /// where it starts. A subtree whose summary counts no mention run is skipped whole, so finding
    /// the mentions costs their leaves, not the text.
    func forEachLeafHoldingMentions(_ body: (TextFragment, TextSummary, Int) -> Void) {
        TextTree.visitMentions(root, 0, body)
    }

    private static func visitMentions(_ node: TextNode, _ start: Int, _ body: (TextFragment, TextSummary, Int) -> Void) {
        guard node.summary.mentionRuns > 0 else { return }
        if node.isLeaf { return body(node.fragment, node.summary, start) }
        var offset = start
        for child in node.children {
            visitMentions(child, offset, body)
            offset += child.summary.scalars
        }
    }
}
