/// What a line (from position `line` to `lineEnd`) starts: quote and list markers, fences, the
/// empty-line marker, thematic breaks. Tabs count to the next multiple of 4 columns.
///
/// The scans change nothing but are `mutating`: the parser is a large struct, and a non-mutating
/// method called from a mutating one gets a copy of all of it (a 400-byte memcpy per call, per
/// line and per container marker: callgrind showed it as the largest cost of line-dense input).
extension BlockParser {

    /// The columns of the spaces and tabs from `line` on (`firstCharacter`'s count).
    mutating func indentation(_ line: Int) -> Int { firstCharacter(line).columns }

    /// The column at `line` on the line being processed, with the columns a container took of a
    /// tab there (`partialTab`).
    mutating func startColumn(_ line: Int) -> Int {
        column(at: line) + (partialTab.at == line ? partialTab.taken : 0)
    }

    /// The columns of the tab at `i` that are still the line's, when the column at `line` (at or
    /// before `i`) is `base` and `seen` columns lie between.
    @inline(__always)
    func tabWidth(base: Int, seen: Int) -> Int { 4 - (base + seen) % 4 }

    /// Drops `columns` columns of leading spaces (a tab counts to the next multiple of 4). A tab
    /// that reaches past them is taken in part (`partialTab`) and stays where the rest starts.
    mutating func dropIndent(_ line: Int, _ columns: Int) -> Int {
        var i = line
        var dropped = 0
        var base = -1
        while dropped < columns, i < lineEnd, LineScan.isSpaceOrTab(src[i]) {
            if src[i] == 0x20 {
                dropped += 1
                i += 1
                continue
            }
            if base < 0 { base = startColumn(line) }
            let width = tabWidth(base: base, seen: dropped)
            if dropped + width > columns {
                let before = i == line && partialTab.at == line ? partialTab.taken : 0
                partialTab = (i, before + columns - dropped)
                return i
            }
            dropped += width
            i += 1
        }
        return i
    }

    /// Past the optional space after the `>` at `at`: a space, or one column of a tab (past the
    /// tab when it is one column wide, else at it, that column taken: `partialTab`).
    mutating func afterQuoteMarker(_ at: Int) -> Int {
        guard at + 1 < lineEnd else { return at + 1 }
        if src[at + 1] == 0x20 { return at + 2 }
        guard src[at + 1] == 0x09 else { return at + 1 }
        if tabWidth(base: column(at: at + 1), seen: 0) == 1 { return at + 2 }
        partialTab = (at + 1, 1)
        return at + 1
    }

    /// Drops up to `columns` columns of the indent of the fenced code line at `line` (the fence's
    /// own indent): where the code starts, and the columns left of a tab that reaches past them,
    /// which the code starts with as spaces: under a fence indented one space, a tab then `x` is
    /// the code `   x` (three spaces), as CommonMark and cmark-gfm read it, where `dropIndent`
    /// drops such a tab whole. A tab's columns count from the line's start, its container markers
    /// read as their bytes.
    mutating func dropCodeIndent(_ line: Int, _ columns: Int) -> (start: Int, spaces: Int) {
        var i = line
        var dropped = 0
        // The line's column at `line`, worked out at the first tab (most code lines have none).
        var base = -1
        // A tab a container took part of holds the rest of its columns however few the fence's
        // indent takes: the code starts with them.
        while dropped < columns || (i == line && partialTab.at == line), i < lineEnd, LineScan.isSpaceOrTab(src[i]) {
            i += 1
            guard src[i - 1] == 0x09 else {
                dropped += 1
                continue
            }
            if base < 0 { base = startColumn(line) }
            let width = tabWidth(base: base, seen: dropped)
            if dropped + width > columns { return (i, dropped + width - columns) }
            dropped += width
        }
        return (i, 0)
    }

    /// The column of `position` on the line being processed (a tab counts to the next multiple
    /// of 4).
    mutating func column(at position: Int) -> Int {
        var columns = 0
        var i = lineStart
        while i < position {
            columns += src[i] == 0x09 ? 4 - columns % 4 : 1
            i += 1
        }
        return columns
    }

