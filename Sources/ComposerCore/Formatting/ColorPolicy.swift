/// Text colours: only opaque `#rgb` / `#rrggbb` (README "What the engine does"); the canonical form is
/// lower-case `#rrggbb`.
public enum ColorPolicy {
    /// Parses `#rgb` / `#rrggbb` into a 24-bit RGB value, or throws `.invalidColor`. Read as
    /// UTF-8 bytes: the characters allowed are ASCII, one byte each, so a colour of 4 or 7
    /// characters is one of 4 or 7 bytes, and any other byte is refused. (Through arrays of
    /// scalars and digits it cost some 2,000 instructions, a tenth of loading a coloured span.)
    public static func parse(_ text: String) throws(ComposerError) -> UInt32 {
        var value: UInt32 = 0
        var count = 0
        for b in text.utf8 {
            count += 1
            if count == 1 {
                guard b == UInt8(ascii: "#") else { throw invalid(text) }
                continue
            }
            guard count <= 7, let digit = CharacterClass.hexValue(b) else { throw invalid(text) }
            value = value << 4 | digit
        }
        switch count {
        case 7: return value
        // #rgb: each digit twice.
        case 4: return (value & 0xF00) * 0x1100 | (value & 0x0F0) * 0x110 | (value & 0x00F) * 0x11
        default: throw invalid(text)
        }
    }

    private static func invalid(_ text: String) -> ComposerError {
        .invalidColor("colour \"\(text)\" must be #rgb or #rrggbb")
    }

    public static func format(_ rgb: UInt32) -> String {
        let hex = String(rgb & 0xFFFFFF, radix: 16)
        return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }

    public static func normalize(_ text: String) throws(ComposerError) -> String {
        format(try parse(text))
    }
}
