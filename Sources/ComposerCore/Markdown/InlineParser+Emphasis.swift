// Emphasis, strong emphasis and strikethrough: cmark's process_emphasis over the delimiter stack
// (a linked list through `Delimiter.previous` / `next`, -1 ending it).
extension InlineParser {
    /// The delimiter stack while emphasis is processed: its links change at every step, and an
    /// element of `delimiters` written through `self` costs a uniqueness check each time. Every
    /// index used is -1 (tested before use) or one the stack handed out, below its count.
    typealias DelimiterStack = UnsafeMutableBufferPointer<Delimiter>
    /// The nodes while emphasis is processed, for the same reason: every index used is a
    /// delimiter's node, appended before the delimiter was pushed.
    typealias NodeBuffer = UnsafeMutableBufferPointer<Node>

    /// Pairs the delimiters above `bottom` (-1: all of them), then removes them from the stack.
    /// Inlined: nothing above `bottom`, as at every link of a line without emphasis, is then a
    /// comparison, not a call that sets up the work below.
    @inline(__always)
    mutating func processEmphasis(bottom: Int) {
        // Nothing to do (the top of the stack ends it already: its `next` is -1).
        if lastDelimiter == bottom { return }
        pairDelimiters(above: bottom)
    }

    private mutating func pairDelimiters(above bottom: Int) {
        // Room for the marks at once, not a test per mark.
        reserveMarks()
        // The runs and nodes through pointers, `self`'s other buffers staying writable: `self`
        // keeps both lists, and pairing neither appends to them nor replaces them (taking them out
        // of `self` and back for the while was two swaps and four reference counts a call).
        let stack = delimiters.unsafeElements, nodes = nodes.unsafeElements
        withUnsafeTemporaryAllocation(of: Int.self, capacity: OpenersBottom.slots) { bounds in
            processEmphasis(bottom: bottom, in: stack, nodes: nodes, openersBottom: OpenersBottom(bounds))
        }
    }

    private mutating func processEmphasis(bottom: Int, in delimiters: DelimiterStack, nodes: NodeBuffer, openersBottom: OpenersBottom) {
        // Walk back to the first delimiter above `bottom`, linking each to the one after it on the
        // way (pushing one sets only its `previous`: see `pushDelimiter`). When there is none above
        // it, cmark's walk would run past the first delimiter to nil; skipping it keeps
        // "**a** [b](u)" repeated linear.
        var closer = lastDelimiter == bottom ? -1 : lastDelimiter
        while closer >= 0 {
            let previous = delimiters[closer].previous
            if previous == bottom { break }
            if previous >= 0 { delimiters[previous].next = closer }
            closer = previous
        }
        while closer >= 0 {
            let c = closer
            let d = delimiters[c]
            guard d.canClose else {
                closer = d.next
                continue
            }
            // The whole runs' lengths, not what is left of them (see `Delimiter.runLength`).
            let run = Int(d.runLength)
            let limit = openersBottom[run, d.char]
            var opener = d.previous
            var found = false
            while opener >= 0, opener != bottom {
                if limit >= 0, opener == limit { break }
                let od = delimiters[opener]
                // The "multiple of 3" rule, unsigned (run lengths are positive and below 2^31, so
                // their sum fits): a multiplication, not a signed division.
                if od.canOpen, od.char == d.char,
                   !(d.canOpen || od.canClose) || UInt32(truncatingIfNeeded: run) % 3 == 0
                    || (UInt32(truncatingIfNeeded: od.runLength) &+ UInt32(truncatingIfNeeded: run)) % 3 != 0 {
                    found = true
                    break
                }
                opener = od.previous
            }
            if found {
                closer = d.char == UInt8(ascii: "~")
                    ? insertStrike(opener: opener, closer: c, in: delimiters, nodes: nodes)
                    : insertEmphasis(opener: opener, closer: c, in: delimiters, nodes: nodes)
            } else {
                closer = d.next
                openersBottom[run, d.char] = d.previous
                if !d.canOpen { removeDelimiter(c, in: delimiters) }
            }
        }
        // The rest above `bottom` go at once: no delimiter reaches them again (the stack goes on
        // from `bottom`, and brackets pointing above it are no longer active).
        if bottom >= 0, bottom < delimiters.count { delimiters[bottom].next = -1 }
        lastDelimiter = bottom
    }

