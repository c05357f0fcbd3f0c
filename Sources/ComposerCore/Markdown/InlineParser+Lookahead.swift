// Tokens that take effect only with a later one: an emphasis opener with a closer after it, a `[`
// with a `]` and a `)` after it, a `]` with a `)` after it, a tag with its `>` (and `<u>`,
// `<color>` with their closing tags). When nothing after a token can complete it, it is text at
// once: no node of its own, no stack entry, nothing for later steps to pass over; what it would
// have become is the same, since flatten writes neighbouring text of one style as one piece.
extension InlineParser {
    /// What can complete a token, looked for ahead.
    enum Ahead: Int {
        case closeBracket, closeParen, greater, underlineClose, colorClose
        /// A run of `*`, `_` or `~` that may close emphasis (see `lastPossibleCloser`).
        case starCloser, underscoreCloser, tildeCloser
        /// A run of `*`, `_` or `~` that may open emphasis (see `ByteScan.lastPossibleOpener`).
        case starOpener, underscoreOpener, tildeOpener
    }

    /// Per kind, its last position in the content (-1: none), `unknown` until scanned for: one
    /// backward scan per kind and content, at the first question. Fields, not an `InlineArray`,
    /// whose element accesses copied the whole array.
    struct Lookahead {
        private var closeBracket = unknown, closeParen = unknown, greater = unknown
        private var underlineClose = unknown, colorClose = unknown
        private var starCloser = unknown, underscoreCloser = unknown, tildeCloser = unknown
        private var starOpener = unknown, underscoreOpener = unknown, tildeOpener = unknown
        /// The largest of the three closers' positions (see `mayCloseEmphasis`).
        var anyCloser = unknown
        /// Per delimiter character, whether a run that can open emphasis is on the stack or was:
        /// bit 0 for `*`, 1 for `_`, 2 for `~`.
        private var openersPushed: UInt8 = 0
        /// How many tokens were answered without a scan (see `occurs`).
        var questions = 0
        static var unscannedQuestions: Int { 32 }

        static var unknown: Int { Int.min }

        subscript(_ kind: Ahead) -> Int {
            @inline(__always) get {
                switch kind {
                case .closeBracket: closeBracket
                case .closeParen: closeParen
                case .greater: greater
                case .underlineClose: underlineClose
                case .colorClose: colorClose
                case .starCloser: starCloser
                case .underscoreCloser: underscoreCloser
                case .tildeCloser: tildeCloser
                case .starOpener: starOpener
                case .underscoreOpener: underscoreOpener
                case .tildeOpener: tildeOpener
                }
            }
            @inline(__always) set {
                switch kind {
                case .closeBracket: closeBracket = newValue
                case .closeParen: closeParen = newValue
                case .greater: greater = newValue
                case .underlineClose: underlineClose = newValue
                case .colorClose: colorClose = newValue
                case .starCloser: starCloser = newValue
                case .underscoreCloser: underscoreCloser = newValue
                case .tildeCloser: tildeCloser = newValue
                case .starOpener: starOpener = newValue
                case .underscoreOpener: underscoreOpener = newValue
                case .tildeOpener: tildeOpener = newValue
                }
            }
        }

        @inline(__always)
        private static func bit(_ c: UInt8) -> UInt8 { c == UInt8(ascii: "*") ? 1 : c == UInt8(ascii: "_") ? 2 : 4 }

        func openerPushed(_ c: UInt8) -> Bool { openersPushed & Lookahead.bit(c) != 0 }

        mutating func notePushedOpener(_ c: UInt8) { openersPushed |= Lookahead.bit(c) }
    }

    /// Whether something of `kind` may lie at or after `i`, asked for `tokens` tokens (a run of
    /// `[` is as many). The first tokens of a content are answered "maybe" (they take their
    /// usual way) without a scan: the scans pay only where tokens are many, and a usual message
    /// has a few.
    @inline(__always)
    mutating func occurs(_ kind: Ahead, from i: Int, tokens: Int = 1) -> Bool {
        if lookahead.questions + tokens <= Lookahead.unscannedQuestions {
            lookahead.questions += tokens
            return true
        }
        var last = lookahead[kind]
        if last == Lookahead.unknown {
            last = InlineParser.last(kind, in: src)
            lookahead[kind] = last
        }
        return i <= last
    }

    /// Whether a run of any delimiter character that may close lies at or after `i`. A run with
    /// none after it takes no part in emphasis. One with no closer of its own character after it
    /// still can: below a closer that finds no opener, it becomes the bound of later searches
    /// (`openersBottom` in `InlineParser+Emphasis.swift`) until a pair across it removes it, and
    /// with it gone the bound would fall on the run below, which may still pair (fewer stars
    /// left in it change its bound's slot): "****a**>**>****" after a `~` that stays open.
    /// After the first questions, one comparison: the three characters' last possible closers are
    /// scanned for at once, and their maximum kept (`anyCloser`). Asked for every delimiter run.
    @inline(__always)
    mutating func mayCloseEmphasis(from i: Int) -> Bool {
        if lookahead.questions < Lookahead.unscannedQuestions {
            lookahead.questions += 1
            return true
        }
        if lookahead.anyCloser == Lookahead.unknown { lookahead.anyCloser = lastOfAnyCloser() }
        return i <= lookahead.anyCloser
    }

