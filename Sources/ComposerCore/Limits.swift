/// The engine's hard size limits (docs/limits.md). Past them a call is refused with
/// `ComposerError.limitExceeded` and changes nothing; below them every input is handled in time
/// and memory linear in its size. Unlike the configured `max_length` (a message that is too long
/// cannot be sent, but can still be edited), these bound what a draft and an argument can hold at
/// all.
public enum Limits {
    /// The longest text a draft holds, in Unicode scalars (2 Mi). An edit, load or restore that
    /// would make the text longer is refused.
    public static let maxTextLength = 2_097_152

    /// The largest string argument, in UTF-8 bytes (32 MiB): text, markdown, JSON and ids alike.
    /// Checked before the bytes are validated or copied.
    public static let maxInputBytes = 33_554_432

    /// The deepest JSON accepted: arrays and objects nested at most this many levels (the
    /// outermost one is level 1). Deeper input is refused while parsing, before any recursion
    /// could approach the stack's end.
    public static let maxJSONDepth = 128

    /// Refuses a text of `length` scalars longer than `maxTextLength`; `what` names it in the
    /// message ("the text would be 2097153 characters long; the limit is 2097152").
    public static func checkTextLength(_ length: Int, _ what: String = "the text") throws(ComposerError) {
        guard length <= maxTextLength else {
            throw .limitExceeded("\(what) would be \(length) characters long; the limit is \(maxTextLength)")
        }
    }

    /// Refuses a string argument of `byteCount` bytes larger than `maxInputBytes`; `name` is the
    /// argument's name. Not generic: the C layer checks every string argument, and the generic
    /// comparison cost some 170 instructions a call (a chat message's parse is a few thousand).
    public static func checkInput(byteCount: UInt, _ name: String) throws(ComposerError) {
        guard byteCount <= UInt(maxInputBytes) else {
            throw .limitExceeded("\(name) is \(byteCount) bytes long; the limit is \(maxInputBytes)")
        }
    }
}
