/// Parses the inline content of one block (a paragraph, a list item, a quote's paragraph) of wire
/// markdown into styled characters, following cmark-gfm's algorithm for the supported subset:
/// backslash escapes, entities, code spans, `*` / `_` emphasis and strong emphasis, `~~`
/// strikethrough, inline links, hard and soft line breaks; plus the wire format's own tokens
/// `<u>` … `</u>`, `<color=#rrggbb>` … `</color>`, `<@uid:UID>` and `<br>`. Everything else is
/// literal text. Linear time: code spans use a table of backtick runs, emphasis uses cmark's
/// `openers_bottom` bounds, and brackets deactivate instead of rescanning.
struct InlineParser {
    /// A parsed run of characters with one inline style.
    struct Piece {
        var scalars: [Unicode.Scalar]
        var style: InlineStyle
    }

    private enum NodeKind {
        case text
        case delimiter
        case bracket
        case code
        case mention(uid: String)
        case underlineOpen, underlineClose
        case colorOpen(UInt32), colorClose
        case lineBreak
    }

    private struct Node {
        var kind: NodeKind
        var scalars: [Unicode.Scalar] = []
    }

    private struct Delimiter {
        var node: Int
        var char: Unicode.Scalar
        var length: Int
        var canOpen: Bool
        var canClose: Bool
        var previous: Int?
        var next: Int?
    }

    private struct Bracket {
        var node: Int
        var previousDelimiter: Int?
        var active = true
        var bracketAfter = false
        /// `![`: images are outside the subset, so it never makes a link and stays literal.
        var image = false
    }

    private enum MarkKind { case emphasis, strong, strike, link(UInt32), underline, color(UInt32) }

    private struct Mark {
        var kind: MarkKind
        var start: Int
        var end: Int
    }

    private let src: [Unicode.Scalar]
    private var pos = 0
    private var nodes: [Node] = []
    private var delimiters: [Delimiter] = []
    private var lastDelimiter: Int?
    private var brackets: [Bracket] = []
    /// Brackets below this index can no longer open a link (no links inside links); one index
    /// instead of clearing each flag keeps many links after many `[` linear.
    private var activeFloor = 0
    private var marks: [Mark] = []
    /// For each backtick-run length, the start positions of the runs of that length not yet
    /// passed, so every code span closer is found in amortised constant time.
    private var backtickRuns: [Int: [Int]] = [:]
    private var backtickCursor: [Int: Int] = [:]
    private var links: [String] = []

    private init(_ src: [Unicode.Scalar]) {
        self.src = src
        var i = 0
        while i < src.count {
            if src[i] == "`" {
                let start = i
                while i < src.count, src[i] == "`" { i += 1 }
                backtickRuns[i - start, default: []].append(start)
            } else {
                i += 1
            }
        }
    }

    /// Parses `content` (lines joined by `\n`, already stripped of block markers). Links come out
    /// as URLs interned into `document`; mentions resolve their names through `names`.
    static func parse(_ content: [Unicode.Scalar], into document: inout _LegacyDocument,
                      names: (String) -> String) -> [Piece] {
        var parser = InlineParser(content)
        parser.tokenize()
        parser.processEmphasis(bottom: nil)
        parser.pairTags()
        return parser.flatten(into: &document, names: names)
    }

    // MARK: Tokenizing

    /// Set when a link closes: text after it must not merge into the link's last text node.
    private var textBarrier = false

    private mutating func appendText(_ scalars: [Unicode.Scalar]) {
        defer { textBarrier = false }
        if !textBarrier, let last = nodes.indices.last, case .text = nodes[last].kind {
            nodes[last].scalars.append(contentsOf: scalars)
        } else {
            nodes.append(Node(kind: .text, scalars: scalars))
        }
    }

    private mutating func appendText(_ scalar: Unicode.Scalar) { appendText([scalar]) }

    private mutating func tokenize() {
        while pos < src.count {
            let c = src[pos]
            switch c {
            case "\n": handleNewline()
            case "\\": handleBackslash()
            case "&": handleEntity()
            case "`": handleBackticks()
            case "*", "_", "~": handleDelimiters(c)
            case "[":
                pos += 1
                nodes.append(Node(kind: .bracket, scalars: ["["]))
                var bracket = Bracket(node: nodes.count - 1, previousDelimiter: lastDelimiter)
                bracket.image = pos >= 2 && src[pos - 2] == "!" && !isEscaped(pos - 2)
                brackets.append(bracket)
            case "]": handleCloseBracket()
            case "<": handleAngle()
            default:
                // Plain run up to the next special character.
                let start = pos
                while pos < src.count, !InlineParser.isSpecial(src[pos]) { pos += 1 }
                if pos == start { pos += 1 }
                appendText(Array(src[start..<pos]))
            }
        }
    }

