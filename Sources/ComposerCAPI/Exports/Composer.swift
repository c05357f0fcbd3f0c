import ComposerCore

/// Reads an optional JSON object of mention names {"uid": "name"} (the engine's `MentionNames`).
func readMentionNames(_ json: UnsafePointer<CChar>?) throws(CAPIError) -> [String: String] {
    guard let text = try CStrings.readOptional(json, "mentions_json") else { return [:] }
    return try engine { () throws(ComposerError) in try MentionNames.read(json: text) }
}

/// Stores the whole UI state as JSON in `*out_json` (README "UI state"): can_send and why not,
/// mode and reply preview, thread and also_send_to_channel, selection, active formats, tray tiles,
/// attachment, mic and sticker availability, info banner, mention and command queries, command,
/// cooldown remaining, length and limit, typing, undo/redo availability. The caller frees it with
/// mc_string_free.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_ui_state")
public func mc_draft_ui_state(_ draft: OpaquePointer?, _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_json, "out_json")
        out.pointee = CStrings.copy(try readDraft(draft) { $0.composer.uiState.jsonText })
    }
}

/// Registers `listener` (NULL removes it) to hear about changes: after each call that changes
/// something, one event per changed aspect (MC_EVENT_*) with a JSON payload, on the calling thread,
/// after the draft's lock is released (the callback may call into the draft). A batch delivers one
/// coalesced set at its outermost commit. `user_data` is passed back unchanged; the library never
/// dereferences it. The payload string is valid only during the callback. Once this call or
/// mc_draft_free has returned, the old listener hears nothing more from calls on this thread, even
/// the rest of a set it was hearing (so a callback may free the draft and its user_data); a call on
/// another thread may be inside it still, or about to enter it.
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_set_listener")
public func mc_draft_set_listener(_ draft: OpaquePointer?,
                                  _ listener: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void)?,
                                  _ user_data: UnsafeMutableRawPointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        try HandleTable.setListener(draft, listener.map { Listener(callback: $0, userData: user_data) })
    }
}

/// Advances the host's clock to `now_ms` (milliseconds, any epoch, never backwards): typing
/// stops after 5 s without edits, and the slow-mode cooldown counts down.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_OUT_OF_RANGE (the clock went backwards).
@_cdecl("mc_draft_tick")
public func mc_draft_tick(_ draft: OpaquePointer?, _ now_ms: Int64) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        try withDraft(draft) { s throws(ComposerError) in try s.composer.tick(now: now_ms) }
    }
}

/// Starts with a slow-mode cooldown: the user's last message went out at `last_message_ms` (host
/// clock, as the host knows it: before this draft existed, or from another device) and the clock
/// is now `now_ms` (as mc_draft_tick). The next new message waits slow_mode_seconds from
/// `last_message_ms` (kept for later when slow mode is off). A time after `now_ms` counts as
/// `now_ms`; one before the last message the draft knows of changes nothing.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_OUT_OF_RANGE (a negative time, a clock negative or going
/// backwards).
@_cdecl("mc_draft_start_cooldown")
public func mc_draft_start_cooldown(_ draft: OpaquePointer?, _ last_message_ms: Int64, _ now_ms: Int64) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        try withDraft(draft) { s throws(ComposerError) in try s.composer.startCooldown(lastMessageAt: last_message_ms, now: now_ms) }
    }
}

/// Dismisses the info banner (the user closed it); nothing happens without one. A banner also
/// goes by itself once its cause is gone (back under the mention limit, room in the tray).
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_dismiss_banner")
public func mc_draft_dismiss_banner(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in try withDraft(draft) { $0.composer.dismissBanner() } }
}

/// Stores whether the draft can be sent now in `*out_can_send` (the reason is in
/// mc_draft_ui_state's "send_blocked").
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_can_send")
public func mc_draft_can_send(_ draft: OpaquePointer?, _ out_can_send: UnsafeMutablePointer<Bool>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_can_send, "out_can_send")
        out.pointee = try readDraft(draft) { $0.composer.canSend }
    }
}

