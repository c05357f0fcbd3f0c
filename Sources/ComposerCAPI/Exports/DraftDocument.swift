import ComposerCore

/// Replaces the draft's content with a document JSON (see README: {"text": ..., "spans": [...]}),
/// validated: offsets in range, known formats, safe links, valid colours, block spans over whole
/// lines, no conflicting values. The caret moves to the end.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_JSON,
/// MC_ERR_INVALID_ARGUMENT, MC_ERR_OUT_OF_RANGE, MC_ERR_UNSAFE_LINK, MC_ERR_INVALID_COLOR.
/// On error the draft is unchanged.
@_cdecl("mc_draft_load_document")
public func mc_draft_load_document(_ draft: OpaquePointer?, _ document_json: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let json = try CStrings.read(document_json, "document_json")
        let document = try engine { () throws(ComposerError) in try Document(json: json) }
        try withDraft(draft) { $0.draft.load(document) }
    }
}

/// Stores the draft's content as canonical document JSON in `*out_document_json` (spans sorted by
/// start, end, format name; same-format runs merged); the caller frees it with mc_string_free.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_document")
public func mc_draft_document(_ draft: OpaquePointer?, _ out_document_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_document_json, "out_document_json")
        out.pointee = CStrings.copy(try withDraft(draft) { $0.draft.document.json })
    }
}
