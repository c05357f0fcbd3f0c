import ComposerCore

/// Creates a draft. `config_json` is a JSON object of options (NULL or "{}" for the defaults):
/// rich_text, mentions, mention_limit, max_length, trim, typing_events, multiple_attachments,
/// max_files, max_file_size, allowed_types, undo_depth, slow_mode_seconds, commands, stickers
/// (see README; mc_draft_update_config changes them later). Unknown keys and wrong types are
/// refused. On success `*out_draft` receives a handle that the caller frees with mc_draft_free;
/// on failure `*out_draft` is set to NULL (when out_draft is not NULL).
/// Errors: MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_JSON, MC_ERR_INVALID_ARGUMENT,
/// MC_ERR_LIMIT_EXCEEDED (config_json longer than MC_MAX_INPUT_BYTES or nested deeper than
/// MC_MAX_JSON_DEPTH, or too many live drafts).
@_cdecl("mc_draft_new")
public func mc_draft_new(_ config_json: UnsafePointer<CChar>?, _ out_draft: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    boundary(#function) { () throws(CAPIError) in
        let out = try requireOut(out_draft, "out_draft")
        out.pointee = nil
        let json = try CStrings.readOptional(config_json, "config_json")
        let config = try engine { () throws(ComposerError) in try DraftConfig(json: json) }
        out.pointee = try HandleTable.insert(DraftState(composer: Composer(config: config)))
    }
}

/// Frees a draft. NULL does nothing; a freed (double free) or forged handle is refused without
/// effect and recorded in mc_last_error(). After this call the handle is invalid for every function.
@_cdecl("mc_draft_free")
public func mc_draft_free(_ draft: OpaquePointer?) {
    guard draft != nil else { return }
    _ = boundary(#function, draft) { () throws(CAPIError) in try HandleTable.remove(draft) }
}

/// Stores the draft's effective configuration (every option, defaults filled in) as a JSON object
/// in `*out_json`; the caller frees it with mc_string_free.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_config")
public func mc_draft_config(_ draft: OpaquePointer?, _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let json = try readDraft(draft) { JSONWriter.write($0.composer.config.jsonValue) }
        try storeString(json, out_json, "out_json")
    }
}

/// Updates the configuration of a live draft (limits and switches the server sends at run time):
/// `config_json` is a JSON object of any of mc_draft_new's options, and only those change. The
/// whole result is validated first; on any error nothing changes. Staged tiles are checked
/// against the new limits (a type no longer allowed or a file now too large becomes an error tile,
/// its running upload gets MC_EVENT_CANCEL_UPLOAD; a tray over a lowered max_files keeps its
/// tiles, raises the banner and is not sendable, reason "too_many_files", until enough are
/// removed); a new slow_mode_seconds applies to a running cooldown; typing events switched off
/// stop typing; commands switched off drop a set command; undo keeps at most undo_depth steps.
/// The listener hears what they changed and MC_EVENT_CONFIG with the changed options, in the
/// fixed order of docs/events.md.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_JSON,
/// MC_ERR_INVALID_ARGUMENT (not an object, unknown key, wrong type, value out of range),
/// MC_ERR_LIMIT_EXCEEDED (config_json longer than MC_MAX_INPUT_BYTES or nested deeper than
/// MC_MAX_JSON_DEPTH).
@_cdecl("mc_draft_update_config")
public func mc_draft_update_config(_ draft: OpaquePointer?, _ config_json: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let json = try CStrings.read(config_json, "config_json")
        try withDraft(draft) { s throws(ComposerError) in try s.composer.updateConfig(json: json) }
    }
}
