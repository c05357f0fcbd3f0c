import Synchronization

/// Inline parsers kept between parses: a parse takes one and gives it back, so the buffers a
/// short message's parse needs (content, nodes, delimiters, brackets, marks, links, …) are not
/// allocated and freed again for every message; with a dozen of them, that churn was a tenth of
/// the time of parsing a chat message. Only parsers whose buffers stayed small go back, and only
/// a few (about one per thread parsing at the same time).
enum InlineParserPool {
    private static let parsers = Mutex<[InlineParser]>([])

    static func take() -> InlineParser {
        parsers.withLock { $0.popLast() } ?? InlineParser()
    }

    static func give(_ parser: InlineParser) {
        guard parser.isSmall else { return }
        parsers.withLock { pool in
            if pool.count < 4 { pool.append(parser) }
        }
    }
}

extension InlineParser {
    /// Whether its buffers are small enough to keep between parses (64 KiB of content or so).
    var isSmall: Bool {
        src.capacity <= 1 << 16 && nodes.capacity <= 1 << 14 && delimiters.capacity <= 1 << 13 && extra.capacity <= 1 << 16
            && brackets.capacity <= 1 << 13 && marks.capacity <= 1 << 13 && links.capacity <= 1 << 12
            && linkBytes.capacity <= 1 << 16 && backticks.isSmall
    }
}
