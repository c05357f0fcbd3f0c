import Testing
@testable import ComposerCore

@Suite struct OffsetConversionTests {
    /// One character boundary of a text, counted in each unit.
    struct Boundary: Sendable, CustomStringConvertible {
        let text: String
        let scalar: Int
        let utf16: Int
        let utf8: Int

        func offset(in unit: TextUnit) -> Int {
            switch unit {
            case .scalar: return scalar
            case .utf16: return utf16
            case .utf8: return utf8
            }
        }

        var description: String { "\(text.debugDescription)@\(scalar)/\(utf16)/\(utf8)" }
    }

    struct UnitPair: Sendable, CustomStringConvertible {
        let from: TextUnit
        let to: TextUnit
        var description: String { "\(from.name)->\(to.name)" }
        static let all: [UnitPair] = TextUnit.allCases.flatMap { f in TextUnit.allCases.map { UnitPair(from: f, to: $0) } }
    }

    /// "a" (1 byte), "é" U+00E9 (2 bytes), "€" U+20AC (3 bytes), "😀" U+1F600 (4 bytes, a surrogate pair), "b".
    static let mixed = "a\u{E9}\u{20AC}\u{1F600}b"

    /// "e" + U+0301 (2 bytes), then the ZWJ family: man (4), ZWJ U+200D (3), woman (4), ZWJ (3), girl (4).
    static let clusters = "e\u{301}\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"

    static func boundaries(_ text: String, scalar: [Int], utf16: [Int], utf8: [Int]) -> [Boundary] {
        (0..<scalar.count).map { Boundary(text: text, scalar: scalar[$0], utf16: utf16[$0], utf8: utf8[$0]) }
    }

    /// Hand-written tables of every boundary.
    static let table: [Boundary] =
        boundaries(mixed, scalar: [0, 1, 2, 3, 4, 5], utf16: [0, 1, 2, 3, 5, 6], utf8: [0, 1, 3, 6, 10, 11])
        + boundaries(clusters, scalar: [0, 1, 2, 3, 4, 5, 6, 7], utf16: [0, 1, 2, 4, 5, 7, 8, 10], utf8: [0, 1, 3, 7, 10, 14, 17, 21])
        + boundaries("", scalar: [0], utf16: [0], utf8: [0])

    @Test(arguments: table, UnitPair.all)
    func convertsEveryBoundary(_ b: Boundary, _ pair: UnitPair) throws {
        let result = try OffsetConversion.convert(b.offset(in: pair.from), from: pair.from, to: pair.to, in: b.text.unicodeScalars)
        #expect(result == b.offset(in: pair.to))
    }

    @Test(arguments: [
        (mixed, TextUnit.scalar, 5, TextUnit.utf16, 6), (mixed, .scalar, 5, .utf8, 11), (mixed, .utf16, 6, .utf8, 11),
        (mixed, .utf8, 11, .scalar, 5), (clusters, .scalar, 7, .utf8, 21), (clusters, .utf8, 21, .utf16, 10),
    ])
    func endOfTextConverts(_ text: String, _ from: TextUnit, _ offset: Int, _ to: TextUnit, _ expected: Int) throws {
        #expect(try OffsetConversion.convert(offset, from: from, to: to, in: text.unicodeScalars) == expected)
    }

    /// Texts mixing every width, checked against Swift's own views as an independent oracle.
    static let oracleTexts = [
        "plain ascii", mixed, clusters, "\u{1F1EB}\u{1F1F7}\u{1F1EF}\u{1F1F5}", "\u{4E2D}\u{6587} \u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{645}\u{631}",
        "\u{10FFFF}\u{FFFF}\u{10000}\u{7FF}\u{800}\u{7F}\u{80}", "line\nbreak\r\n\u{1F600}",
    ]

    @Test(arguments: oracleTexts)
    func agreesWithSwiftViewsAtEveryBoundary(_ text: String) throws {
        let scalars = Array(text.unicodeScalars)
        for k in 0...scalars.count {
            let prefix = String(String.UnicodeScalarView(scalars[0..<k]))
            let b = Boundary(text: text, scalar: k, utf16: prefix.utf16.count, utf8: prefix.utf8.count)
            for pair in UnitPair.all {
                let result = try OffsetConversion.convert(b.offset(in: pair.from), from: pair.from, to: pair.to, in: scalars)
                #expect(result == b.offset(in: pair.to), "\(b) \(pair)")
            }
        }
    }

    /// Every offset from 0 to one past the end, in each unit: a boundary converts to its scalar,
    /// anything else is refused. The boundaries are checked too so that every text counts, also
    /// one whose characters are all one unit (no offset inside a character to refuse).
    @Test(arguments: oracleTexts, [TextUnit.utf16, .utf8])
    func refusesEveryOffsetInsideACharacter(_ text: String, _ unit: TextUnit) throws {
        let scalars = Array(text.unicodeScalars)
        let total = unit == .utf16 ? text.utf16.count : text.utf8.count
        // Offset of each boundary -> its scalar index.
        var boundaries: [Int: Int] = [0: 0]
        var position = 0
        for (k, s) in scalars.enumerated() {
            position += unit == .utf16 ? UTF16.width(s) : UTF8.width(s)
            boundaries[position] = k + 1
        }
        for offset in 0...total + 1 {
            if let scalar = boundaries[offset] {
                #expect(try OffsetConversion.convert(offset, from: unit, to: .scalar, in: scalars) == scalar, "\(offset)")
            } else {
                expectRefusal(.outOfRange) { try OffsetConversion.convert(offset, from: unit, to: .scalar, in: scalars) }
            }
        }
    }

