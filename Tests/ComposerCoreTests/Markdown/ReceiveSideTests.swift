import Testing
@testable import ComposerCore

/// The receive side of the wire format (README "The wire format"): a received message parsed into a
/// document, rendered as plain text for a notification, and as safe HTML; the mention names that
/// come with it. These cases were asserted by the Python and Rust suites; they are engine
/// behaviour, so they live here once.
@Suite struct ReceiveSideTests {
    static func html(_ markdown: String, _ names: [String: String] = [:]) -> String {
        String(decoding: HTMLRenderer.renderUTF8(markdown: Array(markdown.utf8), names: names), as: UTF8.self)
    }

    static func plain(_ markdown: String, _ names: [String: String] = [:], max: Int? = nil) -> String {
        PlainTextRenderer.render(MarkdownParser.parseFlat(markdown, names: names), maxGraphemes: max)
    }

    @Test func parseReadsEveryFormat() {
        let markdown = "**b** *i* _i_ __b__ <u>u</u> ~~s~~ `c` [l](https://x.y) <color=#ff0000>r</color> <@uid:u1>"
        #expect(MarkdownParser.parse(markdown).json == """
            {"text":"b i i b u s c l r @u1","spans":[{"start":0,"end":1,"format":"bold"},\
            {"start":2,"end":3,"format":"italic"},{"start":4,"end":5,"format":"italic"},\
            {"start":6,"end":7,"format":"bold"},{"start":8,"end":9,"format":"underline"},\
            {"start":10,"end":11,"format":"strike"},{"start":12,"end":13,"format":"code"},\
            {"start":14,"end":15,"format":"link","url":"https://x.y"},\
            {"start":16,"end":17,"format":"color","color":"#ff0000"},\
            {"start":18,"end":21,"format":"mention","uid":"u1","name":"u1"}]}
            """)
    }

    @Test func parseReadsEveryBlock() {
        let markdown = "> q1\n> q2\n\n- b1\n- b2\n\n3. o1\n4. o2\n\n```\ncode *x*\n```\n\ntext"
        #expect(MarkdownParser.parse(markdown).json == """
            {"text":"q1\\nq2\\nb1\\nb2\\no1\\no2\\ncode *x*\\ntext","spans":[{"start":0,"end":5,"format":"quote"},\
            {"start":6,"end":11,"format":"bullet_list"},{"start":12,"end":17,"format":"ordered_list"},\
            {"start":18,"end":26,"format":"code_block"}]}
            """)
    }

    /// A list marker on a line that leaves an open item or quote starts a list, whatever its
    /// number, its character or its content, as cmark-gfm reads it: the paragraph it follows is not
    /// among the containers the line continues, so the rule that only a list from 1 with content
    /// interrupts a paragraph does not apply (it does to a line inside them, which continues the
    /// paragraph). Start numbers are not kept, and one block format per line merges two lists of
    /// one kind side by side.
    @Test(arguments: [
        ("- a\n2. b", #"{"text":"a\nb","spans":[{"start":0,"end":1,"format":"bullet_list"},{"start":2,"end":3,"format":"ordered_list"}]}"#),
        ("> a\n2. b", #"{"text":"a\nb","spans":[{"start":0,"end":1,"format":"quote"},{"start":2,"end":3,"format":"ordered_list"}]}"#),
        ("1. a\n2) b", #"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"ordered_list"}]}"#),
        ("> a\n-", #"{"text":"a\n","spans":[{"start":0,"end":1,"format":"quote"},{"start":2,"end":2,"format":"bullet_list"}]}"#),
        ("- a\n2.", #"{"text":"a\n","spans":[{"start":0,"end":1,"format":"bullet_list"},{"start":2,"end":2,"format":"ordered_list"}]}"#),
        ("- a\n  b\n2) c", #"{"text":"a\nb\nc","spans":[{"start":0,"end":3,"format":"bullet_list"},{"start":4,"end":5,"format":"ordered_list"}]}"#),
        ("> - a\n> 2. b", #"{"text":"a\nb","spans":[{"start":0,"end":1,"format":"bullet_list"},{"start":2,"end":3,"format":"ordered_list"}]}"#),
        // Inside the paragraph's containers, the line goes on with the paragraph.
        ("a\n2. b", #"{"text":"a\n2. b","spans":[]}"#),
        ("> a\n> 2. b", #"{"text":"a\n2. b","spans":[{"start":0,"end":6,"format":"quote"}]}"#),
        ("- a\n  2. b", #"{"text":"a\n2. b","spans":[{"start":0,"end":6,"format":"bullet_list"}]}"#),
    ])
    func aListMarkerLeavingItsContainersStartsAList(_ markdown: String, _ json: String) {
        #expect(MarkdownParser.parse(markdown).json == json)
    }

    /// A list marker on a line inside an item's content opens a list inside that item, which goes
    /// on after it: a later line indented as the item's content is the item's (its list's kind),
    /// and an item whose marker line is empty and whose content is a list shows that list's line
    /// only, as `- - b` does. Each read off cmark-gfm's HTML (`<ol><li><p>a</p><ul><li>b</li></ul>
    /// <p>c</p></li></ol>` for the first), flattened to the innermost list's kind a line. The
    /// document JSON, the document and the HTML alike, and both ways through the lines.
    @Test(arguments: [
        ("1. a\n   - b\n\n   c", #"{"text":"a\nb\nc","spans":[{"start":0,"end":1,"format":"ordered_list"},{"start":2,"end":3,"format":"bullet_list"},{"start":4,"end":5,"format":"ordered_list"}]}"#,
         "<ol><li>a</li></ol><ul><li>b</li></ul><ol><li>c</li></ol>"),
        ("- a\n  1. b\n\n  c", #"{"text":"a\nb\nc","spans":[{"start":0,"end":1,"format":"bullet_list"},{"start":2,"end":3,"format":"ordered_list"},{"start":4,"end":5,"format":"bullet_list"}]}"#,
         "<ul><li>a</li></ul><ol><li>b</li></ol><ul><li>c</li></ul>"),
        ("> - a\n>   1. b\n>\n>   c", #"{"text":"a\nb\nc","spans":[{"start":0,"end":1,"format":"bullet_list"},{"start":2,"end":3,"format":"ordered_list"},{"start":4,"end":5,"format":"bullet_list"}]}"#,
         "<ul><li>a</li></ul><ol><li>b</li></ol><ul><li>c</li></ul>"),
        ("-\n  - b", #"{"text":"b","spans":[{"start":0,"end":1,"format":"bullet_list"}]}"#, "<ul><li>b</li></ul>"),
        ("1.\n   2. b", #"{"text":"b","spans":[{"start":0,"end":1,"format":"ordered_list"}]}"#, "<ol><li>b</li></ol>"),
        ("2. \n   * b", #"{"text":"b","spans":[{"start":0,"end":1,"format":"bullet_list"}]}"#, "<ul><li>b</li></ul>"),
        // Not inside: the next item of the list, and a marker less indented than the content.
        ("- a\n- b", #"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"bullet_list"}]}"#, "<ul><li>a</li><li>b</li></ul>"),
        ("1. a\n  - b\n\n   c", #"{"text":"a\nb\nc","spans":[{"start":0,"end":1,"format":"ordered_list"},{"start":2,"end":3,"format":"bullet_list"}]}"#,
         "<ol><li>a</li></ol><ul><li>b</li></ul><p>c</p>"),
    ])
    func aListMarkerInsideAnItemsContentNestsAList(_ markdown: String, _ json: String, _ html: String) {
        #expect(MarkdownParser.parse(markdown).json == json)
        #expect(String(decoding: MarkdownParser.parseJSON(utf8: Array(markdown.utf8)), as: UTF8.self) == json)
        #expect(Self.html(markdown) == html)
        var lineByLine = BlockParser(source: Array(markdown.utf8), names: [:], output: FlatBuilder(capacity: markdown.utf8.count))
        lineByLine.run(lineLoops: false)
        #expect(Document(flat: lineByLine.output.flat).json == json)
    }

    /// An item that holds nothing yet (its marker alone on the line) is not continued by a blank
    /// line less indented than its content, as cmark-gfm reads it: an item begins with at most one
    /// blank line, so what follows is outside it. Each expectation is cmark-gfm's HTML
    /// (`<ul><li></li></ul><p>,</p>` for the first).
    @Test(arguments: [
        ("-\n\n  ,", #"{"text":"\n,","spans":[{"start":0,"end":0,"format":"bullet_list"}]}"#),
        ("1.\n\n   a", #"{"text":"\na","spans":[{"start":0,"end":0,"format":"ordered_list"}]}"#),
        ("> -\n>\n>   a", #"{"text":"\na","spans":[{"start":0,"end":0,"format":"bullet_list"},{"start":1,"end":2,"format":"quote"}]}"#),
        // A blank line as indented as the content, an item with content, the next item: continued.
        ("- \n  \n  a", #"{"text":"a","spans":[{"start":0,"end":1,"format":"bullet_list"}]}"#),
        ("-\n  a\n\n  b", #"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"bullet_list"}]}"#),
        ("-\n\n- b", #"{"text":"\nb","spans":[{"start":0,"end":2,"format":"bullet_list"}]}"#),
        // Its content indent is the marker's width and one: a line indented less is not the
        // item's (`<ul><li></li></ul><p>a</p>`), one indented that much is.
        ("-\n a", #"{"text":"\na","spans":[{"start":0,"end":0,"format":"bullet_list"}]}"#),
        ("-\n  a", #"{"text":"a","spans":[{"start":0,"end":1,"format":"bullet_list"}]}"#),
        ("10.\n   a", #"{"text":"\na","spans":[{"start":0,"end":0,"format":"ordered_list"}]}"#),
        ("10.\n    a", #"{"text":"a","spans":[{"start":0,"end":1,"format":"ordered_list"}]}"#),
    ])
    func anEmptyItemEndsAtABlankLine(_ markdown: String, _ json: String) {
        #expect(MarkdownParser.parse(markdown).json == json)
        #expect(String(decoding: MarkdownParser.parseJSON(utf8: Array(markdown.utf8)), as: UTF8.self) == json)
    }

    /// A tab after a list marker counts to the next multiple of 4 from the marker's end, not from
    /// the line's start: `1)` and a tab give content 4 columns in, so a line indented by a tab
    /// continues the item rather than being lazy (which would keep its tab), as cmark-gfm reads it
    /// (`<ol><li><code> </code></li></ol>` for the first).
    @Test(arguments: [
        ("1)\t``\n\t``", #"{"text":" ","spans":[{"start":0,"end":1,"format":"code"},{"start":0,"end":1,"format":"ordered_list"}]}"#),
        ("-\ta\\\n\tb", #"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"bullet_list"}]}"#),
        ("-\ta\\\n  b", #"{"text":"a\n  b","spans":[{"start":0,"end":5,"format":"bullet_list"}]}"#),
        (" -\t`a\n    b`", #"{"text":"a b","spans":[{"start":0,"end":3,"format":"bullet_list"},{"start":0,"end":3,"format":"code"}]}"#),
        ("10.\t`a\n\tb`", #"{"text":"a b","spans":[{"start":0,"end":3,"format":"code"},{"start":0,"end":3,"format":"ordered_list"}]}"#),
        ("-  \t`a\n\t b`", #"{"text":"a b","spans":[{"start":0,"end":3,"format":"bullet_list"},{"start":0,"end":3,"format":"code"}]}"#),
    ])
    func aTabAfterAListMarkerCountsFromTheMarkersEnd(_ markdown: String, _ json: String) {
        #expect(MarkdownParser.parse(markdown).json == json)
        #expect(String(decoding: MarkdownParser.parseJSON(utf8: Array(markdown.utf8)), as: UTF8.self) == json)
    }

    /// A lazy continuation line (one that leaves the paragraph's quote or item) keeps its leading
    /// spaces and tabs, as cmark-gfm reads it: a code span running into it or a backslash break
    /// before it shows them (a soft or two-space break drops them, and so does the block parser
    /// from a line that continues every container). Each expectation is cmark-gfm's HTML
    /// (`<blockquote><p>a<br />\n  b</p></blockquote>` for the first). Checked as the document, the
    /// document JSON that `mc_markdown_parse` writes, and the HTML (where an item's lines are items:
    /// a document's list item is one line).
    @Test(arguments: [
        ("> a\\\n  b", #"{"text":"a\n  b","spans":[{"start":0,"end":5,"format":"quote"}]}"#, "<blockquote><p>a<br>  b</p></blockquote>"),
        ("> a\\\n\tb", #"{"text":"a\n\tb","spans":[{"start":0,"end":4,"format":"quote"}]}"#, "<blockquote><p>a<br>\tb</p></blockquote>"),
        ("- a\\\n b", #"{"text":"a\n b","spans":[{"start":0,"end":4,"format":"bullet_list"}]}"#, "<ul><li>a</li><li> b</li></ul>"),
        ("- `a\n b`", #"{"text":"a  b","spans":[{"start":0,"end":4,"format":"bullet_list"},{"start":0,"end":4,"format":"code"}]}"#,
         "<ul><li><code>a  b</code></li></ul>"),
        ("> `\n `", #"{"text":"  ","spans":[{"start":0,"end":2,"format":"code"},{"start":0,"end":2,"format":"quote"}]}"#,
         "<blockquote><p><code>  </code></p></blockquote>"),
        // Dropped: after a soft or two-space break, and from lines that are not lazy.
        ("> a  \n  b", #"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"quote"}]}"#, "<blockquote><p>a<br>b</p></blockquote>"),
        ("> a\n  b", #"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"quote"}]}"#, "<blockquote><p>a<br>b</p></blockquote>"),
        ("> a\\\n>   b", #"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"quote"}]}"#, "<blockquote><p>a<br>b</p></blockquote>"),
        ("a\\\n  b", #"{"text":"a\nb","spans":[]}"#, "<p>a<br>b</p>"),
        ("- a\\\n   b", #"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"bullet_list"}]}"#, "<ul><li>a</li><li>b</li></ul>"),
    ])
    func aLazyLineKeepsItsLeadingWhitespace(_ markdown: String, _ json: String, _ html: String) {
        #expect(MarkdownParser.parse(markdown).json == json)
        #expect(String(decoding: MarkdownParser.parseJSON(utf8: Array(markdown.utf8)), as: UTF8.self) == json)
        #expect(Self.html(markdown) == html)
    }

    /// A fenced code line loses at most the fence's indent; a tab that reaches past it leaves its
    /// other columns as spaces (a tab counts to the next multiple of 4), as cmark-gfm reads it
    /// (`<pre><code>   x` for the first).
    @Test(arguments: [
        (" ```\n\tx", "   x"),
        ("  ```\n\tx", "  x"),
        ("   ```\n \tx", " x"),
        (" ```\n\t\tx", "   \tx"),
        (" ```\n  \tx", " \tx"),
        ("```\n\tx", "\tx"),
        ("  ```\n\tx\n\n \ty\n  ```", "  x\n\n  y"),
    ])
    func aTabInAFencedLinesIndentKeepsTheColumnsPastIt(_ markdown: String, _ code: String) {
        let document = MarkdownParser.parse(markdown)
        #expect(document.text == code)
        #expect(String(decoding: MarkdownParser.parseJSON(utf8: Array(markdown.utf8)), as: UTF8.self) == document.json)
        #expect(Self.html(markdown) == "<pre><code>\(code)</code></pre>")
    }

    /// A byte order mark that opens the message is no text, as cmark-gfm reads it (`<p>a</p>` for
    /// the first); one anywhere else, or written as an entity (as the serializer writes U+FEFF), is.
    /// The document, its JSON and the HTML alike.
    @Test(arguments: [
        ("\u{FEFF}a", #"{"text":"a","spans":[]}"#, "<p>a</p>"),
        ("\u{FEFF}", #"{"text":"","spans":[]}"#, "<p></p>"),  // the empty message
        ("\u{FEFF}\n> *a*", #"{"text":"a","spans":[{"start":0,"end":1,"format":"italic"},{"start":0,"end":1,"format":"quote"}]}"#,
         "<blockquote><p><em>a</em></p></blockquote>"),
        ("\u{FEFF}- a", #"{"text":"a","spans":[{"start":0,"end":1,"format":"bullet_list"}]}"#, "<ul><li>a</li></ul>"),
        ("\u{FEFF}\u{FEFF}a", #"{"text":"\#u{FEFF}a","spans":[]}"#, "<p>\u{FEFF}a</p>"),
        ("a\n\u{FEFF}b", #"{"text":"a\n\#u{FEFF}b","spans":[]}"#, "<p>a<br>\u{FEFF}b</p>"),
        ("&#xFEFF;a", #"{"text":"\#u{FEFF}a","spans":[]}"#, "<p>\u{FEFF}a</p>"),
    ])
    func aByteOrderMarkOpeningTheMessageIsNoText(_ markdown: String, _ json: String, _ html: String) {
        #expect(MarkdownParser.parse(markdown).json == json)
        #expect(String(decoding: MarkdownParser.parseJSON(utf8: Array(markdown.utf8)), as: UTF8.self) == json)
        #expect(Self.html(markdown) == html)
        #expect(Self.plain(markdown) == MarkdownParser.parse(markdown).text)
    }

    /// A tab that a container's marker or indent takes part of keeps the rest of its columns, and
    /// a tab counts to the next multiple of 4 from the line's start, also after a marker: a quote
    /// marker's optional space takes one column of a tab (`> ` and a tab: two columns left, so
    /// `2.` after them is a list), an item's content indent as many as it needs, and the rest go
    /// into fenced code and lazy lines as spaces, as cmark-gfm reads them (each read off its
    /// HTML: `<blockquote><ol start="2"><li></li></ol></blockquote>` for the first).
    @Test(arguments: [
        ("> \t2.", #"{"text":"","spans":[{"start":0,"end":0,"format":"ordered_list"}]}"#),
        ("> \t- a", #"{"text":"a","spans":[{"start":0,"end":1,"format":"bullet_list"}]}"#),
        ("*\n  ```\n\t", #"{"text":"  ","spans":[{"start":0,"end":2,"format":"code_block"}]}"#),
        ("- >\\\n\t;", #"{"text":"\n  ;","spans":[{"start":0,"end":4,"format":"bullet_list"}]}"#),
        ("* 1. `\n\t`", #"{"text":"   ","spans":[{"start":0,"end":3,"format":"code"},{"start":0,"end":3,"format":"ordered_list"}]}"#),
        ("> ```\n>\tx", #"{"text":"  x","spans":[{"start":0,"end":3,"format":"code_block"}]}"#),
        ("- ```\n \tx", #"{"text":"  x","spans":[{"start":0,"end":3,"format":"code_block"}]}"#),
        ("1.\ta\n\tb", #"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"ordered_list"}]}"#),
        (">\t> a", #"{"text":"a","spans":[{"start":0,"end":1,"format":"quote"}]}"#),
        ("- a\n \t- b", #"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"bullet_list"}]}"#),
        (" -\t- a", #"{"text":"a","spans":[{"start":0,"end":1,"format":"bullet_list"}]}"#),
        // An indented marker: the tab's width counts from its own column (a `>` in column 2
        // leaves one, all taken; in column 3, four, one taken: three left and two spaces are
        // indented code, read as text).
        ("  >\t   - a", #"{"text":"a","spans":[{"start":0,"end":1,"format":"bullet_list"}]}"#),
        ("   >\t  - a", #"{"text":"- a","spans":[{"start":0,"end":3,"format":"quote"}]}"#),
        // Quotes opened on one line: a tab right after a `>` gives it one column; after a space,
        // none (`>>> `, a tab: four columns, no list: indented code, read as text).
        (">> \t2.", #"{"text":"","spans":[{"start":0,"end":0,"format":"ordered_list"}]}"#),
        (">>> \t1) x", #"{"text":"1) x","spans":[{"start":0,"end":4,"format":"quote"}]}"#),
        // A tab of one column after the last `>`, ending the text: all taken, nothing after it.
        (" >>\t", #"{"text":"","spans":[{"start":0,"end":0,"format":"quote"}]}"#),
        // A fence indented two in an item: a later line's tab that fills those two columns
        // exactly is all indent; the next tab is the code's (`<pre><code>\tb`).
        ("- a\n    ```\n  \t\tb\n    ```", #"{"text":"a\n\tb","spans":[{"start":0,"end":1,"format":"bullet_list"},{"start":2,"end":4,"format":"code_block"}]}"#),
    ])
    func aTabAContainerTakesPartOfKeepsTheRest(_ markdown: String, _ json: String) {
        #expect(MarkdownParser.parse(markdown).json == json)
        #expect(String(decoding: MarkdownParser.parseJSON(utf8: Array(markdown.utf8)), as: UTF8.self) == json)
        var lineByLine = BlockParser(source: Array(markdown.utf8), names: [:], output: FlatBuilder(capacity: markdown.utf8.count))
        lineByLine.run(lineLoops: false)
        #expect(Document(flat: lineByLine.output.flat).json == json)
    }

    /// Markers alike at a line's start open nested items (flattened into one item of the list)
    /// also when the line ends in a run of them that would be a thematic break from there on: the
    /// item's text comes first (`<ul><li><ul><li>a - - -</li></ul></li></ul>` for the first).
    @Test(arguments: [
        ("- - a - - -", #"{"text":"a - - -","spans":[{"start":0,"end":7,"format":"bullet_list"}]}"#),
        ("- - - a - - -", #"{"text":"a - - -","spans":[{"start":0,"end":7,"format":"bullet_list"}]}"#),
        ("* * a * * *", #"{"text":"a * * *","spans":[{"start":0,"end":7,"format":"bullet_list"}]}"#),
        ("- - a --- ", #"{"text":"a ---","spans":[{"start":0,"end":5,"format":"bullet_list"}]}"#),
        ("- - a -\t- -", #"{"text":"a -\t- -","spans":[{"start":0,"end":7,"format":"bullet_list"}]}"#),
    ])
    func nestedItemsOnALineEndingInABreaksCharacters(_ markdown: String, _ json: String) {
        #expect(MarkdownParser.parse(markdown).json == json)
    }

    /// A thematic break that a list marker starts (`* * *`, `- - -`) is no item: it is paragraph
    /// text, as every thematic break is (the subset has none), where cmark-gfm draws `<hr />`; at
    /// a line's start, after a paragraph line, in a quote, after an item, and inside an item.
    @Test(arguments: [
        ("* * *", #"{"text":"* * *","spans":[]}"#),
        ("- - -", #"{"text":"- - -","spans":[]}"#),
        ("  * * *", #"{"text":"* * *","spans":[]}"#),
        ("a\n* * *", #"{"text":"a\n* * *","spans":[]}"#),
        ("- - - -\nb", #"{"text":"- - - -\nb","spans":[]}"#),
        ("> - - -", #"{"text":"- - -","spans":[{"start":0,"end":5,"format":"quote"}]}"#),
        ("- a\n- - -", #"{"text":"a\n- - -","spans":[{"start":0,"end":1,"format":"bullet_list"}]}"#),
        ("- * * *", #"{"text":"* * *","spans":[{"start":0,"end":5,"format":"bullet_list"}]}"#),
    ])
    func aThematicBreakAMarkerStartsIsText(_ markdown: String, _ json: String) {
        #expect(MarkdownParser.parse(markdown).json == json)
        #expect(String(decoding: MarkdownParser.parseJSON(utf8: Array(markdown.utf8)), as: UTF8.self) == json)
    }

    /// The character before a delimiter run is classed whole when it is not ASCII: a Unicode space
    /// before a closer keeps it from closing (cmark-gfm leaves `*a\u{3000}*` as it is), a letter
    /// does not. Each of these ends in the byte 0x80, the first that is not ASCII.
    @Test(arguments: [
        ("*a\u{3000}*", "{\"text\":\"*a\u{3000}*\",\"spans\":[]}"),
        ("**a\u{2000}**", "{\"text\":\"**a\u{2000}**\",\"spans\":[]}"),
        ("_a\u{3000}_", "{\"text\":\"_a\u{3000}_\",\"spans\":[]}"),
        ("*a\u{C0}*", "{\"text\":\"a\u{C0}\",\"spans\":[{\"start\":0,\"end\":2,\"format\":\"italic\"}]}"),
    ])
    func aDelimitersNeighbourBeyondASCIIIsClassedWhole(_ markdown: String, _ json: String) {
        #expect(MarkdownParser.parse(markdown).json == json)
        #expect(String(decoding: MarkdownParser.parseJSON(utf8: Array(markdown.utf8)), as: UTF8.self) == json)
    }

    /// A blank line of fenced code inside a list item loses the item's content indent, or all of
    /// its spaces where it has fewer, as cmark-gfm reads it (`<pre><code>   \n` for the first: six
    /// spaces less the item's three); a quote's marker takes its optional space only.
    @Test(arguments: [
        ("1. ```\n      \n   a", "   \na"),
        ("- ```\n      \n  ```", "    "),
        ("-\n  ```\n \n  x", "\nx"),
        ("> - ```\n>        \n>   ```", "     "),
        ("- - ```\n         \n    x", "     \nx"),
        ("> ```\n>     \n> ```", "    "),
        ("```\n      \n```", "      "),
    ])
    func aBlankCodeLineInAnItemLosesTheItemsIndent(_ markdown: String, _ code: String) {
        let document = MarkdownParser.parse(markdown)
        #expect(document.text == code)
        #expect(document.spans.allSatisfy { $0.format == .block(.codeBlock) })
        #expect(String(decoding: MarkdownParser.parseJSON(utf8: Array(markdown.utf8)), as: UTF8.self) == document.json)
    }

    /// Entities, escapes and line breaks decode; anything outside the subset stays literal text.
    @Test(arguments: [
        ("&amp; &#35; &copy; \\* \\_ a\\\nb  \nc\nd", "& # © * _ a\nb\nc\nd"),
        ("[x](javascript:alert(1)) <b>x</b> # h\n\n---\n\n| a |", "x <b>x</b> # h\n---\n| a |"),
        ("", ""),
        ("\n\n", ""),
        // A mention tag cut off by the end of its paragraph, also when a backslash ends it (the
        // uid's `\_` is looked for before the paragraph's end only).
        ("<@uid:a\\", "<@uid:a\\"),
        ("x <@uid:a\\", "x <@uid:a\\"),
        ("<@uid:a", "<@uid:a"),
        ("<@uid:a\\_b", "<@uid:a_b"),
        ("<@uid:a\\\nb>", "<@uid:a\nb>"),
    ])
    func parseReadsPlainText(_ markdown: String, _ text: String) {
        let document = MarkdownParser.parse(markdown)
        #expect(document.text == text)
        #expect(document.spans.isEmpty)
    }

    @Test func mentionsTakeTheNamesGivenElseTheUID() {
        #expect(MarkdownParser.parse("<@uid:u1> <@uid:u2>", names: ["u1": "Bob"]).json == """
            {"text":"@Bob @u2","spans":[{"start":0,"end":4,"format":"mention","uid":"u1","name":"Bob"},\
            {"start":5,"end":8,"format":"mention","uid":"u2","name":"u2"}]}
            """)
    }

    @Test func plainTextDropsFormattingAndNamesMentions() {
        #expect(Self.plain("**Hi** <@uid:u42>, see [docs](https://e.com)\n\n> quoted", ["u42": "Bob"])
            == "Hi @Bob, see docs\nquoted")
        #expect(Self.plain("<@uid:u42> x") == "@u42 x")
        #expect(Self.plain("- a\n- b\n\n1. c\n\n```\nx\n```") == "a\nb\nc\nx")
    }

    static let preview = "👨\u{200d}👩\u{200d}👧e\u{301}🇫🇷 abc"  // 8 grapheme clusters

    @Test(arguments: [
        (nil, preview), (0, "…"), (1, "👨\u{200d}👩\u{200d}👧…"), (3, "👨\u{200d}👩\u{200d}👧e\u{301}🇫🇷…"),
        (4, "👨\u{200d}👩\u{200d}👧e\u{301}🇫🇷 …"), (5, "👨\u{200d}👩\u{200d}👧e\u{301}🇫🇷 a…"),
        (7, "👨\u{200d}👩\u{200d}👧e\u{301}🇫🇷 abc"), (100, preview),
    ] as [(Int?, String)])
    func plainTextIsCutOnGraphemeBoundaries(_ max: Int?, _ text: String) {
        #expect(Self.plain(Self.preview, max: max) == text)
    }

    @Test func htmlEscapesEveryTextAndDropsUnsafeLinks() {
        #expect(Self.html("**Hi** <@uid:u42>, see [docs](https://e.com/?a=1&b=2)\n\n> quoted", ["u42": "Bob <script>"]) == """
            <p><strong>Hi</strong> <span class="mention" data-uid="u42">@Bob &lt;script&gt;</span>, see \
            <a href="https://e.com/?a=1&amp;b=2" rel="nofollow noopener noreferrer">docs</a></p>\
            <blockquote><p>quoted</p></blockquote>
            """)
        #expect(Self.html("[x](javascript:alert(1)) <script>alert(1)</script> \"q\" 's'")
            == "<p>x &lt;script&gt;alert(1)&lt;/script&gt; &quot;q&quot; &#39;s&#39;</p>")
    }

    @Test func htmlRendersEveryBlockAndFormatAndValidatesColours() {
        let markdown = "- a\n- b\n\n1. c\n\n```\n<x>\n```\n\n<color=#00ff00>c</color> <color=#12345g>n</color> <u>u</u> ~~s~~ *i* `c`"
        #expect(Self.html(markdown) == """
            <ul><li>a</li><li>b</li></ul><ol><li>c</li></ol><pre><code>&lt;x&gt;</code></pre>\
            <p><span style="color:#00ff00">c</span> &lt;color=#12345g&gt;n&lt;/color&gt; <u>u</u> <del>s</del> \
            <em>i</em> <code>c</code></p>
            """)
    }

    @Test func mentionNamesAreAnObjectOfValidPairs() throws {
        #expect(try MentionNames.read(json: #"{"u1":"Bob","a.b":"Zoë"}"#) == ["u1": "Bob", "a.b": "Zoë"])
        #expect(try MentionNames.read(json: "{}") == [:])
        let refused = [
            ("[]", #"mentions_json must be a JSON object {"uid": "name"}"#),
            ("null", #"mentions_json must be a JSON object {"uid": "name"}"#),
            (#"{"u1":5}"#, #"mentions_json: the name of "u1" must be a string"#),
            (#"{"bad uid!":"x"}"#, "must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +"),
            (#"{"u1":""}"#, "mention name must be non-empty, on one line and free of U+0000"),
            (#"{"u1":"a\nb"}"#, "mention name must be non-empty, on one line and free of U+0000"),
        ]
        for (json, message) in refused {
            do {
                _ = try MentionNames.read(json: json)
                Issue.record("\(json) was accepted")
            } catch {
                guard case .invalidArgument(let said) = error else {
                    Issue.record("\(json): \(error)")
                    continue
                }
                #expect(said.contains(message), "\(json): \(said)")
            }
        }
        #expect(throws: ComposerError.self) { try MentionNames.read(json: #"{"u1":"Bob","u1":"Al"}"#) }
    }
}
