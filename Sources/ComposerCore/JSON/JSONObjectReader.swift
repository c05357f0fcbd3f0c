/// Reads the members of a JSON object by name, refusing wrong types, and at the end refusing
/// any key nobody asked for: a misspelt option is an error, not a silent default.
public struct JSONObjectReader {
    private let members: [(key: String, value: JSONValue)]
    private let contextName: String
    /// The element's index when the object is one of an array's (`contextName[index]`), else -1:
    /// the context is only written out when a message needs it.
    private let contextIndex: Int
    /// Per member: whether its key was asked for (flags rather than a set of keys: no hashing).
    /// The first 64 members' flags are the bits of `consumedBits` (no allocation: an object is
    /// read per span of a document); members past them, rare, have `consumedRest`.
    private var consumedBits: UInt64 = 0
    private var consumedRest: [Bool]

    /// What the messages name: `context`, or `context[index]` for an array's element.
    var context: String { contextIndex < 0 ? contextName : "\(contextName)[\(contextIndex)]" }

    public init(_ value: JSONValue, context: String) throws(ComposerError) {
        try self.init(value, contextName: context, contextIndex: -1)
    }

    /// The reader of element `index` of array `context`: its messages say `context[index]`.
    public init(_ value: JSONValue, context: String, index: Int) throws(ComposerError) {
        try self.init(value, contextName: context, contextIndex: max(index, 0))
    }

    private init(_ value: JSONValue, contextName: String, contextIndex: Int) throws(ComposerError) {
        self.contextName = contextName
        self.contextIndex = contextIndex
        guard case .object(let members) = value else {
            let context = contextIndex < 0 ? contextName : "\(contextName)[\(contextIndex)]"
            throw .invalidArgument("\(context) must be a JSON object, not \(value.typeName)")
        }
        self.members = members
        consumedRest = members.count > 64 ? Array(repeating: false, count: members.count - 64) : []
    }

    public mutating func value(_ key: String) -> JSONValue? {
        var found: JSONValue?
        for i in members.indices where members[i].key == key {
            if i < 64 { consumedBits |= 1 << UInt64(i) } else { consumedRest[i - 64] = true }
            if found == nil { found = members[i].value }
        }
        return found
    }

    private func wrongType(_ key: String, _ expected: String, _ got: JSONValue) -> ComposerError {
        .invalidArgument("\(context): \"\(key)\" must be \(expected), not \(got.typeName)")
    }

    public mutating func string(_ key: String) throws(ComposerError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw wrongType(key, "a string", v) }
        return s
    }

    public mutating func bool(_ key: String) throws(ComposerError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw wrongType(key, "a boolean", v) }
        return b
    }

    public mutating func integer(_ key: String) throws(ComposerError) -> Int64? {
        guard let v = value(key) else { return nil }
        switch v {
        case .integer(let i): return i
        case .double(let d) where d.isFinite && d.rounded() == d && !(-0x1p63..<0x1p63).contains(d):
            // A whole number the parser could not keep exact: past Int64, not a wrong type.
            throw .invalidArgument("\(context): \"\(key)\" must be an integer, not a number past the int64_t range")
        default: throw wrongType(key, "an integer", v)
        }
    }

    public mutating func array(_ key: String) throws(ComposerError) -> [JSONValue]? {
        guard let v = value(key) else { return nil }
        guard case .array(let a) = v else { throw wrongType(key, "an array", v) }
        return a
    }

    public mutating func requiredString(_ key: String) throws(ComposerError) -> String {
        guard let s = try string(key) else { throw .invalidArgument("\(context): \"\(key)\" is required") }
        return s
    }

    public mutating func requiredInteger(_ key: String) throws(ComposerError) -> Int64 {
        guard let i = try integer(key) else { throw .invalidArgument("\(context): \"\(key)\" is required") }
        return i
    }

    /// Call after reading every known key.
    public func finish() throws(ComposerError) {
        if let unknown = members.indices.first(where: { $0 < 64 ? consumedBits & (1 << UInt64($0)) == 0 : !consumedRest[$0 - 64] }) {
            throw .invalidArgument("\(context): unknown key \"\(members[unknown].key)\"")
        }
    }
}
