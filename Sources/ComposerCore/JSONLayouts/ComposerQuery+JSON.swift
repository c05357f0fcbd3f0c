extension ComposerQuery {
    /// `{"query", "start", "end"}` (the UI state's queries and their events).
    public var jsonValue: JSONValue {
        .object([("query", .string(text)), ("start", .integer(Int64(start))), ("end", .integer(Int64(end)))])
    }
}
