/// Every switch README "Configuration" names, with its default. Built from the config JSON given to `mc_draft_new`;
/// unknown keys and wrong types are refused.
public struct DraftConfig: Equatable, Sendable {
    /// Rich text on: formatting, line-start shortcuts, markdown typed by hand converted on send.
    public var richText = true
    public var mentionsEnabled = true
    public var mentionLimit = 10
    /// Maximum message length in Unicode scalars; nil for none.
    public var maxLength: Int? = nil
    public var trimOnSend = true
    public var typingEvents = true
    public var multipleAttachments = true
    public var maxFiles = 10
    public var maxFileSizeBytes: Int64 = 100 * 1024 * 1024
    /// MIME types or `type/*` patterns known to be allowed; nil allows all.
    public var allowedTypes: [String]? = nil
    /// Undo steps kept.
    public var undoDepth = 100
    /// Slow mode: seconds a sender waits between messages (0 = off); the cooldown runs on the
    /// host's clock.
    public var slowModeSeconds = 0

    public init() {}

    public static let keys = ["rich_text", "mentions", "mention_limit", "max_length", "trim", "typing_events",
                              "multiple_attachments", "max_files", "max_file_size", "allowed_types", "undo_depth", "slow_mode_seconds"]

    public init(json: String?) throws(ComposerError) {
        self.init()
        guard let json else { return }
        var r = try JSONObjectReader(try JSONParser.parse(json), context: "config")
        if let v = try r.bool("rich_text") { richText = v }
        if let v = try r.bool("mentions") { mentionsEnabled = v }
        if let v = try r.integer("mention_limit") { mentionLimit = try DraftConfig.count(v, "mention_limit", min: 0) }
        if let v = r.value("max_length") {
            switch v {
            case .null: maxLength = nil
            case .integer(let i): maxLength = try DraftConfig.count(i, "max_length", min: 1)
            default: throw .invalidArgument("config: \"max_length\" must be an integer or null, not \(v.typeName)")
            }
        }
        if let v = try r.bool("trim") { trimOnSend = v }
        if let v = try r.bool("typing_events") { typingEvents = v }
        if let v = try r.bool("multiple_attachments") { multipleAttachments = v }
        if let v = try r.integer("max_files") { maxFiles = try DraftConfig.count(v, "max_files", min: 1) }
        if let v = try r.integer("max_file_size") {
            guard v >= 1 else { throw .invalidArgument("config: \"max_file_size\" must be at least 1") }
            maxFileSizeBytes = v
        }
        if let v = r.value("allowed_types") {
            switch v {
            case .null: allowedTypes = nil
            case .array(let items):
                var types: [String] = []
                for item in items {
                    guard case .string(let s) = item, !s.isEmpty, !s.unicodeScalars.contains("\u{0}") else {
                        throw .invalidArgument("config: \"allowed_types\" must be an array of non-empty strings")
                    }
                    types.append(s.lowercased())
                }
                allowedTypes = types
            default: throw .invalidArgument("config: \"allowed_types\" must be an array or null, not \(v.typeName)")
            }
        }
        if let v = try r.integer("undo_depth") { undoDepth = try DraftConfig.count(v, "undo_depth", min: 0) }
        if let v = try r.integer("slow_mode_seconds") { slowModeSeconds = try DraftConfig.count(v, "slow_mode_seconds", min: 0) }
        try r.finish()
        _ = try AttachmentLimits(config: self)
    }

    private static func count(_ value: Int64, _ key: String, min: Int) throws(ComposerError) -> Int {
        guard value >= Int64(min), value <= 1_000_000_000 else {
            throw .invalidArgument("config: \"\(key)\" must be between \(min) and 1000000000, not \(value)")
        }
        return Int(value)
    }

    /// The effective configuration, as JSON (what `mc_draft_config` returns).
    public var jsonValue: JSONValue {
        .object([
            ("rich_text", .bool(richText)),
            ("mentions", .bool(mentionsEnabled)),
            ("mention_limit", .integer(Int64(mentionLimit))),
            ("max_length", maxLength.map { .integer(Int64($0)) } ?? .null),
            ("trim", .bool(trimOnSend)),
            ("typing_events", .bool(typingEvents)),
            ("multiple_attachments", .bool(multipleAttachments)),
            ("max_files", .integer(Int64(maxFiles))),
            ("max_file_size", .integer(maxFileSizeBytes)),
            ("allowed_types", allowedTypes.map { .array($0.map(JSONValue.string)) } ?? .null),
            ("undo_depth", .integer(Int64(undoDepth))),
            ("slow_mode_seconds", .integer(Int64(slowModeSeconds))),
        ])
    }
}
