extension ActiveFormats {
    /// `{"formats": [names], "link": url or null, "color": "#rrggbb" or null}` (`mc_draft_active_formats`,
    /// `MC_EVENT_FORMATS`, the UI state's "active_formats").
    public var jsonValue: JSONValue {
        .object([
            ("formats", .array(kinds.map { .string($0.name) })),
            ("link", link.map(JSONValue.string) ?? .null),
            ("color", color.map(JSONValue.string) ?? .null),
        ])
    }
}
