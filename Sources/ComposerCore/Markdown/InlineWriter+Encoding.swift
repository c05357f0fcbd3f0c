// How each text character of a line is written: as is, backslash-escaped, or as a numeric entity.
extension InlineWriter {
    enum Encoding: UInt8 {
        /// No rule beyond the character and its neighbour decided (in `encodingOverride`).
        case none
        case plain, escaped, entity
        /// Written after an empty `<u></u>`: markup that splits the text node in which GitHub's
        /// autolink extension looks for addresses (see `autolinkEncoding`).
        case separated
    }

    /// A text character: its token and the byte where it starts.
    struct Place {
        var token: Int
        var byte: Int
    }

    /// Characters that are syntax anywhere in a line.
    @inline(__always)
    static func isAlwaysEscaped(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "\\"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "~"), UInt8(ascii: "|"):
            return true
        default:
            return false
        }
    }

    /// The encoding of the character at `p` in text token `t`, rules beyond it included.
    /// Inlined, onto the static function that works out the character's own encoding from the
    /// buffers it reads: a method called from a mutating one (`fixFlanking`) was passed a copy of
    /// the whole writer, 128 bytes, at every call.
    @inline(__always)
    func encoding(_ p: Int, _ t: Int) -> Encoding {
        let chosen = encodingOverride[p]
        return chosen == .none ? InlineWriter.ownEncoding(p, t, tokens: tokens, text: doc.utf8, raw: raw) : chosen
    }

    /// The encoding the character at `p` in text token `t` (of `text`, the document's bytes) gets
    /// from itself and its neighbour.
    private static func ownEncoding(_ p: Int, _ t: Int, tokens: PlainList<Token>, text: [UInt8], raw: PlainList<UInt8>) -> Encoding {
        if tokens[t].verbatim { return .plain }
        let b = text[p]
        switch b {
        case 0x0D, 0x0B, 0x0C: return .entity
        case UInt8(ascii: "!"):
            // "![" would open an image.
            let next = t + 1
            if p + 1 == tokens[t].end, next < tokens.count, tokens[next].kind == .raw, raw[tokens[next].start] == UInt8(ascii: "[") {
                return .escaped
            }
            return .plain
        case UInt8(ascii: "&"):
            // "&" before a letter, digit or "#" could start an entity.
            guard p + 1 < tokens[t].end else { return .plain }
            let (n, _) = UTF8Bytes.scalar(text, at: p + 1)
            return n.properties.isAlphabetic || ("0"..."9").contains(n) || n == "#" ? .escaped : .plain
        case 0xEF:
            return UTF8Bytes.scalar(text, at: p).0 == "\u{FEFF}" ? .entity : .plain
        case UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "@"):
            return autolinkEncoding(p, b, in: text)
        default:
            return InlineWriter.isAlwaysEscaped(b) ? .escaped : .plain
        }
    }

    /// GitHub's autolink extension links URL-like text that CommonMark leaves as text (the wire
    /// format's second property, docs/wire-format.md). It finds `www.` and `scheme://` in the
    /// markdown source at an unescaped `.` or `:`, so that character is escaped; but it finds an
    /// address in a text node after escaped characters are merged into it, so only markup splits
    /// one: an `@` after a character an address can hold goes after an empty `<u></u>`. Each parses
    /// back to the same characters; escaping more than the extension would link costs nothing.
    /// `utf8` is the document's bytes.
    @inline(__always)
    static func autolinkEncoding(_ p: Int, _ b: UInt8, in utf8: [UInt8]) -> Encoding {
        switch b {
        case UInt8(ascii: "."):
            return p >= 3 && utf8[p - 1] | 0x20 == UInt8(ascii: "w") && utf8[p - 2] | 0x20 == UInt8(ascii: "w")
                && utf8[p - 3] | 0x20 == UInt8(ascii: "w") ? .escaped : .plain
        case UInt8(ascii: ":"):
            return p + 2 < utf8.count && utf8[p + 1] == UInt8(ascii: "/") && utf8[p + 2] == UInt8(ascii: "/") ? .escaped : .plain
        default:
            return p > 0 && InlineWriter.isAddressByte(utf8[p - 1]) ? .separated : .plain
        }
    }

    /// A byte of an address's local part as the autolink extension reads it: a letter, a digit,
    /// `.`, `+`, `-` or `_`.
    @inline(__always)
    static func isAddressByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    private mutating func choose(_ encoding: Encoding, at p: Int) {
        encodingOverride[p] = encoding
    }

    /// Writes the tokens, after the rules that look beyond one character.
    mutating func render(into out: inout ByteBuffer) {
        applyLineStartRules()
        applyEdgeSpaces()
        fixFlanking()
        for t in tokens.indices {
            let token = tokens[t]
            switch token.kind {
            case .raw:
                // As a buffer: the append of a slice retains and releases the array around it.
                raw.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[token.start..<token.end])) }
            case .delimiter:
                // One to three characters: appended one by one (appending a repeated element
                // went through a generic copy, some ninety instructions a run).
                for _ in 0..<token.count { out.append(token.char) }
            case .text: writeText(t, into: &out)
            }
        }
    }

    /// Inlined into `render`, its one caller: a call from the mutating `render` passed a copy of
    /// the whole writer (128 bytes) for every piece of text.
    @inline(__always)
    private func writeText(_ t: Int, into out: inout ByteBuffer) {
        let token = tokens[t]
        var p = token.start
        // Bytes written as they are go out in one copy per run of them.
        var copied = p
        while p < token.end {
            p = undecidedRunEnd(from: p, to: token.end, verbatim: token.verbatim)
            guard p < token.end else { break }
            let b = doc.utf8[p]
            if encodingOverride[p] == .none,
               token.verbatim || InlineWriter.isWrittenAsIs(b) || InlineWriter.mayAutolink(b) && InlineWriter.autolinkEncoding(p, b, in: doc.utf8) == .plain {
                p += 1
                continue
            }
            appendDocument(copied..<p, to: &out)
            let length = min(b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2, token.end - p)
            switch encoding(p, t) {
            case .none, .plain:
                appendDocument(p..<(p + length), to: &out)
            case .escaped:
                out.append(UInt8(ascii: "\\"))
                appendDocument(p..<(p + length), to: &out)
            case .separated:
                out.append("<u></u>")
                appendDocument(p..<(p + length), to: &out)
            case .entity:
                out.append("&#")
                UTF8Bytes.appendDecimal(Int(UTF8Bytes.scalar(doc.utf8, at: p).0.value), to: &out)
                out.append(UInt8(ascii: ";"))
            }
            p += length
            copied = p
        }
        appendDocument(copied..<token.end, to: &out)
    }

    /// Appends the document's bytes `range`, as a buffer: the append of a slice retains and
    /// releases the array around it and goes through the generic path, some ninety instructions
    /// for what is mostly a few bytes (a run between two bytes that need a decision).
    /// A range outside the document (which no token holds) writes nothing: a buffer's slice is
    /// not checked in a release build, as an array's is.
    @inline(__always)
    private func appendDocument(_ range: Range<Int>, to out: inout ByteBuffer) {
        doc.utf8.withUnsafeBufferPointer { text in
            guard range.lowerBound >= 0, range.upperBound <= text.count else { return }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
        }
    }

    /// Where the bytes from `p` on that are written as is for certain end (at most `end`), 16 at
    /// a time: no rule chose their encoding (`encodingOverride`), and they are `isWrittenAsIs` and
    /// not `mayAutolink` (or the token is verbatim). A block may reach past `end` (text tokens are
    /// mostly shorter than one), its lanes from `end` on counting as found; within the last 16
    /// bytes of the document, the byte loop of `writeText` goes on alone. A byte loop over all of
    /// them cost most of serializing a message. `Encoding.none` is stored as 0 (the first case).
    @inline(__always)
    private func undecidedRunEnd(from p: Int, to end: Int, verbatim: Bool) -> Int {
        doc.utf8.withUnsafeBufferPointer { bytes in
            encodingOverride.withUnsafeBytes { overrides in
                guard let b = bytes.baseAddress, let o = overrides.baseAddress, p >= 0, end <= bytes.count, end <= overrides.count else { return p }
                let readable = Swift.min(bytes.count, overrides.count)
                var i = p
                while i < end, i + 16 <= readable {
                    var flagged = o.loadUnaligned(fromByteOffset: i, as: ByteScan.Block.self) .!= ByteScan.Block()
                    if !verbatim { flagged = flagged .| InlineWriter.notAsIsLanes(ByteScan.load(b, i)) }
                    flagged = flagged .| ByteScan.lanes(from: Swift.min(16, end - i))
                    if let lane = ByteScan.firstSet(flagged) { return i + lane }
                    i += 16
                }
                return i
            }
        }
    }

    /// The lanes of `v` that `isWrittenAsIs` refuses or `mayAutolink` flags.
    @inline(__always)
    static func notAsIsLanes(_ v: ByteScan.Block) -> SIMDMask<SIMD16<Int8>> {
        func eq(_ c: UInt8) -> SIMDMask<SIMD16<Int8>> { v .== ByteScan.Block(repeating: c) }
        let controls = (v .>= ByteScan.Block(repeating: 0x0B)) .& (v .<= ByteScan.Block(repeating: 0x0D))
        let marks = eq(UInt8(ascii: "!")) .| eq(UInt8(ascii: "&")) .| eq(UInt8(ascii: ".")) .| eq(UInt8(ascii: ":")) .| eq(UInt8(ascii: "@"))
        let syntax = eq(UInt8(ascii: "\\")) .| eq(UInt8(ascii: "*")) .| eq(UInt8(ascii: "_")) .| eq(UInt8(ascii: "`")) .| eq(UInt8(ascii: "["))
            .| eq(UInt8(ascii: "]")) .| eq(UInt8(ascii: "<")) .| eq(UInt8(ascii: ">")) .| eq(UInt8(ascii: "~")) .| eq(UInt8(ascii: "|"))
        return controls .| marks .| syntax .| eq(0xEF)
    }

    /// Whether a byte is written as is whatever its neighbours, unless a rule beyond it says
    /// otherwise: not syntax, not a control character written as an entity, not `!` or `&` (which
    /// depend on the next character), not `.`, `:` or `@` (`mayAutolink`), not the first byte of U+FEFF.
    @inline(__always)
    static func isWrittenAsIs(_ b: UInt8) -> Bool {
        switch b {
        case 0x0B, 0x0C, 0x0D, UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "\\"), UInt8(ascii: "*"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "~"),
             UInt8(ascii: "|"), 0xEF:
            return false
        default:
            return true
        }
    }

    /// At the start of a line, characters that would begin a block: `#`, `+`, `-`, `=`, and a
    /// run of digits followed by `.` or `)`.
    private mutating func applyLineStartRules() {
        guard let first = tokens.first, first.kind == .text, !first.verbatim, first.start < first.end else { return }
        switch doc.utf8[first.start] {
        case UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "="):
            if encoding(first.start, 0) == .plain { choose(.escaped, at: first.start) }
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var p = first.start
            while p < first.end, LineScan.isDigit(doc.utf8[p]) { p += 1 }
            if p < first.end, p - first.start <= 9, doc.utf8[p] == UInt8(ascii: ".") || doc.utf8[p] == UInt8(ascii: ")") {
                choose(.escaped, at: p)
            }
        default:
            break
        }
    }

    /// Spaces and tabs at either end of a line would be dropped by the block parser.
    private mutating func applyEdgeSpaces() {
        if let first = tokens.first, first.kind == .text {
            var p = first.start
            while p < first.end, LineScan.isSpaceOrTab(doc.utf8[p]) {
                choose(.entity, at: p)
                p += 1
            }
        }
        if let last = tokens.last, last.kind == .text {
            var p = last.end
            while p > last.start, LineScan.isSpaceOrTab(doc.utf8[p - 1]) {
                p -= 1
                choose(.entity, at: p)
            }
        }
    }

    /// Whether the autolink rules (`autolinkEncoding`) look at a byte.
    @inline(__always)
    static func mayAutolink(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ".") || b == UInt8(ascii: ":") || b == UInt8(ascii: "@")
    }

    // MARK: Flanking

    /// The character that decides how CommonMark classifies the neighbour of the delimiter at
    /// `t` on one side (`step` -1 or +1): tildes are transparent (cmark-gfm's strikethrough skips
    /// them), so `~~` tokens and `~` written as is are looked through. A place with byte -1 is a
    /// raw or delimiter token; nil means the start or end of the line.
    @inline(__always)
    func neighbor(of t: Int, step: Int) -> Place? {
        var k = t + step
        while k >= 0, k < tokens.count {
            let token = tokens[k]
            switch token.kind {
            case .delimiter:
                if token.char != UInt8(ascii: "~") { return Place(token: k, byte: -1) }
            case .raw:
                return Place(token: k, byte: -1)
            case .text:
                var p = step > 0 ? token.start : previousScalar(before: token.end, from: token.start)
                while p >= token.start, p < token.end {
                    guard doc.utf8[p] == UInt8(ascii: "~"), encoding(p, k) == .plain else { return Place(token: k, byte: p) }
                    p = step > 0 ? p + 1 : previousScalar(before: p, from: token.start)
                }
            }
            k += step
        }
        return nil
    }

    /// Where the scalar ending at `end` starts (`start - 1` when `end` is `start`).
    private func previousScalar(before end: Int, from start: Int) -> Int {
        var p = end - 1
        while p > start, UTF8Bytes.isContinuation(doc.utf8[p]) { p -= 1 }
        return p
    }

    /// The class CommonMark sees for the last (`atEnd`) or first character at `place`.
    @inline(__always)
    private func flankClass(_ place: Place?, atEnd: Bool) -> FlankClass {
        guard let place else { return .space }
        let token = tokens[place.token]
        switch token.kind {
        case .raw: return CharacterClass.flankASCII(raw[atEnd ? token.end - 1 : token.start])
        case .delimiter: return .punctuation
        case .text:
            // A character written otherwise than as is reads as punctuation ("\~" read from its
            // end skips the "~" and meets "\\"): asked only of one that is not punctuation already.
            let own = CharacterClass.flank(doc.utf8, at: place.byte)
            guard own != .punctuation, encoding(place.byte, place.token) == .plain else { return .punctuation }
            return own
        }
    }

    private func isText(_ place: Place) -> Bool {
        tokens[place.token].kind == .text
    }

    /// Makes the character at `place` an entity, if it is text written as is.
    private mutating func encode(_ place: Place?) -> Bool {
        guard let place, isText(place), encoding(place.byte, place.token) == .plain else { return false }
        choose(.entity, at: place.byte)
        return true
    }

    @inline(__always)
    private func isAmbiguous(_ place: Place?) -> Bool {
        // The byte first: most neighbours are ASCII, and their encoding need not be worked out.
        guard let place, isText(place), doc.utf8[place.byte] >= 0x80, encoding(place.byte, place.token) == .plain else { return false }
        return CharacterClass.isAmbiguousForFlanking(UTF8Bytes.scalar(doc.utf8, at: place.byte).0)
    }

    /// Encodes characters next to delimiters until each opener is left-flanking and each closer
    /// right-flanking (cleanly where possible: an opener followed by a letter after a space or
    /// punctuation). One pass over the delimiters settles it: encoding only ever turns a text
    /// character into punctuation, and a delimiter's rules act on a neighbour only while it is a
    /// space or other than punctuation, by encoding that neighbour itself, so what one delimiter
    /// encodes never gives another a reason to encode anything else (docs/wire-format.md, "Text
    /// encoding"). An opener followed by a space it turns into an entity (punctuation then) asks
    /// for its left neighbour right away; a pass that stopped there was run again, and a third
    /// found nothing, each some two hundred instructions a delimiter.
    private mutating func fixFlanking() {
        for t in tokens.indices where tokens[t].kind == .delimiter {
            let opens = tokens[t].opens
            let left = neighbor(of: t, step: -1)
            let right = neighbor(of: t, step: 1)
            if isAmbiguous(left) { _ = encode(left) }
            if isAmbiguous(right) { _ = encode(right) }
            let l = flankClass(left, atEnd: true)
            let r = flankClass(right, atEnd: false)
            if opens {
                // A space that stays one (no text to encode: the end of the line, a tag) leaves
                // the opener as it is.
                if r == .space, !encode(right) { continue }
                if l == .other { _ = encode(left) }
            } else {
                if l == .space, !encode(left) { continue }
                if r == .other { _ = encode(right) }
            }
        }
    }
}
