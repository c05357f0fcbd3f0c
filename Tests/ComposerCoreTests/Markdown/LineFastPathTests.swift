import Testing
@testable import ComposerCore

/// The parser's line fast paths write what its general paths write: `InlineParser.writeLines`
/// what the tokenizer and `flatten` make of content whose only syntax is line breaks, and the
/// block parser's loops (`continueParagraph`, `continueList`, `takeFenceLines`) what `process`
/// makes of the lines they take, on inputs that take them and inputs that just miss them.
@Suite struct LineFastPathTests {
    /// Paragraph content: pieces of lines joined by line breaks, hard (`\` or two spaces) and
    /// soft, with bytes the output escapes and the bytes around a break that the rules drop.
    static func contents(count: Int) -> [[UInt8]] {
        var random = SeededRandom(seed: 0x11E5)
        let pieces = ["a", "line", " ", "  ", "\t", "\\", "\n", "\n", "\\\n", "  \n", "\"", "é", "\u{1}", "x\\y", "*", "&", "b "]
        return (0..<count).map { _ in
            let length = Int.random(in: 1...12, using: &random)
            return Array((0..<length).map { _ in random.pick(pieces) }.joined().utf8)
        }
    }

    /// Whole inputs of lines that the block loops take or just miss: quote markers, list markers
    /// of every kind (and digits before a bullet's, which make none), fence openers and closers,
    /// indents, blank lines, line breaks of every kind; one in four ends without its last line
    /// break.
    static func inputs(count: Int) -> [[UInt8]] {
        var random = SeededRandom(seed: 0x11E6)
        let starts = ["", "", "", "> ", ">", "> > ", ">> ", " > ", "- ", "- ", "* ", "+ ", "1. ", "2. ", "12) ", "1) ",
                      "1234567890. ", "123456789. ", "  ", "    ", "\t", "-", "- - ", "--- ", "***", "```", "<p></p>", "  - ",
                      "~~~", "````", " ```", "```", "1- ", "12* "]
        let contents = ["a", "line", "item", "a\\", "a  ", "\"q\"", "é", "*a*", "-", "", " b", "\tb", "\\", "`c`", "> y", "1."]
        let breaks = ["\n", "\n", "\n", "\r\n", "\r", "\n\n"]
        return (0..<count).map { _ in
            let lines = Int.random(in: 1...12, using: &random)
            // Most inputs repeat one start (a quote, a list, a paragraph, a fence line), as the
            // loops need.
            let usual = random.pick(["", "> ", "- ", "1. ", "* ", "", "```", "~~~"])
            var text = ""
            for _ in 0..<lines {
                text += (Int.random(in: 0..<4, using: &random) == 0 ? random.pick(starts) : usual)
                text += random.pick(contents) + random.pick(breaks)
            }
            // One in four ends without its last line's break: the loops' looks past a marker
            // must stop at the input's end.
            if Int.random(in: 0..<4, using: &random) == 0 {
                while let last = text.unicodeScalars.last, last == "\n" || last == "\r" { text.unicodeScalars.removeLast() }
            }
            return Array(text.utf8)
        }
    }

    @Test func contentOfLineBreaksIsWrittenAsTheTokenizerWritesIt() {
        var taken = 0
        for content in LineFastPathTests.contents(count: 4000) {
            var parser = InlineParser()
            parser.beginContent(capacity: content.count)
            parser.appendContent(content, 0..<content.count)
            parser.prepareContent()
            let plainEnd = ByteScan.plainRunEnd(content, from: 0)
            if plainEnd < content.count, parser.onlyLineBreaks(from: plainEnd) { taken += 1 }
            let fast = InlineOutputs.of(content)
            let general = InlineOutputs.of(content, general: true)
            #expect(fast.json == general.json, "\(String(decoding: content, as: UTF8.self).debugDescription)")
            #expect(fast.html == general.html, "\(String(decoding: content, as: UTF8.self).debugDescription)")
        }
        // Both ways are seen often.
        #expect(taken > 400 && taken < 3600)
    }

    /// The block parser gives a paragraph's content in pieces (its lines, and the line breaks
    /// between them), the first kept apart from the rest until the parse starts: given in pieces,
    /// with trailing spaces trimmed, content is what it is given whole.
    @Test func contentGivenInPiecesIsTheContentGivenWhole() {
        var random = SeededRandom(seed: 0x11E7)
        for content in LineFastPathTests.contents(count: 2000) {
            let trailing = random.pick(["", " ", "  \t", "\t"])
            let given = content + Array(trailing.utf8)
            var pieces = InlineParser()
            pieces.beginContent(capacity: given.count)
            var start = 0
            while start < given.count {
                let end = Swift.min(given.count, start + Int.random(in: 0...5, using: &random))
                if end > start, end - start == 1, given[start] == 0x0A {
                    pieces.appendContent(0x0A)
                } else {
                    pieces.appendContent(given, start..<end)
                }
                start = end
            }
            pieces.trimContentEnd()
            pieces.prepareContent()
            var whole = InlineParser()
            whole.beginContent(capacity: given.count)
            whole.appendWholeContent(given, 0..<given.count)
            whole.trimContentEnd()
            whole.prepareContent()
            #expect(pieces.src == whole.src, "\(String(decoding: given, as: UTF8.self).debugDescription)")
            var end = given.count
            while end > 0, given[end - 1] == 0x20 || given[end - 1] == 0x09 { end -= 1 }
            #expect(whole.src == Array(given[..<end]))
        }
    }