    @Test(arguments: [
        (mixed, TextUnit.utf16, 4),  // between the surrogates of 😀
        (mixed, .utf8, 2),           // inside é
        (mixed, .utf8, 4), (mixed, .utf8, 5),  // inside €
        (mixed, .utf8, 7), (mixed, .utf8, 8), (mixed, .utf8, 9),  // inside 😀
        (clusters, .utf16, 3), (clusters, .utf16, 6), (clusters, .utf16, 9),
        (clusters, .utf8, 2), (clusters, .utf8, 8), (clusters, .utf8, 9), (clusters, .utf8, 20),
    ])
    func refusesOffsetsInsideASequence(_ text: String, _ unit: TextUnit, _ offset: Int) {
        for to in TextUnit.allCases {
            expectRefusal(.outOfRange) { try OffsetConversion.convert(offset, from: unit, to: to, in: text.unicodeScalars) }
        }
    }

    @Test(arguments: UnitPair.all)
    func refusesNegativeOffsets(_ pair: UnitPair) {
        expectRefusal(.outOfRange) { try OffsetConversion.convert(-1, from: pair.from, to: pair.to, in: Self.mixed.unicodeScalars) }
        expectRefusal(.outOfRange) { try OffsetConversion.convert(Int.min, from: pair.from, to: pair.to, in: Self.mixed.unicodeScalars) }
        expectRefusal(.outOfRange) { try OffsetConversion.convert(-1, from: pair.from, to: pair.to, in: "".unicodeScalars) }
    }

    @Test(arguments: UnitPair.all)
    func refusesOffsetsPastTheEnd(_ pair: UnitPair) {
        let end = [TextUnit.scalar: 5, .utf16: 6, .utf8: 11][pair.from]!
        expectRefusal(.outOfRange) { try OffsetConversion.convert(end + 1, from: pair.from, to: pair.to, in: Self.mixed.unicodeScalars) }
        expectRefusal(.outOfRange) { try OffsetConversion.convert(Int.max, from: pair.from, to: pair.to, in: Self.mixed.unicodeScalars) }
        expectRefusal(.outOfRange) { try OffsetConversion.convert(1, from: pair.from, to: pair.to, in: "".unicodeScalars) }
    }

    /// A draft converts through its text tree (`Document.convert`): the same answers and the same
    /// refusals as the conversion of a plain string, at every offset from -1 to one past the end.
    @Test(arguments: oracleTexts)
    func theDocumentConvertsAsAStringDoes(_ text: String) {
        let document = Document(text: text)
        let scalars = Array(text.unicodeScalars)
        for pair in UnitPair.all {
            let end = [TextUnit.scalar: scalars.count, .utf16: text.utf16.count, .utf8: text.utf8.count][pair.from]!
            for offset in -1...(end + 1) {
                let tree = Result { () throws(ComposerError) -> Int in try document.convert(offset, from: pair.from, to: pair.to) }
                let string = Result { () throws(ComposerError) -> Int in try OffsetConversion.convert(offset, from: pair.from, to: pair.to, in: scalars) }
                #expect(tree == string, "\(text.debugDescription) \(pair) offset \(offset)")
            }
        }
    }

    /// A refusal names the unit, the offset and, past the end, the text's length in that unit.
    @Test(arguments: [
        (TextUnit.utf16, 2, "UTF-16 offset 2 falls inside a character"),
        (.utf8, 3, "UTF-8 offset 3 falls inside a character"),
        (.utf8, 7, "UTF-8 offset 7 falls inside a character"),
        (.scalar, -1, "offset -1 is negative"),
        (.utf16, Int.min, "offset -9223372036854775808 is negative"),
        (.scalar, 5, "scalar offset 5 is past the end of the text (4)"),
        (.utf8, Int.max, "UTF-8 offset 9223372036854775807 is past the end of the text (8)"),
    ])
    func refusalsSayWhy(_ unit: TextUnit, _ offset: Int, _ message: String) {
        let text = "a\u{1F600}b\u{E9}"  // scalars a=0 😀=1 b=2 é=3 end=4; UTF-16 0 1 3 4 5; UTF-8 0 1 5 6 8
        #expect(throws: ComposerError.outOfRange(message)) { try OffsetConversion.convert(offset, from: unit, to: .scalar, in: text.unicodeScalars) }
        #expect(throws: ComposerError.outOfRange(message)) { try Document(text: text).convert(offset, from: unit, to: .scalar) }
    }

    @Test func unitRawValuesAndNamesAreStable() {
        #expect(TextUnit.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(TextUnit.allCases.map(\.name) == ["scalar", "UTF-16", "UTF-8"])
    }
}
