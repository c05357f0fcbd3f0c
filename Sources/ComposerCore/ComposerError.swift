/// Every way an engine call can refuse its input. Each case carries the facts a caller needs;
/// the C layer maps cases to status codes in exactly one place.
public enum ComposerError: Error, Equatable, Sendable {
    /// A malformed or ill-typed argument (config, document, option).
    case invalidArgument(String)
    /// Text that is not valid JSON.
    case invalidJSON(String)
    /// Bytes that are not valid UTF-8.
    case invalidUTF8
    /// An offset or range outside `0...length`, or one that splits a code unit sequence.
    case outOfRange(String)
    /// A link whose scheme is not allowed (`javascript:` and the like) or that is malformed.
    case unsafeLink(String)
    /// A colour that is not an opaque `#rgb` / `#rrggbb`.
    case invalidColor(String)
    /// The operation is valid in general but not in the draft's current state or configuration.
    case notAllowed(String)
    /// A configured limit would be exceeded.
    case limitExceeded(String)

    /// A human-readable message, as `mc_last_error()` reports it.
    public var message: String {
        switch self {
        case .invalidArgument(let m): return m
        case .invalidJSON(let m): return "invalid JSON: \(m)"
        case .invalidUTF8: return "invalid UTF-8 in string argument"
        case .outOfRange(let m): return m
        case .unsafeLink(let m): return m
        case .invalidColor(let m): return m
        case .notAllowed(let m): return m
        case .limitExceeded(let m): return m
        }
    }
}