/// Sends at the host's time `now_ms`: stores the outgoing messages as a JSON array in
/// `*out_messages_json` (README "Outgoing messages": type text | media | command | edit, markdown
/// text, mentions, attachment kind and attachments with media metadata, command and args,
/// quoted_id, edited_id, parent_id, sticker, also_send_to_channel) and clears the draft (the
/// thread stays; an edit gives back the draft put aside). Hand-typed markdown is converted first
/// (rich text on) and whitespace trimmed (trim on). A new message starts the slow-mode cooldown
/// and resets also_send_to_channel; an edit does neither, and slow mode never holds it.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_OUT_OF_RANGE (clock backwards),
/// MC_ERR_NOT_ALLOWED (not sendable; the message says why). A refused send changes nothing.
@_cdecl("mc_draft_send")
public func mc_draft_send(_ draft: OpaquePointer?, _ now_ms: Int64, _ out_messages_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_messages_json, "out_messages_json")
        let json = try withDraft(draft) { s throws(ComposerError) in
            var copy = s.composer
            let messages = try copy.send(now: now_ms)
            s.composer = copy
            return JSONWriter.write(.array(messages.map(\.jsonValue)))
        }
        out.pointee = CStrings.copy(json)
    }
}

/// Clears text, command and attachments (running uploads get MC_EVENT_CANCEL_UPLOAD); typing
/// stops. The mode and thread stay.
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_clear")
public func mc_draft_clear(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in try withDraft(draft) { $0.composer.clear() } }
}

/// Starts editing message `message_id` whose markdown is `markdown` (mention names from
/// `mentions_json`, {"uid": "name"} or NULL); with `is_media` only the caption is edited. The
/// current draft is put aside and comes back when the edit is sent or cancelled. Attachments are
/// refused while editing.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_JSON,
/// MC_ERR_INVALID_ARGUMENT (an id empty, longer than 256 characters or with control characters; bad
/// mentions_json),
/// MC_ERR_LIMIT_EXCEEDED (a string longer than MC_MAX_INPUT_BYTES, mentions_json nested deeper than
/// MC_MAX_JSON_DEPTH, or, when editing, a message longer than MC_MAX_TEXT_LENGTH).
@_cdecl("mc_draft_begin_edit")
public func mc_draft_begin_edit(_ draft: OpaquePointer?, _ message_id: UnsafePointer<CChar>?, _ markdown: UnsafePointer<CChar>?,
                                _ mentions_json: UnsafePointer<CChar>?, _ is_media: Bool) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let id = try CStrings.read(message_id, "message_id")
        let text = try CStrings.read(markdown, "markdown")
        let names = try readMentionNames(mentions_json)
        try withDraft(draft) { s throws(ComposerError) in
            try s.composer.beginEdit(messageID: id, markdown: text, names: names, isMedia: is_media)
        }
    }
}

/// Starts a reply to message `message_id` by `sender` whose markdown is `markdown`; the preview
/// shows its plain text cut to 100 grapheme clusters. The text being written stays.
/// Errors: as mc_draft_begin_edit.
@_cdecl("mc_draft_begin_reply")
public func mc_draft_begin_reply(_ draft: OpaquePointer?, _ message_id: UnsafePointer<CChar>?, _ sender: UnsafePointer<CChar>?,
                                 _ markdown: UnsafePointer<CChar>?, _ mentions_json: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let id = try CStrings.read(message_id, "message_id")
        let name = try CStrings.read(sender, "sender")
        let text = try CStrings.read(markdown, "markdown")
        let names = try readMentionNames(mentions_json)
        try withDraft(draft) { s throws(ComposerError) in
            try s.composer.beginReply(messageID: id, sender: name, markdown: text, names: names)
        }
    }
}

/// Cancels an edit (the put-aside draft comes back) or dismisses a reply preview (back to a new
/// message, the text stays). Does nothing for a new message.
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_cancel_mode")
public func mc_draft_cancel_mode(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in try withDraft(draft) { $0.composer.cancelMode() } }
}