    /// The first character after the spaces and tabs from `line` on (`lineEnd` when only they
    /// follow), and the columns they take. A tab's columns count from the line's start, what a
    /// container took of it (`partialTab`) left out: `base` is the column at `line`, worked out
    /// at the first tab (most lines have none).
    @inline(__always)
    mutating func firstCharacter(_ line: Int) -> (at: Int, columns: Int) {
        var i = line
        var columns = 0
        var base = -1
        while i < lineEnd, LineScan.isSpaceOrTab(src[i]) {
            if src[i] == 0x20 {
                columns += 1
            } else {
                if base < 0 { base = startColumn(line) }
                columns += tabWidth(base: base, seen: columns)
            }
            i += 1
        }
        return (i, columns)
    }

    /// Whether only spaces and tabs follow `line` on the line being processed.
    mutating func isBlank(_ line: Int) -> Bool { line >= blankFrom }

    /// `indentation(line) >= columns`, looking at no more than those columns (a line goes
    /// through an item per level of nesting: each must not scan all of its indent).
    mutating func hasIndent(_ line: Int, _ columns: Int) -> Bool {
        var seen = 0
        var base = -1
        var i = line
        while seen < columns, i < lineEnd {
            if src[i] == 0x20 {
                seen += 1
            } else if src[i] == 0x09 {
                if base < 0 { base = startColumn(line) }
                seen += tabWidth(base: base, seen: seen)
            } else {
                break
            }
            i += 1
        }
        return seen >= columns
    }

    /// Past the spaces and tabs at `i`: a marker's indent, once `indentation` found it at most
    /// three columns (a tab after a container's marker may be fewer than four).
    mutating func skipBlanks(_ i: Int) -> Int {
        var i = i
        while i < lineEnd, LineScan.isSpaceOrTab(src[i]) { i += 1 }
        return i
    }

    /// Past the bytes `c` from `i` on.
    mutating func skipRun(of c: UInt8, from i: Int) -> Int {
        let end = lineEnd
        return src.withUnsafeBufferPointer { src in
            var i = i
            while i < end, src[i] == c { i += 1 }
            return i
        }
    }

    /// `>` after at most three spaces: the rest of the line after the marker and one optional space.
    mutating func quoteMarker(_ line: Int) -> Int? {
        // Most quote lines start with their marker: no indent to measure.
        if line < lineEnd, src[line] == UInt8(ascii: ">") { return afterQuoteMarker(line) }
        guard indentation(line) <= 3 else { return nil }
        let rest = skipBlanks(line)
        guard rest < lineEnd, src[rest] == UInt8(ascii: ">") else { return nil }
        return afterQuoteMarker(rest)
    }


    /// A list marker after at most three spaces. The last answer is kept: a line that starts an
    /// item is asked about several times (lazy continuation, sibling item, the new item).
    mutating func listMarker(_ line: Int) -> ListMarker? {
        if lastListMarker.line == line, lastListMarker.lineEnd == lineEnd { return lastListMarker.marker }
        let marker = scanListMarker(line)
        lastListMarker = (line, lineEnd, marker)
        return marker
    }

