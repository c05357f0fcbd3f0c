import ComposerCore

/// Replaces the draft's content with a document JSON (see README: {"text": ..., "spans": [...]}),
/// validated: offsets in range, known formats, safe links, valid colours, block spans over whole
/// lines, no conflicting values. The caret moves to the end.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_JSON,
/// MC_ERR_INVALID_ARGUMENT, MC_ERR_OUT_OF_RANGE, MC_ERR_UNSAFE_LINK, MC_ERR_INVALID_COLOR,
/// MC_ERR_LIMIT_EXCEEDED (document_json longer than MC_MAX_INPUT_BYTES or nested deeper than
/// MC_MAX_JSON_DEPTH, or a text longer than MC_MAX_TEXT_LENGTH). On error the draft is unchanged.
@_cdecl("mc_draft_load_document")
public func mc_draft_load_document(_ draft: OpaquePointer?, _ document_json: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let json = try CStrings.readUTF8(document_json, "document_json")
        let document = try engine { () throws(ComposerError) in try Document(jsonUTF8: json) }
        try withDraft(draft) { _ = $0.composer.editor.load(document) }
    }
}

/// Stores the draft's content as canonical document JSON in `*out_document_json` (spans sorted by
/// start, end, format name; same-format runs merged); the caller frees it with mc_string_free.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_document")
public func mc_draft_document(_ draft: OpaquePointer?, _ out_document_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_document_json, "out_document_json")
        out.pointee = CStrings.copy(try readDraft(draft) { $0.composer.document.jsonText })
    }
}

/// Stores the canonical spans of `[start, end)` as a JSON array in `*out_spans_json` (the "spans"
/// of the document JSON, clipped to the range; a block on one empty line counts when the line lies
/// within the range, ends included). With MC_EVENT_TEXT and MC_EVENT_FORMATTING this lets a host
/// keep a copy of the document up to date from events alone (docs/events.md); the cost is that of
/// the range, not of the draft. The caller frees the string with mc_string_free.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_OUT_OF_RANGE.
@_cdecl("mc_draft_spans")
public func mc_draft_spans(_ draft: OpaquePointer?, _ start: Int64, _ end: Int64,
                           _ out_spans_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_spans_json, "out_spans_json")
        out.pointee = CStrings.copy(try readDraft(draft) { s throws(ComposerError) in
            let count = Int64(s.composer.document.count)
            guard start >= 0, end >= start, end <= count else {
                throw .outOfRange("range [\(start), \(end)) is outside the text (length \(count))")
            }
            return JSONWriter.write(.array(s.composer.document.spans(in: Int(start)..<Int(end)).map(Document.jsonValue(of:))))
        })
    }
}
