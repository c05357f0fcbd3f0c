import Synchronization

/// Inline parsers kept between parses: a parse takes one and gives it back, so the buffers a
/// short message's parse needs (content, nodes, delimiters, brackets, marks, links, …) are not
/// allocated and freed again for every message; with a dozen of them, that churn was a tenth of
/// the time of parsing a chat message. Parsers whose buffers stayed small go back, a few of them
/// (about one per thread parsing at the same time); of the others, the last one whose buffers
/// hold at most `maxLargeBytes` (a paragraph of a few hundred kilobytes dense with syntax).
///
/// Why keep a large one: freeing its buffers (a few megabytes) hands their pages back to the
/// system (glibc trims the top of its heap past twice its largest recent allocation), and the
/// next large paragraph faults them in again, one fault per 4 KiB written: that was half the time
/// of parsing a 100 KB paragraph of emphasis. Only pages a parse wrote stay resident.
enum InlineParserPool {
    private struct Kept {
        var small: [InlineParser] = []
        var large: InlineParser?
    }

    private static let kept = Mutex<Kept>(Kept())

    /// The most a kept large parser's buffers may take (their capacity, in bytes).
    static let maxLargeBytes = 32 << 20

    static func take() -> InlineParser {
        kept.withLock { kept in kept.small.popLast() ?? kept.large.take() } ?? InlineParser()
    }

    /// Keeps `parser` if it fits. It is moved in, not copied: through an optional the lock's
    /// closure takes it from (a copy retains and releases each of its buffers, a thousand
    /// instructions a message).
    static func give(_ parser: consuming InlineParser) {
        let small = parser.isSmall
        guard small || parser.bufferBytes <= maxLargeBytes else { return }
        var moving: InlineParser? = consume parser
        kept.withLock { kept in
            if small {
                if kept.small.count < 4, let parser = moving.take() { kept.small.append(parser) }
            } else {
                kept.large = moving.take()
            }
        }
    }
}

extension InlineParser {
    /// Whether its buffers are small enough to keep between parses (64 KiB of content or so).
    var isSmall: Bool {
        src.capacity <= 1 << 16 && nodes.capacity <= 1 << 14 && delimiters.capacity <= 1 << 13 && extra.capacity <= 1 << 16
            && brackets.capacity <= 1 << 13 && marks.capacity <= 1 << 13 && markDeltas.capacity <= 1 << 14 && links.capacity <= 1 << 12
            && linkBytes.capacity <= 1 << 16 && backticks.isSmall
    }

    /// The bytes its buffers take (their capacity).
    var bufferBytes: Int {
        src.capacity + extra.capacity + linkBytes.capacity + backticks.bufferBytes
            + nodes.capacity * MemoryLayout<Node>.stride + delimiters.capacity * MemoryLayout<Delimiter>.stride
            + brackets.capacity * MemoryLayout<Bracket>.stride + marks.capacity * MemoryLayout<Mark>.stride
            + markDeltas.capacity * MemoryLayout<MarkDelta>.stride
            + links.capacity * MemoryLayout<LinkURL>.stride
    }
}
