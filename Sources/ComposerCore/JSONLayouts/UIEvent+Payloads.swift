extension UIEvent {
    /// The event a refused call gives the listener: `{"function", "status", "message"}`.
    public static func refusal(function: String, status: Int32, message: String) -> UIEvent {
        var out = ByteBuffer(capacity: 64 + message.utf8.count)
        out.append("{\"function\":")
        out.jsonString(function)
        out.append(",\"status\":")
        out.jsonInteger(Int(status))
        out.append(",\"message\":")
        out.jsonString(message)
        out.append(UInt8(ascii: "}"))
        return UIEvent(kind: .error, payload: JSONText(out).string)
    }
}