    private mutating func scanListMarker(_ line: Int) -> ListMarker? {
        let indent = indentation(line)
        guard indent <= 3 else { return nil }
        let rest = skipBlanks(line)
        guard rest < lineEnd else { return nil }
        let first = src[rest]
        var markerEnd: Int
        let kind: BlockFormat
        var marker = first
        var number = 0
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            markerEnd = rest + 1
            kind = .bulletList
        } else {
            var i = rest
            while i < lineEnd, LineScan.isDigit(src[i]), i - rest < 9 {
                number = number * 10 + Int(src[i] - 0x30)
                i += 1
            }
            guard i > rest, i < lineEnd, src[i] == UInt8(ascii: ".") || src[i] == UInt8(ascii: ")") else { return nil }
            marker = src[i]
            markerEnd = i + 1
            kind = .orderedList
        }
        let width = markerEnd - rest
        // The common shape, one space and then content, without the scans below.
        if markerEnd + 1 < lineEnd, src[markerEnd] == 0x20, !LineScan.isSpaceOrTab(src[markerEnd + 1]) {
            return ListMarker(kind: kind, contentIndent: indent + width + 1, content: markerEnd + 1, marker: marker, start: number)
        }
        if isBlank(markerEnd) {
            return ListMarker(kind: kind, contentIndent: indent + width + 1, content: lineEnd, marker: marker, start: number)
        }
        guard LineScan.isSpaceOrTab(src[markerEnd]) else { return nil }
        // The columns of the spaces and tabs after the marker, a tab counting to the next multiple
        // of 4 from the marker's end (`1)`, a tab and `a` is content 2 columns after the marker).
        let spaces = column(at: firstCharacter(markerEnd).at) - column(at: markerEnd)
        if spaces >= 5 {
            return ListMarker(kind: kind, contentIndent: indent + width + 1, content: dropIndent(markerEnd, 1),
                              marker: marker, start: number)
        }
        return ListMarker(kind: kind, contentIndent: indent + width + spaces, content: firstCharacter(markerEnd).at,
                          marker: marker, start: number)
    }

    /// Three or more backticks or tildes after at most three spaces (a backtick fence's info
    /// string holds no backtick): the fence character, its length and its indent.
    mutating func fenceOpener(_ line: Int) -> (char: UInt8, length: Int, indent: Int)? {
        // Most fences start their line: no indent to measure.
        let unindented = line < lineEnd && (src[line] == UInt8(ascii: "`") || src[line] == UInt8(ascii: "~"))
        let indent = unindented ? 0 : indentation(line)
        guard indent <= 3 else { return nil }
        let rest = unindented ? line : skipBlanks(line)
        guard rest < lineEnd else { return nil }
        let c = src[rest]
        guard c == UInt8(ascii: "`") || c == UInt8(ascii: "~") else { return nil }
        let i = skipRun(of: c, from: rest)
        guard i - rest >= 3 else { return nil }
        if c == UInt8(ascii: "`") {
            let end = lineEnd
            let more = src.withUnsafeBufferPointer { src in
                var j = i
                while j < end, src[j] != c { j += 1 }
                return j < end
            }
            if more { return nil }
        }
        return (c, i - rest, indent)
    }

    mutating func isFenceCloser(_ line: Int, char: UInt8, length: Int) -> Bool {
        let unindented = line < lineEnd && src[line] == char
        guard unindented || indentation(line) <= 3 else { return false }
        let rest = unindented ? line : skipBlanks(line)
        let i = skipRun(of: char, from: rest)
        return i - rest >= length && isBlank(i)
    }

    /// `<p></p>` alone on the line, after at most three spaces.
    mutating func isEmptyLineMarker(_ line: Int) -> Bool {
        guard indentation(line) <= 3 else { return false }
        let rest = skipBlanks(line)
        guard lineEnd - rest >= 7, src[rest] == UInt8(ascii: "<"), src[rest + 1] == UInt8(ascii: "p"),
              src[rest + 2] == UInt8(ascii: ">"), src[rest + 3] == UInt8(ascii: "<"), src[rest + 4] == UInt8(ascii: "/"),
              src[rest + 5] == UInt8(ascii: "p"), src[rest + 6] == UInt8(ascii: ">") else { return false }
        return isBlank(rest + 7)
    }

    /// Whether the line from `line` on is a thematic break (three or more of one of `-`, `*`,
    /// `_`, with only spaces and tabs besides).
    mutating func isThematicBreak(_ line: Int) -> Bool {
        var first = line
        while first < lineEnd, LineScan.isSpaceOrTab(src[first]) { first += 1 }
        guard first < lineEnd, let c = ThematicBreakIndex.slot(src[first]) else { return false }
        // A break's last character before the trailing blanks is its own (`first` is not blank,
        // so that is at or past it): most lines that start with `-` or `*` (list items) end
        // otherwise, and need no index.
        guard src[blankFrom - 1] == src[first] else { return false }
        let entry = thematicBreakEntry(c)
        return line >= entry.onlyFrom && entry.thirdFromEnd >= 0 && line <= entry.thirdFromEnd
    }

    /// The line's thematic-break index for break character slot `c`, computed on first use.
    mutating func thematicBreakEntry(_ c: Int) -> ThematicBreakIndex.Entry {
        if thematicBreaksLine != lineStart {
            thematicBreaks = ThematicBreakIndex()
            thematicBreaksLine = lineStart
        }
        if !thematicBreaks[c].known { computeThematicBreaks(c) }
        return thematicBreaks[c]
    }

    /// For the line being processed and break character slot `c`: where the suffix made only of
    /// it, spaces and tabs starts, and where the third-last of it is. Every position checked is a
    /// suffix of the line, so every check is then constant time ("- - - … x" stays linear).
    private mutating func computeThematicBreaks(_ c: Int) {
        let char = ThematicBreakIndex.char(c)
        var i = lineEnd
        var count = 0
        var third = -1
        while i > lineStart, src[i - 1] == char || LineScan.isSpaceOrTab(src[i - 1]) {
            i -= 1
            if src[i] == char {
                count += 1
                if count == 3 { third = i }
            }
        }
        thematicBreaks[c] = ThematicBreakIndex.Entry(known: true, onlyFrom: i, thirdFromEnd: third)
    }
}

