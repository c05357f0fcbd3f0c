/// Parses the inline content of one block (a paragraph, a list item, a quote's paragraph) of wire
/// markdown into styled text, following cmark-gfm's algorithm for the supported subset:
/// backslash escapes, entities, code spans, `*` / `_` emphasis and strong emphasis, `~~`
/// strikethrough, inline links, hard and soft line breaks; plus the wire format's own tokens
/// `<u>` … `</u>`, `<color=#rrggbb>` … `</color>`, `<@uid:UID>` and `<br>`. Everything else is
/// literal text. Linear time: code spans use a table of backtick runs, emphasis uses cmark's
/// `openers_bottom` bounds, and brackets deactivate instead of rescanning.
///
/// Works on the UTF-8 bytes of the content: nodes are ranges of `src` (or of `extra`, for text
/// that is not in the source: decoded entities, mention uids). One parser is reused for every
/// paragraph of an input, so its buffers are allocated once.
struct InlineParser {
    enum NodeKind: UInt8 {
        case text, delimiter, bracket, code, mention
        case underlineOpen, underlineClose, colorOpen, colorClose
        case lineBreak
    }

    /// 16 bytes: a paragraph dense with syntax has a node every byte or two, so their size is
    /// most of the memory its parse touches. Offsets are stored in 32 bits (no input is 2^31
    /// bytes long: see `Limits.maxInputBytes`; `extra` holds no more than the source it decodes),
    /// and the marks starting and ending at a node are counted apart, in `markDeltas`, only for
    /// paragraphs that have marks.
    struct Node: BitwiseCopyable {
        /// The node's text: `src[start..<end]`, or `extra[start..<end]` when `inExtra`. Tags keep
        /// their source here, which is their text if they stay unpaired.
        private let storedStart: Int32
        private var storedEnd: Int32
        /// A colour tag's RGB value.
        var rgb: UInt32 = 0
        var kind: NodeKind
        var inExtra = false

        init(kind: NodeKind, start: Int, end: Int, inExtra: Bool = false, rgb: UInt32 = 0) {
            storedStart = Int32(truncatingIfNeeded: start)
            storedEnd = Int32(truncatingIfNeeded: end)
            self.rgb = rgb
            self.kind = kind
            self.inExtra = inExtra
        }

        var start: Int { Int(storedStart) }

        var end: Int {
            @inline(__always) get { Int(storedEnd) }
            @inline(__always) set { storedEnd = Int32(truncatingIfNeeded: newValue) }
        }
    }

    /// Fields largest first (40 bytes, not 48).
    struct Delimiter: BitwiseCopyable {
        var node: Int
        /// The characters of the run not used yet by emphasis.
        var length: Int
        /// Neighbours in the delimiter stack, -1 for none.
        var previous: Int
        var next: Int
        /// The run's length as read: the "multiple of 3" rule and the openers' bounds go by it,
        /// not by what is left of the run, as in cmark-gfm (whose delimiter keeps its length
        /// while its text node shrinks). Stored in 32 bits: no run is 2^31 bytes long (see
        /// `Limits.maxInputBytes`), and the struct stays 40 bytes.
        var runLength: Int32
        var char: UInt8
        var canOpen: Bool
        var canClose: Bool
    }

    struct Bracket {
        var node: Int
        var previousDelimiter: Int
        /// `![`: images are outside the subset, so it never makes a link and stays literal.
        var image: Bool
    }

    enum MarkKind { case emphasis, strong, strike, link }

    /// A format over nodes `start..<end` (links: `link` is 1 + the index into `links`). Stored in
    /// 32 bits (16 bytes, not 32): a paragraph dense with emphasis has a mark every few bytes,
    /// and no paragraph has 2^31 nodes (an input is at most `Limits.maxInputBytes`).
    struct Mark: BitwiseCopyable {
        var kind: MarkKind
        private var storedStart: Int32
        private var storedEnd: Int32
        private var storedLink: Int32