    /// The last possible closer of any delimiter character, -1 for none (the per-character
    /// positions scanned for as `occurs` does, and kept for it).
    @inline(never)
    private mutating func lastOfAnyCloser() -> Int {
        var last = -1
        for kind in [Ahead.starCloser, .underscoreCloser, .tildeCloser] {
            if lookahead[kind] == Lookahead.unknown { lookahead[kind] = InlineParser.last(kind, in: src) }
            last = Swift.max(last, lookahead[kind])
        }
        return last
    }

    /// Whether a run of `c` at `i` that can open but not close may take part in emphasis: as an
    /// opener, with a closer of `c` after it; or as the bound of a search (see
    /// `mayCloseEmphasis`), which only a closer of another character that reaches the emphasis
    /// step can make it. Such a closer needs an opener of its character on the stack, pushed
    /// before or possibly after `i`; without one it is text (see `InlineParser.handleDelimiters`).
    /// When this says no, it says no for every later run of `c` too: none of them can close, and
    /// no opener of another character can be pushed after `i` that was not possible at `i`.
    mutating func openerMayMatter(_ c: UInt8, from i: Int) -> Bool {
        // The three characters written out: the loop over an array of them cost more than the
        // tests (a run of openers asks this at each one).
        openerMayMatter(c, UInt8(ascii: "*"), .starCloser, from: i)
            || openerMayMatter(c, UInt8(ascii: "_"), .underscoreCloser, from: i)
            || openerMayMatter(c, UInt8(ascii: "~"), .tildeCloser, from: i)
    }

    /// Whether a closer of `d` (`closer`) after `i` may make a run of `c` at `i` matter.
    @inline(__always)
    private mutating func openerMayMatter(_ c: UInt8, _ d: UInt8, _ closer: Ahead, from i: Int) -> Bool {
        occurs(closer, from: i) && (d == c || !isInert(d, from: i))
    }

    /// Whether every run of `d` at or after `i` is text: no opener of `d` is on the stack and none
    /// can open from `i` on, so none opens and none finds an opener to close.
    mutating func isInert(_ d: UInt8, from i: Int) -> Bool {
        let opener: Ahead = d == UInt8(ascii: "*") ? .starOpener : d == UInt8(ascii: "_") ? .underscoreOpener : .tildeOpener
        return !lookahead.openerPushed(d) && !occurs(opener, from: i)
    }

    /// Whether a `]` and a `)` lie at or after `i`: a link needs both after its `[`.
    mutating func mayEndLink(from i: Int, tokens: Int) -> Bool {
        occurs(.closeBracket, from: i, tokens: tokens) && occurs(.closeParen, from: i, tokens: tokens)
    }

    /// The last of `kind` in `src`, or -1. Static, as are the scans below: a method called from a
    /// mutating one was passed a copy of the whole parser.
    private static func last(_ kind: Ahead, in src: [UInt8]) -> Int {
        switch kind {
        case .closeBracket: ByteScan.lastIndex(of: UInt8(ascii: "]"), in: src, before: src.count)
        case .closeParen: ByteScan.lastIndex(of: UInt8(ascii: ")"), in: src, before: src.count)
        case .greater: ByteScan.lastIndex(of: UInt8(ascii: ">"), in: src, before: src.count)
        case .underlineClose: lastClosingTag("</u>", in: src)
        case .colorClose: lastClosingTag("</color>", in: src)
        case .starCloser: lastPossibleCloser(UInt8(ascii: "*"), in: src)
        case .underscoreCloser: lastPossibleCloser(UInt8(ascii: "_"), in: src)
        case .tildeCloser: lastPossibleCloser(UInt8(ascii: "~"), in: src)
        case .starOpener: ByteScan.lastPossibleOpener(UInt8(ascii: "*"), in: src)
        case .underscoreOpener: ByteScan.lastPossibleOpener(UInt8(ascii: "_"), in: src)
        case .tildeOpener: ByteScan.lastPossibleOpener(UInt8(ascii: "~"), in: src)
        }
    }

    /// A closer is right-flanking: the character before it is not whitespace. The scan takes
    /// every `c` whose byte before is not ASCII whitespace and not `c` (a byte of a longer
    /// character or a `~` counts, though its class may be whitespace), and a `c` after another
    /// `c` when a backslash precedes them (the tokenizer's run then starts after the escaped
    /// one): a superset of the closers' first bytes. At the start of the content a run cannot
    /// close. (`ByteScan.lastPossibleCloser`, vectorized: "~~a ~~a …" has a `~` every two bytes.)
    private static func lastPossibleCloser(_ c: UInt8, in src: [UInt8]) -> Int {
        ByteScan.lastPossibleCloser(c, in: src)
    }

    /// Whether the closing tag `literal` starts at `q` (in the source: a superset of the closing
    /// tags the tokenizer finds). The scan looks for its `/`, rarer than its `<`.
    private static func isClosingTag(_ literal: StaticString, at q: Int, in src: [UInt8]) -> Bool {
        literal.withUTF8Buffer { l in
            q >= 0 && q + l.count <= src.count && l.indices.allSatisfy { src[q + $0] == l[$0] }
        }
    }

    private static func lastClosingTag(_ literal: StaticString, in src: [UInt8]) -> Int {
        var slash = ByteScan.lastIndex(of: UInt8(ascii: "/"), in: src, before: src.count)
        while slash >= 0, !isClosingTag(literal, at: slash - 1, in: src) {
            slash = ByteScan.lastIndex(of: UInt8(ascii: "/"), in: src, before: slash)
        }
        return slash >= 0 ? slash - 1 : -1
    }
}
