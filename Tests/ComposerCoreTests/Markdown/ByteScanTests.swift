import Testing
@testable import ComposerCore

/// The block scans of the wire format answer as the byte-by-byte definitions do, wherever the
/// answer falls in or across the 16-byte blocks, and on the short tails after them.
@Suite struct ByteScanTests {
    /// Inputs of every length up to 70 with one interesting byte at every position (and none).
    static func inputs(_ interesting: [UInt8]) -> [[UInt8]] {
        var all: [[UInt8]] = []
        for length in 0...70 {
            let base = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            all.append(base)
            for position in 0..<length {
                for b in interesting {
                    var bytes = base
                    bytes[position] = b
                    all.append(bytes)
                }
            }
        }
        return all
    }

    @Test func lineEndsAndPlainRunsAreTheFirstSuchByte() {
        let specials = Array("\n\\&`*_~[]<".utf8)
        for bytes in ByteScanTests.inputs(specials + [0x0D, 0xC3, 0x20, 0x41]) {
            for start in [0, 1, 5, 16, 17, 40] where start <= bytes.count {
                let line = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
                #expect(ByteScan.lineEnd(bytes, from: start) == line)
                let plain = bytes[start...].firstIndex { specials.contains($0) } ?? bytes.count
                #expect(ByteScan.plainRunEnd(bytes, from: start) == plain)
            }
        }
        for b in UInt8.min...UInt8.max {
            #expect(ByteScan.isSpecial(b) == specials.contains(b))
        }
    }

    @Test func scansPassingCharactersStopAtTheFirstOtherSpecialByte() {
        let specials = Array("\n\\&`*_~[]<".utf8)
        for bytes in ByteScanTests.inputs(specials + [0xC3, 0x20]) {
            for (c, d) in [(UInt8(ascii: "~"), UInt8(ascii: "~")), (UInt8(ascii: "["), UInt8(ascii: "]")), (UInt8(ascii: "<"), UInt8(ascii: "<"))] {
                for start in [0, 17] where start <= bytes.count {
                    let stop = bytes[start...].firstIndex { specials.contains($0) && $0 != c && $0 != d } ?? bytes.count
                    #expect(ByteScan.plainRunEnd(bytes, from: start, passing: c, or: d) == stop)
                }
            }
        }
    }

    /// The last possible closer is the last `c` whose byte before is not whitespace and not `c`
    /// (or is a `c` after a backslash), on random strings dense with the bytes that decide it.
    @Test func lastPossibleClosersAreThoseOfTheByteDefinition() {
        var random = SeededRandom(seed: 0x10ad)
        let alphabet = Array("~*_\\ \t\n\u{0B}\u{0C}\r a.".utf8) + [0xC3, 0xA9]
        for length in 0...80 {
            for _ in 0..<40 {
                let bytes = (0..<length).map { _ in random.pick(alphabet) }
                for c in Array("~*_".utf8) {
                    let expected = bytes.indices.last { q in
                        q > 0 && bytes[q] == c && CharacterClass.flankASCII(bytes[q - 1]) != .space
                            && (bytes[q - 1] != c || (q >= 2 && bytes[q - 2] == UInt8(ascii: "\\")))
                    } ?? -1
                    #expect(ByteScan.lastPossibleCloser(c, in: bytes) == expected, "\(bytes) \(c)")
                }
            }
        }
    }

    /// The last `byte` before an end: every end over inputs that hold it once, twice or not at
    /// all, at every place around the 16-byte blocks the scan steps back by.
    @Test func theLastIndexOfAByteIsTheLastBeforeTheEnd() {
        for length in 0...50 {
            var inputs: [[UInt8]] = [Array(repeating: UInt8(ascii: "a"), count: length)]
            for p in 0..<length {
                var once = inputs[0]
                once[p] = UInt8(ascii: "]")
                inputs.append(once)
                if p + 17 < length { once[p + 17] = UInt8(ascii: "]"); inputs.append(once) }
            }
            for bytes in inputs {
                for end in 0...length {
                    let expected = bytes[..<end].lastIndex(of: UInt8(ascii: "]")) ?? -1
                    #expect(ByteScan.lastIndex(of: UInt8(ascii: "]"), in: bytes, before: end) == expected, "\(bytes.count) \(end)")
                }
            }
        }
    }

