import ComposerCore

/// The C numbering of upload events for mc_draft_upload_event (never renumbered).
public enum MCUploadEvent: Int32, CaseIterable, Sendable {
    case start = 0, progress, complete, fail, retry, reject

    public var cName: String {
        switch self {
        case .start: return "MC_UPLOAD_START"
        case .progress: return "MC_UPLOAD_PROGRESS"
        case .complete: return "MC_UPLOAD_COMPLETE"
        case .fail: return "MC_UPLOAD_FAIL"
        case .retry: return "MC_UPLOAD_RETRY"
        case .reject: return "MC_UPLOAD_REJECT"
        }
    }

    public var doc: String {
        switch self {
        case .start: return "queued -> uploading(0)."
        case .progress: return "queued or uploading(p) -> uploading(progress), progress in [0, 1] and never backwards."
        case .complete: return "uploading -> uploaded; value = the remote reference."
        case .fail: return "uploading -> failed (retryable); value = the message."
        case .retry: return "failed -> queued."
        case .reject: return "any -> error (not retryable); value = the message, NULL for \"This file type isn't allowed.\"."
        }
    }
}

/// Reads the picked files JSON (the layout is the engine's: `PickedFile.list(fromJSON:)`).
private func readFiles(_ json: UnsafePointer<CChar>?) throws(CAPIError) -> [PickedFile] {
    let text = try CStrings.read(json, "files_json")
    return try engine { () throws(ComposerError) in try PickedFile.list(fromJSON: text) }
}

/// Stages picked or pasted files, given as JSON [{"name", "mime", "size", "ref", "width",
/// "height", "duration", "extra"}] ("ref": an opaque host reference handed back on send; the
/// optional media metadata, pixels, seconds and a host-defined JSON object, goes out on the
/// message too). Picks beyond the files-per-message limit are dropped and raise the info banner
/// "You can attach up to N files."; a file over the size limit stages as the non-retryable error
/// tile "File exceeds 100 MB." (the limit in MB, KB under 1 MB, bytes under 1 KB); a type outside
/// allowed_types as "This file type isn't allowed.".
/// Stores {"staged": [ids], "dropped": n, "notice": str or null, "messages": [messages]} in
/// `*out_result_json` (NULL allowed: then nothing is returned).
/// With multiple_attachments off (legacy) there is no tray: the pick's first file goes out at once
/// as its own media message, in "messages" (as in mc_draft_send; not uploaded yet: "remote" null,
/// the host uploads "ref"), respecting and starting slow mode; further files are dropped
/// ("You can attach up to 1 file."); a file over the size limit or of a refused type is refused.
/// `out_result_json` must not be NULL then.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_JSON,
/// MC_ERR_INVALID_ARGUMENT, MC_ERR_NOT_ALLOWED (editing, a command is set; legacy: files left in
/// the tray, a refused type, slow mode), MC_ERR_LIMIT_EXCEEDED (files_json longer than
/// MC_MAX_INPUT_BYTES or nested deeper than MC_MAX_JSON_DEPTH, or ids exhausted; legacy: the file
/// is too large).
@_cdecl("mc_draft_stage_files")
public func mc_draft_stage_files(_ draft: OpaquePointer?, _ files_json: UnsafePointer<CChar>?,
                                 _ out_result_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let files = try readFiles(files_json)
        let result = try withDraft(draft) { s throws(ComposerError) -> TrayStageResult? in
            // Legacy mode sends the pick: a NULL out-parameter would lose the message.
            if out_result_json == nil, !s.composer.config.multipleAttachments { return nil }
            return try s.composer.stage(files)
        }
        guard let result else { throw .nullArgument("out_result_json (multiple_attachments is off: the pick is sent at once)") }
        if let out = out_result_json {
            out.pointee = CStrings.copy(JSONWriter.write(result.jsonValue))
        }
    }
}

/// Reports an upload event for attachment `id` (MC_UPLOAD_*): `progress` is read for
/// MC_UPLOAD_PROGRESS, `value` for COMPLETE (remote reference), FAIL and REJECT (message; NULL for
/// REJECT means "This file type isn't allowed."). An illegal transition is refused and changes
/// nothing. Ids are never given out twice in a draft's life (snapshot and restore included): an
/// event for a retired id (its tile removed, cancelled or sent: a late event of a cancelled
/// upload) is refused with MC_ERR_NOT_ALLOWED and never lands on another tile.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_INVALID_ARGUMENT (unknown event, id never given out, NaN
/// progress, empty value), MC_ERR_NULL_ARGUMENT (value NULL for COMPLETE or FAIL),
/// MC_ERR_OUT_OF_RANGE (progress outside [0, 1]), MC_ERR_NOT_ALLOWED (illegal transition, retired
/// id), MC_ERR_INVALID_UTF8, MC_ERR_LIMIT_EXCEEDED (value longer than MC_MAX_INPUT_BYTES).
@_cdecl("mc_draft_upload_event")
public func mc_draft_upload_event(_ draft: OpaquePointer?, _ id: UInt64, _ event: Int32, _ progress: Double,
                                  _ value: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        guard let kind = MCUploadEvent(rawValue: event) else { throw .engine(.invalidArgument("unknown upload event \(event)")) }
        let text = try CStrings.readOptional(value, "value")
        func required() throws(CAPIError) -> String {
            guard let text else { throw .nullArgument("value") }
            return text
        }
        let upload: UploadEvent?
        switch kind {
        case .start: upload = .start
        case .progress: upload = .progress(progress)
        case .complete: upload = .complete(remote: try required())
        case .fail: upload = .fail(message: try required())
        case .retry: upload = .retry
        case .reject: upload = text.map { UploadEvent.reject(message: $0) }
        }
        try withDraft(draft) { s throws(ComposerError) in
            if let upload { try s.composer.applyUpload(upload, to: id) } else { try s.composer.refuseAttachmentType(id) }
        }
    }
}

