import Testing
@testable import ComposerCore

/// The flat form the wire-format code reads and builds: conversions both ways, the canonical spans
/// and the document JSON found from it agree with the document's own.
@Suite struct FlatDocumentTests {
    @Test func runsCountUTF8BytesAndNewlinesArePlain() throws {
        let doc = try Document(json: #"{"text":"é**x\nb😀","spans":[{"start":0,"end":7,"format":"bold"},{"start":5,"end":7,"format":"quote"}]}"#)
        let flat = doc.flat
        #expect(flat.utf8 == Array("é**x\nb😀".utf8))
        var bold = InlineStyle()
        bold.flags = .bold
        #expect(flat.runs == [StyleRun(style: bold, utf8Count: 5), StyleRun(style: .plain, utf8Count: 1),
                              StyleRun(style: bold, utf8Count: 5)])
        #expect(flat.lineBlocks == [nil, .quote])
        #expect(Document(flat: flat) == doc)
    }

    /// Bytes that are not UTF-8 read as U+FFFD in the style of the run that holds them, the
    /// first run's included; a text the runs do not cover goes on plain.
    @Test func bytesThatAreNotUTF8ReadAsReplacementCharactersInTheirRunsStyle() {
        var bold = InlineStyle()
        bold.flags = .bold
        var italic = InlineStyle()
        italic.flags = .italic
        let broken = FlatDocument(utf8: [0xFF, 0x61, 0xC3, 0x0A, 0x62, 0x82, 0x63],
                                  runs: [StyleRun(style: bold, utf8Count: 3), StyleRun(style: .plain, utf8Count: 1),
                                         StyleRun(style: italic, utf8Count: 2)],
                                  lineBlocks: [nil, .quote], values: ValueTable())
        let repaired = FlatDocument(utf8: Array("\u{FFFD}a\u{FFFD}\nb\u{FFFD}c".utf8),
                                    runs: [StyleRun(style: bold, utf8Count: 7), StyleRun(style: .plain, utf8Count: 1),
                                           StyleRun(style: italic, utf8Count: 4), StyleRun(style: .plain, utf8Count: 1)],
                                    lineBlocks: [nil, .quote], values: ValueTable())
        #expect(Document(flat: broken) == Document(flat: repaired))
        #expect(Document(flat: broken).text == "\u{FFFD}a\u{FFFD}\nb\u{FFFD}c")
    }

    /// One U+FFFD per maximal subpart of an ill-formed sequence, as `String(decoding:as:)` reads
    /// it: a cut-off sequence is one, a byte that can start nothing or continue nothing is one
    /// each (an encoded surrogate, an overlong form, a scalar past U+10FFFF), and the bytes after
    /// a cut-off sequence are read anew.
    @Test(arguments: [
        [0xE2, 0x82], [0xE2, 0x82, 0x61], [0xF0, 0x9F, 0x98], [0xF0, 0x9F, 0x98, 0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x0A],
        [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80], [0x80, 0xBF, 0x61],
        [0x61, 0xE2, 0x28, 0xA1], [0xC3],
    ] as [[UInt8]])
    func eachMaximalSubpartReadsAsOneReplacementCharacter(_ bytes: [UInt8]) {
        let flat = FlatDocument(utf8: bytes, runs: [], lineBlocks: [], values: ValueTable())
        #expect(Document(flat: flat).text == String(decoding: bytes, as: UTF8.self))
    }

    @Test(arguments: 0..<4)
    func conversionsSpansAndJSONAgreeWithTheDocument(batch: Int) {
        for k in 0..<250 {
            var rng = SeededRandom(seed: UInt64(batch * 250 + k) &* 0x5851)
            let doc = WireExactnessPropertyTests.randomDraft(&rng).document
            let flat = doc.flat
            #expect(Document(flat: flat) == doc)
            #expect(flat.spans == doc.spans, "\(doc.json)")
            #expect(doc.json == JSONWriter.write(doc.jsonValue))
            let wire = MarkdownSerializer.serialize(doc)
            #expect(MarkdownParser.parseFlat(wire).json == MarkdownParser.parse(wire).json)
            #expect(MarkdownParser.parseJSON(utf8: Array(wire.utf8)) == MarkdownParser.parseFlat(wire).jsonUTF8)
            #expect(HTMLRenderer.renderUTF8(markdown: Array(wire.utf8)) == HTMLRenderer.renderUTF8(MarkdownParser.parseFlat(wire)))
            #expect(HTMLRenderer.render(MarkdownParser.parseFlat(wire)) == HTMLRenderer.render(MarkdownParser.parse(wire)))
        }
    }

    /// The parser writes JSON and HTML straight away for the C API; they are what the flat
    /// document gives.
    @Test(arguments: [
        "", "plain", "**b** *i* ~~s~~ `c` [l](https://e.com/a?b=\"q\") <u>u</u> <color=#ff0000>r</color> <@uid:u1>",
        "a\\\nb\n\n> q1\n> q2\n\n- x\n- **y**\n\n1. one\n\n```\ncode \"\\\n```\n\n<p></p>",
        "tab\there \u{1}ctl é😀 &quot;&amp;&#10;&#13;x", "- a&#10;b", "> q&#10;r", "**a&NewLine;b**", "\0nul", "```\n```",
        "- \n-\n1.\n>", "`a\nb` [x\ny](https://e.com) <@uid:a\\_b>",
        // Neighbouring links to one URL make one span; the same URL further on another.
        "[a](https://e.com)[b](https://e.com) [c](https://e.com)[d](e.com)[e](https://e.com)",
        "[a](u) [b](x.y) [c](a\\(b) [d](<https://e.com/ x>) [e](https://e.com/&amp;) <@uid:u1><@uid:u1>",
    ])
    func streamedOutputsAreTheFlatDocuments(_ markdown: String) {
        let flat = MarkdownParser.parseFlat(markdown, names: ["u1": "Al\"ice", "a_b": "X\nY"])
        #expect(MarkdownParser.parseJSON(utf8: Array(markdown.utf8), names: ["u1": "Al\"ice", "a_b": "X\nY"]) == flat.jsonUTF8)
        #expect(HTMLRenderer.renderUTF8(markdown: Array(markdown.utf8), names: ["u1": "Al\"ice", "a_b": "X\nY"]) == HTMLRenderer.renderUTF8(flat))
    }

    @Test func adjacentRunsOfOneStyleReadAsOne() {
        var bold = InlineStyle()
        bold.flags = .bold
        let flat = FlatDocument(utf8: Array("abcd".utf8), runs: [StyleRun(style: bold, utf8Count: 2), StyleRun(style: bold, utf8Count: 2)],
                                lineBlocks: [nil], values: ValueTable())
        #expect(flat.spans == [Span(0, 4, .bold)])
        #expect(MarkdownSerializer.serialize(flat) == "**abcd**")
        #expect(HTMLRenderer.render(flat) == "<p><strong>abcd</strong></p>")
    }

    /// A run of no bytes (or fewer) is skipped: the runs after it keep their styles.
    @Test func emptyRunsAreSkipped() {
        var bold = InlineStyle(), italic = InlineStyle()
        bold.flags = .bold
        italic.flags = .italic
        let flat = FlatDocument(utf8: Array("abc".utf8),
                                runs: [StyleRun(style: bold, utf8Count: 1), StyleRun(style: italic, utf8Count: 0),
                                       StyleRun(style: italic, utf8Count: 1), StyleRun(style: .plain, utf8Count: -2),
                                       StyleRun(style: bold, utf8Count: 1)],
                                lineBlocks: [nil], values: ValueTable())
        #expect(Document(flat: flat).spans == [Span(0, 1, .bold), Span(1, 2, .italic), Span(2, 3, .bold)])
    }

    /// A flat document that breaks its rules still gives a well-formed document.
    @Test func malformedFlatDocumentsStayWellFormed() {
        let cases: [FlatDocument] = [
            FlatDocument(utf8: Array("ab\ncd".utf8), runs: [], lineBlocks: [], values: ValueTable()),
            FlatDocument(utf8: Array("ab".utf8), runs: [StyleRun(style: .plain, utf8Count: 9)], lineBlocks: [.quote, .quote, nil], values: ValueTable()),
            FlatDocument(utf8: [0xFF, 0x0A, 0xE2, 0x82], runs: [StyleRun(style: .plain, utf8Count: -3)], lineBlocks: [nil], values: ValueTable()),
        ]
        for flat in cases {
            let doc = Document(flat: flat)
            #expect(doc.flat.lineBlocks.count == doc.text.unicodeScalars.filter { $0 == "\n" }.count + 1)
            #expect(doc.flat.runs.reduce(0) { $0 + $1.utf8Count } == doc.text.utf8.count)
            #expect(Document(flat: doc.flat) == doc)
            _ = MarkdownSerializer.serialize(flat)
            _ = HTMLRenderer.render(flat)
            _ = flat.spans
            _ = flat.json
        }
    }
}