        init(kind: MarkKind, start: Int, end: Int, link: Int = 0) {
            self.kind = kind
            storedStart = Int32(truncatingIfNeeded: start)
            storedEnd = Int32(truncatingIfNeeded: end)
            storedLink = Int32(truncatingIfNeeded: link)
        }

        var start: Int { Int(storedStart) }
        var end: Int { Int(storedEnd) }
        var link: Int { Int(storedLink) }
    }

    /// The content being parsed: lines joined by `\n`, block markers already stripped. The block
    /// parser's first piece of it is appended here, the rest to `pendingContent` (see there).
    var src: [UInt8] = []
    /// The content after its first piece, as the block parser gives it, a line at a time: the
    /// append of a short line to a byte buffer is a few stores, where an array's was a call to
    /// its generic path, a check of its storage's uniqueness and a call to `memmove`, some
    /// hundred instructions for every line of a quote or a list item. Appended to `src` in one
    /// go when the parse starts (`prepareContent`). Most paragraphs are one piece (a line, or
    /// lines that follow one another in the source), which this leaves as it was.
    var pendingContent = ByteBuffer()
    var extra: [UInt8] = []
    var pos = 0
    var nodes = PlainList<Node>()
    var delimiters = PlainList<Delimiter>()
    var lastDelimiter = -1
    var brackets: [Bracket] = []
    /// Brackets below this index can no longer open a link (no links inside links); one index
    /// instead of clearing each flag keeps many links after many `[` linear.
    var activeFloor = 0
    var marks = PlainList<Mark>()
    /// The marks starting (+) and ending (-) at each node, filled by `flatten` when there are
    /// marks (see `Node`); all zero between paragraphs, and never shorter than it was.
    var markDeltas = PlainList<MarkDelta>()
    /// Text is appended to the last node when it continues it (see `appendText`), but not to a
    /// node below this index: the last node of a link's text, which the link ends after.
    var mergeFloor = 0
    /// A link's normalized URL: `src[start..<end]` when the destination is one as it stands in
    /// the source (no copy made), else `linkBytes[start..<end]`; and its id in the output once
    /// known.
    struct LinkURL {
        var start: Int
        var end: Int
        var inSource: Bool
        var id: UInt32 = 0
    }

    /// The paragraph's links.
    var links: [LinkURL] = []
    var linkBytes: [UInt8] = []
    var backticks = BacktickIndex()
    /// Whether the text taken from the content holds no `"`, `\\` or control characters other than
    /// its line breaks (every piece of it is text a JSON string holds as it is), and whether the
    /// content is ASCII besides (one byte a scalar). A backslash is text only when it escapes
    /// nothing (escaped characters are text of `extra`, code spans are always escaped): the
    /// tokenizer clears the flag when it meets one.
    var contentIsUnescaped = false
    var contentIsASCII = false
    /// Whether the content has underline or colour tags to pair.
    var hasTags = false
    /// The last link destination scan that failed on its 33rd unclosed `(` (at `fail`) with no
    /// `)` or backslash on the way, and whether it met an `&`. A scan starting inside that stretch
    /// resumes after it instead of reading it again: "[a](" repeated, where every `]` scans 32
    /// parentheses ahead, stays linear with a small constant.
    var parenMemo: (start: Int, fail: Int, decoded: Bool)?
    /// How many `(` lie in `src[parenMemo.start..<parenCountEnd]`: scans resuming in the memo's
    /// stretch come in order, so each counts only the bytes since the one before.
    var parenCountEnd = 0
    var parenCount = 0
    /// Where a link tail starts that `readPlainLink` scanned and found none (-1: none): the scan
    /// from the `]` before it would find none again.
    var failedLinkTail = -1
    /// What lies ahead in the content (see `InlineParser+Lookahead.swift`).
    var lookahead = Lookahead()
    /// Whether pairs of emphasis around plain text are read in one step (`readClosedEmphasis`);
    /// the tests turn it off to compare with the general path.
    var readsClosedEmphasis = true

