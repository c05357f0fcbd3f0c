extension OutgoingMessage {
    /// `{"type", "text", "mentions": [{"uid","name"}], "attachment_kind", "attachments":
    /// [{"id","name","mime","size","kind","remote","ref","width","height","duration","extra"}],
    /// "command", "args", "quoted_id", "edited_id", "parent_id", "sticker": {"id","url","pack"},
    /// "also_send_to_channel"}`; absent values are null, lists empty.
    public var jsonValue: JSONValue {
        func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([
            ("type", .string(kind.rawValue)),
            ("text", .string(text)),
            ("mentions", .array(mentions.map { .object([("uid", .string($0.uid)), ("name", .string($0.name))]) })),
            ("attachment_kind", string(attachmentKind?.name)),
            ("attachments", .array(attachments.map { a in
                var remote: String?
                if case .uploaded(let r) = a.state { remote = r }
                return .object([("id", .integer(Int64(truncatingIfNeeded: a.id))), ("name", .string(a.name)),
                                ("mime", .string(a.mimeType)), ("size", .integer(a.size)), ("kind", .string(a.kind.name)),
                                ("remote", string(remote)), ("ref", .string(a.hostReference))] + a.metadata.jsonMembers)
            })),
            ("command", string(command?.name)),
            ("args", string(command?.args)),
            ("quoted_id", string(quotedID)),
            ("edited_id", string(editedID)),
            ("parent_id", string(parentID)),
            ("sticker", sticker.map { .object([("id", .string($0.id)), ("url", .string($0.url)), ("pack", string($0.pack))]) } ?? .null),
            ("also_send_to_channel", .bool(alsoSendToChannel)),
        ])
    }
}
