import Synchronization

/// Something whose buffers a `ReusePool` keeps between parses.
protocol Reusable {
    /// Whether its buffers are small enough to keep a few of (a short message's, a few tens of
    /// kilobytes).
    var isSmall: Bool { get }
    /// The bytes its buffers take (their capacity).
    var bufferBytes: Int { get }
}

/// Values kept between parses (or serializations): a parse takes one and gives it back, so the
/// buffers a short message's parse needs are not allocated and freed again for every message
/// (with a dozen of them, that churn was a tenth of the time of parsing a chat message). Values
/// whose buffers stayed small go back, a few of them (about one per thread parsing at the same
/// time); of the others, the last one whose buffers hold at most `maxLargeBytes` (a paragraph of
/// a few hundred kilobytes dense with syntax).
///
/// Why keep a large one: freeing its buffers (a few megabytes) hands their pages back to the
/// system (glibc trims the top of its heap past twice its largest recent allocation), and the
/// next large message faults them in again, one fault per 4 KiB written: that was half the time
/// of parsing a 100 KB paragraph of emphasis. Only pages a parse wrote stay resident. The large
/// value goes once `largeLifetime` small ones came back after it with no large one: a process that
/// met one large message among chat messages does not keep its buffers for good.
final class ReusePool<Value: Reusable & Sendable>: Sendable {
    private struct Kept {
        var small: [Value] = []
        var large: Value?
        /// The small values given back since the last large one was.
        var smallSinceLarge = 0
    }

    private let kept = Mutex<Kept>(Kept())

    /// The most a kept large value's buffers may take (their capacity, in bytes).
    static var maxLargeBytes: Int { 32 << 20 }

    /// How many small values given back in a row release the kept large one.
    static var largeLifetime: Int { 256 }

    /// A kept value, nil when none is left: a small one first, or the large one first when the
    /// caller needs `large` buffers (a small one would grow, into fresh pages).
    func take(large: Bool = false) -> Value? {
        kept.withLock { kept in large ? kept.large.take() ?? kept.small.popLast() : kept.small.popLast() ?? kept.large.take() }
    }

    /// Keeps `value` if it fits. It is moved in, not copied: through an optional the lock's
    /// closure takes it from (a copy retains and releases each of its buffers, a thousand
    /// instructions a message).
    func give(_ value: consuming Value) {
        let small = value.isSmall
        guard small || value.bufferBytes <= ReusePool.maxLargeBytes else { return }
        var moving: Value? = consume value
        kept.withLock { kept in
            if small {
                if kept.small.count < 4, let value = moving.take() { kept.small.append(consume value) }
                kept.smallSinceLarge &+= 1
                // Once: the count goes on past it until a large value comes back.
                if kept.smallSinceLarge == ReusePool.largeLifetime { kept.large = nil }
            } else {
                kept.smallSinceLarge = 0
                kept.large = moving.take()
            }
        }
    }
}

/// The pools of the parser's and the serializer's buffers.
enum BufferPools {
    /// The inline parser of a parse (`BlockParser.inline`): content, nodes, delimiters, brackets,
    /// marks, links, …
    static let inlineParsers = ReusePool<InlineParserBox>()
    /// The buffers of the outputs that `mc_markdown_parse` and `mc_markdown_to_html` write
    /// (`DocumentJSONBuilder`, `HTMLBuilder`).
    static let outputBuffers = ReusePool<KeptBox<OutputBuffers>>()
    /// The serializer's (`MarkdownSerializer`): its output, the line ranges, the inline writer's
    /// tokens, segments, stacks and per-byte encodings.
    static let serializerBuffers = ReusePool<KeptBox<SerializerBuffers>>()
}

/// The buffers of a parse's output, kept between parses (`BufferPools.outputBuffers`): the bytes
/// written (JSON or HTML), the spans (JSON only), the link and mention values. A chat message's
/// parse allocated and freed the output buffer and the span array, and the link and mention
/// buffers when it had any. An output moves them in from the pool and back out when it is done,
/// by swaps: a copy would share them, and emptying or appending to a shared array allocates
/// another.
struct OutputBuffers: Reusable {
    var bytes = ByteBuffer()
    var spans = SpanList()
    var values = ParsedValues()
    /// The markdown of a parse from the caller's memory (`takeInput`), which the parser reads
    /// as an array: kept, the array is not allocated and freed again for every message.
    private var input: [UInt8] = []

    /// `markdown`, copied into the kept input array, which the parse reads (and so shares until
    /// it ends: a parse that takes these buffers while another still reads their input makes
    /// an array of its own, as copy on write goes).
    mutating func takeInput(_ markdown: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        // One call that empties and fills it (an emptying `removeAll(keepingCapacity:)` and an
        // append were twice the generic path).
        input.replaceSubrange(0..<input.count, with: markdown)
        return input
    }

