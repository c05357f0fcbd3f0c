import Testing
@testable import ComposerCore

/// `Document(json:)` reads a document in the plain layout without a tree of JSON values
/// (`JSONParser+DocumentLayout.swift`) and anything else through the tree (`JSONParser.parse`,
/// `Document(jsonValue:)`): for every input both give the same document or the same error, and
/// the documents hosts send (any whitespace, key order, escapes in values) take the first way.
@Suite struct DocumentLayoutReaderTests {
    /// What `Document(json:)` makes of `json`.
    static func read(_ json: String) -> Result<Document, ComposerError> {
        do throws(ComposerError) { return .success(try Document(json: json)) } catch { return .failure(error) }
    }

    /// What the tree makes of `json`.
    static func readThroughTree(_ json: String) -> Result<Document, ComposerError> {
        do throws(ComposerError) { return .success(try Document(jsonValue: try JSONParser.parse(json))) } catch { return .failure(error) }
    }

    /// Every format, each value kind, text needing escapes.
    static func everyFormat() throws -> Document {
        try Document(
            text: "a \"b\" c\\d\tx\n@Al 😀\nlist\nnum\ncode",
            spans: [
                Span(0, 1, .bold), Span(0, 3, .italic), Span(2, 5, .underline), Span(4, 6, .strike), Span(6, 8, .code),
                Span(9, 10, .link(url: "https://e.com/a?b=c")), Span(8, 10, .color("#3a7bd5")),
                Span(12, 15, .mention(uid: "u1", name: "Al")), Span(12, 17, .block(.quote)),
                Span(18, 22, .block(.bulletList)), Span(23, 26, .block(.orderedList)), Span(27, 31, .block(.codeBlock)),
            ])
    }

    /// `text` and `spans` as document JSON written as a host might: whitespace anywhere between
    /// tokens, keys in any order, any scalar of the text or a value written as a `\u` escape.
    static func hostJSON(_ text: String, _ spans: [Span], _ rng: inout SeededRandom) -> String {
        func ws() -> String { rng.pick(["", "", " ", "\n  ", "\t", "\r\n"]) }
        func string(_ s: String, escapes: Bool = true) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                let escape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20 || escapes && Int.random(in: 0..<8, using: &rng) == 0
                guard escape else {
                    out.unicodeScalars.append(scalar)
                    continue
                }
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
            return out + "\""
        }
        func object(_ members: [(String, String)]) -> String {
            "{" + ws() + members.shuffled(using: &rng).map { "\"\($0.0)\"" + ws() + ":" + ws() + $0.1 }.joined(separator: ws() + "," + ws()) + ws() + "}"
        }
        let spanObjects = spans.map { span -> String in
            var members = [("start", String(span.start)), ("end", String(span.end)), ("format", string(span.kind.name, escapes: false))]
            switch span.format {
            case .link(let url): members.append(("url", string(url)))
            case .color(let color): members.append(("color", string(color)))
            case .mention(let uid, let name): members += [("uid", string(uid)), ("name", string(name))]
            default: break
            }
            return object(members)
        }
        return ws() + object([("text", string(text)), ("spans", "[" + ws() + spanObjects.joined(separator: ws() + "," + ws()) + ws() + "]")]) + ws()
    }

    @Test func documentsAreReadWithoutTheTree() throws {
        var rng = SeededRandom(seed: 0x6C61_796F)
        var documents = [try Self.everyFormat(), Document()]
        for _ in 0..<80 { documents.append(DocumentScanTests.randomDocument(&rng, length: Int.random(in: 1...300, using: &rng))) }
        for document in documents {
            let spans = document.spans
            for json in [document.json, Self.hostJSON(document.text, spans, &rng), Self.hostJSON(document.text, spans, &rng)] {
                let layout = JSONParser.readDocumentLayout(json)
                #expect(layout?.text == document.text, "\(json)")
                #expect(layout?.spans == spans, "\(json)")
                #expect(try Document(json: json) == document)
            }
        }
        // A document without "spans" has none.
        #expect(JSONParser.readDocumentLayout(#"{"text":"a"}"#)?.spans == [])
    }

    /// Unusual inputs: valid ones (escaped keys and format names, which the tree reads) and
    /// invalid ones, whose errors are the tree's.
    static let unusual: [String] = [
        #"{"te\u0078t":"ab","spans":[{"start":0,"end":1,"format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"st\u0061rt":0,"end":1,"format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":1,"format":"b\u006fld"}]}"#,
        "", " ", "[]", "{}", "null", #"{"text":1}"#, #"{"spans":[]}"#, #"{"text":"a","spans":null}"#,
        #"{"text":"a","spans":{}}"#, #"{"text":"a","spans":[1]}"#, #"{"text":"a","x":1}"#, #"{"text":"a","text":"b"}"#,
        #"{"text":"a","spans":[],"spans":[]}"#, #"{"text":"a"} x"#, #"{"text":"a""#, #"{"text":"a",}"#, #"{"text":"a\q"}"#,
        #"{"text":"\ud800"}"#, "{\"text\":\"a\u{1}\"}", #"{"text":"ab","spans":[{"start":0,"end":1}]}"#,
        #"{"text":"ab","spans":[{"start":0,"format":"bold"}]}"#, #"{"text":"ab","spans":[{"end":1,"format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"start":0,"end":1,"format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"start":-1,"end":1,"format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"start":2,"end":1,"format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"start":01,"end":1,"format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":1.0,"format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":1e0,"format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":99999999999999999999,"format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":"1","format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":3,"format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":1,"format":"blink"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":1,"format":1}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":1,"format":"bold","url":"https://e.com"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":1,"format":"link"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":1,"format":"link","url":"javascript:x"}]}"#,
        ##"{"text":"ab","spans":[{"start":0,"end":1,"format":"link","url":"https://e.com","color":"#fff"}]}"##,
        #"{"text":"ab","spans":[{"start":0,"end":1,"format":"color","color":"red"}]}"#,
        #"{"text":"@A","spans":[{"start":0,"end":2,"format":"mention","uid":"u"}]}"#,
        #"{"text":"@A","spans":[{"start":0,"end":2,"format":"mention","uid":"u","name":"B"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":1,"format":"quote"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":1,"format":"bold","format":"bold"}]}"#,
        #"{"text":"ab","spans":[{"start":0,"end":1,"format":"bold"},]}"#,
    ]

    @Test(arguments: unusual)
    func unusualInputsReadAsTheTreeReadsThem(_ json: String) {
        #expect(Self.read(json) == Self.readThroughTree(json))
        // What is not JSON the layout reader leaves to the tree.
        if case .failure(let error) = Self.readThroughTree(json), error.refusalKind == .invalidJSON {
            #expect(JSONParser.readDocumentLayout(json) == nil)
        }
    }

    /// Every one-byte deletion and a sample of one-byte replacements of a valid document: the
    /// same document or error both ways.
    @Test func damagedDocumentsReadAsTheTreeReadsThem() throws {
        var rng = SeededRandom(seed: 0x7472_6565)
        let base = try Self.everyFormat().json
        let bytes = Array(base.utf8)
        for k in bytes.indices {
            var deleted = bytes
            deleted.remove(at: k)
            let json = String(decoding: deleted, as: UTF8.self)
            #expect(Self.read(json) == Self.readThroughTree(json), "\(json)")
            var replaced = bytes
            replaced[k] = rng.pick(Array("{}[]:,\"\\ 0-9ae.x".utf8))
            let other = String(decoding: replaced, as: UTF8.self)
            #expect(Self.read(other) == Self.readThroughTree(other), "\(other)")
        }
    }
}
