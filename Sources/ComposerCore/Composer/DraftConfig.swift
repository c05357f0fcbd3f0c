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

    /// Slash commands: the command query and `setCommand` (off: `/` is plain text).
    public var commandsEnabled = true
    /// The sticker button (`sendSticker`); the UI state says whether it shows.
    public var stickersEnabled = true

    public init() {}

    public static let keys = ["rich_text", "mentions", "mention_limit", "max_length", "trim", "typing_events",
                              "multiple_attachments", "max_files", "max_file_size", "allowed_types", "undo_depth", "slow_mode_seconds",
                              "commands", "stickers"]

    /// The configuration of `mc_draft_new`: the defaults with the keys of `json` (nil for none).
    public init(json: String?) throws(ComposerError) {
        self.init()
        guard let json else { return }
        self = try updating(json: json)
    }

    /// This configuration with the keys of `json`, a JSON object of any of `keys` (a live update
    /// gives only what changes). The result is validated whole: an unknown key, a wrong type or a
    /// value out of range anywhere throws, and nothing is taken.
    public func updating(json: String) throws(ComposerError) -> DraftConfig {
        var c = self
        var r = try JSONObjectReader(try JSONParser.parse(json), context: "config")
        if let v = try r.bool("rich_text") { c.richText = v }
        if let v = try r.bool("mentions") { c.mentionsEnabled = v }
        if let v = try r.integer("mention_limit") { c.mentionLimit = try DraftConfig.count(v, "mention_limit", min: 0) }
        if let v = r.value("max_length") {
            switch v {
            case .null: c.maxLength = nil
            case .integer(let i): c.maxLength = try DraftConfig.count(i, "max_length", min: 1)
            default: throw .invalidArgument("config: \"max_length\" must be an integer or null, not \(v.typeName)")
            }
        }
        if let v = try r.bool("trim") { c.trimOnSend = v }
        if let v = try r.bool("typing_events") { c.typingEvents = v }
        if let v = try r.bool("multiple_attachments") { c.multipleAttachments = v }
        if let v = try r.integer("max_files") { c.maxFiles = try DraftConfig.count(v, "max_files", min: 1) }
        if let v = try r.integer("max_file_size") {
            guard v >= 1 else { throw .invalidArgument("config: \"max_file_size\" must be at least 1") }
            c.maxFileSizeBytes = v
        }
        if let v = r.value("allowed_types") {
            switch v {
            case .null: c.allowedTypes = nil
            case .array(let items):
                var types: [String] = []
                for item in items {
                    guard case .string(let s) = item, !s.isEmpty, !s.unicodeScalars.contains("\u{0}") else {
                        throw .invalidArgument("config: \"allowed_types\" must be an array of non-empty strings")
                    }
                    types.append(s.lowercased())
                }
                c.allowedTypes = types
            default: throw .invalidArgument("config: \"allowed_types\" must be an array or null, not \(v.typeName)")
            }
        }
        if let v = try r.integer("undo_depth") { c.undoDepth = try DraftConfig.count(v, "undo_depth", min: 0) }
        if let v = try r.integer("slow_mode_seconds") { c.slowModeSeconds = try DraftConfig.count(v, "slow_mode_seconds", min: 0) }
        if let v = try r.bool("commands") { c.commandsEnabled = v }
        if let v = try r.bool("stickers") { c.stickersEnabled = v }
        try r.finish()
        _ = try AttachmentLimits(config: c)
        return c
    }

    private static func count(_ value: Int64, _ key: String, min: Int) throws(ComposerError) -> Int {
        guard value >= Int64(min), value <= 1_000_000_000 else {
            throw .invalidArgument("config: \"\(key)\" must be between \(min) and 1000000000, not \(value)")
        }
        return Int(value)
    }

    /// The options whose values differ between `old` and this configuration, with their values
    /// here, in `keys` order (the payload of the configuration event).
    public func changes(from old: DraftConfig) -> JSONValue {
        guard case .object(let mine) = jsonValue, case .object(let theirs) = old.jsonValue else { return .object([]) }
        return .object(zip(mine, theirs).filter { $0.0.value != $0.1.value }.map(\.0))
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
            ("commands", .bool(commandsEnabled)),
            ("stickers", .bool(stickersEnabled)),
        ])
    }
}
