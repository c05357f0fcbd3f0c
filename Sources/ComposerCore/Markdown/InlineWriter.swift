/// Writes the inline content of one line (see `MarkdownSerializer`). Marks are kept properly
/// nested with a stack: when a mark ends below others, those are closed and reopened. Emphasis
/// delimiters are then checked against CommonMark's flanking rules, and neighbouring characters
/// are turned into numeric entities until every opener can open and every closer can close.
enum InlineWriter {
    /// A mark that opens and closes around content.
    enum Mark: Hashable {
        case link(UInt32), color(UInt32), underline, strike, bold, italic
    }

    enum Token {
        /// A character of the text.
        case text(Unicode.Scalar)
        /// Syntax that is written as is (tags, link brackets, code spans, mentions).
        case raw([Unicode.Scalar])
        /// An emphasis or strike delimiter run.
        case delimiter(Unicode.Scalar, count: Int, opens: Bool)
    }

    static func write(_ doc: _LegacyDocument, _ range: Range<Int>, mode: MarkdownSerializer.Mode) -> String {
        var tokens: [Token] = []
        var stack: [(mark: Mark, delimiter: Unicode.Scalar?)] = []
        let styles = doc.styles
        /// Whether the text at `i` is written unescaped (raw mode, unformatted text).
        var rawText: [Bool] = []

        func marks(_ s: InlineStyle) -> Set<Mark> {
            var m = Set<Mark>()
            if s.link != 0 { m.insert(.link(s.link)) }
            if s.color != 0 { m.insert(.color(s.color)) }
            if s.flags.contains(.underline) { m.insert(.underline) }
            if s.flags.contains(.strike) { m.insert(.strike) }
            if s.flags.contains(.bold) { m.insert(.bold) }
            if s.flags.contains(.italic) { m.insert(.italic) }
            return m
        }

        func lastDelimiterChar() -> Unicode.Scalar? {
            if case .delimiter(let c, _, _)? = tokens.last { return c }
            return nil
        }

        func close(_ entry: (mark: Mark, delimiter: Unicode.Scalar?)) {
            switch entry.mark {
            case .link(let id):
                tokens.append(.raw(Array(("](" + destination(doc.values.link(id) ?? "") + ")").unicodeScalars)))
            case .color: tokens.append(.raw(Array("</color>".unicodeScalars)))
            case .underline: tokens.append(.raw(Array("</u>".unicodeScalars)))
            case .strike: tokens.append(.delimiter("~", count: 2, opens: false))
            case .bold: tokens.append(.delimiter(entry.delimiter ?? "*", count: 2, opens: false))
            case .italic: tokens.append(.delimiter(entry.delimiter ?? "*", count: 1, opens: false))
            }
        }

        func open(_ mark: Mark) {
            var delimiter: Unicode.Scalar?
            switch mark {
            case .link: tokens.append(.raw(["["]))
            case .color(let rgb): tokens.append(.raw(Array(("<color=" + ColorPolicy.format(rgb) + ">").unicodeScalars)))
            case .underline: tokens.append(.raw(Array("<u>".unicodeScalars)))
            case .strike: tokens.append(.delimiter("~", count: 2, opens: true))
            case .bold, .italic:
                // `*` unless the other emphasis already uses it, or a `*` run is right before.
                let taken = stack.contains { $0.delimiter == "*" } || lastDelimiterChar() == "*"
                delimiter = taken ? "_" : "*"
                tokens.append(.delimiter(delimiter ?? "*", count: mark == .bold ? 2 : 1, opens: true))
            }
            stack.append((mark, delimiter))
        }

        /// How far (in characters) `mark` continues from `start` without a break.
        func extent(_ mark: Mark, from start: Int) -> Int {
            var i = start
            while i < range.upperBound, marks(styles[i]).contains(mark) { i += 1 }
            return i - start
        }

        var i = range.lowerBound
        while i < range.upperBound {
            // One segment: characters with the same style (a mention or a code run is one token).
            let style = styles[i]
            var end = i + 1
            while end < range.upperBound, styles[end] == style { end += 1 }
            let wanted = marks(style)
            var keep = 0
            while keep < stack.count, wanted.contains(stack[keep].mark) { keep += 1 }
            while stack.count > keep { close(stack.removeLast()) }
            let missing = wanted.subtracting(stack.map(\.mark))
            let order = missing.sorted { a, b in
                let ea = extent(a, from: i), eb = extent(b, from: i)
                return ea != eb ? ea > eb : priority(a) < priority(b)
            }
            for mark in order { open(mark) }
            if style.mention != 0, let mention = doc.values.mention(style.mention) {
                // "_" is escaped so renderers that do not know mentions see no emphasis in a uid.
                let uid = mention.uid.unicodeScalars.flatMap { $0 == "_" ? ["\\", "_"] : [$0] as [Unicode.Scalar] }
                tokens.append(.raw(Array("<@uid:".unicodeScalars) + uid + [">"]))
            } else if style.flags.contains(.code) {
                tokens.append(.raw(codeSpan(Array(doc.scalars[i..<end]))))
            } else {
                let unformatted = mode == .raw && wanted.isEmpty
                for k in i..<end {
                    tokens.append(.text(doc.scalars[k]))
                    rawText.append(unformatted)
                }
            }
            i = end
        }
        while let entry = stack.popLast() { close(entry) }
        // A line starting with a link whose text holds "]:" inside code would read as a link
        // reference definition; an empty <u></u> in front (invisible, no format) prevents that.
        if case .raw(let first)? = tokens.first, first == ["["], tokens.contains(where: { token in
            if case .raw(let r) = token, r.first == "`" { return String(String.UnicodeScalarView(r)).contains("]:") }
            return false
        }) {
            tokens.insert(.raw(Array("<u></u>".unicodeScalars)), at: 0)
        }
        return render(tokens, rawText: rawText)
    }