    /// The document JSON, the HTML and the flat document of `input`, with or without the loops.
    static func blockOutputs(_ input: [UInt8], lineLoops: Bool) -> (json: String, html: String, document: Document) {
        var json = BlockParser(source: input, names: [:], output: DocumentJSONBuilder(capacity: input.count))
        json.run(lineLoops: lineLoops)
        var html = BlockParser(source: input, names: [:], output: HTMLBuilder(capacity: input.count))
        html.run(lineLoops: lineLoops)
        var flat = BlockParser(source: input, names: [:], output: FlatBuilder(capacity: input.count))
        flat.run(lineLoops: lineLoops)
        return (json.output.finish { String(decoding: $0, as: UTF8.self) }, html.output.finish { String(decoding: $0, as: UTF8.self) },
                Document(flat: flat.output.flat))
    }

    /// Expects the loops and `process` to write the same JSON, HTML and document for `input`.
    static func expectLoopsWriteWhatProcessWrites(_ input: [UInt8]) {
        let loops = LineFastPathTests.blockOutputs(input, lineLoops: true)
        let process = LineFastPathTests.blockOutputs(input, lineLoops: false)
        let shown = String(decoding: input, as: UTF8.self).debugDescription
        #expect(loops.json == process.json, "\(shown)")
        #expect(loops.html == process.html, "\(shown)")
        #expect(loops.document == process.document, "\(shown)")
    }

    @Test func blockLoopsWriteWhatProcessWrites() {
        for input in LineFastPathTests.inputs(count: 3000) { LineFastPathTests.expectLoopsWriteWhatProcessWrites(input) }
    }

    /// A quote paragraph's next line that is its markers alone and the input's last bytes (no
    /// line break after them): the loop looks past each `>` for its optional space and must stop
    /// at the input's end. The line is blank in the quote: it ends the paragraph and adds nothing
    /// (cmark-gfm: `<blockquote><p>a</p></blockquote>` for the first).
    @Test(arguments: [
        ("> a\n>", #"{"text":"a","spans":[{"start":0,"end":1,"format":"quote"}]}"#),
        ("> a\n> b\n>", #"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"quote"}]}"#),
        (">> a\n>>", #"{"text":"a","spans":[{"start":0,"end":1,"format":"quote"}]}"#),
        ("> > a\n> >", #"{"text":"a","spans":[{"start":0,"end":1,"format":"quote"}]}"#),
    ])
    func aQuoteLineOfMarkersEndingTheInputEndsTheParagraph(_ input: String, _ json: String) {
        let loops = LineFastPathTests.blockOutputs(Array(input.utf8), lineLoops: true)
        let process = LineFastPathTests.blockOutputs(Array(input.utf8), lineLoops: false)
        #expect(loops.json == json)
        #expect(process.json == json)
        #expect(loops.html == process.html)
    }

    /// Every prefix of an input (cut after each scalar) reads alike through the loops and through
    /// `process`, and neither traps: each look past a marker, a delimiter, a bracket or an
    /// entity's `&` must stop at the input's end, wherever it falls. Generated block inputs, and
    /// messages dense in inline syntax, which each cut leaves unfinished in another place.
    @Test func everyPrefixReadsAlikeBothWays() {
        let inline = WireFormatExamplesTests.examples.map(\.1) + [
            #"[a](https://e.com/x "t") [b]( <https://e.com/(y)\>> 't' ) `c` ``d`e`` &amp; &#42; &#x2014; *em* **st** _u_ ~~s~~"#,
            #"[c](https://e.com/x "a)\"b") <u>u</u> <color=#ff0000>c</color> <@uid:u\_1> <br> a\"# + "\nb  \n> - [x](https://e.com/(a) (t))\n>  2. q",
            "- a\n  - b\n\n  c\n1) x\n   ```js\n   code\n\n   ```\n~~~\nz",
        ]
        let inputs = LineFastPathTests.inputs(count: 300).map { String(decoding: $0, as: UTF8.self) } + inline
        for input in inputs {
            let scalars = Array(input.unicodeScalars)
            for end in 0...scalars.count {
                LineFastPathTests.expectLoopsWriteWhatProcessWrites(Array(String(String.UnicodeScalarView(scalars[..<end])).utf8))
            }
        }
    }

    @Test func lineBreakRunsEndAtTheFirstOtherSpecialByte() {
        let specials = Array("\n\\&`*_~[]<".utf8)
        for bytes in ByteScanTests.inputs(specials + [0x20, 0xC3]) {
            for start in [0, 1, 17] where start <= bytes.count {
                let stop = bytes.indices.first { i in
                    guard i >= start, specials.contains(bytes[i]), bytes[i] != 0x0A else { return false }
                    // A backslash before a line break, or ending the bytes, is passed.
                    return bytes[i] != 0x5C || (i + 1 < bytes.count && bytes[i + 1] != 0x0A)
                } ?? bytes.count
                #expect(ByteScan.lineBreakRunEnd(bytes, from: start) == stop, "\(bytes) \(start)")
                let newline = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                #expect(ByteScan.firstIndex(of: 0x0A, in: bytes, from: start) == newline)
            }
        }
        // A backslash right before a line break, in and across blocks.
        for length in 2...40 {
            for position in 0..<(length - 1) {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = 0x5C
                bytes[position + 1] = 0x0A
                #expect(ByteScan.lineBreakRunEnd(bytes, from: 0) == length)
            }
        }
    }
}
