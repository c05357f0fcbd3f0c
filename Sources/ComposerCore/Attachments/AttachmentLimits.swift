/// The limits the tray enforces when files are staged (README "What the engine does"). They come from the server's
/// settings through the host; changing them does not re-check tiles already staged.
public struct AttachmentLimits: Equatable, Sendable {
    /// Files per message (tiles in the tray, error tiles included); at least 1.
    public let maxFiles: Int
    /// Largest file accepted, in bytes (a file of exactly this size is accepted); at least 1.
    public let maxFileSizeBytes: Int64
    /// Lower-cased MIME types (`image/png`), `type/*` patterns or `*/*`; nil allows every type.
    public let allowedTypes: [String]?
    /// The allow-list as sets, so that a file is checked in constant time however long the list
    /// (staging many files against a long list was files x entries).
    private var allowedExact: Set<String> = []
    private var allowedTopLevel: Set<Substring> = []
    private var allowsEveryType = true

    /// The defaults: 10 files, 100 MB, every type.
    public init() {
        maxFiles = 10
        maxFileSizeBytes = 100 * 1024 * 1024
        allowedTypes = nil
    }

    /// Validated limits.
    /// - Throws: `.invalidArgument` for a count or size below 1, or an allow-list entry that is not a
    ///   `type/subtype`, `type/*` or `*/*` pattern (entries are matched case-insensitively).
    public init(maxFiles: Int, maxFileSizeBytes: Int64, allowedTypes: [String]? = nil) throws(ComposerError) {
        guard maxFiles >= 1 else { throw .invalidArgument("attachment limits: max files must be at least 1, not \(maxFiles)") }
        guard maxFileSizeBytes >= 1 else {
            throw .invalidArgument("attachment limits: max file size must be at least 1 byte, not \(maxFileSizeBytes)")
        }
        var patterns: [String]? = nil
        if let allowedTypes {
            var checked: [String] = []
            for entry in allowedTypes {
                checked.append(try AttachmentLimits.pattern(entry))
            }
            patterns = checked
        }
        self.maxFiles = maxFiles
        self.maxFileSizeBytes = maxFileSizeBytes
        self.allowedTypes = patterns
        if let patterns {
            allowsEveryType = patterns.contains("*/*")
            for pattern in patterns {
                if pattern.hasSuffix("/*") { allowedTopLevel.insert(pattern.dropLast(2)) } else { allowedExact.insert(pattern) }
            }
        }
    }

    /// The limits of a draft configuration (`max_files`, `max_file_size`, `allowed_types`).
    public init(config: DraftConfig) throws(ComposerError) {
        try self.init(maxFiles: config.maxFiles, maxFileSizeBytes: config.maxFileSizeBytes, allowedTypes: config.allowedTypes)
    }

    /// Whether the allow-list admits a MIME type (always, when there is no allow-list).
    public func allows(mimeType: String) -> Bool {
        guard !allowsEveryType else { return true }
        let mime = _FileTypes.normalize(mimeType)
        let top = _FileTypes.topLevelType(of: mime)
        return allowedExact.contains(mime) || (!top.isEmpty && allowedTopLevel.contains(Substring(top)))
    }

    /// The size limit in whole megabytes (MiB, rounded down) as the error tile states it.
    public var maxFileSizeMB: Int64 { maxFileSizeBytes / (1024 * 1024) }

    private static func pattern(_ entry: String) throws(ComposerError) -> String {
        let p = entry.lowercased()
        let parts = p.split(separator: "/", omittingEmptySubsequences: false)
        let token: (Substring) -> Bool = { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { s in
                s.value > 0x20 && s.value < 0x7F && !"()<>@,;:\\\"/[]?={}*".unicodeScalars.contains(s)
            }
        }
        guard parts.count == 2 else { throw badPattern(entry) }
        let (type, sub) = (parts[0], parts[1])
        if type == "*" {
            guard sub == "*" else { throw badPattern(entry) }
        } else {
            guard token(type), sub == "*" || token(sub) else { throw badPattern(entry) }
        }
        return p
    }

    private static func badPattern(_ entry: String) -> ComposerError {
        .invalidArgument("attachment limits: allowed type \"\(entry)\" is not a MIME type, a type/* pattern or */*")
    }
}
