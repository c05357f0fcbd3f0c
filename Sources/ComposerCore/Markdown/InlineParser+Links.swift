// Inline links: `[text](destination "optional title")`, as cmark reads them.
extension InlineParser {
    /// A run of `[`: a bracket node and an opener on the stack each, appended in one go (the
    /// arrays' uniqueness checks and capacity tests once per run, not per byte).
    mutating func handleOpenBrackets() {
        let start = pos
        pos += 1
        while pos < src.count, src[pos] == UInt8(ascii: "[") { pos += 1 }
        let end = pos
        // Text when no link can end after it (see `InlineParser+Lookahead.swift`): then neither
        // can any later `[` (and no `]` lies ahead, or no link tail).
        guard mayEndLink(from: start + 1, tokens: end - start) else {
            return appendText(start, passing: UInt8(ascii: "["), or: UInt8(ascii: "]"))
        }
        // A lone `[` that is no image's and can open a link: a link with plain text is read at once.
        if end - start == 1, start == 0 || src[start - 1] != UInt8(ascii: "!"), brackets.count >= activeFloor,
           readPlainLink(from: start) {
            return
        }
        // Room for a few brackets, then, when they fill it (a run of unclosed ones), for all that
        // can follow at once (see `nodes` in `parse`).
        if brackets.count + (end - start) > brackets.capacity {
            InlineParser.reserve(&brackets, Swift.max(16, brackets.count + src.count - start + 2))
        }
        // `![`: only the run's first can follow the `!`.
        let image = start >= 1 && src[start - 1] == UInt8(ascii: "!") && !isEscaped(start - 1)
        nodes.append(Node(kind: .bracket, start: start, end: start + 1))
        brackets.append(Bracket(node: nodes.count - 1, previousDelimiter: lastDelimiter, image: image))
        guard end - start > 1 else { return }
        let firstNode = nodes.count
        nodes.append(contentsOf: (start + 1..<end).lazy.map { Node(kind: .bracket, start: $0, end: $0 + 1) })
        let previousDelimiter = lastDelimiter
        brackets.append(contentsOf: (firstNode..<nodes.count).lazy.map {
            Bracket(node: $0, previousDelimiter: previousDelimiter, image: false)
        })
    }

    mutating func handleCloseBracket() {
        // Without a `)` ahead no link ends here or later: this `]` and every later `[` and `]` are
        // text (which openers they would take off the stack no longer matters).
        guard occurs(.closeParen, from: pos + 1) else {
            pos += 1
            return appendText(pos - 1, passing: UInt8(ascii: "["), or: UInt8(ascii: "]"))
        }
        if UTF8Bytes.byte(src, pos + 1) == UInt8(ascii: "]") { passCloseBrackets() }
        pos += 1
        guard let opener = brackets.last else {
            appendLiteral(pos - 1, pos)
            return
        }
        guard brackets.count - 1 >= activeFloor else {
            // An opener deactivated by an earlier link goes; the ones pushed after it, later,
            // are active again (`activeFloor` follows the stack down).
            brackets.removeLast()
            activeFloor = brackets.count
            appendLiteral(pos - 1, pos)
            return
        }
        let destinationStart = extra.count
        // A tail `readPlainLink` found no link needs no second scan.
        if !opener.image, pos != failedLinkTail, let (end, source) = scanInlineLinkTail(at: pos) {
            pos = end
            let start = opener.node
            nodes[start] = Node(kind: .text, start: 0, end: 0)
            processEmphasis(bottom: opener.previousDelimiter)
            brackets.removeLast()
            endLink(textNodes: start + 1, source: source, destinationStart: destinationStart)
            return
        }
        if extra.count > destinationStart { extra.removeSubrange(destinationStart...) }
        brackets.removeLast()
        appendLiteral(pos - 1, pos)
    }

    /// `[text](…)` at `start` whose text is plain (no byte `ByteScan.isSpecial` flags, so no
    /// delimiter, bracket or line break in it), read as one step: what the tokenizer would make
    /// of it, a bracket node and opener, a text node, then at the `]` the link (which with nothing
    /// pushed after the opener has no emphasis to process, and leaves the bracket node empty), but
    /// for the bracket node, which would stay empty text. False, with nothing read, when the text
    /// does not end in `](` or no link tail follows (noted in `failedLinkTail`).
    private mutating func readPlainLink(from start: Int) -> Bool {
        let textEnd = plainRunEnd(from: start + 1)
        guard textEnd + 1 < src.count, src[textEnd] == UInt8(ascii: "]"), src[textEnd + 1] == UInt8(ascii: "(") else {
            return false
        }
        let destinationStart = extra.count
        guard let (end, source) = scanInlineLinkTail(at: textEnd + 1) else {
            if extra.count > destinationStart { extra.removeSubrange(destinationStart...) }
            failedLinkTail = textEnd + 1
            return false
        }
        pos = end
        let first = nodes.count
        if textEnd > start + 1 { nodes.append(Node(kind: .text, start: start + 1, end: textEnd)) }
        endLink(textNodes: first, source: source, destinationStart: destinationStart)
        return true
    }

