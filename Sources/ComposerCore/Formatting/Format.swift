/// One format with its value, as it appears on a span: `link` carries its URL, `color` its
/// `#rrggbb`, `mention` its uid and display name.
public enum Format: Hashable, Sendable {
    case bold, italic, underline, strike, code
    case link(url: String)
    case color(String)
    case mention(uid: String, name: String)
    case block(BlockFormat)

    public var kind: FormatKind {
        switch self {
        case .bold: return .bold
        case .italic: return .italic
        case .underline: return .underline
        case .strike: return .strike
        case .code: return .code
        case .link: return .link
        case .color: return .color
        case .mention: return .mention
        case .block(let b): return b.kind
        }
    }
}

/// A formatted range of a document, in Unicode scalar offsets, `end` exclusive.
public struct Span: Hashable, Sendable, CustomStringConvertible {
    public var start: Int
    public var end: Int
    public var format: Format

    public init(_ start: Int, _ end: Int, _ format: Format) {
        self.start = start
        self.end = end
        self.format = format
    }

    public var kind: FormatKind { format.kind }

    public var description: String { "\(kind.name)[\(start),\(end))" }

    /// Canonical order: start, then end, then format name (then value, for determinism).
    static func canonicalOrder(_ a: Span, _ b: Span) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.end != b.end { return a.end < b.end }
        if a.kind != b.kind { return a.kind < b.kind }
        return String(describing: a.format) < String(describing: b.format)
    }
}