/// Per line, computed on first use: see `BlockParser.isThematicBreak`. Plain fields, not
/// arrays, so resetting it for every line allocates nothing.
struct ThematicBreakIndex {
    struct Entry {
        var known = false
        var onlyFrom = 0
        var thirdFromEnd = -1
    }

    static func slot(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "-"): return 0
        case UInt8(ascii: "*"): return 1
        case UInt8(ascii: "_"): return 2
        default: return nil
        }
    }

    static func char(_ slot: Int) -> UInt8 {
        slot == 0 ? UInt8(ascii: "-") : slot == 1 ? UInt8(ascii: "*") : UInt8(ascii: "_")
    }

    private var dash = Entry(), star = Entry(), underscore = Entry()

    subscript(_ slot: Int) -> Entry {
        get { slot == 0 ? dash : slot == 1 ? star : underscore }
        set {
            switch slot {
            case 0: dash = newValue
            case 1: star = newValue
            default: underscore = newValue
            }
        }
    }
}

/// A list marker found at the start of a line.
struct ListMarker {
    var kind: BlockFormat
    var contentIndent: Int
    /// Where the item's content starts (`lineEnd` when it has none).
    var content: Int
    var marker: UInt8
    var start: Int
}

/// Byte classes the line scans use.
enum LineScan {
    /// The high bit of each byte of `x` that is zero, at least of the lowest one (bits above it
    /// may be set falsely, by the borrow): the lowest set bit tells the first zero byte, and
    /// none is set when no byte is zero.
    @inline(__always)
    static func zeroBytes(_ x: UInt64) -> UInt64 {
        (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    @inline(__always)
    static func isSpaceOrTab(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// Whether a line whose first byte after its containers' markers is `b` may do anything but
    /// continue an open paragraph: a line break (the line is blank), a space or tab (it may be
    /// blank, or start a block after its indent), or a byte a block or container marker begins
    /// with (see `BlockParser.startsBlock`: `> - + * 0-9 ` ~ <`). As bits of a mask (a switch
    /// compiles to a jump table).
    @inline(__always)
    static func mayInterrupt(_ b: UInt8) -> Bool {
        let mask: UInt64 = 1 << 0x0A | 1 << 0x0D | 1 << 0x09 | 1 << 0x20 | 1 << 0x3E | 1 << 0x2D | 1 << 0x2B | 1 << 0x2A
            | 1 << 0x3C | 0x3FF << 0x30
        return b < 64 ? (mask >> UInt64(b)) & 1 != 0 : b == UInt8(ascii: "`") || b == UInt8(ascii: "~")
    }
}
