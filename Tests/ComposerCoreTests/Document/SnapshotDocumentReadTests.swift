import Testing
@testable import ComposerCore

/// A snapshot's documents (`"document"`, `"saved"."document"`) are read by the plain-layout reader
/// while the rest of the snapshot becomes a tree (`JSONParser.parse(utf8:readingDocumentsAt:)`):
/// for every input the parse fails as `parse` fails, or gives `parse`'s tree but for a `null` at
/// each document read, and each document read is the one the tree's member gives (or its error).
@Suite struct SnapshotDocumentReadTests {
    static let paths: Set<[String]> = [["document"], ["saved", "document"]]

    /// The value at `path` (keys of nested objects) in `value`.
    static func member(_ path: [String], of value: JSONValue) -> JSONValue? {
        guard let key = path.first else { return value }
        guard case .object(let members) = value, let next = members.first(where: { $0.key == key })?.value else { return nil }
        return member(Array(path.dropFirst()), of: next)
    }

    /// `value` with the member at `path` made `null`.
    static func nulling(_ path: [String], in value: JSONValue) -> JSONValue {
        guard let key = path.first, case .object(let members) = value else { return .null }
        return .object(members.map { $0.key == key ? ($0.key, nulling(Array(path.dropFirst()), in: $0.value)) : $0 })
    }

    static func document(_ make: () throws(ComposerError) -> Document) -> Result<Document, ComposerError> {
        do throws(ComposerError) { return .success(try make()) } catch { return .failure(error) }
    }

