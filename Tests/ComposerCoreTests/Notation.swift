@testable import ComposerCore

/// A compact notation for a draft's whole state, after Element's test suite:
/// - inline formats as tags: `<b>`, `<i>`, `<u>`, `<s>`, `<code>`, `<a url>` … `</a>`,
///   `<color #rrggbb>` … `</color>`, `<@uid name>` … `</@>`;
/// - a line's block as a prefix: `[quote]`, `[code_block]`, `[bullet_list]`, `[ordered_list]`;
/// - the selection: `{` and `}` around it and `|` at the focus (`aa{bb}|cc` is anchor 2, focus 4;
///   `aa|{bb}cc` is anchor 4, focus 2; `aa|bb` a caret at 2);
/// - `\` escapes the next character.
/// Rendering emits, at each offset, closing tags, then selection marks, then opening tags, so
/// `render(parse(s)) == s` for every canonical string.
enum Notation {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static func parse(_ notation: String) throws -> (Document, Selection) {
        var text: [Unicode.Scalar] = []
        var spans: [Span] = []
        var open: [String: (Int, Format)] = [:]
        var braceOpen: Int?
        var braceClose: Int?
        var focus: Int?
        let s = Array(notation.unicodeScalars)
        var i = 0
        var atLineStart = true
        while i < s.count {
            let c = s[i]
            if atLineStart, c == "[", let close = s[i...].firstIndex(of: "]") {
                let name = String(String.UnicodeScalarView(s[(i + 1)..<close]))
                guard let kind = FormatKind(rawValue: name), let block = BlockFormat(kind) else { throw Failure(description: "bad block \(name)") }
                var end = text.count
                var j = close + 1
                while j < s.count, s[j] != "\n" {
                    if s[j] == "\\" { j += 1; end += 1 } else if s[j] == "<" { j = s[j...].firstIndex(of: ">") ?? j } else if !"{}|".unicodeScalars.contains(s[j]) { end += 1 }
                    j += 1
                }
                spans.append(Span(text.count, end, .block(block)))
                i = close + 1
                atLineStart = false
                continue
            }
            atLineStart = false
            switch c {
            case "\\":
                i += 1
                if i < s.count { text.append(s[i]) }
            case "{": braceOpen = text.count
            case "}": braceClose = text.count
            case "|": focus = text.count
            case "<":
                guard let close = s[i...].firstIndex(of: ">") else { throw Failure(description: "unclosed tag") }
                let tag = String(String.UnicodeScalarView(s[(i + 1)..<close]))
                if tag.hasPrefix("/") {
                    let name = String(tag.dropFirst())
                    guard let (start, format) = open.removeValue(forKey: name) else { throw Failure(description: "stray </\(name)>") }
                    spans.append(Span(start, text.count, format))
                } else {
                    let parts = tag.split(separator: " ", maxSplits: 1).map(String.init)
                    let (key, format): (String, Format)
                    switch parts[0] {
                    case "b": (key, format) = ("b", .bold)
                    case "i": (key, format) = ("i", .italic)
                    case "u": (key, format) = ("u", .underline)
                    case "s": (key, format) = ("s", .strike)
                    case "code": (key, format) = ("code", .code)
                    case "a": (key, format) = ("a", .link(url: parts.count > 1 ? parts[1] : ""))
                    case "color": (key, format) = ("color", .color(parts.count > 1 ? parts[1] : ""))
                    default:
                        guard parts[0].hasPrefix("@") else { throw Failure(description: "unknown tag <\(tag)>") }
                        (key, format) = ("@", .mention(uid: String(parts[0].dropFirst()), name: parts.count > 1 ? parts[1] : ""))
                    }
                    open[key] = (text.count, format)
                }
                i = close
            default:
                text.append(c)
                if c == "\n" { atLineStart = true }
            }
            i += 1
        }
        guard open.isEmpty else { throw Failure(description: "unclosed tags \(open.keys.sorted())") }
        let doc = try Document(text: String(String.UnicodeScalarView(text)), spans: spans)
        let selection: Selection
        switch (braceOpen, braceClose, focus) {
        case let (a?, b?, f?) where f == a: selection = Selection(anchor: b, focus: a)
        case let (a?, b?, _): selection = Selection(anchor: a, focus: b)
        case let (nil, nil, f?): selection = .caret(f)
        default: selection = .caret(text.count)
        }
        return (doc, selection)
    }

    static func render(_ draft: Editor) -> String {
        render(draft.document, draft.selection)
    }

    static func render(_ doc: Document, _ selection: Selection) -> String {
        let spans = doc.spans
        let inline = spans.filter { !$0.kind.isBlock }
        var out = ""
        let scalars = Array(doc.text.unicodeScalars)
        var line = 0
        for i in 0...scalars.count {
            if i == 0 || scalars[i - 1] == "\n" {
                if let block = doc.block(ofLine: line) { out += "[\(block.kind.name)]" }
            }
            for span in inline.reversed() where span.end == i { out += "</\(tagKey(span.format))>" }
            let range = selection.range
            if selection.isCaret {
                if i == selection.focus { out += "|" }
            } else {
                if i == range.lowerBound { out += selection.focus == i ? "|{" : "{" }
                if i == range.upperBound { out += selection.focus == i ? "}|" : "}" }
            }
            for span in inline where span.start == i { out += "<\(openTag(span.format))>" }
            guard i < scalars.count else { break }
            let c = scalars[i]
            if "\\<{}|[".unicodeScalars.contains(c) { out += "\\" }
            out.unicodeScalars.append(c)
            if c == "\n" { line += 1 }
        }
        return out
    }

    private static func tagKey(_ f: Format) -> String {
        switch f {
        case .bold: return "b"
        case .italic: return "i"
        case .underline: return "u"
        case .strike: return "s"
        case .code: return "code"
        case .link: return "a"
        case .color: return "color"
        case .mention: return "@"
        case .block(let b): return b.kind.name
        }
    }

    private static func openTag(_ f: Format) -> String {
        switch f {
        case .link(let url): return "a \(url)"
        case .color(let c): return "color \(c)"
        case .mention(let uid, let name): return "@\(uid) \(name)"
        default: return tagKey(f)
        }
    }
}

extension Editor {
    /// A draft in the state `notation` describes, with an empty undo history.
    static func notation(_ notation: String, config: DraftConfig = DraftConfig()) throws -> Editor {
        let (doc, selection) = try Notation.parse(notation)
        var draft = Editor(settings: config.editorSettings)
        draft.document = doc
        draft.resetHistory()
        draft.selection = selection
        return draft
    }

    var notation: String { Notation.render(self) }
}
