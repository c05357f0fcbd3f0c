/// The units an offset can count. The API counts Unicode scalars; hosts convert to UTF-16 (Apple
/// and web UIs) or UTF-8 bytes (Rust, C) at the edge.
public enum TextUnit: Int32, CaseIterable, Sendable {
    case scalar = 0
    case utf16 = 1
    case utf8 = 2

    public var name: String {
        switch self {
        case .scalar: return "scalar"
        case .utf16: return "UTF-16"
        case .utf8: return "UTF-8"
        }
    }

    func width(of s: Unicode.Scalar) -> Int {
        switch self {
        case .scalar: return 1
        case .utf16: return UTF16.width(s)
        case .utf8: return UTF8.width(s)
        }
    }
}

public enum OffsetConversion {
    /// Converts `offset` counted in `from` units of `scalars` into `to` units. Offsets past the end
    /// or inside a multi-unit sequence (half a surrogate pair, the middle of a UTF-8 sequence) are
    /// refused, never rounded.
    public static func convert<C: Collection>(_ offset: Int, from: TextUnit, to: TextUnit, in scalars: C) throws(ComposerError) -> Int
        where C.Element == Unicode.Scalar {
        guard offset >= 0 else { throw .outOfRange("offset \(offset) is negative") }
        var fromCount = 0
        var toCount = 0
        for s in scalars {
            if fromCount == offset { return toCount }
            fromCount += from.width(of: s)
            toCount += to.width(of: s)
            if fromCount > offset {
                throw .outOfRange("\(from.name) offset \(offset) falls inside a character")
            }
        }
        if fromCount == offset { return toCount }
        throw .outOfRange("\(from.name) offset \(offset) is past the end of the text (\(fromCount))")
    }
}
