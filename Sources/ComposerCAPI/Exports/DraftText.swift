import ComposerCore

/// Replaces the scalar range [start, end) with the NUL-terminated UTF-8 `utf8`; the caret moves
/// after the inserted text. New text takes the formats of the first replaced character (at a caret:
/// the character before it; links and mentions never extend). A range that cuts into a mention
/// grows to remove the whole mention.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8 (also for U+0000),
/// MC_ERR_OUT_OF_RANGE (start < 0, end < start, end > length), MC_ERR_LIMIT_EXCEEDED (utf8 longer
/// than MC_MAX_INPUT_BYTES, or the text would grow past MC_MAX_TEXT_LENGTH). On error nothing changes.
@_cdecl("mc_draft_replace")
public func mc_draft_replace(_ draft: OpaquePointer?, _ start: Int64, _ end: Int64, _ utf8: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let text = try CStrings.read(utf8, "utf8")
        try withDraft(draft) { s throws(ComposerError) in try s.composer.replace(Int(start), Int(end), with: text) }
    }
}

/// Like mc_draft_replace, with the text given as `length` bytes of UTF-8 (no NUL needed).
/// `utf8` may be NULL when `length` is 0. A length past MC_MAX_INPUT_BYTES is refused before a byte
/// is read.
/// Errors: as mc_draft_replace.
@_cdecl("mc_draft_replace_n")
public func mc_draft_replace_n(_ draft: OpaquePointer?, _ start: Int64, _ end: Int64, _ utf8: UnsafePointer<CChar>?, _ length: UInt) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let text = try CStrings.read(utf8, length: length, "utf8")
        try withDraft(draft) { s throws(ComposerError) in try s.composer.replace(Int(start), Int(end), with: text) }
    }
}

/// Sets the selection (anchor stays, focus moves; equal values make a caret). Both are clamped
/// into [0, length]; a caret end inside a mention snaps to the mention's nearer edge.
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_set_selection")
public func mc_draft_set_selection(_ draft: OpaquePointer?, _ anchor: Int64, _ focus: Int64) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        try withDraft(draft) { _ = $0.composer.editor.setSelection(anchor: clampToInt(anchor), focus: clampToInt(focus)) }
    }
}

/// Stores the selection's anchor and focus (scalar offsets) in `*out_anchor` and `*out_focus`.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_selection")
public func mc_draft_selection(_ draft: OpaquePointer?, _ out_anchor: UnsafeMutablePointer<Int64>?, _ out_focus: UnsafeMutablePointer<Int64>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let anchor = try requireOut(out_anchor, "out_anchor")
        let focus = try requireOut(out_focus, "out_focus")
        let selection = try readDraft(draft) { $0.composer.selection }
        anchor.pointee = Int64(selection.anchor)
        focus.pointee = Int64(selection.focus)
    }
}

/// Stores the draft's plain text (UTF-8) in `*out_text`; the caller frees it with mc_string_free.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_text")
public func mc_draft_text(_ draft: OpaquePointer?, _ out_text: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_text, "out_text")
        out.pointee = CStrings.copy(try readDraft(draft) { $0.composer.text })
    }
}

/// Stores the text's length in Unicode scalars in `*out_length`.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_length")
public func mc_draft_length(_ draft: OpaquePointer?, _ out_length: UnsafeMutablePointer<Int64>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_length, "out_length")
        out.pointee = Int64(try readDraft(draft) { $0.composer.length })
    }
}

/// Converts an offset into the draft's text between units (MC_UNIT_SCALAR, MC_UNIT_UTF16,
/// MC_UNIT_UTF8) and stores it in `*out_offset`.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_ARGUMENT (unknown unit),
/// MC_ERR_OUT_OF_RANGE (negative, past the end, or inside a character).
@_cdecl("mc_draft_convert_offset")
public func mc_draft_convert_offset(_ draft: OpaquePointer?, _ offset: Int64, _ from_unit: Int32, _ to_unit: Int32,
                                    _ out_offset: UnsafeMutablePointer<Int64>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_offset, "out_offset")
        let (from, to) = try units(from_unit, to_unit)
        out.pointee = Int64(try withDraft(draft) { s throws(ComposerError) in
            try s.composer.document.convert(Int(offset), from: from, to: to)
        })
    }
}

/// Int64 → Int for values that are clamped anyway (64-bit platforms: identity).
func clampToInt(_ value: Int64) -> Int {
    Int(clamping: value)
}