    // MARK: Content

    /// Starts a paragraph's content, with room for `capacity` bytes (growing the buffer step by
    /// step would cost an allocation per step).
    mutating func beginContent(capacity: Int) {
        src.removeAll(keepingCapacity: true)
        InlineParser.reserve(&src, capacity)
        pendingContent.removeAll()
    }

    /// Whether the next piece of content is the first (it goes to `src`; the rest, once one is
    /// pending, to `pendingContent`).
    private var takesFirstPiece: Bool { src.isEmpty && pendingContent.isEmpty }

    mutating func appendContent(_ byte: UInt8) {
        if takesFirstPiece { src.append(byte) } else { pendingContent.append(byte) }
    }

    /// Appends `source[range]`, as a buffer: the array append of a slice costs some two hundred
    /// instructions a call, that of a buffer less. Inlined, as it was before the second path:
    /// the call cost the one-line paragraphs of a chat message 0.3%.
    @inline(__always)
    mutating func appendContent(_ source: [UInt8], _ range: Range<Int>) {
        source.withUnsafeBufferPointer { source in
            let piece = UnsafeBufferPointer(rebasing: source[range])
            if takesFirstPiece { src.append(contentsOf: piece) } else { pendingContent.append(contentsOf: piece) }
        }
    }

    /// Appends `source[range]` as the whole content (after `beginContent`): a paragraph of one line.
    mutating func appendWholeContent(_ source: [UInt8], _ range: Range<Int>) {
        source.withUnsafeBufferPointer { src.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    mutating func trimContentEnd() {
        let trailing = pendingContent.withUnsafeBufferPointer { bytes in
            var n = 0
            while n < bytes.count, bytes[bytes.count - 1 - n] == 0x20 || bytes[bytes.count - 1 - n] == 0x09 { n += 1 }
            return n
        }
        pendingContent.removeLast(trailing)
        guard pendingContent.isEmpty else { return }
        while let last = src.last, last == 0x20 || last == 0x09 { src.removeLast() }
    }

    /// Parses the content into `output`, whose current line it continues; every line break
    /// starts a line with block format `block`. Links get their ids from `output.link`; mention
    /// uids take their display names from `names` (else the uid).
    mutating func parse<Output: ParseOutput>(into output: inout Output, block: BlockFormat?, names: [String: String]) {
        prepareContent()
        // Content without a single special character is one run of plain text (what the
        // tokenizer and flatten would find): written as it is, no nodes. So is each line of
        // content whose only syntax is line breaks.
        let plainEnd = plainRunEnd(from: 0)
        if plainEnd == src.count {
            appendSource(0..<src.count, style: .plain, to: &output)
            return
        }
        if onlyLineBreaks(from: plainEnd) { return writeLines(into: &output, block: block) }
        parseTokens(into: &output, block: block, names: names)
    }

    /// Empties what the last paragraph left and classifies the content: what every path of
    /// `parse` starts with.
    @inline(__always)
    mutating func prepareContent() {
        if !pendingContent.isEmpty {
            pendingContent.withUnsafeBufferPointer { src.append(contentsOf: $0) }
            pendingContent.removeAll()
        }
        pos = 0
        // Most paragraphs use few of the buffers: emptying an empty one is a call all the same.
        if !extra.isEmpty { extra.removeAll(keepingCapacity: true) }
        nodes.removeAll()
        delimiters.removeAll()
        lastDelimiter = -1
        if !brackets.isEmpty { brackets.removeAllKeepingCapacity() }
        activeFloor = 0
        mergeFloor = 0
        marks.removeAll()
        if !links.isEmpty { links.removeAllKeepingCapacity() }
        if !linkBytes.isEmpty { linkBytes.removeAll(keepingCapacity: true) }
        hasTags = false
        parenMemo = nil
        failedLinkTail = -1
        lookahead = Lookahead()
        backticks.reset()
        // Room for a paragraph of this size at once: growing the buffers step by step would cost
        // an allocation per step, more than the parsing of a short message itself.
        (contentIsUnescaped, contentIsASCII) = ByteScan.classify(src, backslashes: false)
    }

    /// The general path of `parse` (after `prepareContent`): tokens, emphasis, tags, then the
    /// output.
    mutating func parseTokens<Output: ParseOutput>(into output: inout Output, block: BlockFormat?, names: [String: String]) {
        // A node per byte at most: room for them all at once. Growing the buffer would copy it
        // and, for a large paragraph, map fresh pages for every size on the way (page faults
        // cost more than the parse of a dense paragraph); pages never written are never touched.
        InlineParser.reserve(&nodes, src.count + 8)
        tokenize()
        processEmphasis(bottom: -1)
        if hasTags { pairTags() }
        flatten(into: &output, block: block, names: names)
    }

    /// Room for every mark the content can make: each takes a delimiter character from two
    /// runs, or a link's four bytes at least (see `nodes` in `parse` for why at once).
    @inline(__always)
    mutating func reserveMarks() {
        InlineParser.reserve(&marks, src.count / 2 + 8)
    }

    /// Room for `count` elements, reserved at once up to `maxReserved` (past it the array grows by
    /// doubling as it fills): the upper bounds are counted per byte of content, and a paragraph
    /// near the input limit would otherwise ask for gigabytes of address space up front.
    static func reserve<Storage: ReservableStorage>(_ storage: inout Storage, _ count: Int) {
        let wanted = Swift.min(count, maxReserved)
        if storage.capacity < wanted { storage.reserveCapacity(wanted) }
    }

    /// A million elements: a paragraph of up to about a megabyte reserves its buffers once.
    static let maxReserved = 1 << 20

    // MARK: Tokenizing

    /// Appends `start..<end` of `src` (of `extra` when `inExtra`) as text: to the last node when
    /// that is text of the same buffer ending at `start` (a run of `&`, `]`, `<` that stay text, as
    /// in "&#&#…" or "]]]…", or escapes in a row, as in "\\*\\*…", make one node, not one per
    /// character).
    @inline(__always)
    mutating func appendText(_ start: Int, _ end: Int, inExtra: Bool = false) {
        let last = nodes.count - 1
        if last >= mergeFloor, nodes[last].end == start, nodes[last].kind == .text, nodes[last].inExtra == inExtra {
            nodes[last].end = end
        } else {
            nodes.append(Node(kind: .text, start: start, end: end, inExtra: inExtra))
        }
    }

    /// Appends `src[start..<end]`, a character that stays text, with the plain run after it, and
    /// moves past both: one node and one step of the tokenizer for "&#", "<@uid:", "]…" rather
    /// than two.
    mutating func appendLiteral(_ start: Int, _ end: Int) {
        // A special character right after or one further (as in "]]]…", "&#&#…") needs no scan.
        if end >= src.count || ByteScan.isSpecial(src[end]) {
            pos = end
        } else if end + 1 >= src.count || ByteScan.isSpecial(src[end + 1]) {
            pos = end + 1
        } else {
            pos = plainRunEnd(from: end + 2)
        }
        appendText(start, pos)
    }

    private mutating func tokenize() {
        while pos < src.count {
            let c = src[pos]
            switch c {
            case 0x0A: handleNewline()
            case UInt8(ascii: "\\"): handleBackslash()
            case UInt8(ascii: "&"): handleEntity()
            case UInt8(ascii: "`"): handleBackticks()
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"): handleDelimiters(c)
            case UInt8(ascii: "["): handleOpenBrackets()
            case UInt8(ascii: "]"): handleCloseBracket()
            case UInt8(ascii: "<"): handleAngle()
            default:
                // Plain run up to the next special character.
                let start = pos
                pos = plainRunEnd(from: pos + 1)
                appendText(start, pos)
            }
        }
    }

    /// Where the run of characters from `start` that are not special ends.
    @inline(__always)
    func plainRunEnd(from start: Int) -> Int { ByteScan.plainRunEnd(src, from: start) }

    /// A line end: a hard break after two or more spaces, else a soft break; either way a `\n`
    /// in the text. Spaces and tabs at the end of the line and the start of the next are dropped
    /// (cmark-gfm trims both before a line end, where CommonMark's text names only spaces).
    private mutating func handleNewline() {
        // Only spaces and tabs written as such in the source go; `&#32;` stays. They are all in the
        // last node: a plain run, which starts after the last special character.
        var spaces = 0
        while pos - spaces - 1 >= 0, src[pos - spaces - 1] == 0x20 || src[pos - spaces - 1] == 0x09 { spaces += 1 }
        if spaces > 0, let last = nodes.indices.last, nodes[last].kind == .text, !nodes[last].inExtra {
            nodes[last].end -= min(spaces, nodes[last].end - nodes[last].start)
        }
        pos += 1
        nodes.append(Node(kind: .lineBreak, start: pos, end: pos))
        skipLineIndent()
    }

    private mutating func skipLineIndent() {
        while pos < src.count, src[pos] == 0x20 || src[pos] == 0x09 { pos += 1 }
    }

    private mutating func handleBackslash() {
        pos += 1
        if pos < src.count, CharacterClass.isASCIIPunctuation(src[pos]) {
            // The character goes to `extra`, and so do those of the escapes right after it
            // ("\*\*…"): one node, continuing the last one if that ends `extra`.
            InlineParser.reserve(&extra, 64)
            let start = extra.count
            repeat {
                extra.append(src[pos])
                pos += 2
            } while pos < src.count && src[pos - 1] == UInt8(ascii: "\\") && CharacterClass.isASCIIPunctuation(src[pos])
            pos -= 1
            appendText(start, extra.count, inExtra: true)
        } else if pos < src.count, src[pos] == 0x0A {
            // The next line's leading spaces and tabs stay (cmark-gfm skips them after a soft
            // break only): a line has them only when it is a lazy one (`BlockParser.process`).
            pos += 1
            nodes.append(Node(kind: .lineBreak, start: pos, end: pos))
        } else {
            // A backslash that stays text: the source text needs escaping after all.
            contentIsUnescaped = false
            appendLiteral(pos - 1, pos)
        }
    }

    private mutating func handleEntity() {
        // A lone "&" (the usual case) is told without a buffer reserved or the decoder called,
        // and so are the ones after it up to the next other special character ("&#&#…", "& & …"):
        // one node and one step for all of them.
        guard EntityDecoder.mayStartReference(src, at: pos) else {
            let start = pos
            repeat {
                pos = plainRunEnd(from: pos + 1)
            } while pos < src.count && src[pos] == UInt8(ascii: "&") && !EntityDecoder.mayStartReference(src, at: pos)
            return appendText(start, pos)
        }
        InlineParser.reserve(&extra, 64)
        let start = extra.count
        if let length = EntityDecoder.decode(src, at: pos, into: &extra) {
            appendText(start, extra.count, inExtra: true)
            pos += length
        } else {
            // What the decoder read is text, none of it special: the scan for the plain run
            // after it starts past it ("&#9999999" repeated without a `;`).
            appendLiteral(pos, EntityDecoder.literalEnd(ofFailedReferenceAt: pos, in: src))
        }
    }

    private mutating func handleBackticks() {
        let start = pos
        while pos < src.count, src[pos] == UInt8(ascii: "`") { pos += 1 }
        let length = pos - start
        // The next run of exactly this length after `start` closes the span.
        guard let close = closingBackticks(after: start, length: length) else {
            appendLiteral(start, pos)
            return
        }
        // Line breaks read as spaces; one space is stripped from each end when both have one
        // and the content is not all spaces.
        var a = pos, b = close
        func isSpace(_ x: UInt8) -> Bool { x == 0x20 || x == 0x0A }
        if b - a >= 2, isSpace(src[a]), isSpace(src[b - 1]), src[a..<b].contains(where: { !isSpace($0) }) {
            a += 1
            b -= 1
        }
        nodes.append(Node(kind: .code, start: a, end: b))
        pos = close + length
    }

    /// Where the run of exactly `length` backticks after the one at `start` (ending at `pos`)
    /// begins, if any. Most code spans are short: until a closer is further than
    /// `BacktickIndex.nearWindow` bytes, the bytes after the run are scanned for it, and they are
    /// the span's, which the tokenizer then passes over (linear). A run with no closer within
    /// that window builds the index of runs, which answers from then on.
    private mutating func closingBackticks(after start: Int, length: Int) -> Int? {
        if !backticks.isBuilt {
            switch BacktickIndex.nearCloser(src, from: pos, length: length) {
            case .at(let close): return close
            case .none: return nil
            case .beyondWindow: backticks.build(src, from: start)
            }
        }
        return backticks.closer(after: start, length: length)
    }

    /// Appends the text from `start` to the next special character other than `c` and `d` (from
    /// `pos` on), and moves past it: for a character that can no longer take effect, as in
    /// "*a *a *a…" with no closer, one step rather than two per occurrence.
    mutating func appendText(_ start: Int, passing c: UInt8, or d: UInt8) {
        pos = ByteScan.plainRunEnd(src, from: pos, passing: c, or: d)
        appendText(start, pos)
    }

    /// Appends the text from `start` on, passing over the runs of `c`, every one of which is text
    /// from here on, and over those of another delimiter character that is inert (`isInert`):
    /// "*a_ *a_ …" is one step.
    private mutating func appendInertRuns(_ start: Int, _ c: UInt8) {
        var other = c
        for d in [UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~")] where d != c && isInert(d, from: pos) {
            other = d
            break
        }
        appendText(start, passing: c, or: other)
    }

    private mutating func handleDelimiters(_ c: UInt8) {
        let start = pos
        while pos < src.count, src[pos] == c { pos += 1 }
        // No run from here on can close (this one neither): this one and every later one of `c`
        // is text whatever its flanks, as an opener without a closer or as nothing (see
        // `mayCloseEmphasis`).
        guard mayCloseEmphasis(from: start) else { return appendText(start, passing: c, or: c) }
        // Whitespace after it: it cannot open; with no opener of `c` before it, it has nothing to
        // close either. Text, told before its flanks are classed (the closers of "*a_ *a_ …").
        if !lookahead.openerPushed(c), pos >= src.count || CharacterClass.flankASCII(src[pos]) == .space {
            // With no run of `c` able to open from here on, every later one is text too.
            if isInert(c, from: pos) { return appendInertRuns(start, c) }
            return appendLiteral(start, pos)
        }
        let count = pos - start
        let (b, a) = InlineParser.flanks(start, pos, in: src)
        let leftFlanking = a != .space && (a != .punctuation || b != .other)
        let rightFlanking = b != .space && (b != .punctuation || a != .other)
        let canOpen: Bool
        let canClose: Bool
        if c == UInt8(ascii: "_") {
            canOpen = leftFlanking && (!rightFlanking || b == .punctuation)
            canClose = rightFlanking && (!leftFlanking || a == .punctuation)
        } else {
            canOpen = leftFlanking
            canClose = rightFlanking
        }
        let isDelimiter = c != UInt8(ascii: "~") || ((leftFlanking || rightFlanking) && count <= 2)
        // A run that can pair with none is text: an opener with no possible closer of any
        // character after it, a closer with no opener before it (see `mayCloseEmphasis`).
        guard isDelimiter, canOpen || canClose,
              canOpen ? canClose || openerMayMatter(c, from: pos) : lookahead.openerPushed(c) else {
            // An opener that cannot matter: nor can any later run of `c` (see `openerMayMatter`).
            if canOpen, !canClose, isDelimiter { return appendInertRuns(start, c) }
            return appendLiteral(start, pos)
        }
        // An opener with plain text and its closer right after it is read as the pair it makes,
        // while no opener of `c` was pushed: after one was, the runs are seldom such pairs
        // ("*a **a …" nested), and each try would scan the text twice.
        if canOpen, count <= 2, !lookahead.openerPushed(c), readsClosedEmphasis, readClosedEmphasis(c, count) { return }
        nodes.append(Node(kind: .delimiter, start: start, end: pos))
        if canOpen { lookahead.notePushedOpener(c) }
        pushDelimiter(Delimiter(node: nodes.count - 1, length: count, previous: lastDelimiter, next: -1,
                                runLength: Int32(truncatingIfNeeded: count), char: c, canOpen: canOpen, canClose: canClose))
    }

    /// Puts `delimiter` on top of the stack. Only its own link is set: the `next` of the one
    /// below it is set when emphasis is processed, by the walk that finds where to start (see
    /// `processEmphasis`), which saves a write into the array for every run.
    @inline(__always)
    private mutating func pushDelimiter(_ delimiter: Delimiter) {
        // Room for a few runs, then, when they fill it, for all that can follow at once (one every
        // two bytes at most; see `nodes` in `parse`).
        if delimiters.count == delimiters.capacity {
            InlineParser.reserve(&delimiters, delimiters.isEmpty ? 16 : delimiters.count + (src.count - pos) / 2 + 4)
        }
        delimiters.append(delimiter)
        lastDelimiter = delimiters.count - 1
    }

    /// The classes of the characters before `start` and at `end` (a delimiter run's neighbours).
    /// cmark-gfm's strikethrough makes `~` transparent here: the neighbours are the first
    /// characters past any run of tildes (none at all means the start / end of the text). Both
    /// neighbours ASCII other than `~`, or the ends of the text (the usual case), are classed from
    /// their bytes here, inlined; anything else in `flanksBeyondASCII`. As a call with the two
    /// paths in one, this was some 70 instructions a run, a tenth of a span's cost in a paragraph
    /// dense with emphasis. Static: a method called from a mutating one was passed a copy of the
    /// whole parser.
    @inline(__always)
    static func flanks(_ start: Int, _ end: Int, in src: [UInt8]) -> (before: FlankClass, after: FlankClass) {
        let before = start > 0 ? src[start - 1] : 0x20
        let after = end < src.count ? src[end] : 0x20
        guard (before | after) < 0x80, before != UInt8(ascii: "~"), after != UInt8(ascii: "~") else {
            return flanksBeyondASCII(start, end, in: src)
        }
        return (CharacterClass.flankASCII(before), CharacterClass.flankASCII(after))
    }

    /// `flanks` when a neighbour is not ASCII or is a `~`.
    @inline(never)
    private static func flanksBeyondASCII(_ start: Int, _ end: Int, in src: [UInt8]) -> (before: FlankClass, after: FlankClass) {
        let b: FlankClass, a: FlankClass
        if start == 0 {
            b = .space
        } else if src[start - 1] < 0x80, src[start - 1] != UInt8(ascii: "~") {
            b = CharacterClass.flankASCII(src[start - 1])
        } else {
            var beforeIndex = start
            while beforeIndex > 0, src[beforeIndex - 1] == UInt8(ascii: "~") { beforeIndex -= 1 }
            b = CharacterClass.flank(src, before: beforeIndex)
        }
        if end >= src.count {
            a = .space
        } else if src[end] < 0x80, src[end] != UInt8(ascii: "~") {
            a = CharacterClass.flankASCII(src[end])
        } else {
            var afterIndex = end
            while afterIndex < src.count, src[afterIndex] == UInt8(ascii: "~") { afterIndex += 1 }
            a = CharacterClass.flank(src, at: afterIndex)
        }
        return (b, a)
    }

    /// `<u>`, `</u>`, `<color=#rrggbb>`, `</color>`, `<@uid:UID>`, `<br>`; any other `<` is text.
    private mutating func handleAngle() {
        // Every tag ends with a `>`: without one ahead, no `<` from here on is a tag.
        guard occurs(.greater, from: pos + 1) else {
            pos += 1
            return appendText(pos - 1, passing: UInt8(ascii: "<"), or: UInt8(ascii: "<"))
        }
        switch UTF8Bytes.byte(src, pos + 1) {
        case UInt8(ascii: "u") where matches("<u>"):
            // Unpaired without a closing tag after it.
            guard occurs(.underlineClose, from: pos + 3) else { return appendLiteral(pos, pos + 3) }
            hasTags = true
            nodes.append(Node(kind: .underlineOpen, start: pos, end: pos + 3))
            pos += 3
            return
        case UInt8(ascii: "/") where matches("</u>"):
            hasTags = true
            nodes.append(Node(kind: .underlineClose, start: pos, end: pos + 4))
            pos += 4
            return
        case UInt8(ascii: "/") where matches("</color>"):
            hasTags = true
            nodes.append(Node(kind: .colorClose, start: pos, end: pos + 8))
            pos += 8
            return
        case UInt8(ascii: "b") where matches("<br>"):
            pos += 4
            nodes.append(Node(kind: .lineBreak, start: pos, end: pos))
            return
        case UInt8(ascii: "c") where matches("<color=#"):
            if let rgb = InlineParser.colorTagValue(src, at: pos) {
                guard occurs(.colorClose, from: pos + 15) else { return appendLiteral(pos, pos + 15) }
                hasTags = true
                nodes.append(Node(kind: .colorOpen, start: pos, end: pos + 15, rgb: rgb))
                pos += 15
                return
            }
        case UInt8(ascii: "@") where matches("<@uid:"):
            if mentionTag() { return }
        default:
            break
        }
        appendLiteral(pos, pos + 1)
    }

    /// Inlined: the literal's bytes are then constants (the closure over its buffer was some
    /// fifty instructions a call).
    @inline(__always)
    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard pos + count <= src.count else { return false }
        for k in 0..<count where src[pos + k] != literal.utf8Start[k] { return false }
        return true
    }

    /// `<color=#rrggbb>` at `pos` with six lower-case hex digits: their value. Static: a method
    /// called from a mutating one was passed a copy of the whole parser (a 280-byte memcpy per
    /// colour tag).
    private static func colorTagValue(_ src: [UInt8], at pos: Int) -> UInt32? {
        guard pos + 15 <= src.count, src[pos + 14] == UInt8(ascii: ">") else { return nil }
        var rgb: UInt32 = 0
        for b in src[(pos + 8)..<(pos + 14)] {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): rgb = rgb << 4 | UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): rgb = rgb << 4 | UInt32(b - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return rgb
    }

    /// `<@uid:UID>` at `pos`: appends the mention node and moves past it. The uid's characters;
    /// "\_" stands for "_" (the serializer escapes it).
    private mutating func mentionTag() -> Bool {
        InlineParser.reserve(&extra, 64)
        let uidStart = extra.count
        var end = pos + 6
        var length = 0
        while end < src.count, length <= MentionPolicy.maxUIDLength {
            if src[end] == UInt8(ascii: "\\"), end + 1 < src.count, src[end + 1] == UInt8(ascii: "_") {
                extra.append(UInt8(ascii: "_"))
                end += 2
            } else if MentionPolicy.isUIDCharacter(Unicode.Scalar(src[end])) {
                extra.append(src[end])
                end += 1
            } else {
                break
            }
            length += 1
        }
        guard end < src.count, src[end] == UInt8(ascii: ">"), length > 0, length <= MentionPolicy.maxUIDLength else {
            extra.removeSubrange(uidStart...)
            return false
        }
        nodes.append(Node(kind: .mention, start: uidStart, end: extra.count, inExtra: true))
        pos = end + 1
        return true
    }
}