    /// `body` with kept buffers (`reused(bytes:)`), lent for the whole output: it moves them into
    /// the output and back. They go back to `BufferPools.outputBuffers` once it returns. The box
    /// stays here, not in the output: held there too, it was counted up and down again (an
    /// atomic operation each way, a few percent of parsing a short message).
    @inline(__always)
    static func withReused<R>(bytes: Int, _ body: (inout OutputBuffers) throws -> R) rethrows -> R {
        let kept = reused(bytes: bytes)
        let result = try kept.withBuffers(body)
        BufferPools.outputBuffers.give(consume kept)
        return result
    }

    /// Kept buffers, emptied (their room kept), or new ones, with room for `bytes` bytes of
    /// output; the large ones first when that is more than a small output's.
    private static func reused(bytes: Int) -> KeptBox<OutputBuffers> {
        let box = BufferPools.outputBuffers.take(large: bytes > smallBytes) ?? KeptBox()
        box.withBuffers { kept in
            kept.bytes.removeAll()
            kept.spans.removeAll()
            kept.values.removeAll()
            kept.bytes.reserve(bytes)
        }
        return box
    }

    /// The most bytes small buffers hold.
    private static let smallBytes = 1 << 18

    var isSmall: Bool {
        bytes.capacity <= OutputBuffers.smallBytes && spans.capacity <= 1 << 12 && values.bufferBytes <= 1 << 16
            && input.capacity <= 1 << 16
    }

    var bufferBytes: Int { bytes.capacity + spans.capacity * MemoryLayout<FlatSpan>.stride + values.bufferBytes + input.capacity }
}

/// Buffers kept between parses or serializations (`BufferPools`), behind a reference: they move
/// in and out of their pool as one pointer (moved by value, a struct of buffers over some 128
/// bytes went through `memmove` at each step), and the placeholders a writer leaves in them stay
/// there until its buffers come back (released, they were a call each). Sendable unchecked: one
/// parse or serialization at a time uses it, from when it takes it out of the pool, under the
/// pool's lock, to when it gives it back.
final class KeptBox<Buffers: Reusable & Defaultable>: Reusable, @unchecked Sendable {
    private var buffers = Buffers()

    var isSmall: Bool { buffers.isSmall }
    var bufferBytes: Int { buffers.bufferBytes }

    /// `body` with the buffers, in one access.
    @inline(__always)
    func withBuffers<R>(_ body: (inout Buffers) throws -> R) rethrows -> R {
        try body(&buffers)
    }
}

/// Buffers a `KeptBox` can start out with: empty ones.
protocol Defaultable {
    init()
}

extension OutputBuffers: Defaultable {}

/// An inline parser kept between parses (`BufferPools.inlineParsers`), behind a reference: it
/// moves in and out of the pool as one pointer, not as the parser's dozen buffers (a move of the
/// parser itself copied its 300 bytes three times a parse, and what it left behind was released
/// buffer by buffer). Sendable unchecked: one parse at a time uses it, from when it takes it out
/// of the pool, under the pool's lock, to when it gives it back.
final class InlineParserBox: Reusable, @unchecked Sendable {
    var parser = InlineParser()

    var isSmall: Bool { parser.isSmall }
    var bufferBytes: Int { parser.bufferBytes }
}

extension InlineParser {
    /// Whether its buffers are small enough to keep between parses (64 KiB of content or so).
    var isSmall: Bool {
        src.capacity <= 1 << 16 && pendingContent.capacity <= 1 << 16 && nodes.capacity <= 1 << 14 && delimiters.capacity <= 1 << 13 && extra.capacity <= 1 << 16
            && brackets.capacity <= 1 << 13 && marks.capacity <= 1 << 13 && markDeltas.capacity <= 1 << 14 && links.capacity <= 1 << 12
            && linkBytes.capacity <= 1 << 16 && backticks.isSmall
    }

    /// The bytes its buffers take (their capacity).
    var bufferBytes: Int {
        src.capacity + pendingContent.capacity + extra.capacity + linkBytes.capacity + backticks.bufferBytes
            + nodes.capacity * MemoryLayout<Node>.stride + delimiters.capacity * MemoryLayout<Delimiter>.stride
            + brackets.capacity * MemoryLayout<Bracket>.stride + marks.capacity * MemoryLayout<Mark>.stride
            + markDeltas.capacity * MemoryLayout<MarkDelta>.stride
            + links.capacity * MemoryLayout<LinkURL>.stride
    }
}