    /// A run of `length` (1 or 2) `c` ending at `pos` that can open, with plain text after it (no
    /// byte `ByteScan.isSpecial` flags) and then a run of exactly as many `c` that can close, read
    /// as one step: the text node and the mark that `processEmphasis` would make of the two runs
    /// (which leave no text). The caller has made sure that no opener of `c` was ever pushed, so
    /// this run cannot close one instead. Then the closer's nearest opener is this one
    /// (nothing but plain text lies between them, and no search bound lies above it), the "multiple
    /// of 3" rule holds (the lengths are equal and not 3), and the equal runs are used up: a
    /// strong pair for `**` and `__`, emphasis for one, strikethrough for `~` (equal lengths). A
    /// message of bold words then costs no delimiter stack. False, with nothing read, otherwise.
    mutating func readClosedEmphasis(_ c: UInt8, _ length: Int) -> Bool {
        let textStart = pos
        let textEnd = plainRunEnd(from: textStart)
        let closeEnd = textEnd + length
        guard textEnd > textStart, closeEnd <= src.count, src[textEnd] == c, length == 1 || src[textEnd + 1] == c,
              closeEnd == src.count || src[closeEnd] != c else {
            return false
        }
        let (b, a) = InlineParser.flanks(textEnd, closeEnd, in: src)
        let leftFlanking = a != .space && (a != .punctuation || b != .other)
        let rightFlanking = b != .space && (b != .punctuation || a != .other)
        // As `handleDelimiters` classes the closer (a `~` run that closes flanks, and is short).
        let canClose = c == UInt8(ascii: "_") ? rightFlanking && (!leftFlanking || a == .punctuation) : rightFlanking
        guard canClose else { return false }
        reserveMarks()
        let kind: MarkKind = c == UInt8(ascii: "~") ? .strike : length == 2 ? .strong : .emphasis
        marks.append(Mark(kind: kind, start: nodes.count, end: nodes.count + 1))
        nodes.append(Node(kind: .text, start: textStart, end: textEnd))
        pos = closeEnd
        return true
    }

    /// The bounds of `processEmphasis`, by the closer's run length modulo 3 and delimiter character:
    /// `[(length % 3) * 3 + char slot]`, a delimiter index below which no opener can match, -1 for
    /// no bound. In room the caller allocates on the stack, read and written through its pointer
    /// (an `InlineArray` local was copied whole, 72 bytes, at every closer's read).
    struct OpenersBottom {
        static let slots = 9
        private let bounds: UnsafeMutableBufferPointer<Int>

        /// Over `room` (`slots` elements), every bound set to none.
        init(_ room: UnsafeMutableBufferPointer<Int>) {
            bounds = room
            bounds.initialize(repeating: -1)
        }

        subscript(_ length: Int, _ char: UInt8) -> Int {
            @inline(__always) get { bounds[OpenersBottom.slot(length, char)] }
            @inline(__always) nonmutating set { bounds[OpenersBottom.slot(length, char)] = newValue }
        }

        /// 0..<9: the length modulo 3 is taken of its low 32 bits, unsigned (a run length is
        /// positive and below 2^31, see `Delimiter.runLength`), which no sign can put out of range
        /// and which is a multiplication, not a division with the corrections for negative values
        /// that made this some forty instructions a closer.
        @inline(__always)
        private static func slot(_ length: Int, _ char: UInt8) -> Int {
            let c = char == UInt8(ascii: "*") ? 0 : char == UInt8(ascii: "_") ? 1 : 2
            return Int(UInt32(truncatingIfNeeded: length) % 3) &* 3 &+ c
        }
    }

    private mutating func removeDelimiter(_ index: Int, in delimiters: DelimiterStack) {
        let previous = delimiters[index].previous, next = delimiters[index].next
        if previous >= 0 { delimiters[previous].next = next }
        if next >= 0 { delimiters[next].previous = previous } else { lastDelimiter = previous }
        delimiters[index].previous = -1
        delimiters[index].next = -1
    }

    private mutating func removeDelimitersBetween(_ opener: Int, _ closer: Int, in delimiters: DelimiterStack) {
        var d = delimiters[closer].previous
        while d >= 0, d != opener {
            let previous = delimiters[d].previous
            removeDelimiter(d, in: delimiters)
            d = previous
        }
    }

    /// Returns the next closer to look at.
    private mutating func insertEmphasis(opener: Int, closer: Int, in delimiters: DelimiterStack, nodes: NodeBuffer) -> Int {
        let use = delimiters[closer].length >= 2 && delimiters[opener].length >= 2 ? 2 : 1
        delimiters[opener].length -= use
        delimiters[closer].length -= use
        nodes[delimiters[opener].node].end -= use
        nodes[delimiters[closer].node].end -= use
        removeDelimitersBetween(opener, closer, in: delimiters)
        marks.append(Mark(kind: use == 2 ? .strong : .emphasis, start: delimiters[opener].node + 1, end: delimiters[closer].node))
        if delimiters[opener].length == 0 { removeDelimiter(opener, in: delimiters) }
        if delimiters[closer].length == 0 {
            let next = delimiters[closer].next
            removeDelimiter(closer, in: delimiters)
            return next
        }
        return closer
    }

    private mutating func insertStrike(opener: Int, closer: Int, in delimiters: DelimiterStack, nodes: NodeBuffer) -> Int {
        let next = delimiters[closer].next
        guard delimiters[opener].length == delimiters[closer].length else { return next }
        let openerNode = delimiters[opener].node, closerNode = delimiters[closer].node
        nodes[openerNode].end = nodes[openerNode].start
        nodes[closerNode].end = nodes[closerNode].start
        marks.append(Mark(kind: .strike, start: openerNode + 1, end: closerNode))
        removeDelimitersBetween(opener, closer, in: delimiters)
        removeDelimiter(closer, in: delimiters)
        removeDelimiter(opener, in: delimiters)
        return next
    }
}
