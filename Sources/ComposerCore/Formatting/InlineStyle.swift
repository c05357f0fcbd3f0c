/// The inline formatting of one character. Values (URL, colour, mention) are indices into the
/// document's `ValueTable`, so the struct stays a small trivially-copyable value and splicing the
/// per-character array is a memmove (and a plain list holds it: `PlainList`).
public struct InlineStyle: Hashable, Sendable, BitwiseCopyable {
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Flags(rawValue: 1 << 0)
        public static let italic = Flags(rawValue: 1 << 1)
        public static let underline = Flags(rawValue: 1 << 2)
        public static let strike = Flags(rawValue: 1 << 3)
        public static let code = Flags(rawValue: 1 << 4)
        /// Styles that inline code excludes (the wire format cannot express them inside code).
        public static let codeExcluded: Flags = [.bold, .italic, .underline, .strike]
    }

    /// The four formats in two words: `flags` in bits 0-7 and `color` in bits 32-63 of one,
    /// `link` in bits 0-31 and `mention` in bits 32-63 of the other. Two words are compared and
    /// copied as two, where four fields were four: the parser compares and moves styles at every
    /// piece of text.
    private var flagsAndColor: UInt64 = 0
    private var linkAndMention: UInt64 = 0

    public var flags: Flags {
        @inline(__always) get { Flags(rawValue: UInt8(truncatingIfNeeded: flagsAndColor)) }
        @inline(__always) set { flagsAndColor = flagsAndColor & ~0xFF | UInt64(newValue.rawValue) }
    }

    /// 0 = none, else 1 + index into `ValueTable.links`.
    public var link: UInt32 {
        @inline(__always) get { UInt32(truncatingIfNeeded: linkAndMention) }
        @inline(__always) set { linkAndMention = linkAndMention & ~0xFFFF_FFFF | UInt64(newValue) }
    }

    /// 0 = none, else `0x1000000 | rgb`.
    public var color: UInt32 {
        @inline(__always) get { UInt32(truncatingIfNeeded: flagsAndColor &>> 32) }
        @inline(__always) set { flagsAndColor = flagsAndColor & 0xFFFF_FFFF | UInt64(newValue) &<< 32 }
    }

    /// 0 = none, else 1 + index into `ValueTable.mentions` (one entry per mention instance).
    public var mention: UInt32 {
        @inline(__always) get { UInt32(truncatingIfNeeded: linkAndMention &>> 32) }
        @inline(__always) set { linkAndMention = linkAndMention & 0xFFFF_FFFF | UInt64(newValue) &<< 32 }
    }

    public static let plain = InlineStyle()

    /// Whether `other` differs in more than flags (link, colour or mention): two comparisons of
    /// words, where most changes of style change flags only.
    @inline(__always)
    func differsBeyondFlags(from other: InlineStyle) -> Bool {
        (flagsAndColor ^ other.flagsAndColor) & ~0xFF != 0 || linkAndMention != other.linkAndMention
    }

    public init() {}

    /// What this style and `other` have in common: the flags both have, and a link, colour or
    /// mention only where both have the same one. On the two words, without branches: the text
    /// tree's summaries work it out for every run of a leaf an edit touches.
    @inline(__always)
    func shared(with other: InlineStyle) -> InlineStyle {
        let a = flagsAndColor, b = other.flagsAndColor
        let sameColor: UInt64 = (a ^ b) &>> 32 == 0 ? ~0 : 0
        let values = linkAndMention ^ other.linkAndMention
        let sameLink: UInt64 = values & 0xFFFF_FFFF == 0 ? 0xFFFF_FFFF : 0
        let sameMention: UInt64 = values &>> 32 == 0 ? 0xFFFF_FFFF_0000_0000 : 0
        var s = InlineStyle()
        s.flagsAndColor = (a & b & 0xFF) | (a & sameColor & 0xFFFF_FFFF_0000_0000)
        s.linkAndMention = linkAndMention & (sameLink | sameMention)
        return s
    }

    public var isPlain: Bool { self == .plain }

    static func flag(for kind: FormatKind) -> Flags? {
        switch kind {
        case .bold: return .bold
        case .italic: return .italic
        case .underline: return .underline
        case .strike: return .strike
        case .code: return .code
        default: return nil
        }
    }

    /// Whether this style carries a format of the given kind (any value).
    public func has(_ kind: FormatKind) -> Bool {
        if let flag = InlineStyle.flag(for: kind) { return flags.contains(flag) }
        switch kind {
        case .link: return link != 0
        case .color: return color != 0
        case .mention: return mention != 0
        default: return false
        }
    }

    /// Drops what inline code excludes, so every stored style obeys the rule.
    func normalized() -> InlineStyle {
        var s = self
        if s.flags.contains(.code) {
            s.flags.subtract(.codeExcluded)
            s.color = 0
        }
        return s
    }
}

/// Interned format values of one document. Append-only: indices stay valid for the document's
/// life (and for its undo history, which shares the table).
public struct ValueTable: Sendable {
    public private(set) var links: [String] = []
    public private(set) var mentions: [MentionValue] = []
    private var linkIndex: [String: UInt32] = [:]

    public init() {}

    public mutating func intern(link url: String) -> UInt32 {
        if let id = linkIndex[url] { return id }
        links.append(url)
        let id = UInt32(links.count)
        linkIndex[url] = id
        return id
    }

    /// Adds one mention instance. Mentions are not interned by value: two mentions of the same
    /// user side by side stay two atomic runs.
    public mutating func add(mention value: MentionValue) -> UInt32 {
        mentions.append(value)
        return UInt32(mentions.count)
    }

    public func link(_ id: UInt32) -> String? {
        id == 0 || Int(id) > links.count ? nil : links[Int(id) - 1]
    }

    public func mention(_ id: UInt32) -> MentionValue? {
        id == 0 || Int(id) > mentions.count ? nil : mentions[Int(id) - 1]
    }
}

/// A mention's identity and display name.
public struct MentionValue: Hashable, Sendable {
    public var uid: String
    public var name: String
    public init(uid: String, name: String) {
        self.uid = uid
        self.name = name
    }
}