    private static func priority(_ mark: Mark) -> Int {
        switch mark {
        case .link: return 0
        case .color: return 1
        case .underline: return 2
        case .strike: return 3
        case .bold: return 4
        case .italic: return 5
        }
    }

    /// A link destination: parentheses escaped, and `&` written `&amp;` (renderers decode entities
    /// in destinations before backslash escapes, so `\&` would not protect `&amp;` in a URL).
    static func destination(_ url: String) -> String {
        var out = ""
        for s in url.unicodeScalars {
            if s == "&" { out += "&amp;"; continue }
            if s == "(" || s == ")" || s == "\\" { out += "\\" }
            out.unicodeScalars.append(s)
        }
        return out
    }

    /// A code span whose backtick fence differs from every backtick run inside, padded with a
    /// space where CommonMark would otherwise strip or merge one.
    static func codeSpan(_ content: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var runs = Set<Int>()
        var current = 0
        for s in content + [" "] {
            if s == "`" { current += 1 } else { if current > 0 { runs.insert(current) }; current = 0 }
        }
        var fence = 1
        while runs.contains(fence) { fence += 1 }
        let ticks = Array(repeating: Unicode.Scalar("`"), count: fence)
        let allSpaces = content.allSatisfy { $0 == " " }
        let pad = content.first == "`" || content.last == "`" || (content.first == " " && content.last == " " && !allSpaces)
        return ticks + (pad ? [" "] : []) + content + (pad ? [" "] : []) + ticks
    }

    // MARK: Rendering text with escapes and entities

    private enum Encoding { case plain, escaped, entity }

