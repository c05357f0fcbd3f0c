import Testing
@testable import ComposerCore

/// The wire format on hand-picked drafts: exact markdown out, the same draft back.
@Suite struct WireFormatExamplesTests {
    static let examples: [(String, String)] = [
        ("hello|", "hello"),
        ("<b>bold</b> and <i>it</i>|", "**bold** and *it*"),
        ("a<b>b</b>c|", "&#97;**b**&#99;"),
        ("<b> x</b>|", "**&#32;x**"),
        ("<b><i>both</i></b>|", "**_both_**"),
        // Marks opening together: the one lasting longer outside, whatever their priority.
        ("<i><b>ab</b>c</i> <u><s>x</s>yz</u>|", "*__ab__&#99;* <u>~~x~~&#121;z</u>"),
        ("<s>gone</s> <u>under</u>|", "~~gone~~ <u>under</u>"),
        ("<code>x`y</code>|", "``x`y``"),
        ("<a https://e.com/a_(b)>link <b>bold</b></a>|", "[link **bold**](https://e.com/a_\\(b\\))"),
        ("<@u42 Bob>@Bob</@> hi|", "<@uid:u42> hi"),
        ("<color #ff0000>red</color>|", "<color=#ff0000>red</color>"),
        // A colour stays open across the styles inside it, as a link does.
        ("<color #ff0000>red <b>bold</b> red</color>|", "<color=#ff0000>red **bold** red</color>"),
        ("1. not a list\n# not a heading\n- no|", "1\\. not a list\\\n\\# not a heading\\\n\\- no"),
        ("*stars* _under_ \\\\back|", "\\*stars\\* \\_under\\_ \\\\back"),
        ("[quote]q1\n[quote]q2|", "> q1\\\n> q2"),
        ("[bullet_list]a\n[bullet_list]\n[bullet_list]c|", "- a\n-\n- c"),
        ("[ordered_list]one\n[ordered_list]two|", "1. one\n2. two"),
        ("[code_block]let x = `1`\n[code_block]\n[code_block]```|", "````\nlet x = `1`\n\n```\n````"),
        ("a\n\nb|", "a\\\n\\\nb"),
        ("\na\n|", "<p></p>\n\na\n\n<p></p>"),
        ("  indented  |", "&#32;&#32;indented&#32;&#32;"),
        ("[quote]q\n\n[quote]r|", "> q\n\n<p></p>\n\n> r"),
    ]

    @Test(arguments: examples)
    func serializesExactlyAndParsesBack(_ notation: String, _ markdown: String) throws {
        let draft = try Editor.notation(notation)
        let wire = MarkdownSerializer.serialize(draft.document)
        #expect(wire == markdown)
        let names = Dictionary(draft.mentions.map { ($0.uid, $0.name) }, uniquingKeysWith: { a, _ in a })
        let back = MarkdownParser.parse(wire, names: names)
        #expect(back == draft.document, "parsed back: \(back.json)")
    }
}

/// Inputs the fuzzer found: each must parse to a well-formed document that serializes and parses
/// back to itself.
@Suite struct ParserRegressionTests {
    @Test(arguments: ["a&#10;b", "a&#xa;", "**a&NewLine;b**", "[x&#10;y](https://e.com)", "a&#13;b", "- a&#10;b", "> q&#10;r"])
    func entityLineBreaksStartLines(_ markdown: String) throws {
        let doc = MarkdownParser.parse(markdown)
        let flat = doc.flat
        #expect(flat.lineBlocks.count == flat.utf8.filter { $0 == 0x0A }.count + 1)
        #expect(!flat.utf8.contains(0x0D))
        #expect(try Document(json: doc.json) == doc)
        #expect(MarkdownParser.parse(MarkdownSerializer.serialize(doc)) == doc)
    }

    @Test func entityNewlineSplitsTheLine() {
        #expect(MarkdownParser.parse("**a&#10;b**").json
                == #"{"text":"a\nb","spans":[{"start":0,"end":1,"format":"bold"},{"start":2,"end":3,"format":"bold"}]}"#)
    }
}
