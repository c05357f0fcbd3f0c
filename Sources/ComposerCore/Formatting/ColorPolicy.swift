/// Text colours: only opaque `#rgb` / `#rrggbb` (README "What the engine does"); the canonical form is
/// lower-case `#rrggbb`.
public enum ColorPolicy {
    /// Parses `#rgb` / `#rrggbb` into a 24-bit RGB value, or throws `.invalidColor`.
    public static func parse(_ text: String) throws(ComposerError) -> UInt32 {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "#", scalars.count == 4 || scalars.count == 7 else {
            throw .invalidColor("colour \"\(text)\" must be #rgb or #rrggbb")
        }
        var digits: [UInt32] = []
        for s in scalars.dropFirst() {
            switch s {
            case "0"..."9": digits.append(s.value - 0x30)
            case "a"..."f": digits.append(s.value - 0x61 + 10)
            case "A"..."F": digits.append(s.value - 0x41 + 10)
            default: throw .invalidColor("colour \"\(text)\" must be #rgb or #rrggbb")
            }
        }
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        return digits.reduce(0) { $0 << 4 | $1 }
    }

    public static func format(_ rgb: UInt32) -> String {
        let hex = String(rgb & 0xFFFFFF, radix: 16)
        return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }

    public static func normalize(_ text: String) throws(ComposerError) -> String {
        format(try parse(text))
    }
}
