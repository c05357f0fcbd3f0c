import Testing
@testable import ComposerCore

/// `TextSummary.counting` counts 16 bytes at a time in lanes that hold 255: held to a byte-by-byte
/// count, on texts long enough for lanes to fill (every byte of one kind, past 255 blocks).
@Suite struct TextSummaryTests {
    static func countedByteByByte(_ text: String) -> TextSummary {
        var s = TextSummary()
        s.utf8 = text.utf8.count
        for scalar in text.unicodeScalars {
            s.scalars += 1
            s.utf16 += scalar.utf16.count
            if scalar == "\n" { s.newlines += 1 }
            if scalar == "@" { s.atSigns += 1 }
        }
        return s
    }

    @Test(arguments: ["a", "\n", "@", "é", "中", "😀", "a\n@é中😀"])
    func everyLengthOfOneKind(_ unit: String) {
        // Past 255 blocks of 16 bytes (4,080), where a lane that never emptied would wrap.
        for repeats in [0, 1, 15, 16, 17, 255, 256, 4079, 4080, 4081, 4096, 9000] {
            let text = String(repeating: unit, count: repeats)
            #expect(TextSummary.counting(Array(text.utf8)) == Self.countedByteByByte(text), "\(unit.debugDescription) x \(repeats)")
        }
    }

    @Test func randomTexts() {
        var rng = SeededRandom(seed: 42)
        let pieces = ["a", " ", "\n", "@", "é", "ß", "中", "😀", "👨‍👩‍👧", "\u{301}"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0...3000, using: &rng)).map { _ in rng.pick(pieces) }.joined()
            #expect(TextSummary.counting(Array(text.utf8)) == Self.countedByteByByte(text))
            // A slice (not the array's start) goes through the same count.
            let bytes = Array(text.utf8)
            let from = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
            let start = bytes[from...].firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.count
            let rest = String(decoding: bytes[start...], as: UTF8.self)
            #expect(TextSummary.counting(bytes[start...]) == Self.countedByteByByte(rest))
        }
    }

    /// Bytes without contiguous storage (a lazy collection) are counted one by one, alike.
    @Test(arguments: ["", "a\n@é中😀\n", String(repeating: "a\n@é中😀", count: 300)])
    func bytesWithoutContiguousStorage(_ text: String) {
        let lazyBytes = Array(text.utf8).lazy.map { $0 }
        #expect(lazyBytes.withContiguousStorageIfAvailable { _ in true } == nil)
        #expect(TextSummary.counting(lazyBytes) == Self.countedByteByByte(text))
    }

    /// A fragment's counts of scalars and line breaks before a byte use the same lanes: held to a
    /// byte-by-byte count on a fragment longer than 255 blocks (a leaf of the tree is shorter,
    /// but the counts do not rely on it), from both ends (`newlines(before:)` counts the shorter
    /// side), on text that is all line breaks and text that is all multi-byte.
    @Test(arguments: [String(repeating: "\n", count: 5000), String(repeating: "é\na", count: 1500), String(repeating: "中", count: 1700)])
    func fragmentCountsPastTheLanesLimit(_ text: String) {
        let fragment = TextFragment(scalars: text.unicodeScalars, style: .plain, block: nil)
        let bytes = Array(text.utf8)
        for byte in Array(stride(from: 0, through: bytes.count, by: 61)) + [4079, 4080, 4081, bytes.count] {
            let before = bytes[..<byte]
            #expect(fragment.scalars(before: byte) == before.count { $0 & 0xC0 != 0x80 }, "\(byte)")
            #expect(fragment.scalars(in: 0..<byte) == before.count { $0 & 0xC0 != 0x80 }, "\(byte)")
            #expect(fragment.newlines(before: byte) == before.count { $0 == 0x0A }, "\(byte)")
        }
    }
}
