extension UIState {
    /// The JSON schema `mc_draft_ui_state` returns (README "UI state").
    public var jsonValue: JSONValue {
        func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([
            ("can_send", .bool(sendBlocker == nil)),
            ("send_blocked", sendBlocker.map { .object([("reason", .string($0.name)), ("message", .string($0.message))]) } ?? .null),
            ("mode", mode.uiJSONValue),
            ("thread_parent_id", string(threadParentID)),
            ("also_send_to_channel", .bool(alsoSendToChannel)),
            ("selection", .array([.integer(Int64(selection.anchor)), .integer(Int64(selection.focus))])),
            ("active_formats", activeFormats.jsonValue),
            ("tray", tray.jsonValue),
            ("attachments_available", .bool(canAttach)),
            ("mic_available", .bool(canRecordVoice)),
            ("sticker_available", .bool(canSendSticker)),
            ("info_banner", string(infoBanner)),
            ("mention_query", mentionQuery?.jsonValue ?? .null),
            ("command_query", commandQuery?.jsonValue ?? .null),
            ("command", Composer.commandValue(command)),
            ("cooldown_remaining_ms", .integer(cooldownRemaining)),
            ("length", .integer(Int64(length))),
            ("max_length", maxLength.map { .integer(Int64($0)) } ?? .null),
            ("typing", .bool(isTyping)),
            ("can_undo", .bool(canUndo)),
            ("can_redo", .bool(canRedo)),
        ])
    }
}

extension ComposerMode {
    /// The mode as the UI state and the mode event show it.
    public var uiJSONValue: JSONValue {
        switch self {
        case .new: return .object([("kind", .string("new"))])
        case .edit(let id, let isMedia):
            return .object([("kind", .string("edit")), ("message_id", .string(id)), ("media", .bool(isMedia))])
        case .reply(let id, let preview):
            return .object([("kind", .string("reply")), ("message_id", .string(id)),
                            ("preview", .object([("sender", .string(preview.sender)), ("snippet", .string(preview.snippet))]))])
        }
    }
}