    @Test func asciiZeroAndJSONClassesAreThoseOfEveryByte() {
        for bytes in ByteScanTests.inputs([0x00, 0x01, 0x0A, 0x1F, 0x22, 0x5C, 0x7F, 0x80, 0xC3, 0xFF]) {
            #expect(ByteScan.firstNonASCII(bytes) == (bytes.firstIndex { $0 >= 0x80 } ?? bytes.count))
            #expect(ByteScan.containsZero(bytes) == bytes.contains(0))
            let (unescaped, ascii) = ByteScan.classify(bytes)
            #expect(unescaped == !bytes.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x22 || $0 == 0x5C })
            #expect(ascii == !bytes.contains { $0 >= 0x80 })
        }
    }

    /// The written-out table of byte classes says of every byte what the definitions say.
    @Test func byteClassesAreThoseOfTheDefinitions() {
        #expect(ByteScan.byteClasses.count == 256)
        for value in 0...255 {
            let b = UInt8(value)
            var expected: UInt8 = 0
            if ByteScan.isSpecial(b) { expected |= ByteScan.ByteClass.special }
            if (b < 0x20 && b != 0x0A) || b == 0x22 { expected |= ByteScan.ByteClass.escaped }
            if b == 0x5C { expected |= ByteScan.ByteClass.backslash }
            if b >= 0x80 { expected |= ByteScan.ByteClass.nonASCII }
            #expect(ByteScan.byteClasses[value] == expected, "byte \(value)")
        }
    }

    @Test func scalarCountsAreStringCounts() {
        let text = String(repeating: "a\u{e9}\u{4e2d}\u{1F600}xyz", count: 9)
        let bytes = Array(text.utf8)
        for lower in 0...bytes.count {
            for upper in [lower, lower + 1, lower + 15, lower + 16, lower + 17, lower + 20, lower + 31, lower + 33, lower + 47, bytes.count]
                where upper <= bytes.count {
                let expected = bytes[lower..<upper].filter { $0 & 0xC0 != 0x80 }.count
                #expect(ByteScan.scalarCount(bytes, lower..<upper) == expected)
            }
        }
        #expect(ByteScan.scalarCount(bytes, -3..<(bytes.count + 9)) == text.unicodeScalars.count)
    }
}

/// Link destinations made links by the parser's fast paths are what `LinkPolicy` makes of them.
@Suite struct LinkTargetTests {
    @Test(arguments: [
        "https://example.com/a?b=1", "http://e.com", "HTTPS://E.COM/x", "https:///x", "http://", "u", "", "a b",
        "example.com", "example.com:8080/x", "mailto:a@b.c", "javascript:alert(1)", "x-y_z", "file", "#frag",
        "/relative/path", "?q=1", "über", "e.com/ä", "http://e.com/<x>", "data:text/html,x", "localhost",
    ])
    func normalizeAgreesWithLinkPolicy(_ destination: String) {
        var out: [UInt8] = []
        let accepted = LinkTarget.normalize(Array(destination.utf8)[...], into: &out)
        let policy = try? LinkPolicy.normalize(destination)
        #expect(accepted == (policy != nil))
        #expect(String(decoding: out, as: UTF8.self) == (policy ?? ""))
    }
}

@Suite struct HTMLEscapingTests {
    /// HTML text escaping, found a block at a time, against a byte-by-byte escaper: every length
    /// around the block edges, each character escaped at every position, beside non-ASCII bytes.
    @Test func escapesEverySpecialAtEveryPosition() {
        func reference(_ bytes: [UInt8]) -> String {
            var out = ""
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                switch scalar {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&#39;"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        let specials = Array("&<>\"'".utf8)
        let fine = Array("a /=;x".utf8)
        for length in 0...40 {
            let base = (0..<length).map { fine[$0 % fine.count] }
            for position in -1..<length {
                for special in position < 0 ? [UInt8(0)] : specials {
                    var bytes = base
                    if position >= 0 { bytes[position] = special }
                    bytes += [0xC3, 0xA9]
                    var out: [UInt8] = []
                    HTMLTag.appendEscaped(bytes[...], to: &out)
                    #expect(String(decoding: out, as: UTF8.self) == reference(bytes), "\(bytes)")
                }
            }
        }
    }
}
