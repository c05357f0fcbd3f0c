import Glibc
@testable import ComposerCore

/// Reads a fixture file next to this source file.
func readFixture(_ name: String, filePath: String = #filePath) -> String {
    let dir = filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    guard let f = fopen(dir + "/Fixtures/" + name, "r") else { return "" }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes.append(contentsOf: buffer[0..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}

extension Editor {
    /// A draft holding `json` (a document JSON) with the given selection.
    static func make(_ text: String, spans: String = "[]", selection: (Int, Int)? = nil, config: DraftConfig = DraftConfig()) throws -> Editor {
        var draft = Editor(settings: config.editorSettings)
        let json = "{\"text\":" + JSONWriter.write(.string(text)) + ",\"spans\":" + spans + "}"
        draft.load(try Document(json: json))
        draft.resetHistory()
        if let selection { draft.setSelection(anchor: selection.0, focus: selection.1) }
        return draft
    }
}

extension Composer {
    /// A composer whose text is `Editor.make(text, spans:, selection:)`.
    static func make(_ text: String, spans: String = "[]", selection: (Int, Int)? = nil, config: DraftConfig = DraftConfig()) throws -> Composer {
        var composer = Composer(config: config)
        composer.editor = try Editor.make(text, spans: spans, selection: selection, config: config)
        return composer
    }

    /// A composer whose text is in the state `notation` describes (`Editor.notation`).
    static func notation(_ notation: String, config: DraftConfig = DraftConfig()) throws -> Composer {
        var composer = Composer(config: config)
        composer.editor = try Editor.notation(notation, config: config)
        return composer
    }
}

extension Composer {
    /// Types `text` one scalar at a time, as keys (each a typing notice's cause).
    mutating func type(_ text: String) {
        for scalar in text.unicodeScalars { insert(String(scalar)) }
    }

    var notation: String { editor.notation }
}
