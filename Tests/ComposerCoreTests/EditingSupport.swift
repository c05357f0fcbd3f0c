import Testing
@testable import ComposerCore

/// Runs `edit` on the draft `before` describes and checks the result against `after`
/// (both in `Notation`). Failures point at the calling line.
func expectEdit(_ before: String, _ after: String, config: DraftConfig = DraftConfig(),
                sourceLocation: SourceLocation = #_sourceLocation, _ edit: (inout Editor) throws -> Void) {
    do {
        var draft = try Editor.notation(before, config: config)
        try edit(&draft)
        #expect(draft.notation == after, "from \(before)", sourceLocation: sourceLocation)
        let reloaded = try Document(json: draft.document.json)
        #expect(reloaded == draft.document, "document is not canonical", sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(before): \(error)", sourceLocation: sourceLocation)
    }
}

extension Editor {
    mutating func toggle(_ kind: FormatKind, value: String? = nil, protect: Bool = true) throws {
        try format(.toggle, kind, start: selection.range.lowerBound, end: selection.range.upperBound, value: value, protect: protect)
    }

    mutating func apply(_ kind: FormatKind, value: String? = nil, protect: Bool = true) throws {
        try format(.apply, kind, start: selection.range.lowerBound, end: selection.range.upperBound, value: value, protect: protect)
    }

    mutating func type(_ text: String) {
        for scalar in text.unicodeScalars { insert(String(scalar)) }
    }
}
