import ComposerCore

/// The C status codes. Values are part of the ABI: never renumber, only add.
public enum MCStatus: Int32, CaseIterable, Sendable {
    case ok = 0
    case invalidArgument = -1
    case nullArgument = -2
    case invalidHandle = -3
    case invalidUTF8 = -4
    case invalidJSON = -5
    case outOfRange = -6
    case unsafeLink = -7
    case invalidColor = -8
    case notAllowed = -9
    case limitExceeded = -10

    /// The constant's name, e.g. "MC_ERR_INVALID_HANDLE": in static storage, NUL-terminated, so
    /// `mc_status_name` can hand it to C as it is.
    public var staticName: StaticString {
        switch self {
        case .ok: return "MC_OK"
        case .invalidArgument: return "MC_ERR_INVALID_ARGUMENT"
        case .nullArgument: return "MC_ERR_NULL_ARGUMENT"
        case .invalidHandle: return "MC_ERR_INVALID_HANDLE"
        case .invalidUTF8: return "MC_ERR_INVALID_UTF8"
        case .invalidJSON: return "MC_ERR_INVALID_JSON"
        case .outOfRange: return "MC_ERR_OUT_OF_RANGE"
        case .unsafeLink: return "MC_ERR_UNSAFE_LINK"
        case .invalidColor: return "MC_ERR_INVALID_COLOR"
        case .notAllowed: return "MC_ERR_NOT_ALLOWED"
        case .limitExceeded: return "MC_ERR_LIMIT_EXCEEDED"
        }
    }

    public var cName: String { staticName.description }

    public var doc: String {
        switch self {
        case .ok: return "Success."
        case .invalidArgument: return "An argument is malformed or ill-typed (config, document, option)."
        case .nullArgument: return "A required pointer argument is NULL."
        case .invalidHandle: return "The mc_draft pointer is NULL, freed or was never issued."
        case .invalidUTF8: return "A string argument is not valid UTF-8 (or holds U+0000)."
        case .invalidJSON: return "A JSON argument does not parse."
        case .outOfRange: return "An offset or range lies outside the text or inside a character."
        case .unsafeLink: return "A link URL has a refused scheme or is malformed."
        case .invalidColor: return "A colour is not an opaque #rgb / #rrggbb."
        case .notAllowed: return "The operation is not allowed in the draft's state or configuration."
        case .limitExceeded: return "A limit would be exceeded: mention_limit, or a size limit (MC_MAX_*)."
        }
    }

    /// The one place engine errors become C status codes.
    init(_ error: ComposerError) {
        switch error {
        case .invalidArgument: self = .invalidArgument
        case .invalidJSON: self = .invalidJSON
        case .invalidUTF8: self = .invalidUTF8
        case .outOfRange: self = .outOfRange
        case .unsafeLink: self = .unsafeLink
        case .invalidColor: self = .invalidColor
        case .notAllowed: self = .notAllowed
        case .limitExceeded: self = .limitExceeded
        }
    }
}

/// Offset units for `mc_convert_offset` and `mc_draft_convert_offset`.
extension TextUnit {
    public var cName: String {
        switch self {
        case .scalar: return "MC_UNIT_SCALAR"
        case .utf16: return "MC_UNIT_UTF16"
        case .utf8: return "MC_UNIT_UTF8"
        }
    }

    public var doc: String {
        switch self {
        case .scalar: return "Unicode scalar values (code points): the unit of every offset in this API."
        case .utf16: return "UTF-16 code units."
        case .utf8: return "UTF-8 bytes."
        }
    }
}

/// The library version; `MC_ABI_VERSION` is the SONAME's major number.
public enum LibraryVersion {
    public static let major = 0
    public static let minor = 2
    public static let patch = 0
    public static let abi = 1
    public static var string: String { "\(major).\(minor).\(patch)" }
}
