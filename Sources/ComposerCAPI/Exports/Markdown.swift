import ComposerCore

/// Stores the draft as wire markdown in `*out_markdown` (README "Wire format"): with rich text on,
/// every format; with rich text off, plain text with every markdown-significant character escaped
/// (mentions kept). Parsing it back (mc_markdown_parse with the draft's mention names) gives the
/// same document. The caller frees it with mc_string_free.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_serialize")
public func mc_draft_serialize(_ draft: OpaquePointer?, _ out_markdown: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_markdown, "out_markdown")
        out.pointee = try readDraft(draft) { $0.composer.editor.withMarkdownUTF8 { CStrings.copy(utf8: $0) } }
    }
}

/// Parses wire markdown into document JSON (`*out_document_json`, caller frees): the supported
/// subset of CommonMark/GFM reads as a CommonMark renderer reads it, anything else stays literal
/// text. Mentions <@uid:UID> show as "@UID" (see mc_markdown_parse_with_mentions for names).
/// Errors: MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_LIMIT_EXCEEDED (markdown longer than
/// MC_MAX_INPUT_BYTES).
@_cdecl("mc_markdown_parse")
public func mc_markdown_parse(_ markdown: UnsafePointer<CChar>?, _ out_document_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function) { () throws(CAPIError) in
        let text = try CStrings.readUTF8(markdown, "markdown")
        let out = try requireOut(out_document_json, "out_document_json")
        out.pointee = MarkdownParser.parseJSON(zeroFreeUTF8: text) { CStrings.copy(utf8: $0) }
    }
}

/// Like mc_markdown_parse, with mention names from `mentions_json`, a JSON object
/// {"uid": "display name", ...} (NULL for none): <@uid:u42> becomes the mention "@Bob".
/// Errors: MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_JSON, MC_ERR_INVALID_ARGUMENT,
/// MC_ERR_LIMIT_EXCEEDED (a string longer than MC_MAX_INPUT_BYTES, or mentions_json nested deeper
/// than MC_MAX_JSON_DEPTH).
@_cdecl("mc_markdown_parse_with_mentions")
public func mc_markdown_parse_with_mentions(_ markdown: UnsafePointer<CChar>?, _ mentions_json: UnsafePointer<CChar>?,
                                            _ out_document_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function) { () throws(CAPIError) in
        let text = try CStrings.readUTF8(markdown, "markdown")
        let names = try readMentionNames(mentions_json)
        let out = try requireOut(out_document_json, "out_document_json")
        out.pointee = MarkdownParser.parseJSON(zeroFreeUTF8: text, names: names) { CStrings.copy(utf8: $0) }
    }
}

/// Replaces the draft's content with a received message's markdown (one undo step), mention
/// names from `mentions_json` ({"uid": "name"} or NULL). The caret moves to the end.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_JSON,
/// MC_ERR_INVALID_ARGUMENT, MC_ERR_LIMIT_EXCEEDED (a string longer than MC_MAX_INPUT_BYTES,
/// mentions_json nested deeper than MC_MAX_JSON_DEPTH, or a text longer than MC_MAX_TEXT_LENGTH).
@_cdecl("mc_draft_load_markdown")
public func mc_draft_load_markdown(_ draft: OpaquePointer?, _ markdown: UnsafePointer<CChar>?, _ mentions_json: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let text = try CStrings.readUTF8(markdown, "markdown")
        let names = try readMentionNames(mentions_json)
        let document = MarkdownParser.parse(utf8: Array(text), names: names)
        try withDraft(draft) { s throws(ComposerError) in try s.composer.editor.checkRoom(toLoad: document); _ = s.composer.editor.load(document) }
    }
}

/// Converts markdown typed by hand in the draft (double stars, underscores, backticks, links in
/// brackets, "- item" lines) into formatting (one undo step); already formatted text stays literal. Does nothing with rich text
/// off. The send path runs this; hosts may call it earlier.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_LIMIT_EXCEEDED (the converted text would be longer than
/// MC_MAX_TEXT_LENGTH: a hand-typed mention tag becomes the mention's name, which may be longer).
@_cdecl("mc_draft_normalize_markdown")
public func mc_draft_normalize_markdown(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        try withDraft(draft) { s throws(ComposerError) in _ = try s.composer.editor.normalizeMarkdownWithinLimits() }
    }
}

/// Renders wire markdown as plain text for notifications and reply previews: formatting dropped,
/// mentions as "@Name" (names from `mentions_json`, else the uid), cut after `max_graphemes`
/// grapheme clusters with an ellipsis (U+2026, one character) appended when longer (a negative
/// value means no limit). The caller frees `*out_text` with mc_string_free.
/// Errors: MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_JSON, MC_ERR_INVALID_ARGUMENT,
/// MC_ERR_LIMIT_EXCEEDED (a string longer than MC_MAX_INPUT_BYTES, or mentions_json nested deeper
/// than MC_MAX_JSON_DEPTH).
@_cdecl("mc_markdown_to_plain_text")
public func mc_markdown_to_plain_text(_ markdown: UnsafePointer<CChar>?, _ mentions_json: UnsafePointer<CChar>?, _ max_graphemes: Int64,
                                      _ out_text: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function) { () throws(CAPIError) in
        let text = try CStrings.read(markdown, "markdown")
        let names = try readMentionNames(mentions_json)
        let out = try requireOut(out_text, "out_text")
        let limit = max_graphemes < 0 ? nil : Int(clamping: max_graphemes)
        out.pointee = CStrings.copy(PlainTextRenderer.render(MarkdownParser.parseFlat(text, names: names), maxGraphemes: limit))
    }
}

/// Renders wire markdown as safe HTML: every text escaped, links only with allowed schemes (a link
/// with another scheme shows its text only), colours validated, mentions as
/// <span class="mention" data-uid="...">@Name</span>.
/// The caller frees `*out_html` with mc_string_free.
/// Errors: MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_JSON, MC_ERR_INVALID_ARGUMENT,
/// MC_ERR_LIMIT_EXCEEDED (a string longer than MC_MAX_INPUT_BYTES, or mentions_json nested deeper
/// than MC_MAX_JSON_DEPTH).
@_cdecl("mc_markdown_to_html")
public func mc_markdown_to_html(_ markdown: UnsafePointer<CChar>?, _ mentions_json: UnsafePointer<CChar>?,
                                _ out_html: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function) { () throws(CAPIError) in
        let text = try CStrings.readUTF8(markdown, "markdown")
        let names = try readMentionNames(mentions_json)
        let out = try requireOut(out_html, "out_html")
        out.pointee = HTMLRenderer.renderUTF8(zeroFreeMarkdown: text, names: names) { CStrings.copy(utf8: $0) }
    }
}
