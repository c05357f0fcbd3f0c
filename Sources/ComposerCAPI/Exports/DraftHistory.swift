import ComposerCore

/// Undoes the last step (text, formats, selection and typing attributes come back). Does nothing
/// when there is nothing to undo or a batch is open.
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_undo")
public func mc_draft_undo(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in try withDraft(draft) { _ = $0.composer.editor.undo() } }
}

/// Redoes the last undone step. Does nothing when there is nothing to redo or a batch is open.
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_redo")
public func mc_draft_redo(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in try withDraft(draft) { _ = $0.composer.editor.redo() } }
}

/// Stores whether undo and redo are possible in `*out_can_undo` and `*out_can_redo`.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_undo_state")
public func mc_draft_undo_state(_ draft: OpaquePointer?, _ out_can_undo: UnsafeMutablePointer<Bool>?, _ out_can_redo: UnsafeMutablePointer<Bool>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let undo = try requireOut(out_can_undo, "out_can_undo")
        let redo = try requireOut(out_can_redo, "out_can_redo")
        let (canUndo, canRedo) = try readDraft(draft) { ($0.composer.editor.canUndo, $0.composer.editor.canRedo) }
        undo.pointee = canUndo
        redo.pointee = canRedo
    }
}

/// Opens a batch: every change until the matching mc_draft_commit_batch is one undo step, and the
/// listener hears one coalesced set of events at the outermost commit. Batches nest; undo and
/// redo do nothing while one is open.
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_begin_batch")
public func mc_draft_begin_batch(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        // Events wait for the outermost commit, then describe the whole batch.
        try withDraft(draft) { $0.composer.editor.beginBatch() }
    }
}

/// Closes the innermost open batch.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NOT_ALLOWED (no batch is open).
@_cdecl("mc_draft_commit_batch")
public func mc_draft_commit_batch(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        try withDraft(draft) { s throws(ComposerError) in _ = try s.composer.editor.commitBatch() }
    }
}
