import Testing
@testable import ComposerCore

/// Documents as a host loads them: the canonical form of each (sorted, merged, split at line breaks,
/// values normalized), and the spans of a range as a host reads them back after a formatting event.
@Suite struct LoadedDocumentTests {
    /// (what the case holds, the JSON loaded, its canonical form)
    static let canonical: [(String, String, String)] = [
        (#"empty"#, #"{"text":""}"#, #"{"text":"","spans":[]}"#),
        (#"design example"#, #"{"text":"Hi @Bob, see docs\nline two","spans":[{"start":18,"end":26,"format":"quote"},{"start":13,"end":17,"format":"link","url":"https://example.com/docs"},{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"},{"start":0,"end":2,"format":"bold"}]}"#, #"{"text":"Hi @Bob, see docs\nline two","spans":[{"start":0,"end":2,"format":"bold"},{"start":3,"end":7,"format":"mention","uid":"u42","name":"Bob"},{"start":13,"end":17,"format":"link","url":"https://example.com/docs"},{"start":18,"end":26,"format":"quote"}]}"#),
        (#"sorted by start, end, then format name"#, ##"{"text":"abcdef","spans":[{"start":0,"end":6,"format":"bold"},{"start":0,"end":3,"format":"underline"},{"start":2,"end":4,"format":"strike"},{"start":0,"end":3,"format":"italic"},{"start":0,"end":3,"format":"color","color":"#F00"}]}"##, ##"{"text":"abcdef","spans":[{"start":0,"end":3,"format":"color","color":"#ff0000"},{"start":0,"end":3,"format":"italic"},{"start":0,"end":3,"format":"underline"},{"start":0,"end":6,"format":"bold"},{"start":2,"end":4,"format":"strike"}]}"##),
        (#"touching and overlapping runs merge"#, #"{"text":"abcdef","spans":[{"start":3,"end":5,"format":"bold"},{"start":0,"end":2,"format":"bold"},{"start":2,"end":4,"format":"bold"}]}"#, #"{"text":"abcdef","spans":[{"start":0,"end":5,"format":"bold"}]}"#),
        (#"duplicate spans merge"#, #"{"text":"abc","spans":[{"start":0,"end":3,"format":"italic"},{"start":0,"end":3,"format":"italic"}]}"#, #"{"text":"abc","spans":[{"start":0,"end":3,"format":"italic"}]}"#),
        (#"same link merges, another link does not"#, #"{"text":"abcdef","spans":[{"start":0,"end":2,"format":"link","url":"https://a.io"},{"start":2,"end":4,"format":"link","url":"https://a.io"},{"start":4,"end":6,"format":"link","url":"https://b.io"}]}"#, #"{"text":"abcdef","spans":[{"start":0,"end":4,"format":"link","url":"https://a.io"},{"start":4,"end":6,"format":"link","url":"https://b.io"}]}"#),
        (#"links merge after normalization"#, #"{"text":"abcd","spans":[{"start":0,"end":2,"format":"link","url":"a.io"},{"start":2,"end":4,"format":"link","url":"https://a.io"}]}"#, #"{"text":"abcd","spans":[{"start":0,"end":4,"format":"link","url":"https://a.io"}]}"#),
        (#"colours merge after normalization"#, ##"{"text":"abcd","spans":[{"start":0,"end":2,"format":"color","color":"#ABC"},{"start":2,"end":4,"format":"color","color":"#aabbcc"}]}"##, ##"{"text":"abcd","spans":[{"start":0,"end":4,"format":"color","color":"#aabbcc"}]}"##),
        (#"different colours stay apart"#, ##"{"text":"abcd","spans":[{"start":0,"end":2,"format":"color","color":"#000"},{"start":2,"end":4,"format":"color","color":"#FfEeDd"}]}"##, ##"{"text":"abcd","spans":[{"start":0,"end":2,"format":"color","color":"#000000"},{"start":2,"end":4,"format":"color","color":"#ffeedd"}]}"##),
        (#"inline spans split at line breaks"#, #"{"text":"abc\ndef","spans":[{"start":0,"end":7,"format":"bold"}]}"#, #"{"text":"abc\ndef","spans":[{"start":0,"end":3,"format":"bold"},{"start":4,"end":7,"format":"bold"}]}"#),
        (#"inline span over empty lines"#, #"{"text":"x\n\ny","spans":[{"start":0,"end":4,"format":"italic"},{"start":0,"end":4,"format":"quote"}]}"#, #"{"text":"x\n\ny","spans":[{"start":0,"end":1,"format":"italic"},{"start":0,"end":4,"format":"quote"},{"start":3,"end":4,"format":"italic"}]}"#),
        (#"empty inline spans vanish"#, #"{"text":"abc","spans":[{"start":1,"end":1,"format":"bold"},{"start":3,"end":3,"format":"italic"},{"start":0,"end":0,"format":"link","url":"a.io"}]}"#, #"{"text":"abc","spans":[]}"#),
        (#"empty inline span on empty text"#, #"{"text":"","spans":[{"start":0,"end":0,"format":"bold"}]}"#, #"{"text":"","spans":[]}"#),
        (#"inline span over a line break only"#, #"{"text":"a\nb","spans":[{"start":1,"end":2,"format":"bold"}]}"#, #"{"text":"a\nb","spans":[]}"#),
        (#"quote on an empty draft"#, #"{"text":"","spans":[{"start":0,"end":0,"format":"quote"}]}"#, #"{"text":"","spans":[{"start":0,"end":0,"format":"quote"}]}"#),
        (#"empty block on an empty middle line"#, #"{"text":"a\n\nb","spans":[{"start":2,"end":2,"format":"quote"},{"start":0,"end":1,"format":"bullet_list"}]}"#, #"{"text":"a\n\nb","spans":[{"start":0,"end":1,"format":"bullet_list"},{"start":2,"end":2,"format":"quote"}]}"#),
        (#"empty block on an empty last line"#, #"{"text":"x\n","spans":[{"start":2,"end":2,"format":"ordered_list"}]}"#, #"{"text":"x\n","spans":[{"start":2,"end":2,"format":"ordered_list"}]}"#),
        (#"adjacent lines of one block merge"#, #"{"text":"a\nb","spans":[{"start":0,"end":1,"format":"quote"},{"start":2,"end":3,"format":"quote"}]}"#, #"{"text":"a\nb","spans":[{"start":0,"end":3,"format":"quote"}]}"#),
        (#"adjacent lines of two blocks stay apart"#, #"{"text":"a\nb","spans":[{"start":2,"end":3,"format":"ordered_list"},{"start":0,"end":1,"format":"bullet_list"}]}"#, #"{"text":"a\nb","spans":[{"start":0,"end":1,"format":"bullet_list"},{"start":2,"end":3,"format":"ordered_list"}]}"#),
        (#"a block over several lines"#, #"{"text":"l1\nl2\nl3","spans":[{"start":0,"end":8,"format":"code_block"}]}"#, #"{"text":"l1\nl2\nl3","spans":[{"start":0,"end":8,"format":"code_block"}]}"#),
        (#"link schemes and hosts normalized"#, #"{"text":"abcdefghij","spans":[{"start":0,"end":2,"format":"link","url":"HTTPS://Example.com/A"},{"start":2,"end":4,"format":"link","url":"example.com/docs"},{"start":4,"end":6,"format":"link","url":"mailto:a@b.c"},{"start":6,"end":8,"format":"link","url":"http://localhost:8080/x"},{"start":8,"end":10,"format":"link","url":"127.0.0.1:8080/p?q#f"}]}"#, #"{"text":"abcdefghij","spans":[{"start":0,"end":2,"format":"link","url":"https://Example.com/A"},{"start":2,"end":4,"format":"link","url":"https://example.com/docs"},{"start":4,"end":6,"format":"link","url":"mailto:a@b.c"},{"start":6,"end":8,"format":"link","url":"http://localhost:8080/x"},{"start":8,"end":10,"format":"link","url":"https://127.0.0.1:8080/p?q#f"}]}"#),
        (#"a link may contain code"#, #"{"text":"ab","spans":[{"start":0,"end":1,"format":"code"},{"start":0,"end":2,"format":"link","url":"https://x.io"}]}"#, #"{"text":"ab","spans":[{"start":0,"end":1,"format":"code"},{"start":0,"end":2,"format":"link","url":"https://x.io"}]}"#),
        (#"mention uid character set"#, #"{"text":"@Al x","spans":[{"start":0,"end":3,"format":"mention","uid":"u_1-2.3:4@5=6+7","name":"Al"}]}"#, #"{"text":"@Al x","spans":[{"start":0,"end":3,"format":"mention","uid":"u_1-2.3:4@5=6+7","name":"Al"}]}"#),
        (#"mention with a style over all of it"#, #"{"text":"@Al","spans":[{"start":0,"end":3,"format":"mention","uid":"u1","name":"Al"},{"start":0,"end":3,"format":"bold"}]}"#, #"{"text":"@Al","spans":[{"start":0,"end":3,"format":"bold"},{"start":0,"end":3,"format":"mention","uid":"u1","name":"Al"}]}"#),
        (#"every format at once"#, ##"{"text":"abc\nd\ne\n@f\ng","spans":[{"start":0,"end":3,"format":"strike"},{"start":0,"end":3,"format":"underline"},{"start":0,"end":3,"format":"italic"},{"start":0,"end":3,"format":"color","color":"#FFF"},{"start":0,"end":3,"format":"bold"},{"start":0,"end":3,"format":"link","url":"https://a.b"},{"start":0,"end":3,"format":"ordered_list"},{"start":4,"end":5,"format":"bullet_list"},{"start":6,"end":7,"format":"code_block"},{"start":8,"end":10,"format":"mention","uid":"u9","name":"f"},{"start":8,"end":10,"format":"quote"},{"start":11,"end":12,"format":"code"}]}"##, ##"{"text":"abc\nd\ne\n@f\ng","spans":[{"start":0,"end":3,"format":"bold"},{"start":0,"end":3,"format":"color","color":"#ffffff"},{"start":0,"end":3,"format":"italic"},{"start":0,"end":3,"format":"link","url":"https://a.b"},{"start":0,"end":3,"format":"ordered_list"},{"start":0,"end":3,"format":"strike"},{"start":0,"end":3,"format":"underline"},{"start":4,"end":5,"format":"bullet_list"},{"start":6,"end":7,"format":"code_block"},{"start":8,"end":10,"format":"mention","uid":"u9","name":"f"},{"start":8,"end":10,"format":"quote"},{"start":11,"end":12,"format":"code"}]}"##),
        (#"touching mentions of one user stay two"#, #"{"text":"@Bob@Bob","spans":[{"start":4,"end":8,"format":"mention","uid":"u1","name":"Bob"},{"start":0,"end":4,"format":"mention","uid":"u1","name":"Bob"}]}"#, #"{"text":"@Bob@Bob","spans":[{"start":0,"end":4,"format":"mention","uid":"u1","name":"Bob"},{"start":4,"end":8,"format":"mention","uid":"u1","name":"Bob"}]}"#),
        (#"mention names with spaces and emoji"#, #"{"text":"@Ann Lee 😀@é","spans":[{"start":10,"end":12,"format":"mention","uid":"u2","name":"é"},{"start":0,"end":10,"format":"mention","uid":"u1","name":"Ann Lee 😀"}]}"#, #"{"text":"@Ann Lee 😀@é","spans":[{"start":0,"end":10,"format":"mention","uid":"u1","name":"Ann Lee 😀"},{"start":10,"end":12,"format":"mention","uid":"u2","name":"é"}]}"#),
        (#"bare hosts with a port become https"#, #"{"text":"abcdef","spans":[{"start":0,"end":2,"format":"link","url":"example.com:8080"},{"start":2,"end":4,"format":"link","url":"example.com:8080/x?y#z"},{"start":4,"end":6,"format":"link","url":"sub.example.co.uk:1"}]}"#, #"{"text":"abcdef","spans":[{"start":0,"end":2,"format":"link","url":"https://example.com:8080"},{"start":2,"end":4,"format":"link","url":"https://example.com:8080/x?y#z"},{"start":4,"end":6,"format":"link","url":"https://sub.example.co.uk:1"}]}"#),
        (#"escapes decoded, output raw UTF-8"#, #"{"text":"\ud83d\ude00\u00e9\u0041\/"}"#, #"{"text":"😀éA/","spans":[]}"#),
        (#"offsets count scalars"#, #"{"text":"😀 ok","spans":[{"start":0,"end":1,"format":"bold"},{"start":2,"end":4,"format":"italic"}]}"#, #"{"text":"😀 ok","spans":[{"start":0,"end":1,"format":"bold"},{"start":2,"end":4,"format":"italic"}]}"#),
        (#"keys in any order, whitespace around"#, " {\n \"spans\" : [ {\"format\":\"bold\", \"end\":2, \"start\":0} ] ,\n \"text\" : \"ab\" } \n", #"{"text":"ab","spans":[{"start":0,"end":2,"format":"bold"}]}"#),
    ]

    @Test(arguments: canonical)
    func loadingGivesTheCanonicalDocument(_ what: String, _ input: String, _ expected: String) throws {
        let document = try Document(json: input)
        #expect(document.json == expected, "\(what)")
        #expect(try Document(json: expected).json == expected, "\(what): the canonical form loads back to itself")
    }

    @Test func spansOfARangeAreTheDocumentsClippedToIt() throws {
        var document = try Document(json: #"{"text":"ab\n\ncd","spans":[{"start":0,"end":2,"format":"bold"},{"start":3,"end":3,"format":"quote"},{"start":4,"end":6,"format":"link","url":"https://a.example"}]}"#)
        #expect(document.spans(in: 0..<6) == document.spans)
        // A block on one empty line counts when the line lies within the range, ends included.
        #expect(document.spans(in: 1..<3) == [Span(1, 2, .bold), Span(3, 3, .block(.quote))])
        #expect(document.spans(in: 2..<3) == [Span(3, 3, .block(.quote))])
        #expect(document.spans(in: 3..<3) == [Span(3, 3, .block(.quote))])
        #expect(document.spans(in: 4..<4) == [])
        #expect(document.spans(in: 0..<0) == [])
        #expect(document.spans(in: 5..<6) == [Span(5, 6, .link(url: "https://a.example"))])
        // A mention is clipped like any span.
        document = try Document(json: #"{"text":"@Ann x\ncd","spans":[{"start":0,"end":4,"format":"mention","uid":"u1","name":"Ann"},{"start":0,"end":6,"format":"italic"},{"start":0,"end":9,"format":"quote"}]}"#)
        #expect(document.spans(in: 1..<3) == [Span(1, 3, .italic), Span(1, 3, .mention(uid: "u1", name: "Ann")), Span(1, 3, .block(.quote))])
        #expect(document.spans(in: 3..<8) == [Span(3, 4, .mention(uid: "u1", name: "Ann")), Span(3, 6, .italic), Span(3, 8, .block(.quote))])
        #expect(document.spans(in: 7..<7) == [])
        #expect(document.spans(in: 9..<9) == [])
    }
}
