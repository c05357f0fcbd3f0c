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

    static func flank(_ s: Unicode.Scalar?) -> FlankClass {
        guard let s else { return .space }
        if isSpace(s) { return .space }
        if isPunctuation(s) { return .punctuation }
        return .other
    }

    /// Whether renderers could disagree on this character's class: symbols became punctuation in
    /// CommonMark 0.31, and characters newer than a renderer's Unicode tables are unknown to it.
    /// The serializer never lets such a character touch a delimiter unencoded.
    static func isAmbiguousForFlanking(_ s: Unicode.Scalar) -> Bool {
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
