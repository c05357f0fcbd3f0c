import Testing
@testable import ComposerCore

/// How a code span finds its closer (Sources/ComposerCore/Markdown/BacktickIndex.swift): the bytes
/// after the opening run are read for it up to `BacktickIndex.nearWindow` bytes, and the index of
/// runs answers past that. Both must name the same run: the next one of exactly the opening's
/// length.
@Suite struct CodeSpanClosingTests {
    /// Random backtick-dense contents, every run asked both ways: the scan's closer is the index's,
    /// "none" means the index has none either, and "beyond the window" means the index's closer (if
    /// any) starts past it.
    @Test func theScanAndTheIndexNameTheSameCloser() {
        var random = SeededRandom(seed: 10)
        for _ in 0..<300 {
            let length = Int.random(in: 1..<700, using: &random)
            let src = (0..<length).map { _ in random.pick([UInt8(ascii: "`"), UInt8(ascii: "`"), UInt8(ascii: "a"), UInt8(ascii: " ")]) }
            var i = 0
            while i < src.count {
                guard src[i] == UInt8(ascii: "`") else { i += 1; continue }
                let start = i
                while i < src.count, src[i] == UInt8(ascii: "`") { i += 1 }
                var index = BacktickIndex()
                index.build(src, from: start)
                let indexed = index.closer(after: start, length: i - start)
                switch BacktickIndex.nearCloser(src, from: i, length: i - start) {
                case .at(let close): #expect(indexed == close)
                case .none: #expect(indexed == nil)
                case .beyondWindow: #expect(indexed.map { $0 >= i + BacktickIndex.nearWindow } ?? true)
                }
            }
        }
    }

    /// Spans whose closer lies just within, at and just past the window, after a run that has no
    /// closer at all (which builds the index), and short ones after a long one: each is the code
    /// span the rules make.
    @Test(arguments: [BacktickIndex.nearWindow - 2, BacktickIndex.nearWindow - 1, BacktickIndex.nearWindow, BacktickIndex.nearWindow + 1])
    func closersAroundTheWindowClose(contentLength: Int) {
        let content = String(repeating: "a", count: contentLength)
        let one = MarkdownParser.parse("x `\(content)` y")
        #expect(one.text == "x \(content) y")
        #expect(one.spans == [Span(2, 2 + contentLength, .code)])
        // A double run with no closer stays text; the single runs after it still pair.
        let afterUnclosed = MarkdownParser.parse("``x `\(content)` `b`")
        #expect(afterUnclosed.text == "``x \(content) b")
        #expect(afterUnclosed.spans == [Span(4, 4 + contentLength, .code), Span(5 + contentLength, 6 + contentLength, .code)])
    }
}
