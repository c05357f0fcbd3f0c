extension MentionRange {
    /// `[{"start", "end", "uid", "name"}]`, one per mention in text order (`mc_draft_mentions`).
    public static func json(_ mentions: [MentionRange]) -> JSONText {
        var out = ByteBuffer(capacity: 2 + 64 * mentions.count)
        out.append(UInt8(ascii: "["))
        for (i, m) in mentions.enumerated() {
            out.append(i == 0 ? "{\"start\":" : ",{\"start\":")
            out.jsonInteger(m.start)
            out.append(",\"end\":")
            out.jsonInteger(m.end)
            out.append(",\"uid\":")
            out.jsonString(m.uid)
            out.append(",\"name\":")
            out.jsonString(m.name)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        return JSONText(out)
    }
}

public enum MentionNames {
    /// Reads `{"uid": "name", ...}`: the display names of the uids a message mentions, each pair
    /// validated as a mention (the `mentions_json` argument of the markdown and edit functions).
    public static func read(json text: String) throws(ComposerError) -> [String: String] {
        guard case .object(let members) = try JSONParser.parse(text) else {
            throw .invalidArgument("mentions_json must be a JSON object {\"uid\": \"name\"}")
        }
        var names: [String: String] = [:]
        for member in members {
            guard case .string(let name) = member.value else {
                throw .invalidArgument("mentions_json: the name of \"\(member.key)\" must be a string")
            }
            try MentionPolicy.validate(uid: member.key, name: name)
            names[member.key] = name
        }
        return names
    }
}
