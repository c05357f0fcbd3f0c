import Testing
@testable import ComposerCore

/// The byte helpers the wire format is built on.
@Suite struct UTF8BytesTests {
    @Test(arguments: [0, 7, 9, 10, 42, 99, 100, 12_345, 99_999_999, 100_000_000, 100_000_007, 123_456_789_012, Int.max, Int.min, -1, -120])
    func decimalsAreWhatStringWrites(_ value: Int) {
        var out: [UInt8] = [0x78]
        UTF8Bytes.appendDecimal(value, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "x" + String(value))
    }

    @Test func scalarsDecodeAndCountAsStringDoes() {
        let text = "a\u{e9}\u{4e2d}\u{1F600}\u{FEFF}z" + String(repeating: "\u{e9}x", count: 200)
        let bytes = Array(text.utf8)
        var decoded: [Unicode.Scalar] = []
        var i = 0
        while i < bytes.count {
            let (scalar, length) = UTF8Bytes.scalar(bytes, at: i)
            decoded.append(scalar)
            #expect(UTF8Bytes.scalar(bytes, before: i + length) == scalar)
            i += length
        }
        #expect(decoded == Array(text.unicodeScalars))
        #expect(UTF8Bytes.scalarCount(bytes, 0..<bytes.count) == text.unicodeScalars.count)
        #expect(UTF8Bytes.scalarCount(bytes, 1..<3) == 1)
        #expect(ByteScan.firstNonASCII(Array("plain text, more than sixteen bytes".utf8)) == 35)
        #expect(ByteScan.firstNonASCII(bytes) == 1)
        #expect(ByteScan.firstNonASCII(Array(String(repeating: "x", count: 40).utf8) + [0xC3, 0xA9]) == 40)
    }

    /// Bytes that are not UTF-8 read as U+FFFD one byte long, and reads past the end as 0.
    @Test func badBytesNeverTrap() {
        let bad: [UInt8] = [0xFF, 0xC3, 0x28, 0xE2, 0x82, 0xF0, 0x9F, 0x98]
        for i in -2..<(bad.count + 2) {
            _ = UTF8Bytes.scalar(bad, at: i)
            _ = UTF8Bytes.scalar(bad, before: i)
            _ = UTF8Bytes.byte(bad, i)
        }
        #expect(UTF8Bytes.scalar(bad, at: 0) == ("\u{FFFD}", 1))
        // A continuation byte where a scalar should start; the last ASCII byte before them.
        #expect(UTF8Bytes.scalar([0x80], at: 0) == ("\u{FFFD}", 1))
        #expect(UTF8Bytes.scalar([0xBF, 0x61], at: 0) == ("\u{FFFD}", 1))
        #expect(UTF8Bytes.scalar([0x7F], at: 0) == ("\u{7F}", 1))
        #expect(UTF8Bytes.scalarCount(bad, -5..<50) <= bad.count)
    }