    /// A link's end, once its tail is read and its opener gone: its mark over the nodes from
    /// `first` on, when `LinkPolicy` takes its URL (`extra[destinationStart...]`, the destination
    /// decoded, is dropped).
    private mutating func endLink(textNodes first: Int, source: Range<Int>?, destinationStart: Int) {
        if let url = linkURL(source: source, decodedFrom: destinationStart) {
            links.append(url)
            reserveMarks()
            marks.append(Mark(kind: .link, start: first, end: nodes.count, link: links.count))
        }
        if extra.count > destinationStart { extra.removeSubrange(destinationStart...) }
        // No links inside links: earlier openers can no longer make one.
        activeFloor = brackets.count
        // Text after the link is not the link's.
        mergeFloor = nodes.count
    }

    /// The URL of a link whose destination is `src[source]`, or, decoded, `extra[decoded...]`
    /// (nil when `LinkPolicy` refuses it). A destination without escapes or entities is read
    /// where it is in the source; one that is its own normalized form stays there.
    private mutating func linkURL(source: Range<Int>?, decodedFrom decoded: Int) -> LinkURL? {
        if let range = source {
            if src.withUnsafeBufferPointer({ LinkTarget.isPlainWebURL(UnsafeBufferPointer(rebasing: $0[range])) }) {
                return LinkURL(start: range.lowerBound, end: range.upperBound, inSource: true)
            }
            // Refused at once, before any buffer is touched ("[a](b)", a word in brackets).
            guard LinkTarget.mayBeAccepted(src[range]) else { return nil }
        }
        let start = linkBytes.count
        let destination = source.map { src[$0] } ?? extra[decoded...]
        guard LinkTarget.normalize(destination, into: &linkBytes) else { return nil }
        return LinkURL(start: start, end: linkBytes.count, inSource: false)
    }

    /// All but the last `]` of a run, at once: a `]` followed by another can close no link (that
    /// needs a `(` next), so each takes the top opener off the stack, if any, and stays text.
    private mutating func passCloseBrackets() {
        let start = pos
        while pos + 1 < src.count, src[pos + 1] == UInt8(ascii: "]") { pos += 1 }
        brackets.removeLast(Swift.min(pos - start, brackets.count))
        activeFloor = Swift.min(activeFloor, brackets.count)
        appendText(start, pos)
    }