    /// Characters that are syntax anywhere in a line.
    private static func alwaysEscaped(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "\\", "*", "_", "`", "[", "]", "<", ">", "~", "|": return true
        default: return false
        }
    }

    private static func render(_ tokens: [Token], rawText: [Bool]) -> String {
        // Decide how each text token is written.
        var encoding: [Encoding] = []
        var textIndex: [Int] = Array(repeating: -1, count: tokens.count)
        var nextText = 0
        for (t, token) in tokens.enumerated() {
            guard case .text(let s) = token else { continue }
            textIndex[t] = nextText
            let raw = rawText[nextText]
            nextText += 1
            if raw {
                encoding.append(.plain)
            } else if s == "\r" || s == "\u{0B}" || s == "\u{0C}" || s == "\u{FEFF}" {
                encoding.append(.entity)
            } else if alwaysEscaped(s) {
                encoding.append(.escaped)
            } else if s == "!", t + 1 < tokens.count, case .raw(let next) = tokens[t + 1], next.first == "[" {
                encoding.append(.escaped)  // "![" would open an image
            } else if s == "&", t + 1 < tokens.count, case .text(let n) = tokens[t + 1], n.properties.isAlphabetic || ("0"..."9").contains(n) || n == "#" {
                encoding.append(.escaped)
            } else {
                encoding.append(.plain)
            }
        }
        applyLineStartRules(tokens, textIndex, &encoding, rawText)
        applyEdgeSpaces(tokens, textIndex, &encoding, rawText)
        fixFlanking(tokens, textIndex, &encoding)

        // An array, not String.UnicodeScalarView: appending a sequence to the view copies it
        // whole each time, which made long lines quadratic.
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(tokens.count * 2)
        for (t, token) in tokens.enumerated() {
            switch token {
            case .raw(let scalars): out.append(contentsOf: scalars)
            case .delimiter(let c, let count, _): out.append(contentsOf: repeatElement(c, count: count))
            case .text(let s):
                switch encoding[textIndex[t]] {
                case .plain: out.append(s)
                case .escaped: out.append("\\"); out.append(s)
                case .entity: out.append(contentsOf: ("&#" + String(s.value) + ";").unicodeScalars)
                }
            }
        }
        return String(String.UnicodeScalarView(out))
    }

    /// At the start of a line, characters that would begin a block: `#`, `+`, `-`, `=`, and a
    /// run of digits followed by `.` or `)`.
    private static func applyLineStartRules(_ tokens: [Token], _ textIndex: [Int], _ encoding: inout [Encoding], _ rawText: [Bool]) {
        guard case .text(let first)? = tokens.first, !rawText[0] else { return }
        switch first {
        case "#", "+", "-", "=": if encoding[0] == .plain { encoding[0] = .escaped }
        case "0"..."9":
            var t = 0
            while t < tokens.count, case .text(let s) = tokens[t], ("0"..."9").contains(s) { t += 1 }
            if t < tokens.count, t - 0 <= 9, case .text(let s) = tokens[t], s == "." || s == ")" {
                encoding[textIndex[t]] = .escaped
            }
        default: break
        }
    }

    /// Spaces and tabs at either end of a line would be dropped by the block parser.
    private static func applyEdgeSpaces(_ tokens: [Token], _ textIndex: [Int], _ encoding: inout [Encoding], _ rawText: [Bool]) {
        var t = 0
        while t < tokens.count, case .text(let s) = tokens[t], s == " " || s == "\t" {
            encoding[textIndex[t]] = .entity
            t += 1
        }
        t = tokens.count - 1
        while t >= 0, case .text(let s) = tokens[t], s == " " || s == "\t" {
            encoding[textIndex[t]] = .entity
            t -= 1
        }
    }

    /// The class CommonMark sees for the last (`atEnd`) or first character a token writes.
    /// The token that decides how CommonMark classifies the neighbour of the delimiter at `t`
    /// on one side: tildes are transparent (cmark-gfm's strikethrough skips them), so `~~` tokens
    /// and written `~` are looked through. Nil means the start or end of the line.
    private static func neighbor(_ tokens: [Token], of t: Int, step: Int, _ textIndex: [Int], _ encoding: [Encoding]) -> Int? {
        var k = t + step
        while k >= 0, k < tokens.count {
            switch tokens[k] {
            case .delimiter(let c, _, _) where c == "~": k += step
            case .text(let s) where s == "~" && encoding[textIndex[k]] == .plain: k += step
            default: return k
            }
        }
        return nil
    }

    /// The class CommonMark sees for the last (`atEnd`) or first character token `t` writes.
    private static func flankClass(_ tokens: [Token], _ t: Int?, atEnd: Bool, _ textIndex: [Int], _ encoding: [Encoding]) -> FlankClass {
        guard let t else { return .space }
        switch tokens[t] {
        case .raw(let scalars): return CharacterClass.flank(atEnd ? scalars.last : scalars.first)
        case .delimiter: return .punctuation
        case .text(let s):
            switch encoding[textIndex[t]] {
            case .plain: return CharacterClass.flank(s)
            // "\~" read from its end skips the "~" and meets "\\": punctuation either way.
            case .escaped, .entity: return .punctuation
            }
        }
    }

    /// Encodes characters next to delimiters until each opener is left-flanking and each closer
    /// right-flanking (cleanly where possible: an opener followed by a letter after a space or
    /// punctuation). Encoding only ever turns a character into punctuation, so this settles.
    private static func fixFlanking(_ tokens: [Token], _ textIndex: [Int], _ encoding: inout [Encoding]) {
        func isText(_ t: Int?) -> Bool {
            guard let t, case .text = tokens[t] else { return false }
            return true
        }
        func encode(_ t: Int?) -> Bool {
            guard let t, isText(t), encoding[textIndex[t]] == .plain else { return false }
            encoding[textIndex[t]] = .entity
            return true
        }
        func ambiguous(_ t: Int?) -> Bool {
            guard let t, isText(t), encoding[textIndex[t]] == .plain, case .text(let s) = tokens[t] else { return false }
            return CharacterClass.isAmbiguousForFlanking(s)
        }
        var changed = true
        while changed {
            changed = false
            for (t, token) in tokens.enumerated() {
                guard case .delimiter(_, _, let opens) = token else { continue }
                let left = neighbor(tokens, of: t, step: -1, textIndex, encoding)
                let right = neighbor(tokens, of: t, step: 1, textIndex, encoding)
                if ambiguous(left) { changed = encode(left) || changed }
                if ambiguous(right) { changed = encode(right) || changed }
                let l = flankClass(tokens, left, atEnd: true, textIndex, encoding)
                let r = flankClass(tokens, right, atEnd: false, textIndex, encoding)
                if opens {
                    if r == .space { changed = encode(right) || changed; continue }
                    if l == .other { changed = encode(left) || changed }
                } else {
                    if l == .space { changed = encode(left) || changed; continue }
                    if r == .other { changed = encode(right) || changed }
                }
            }
        }
    }
}
