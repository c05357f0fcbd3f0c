// Emphasis, strong emphasis and strikethrough: cmark's process_emphasis over the delimiter stack
// (a linked list through `Delimiter.previous` / `next`, -1 ending it).
extension InlineParser {
    /// Pairs the delimiters above `bottom` (-1: all of them), then removes them from the stack.
    mutating func processEmphasis(bottom: Int) {
        // openersBottom[(length % 3) * 3 + char slot]: a delimiter index below which no opener can
        // match, -1 for no bound.
        var openersBottom = OpenersBottom()
        // Walk back to the first delimiter above `bottom`. When there is none above it, cmark's
        // walk would run past the first delimiter to nil; skipping it keeps "**a** [b](u)"
        // repeated linear.
        var closer = lastDelimiter == bottom ? -1 : lastDelimiter
        while closer >= 0, delimiters[closer].previous != bottom { closer = delimiters[closer].previous }
        while closer >= 0 {
            let c = closer
            let d = delimiters[c]
            guard d.canClose else {
                closer = d.next
                continue
            }
            let limit = openersBottom[d.length, d.char]
            var opener = d.previous
            var found = false
            while opener >= 0, opener != bottom {
                if limit >= 0, opener == limit { break }
                let od = delimiters[opener]
                if od.canOpen, od.char == d.char,
                   !(d.canOpen || od.canClose) || d.length % 3 == 0 || (od.length + d.length) % 3 != 0 {
                    found = true
                    break
                }
                opener = od.previous
            }
            if found {
                closer = d.char == UInt8(ascii: "~") ? insertStrike(opener: opener, closer: c) : insertEmphasis(opener: opener, closer: c)
            } else {
                closer = d.next
                openersBottom[d.length, d.char] = d.previous
                if !d.canOpen { removeDelimiter(c) }
            }
        }
        // The rest above `bottom` go at once: no delimiter reaches them again (the stack goes on
        // from `bottom`, and brackets pointing above it are no longer active).
        if bottom >= 0, bottom < delimiters.count { delimiters[bottom].next = -1 }
        lastDelimiter = bottom
    }

    /// The bounds of `processEmphasis`, by closer length modulo 3 and delimiter character.
    private struct OpenersBottom {
        private var bounds = (-1, -1, -1, -1, -1, -1, -1, -1, -1)

        subscript(_ length: Int, _ char: UInt8) -> Int {
            get {
                switch OpenersBottom.slot(length, char) {
                case 0: return bounds.0
                case 1: return bounds.1
                case 2: return bounds.2
                case 3: return bounds.3
                case 4: return bounds.4
                case 5: return bounds.5
                case 6: return bounds.6
                case 7: return bounds.7
                default: return bounds.8
                }
            }
            set {
                switch OpenersBottom.slot(length, char) {
                case 0: bounds.0 = newValue
                case 1: bounds.1 = newValue
                case 2: bounds.2 = newValue
                case 3: bounds.3 = newValue
                case 4: bounds.4 = newValue
                case 5: bounds.5 = newValue
                case 6: bounds.6 = newValue
                case 7: bounds.7 = newValue
                default: bounds.8 = newValue
                }
            }
        }

        private static func slot(_ length: Int, _ char: UInt8) -> Int {
            let c = char == UInt8(ascii: "*") ? 0 : char == UInt8(ascii: "_") ? 1 : 2
            return (length % 3) * 3 + c
        }
    }

    mutating func removeDelimiter(_ index: Int) {
        let d = delimiters[index]
        if d.previous >= 0 { delimiters[d.previous].next = d.next }
        if d.next >= 0 { delimiters[d.next].previous = d.previous } else { lastDelimiter = d.previous }
        delimiters[index].previous = -1
        delimiters[index].next = -1
    }

    private mutating func removeDelimitersBetween(_ opener: Int, _ closer: Int) {
        var d = delimiters[closer].previous
        while d >= 0, d != opener {
            let previous = delimiters[d].previous
            removeDelimiter(d)
            d = previous
        }
    }

    /// Returns the next closer to look at.
    private mutating func insertEmphasis(opener: Int, closer: Int) -> Int {
        let use = delimiters[closer].length >= 2 && delimiters[opener].length >= 2 ? 2 : 1
        delimiters[opener].length -= use
        delimiters[closer].length -= use
        nodes[delimiters[opener].node].end -= use
        nodes[delimiters[closer].node].end -= use
        removeDelimitersBetween(opener, closer)
        reserveMarks()
        marks.append(Mark(kind: use == 2 ? .strong : .emphasis, start: delimiters[opener].node + 1, end: delimiters[closer].node))
        if delimiters[opener].length == 0 { removeDelimiter(opener) }
        if delimiters[closer].length == 0 {
            let next = delimiters[closer].next
            removeDelimiter(closer)
            return next
        }
        return closer
    }

    private mutating func insertStrike(opener: Int, closer: Int) -> Int {
        let next = delimiters[closer].next
        guard delimiters[opener].length == delimiters[closer].length else { return next }
        let openerNode = delimiters[opener].node, closerNode = delimiters[closer].node
        nodes[openerNode].end = nodes[openerNode].start
        nodes[closerNode].end = nodes[closerNode].start
        reserveMarks()
        marks.append(Mark(kind: .strike, start: openerNode + 1, end: closerNode))
        removeDelimitersBetween(opener, closer)
        removeDelimiter(closer)
        removeDelimiter(opener)
        return next
    }
}
