/// A parsed JSON value. Objects keep their keys in source order so that error messages and
/// unknown-key checks can name what the caller wrote.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// Integers that fit in `Int64` stay exact; everything else is a `Double`.
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// How many levels of arrays and objects the value nests (a scalar: 0). Recursive: a parsed
    /// value nests at most `Limits.maxJSONDepth` levels.
    public var depth: Int {
        switch self {
        case .array(let items): return 1 + items.reduce(0) { max($0, $1.depth) }
        case .object(let members): return 1 + members.reduce(0) { max($0, $1.value.depth) }
        case .null, .bool, .integer, .double, .string: return 0
        }
    }

    /// The JSON type name, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