    /// Checks the property on `json`; returns how many documents the reader took.
    @discardableResult
    static func check(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var bytes = json
        let (plain, fast) = bytes.withUTF8 { utf8 in
            (Result { () throws(ComposerError) in try JSONParser.parse(utf8: utf8) },
             Result { () throws(ComposerError) in try JSONParser.parse(utf8: utf8, readingDocumentsAt: paths) })
        }
        switch (plain, fast) {
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(json)", sourceLocation: sourceLocation)
            return 0
        case (.success(let tree), .success(let parsed)):
            var expected = tree
            for (path, layout) in parsed.documents {
                #expect(paths.contains(path), sourceLocation: sourceLocation)
                guard let value = member(path, of: tree) else {
                    Issue.record("a document read at \(path), which the tree does not hold: \(json)", sourceLocation: sourceLocation)
                    continue
                }
                #expect(document { () throws(ComposerError) in try Document(layout: layout) }
                            == document { () throws(ComposerError) in try Document(jsonValue: value) }, "\(json)", sourceLocation: sourceLocation)
                expected = nulling(path, in: expected)
            }
            #expect(parsed.value == expected, "\(json)", sourceLocation: sourceLocation)
            return parsed.documents.count
        default:
            Issue.record("one parse failed and the other did not: \(plain) / \(fast.map(\.value)): \(json)", sourceLocation: sourceLocation)
            return 0
        }
    }

    /// A draft holding `document`, in an edit whose put-aside draft holds `saved`: a snapshot
    /// with both documents.
    static func editSnapshot(_ document: Document, saved: Document) throws -> String {
        var draft = Composer()
        _ = draft.editor.load(saved)
        try draft.beginEdit(messageID: "m1", markdown: "x", names: [:], isMedia: false)
        _ = draft.editor.load(document)
        return draft.snapshotJSON
    }

    @Test func snapshotDocumentsAreReadWithoutTheTree() throws {
        var rng = SeededRandom(seed: 0x736E_6170)
        for _ in 0..<40 {
            let a = DocumentScanTests.randomDocument(&rng, length: Int.random(in: 1...200, using: &rng))
            let b = DocumentScanTests.randomDocument(&rng, length: Int.random(in: 1...200, using: &rng))
            let snapshot = try Self.editSnapshot(a, saved: b)
            // As the draft writes it, and with both documents written as a host might.
            let hosted = snapshot
                .replacing(a.json, with: DocumentLayoutReaderTests.hostJSON(a.text, a.spans, &rng))
                .replacing(b.json, with: DocumentLayoutReaderTests.hostJSON(b.text, b.spans, &rng))
            for json in [snapshot, hosted] {
                #expect(Self.check(json) == 2, "\(json)")
                var restored = Composer()
                try restored.restore(snapshotJSON: json)
                #expect(restored.snapshotJSON == snapshot)
            }
        }
    }

    /// Documents the reader leaves to the tree (and their errors), at both paths, beside
    /// members named "document" elsewhere, which are never read as documents.
    @Test(arguments: DocumentLayoutReaderTests.unusual)
    func unusualDocumentsInASnapshotReadAsTheTreeReadsThem(_ document: String) throws {
        let inner = document.isEmpty ? "null" : document
        Self.check(#"{"version":2,"document":\#(inner),"selection":[0,0]}"#)
        Self.check(#"{"version":2,"document":{"text":""},"saved":{"document":\#(inner)},"selection":[0,0]}"#)
        Self.check(#"{"version":2,"x":{"document":\#(inner)},"y":[{"document":\#(inner)}]}"#)
        Self.check(#"[{"document":\#(inner)}]"#)
        // A restore gives the tree's document or error.
        var draft = Composer()
        let before = draft.snapshotJSON
        let snapshot = #"{"version":2,"document":\#(inner),"selection":[0,0]}"#
        let restored = Result { () throws(ComposerError) in try draft.restore(snapshotJSON: snapshot) }
        let tree = Self.document { () throws(ComposerError) in try Document(jsonValue: Self.member(["document"], of: try JSONParser.parse(snapshot)) ?? .null) }
        switch (restored, tree) {
        case (.success, .success(let doc)): #expect(draft.editor.document == doc)
        case (.failure(let a), .failure(let b)): #expect(a == b); #expect(draft.snapshotJSON == before)
        default: Issue.record("restore \(restored), tree \(tree): \(snapshot)")
        }
    }

    /// Every one-byte deletion and a one-byte replacement at every place of a snapshot with
    /// two documents.
    @Test func damagedSnapshotsParseAsTheTreeParsesThem() throws {
        var rng = SeededRandom(seed: 0x6461_6D67)
        let snapshot = try Self.editSnapshot(try DocumentLayoutReaderTests.everyFormat(), saved: try Document(text: "ab", spans: [Span(0, 1, .bold)]))
        let bytes = Array(snapshot.utf8)
        for k in bytes.indices {
            var deleted = bytes
            deleted.remove(at: k)
            Self.check(String(decoding: deleted, as: UTF8.self))
            var replaced = bytes
            replaced[k] = rng.pick(Array("{}[]:,\"\\ 0-9ae.x".utf8))
            Self.check(String(decoding: replaced, as: UTF8.self))
        }
    }

    @Test func validBytesRestoreAsTheirStringDoes() throws {
        let snapshot = try Composer.notation("<b>hi</b> th|ere").snapshotJSON
        var draft = Composer()
        try Array(snapshot.utf8).withUnsafeBufferPointer { bytes throws(ComposerError) in try draft.restore(snapshotUTF8: bytes) }
        #expect(draft.notation == "<b>hi</b> th|ere" && draft.snapshotJSON == snapshot)
        // A document too, both ways: read from bytes, written as bytes (`JSONText`).
        let document = draft.document
        let read = try Array(document.json.utf8).withUnsafeBufferPointer { bytes throws(ComposerError) in try Document(jsonUTF8: bytes) }
        #expect(read == document && document.jsonText.string == document.json)
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        let invalid: [UInt8] = Array(#"{"text":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        invalid.withUnsafeBufferPointer { bytes in
            expectRefusal(.invalidUTF8) { try Document(jsonUTF8: bytes) }
            var draft = Composer()
            expectRefusal(.invalidUTF8) { try draft.restore(snapshotUTF8: bytes) }
        }
    }
}
