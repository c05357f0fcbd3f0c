extension UIEvent {
    /// The event a refused call gives the listener: `{"function", "status", "message"}`.
    public static func refusal(function: String, status: Int32, message: String) -> UIEvent {
        UIEvent(kind: .error, payload: JSONWriter.write(.object([
            ("function", .string(function)),
            ("status", .integer(Int64(status))),
            ("message", .string(message)),
        ])))
    }
}
