/// A file the user picked, pasted or captured, as the host describes it when staging.
public struct PickedFile: Equatable, Sendable {
    /// The display name; its extension is the kind fallback when the MIME type says nothing.
    public var name: String
    /// The MIME type as the platform reports it; may be empty or `application/octet-stream`.
    public var mimeType: String
    /// The size in bytes; must not be negative.
    public var size: Int64
    /// Opaque to the engine: whatever lets the host find the file again (a path, a URI, a handle).
    public var hostReference: String
    /// Width, height, duration and the host's own object, handed back on send.
    public var metadata: MediaMetadata

    public init(name: String, mimeType: String, size: Int64, hostReference: String = "", metadata: MediaMetadata = MediaMetadata()) {
        self.name = name
        self.mimeType = mimeType
        self.size = size
        self.hostReference = hostReference
        self.metadata = metadata
    }
}