    private static func isSpecial(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "\n", "\\", "&", "`", "*", "_", "~", "[", "]", "<": return true
        default: return false
        }
    }

    /// A line end: a hard break after two or more spaces, else a soft break; either way a `\n`
    /// in the text. Spaces at the end of the line and the start of the next are dropped.
    private mutating func handleNewline() {
        // Only spaces written as such in the source go; `&#32;` stays.
        var spaces = 0
        while pos - spaces - 1 >= 0, src[pos - spaces - 1] == " " { spaces += 1 }
        if spaces > 0, let last = nodes.indices.last, case .text = nodes[last].kind {
            nodes[last].scalars.removeLast(min(spaces, nodes[last].scalars.count))
        }
        pos += 1
        nodes.append(Node(kind: .lineBreak))
        while pos < src.count, src[pos] == " " || src[pos] == "\t" { pos += 1 }
    }

    private mutating func handleBackslash() {
        pos += 1
        if pos < src.count, CharacterClass.isASCIIPunctuation(src[pos]) {
            appendText(src[pos])
            pos += 1
        } else if pos < src.count, src[pos] == "\n" {
            pos += 1
            nodes.append(Node(kind: .lineBreak))
            while pos < src.count, src[pos] == " " || src[pos] == "\t" { pos += 1 }
        } else {
            appendText("\\")
        }
    }

    private mutating func handleEntity() {
        if let (scalars, length) = EntityDecoder.decode(src, at: pos) {
            appendText(scalars)
            pos += length
        } else {
            appendText("&")
            pos += 1
        }
    }

    private mutating func handleBackticks() {
        let start = pos
        while pos < src.count, src[pos] == "`" { pos += 1 }
        let length = pos - start
        // The next run of exactly this length after `start` closes the span.
        var cursor = backtickCursor[length] ?? 0
        let runs = backtickRuns[length] ?? []
        while cursor < runs.count, runs[cursor] <= start { cursor += 1 }
        backtickCursor[length] = cursor
        guard cursor < runs.count else {
            appendText(Array(src[start..<pos]))
            return
        }
        let close = runs[cursor]
        var content = src[pos..<close].map { $0 == "\n" ? " " : $0 }
        if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
            content.removeFirst()
            content.removeLast()
        }
        nodes.append(Node(kind: .code, scalars: content))
        pos = close + length
    }

    private mutating func handleDelimiters(_ c: Unicode.Scalar) {
        let start = pos
        while pos < src.count, src[pos] == c { pos += 1 }
        let count = pos - start
        // cmark-gfm's strikethrough makes `~` transparent here: the neighbours are the first
        // characters past any run of tildes (none at all means the start / end of the text).
        var beforeIndex = start
        while beforeIndex > 0, src[beforeIndex - 1] == "~" { beforeIndex -= 1 }
        var afterIndex = pos
        while afterIndex < src.count, src[afterIndex] == "~" { afterIndex += 1 }
        let before = beforeIndex > 0 ? src[beforeIndex - 1] : nil
        let after = afterIndex < src.count ? src[afterIndex] : nil
        let b = CharacterClass.flank(before)
        let a = CharacterClass.flank(after)
        let leftFlanking = a != .space && (a != .punctuation || b != .other)
        let rightFlanking = b != .space && (b != .punctuation || a != .other)
        let canOpen: Bool
        let canClose: Bool
        if c == "_" {
            canOpen = leftFlanking && (!rightFlanking || b == .punctuation)
            canClose = rightFlanking && (!leftFlanking || a == .punctuation)
        } else {
            canOpen = leftFlanking
            canClose = rightFlanking
        }
        nodes.append(Node(kind: .delimiter, scalars: Array(repeating: c, count: count)))
        let isDelimiter = c != "~" || ((leftFlanking || rightFlanking) && count <= 2)
        guard isDelimiter, canOpen || canClose else { return }
        delimiters.append(Delimiter(node: nodes.count - 1, char: c, length: count, canOpen: canOpen, canClose: canClose,
                                    previous: lastDelimiter, next: nil))
        let index = delimiters.count - 1
        if let last = lastDelimiter { delimiters[last].next = index }
        lastDelimiter = index
    }

    private mutating func removeDelimiter(_ index: Int) {
        let d = delimiters[index]
        if let p = d.previous { delimiters[p].next = d.next }
        if let n = d.next { delimiters[n].previous = d.previous } else { lastDelimiter = d.previous }
        delimiters[index].previous = nil
        delimiters[index].next = nil
    }

    /// `<u>`, `</u>`, `<color=#rrggbb>`, `</color>`, `<@uid:UID>`, `<br>`; any other `<` is text.
    private mutating func handleAngle() {
        for (literal, kind) in InlineParser.fixedTags {
            if matches(literal) {
                pos += literal.count
                if case .lineBreak = kind { nodes.append(Node(kind: .lineBreak)) } else { nodes.append(Node(kind: kind)) }
                return
            }
        }
        if matches(Array("<color=#".unicodeScalars)), pos + 15 <= src.count, src[pos + 14] == ">" {
            let hex = String(String.UnicodeScalarView(src[(pos + 7)..<(pos + 14)]))
            if hex.unicodeScalars.dropFirst().allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) }),
               let rgb = try? ColorPolicy.parse(hex) {
                nodes.append(Node(kind: .colorOpen(rgb)))
                pos += 15
                return
            }
        }
        if matches(Array("<@uid:".unicodeScalars)) {
            // The uid's characters; "\_" stands for "_" (the serializer escapes it).
            var end = pos + 6
            var uid = String.UnicodeScalarView()
            while end < src.count, uid.count <= MentionPolicy.maxUIDLength {
                if src[end] == "\\", end + 1 < src.count, src[end + 1] == "_" {
                    uid.append("_")
                    end += 2
                } else if MentionPolicy.isUIDCharacter(src[end]) {
                    uid.append(src[end])
                    end += 1
                } else {
                    break
                }
            }
            if end < src.count, src[end] == ">", !uid.isEmpty, uid.count <= MentionPolicy.maxUIDLength {
                nodes.append(Node(kind: .mention(uid: String(uid))))
                pos = end + 1
                return
            }
        }
        appendText("<")
        pos += 1
    }

    private static let fixedTags: [([Unicode.Scalar], NodeKind)] = [
        (Array("<u>".unicodeScalars), .underlineOpen),
        (Array("</u>".unicodeScalars), .underlineClose),
        (Array("</color>".unicodeScalars), .colorClose),
        (Array("<br>".unicodeScalars), .lineBreak),
    ]

    private func matches(_ literal: [Unicode.Scalar]) -> Bool {
        guard pos + literal.count <= src.count else { return false }
        for (i, s) in literal.enumerated() where src[pos + i] != s { return false }
        return true
    }

    // MARK: Links

    private mutating func handleCloseBracket() {
        pos += 1
        guard let opener = brackets.last else { appendText("]"); return }
        guard opener.active, brackets.count - 1 >= activeFloor else {
            brackets.removeLast()
            appendText("]")
            return
        }
        if !opener.image, let (url, end) = scanInlineLinkTail(at: pos) {
            pos = end
            let start = opener.node
            nodes[start] = Node(kind: .text, scalars: [])
            processEmphasis(bottom: opener.previousDelimiter)
            brackets.removeLast()
            if let normalized = try? LinkPolicy.normalize(url) {
                links.append(normalized)
                marks.append(Mark(kind: .link(UInt32(links.count)), start: start + 1, end: nodes.count))
            }
            // No links inside links: earlier openers can no longer make one.
            activeFloor = brackets.count
            textBarrier = true
            return
        }
        brackets.removeLast()
        appendText("]")
    }

    /// `(destination "optional title")` right after `]`: returns the decoded destination and the
    /// position after `)`.
    private func scanInlineLinkTail(at start: Int) -> (String, Int)? {
        guard start < src.count, src[start] == "(" else { return nil }
        var i = skipSpaces(start + 1)
        var destination: [Unicode.Scalar] = []
        if i < src.count, src[i] == "<" {
            i += 1
            while i < src.count, src[i] != ">" {
                if src[i] == "\n" || src[i] == "<" { return nil }
                if src[i] == "\\", i + 1 < src.count, CharacterClass.isASCIIPunctuation(src[i + 1]) { i += 1 }
                destination.append(src[i])
                i += 1
            }
            guard i < src.count else { return nil }
            i += 1
        } else {
            var depth = 0
            while i < src.count {
                let c = src[i]
                if c.value <= 0x20 || c.value == 0x7F { break }
                if c == "\\", i + 1 < src.count, CharacterClass.isASCIIPunctuation(src[i + 1]) {
                    destination.append(src[i + 1])
                    i += 2
                    continue
                }
                if c == "(" {
                    depth += 1
                    if depth > 32 { return nil }
                }
                if c == ")" {
                    if depth == 0 { break }
                    depth -= 1
                }
                if c == "&", let (scalars, length) = EntityDecoder.decode(src, at: i) {
                    destination.append(contentsOf: scalars)
                    i += length
                    continue
                }
                destination.append(c)
                i += 1
            }
            if depth != 0 { return nil }
        }
        let afterDestination = i
        i = skipSpaces(i)
        if i < src.count, i > afterDestination, src[i] == "\"" || src[i] == "'" || src[i] == "(" {
            let close: Unicode.Scalar = src[i] == "(" ? ")" : src[i]
            i += 1
            while i < src.count, src[i] != close {
                if src[i] == "\\", i + 1 < src.count { i += 1 }
                i += 1
            }
            guard i < src.count else { return nil }
            i = skipSpaces(i + 1)
        }
        guard i < src.count, src[i] == ")" else { return nil }
        return (String(String.UnicodeScalarView(destination)), i + 1)
    }

    /// Whether the character at `i` was written after a backslash (an odd run of them).
    private func isEscaped(_ i: Int) -> Bool {
        var k = i
        var backslashes = 0
        while k > 0, src[k - 1] == "\\" { backslashes += 1; k -= 1 }
        return backslashes % 2 == 1
    }

    private func skipSpaces(_ start: Int) -> Int {
        var i = start
        var newlines = 0
        while i < src.count, src[i] == " " || src[i] == "\t" || src[i] == "\n" {
            if src[i] == "\n" { newlines += 1; if newlines > 1 { break } }
            i += 1
        }
        return i
    }

    // MARK: Emphasis (cmark's process_emphasis)

    private mutating func processEmphasis(bottom: Int?) {
        // openersBottom[length % 3][char]: a delimiter index (or -1 for "none") below which no
        // opener can match; nil means the stack bottom.
        var openersBottom: [Int: [Unicode.Scalar: Int?]] = [0: [:], 1: [:], 2: [:]]
        // Walk back to the first delimiter above `bottom` (past the first one to nil when there
        // is none above it, exactly as cmark does).
        var closer = lastDelimiter
        if closer == bottom {
            // No delimiter above the bottom: cmark's walk would run past the first delimiter to
            // nil. Skipping it keeps "**a** [b](u)" repeated linear.
            closer = nil
        }
        while let c = closer, delimiters[c].previous != bottom { closer = delimiters[c].previous }
        while let c = closer {
            let d = delimiters[c]
            guard d.canClose else { closer = d.next; continue }
            let bottomForThis: Int?? = openersBottom[d.length % 3]?[d.char]
            var opener = d.previous
            var found = false
            while let o = opener, o != bottom {
                if let limit = bottomForThis, o == limit { break }
                let od = delimiters[o]
                if od.canOpen, od.char == d.char {
                    if !(d.canOpen || od.canClose) || d.length % 3 == 0 || (od.length + d.length) % 3 != 0 {
                        found = true
                        break
                    }
                }
                opener = od.previous
            }
            let oldCloser = c
            if found, let o = opener {
                closer = d.char == "~" ? insertStrike(opener: o, closer: c) : insertEmphasis(opener: o, closer: c)
            } else {
                closer = d.next
            }
            if !found {
                openersBottom[delimiters[oldCloser].length % 3, default: [:]][delimiters[oldCloser].char] = .some(delimiters[oldCloser].previous)
                if !delimiters[oldCloser].canOpen { removeDelimiter(oldCloser) }
            }
        }
        while let last = lastDelimiter, last != bottom { removeDelimiter(last) }
    }

    private mutating func removeDelimitersBetween(_ opener: Int, _ closer: Int) {
        var d = delimiters[closer].previous
        while let i = d, i != opener {
            let previous = delimiters[i].previous
            removeDelimiter(i)
            d = previous
        }
    }

    private mutating func insertEmphasis(opener: Int, closer: Int) -> Int? {
        let use = delimiters[closer].length >= 2 && delimiters[opener].length >= 2 ? 2 : 1
        delimiters[opener].length -= use
        delimiters[closer].length -= use
        nodes[delimiters[opener].node].scalars.removeLast(use)
        nodes[delimiters[closer].node].scalars.removeLast(use)
        removeDelimitersBetween(opener, closer)
        marks.append(Mark(kind: use == 2 ? .strong : .emphasis, start: delimiters[opener].node + 1, end: delimiters[closer].node))
        if delimiters[opener].length == 0 { removeDelimiter(opener) }
        if delimiters[closer].length == 0 {
            let next = delimiters[closer].next
            removeDelimiter(closer)
            return next
        }
        return closer
    }

    private mutating func insertStrike(opener: Int, closer: Int) -> Int? {
        let next = delimiters[closer].next
        guard delimiters[opener].length == delimiters[closer].length else { return next }
        nodes[delimiters[opener].node].scalars = []
        nodes[delimiters[closer].node].scalars = []
        marks.append(Mark(kind: .strike, start: delimiters[opener].node + 1, end: delimiters[closer].node))
        removeDelimitersBetween(opener, closer)
        removeDelimiter(closer)
        removeDelimiter(opener)
        return next
    }

    // MARK: Tags and output

    /// Pairs `<u>`/`</u>` and `<color>`/`</color>` by nesting; unpaired tags become literal text.
    private mutating func pairTags() {
        var underlines: [Int] = []
        var colors: [(Int, UInt32)] = []
        for i in nodes.indices {
            switch nodes[i].kind {
            case .underlineOpen: underlines.append(i)
            case .underlineClose:
                if let open = underlines.popLast() {
                    marks.append(Mark(kind: .underline, start: open + 1, end: i))
                } else {
                    nodes[i] = Node(kind: .text, scalars: Array("</u>".unicodeScalars))
                }
            case .colorOpen(let rgb): colors.append((i, rgb))
            case .colorClose:
                if let (open, rgb) = colors.popLast() {
                    marks.append(Mark(kind: .color(rgb), start: open + 1, end: i))
                } else {
                    nodes[i] = Node(kind: .text, scalars: Array("</color>".unicodeScalars))
                }
            default: break
            }
        }
        for open in underlines { nodes[open] = Node(kind: .text, scalars: Array("<u>".unicodeScalars)) }
        for (open, rgb) in colors {
            nodes[open] = Node(kind: .text, scalars: Array(("<color=" + ColorPolicy.format(rgb) + ">").unicodeScalars))
        }
    }

    private func flatten(into document: inout _LegacyDocument, names: (String) -> String) -> [Piece] {
        // Difference arrays: how many marks of each kind cover each node.
        var strong = Array(repeating: 0, count: nodes.count + 1)
        var emphasis = strong, strike = strong, underline = strong
        var linkAt = Array(repeating: UInt32(0), count: nodes.count)
        var colorAt = Array(repeating: UInt32(0), count: nodes.count)
        // Links and colours nest; inner marks were recorded first for links (closed first), and
        // for colours pairing records inner first as well, so later (outer) marks must not
        // overwrite inner values: apply outer-to-inner by processing in reverse record order.
        for mark in marks.reversed() {
            guard mark.start <= mark.end else { continue }
            switch mark.kind {
            case .strong: strong[mark.start] += 1; strong[mark.end] -= 1
            case .emphasis: emphasis[mark.start] += 1; emphasis[mark.end] -= 1
            case .strike: strike[mark.start] += 1; strike[mark.end] -= 1
            case .underline: underline[mark.start] += 1; underline[mark.end] -= 1
            case .link(let id): for i in mark.start..<mark.end { linkAt[i] = id }
            case .color(let rgb): for i in mark.start..<mark.end { colorAt[i] = rgb | 0x100_0000 }
            }
        }
        var linkIDs: [UInt32: UInt32] = [:]
        var pieces: [Piece] = []
        var s = 0, e = 0, k = 0, u = 0
        for (i, node) in nodes.enumerated() {
            s += strong[i]; e += emphasis[i]; k += strike[i]; u += underline[i]
            var style = InlineStyle()
            if s > 0 { style.flags.insert(.bold) }
            if e > 0 { style.flags.insert(.italic) }
            if k > 0 { style.flags.insert(.strike) }
            if u > 0 { style.flags.insert(.underline) }
            style.color = colorAt[i]
            if linkAt[i] != 0 {
                if let id = linkIDs[linkAt[i]] {
                    style.link = id
                } else {
                    let id = document.intern(link: links[Int(linkAt[i]) - 1])
                    linkIDs[linkAt[i]] = id
                    style.link = id
                }
            }
            switch node.kind {
            case .text, .delimiter, .bracket:
                if !node.scalars.isEmpty { pieces.append(Piece(scalars: node.scalars, style: style)) }
            case .code:
                var code = style
                code.flags = [.code]
                code.color = 0
                if !node.scalars.isEmpty { pieces.append(Piece(scalars: node.scalars, style: code)) }
            case .mention(let uid):
                let name = names(uid)
                var mention = style
                mention.link = 0
                mention.mention = document.add(mention: MentionValue(uid: uid, name: name))
                pieces.append(Piece(scalars: Array(("@" + name).unicodeScalars), style: mention))
            case .lineBreak:
                pieces.append(Piece(scalars: ["\n"], style: .plain))
            case .underlineOpen, .underlineClose, .colorOpen, .colorClose:
                break
            }
        }
        return pieces
    }
}
