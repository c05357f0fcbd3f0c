extension PickedFile {
    /// Reads the picked files JSON: `[{"name": str, "mime": str, "size": int, "ref": str?}]`
    /// (`mime` and `ref` optional; unknown keys refused).
    public static func list(fromJSON text: String) throws(ComposerError) -> [PickedFile] {
        guard case .array(let items) = try JSONParser.parse(text) else {
            throw .invalidArgument("files_json must be a JSON array of {\"name\", \"mime\", \"size\", \"ref\"}")
        }
        var files: [PickedFile] = []
        for (i, item) in items.enumerated() {
            var r = try JSONObjectReader(item, context: "files_json[\(i)]")
            let file = PickedFile(name: try r.requiredString("name"), mimeType: try r.string("mime") ?? "",
                                  size: try r.requiredInteger("size"), hostReference: try r.string("ref") ?? "")
            try r.finish()
            files.append(file)
        }
        return files
    }
}

extension TrayStageResult {
    /// `{"staged": [ids], "dropped": n, "notice": str or null}`.
    public var jsonValue: JSONValue {
        .object([
            ("staged", .array(staged.map { .integer(Int64(truncatingIfNeeded: $0)) })),
            ("dropped", .integer(Int64(dropped))),
            ("notice", notice.map(JSONValue.string) ?? .null),
        ])
    }
}
