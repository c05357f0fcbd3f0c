import Testing
@testable import ComposerCore

/// The wire format on tables of documents: exact markdown out (rich text on and off), the supported
/// subset read back, and documents that must survive serialize -> parse unchanged.
@Suite struct WireFormatTableTests {
    /// Line 0 holds every inline format, then a quote, a bullet list, an ordered list and a code block.
    static let everyFormat = ##"{"text":"bold italic strike under code link red @Bob\nquoted\none\ntwo\nfirst\nsecond\nlet x = 1\nend","spans":[{"start":0,"end":4,"format":"bold"},{"start":5,"end":11,"format":"italic"},{"start":12,"end":18,"format":"strike"},{"start":19,"end":24,"format":"underline"},{"start":25,"end":29,"format":"code"},{"start":30,"end":34,"format":"link","url":"https://example.com"},{"start":35,"end":38,"format":"color","color":"#f00"},{"start":39,"end":43,"format":"mention","uid":"u42","name":"Bob"},{"start":44,"end":50,"format":"quote"},{"start":51,"end":58,"format":"bullet_list"},{"start":59,"end":71,"format":"ordered_list"},{"start":72,"end":81,"format":"code_block"}]}"##
    static let everyFormatMarkdown = "**bold** *italic* ~~strike~~ <u>under</u> `code` [link](https://example.com) <color=#ff0000>red</color> <@uid:u42>\n\n> quoted\n\n- one\n- two\n\n1. first\n2. second\n\n```\nlet x = 1\n```\n\nend"
    static let everyFormatText = #"bold italic strike under code link red @Bob\nquoted\none\ntwo\nfirst\nsecond\nlet x = 1\nend"#

