import Testing
@testable import ComposerCore

/// What the parser's and serializer's pools keep between calls: a few small values, the last large
/// one within the bound for a while, and which a caller gets back first.
@Suite struct ReusePoolTests {
    /// A value whose buffers take `bytes`; small up to 100.
    struct Buffers: Reusable, Sendable {
        var bytes: Int
        var isSmall: Bool { bytes <= 100 }
        var bufferBytes: Int { bytes }
    }

    @Test func keepsFourSmallValuesLastInFirstOut() {
        let pool = ReusePool<Buffers>()
        for bytes in 1...5 { pool.give(Buffers(bytes: bytes)) }
        // The fifth found four kept and was dropped.
        #expect((0..<5).map { _ in pool.take()?.bytes } == [4, 3, 2, 1, nil])
    }

    @Test func keepsTheLastLargeValueWithinTheBound() {
        let pool = ReusePool<Buffers>()
        pool.give(Buffers(bytes: 1_000))
        pool.give(Buffers(bytes: 2_000))
        pool.give(Buffers(bytes: ReusePool<Buffers>.maxLargeBytes + 1))
        #expect(pool.take()?.bytes == 2_000)
        #expect(pool.take() == nil)
    }

    /// A process that met one large message among small ones does not keep its buffers for good.
    @Test func theLargeValueGoesAfterALifetimeOfSmallOnes() {
        let pool = ReusePool<Buffers>()
        let lifetime = ReusePool<Buffers>.largeLifetime
        pool.give(Buffers(bytes: 5_000))
        for _ in 1..<lifetime { pool.give(Buffers(bytes: 10)) }
        #expect(pool.take(large: true)?.bytes == 5_000)
        pool.give(Buffers(bytes: 5_000))
        for _ in 1..<lifetime { pool.give(Buffers(bytes: 10)) }
        // A large one given back starts the count again.
        pool.give(Buffers(bytes: 6_000))
        for _ in 1..<lifetime { pool.give(Buffers(bytes: 10)) }
        #expect(pool.take(large: true)?.bytes == 6_000)
        pool.give(Buffers(bytes: 6_000))
        for _ in 0..<lifetime { pool.give(Buffers(bytes: 10)) }
        // Released: a large need gets a small value.
        #expect(pool.take(large: true)?.bytes == 10)
    }

    @Test func aLargeNeedTakesTheLargeValueFirstAndASmallNeedASmallOne() {
        let pool = ReusePool<Buffers>()
        pool.give(Buffers(bytes: 10))
        pool.give(Buffers(bytes: 5_000))
        pool.give(Buffers(bytes: 20))
        #expect(pool.take(large: true)?.bytes == 5_000)
        #expect(pool.take(large: true)?.bytes == 20)
        pool.give(Buffers(bytes: 6_000))
        #expect(pool.take()?.bytes == 10)
        #expect(pool.take()?.bytes == 6_000)
        #expect(pool.take(large: true) == nil)
    }

    /// An inline parser is small, and kept among the small values, only when every buffer is: one
    /// that read a long paragraph goes to the single large place, which is released in time.
    @Test func anInlineParserWithOneLargeBufferIsNotSmall() {
        #expect(InlineParser().isSmall)
        var parser = InlineParser()
        parser.src.reserveCapacity(1 << 17)
        #expect(!parser.isSmall)
        parser = InlineParser()
        parser.linkBytes.reserveCapacity(1 << 17)
        #expect(!parser.isSmall)
    }

    /// Output buffers likewise: small only when the bytes written, the input copied in and the
    /// values all are (a long message's input alone makes them large).
    @Test func outputBuffersWithOneLargeBufferAreNotSmall() {
        #expect(OutputBuffers().isSmall)
        var buffers = OutputBuffers()
        buffers.bytes.reserve(1 << 19)
        #expect(!buffers.isSmall)
        buffers = OutputBuffers()
        let long = [UInt8](repeating: 0x61, count: 1 << 17)
        _ = long.withUnsafeBufferPointer { buffers.takeInput($0) }
        #expect(!buffers.isSmall)
    }

    /// Parses and serializations of every size in turn, through the shared pools, give what fresh
    /// buffers give: nothing a kept buffer held shows in the next output. The long message (80 KB)
    /// needs large output buffers (over 256 KiB of JSON).
    @Test func keptBuffersLeaveNothingBehind() {
        let messages = ["**bold** [a](https://a.b) <@uid:u1>", String(repeating: "long *line* of text ", count: 4_000), "x",
                        "> quote\n\n- item\n- item", ""]
        let expected = messages.map { MarkdownParser.parseFlat($0).jsonUTF8 }
        // Each message is its own canonical markdown but for the long one's last space (trailing
        // whitespace ends no message): what the serializer writes with fresh buffers.
        let serialized = messages.map { $0.hasSuffix(" ") ? String($0.dropLast()) : $0 }
        for _ in 0..<3 {
            for (k, message) in messages.enumerated() {
                #expect(MarkdownParser.parseJSON(utf8: Array(message.utf8)) == expected[k])
                // From the caller's memory, through the kept input buffer (a longer message's
                // bytes must not show after a shorter one's).
                let bytes = Array(message.utf8)
                #expect(bytes.withUnsafeBufferPointer { MarkdownParser.parseJSON(zeroFreeUTF8: $0) { Array($0) } } == expected[k])
                #expect(bytes.withUnsafeBufferPointer { HTMLRenderer.renderUTF8(zeroFreeMarkdown: $0) { Array($0) } }
                        == HTMLRenderer.renderUTF8(markdown: bytes))
                #expect(MarkdownSerializer.serialize(MarkdownParser.parse(message)) == serialized[k])
            }
        }
    }
}