/// Removes or cancels attachment `id` at any time; if it was uploading, the listener hears
/// MC_EVENT_CANCEL_UPLOAD so the host stops the upload.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_INVALID_ARGUMENT (id never given out), MC_ERR_NOT_ALLOWED
/// (retired id: already removed or sent).
@_cdecl("mc_draft_remove_attachment")
public func mc_draft_remove_attachment(_ draft: OpaquePointer?, _ id: UInt64) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        try withDraft(draft) { s throws(ComposerError) in try s.composer.removeAttachment(id) }
    }
}

/// Stores the tray's tiles as JSON in `*out_json`: [{"id", "kind", "name", "mime", "size",
/// "state", "progress", "error", "retryable", "remote"}] in tray order. The caller frees it.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_attachments")
public func mc_draft_attachments(_ draft: OpaquePointer?, _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_json, "out_json")
        out.pointee = CStrings.copy(try readDraft(draft) { $0.composer.tray.json })
    }
}

/// A recorded voice note, already uploaded (`remote`), goes out at once as its own message
/// (never staged): stores the outgoing message JSON (as in mc_draft_send) in `*out_message_json`.
/// `mime` must be an audio type ("audio/..."; "" takes the type of the name's extension). It respects
/// and starts slow mode, answers a reply being written and goes to the thread. Refused while
/// editing, with a command set or while the tray holds anything (the mic button is hidden then).
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8,
/// MC_ERR_INVALID_ARGUMENT (not audio, an empty remote, a negative size), MC_ERR_NOT_ALLOWED
/// (editing, a command set, files staged, a size over max_file_size, the slow-mode cooldown),
/// MC_ERR_LIMIT_EXCEEDED (a string longer than MC_MAX_INPUT_BYTES, or ids exhausted).
@_cdecl("mc_draft_voice_note")
public func mc_draft_voice_note(_ draft: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ mime: UnsafePointer<CChar>?, _ size: Int64,
                                _ remote: UnsafePointer<CChar>?, _ out_message_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let fileName = try CStrings.read(name, "name")
        let type = try CStrings.read(mime, "mime")
        let reference = try CStrings.read(remote, "remote")
        let out = try requireOut(out_message_json, "out_message_json")
        let message = try withDraft(draft) { s throws(ComposerError) in
            try s.composer.voiceNote(name: fileName, mimeType: type, size: size, remote: reference)
        }
        out.pointee = CStrings.copy(JSONWriter.write(message.jsonValue))
    }
}

/// A sticker the user picked (the sticker button) goes out at once as its own message: stores it
/// (as in mc_draft_send: "type": "sticker", "sticker": {"id", "url", "pack"}) in
/// `*out_message_json`. `sticker_id` and `pack` (NULL for none) are 1-256 characters without
/// control characters; `url` must be http or https (a bare host becomes https). It respects and
/// starts slow mode, answers a reply being written and goes to the thread; the text stays.
/// Refused while editing, with a command set or with stickers off ("sticker_available" in the UI
/// state says whether the button shows).
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8,
/// MC_ERR_INVALID_ARGUMENT (id or pack), MC_ERR_UNSAFE_LINK (url), MC_ERR_NOT_ALLOWED (editing, a
/// command set, stickers off, the slow-mode cooldown), MC_ERR_LIMIT_EXCEEDED (a string longer than
/// MC_MAX_INPUT_BYTES).
@_cdecl("mc_draft_send_sticker")
public func mc_draft_send_sticker(_ draft: OpaquePointer?, _ sticker_id: UnsafePointer<CChar>?, _ url: UnsafePointer<CChar>?,
                                  _ pack: UnsafePointer<CChar>?, _ out_message_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let id = try CStrings.read(sticker_id, "sticker_id")
        let link = try CStrings.read(url, "url")
        let packName = try CStrings.readOptional(pack, "pack")
        let out = try requireOut(out_message_json, "out_message_json")
        let message = try withDraft(draft) { s throws(ComposerError) in
            try s.composer.sendSticker(Sticker(id: id, url: link, pack: packName))
        }
        out.pointee = CStrings.copy(JSONWriter.write(message.jsonValue))
    }
}