    @Test func everyFormatSerializesExactly() throws {
        #expect(MarkdownSerializer.serialize(Document()) == "")
        #expect(MarkdownSerializer.serialize(try Document(json: Self.everyFormat)) == Self.everyFormatMarkdown)
        #expect(PlainTextRenderer.render(MarkdownParser.parseFlat(Self.everyFormatMarkdown, names: ["u42": "Bob"]), maxGraphemes: nil)
            == "bold italic strike under code link red @Bob\nquoted\none\ntwo\nfirst\nsecond\nlet x = 1\nend")
    }

    /// (document JSON, its markdown)
    static let serializeCases: [(String, String)] = [
        (#"{"text":"a b","spans":[{"start":0,"end":3,"format":"bold"},{"start":2,"end":3,"format":"italic"}]}"#, #"**a _b_**"#),
        (#"{"text":"ab","spans":[{"start":0,"end":1,"format":"bold"},{"start":1,"end":2,"format":"italic"}]}"#, #"**a**_b_"#),
        (#"{"text":"x`y``z","spans":[{"start":0,"end":6,"format":"code"}]}"#, #"```x`y``z```"#),
        (#"{"text":"`","spans":[{"start":0,"end":1,"format":"code"}]}"#, #"`` ` ``"#),
        (#"{"text":"code\n```inside","spans":[{"start":0,"end":14,"format":"code_block"}]}"#, "````\ncode\n```inside\n````"),
        (#"{"text":"a\nb","spans":[]}"#, "a\\\nb"),
        (#"{"text":"a\n\nb","spans":[]}"#, "a\\\n\\\nb"),
        (#"{"text":"\nx\n","spans":[]}"#, "<p></p>\n\nx\n\n<p></p>"),
        (#"{"text":"","spans":[{"start":0,"end":0,"format":"quote"}]}"#, #"> <p></p>"#),
        (#"{"text":"q1\nq2","spans":[{"start":0,"end":5,"format":"quote"}]}"#, "> q1\\\n> q2"),
        (#"{"text":"a\n\nb","spans":[{"start":0,"end":4,"format":"ordered_list"}]}"#, "1. a\n2.\n3. b"),
        (#"{"text":"*not bold* _x_ #1","spans":[]}"#, #"\*not bold\* \_x\_ #1"#),
        (##"{"text":"# title\n1. x\n- y","spans":[]}"##, "\\# title\\\n1\\. x\\\n\\- y"),
        (#"{"text":"a <b> & c","spans":[]}"#, #"a \<b\> & c"#),
        (#"{"text":"[x](y)","spans":[]}"#, #"\[x\](y)"#),
        (#"{"text":"link","spans":[{"start":0,"end":4,"format":"link","url":"https://a.io/x_(y)*z"}]}"#, #"[link](https://a.io/x_\(y\)*z)"#),
        (#"{"text":"@Ann x","spans":[{"start":0,"end":4,"format":"mention","uid":"a.b-c","name":"Ann"}]}"#, #"<@uid:a.b-c> x"#),
        // Text GitHub's autolink extension would link: "www." and "://" are escaped, an address is
        // split by an empty <u></u> (docs/wire-format.md); "a.b" and "x:/y" and " @a" are left alone.
        (#"{"text":"see http://x.y www.a.b WWW.c a@b.co x@.z _@q a.b x:/y @a","spans":[]}"#,
         #"see http\://x.y www\.a.b WWW\.c a<u></u>@b.co x<u></u>@.z \_<u></u>@q a.b x:/y @a"#),
        // ":" and ":/" at the end of the text, which no "//" follows.
        (#"{"text":"y: x:/","spans":[]}"#, #"y: x:/"#),
        // A line starting with a link whose text holds "]:" in code starts with an empty <u></u>
        // (it would read as a link reference definition); "]:" in its text outside code is escaped.
        (#"{"text":"a]:b x","spans":[{"start":0,"end":4,"format":"link","url":"https://e.com"},{"start":0,"end":4,"format":"code"}]}"#,
         #"<u></u>[`a]:b`](https://e.com) x"#),
        (#"{"text":"a:b] x","spans":[{"start":0,"end":4,"format":"link","url":"https://e.com"},{"start":0,"end":4,"format":"code"}]}"#,
         #"[`a:b]`](https://e.com) x"#),
        (#"{"text":"link ]: x","spans":[{"start":0,"end":4,"format":"link","url":"https://e.com"}]}"#, #"[link](https://e.com) \]: x"#),
    ]

    @Test(arguments: serializeCases)
    func serializesExactly(_ json: String, _ markdown: String) throws {
        #expect(MarkdownSerializer.serialize(try Document(json: json)) == markdown)
    }

    /// Rich text off: plain text with every markdown-significant character escaped, formats dropped,
    /// mentions kept; what the receiver reads back is the text and the mentions.
    @Test func plainModeEscapesEverything() throws {
        #expect(MarkdownSerializer.serialize(try Document(json: #"{"text":"*a* _b_ `c` [d](e) <u> # 1. - > ~~ \\ & @Bob","spans":[{"start":0,"end":3,"format":"bold"},{"start":39,"end":43,"format":"mention","uid":"u1","name":"Bob"}]}"#), mode: .plain)
            == #"\*a\* \_b\_ \`c\` \[d\](e) \<u\> # 1. - \> \~\~ \\ & <@uid:u1>"#)
        let markdown = MarkdownSerializer.serialize(try Document(json: Self.everyFormat), mode: .plain)
        #expect(markdown == "bold italic strike under code link red <@uid:u42>\\\nquoted\\\none\\\ntwo\\\nfirst\\\nsecond\\\nlet x = 1\\\nend")
        #expect(MarkdownParser.parse(markdown, names: ["u42": "Bob"]).json
            == #"{"text":""# + Self.everyFormatText + #"","spans":[{"start":39,"end":43,"format":"mention","uid":"u42","name":"Bob"}]}"#)
        var config = DraftConfig()
        config.richText = false
        var draft = Editor(settings: config.editorSettings)
        draft.type("- a\n* b\n1. c\n> d\n```e")
        #expect(draft.document.spans.isEmpty)
        #expect(draft.markdown == #"\- a\"# + "\n" + #"\* b\"# + "\n" + #"1\. c\"# + "\n" + #"\> d\"# + "\n" + #"\`\`\`e"#)
        // The bytes `mc_draft_serialize` copies are that markdown, in either mode.
        #expect(draft.withMarkdownUTF8 { String(decoding: $0, as: UTF8.self) } == draft.markdown)
        var rich = Editor()
        rich.load(try Document(json: Self.everyFormat))
        #expect(rich.withMarkdownUTF8 { String(decoding: $0, as: UTF8.self) } == Self.everyFormatMarkdown)
    }

    /// (markdown, the document it reads as)
    static let parseCases: [(String, String)] = [
        (#""#, #"{"text":"","spans":[]}"#),
        (#"plain"#, #"{"text":"plain","spans":[]}"#),
        (#"**a** __b__ *c* _d_ ***e*** ~~f~~"#, #"{"text":"a b c d e f","spans":[{"start":0,"end":1,"format":"bold"},{"start":2,"end":3,"format":"bold"},{"start":4,"end":5,"format":"italic"},{"start":6,"end":7,"format":"italic"},{"start":8,"end":9,"format":"bold"},{"start":8,"end":9,"format":"italic"},{"start":10,"end":11,"format":"strike"}]}"#),
        (#"<u>u</u> `c` <color=#00ff00>g</color>"#, ##"{"text":"u c g","spans":[{"start":0,"end":1,"format":"underline"},{"start":2,"end":3,"format":"code"},{"start":4,"end":5,"format":"color","color":"#00ff00"}]}"##),
        (#"<color=#f00>short</color>"#, #"{"text":"<color=#f00>short</color>","spans":[]}"#),
        (#"[a](https://x.io) [b](x.io) [c](mailto:c@d.e)"#, #"{"text":"a b c","spans":[{"start":0,"end":1,"format":"link","url":"https://x.io"},{"start":2,"end":3,"format":"link","url":"https://x.io"},{"start":4,"end":5,"format":"link","url":"mailto:c@d.e"}]}"#),
        (#"[a](https://x.io) b"#, #"{"text":"a b","spans":[{"start":0,"end":1,"format":"link","url":"https://x.io"}]}"#),
        (#"[bad](javascript:alert(1)) x"#, #"{"text":"bad x","spans":[]}"#),
        (#"\*lit\* \_ \` \\ \["#, #"{"text":"*lit* _ ` \\ [","spans":[]}"#),
        (#"&lt;&#65;&amp;&#x1F600;"#, #"{"text":"<A&😀","spans":[]}"#),
        ("a  \nb\\\nc\nd", #"{"text":"a\nb\nc\nd","spans":[]}"#),
        ("> q\n> r\n\n- a\n- b\n\n1. c\n2. d\n\n```\nx  y\n```", #"{"text":"q\nr\na\nb\nc\nd\nx  y","spans":[{"start":0,"end":3,"format":"quote"},{"start":4,"end":7,"format":"bullet_list"},{"start":8,"end":11,"format":"ordered_list"},{"start":12,"end":16,"format":"code_block"}]}"#),
        ("* star\n+ plus", #"{"text":"star\nplus","spans":[{"start":0,"end":9,"format":"bullet_list"}]}"#),
        ("<p></p>\n\nx", #"{"text":"\nx","spans":[]}"#),
        ("line\r\nbreaks\rhere", #"{"text":"line\nbreaks\nhere","spans":[]}"#),
        (#"# Heading"#, ##"{"text":"# Heading","spans":[]}"##),
        (#"<b>html</b>"#, #"{"text":"<b>html</b>","spans":[]}"#),
        (#"<https://x.io> https://y.io"#, #"{"text":"<https://x.io> https://y.io","spans":[]}"#),
        (#"<@uid:bad uid> <@uid:>"#, #"{"text":"<@uid:bad uid> <@uid:>","spans":[]}"#),
        (#"`<@uid:u1>`"#, #"{"text":"<@uid:u1>","spans":[{"start":0,"end":9,"format":"code"}]}"#),
        (#"*unclosed **also"#, #"{"text":"*unclosed **also","spans":[]}"#),
    ]

    @Test(arguments: parseCases)
    func parsesTheSupportedSubsetAndTheRestLiterally(_ markdown: String, _ json: String) {
        #expect(MarkdownParser.parse(markdown).json == json)
    }

    @Test func mentionsTakeTheirNames() {
        #expect(MarkdownParser.parse("<@uid:u1><@uid:u1>", names: ["u1": "Bob"]).json
            == #"{"text":"@Bob@Bob","spans":[{"start":0,"end":4,"format":"mention","uid":"u1","name":"Bob"},{"start":4,"end":8,"format":"mention","uid":"u1","name":"Bob"}]}"#)
        #expect(MarkdownParser.parse(#"\\<@uid:u1>"#, names: ["u1": "Ann"]).json
            == #"{"text":"\\@Ann","spans":[{"start":1,"end":5,"format":"mention","uid":"u1","name":"Ann"}]}"#)
        #expect(MarkdownParser.parse("<@uid:u1>", names: ["u1": "Ann \"A\" \u{E9}"]).json
            == #"{"text":"@Ann \"A\" é","spans":[{"start":0,"end":10,"format":"mention","uid":"u1","name":"Ann \"A\" é"}]}"#)
    }

    /// (what the case holds, document JSON, the mention names the draft knows as JSON)
    static let roundTrips: [(String, String, String?)] = [
        (#"every format"#, ##"{"text":"bold italic strike under code link red @Bob\nquoted\none\ntwo\nfirst\nsecond\nlet x = 1\nend","spans":[{"start":0,"end":4,"format":"bold"},{"start":5,"end":11,"format":"italic"},{"start":12,"end":18,"format":"strike"},{"start":19,"end":24,"format":"underline"},{"start":25,"end":29,"format":"code"},{"start":30,"end":34,"format":"link","url":"https://example.com"},{"start":35,"end":38,"format":"color","color":"#f00"},{"start":39,"end":43,"format":"mention","uid":"u42","name":"Bob"},{"start":44,"end":50,"format":"quote"},{"start":51,"end":58,"format":"bullet_list"},{"start":59,"end":71,"format":"ordered_list"},{"start":72,"end":81,"format":"code_block"}]}"##, #"{"u42":"Bob"}"#),
        (#"spans next to spaces"#, #"{"text":"bold next to space","spans":[{"start":0,"end":5,"format":"bold"},{"start":9,"end":13,"format":"italic"}]}"#, nil),
        (#"spans next to punctuation"#, #"{"text":"(bold), x.","spans":[{"start":1,"end":5,"format":"bold"},{"start":7,"end":9,"format":"italic"}]}"#, nil),
        (#"touching spans"#, #"{"text":"ab","spans":[{"start":0,"end":1,"format":"bold"},{"start":1,"end":2,"format":"italic"}]}"#, nil),
        (#"nested spans"#, #"{"text":"abcde","spans":[{"start":0,"end":5,"format":"bold"},{"start":1,"end":4,"format":"italic"},{"start":2,"end":3,"format":"strike"}]}"#, nil),
        (#"spans inside words"#, #"{"text":"unbelievable","spans":[{"start":2,"end":6,"format":"bold"},{"start":6,"end":8,"format":"underline"}]}"#, nil),
        (#"leading and trailing spaces"#, #"{"text":"  lead and trail  ","spans":[{"start":0,"end":18,"format":"bold"}]}"#, nil),
        (#"markdown characters in text"#, #"{"text":"a *b* _c_ `d` [e](f) <g> #h 1. i \\ j ~~k~~ & &amp; \\* l | ! ~","spans":[]}"#, nil),
        (#"markdown characters at line starts"#, ##"{"text":"# h\n1. n\n- b\n> q\n```\n    indented\n+ p\n* s\n===\n---","spans":[]}"##, nil),
        (#"italic text with an asterisk"#, #"{"text":"a*b","spans":[{"start":0,"end":3,"format":"italic"}]}"#, nil),
        (#"code with backticks"#, #"{"text":"x`y``z and ``` fence","spans":[{"start":0,"end":6,"format":"code"},{"start":11,"end":20,"format":"code"}]}"#, nil),
        (#"code with spaces"#, #"{"text":" x ","spans":[{"start":0,"end":3,"format":"code"}]}"#, nil),
        (#"a lone backtick in code"#, #"{"text":"`","spans":[{"start":0,"end":1,"format":"code"}]}"#, nil),
        (#"emoji"#, "{\"text\":\"😀 emoji 👨\u{200D}👩\u{200D}👧 🇫🇷\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"bold\"},{\"start\":8,\"end\":13,\"format\":\"italic\"},{\"start\":14,\"end\":16,\"format\":\"strike\"}]}", nil),
        (#"combining marks"#, "{\"text\":\"e\u{301}e\u{301}\",\"spans\":[{\"start\":0,\"end\":2,\"format\":\"bold\"},{\"start\":2,\"end\":4,\"format\":\"italic\"}]}", nil),
        (#"RTL and CJK"#, #"{"text":"שלום 漢字","spans":[{"start":0,"end":4,"format":"underline"},{"start":5,"end":7,"format":"strike"}]}"#, nil),
        (#"empty lines"#, #"{"text":"\n\nmiddle\n\n","spans":[]}"#, nil),
        (#"an empty line between paragraphs"#, #"{"text":"a\n\nb","spans":[]}"#, nil),
        (#"an empty quote"#, #"{"text":"","spans":[{"start":0,"end":0,"format":"quote"}]}"#, nil),
        (#"a quote with empty lines"#, #"{"text":"x\n\n\ny","spans":[{"start":0,"end":5,"format":"quote"}]}"#, nil),
        (#"lists of both kinds side by side"#, #"{"text":"a\nb\nc","spans":[{"start":0,"end":1,"format":"bullet_list"},{"start":2,"end":3,"format":"ordered_list"},{"start":4,"end":5,"format":"bullet_list"}]}"#, nil),
        (#"an empty list item"#, #"{"text":"a\n\nb","spans":[{"start":0,"end":4,"format":"ordered_list"}]}"#, nil),
        (#"list text that looks like a marker"#, #"{"text":"1. a\n\tb","spans":[{"start":0,"end":4,"format":"ordered_list"}]}"#, nil),
        (#"a code block with a fence inside"#, #"{"text":"code ```x```\nline","spans":[{"start":0,"end":12,"format":"code_block"},{"start":13,"end":17,"format":"quote"}]}"#, nil),
        (#"a code block with markdown inside"#, #"{"text":"**not bold** <u>","spans":[{"start":0,"end":16,"format":"code_block"}]}"#, nil),
        (#"a link with markdown in its URL"#, #"{"text":"link","spans":[{"start":0,"end":4,"format":"link","url":"https://a.io/x_(y)*z"},{"start":0,"end":2,"format":"bold"}]}"#, nil),
        (#"a link followed by text"#, #"{"text":"see link here","spans":[{"start":4,"end":8,"format":"link","url":"https://example.com"},{"start":9,"end":13,"format":"bold"}]}"#, nil),
        (#"a link containing code"#, #"{"text":"a b c","spans":[{"start":0,"end":5,"format":"link","url":"https://z.io"},{"start":2,"end":3,"format":"code"}]}"#, nil),
        (#"colour with bold inside"#, ##"{"text":"red","spans":[{"start":0,"end":3,"format":"color","color":"#abc"},{"start":0,"end":3,"format":"bold"},{"start":1,"end":2,"format":"underline"}]}"##, nil),
        (#"mentions next to punctuation"#, #"{"text":"@Bob, hi @Ann!","spans":[{"start":0,"end":4,"format":"mention","uid":"u1","name":"Bob"},{"start":9,"end":13,"format":"mention","uid":"u2","name":"Ann"}]}"#, #"{"u1":"Bob","u2":"Ann"}"#),
        (#"touching mentions of one user"#, #"{"text":"@Bob@Bob","spans":[{"start":0,"end":4,"format":"mention","uid":"u1","name":"Bob"},{"start":4,"end":8,"format":"mention","uid":"u1","name":"Bob"}]}"#, #"{"u1":"Bob"}"#),
        (#"a bold mention"#, #"{"text":"x @Al y","spans":[{"start":0,"end":7,"format":"bold"},{"start":2,"end":5,"format":"mention","uid":"u1","name":"Al"}]}"#, #"{"u1":"Al"}"#),
        (#"text GitHub would autolink"#, #"{"text":"http://x.y www.a.b a@b.co, c+d@e.f @g","spans":[{"start":27,"end":34,"format":"bold"}]}"#, nil),
        (#"a mention name with markdown"#, #"{"text":"@*A* [b]","spans":[{"start":0,"end":8,"format":"mention","uid":"u1","name":"*A* [b]"}]}"#, #"{"u1":"*A* [b]"}"#),
    ]

    @Test(arguments: roundTrips)
    func serializeThenParseGivesTheSameDocument(_ what: String, _ json: String, _ namesJSON: String?) throws {
        let document = try Document(json: json)
        let names = try namesJSON.map { try MentionNames.read(json: $0) }
        let markdown = MarkdownSerializer.serialize(document)
        #expect(MarkdownParser.parse(markdown, names: names ?? [:]) == document, "\(what): \(markdown)")
        var draft = Editor()
        draft.loadMarkdown(markdown, names: names ?? [:])
        #expect(draft.document == document, "\(what): loadMarkdown")
    }

    /// Plain text for notifications: formatting dropped, mentions by name, cut on grapheme clusters
    /// (a mention counts as the clusters of "@Name").
    @Test(arguments: [
        ("**Hi** <@uid:u2>, see [docs](https://x.io)", nil, "Hi @u2, see docs"),
        ("- one\n- two\n\n> quote\n\n```\n<code>\n```", nil, "one\ntwo\nquote\n<code>"),
        (#"\*lit\* &amp; &#x1F600;"#, nil, "*lit* & 😀"),
        ("Hello", 5, "Hello"),
        ("Hello world", 5, "Hello…"),
        ("", 0, ""),
        ("🇫🇷🇩🇪🇫🇷", 2, "🇫🇷🇩🇪…"),
        ("👍🏽👍🏽", 1, "👍🏽…"),
        ("1\u{FE0F}\u{20E3}x", 1, "1\u{FE0F}\u{20E3}…"),
        ("**ab** <@uid:u1> tail", 7, "ab @Bob…"),
        ("line one\nline two", 9, "line one\n…"),
    ] as [(String, Int?, String)])
    func plainText(_ markdown: String, _ max: Int?, _ expected: String) {
        #expect(PlainTextRenderer.render(MarkdownParser.parseFlat(markdown, names: ["u1": "Bob"]), maxGraphemes: max) == expected)
    }

    @Test(arguments: [
        ("[x](example.com)", #"<p><a href="https://example.com" rel="nofollow noopener noreferrer">x</a></p>"#),
        ("[x](javascript:alert(1)) [y](data:text/html,z)", "<p>x y</p>"),
        ("> q\n> r\n\n```\n&amp;\n```", "<blockquote><p>q<br>r</p></blockquote><pre><code>&amp;amp;</code></pre>"),
        ("", "<p></p>"),
        ("a\\\nb", "<p>a<br>b</p>"),
        ("<@uid:u1>", #"<p><span class="mention" data-uid="u1">@u1</span></p>"#),
        ("***both***", "<p><strong><em>both</em></strong></p>"),
        ("`c<>` <color=#ff0000>r</color>", #"<p><code>c&lt;&gt;</code> <span style="color:#ff0000">r</span></p>"#),
    ])
    func html(_ markdown: String, _ expected: String) {
        #expect(String(decoding: HTMLRenderer.renderUTF8(markdown: Array(markdown.utf8), names: [:]), as: UTF8.self) == expected)
    }
}
