extension UIState: JSONLayout {
    /// The JSON schema `mc_draft_ui_state` returns (README "UI state"): every key always present,
    /// `null` when there is nothing.
    public var json: String { jsonText.string }

    /// `json` as the bytes it is written into, key by key.
    public var jsonText: JSONText { JSONText(self, capacity: 512 + 200 * tray.tiles.count) }

    func writeJSON(into out: inout ByteBuffer) {
        out.append("{\"can_send\":")
        out.jsonBool(sendBlocker == nil)
        out.append(",\"send_blocked\":")
        if let sendBlocker {
            out.append("{\"reason\":")
            out.jsonString(sendBlocker.name)
            out.append(",\"message\":")
            out.jsonString(sendBlocker.message)
            out.append(UInt8(ascii: "}"))
        } else {
            out.append("null")
        }
        out.append(",\"mode\":")
        mode.writeJSON(into: &out)
        out.append(",\"thread_parent_id\":")
        out.jsonString(threadParentID)
        out.append(",\"also_send_to_channel\":")
        out.jsonBool(alsoSendToChannel)
        out.append(",\"selection\":")
        out.jsonSelection(selection)
        out.append(",\"active_formats\":")
        activeFormats.writeJSON(into: &out)
        out.append(",\"tray\":")
        tray.writeJSON(into: &out)
        out.append(",\"attachments_available\":")
        out.jsonBool(canAttach)
        out.append(",\"mic_available\":")
        out.jsonBool(canRecordVoice)
        out.append(",\"sticker_available\":")
        out.jsonBool(canSendSticker)
        out.append(",\"info_banner\":")
        out.jsonString(infoBanner)
        out.append(",\"mention_query\":")
        ComposerQuery.writeJSON(mentionQuery, into: &out)
        out.append(",\"command_query\":")
        ComposerQuery.writeJSON(commandQuery, into: &out)
        out.append(",\"command\":")
        Composer.writeCommand(command, into: &out)
        out.append(",\"cooldown_remaining_ms\":")
        out.jsonInteger(cooldownRemaining)
        out.append(",\"length\":")
        out.jsonInteger(length)
        out.append(",\"max_length\":")
        if let maxLength { out.jsonInteger(maxLength) } else { out.append("null") }
        out.append(",\"typing\":")
        out.jsonBool(isTyping)
        out.append(",\"can_undo\":")
        out.jsonBool(canUndo)
        out.append(",\"can_redo\":")
        out.jsonBool(canRedo)
        out.append(UInt8(ascii: "}"))
    }
}

extension ComposerMode {
    /// The mode's JSON: `{"kind"}`, with `"message_id", "media"` for an edit and `"message_id"`
    /// and the preview for a reply. The UI state and the mode event nest the preview
    /// (`"preview": {"sender", "snippet"}`); a snapshot (`Composer+Snapshot.swift`, version 1)
    /// keeps `"sender", "snippet"` beside the id (`previewNested: false`).
    func writeJSON(into out: inout ByteBuffer, previewNested: Bool = true) {
        switch self {
        case .new: out.append("{\"kind\":\"new\"}")
        case .edit(let id, let isMedia):
            out.append("{\"kind\":\"edit\",\"message_id\":")
            out.jsonString(id)
            out.append(",\"media\":")
            out.jsonBool(isMedia)
            out.append(UInt8(ascii: "}"))
        case .reply(let id, let preview):
            out.append("{\"kind\":\"reply\",\"message_id\":")
            out.jsonString(id)
            out.append(previewNested ? ",\"preview\":{\"sender\":" : ",\"sender\":")
            out.jsonString(preview.sender)
            out.append(",\"snippet\":")
            out.jsonString(preview.snippet)
            out.append(previewNested ? "}}" : "}")
        }
    }
}
