/// What the host knows about a picked file's media, handed back on the outgoing message
/// (README "Outgoing messages"): pixel size, play time, and a JSON object of its own (a blurhash,
/// a thumbnail URL, EXIF fields) that the engine never reads. Every part is optional.
public struct MediaMetadata: Equatable, Sendable {
    /// Pixels, at least 1.
    public var width: Int64?
    public var height: Int64?
    /// Seconds (a finite number, at least 0).
    public var duration: Double?
    /// A host-defined JSON object, kept as given.
    public var extra: JSONValue?

    public init(width: Int64? = nil, height: Int64? = nil, duration: Double? = nil, extra: JSONValue? = nil) {
        self.width = width
        self.height = height
        self.duration = duration
        self.extra = extra
    }

    /// The largest width or height accepted.
    public static let maxDimension: Int64 = 1_000_000

    /// The deepest `extra` a pick may stage, in levels of arrays and objects. A snapshot writes a
    /// tile's `extra` five levels down (an edit's put-aside draft, its tray, its tiles, the tile),
    /// so any tray's snapshot stays within `Limits.maxJSONDepth` and can be restored.
    public static let maxExtraDepth = 64
}
