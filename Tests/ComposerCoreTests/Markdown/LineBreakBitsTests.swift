import Testing
@testable import ComposerCore

/// `LineBreakBits` gives every break from its start on, in order, as a scan byte by byte finds
/// them: across word boundaries, past long stretches with none (its sixteen-byte skip), in the
/// last bytes of a buffer shorter than a word, and `count` once none is left.
@Suite struct LineBreakBitsTests {
    static func breaks(in bytes: [UInt8], from start: Int, carriageReturns: Bool) -> [Int] {
        bytes.indices.filter { $0 >= start && (bytes[$0] == 0x0A || (carriageReturns && bytes[$0] == 0x0D)) }
    }

    /// Buffers of every length up to 200 bytes: breaks dense or sparse, with gaps of up to 90
    /// bytes without one, and bytes near the ones it looks for (`\t`, `\v`, `\f`, 0x8A, 0x8D).
    static func buffers(count: Int) -> [[UInt8]] {
        var random = SeededRandom(seed: 0x1B8B)
        let others: [UInt8] = [0x61, 0x20, 0x09, 0x0B, 0x0C, 0x5C, 0x8A, 0x8D, 0x00, 0xFF, 0x0E, 0x1A]
        return (0..<count).map { _ in
            let length = Int.random(in: 0...200, using: &random)
            let gap = Int.random(in: 1...90, using: &random)
            var bytes: [UInt8] = []
            while bytes.count < length {
                let run = Int.random(in: 0...gap, using: &random)
                bytes += (0..<run).map { _ in random.pick(others) }
                bytes.append(random.pick([0x0A, 0x0A, 0x0D]))
            }
            return Array(bytes.prefix(length))
        }
    }

    @Test func everyBreakInOrderFromAnyStart() {
        var random = SeededRandom(seed: 0x1B8C)
        var mismatches: [String] = []
        for bytes in LineBreakBitsTests.buffers(count: 3_000) {
            let start = Int.random(in: -2...(bytes.count + 2), using: &random)
            for carriageReturns in [false, true] {
                let expected = LineBreakBitsTests.breaks(in: bytes, from: start, carriageReturns: carriageReturns)
                let found = bytes.withUnsafeBufferPointer { buffer -> [Int] in
                    var breaks = LineBreakBits(buffer, from: start, carriageReturns: carriageReturns)
                    var found: [Int] = []
                    // Every break, then `count` twice: an exhausted search stays exhausted.
                    for _ in 0..<(expected.count + 2) { found.append(breaks.next()) }
                    return found
                }
                if found != expected + [bytes.count, bytes.count], mismatches.count < 5 {
                    mismatches.append("\(bytes) from \(start), \\r: \(carriageReturns): \(found), expected \(expected)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// The word test flags a byte exactly when it is the one asked for, whatever its neighbours
    /// (a borrow from one byte would flag the next).
    @Test func bytesEqualFlagsExactlyTheEqualBytes() {
        var random = SeededRandom(seed: 0x1B8D)
        for _ in 0..<20_000 {
            let target: UInt8 = random.pick([0x0A, 0x0D])
            let bytes = (0..<8).map { _ in random.pick([target, target &- 1, target &+ 1, target | 0x80, 0x00, 0xFF, UInt8.random(in: 0...255, using: &random)]) }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
            let expected = bytes.enumerated().reduce(UInt64(0)) { $0 | ($1.element == target ? UInt64(0x80) << UInt64(8 * $1.offset) : 0) }
            #expect(LineBreakBits.bytes(equalTo: target, in: word) == expected, "\(bytes)")
        }
    }
}