/// Sets the thread parent message id that every outgoing message carries (NULL clears it);
/// another thread (or none) resets also_send_to_channel. The listener hears MC_EVENT_THREAD.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_ARGUMENT (empty, longer than
/// 256 characters, or with control characters), MC_ERR_LIMIT_EXCEEDED (parent_id longer than
/// MC_MAX_INPUT_BYTES).
@_cdecl("mc_draft_set_thread")
public func mc_draft_set_thread(_ draft: OpaquePointer?, _ parent_id: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let id = try CStrings.readOptional(parent_id, "parent_id")
        try withDraft(draft) { s throws(ComposerError) in try s.composer.setThreadParent(id) }
    }
}

/// Sets whether the next new message, a thread reply, also goes to the channel (Stream's "also
/// send in channel"): it goes out as "also_send_to_channel" on that message and resets after it
/// (an edit neither carries nor resets it; another thread resets it). The listener hears
/// MC_EVENT_THREAD.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NOT_ALLOWED (turning it on without a thread parent).
@_cdecl("mc_draft_set_also_send_to_channel")
public func mc_draft_set_also_send_to_channel(_ draft: OpaquePointer?, _ enabled: Bool) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        try withDraft(draft) { s throws(ComposerError) in try s.composer.setAlsoSendToChannel(enabled) }
    }
}

/// Sets a slash command `name` (without "/") with `args` (NULL for none: "args" is then null in
/// the UI state and the outgoing message, unless text is typed after): text and attachments are
/// cleared and the draft now sends the command.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_ARGUMENT,
/// MC_ERR_NOT_ALLOWED (while editing, or with commands off), MC_ERR_LIMIT_EXCEEDED (a string longer
/// than MC_MAX_INPUT_BYTES).
@_cdecl("mc_draft_set_command")
public func mc_draft_set_command(_ draft: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ args: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let command = try CStrings.read(name, "name")
        let arguments = try CStrings.readOptional(args, "args")
        try withDraft(draft) { s throws(ComposerError) in try s.composer.setCommand(name: command, args: arguments) }
    }
}

/// Removes the command.
/// Errors: MC_ERR_INVALID_HANDLE.
@_cdecl("mc_draft_clear_command")
public func mc_draft_clear_command(_ draft: OpaquePointer?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in try withDraft(draft) { $0.composer.clearCommand() } }
}

/// Stores the whole draft as versioned JSON in `*out_json` (text, formats, selection, mode with
/// the put-aside draft, thread, command, tray with its next attachment id, last message time,
/// clock); the caller frees it.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT.
@_cdecl("mc_draft_snapshot")
public func mc_draft_snapshot(_ draft: OpaquePointer?, _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let out = try requireOut(out_json, "out_json")
        out.pointee = CStrings.copy(try readDraft(draft) { $0.composer.snapshotJSONText })
    }
}

/// Restores a snapshot from mc_draft_snapshot (its version or version 1). Uploads that were in
/// flight come back as retryable failures; the undo history starts empty; attachment ids go on
/// past every id given out, so no id comes back. An unknown version or malformed snapshot is
/// refused and nothing changes.
/// Errors: MC_ERR_INVALID_HANDLE, MC_ERR_NULL_ARGUMENT, MC_ERR_INVALID_UTF8, MC_ERR_INVALID_JSON,
/// MC_ERR_INVALID_ARGUMENT, MC_ERR_OUT_OF_RANGE, MC_ERR_UNSAFE_LINK, MC_ERR_INVALID_COLOR,
/// MC_ERR_LIMIT_EXCEEDED (snapshot_json longer than MC_MAX_INPUT_BYTES or nested deeper than
/// MC_MAX_JSON_DEPTH, or a text, the draft's or the put-aside one's, longer than MC_MAX_TEXT_LENGTH).
@_cdecl("mc_draft_restore")
public func mc_draft_restore(_ draft: OpaquePointer?, _ snapshot_json: UnsafePointer<CChar>?) -> Int32 {
    boundary(#function, draft) { () throws(CAPIError) in
        let json = try CStrings.readUTF8(snapshot_json, "snapshot_json")
        try withDraft(draft) { s throws(ComposerError) in try s.composer.restore(snapshotUTF8: json) }
    }
}