    /// The validator the C API checks markdown with agrees with the standard library's, on byte
    /// strings built from ASCII runs, valid sequences and every kind of broken one.
    @Test func validationAgreesWithTheStandardLibrary() {
        let pieces: [[UInt8]] = [
            Array("plain ascii text, long enough for a block".utf8), [0x61], [0xC3, 0xA9], [0xE4, 0xB8, 0xAD], [0xF0, 0x9F, 0x98, 0x80],
            [0xEF, 0xBF, 0xBD], [0xC3], [0xE4, 0xB8], [0xF0, 0x9F, 0x98], [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF],
            [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE],
        ]
        var rng = SeededRandom(seed: 11)
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &rng) { bytes += rng.pick(pieces) }
            #expect(MarkdownParser.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    /// Every lead byte with every second byte, then with the edge values of the bytes after it,
    /// after ASCII runs of lengths on every side of the validator's steps: shorter than a block
    /// (byte by byte), ending in the last block (read as the block that ends the input), and
    /// around the four-block steps.
    @Test func validationAgreesOnEverySequenceEdge() {
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5]
        for prefix in [0, 3, 7, 8, 9, 15, 16, 30, 47, 63, 64, 65] {
            let ascii = [UInt8](repeating: 0x61, count: prefix)
            for b0 in 0x80...0xFF {
                for b1 in 0...0xFF {
                    let bytes = ascii + [UInt8(b0), UInt8(b1)]
                    #expect(MarkdownParser.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
                }
                for b1 in edges {
                    for b2 in edges {
                        for b3 in [nil, 0x80, 0xBF, 0x41] as [UInt8?] {
                            let bytes = ascii + [UInt8(b0), b1, b2] + (b3.map { [$0] } ?? [])
                            #expect(MarkdownParser.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
                        }
                    }
                }
            }
        }
    }

    /// A sequence, whole or cut short, followed by a block or more of ASCII, at every place
    /// relative to the validator's blocks: a block of ASCII is passed over whole only between
    /// sequences; right after a cut one it ends nothing, and the input is invalid. (The tests
    /// above have no ASCII block after a broken sequence: a validator passing over one
    /// mid-sequence, and accepting the input, passed them.)
    @Test func aSequenceCutShortBeforeABlockOfASCIIIsInvalid() {
        let sequences: [[UInt8]] = [[0xC3], [0xE4], [0xE4, 0xB8], [0xF0], [0xF0, 0x9F], [0xF0, 0x9F, 0x98],
                                    [0xC3, 0xA9], [0xE4, 0xB8, 0xAD], [0xF0, 0x9F, 0x98, 0x80]]
        for prefix in 0...40 {
            for after in [16, 17, 31, 32, 33, 64] {
                let head = [UInt8](repeating: 0x61, count: prefix), tail = [UInt8](repeating: 0x62, count: after)
                for sequence in sequences {
                    let bytes = head + sequence + tail
                    #expect(MarkdownParser.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil),
                            "\(prefix) ASCII, \(sequence), \(after) ASCII")
                }
            }
        }
    }

    /// Text beyond ASCII goes through the validator's state machine 16 bytes a step: cut at every
    /// byte (a sequence cut short at every place relative to the steps), and with one byte
    /// replaced at every place by a byte of each kind, it agrees with the standard library.
    @Test func validationAgreesAcrossStepsOfTextBeyondASCII() {
        // Long runs of two-, three- and four-byte sequences (checked a block at a time), so that
        // sequences of each length cross blocks at every place, with shorter runs between.
        let text = Array(("Привет, мир! Съешь же ещё этих мягких французских булок, да выпей чаю. Ελληνικά ñandú "
            + "中文字符 and ascii 😀 ε… \u{10FFFF}\u{E000}\u{FFFD} ok שלום עולם مرحبا بالعالم çàéîõü ßÿ "
            + "我们的一个时候没有什么这样所以因为已经自己知道可以出来还是现在看到，日本語のテキストとカタカナ。"
            + "😀🎉👍🙏🏽🔥💯🚀✨🤔😂𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ok").utf8)
        for cut in 0...text.count {
            let bytes = Array(text[..<cut])
            #expect(MarkdownParser.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "cut at \(cut)")
        }
        for i in text.indices {
            for b: UInt8 in [0x20, 0x7F, 0x80, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xD0, 0xDF, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF] {
                var bytes = text
                bytes[i] = b
                #expect(MarkdownParser.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(b) at \(i)")
            }
        }
    }

    /// The decoder's rule (`wellFormedLength`) gives the length of the first sequence the standard
    /// library decodes, or 0 where it finds none: every lead byte with every second byte, then with
    /// the edge values of the bytes after it.
    @Test func sequenceLengthsAgreeWithTheStandardLibrary() {
        func standardLength(_ bytes: [UInt8]) -> Int {
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return 0 }
            return UTF8.width(scalar)
        }
        func length(_ bytes: [UInt8]) -> Int {
            bytes.withUnsafeBufferPointer { UTF8Bytes.wellFormedLength($0.baseAddress!, 0, $0.count) }
        }
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5]
        for b0 in 0x80...0xFF {
            for b1 in 0...0xFF {
                let bytes = [UInt8(b0), UInt8(b1)]
                #expect(length(bytes) == standardLength(bytes), "\(bytes)")
                for b2 in edges {
                    for b3 in edges {
                        let longer = bytes + [b2, b3]
                        #expect(length(longer) == standardLength(longer), "\(longer)")
                    }
                }
            }
        }
    }
}
