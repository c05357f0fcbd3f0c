import ComposerCore

/// Shared body of the three format functions.
private func formatRange(_ function: String, _ draft: OpaquePointer?, _ action: FormatAction, _ start: Int64, _ end: Int64,
                         _ format: Int32, _ value: UnsafePointer<CChar>?, _ flags: UInt32) -> Int32 {
    boundary(function, draft) { () throws(CAPIError) in
        let kind = try MCFormat.from(format)
        try MCFlag.check(flags, allowed: [.protect])
        let text = try CStrings.readOptional(value, "value")
        let protect = flags & MCFlag.protect.rawValue != 0
        try withDraft(draft) { s throws(ComposerError) in
            _ = try s.composer.editor.format(action, kind, start: Int(clamping: start), end: Int(clamping: end), value: text, protect: protect)
        }
    }
}

/// Applies format `format` over the scalar range [start, end) (one undo step). Inline formats:
/// with MC_FLAG_PROTECT, mentions, links, inline code and code blocks are carved out of the range
/// (a link operation still reaches links, a code operation code); applying inline code strips bold,
/// italic, underline, strike and colour from its range. Block formats apply to every line the range
/// touches, replacing another block format. An empty range at the caret changes the typing
/// attributes instead. `value`: the URL for MC_FORMAT_LINK (http, https, mailto, or a bare host,
/// which becomes https://), the colour for MC_FORMAT_COLOR (#rgb or #rrggbb), NULL otherwise.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_OUT_OF_RANGE, MC_ERR_INVALID_ARGUMENT (unknown format or
/// flag bits, missing or unexpected value), MC_ERR_UNSAFE_LINK, MC_ERR_INVALID_COLOR,
/// MC_ERR_INVALID_UTF8, MC_ERR_LIMIT_EXCEEDED (value longer than MC_MAX_INPUT_BYTES). On error
/// nothing changes.
@_cdecl("mc_draft_apply_format")
public func mc_draft_apply_format(_ draft: OpaquePointer?, _ start: Int64, _ end: Int64, _ format: Int32,
                                  _ value: UnsafePointer<CChar>?, _ flags: UInt32) -> Int32 {
    formatRange(#function, draft, .apply, start, end, format, value, flags)
}

/// Removes format `format` (any value) from [start, end); MC_FLAG_PROTECT carves out protected runs
/// as for mc_draft_apply_format. Block formats are removed from the touched lines that have them.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_OUT_OF_RANGE, MC_ERR_INVALID_ARGUMENT (unknown format or
/// flag bits). On error nothing changes.
@_cdecl("mc_draft_remove_format")
public func mc_draft_remove_format(_ draft: OpaquePointer?, _ start: Int64, _ end: Int64, _ format: Int32, _ flags: UInt32) -> Int32 {
    formatRange(#function, draft, .remove, start, end, format, nil, flags)
}

/// Toggles format `format` over [start, end): removes it when every touched character (line, for
/// block formats) already has it with this value, else applies it. With a caret (empty range at
/// the caret) toggles the typing attributes; toggling a code block or quote off at a caret removes
/// the whole contiguous block, and switching list type converts the whole list.
/// Errors: as mc_draft_apply_format.
@_cdecl("mc_draft_toggle_format")
public func mc_draft_toggle_format(_ draft: OpaquePointer?, _ start: Int64, _ end: Int64, _ format: Int32,
                                   _ value: UnsafePointer<CChar>?, _ flags: UInt32) -> Int32 {
    formatRange(#function, draft, .toggle, start, end, format, value, flags)
}

/// Stores the formats active at the selection as JSON in `*out_json`:
/// {"formats": ["bold", "link", "quote", ...], "link": URL or null, "color": "#rrggbb" or null}.
/// At a caret these are the typing attributes plus the line's block; over a selection, the formats
/// every selected character (and every touched line) has. The caller frees it with mc_string_free.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_active_formats")
public func mc_draft_active_formats(_ draft: OpaquePointer?, _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_json, "out_json")
        out.pointee = CStrings.copy(try readDraft(draft) { $0.composer.editor.activeFormats.json })
    }
}

/// Links the selection to `url` (one undo step): links the selection overlaps are absorbed whole;
/// with a caret inside or at an edge of a link, that whole link is retargeted; elsewhere a caret
/// changes nothing. Mentions are never linked.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_UNSAFE_LINK,
/// MC_ERR_LIMIT_EXCEEDED (url longer than MC_MAX_INPUT_BYTES).
@_cdecl("mc_draft_set_link")
public func mc_draft_set_link(_ draft: OpaquePointer?, _ url: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let target = try CStrings.read(url, "url")
        try withDraft(draft) { s throws(ComposerError) in _ = try s.composer.editor.setLink(target) }
    }
}

/// Removes, whole, every link the selection or caret touches (one undo step).
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_remove_link")
public func mc_draft_remove_link(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in try withDraft(draft) { _ = $0.composer.editor.removeLinks() } }
}

/// Replaces the selection with `text` linked to `url` (one undo step); the text keeps the
/// surrounding inline formats and the caret ends after it.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_UNSAFE_LINK,
/// MC_ERR_INVALID_ARGUMENT (empty text or text with a line break), MC_ERR_LIMIT_EXCEEDED (a string
/// longer than MC_MAX_INPUT_BYTES, or the text would grow past MC_MAX_TEXT_LENGTH).
@_cdecl("mc_draft_insert_link")
public func mc_draft_insert_link(_ draft: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ url: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let label = try CStrings.read(text, "text")
        let target = try CStrings.read(url, "url")
        try withDraft(draft) { s throws(ComposerError) in _ = try s.composer.editor.insertLink(text: label, url: target) }
    }
}

/// Replaces the open mention query ("@bo" before the caret), or else the selection, with the
/// atomic mention run "@name" for `uid`, followed by a space; the caret ends after the space (one
/// undo step). Going past mention_limit is refused and raises the info banner. uid: 1-255 characters of A-Z a-z 0-9 _ - . : @ = +;
/// name: non-empty, one line.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_ARGUMENT
/// (bad uid or name), MC_ERR_NOT_ALLOWED (mentions disabled, or the caret is in a code block),
/// MC_ERR_LIMIT_EXCEEDED (the draft already holds mention_limit mentions, a string is longer than
/// MC_MAX_INPUT_BYTES, or the text would grow past MC_MAX_TEXT_LENGTH).
@_cdecl("mc_draft_insert_mention")
public func mc_draft_insert_mention(_ draft: OpaquePointer?, _ uid: UnsafePointer<CChar>?, _ name: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let id = try CStrings.read(uid, "uid")
        let display = try CStrings.read(name, "name")
        try withDraft(draft) { s throws(ComposerError) in try s.composer.insertMentionAtQuery(uid: id, name: display) }
    }
}

/// Stores the draft's mentions as a JSON array in `*out_json`, in text order:
/// [{"start": 0, "end": 4, "uid": "u42", "name": "Bob"}, ...]. The caller frees it with mc_string_free.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_mentions")
public func mc_draft_mentions(_ draft: OpaquePointer?, _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_json, "out_json")
        let json = try readDraft(draft) { MentionRange.json($0.composer.editor.mentions) }
        out.pointee = CStrings.copy(json)
    }
}
