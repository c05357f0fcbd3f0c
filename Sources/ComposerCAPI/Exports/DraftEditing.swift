import ComposerCore

/// Types NUL-terminated UTF-8 text at the selection, as a keyboard would: the selection is
/// replaced, the text takes the typing attributes, "\n" acts as mc_draft_enter, and with rich text
/// on a line-start shortcut ("- ", "* ", "1. ", "> ", three backticks) converts the line.
/// Single characters typed in a row coalesce into word-sized undo steps.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_LIMIT_EXCEEDED
/// (utf8 longer than MC_MAX_INPUT_BYTES, or the text would grow past MC_MAX_TEXT_LENGTH).
@_cdecl("mc_draft_insert")
public func mc_draft_insert(_ draft: OpaquePointer?, _ utf8: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let text = try CStrings.read(utf8, "utf8")
        try withDraft(draft) { s throws(ComposerError) in try s.composer.editor.checkRoom(toInsert: text); s.composer.insert(text) }
    }
}

/// Like mc_draft_insert, with the text given as `length` bytes of UTF-8 (NULL allowed when 0).
/// A length past MC_MAX_INPUT_BYTES is refused before a byte is read.
/// Errors: as mc_draft_insert.
@_cdecl("mc_draft_insert_n")
public func mc_draft_insert_n(_ draft: OpaquePointer?, _ utf8: UnsafePointer<CChar>?, _ length: UInt) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let text = try CStrings.read(utf8, length: length, "utf8")
        try withDraft(draft) { s throws(ComposerError) in try s.composer.editor.checkRoom(toInsert: text); s.composer.insert(text) }
    }
}

/// Backspace: deletes the selection, or the grapheme cluster (a whole mention) before the caret;
/// at a line start joins the line to the previous one; at the start of the text removes the first
/// line's block format. Does nothing at the start of plain text.
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_delete_backward")
public func mc_draft_delete_backward(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in try withDraft(draft) { $0.composer.deleteBackward() } }
}

/// Delete: deletes the selection, or the grapheme cluster (a whole mention) after the caret; at a
/// line end joins the next line. Does nothing at the end of the text.
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_delete_forward")
public func mc_draft_delete_forward(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in try withDraft(draft) { $0.composer.deleteForward() } }
}

/// Enter: splits the line at the caret (after deleting the selection). The new line continues a
/// list (numbering follows), quote or code block; on an empty list, quote or code-block line Enter
/// ends the block there instead. Inline formats carry over to the new line.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_LIMIT_EXCEEDED (the text would grow past MC_MAX_TEXT_LENGTH).
@_cdecl("mc_draft_enter")
public func mc_draft_enter(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        try withDraft(draft) { s throws(ComposerError) in try s.composer.editor.checkRoomForEnter(); s.composer.enter() }
    }
}

/// Moves the focus `count` units (negative = backward) by grapheme, word, line or document
/// (MC_CARET_*). With MC_FLAG_EXTEND the anchor stays (shift-selection); without it the selection
/// collapses (a grapheme move from a selection collapses to its start or end). Mentions are
/// stepped over whole.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_INVALID_ARGUMENT (unknown unit or flag bits).
@_cdecl("mc_draft_move_caret")
public func mc_draft_move_caret(_ draft: OpaquePointer?, _ unit: Int32, _ count: Int64, _ flags: UInt32) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        guard let caretUnit = CaretUnit(rawValue: unit) else { throw .engine(.invalidArgument("unknown caret unit \(unit)")) }
        try MCFlag.check(flags, allowed: [.extend])
        let extend = flags & MCFlag.extend.rawValue != 0
        try withDraft(draft) { _ = $0.composer.editor.moveCaret(caretUnit, by: Int(clamping: count), extend: extend) }
    }
}

/// Selects the whole text.
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_select_all")
public func mc_draft_select_all(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in try withDraft(draft) { _ = $0.composer.editor.selectAll() } }
}
