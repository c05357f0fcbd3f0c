/// The kinds of formatting a draft can carry, with their document-JSON names.
public enum FormatKind: String, CaseIterable, Sendable, Comparable, BitwiseCopyable {
    case bold
    case italic
    case underline
    case strike
    case code
    case link
    case color
    case mention
    case codeBlock = "code_block"
    case quote
    case bulletList = "bullet_list"
    case orderedList = "ordered_list"

    public var name: String { rawValue }

    /// Block formats cover whole lines; the others cover runs of characters within a line.
    public var isBlock: Bool {
        switch self {
        case .codeBlock, .quote, .bulletList, .orderedList: return true
        default: return false
        }
    }

    /// Canonical span order sorts by format name.
    public static func < (lhs: FormatKind, rhs: FormatKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Block formats; a line has at most one (README "What the engine does").
public enum BlockFormat: UInt8, CaseIterable, Sendable {
    case codeBlock = 1
    case quote
    case bulletList
    case orderedList

    public var kind: FormatKind {
        switch self {
        case .codeBlock: return .codeBlock
        case .quote: return .quote
        case .bulletList: return .bulletList
        case .orderedList: return .orderedList
        }
    }

    public init?(_ kind: FormatKind) {
        switch kind {
        case .codeBlock: self = .codeBlock
        case .quote: self = .quote
        case .bulletList: self = .bulletList
        case .orderedList: self = .orderedList
        default: return nil
        }
    }

    public var isList: Bool { self == .bulletList || self == .orderedList }
}