    /// `(destination "optional title")` right after `]`: the position after `)`, and the
    /// destination's range in `src` when it holds no escape or entity (else it is appended,
    /// decoded, to `extra`).
    private mutating func scanInlineLinkTail(at start: Int) -> (end: Int, source: Range<Int>?)? {
        guard start < src.count, src[start] == UInt8(ascii: "(") else { return nil }
        // A destination to decode into `extra` once the tail is known to be a link, or one to read
        // where it is.
        var decodeRange: Range<Int>?
        var sourceRange: Range<Int>?
        var i = InlineParser.skipSpaces(start + 1, in: src)
        if i < src.count, src[i] == UInt8(ascii: "<") {
            InlineParser.reserve(&extra, 64)
            i += 1
            while i < src.count, src[i] != UInt8(ascii: ">") {
                if src[i] == 0x0A || src[i] == UInt8(ascii: "<") { return nil }
                if src[i] == UInt8(ascii: "\\"), i + 1 < src.count, CharacterClass.isASCIIPunctuation(src[i + 1]) { i += 1 }
                extra.append(src[i])
                i += 1
            }
            guard i < src.count else { return nil }
            i += 1
        } else {
            // Found first, decoded once the whole tail is known to be a link: a destination that
            // is not one (as in "[a](b[a](b…", scanned from every "]") writes nothing. Entities
            // hold no space, parenthesis or backslash, so the scan reads them byte by byte.
            var depth = 0
            var decoded = false
            let destinationStart = i
            // Whether the bytes scanned hold no `)` and no backslash (see `parenMemo`).
            var clean = true
            if let memo = parenMemo, memo.start < i, i <= memo.fail {
                // The scan from `memo.start` met its 33rd `(` at `memo.fail` with nothing but
                // plain bytes and `(` before it: from here it gets there with that many fewer
                // opened as lie before `i`, and goes on from the byte after.
                if parenCountEnd < memo.start || parenCountEnd > i {
                    parenCountEnd = memo.start
                    parenCount = 0
                }
                for k in parenCountEnd..<i where src[k] == UInt8(ascii: "(") { parenCount += 1 }
                parenCountEnd = i
                depth = 33 - parenCount
                if depth > 32 { return nil }
                decoded = memo.decoded
                i = memo.fail + 1
            }
            while i < src.count {
                // Most of a URL is bytes this loop passes: straight to the next it acts on.
                i = ByteScan.destinationStop(src, from: i)
                guard i < src.count else { break }
                let c = src[i]
                if c <= 0x20 || c == 0x7F { break }
                if c == UInt8(ascii: "\\"), i + 1 < src.count, CharacterClass.isASCIIPunctuation(src[i + 1]) {
                    decoded = true
                    clean = false
                    i += 2
                    continue
                }
                if c == UInt8(ascii: "&") { decoded = true }
                if c == UInt8(ascii: "(") {
                    depth += 1
                    if depth > 32 {
                        if clean {
                            parenMemo = (destinationStart, i, decoded)
                            (parenCountEnd, parenCount) = (destinationStart, 0)
                        }
                        return nil
                    }
                }
                if c == UInt8(ascii: ")") {
                    clean = false
                    if depth == 0 { break }
                    depth -= 1
                }
                i += 1
            }
            if depth != 0 { return nil }
            if decoded {
                decodeRange = destinationStart..<i
            } else {
                sourceRange = destinationStart..<i
            }
        }
        let afterDestination = i
        i = InlineParser.skipSpaces(i, in: src)
        if i < src.count, i > afterDestination,
           src[i] == UInt8(ascii: "\"") || src[i] == UInt8(ascii: "'") || src[i] == UInt8(ascii: "(") {
            let close = src[i] == UInt8(ascii: "(") ? UInt8(ascii: ")") : src[i]
            i += 1
            while i < src.count, src[i] != close {
                if src[i] == UInt8(ascii: "\\"), i + 1 < src.count { i += 1 }
                // A title in parentheses holds a `(` only escaped (CommonMark; cmark-gfm's
                // `scan_link_title`): `[a](u (t(x)))` is no link at all.
                else if close == UInt8(ascii: ")"), src[i] == UInt8(ascii: "(") { return nil }
                i += 1
            }
            guard i < src.count else { return nil }
            i = InlineParser.skipSpaces(i + 1, in: src)
        }
        guard i < src.count, src[i] == UInt8(ascii: ")") else { return nil }
        if let range = decodeRange { decodeDestination(range) }
        return (i + 1, sourceRange)
    }

    /// Appends the destination `src[range]` to `extra`: backslash escapes and entities decoded.
    private mutating func decodeDestination(_ range: Range<Int>) {
        InlineParser.reserve(&extra, 64)
        var i = range.lowerBound
        while i < range.upperBound {
            let c = src[i]
            if c == UInt8(ascii: "\\"), i + 1 < range.upperBound, CharacterClass.isASCIIPunctuation(src[i + 1]) {
                extra.append(src[i + 1])
                i += 2
                continue
            }
            if c == UInt8(ascii: "&"), let length = EntityDecoder.decode(src, at: i, into: &extra) {
                i += length
                continue
            }
            extra.append(c)
            i += 1
        }
    }

    /// Whether the character at `i` was written after a backslash (an odd run of them).
    func isEscaped(_ i: Int) -> Bool {
        var k = i
        var backslashes = 0
        while k > 0, src[k - 1] == UInt8(ascii: "\\") {
            backslashes += 1
            k -= 1
        }
        return backslashes % 2 == 1
    }

    /// Past whitespace as a link tail allows it between its parts: spaces, tabs, line feeds,
    /// carriage returns, line tabulations and form feeds, any number (CommonMark 0.29's
    /// whitespace; cmark-gfm's `scan_spacechars`). A paragraph holds no blank line, so more than
    /// one line end comes only with a line of form feeds or line tabulations between. Static: a
    /// method called from a mutating one was passed a copy of the whole parser (a 280-byte copy,
    /// twice a link tail).
    @inline(__always)
    private static func skipSpaces(_ start: Int, in src: [UInt8]) -> Int {
        var i = start
        while i < src.count, src[i] == 0x20 || (src[i] >= 0x09 && src[i] <= 0x0D) {
            i += 1
        }
        return i
    }
}
