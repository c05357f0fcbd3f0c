/// How CommonMark's delimiter rules see a character next to a `*`, `_` or `~` run.
enum FlankClass: Equatable {
    /// Unicode whitespace, or the start / end of the text.
    case space
    /// ASCII punctuation or a Unicode punctuation category (Pc Pd Pe Pf Pi Po Ps).
    case punctuation
    /// Everything else (letters, digits, marks, symbols).
    case other
}

enum CharacterClass {
    /// cmark's whitespace set for flanking: tab, LF, FF, CR, space and the Zs characters.
    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 9, 10, 12, 13, 32, 160, 5760, 8192...8202, 8239, 8287, 12288: return true
        default: return false
        }
    }

    static func isASCIIPunctuation(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }

    static func isPunctuation(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return isASCIIPunctuation(s) }
        switch s.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .closePunctuation, .finalPunctuation,
             .initialPunctuation, .otherPunctuation, .openPunctuation:
            return true
        default:
            return false
        }
    }

    /// The class of `s` (`.space` for none). Beyond ASCII, from `FlankTable`.
    static func flank(_ s: Unicode.Scalar?) -> FlankClass {
        guard let s else { return .space }
        if s.isASCII { return flankASCII(UInt8(truncatingIfNeeded: s.value)) }
        return FlankClass(entryBits: FlankTable.entry(s))
    }

    /// Whether renderers could disagree on this character's class (`computedAmbiguity`). Beyond
    /// ASCII, from `FlankTable`.
    static func isAmbiguousForFlanking(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return false }
        return FlankTable.entry(s) & FlankTable.ambiguousBit != 0
    }

    /// The class of `s` by its definition: whitespace, punctuation, or other.
    static func computedFlank(_ s: Unicode.Scalar) -> FlankClass {
        if isSpace(s) { return .space }
        if isPunctuation(s) { return .punctuation }
        return .other
    }

    /// Whether renderers could disagree on this character's class: symbols became punctuation in
    /// CommonMark 0.31, and characters newer than a renderer's Unicode tables are unknown to it.
    /// The serializer never lets such a character touch a delimiter unencoded. By its definition.
    static func computedAmbiguity(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return false }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return s.properties.age.map { $0.major > 9 } ?? true
        default:
            return true
        }
    }
}

// The same classes read from UTF-8 bytes: ASCII answers from the byte alone, anything else
// decodes its scalar.
extension CharacterClass {
    /// The value of hexadecimal digit `b` (either case); nil for any other byte.
    @inline(__always)
    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    @inline(__always)
    static func isASCIIPunctuation(_ b: UInt8) -> Bool {
        switch b {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }

    /// The class of the scalar starting at `i` (`.space` past the end).
    static func flank(_ bytes: [UInt8], at i: Int) -> FlankClass {
        guard i < bytes.count else { return .space }
        let b = bytes[i]
        if b < 0x80 { return flankASCII(b) }
        return flank(UTF8Bytes.scalar(bytes, at: i).0)
    }

    /// The class of the scalar ending just before `end` (`.space` at the start).
    static func flank(_ bytes: [UInt8], before end: Int) -> FlankClass {
        guard end > 0, end <= bytes.count else { return .space }
        let b = bytes[end - 1]
        if b < 0x80 { return flankASCII(b) }
        return flank(UTF8Bytes.scalar(bytes, before: end))
    }

    /// Whitespace 9, 10, 12, 13, 32 and punctuation 0x21-0x2F, 0x3A-0x40, 0x5B-0x60, 0x7B-0x7E
    /// as bit masks (bytes 0-63, 64-127): a shift and a test each instead of a chain of ranges.
    @inline(__always)
    static func flankASCII(_ b: UInt8) -> FlankClass {
        let spaces: UInt64 = 1 << 9 | 1 << 10 | 1 << 12 | 1 << 13 | 1 << 32
        let punctuationLow: UInt64 = 0xFFFE_0000_0000 | 0xFC00_0000_0000_0000  // 0x21-0x2F, 0x3A-0x3F
        let punctuationHigh: UInt64 = 1 | 0x1_F800_0000 | 0x7800_0000_0000_0000  // 0x40, 0x5B-0x60, 0x7B-0x7E
        if b < 64 {
            if spaces &>> UInt64(b) & 1 != 0 { return .space }
            return punctuationLow &>> UInt64(b) & 1 != 0 ? .punctuation : .other
        }
        guard b < 128 else { return .other }
        return punctuationHigh &>> UInt64(b &- 64) & 1 != 0 ? .punctuation : .other
    }
}
